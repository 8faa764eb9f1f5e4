"""Font metrics from the registered fonts, for the layout layer's text engine."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics

from generator.render.fonts import ensure_font


class ReportlabMetrics:
    """Measures text with the same fonts and widths the PDF will use."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str], float] = {}
        self._asc: dict[str, float] = {}
        self._desc: dict[str, float] = {}
        self._chars: dict[str, frozenset[int] | None] = {}

    def width(self, text: str, font: str, size: float) -> float:
        """Advance width of `text` in points."""
        key = (text, font)
        w = self._cache.get(key)
        if w is None:
            ensure_font(font)
            w = pdfmetrics.stringWidth(text, font, 1.0)
            self._cache[key] = w
        return w * size

    def ascent(self, font: str) -> float:
        """Ascent per 1pt of size."""
        if font not in self._asc:
            ensure_font(font)
            self._asc[font] = pdfmetrics.getFont(font).face.ascent / 1000.0
        return self._asc[font]

    def descent(self, font: str) -> float:
        """Descent per 1pt of size (negative)."""
        if font not in self._desc:
            ensure_font(font)
            self._desc[font] = pdfmetrics.getFont(font).face.descent / 1000.0
        return self._desc[font]

    def missing(self, text: str, font: str) -> str:
        """The characters of `text` that `font` has no glyph for, each once, in order."""
        chars = self._chars.get(font, ())
        if chars == ():
            ensure_font(font)
            face = getattr(pdfmetrics.getFont(font), "face", None)
            mapping = getattr(face, "charToGlyph", None)  # TrueType fonts; others are not checked
            chars = self._chars[font] = frozenset(mapping) if mapping is not None else None
        if chars is None:
            return ""
        return "".join(dict.fromkeys(ch for ch in text if ord(ch) not in chars))
