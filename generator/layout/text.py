"""Text layout: markup, wrapping, alignment and shrink-to-fit, using injected font metrics."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, Protocol

from generator.errors import PapirnaError
from generator.layout.ops import BLACK, Color, TextOp
from generator.units import PT_PER_MM

STYLES = ("regular", "bold", "italic", "bold-italic")
ICON_EM = 1.0  # an inline icon is one em wide
STEP_PT = 0.25


class Metrics(Protocol):
    """Font measurements the text engine needs; the render layer provides them."""

    def width(self, text: str, font: str, size: float) -> float:
        """Advance width of `text` in points."""
        ...

    def ascent(self, font: str) -> float:
        """Ascent per 1pt of size, in points."""
        ...

    def descent(self, font: str) -> float:
        """Descent per 1pt of size (negative), in points."""
        ...

    def missing(self, text: str, font: str) -> str:
        """The characters of `text` that `font` has no glyph for, each once, in order."""
        ...


class TextFitError(Exception):
    """Text cannot fit its box, even at the smallest allowed size."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Token(NamedTuple):
    """A piece of parsed markup: a word, a space, an icon or a break."""

    kind: str  # 'w' word, 's' space, 'i' icon, 'br' line break, 'p' paragraph break
    text: str
    style: int  # 0 regular, 1 bold, 2 italic, 3 bold-italic


# Lines break only at ASCII spaces and tabs: a no-break space (U+00A0, U+202F) or a thin space
# belongs to its word, with its own width.
_MARK = re.compile(r"\\[*:\\]|\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n|[ \t]+|[^ \t\r\n*:\\]+|[:\\]")


def parse_markup(text: str) -> list[Token]:
    """Split text with **bold**, *italic*, :icon: and line breaks into tokens."""
    tokens: list[Token] = []
    bold = italic = False
    word = ""
    word_style = 0
    pending_newlines = 0

    def style() -> int:
        return (1 if bold else 0) + (2 if italic else 0)

    def flush() -> None:
        nonlocal word
        if word:
            tokens.append(Token("w", word, word_style))
            word = ""

    def add_piece(piece: str) -> None:
        nonlocal word, word_style
        s = style()
        if word and s != word_style:
            flush()
            tokens.append(Token("j", "", 0))  # join: no space between style changes
        if not word:
            word_style = s
        word += piece

    for m in _MARK.finditer(text):
        piece = m.group(0)
        if piece == "\n":
            flush()
            pending_newlines += 1
            continue
        if pending_newlines:
            if tokens and tokens[-1].kind not in ("br", "p"):
                tokens.append(Token("p" if pending_newlines > 1 else "br", "", 0))
            pending_newlines = 0
        if piece == "**":
            bold = not bold
        elif piece == "*":
            italic = not italic
        elif piece[0] == "\\" and len(piece) == 2:
            add_piece(piece[1])
        elif piece[0] in " \t":
            flush()
            if tokens and tokens[-1].kind not in ("s", "br", "p"):
                tokens.append(Token("s", " ", style()))
        elif len(piece) > 2 and piece[0] == ":" and piece[-1] == ":":
            flush()
            tokens.append(Token("i", piece[1:-1], style()))
        else:
            add_piece(piece)
    flush()
    while tokens and tokens[-1].kind in ("s", "br", "p", "j"):
        tokens.pop()
    # a join marker between two pieces of one word: keep it only between words
    return [t for i, t in enumerate(tokens) if t.kind != "j" or (0 < i < len(tokens) - 1)]


class _Line(NamedTuple):
    items: list[tuple[Token, float, float]]  # (token, x offset, width), all at size 1
    width: float  # at size 1
    para_gap: bool  # a paragraph break precedes this line


class TextLayout(NamedTuple):
    """A fitted text: the chosen size and its drawing operations."""

    size: float
    ops: list
    lines: int


def _fonts(family: str, base_style: str) -> list[str]:
    base = STYLES.index(base_style)
    out = []
    for s in range(4):
        combined = base | s  # bold and italic add to the box's own style
        out.append(f"{family}-{STYLES[combined]}")
    return out


def _spaces(tokens: list[Token], fonts: list[str], metrics: Metrics) -> list[float]:
    """Width of a space in each style the text uses (unused styles are not even loaded)."""
    used = {t.style for t in tokens if t.kind == "s"}
    return [metrics.width(" ", fonts[s], 1.0) if s in used else 0.0 for s in range(4)]


def _wrap(
    tokens: list[Token], widths: list[float], space: list[float], limit: float, indent: float
) -> list[_Line] | None:
    """Greedy wrap at size 1 into lines no wider than `limit`; None if a word cannot fit.

    Lines break only at spaces: a word, an icon and punctuation written together stay together.
    """
    lines: list[_Line] = []
    items: list[tuple[Token, float, float]] = []
    x = 0.0
    hang = 0.0
    para = False
    pending_space = 0.0
    start_of_para = True
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        if tok.kind == "s":
            pending_space = space[tok.style]
            i += 1
            continue
        if tok.kind == "j":
            i += 1
            continue
        if tok.kind in ("br", "p"):
            lines.append(_Line(items, x, para))
            items, x, pending_space = [], 0.0, 0.0
            para = tok.kind == "p"
            start_of_para = True
            hang = 0.0
            i += 1
            continue
        unit: list[tuple[Token, float]] = []
        while i < n and tokens[i].kind in ("w", "i", "j"):
            if tokens[i].kind != "j":
                unit.append((tokens[i], widths[i]))
            i += 1
        uw = sum(w for _, w in unit)
        if uw > limit - hang + 1e-9:
            return None
        gap = pending_space if items else 0.0
        if items and x + gap + uw > limit + 1e-9:
            lines.append(_Line(items, x, para))
            para = False
            items, x = [], hang
            gap = 0.0
        first = unit[0][0]
        if start_of_para and first.kind == "w" and first.text == "•":
            hang = uw + space[first.style]
        start_of_para = False
        for t, w in unit:
            items.append((t, x + gap, w))
            x += gap + w
            gap = 0.0
        pending_space = 0.0
    if items or not lines:
        lines.append(_Line(items, x, para))
    return lines


class GlyphError(PapirnaError):
    """Text has characters its font has no glyph for."""


def _check_glyphs(tokens: list[Token], fonts: list[str], metrics: Metrics, what: str) -> None:
    """Refuse characters the fonts cannot draw (they would print as empty boxes or nothing)."""
    lacking: dict[str, str] = {}
    for tok in tokens:
        if tok.kind == "w":
            for ch in metrics.missing(tok.text, fonts[tok.style]):
                lacking.setdefault(ch, fonts[tok.style])
    if lacking:
        shown = ", ".join(
            f"{ch!r} (U+{ord(ch):04X}, not in {font})" for ch, font in list(lacking.items())[:5]
        )
        raise GlyphError(f"{what} has characters its font cannot print: {shown}")


def layout_text(
    text: str,
    box: tuple[float, float, float, float],
    metrics: Metrics,
    *,
    family: str = "sans",
    style: str = "regular",
    size: float = 9.0,
    min_size: float | None = None,
    line_height: float = 1.2,
    align: str = "left",
    valign: str = "top",
    color: Color = BLACK,
    icon_ops: Callable[[str, float, float, float, Color], list] | None = None,
    what: str = "text",
) -> TextLayout:
    """Wrap and place `text` in `box` (x, y, w, h in mm), shrinking to fit; TextFitError if not."""
    _, _, bw, bh = box
    fonts = _fonts(family, style)
    # the fit does not depend on where the box is: the same text in the same size of box (the
    # A4 and the Letter page, a card drawn again) is wrapped once
    key = (id(metrics), text, bw, bh, family, style, size, min_size, line_height)
    cached = _FITTED.get(key)
    if cached is not None and cached[0] is metrics:
        _, chosen, lines, asc, desc = cached
    else:
        chosen, lines, asc, desc = _fit(
            text, bw, bh, metrics, fonts, size, min_size, line_height, what
        )
        if len(_FITTED) > 20000:
            _FITTED.clear()
        _FITTED[key] = (metrics, chosen, lines, asc, desc)
    return TextLayout(
        chosen,
        _place(lines, chosen, box, fonts, asc, desc, line_height, align, valign, color, icon_ops),
        len(lines),
    )


_FITTED: dict[tuple, tuple] = {}


def _fit(
    text: str,
    bw: float,
    bh: float,
    metrics: Metrics,
    fonts: list[str],
    size: float,
    min_size: float | None,
    line_height: float,
    what: str,
) -> tuple[float, list[_Line], float, float]:
    """The size text is set at in a bw x bh mm box, its lines, and the font's ascent and descent."""
    limit = bw * PT_PER_MM
    height_pt = bh * PT_PER_MM
    tokens = parse_markup(text)
    _check_glyphs(tokens, fonts, metrics, what)
    widths = []
    for tok in tokens:
        if tok.kind == "w":
            widths.append(metrics.width(tok.text, fonts[tok.style], 1.0))
        elif tok.kind == "i":
            widths.append(ICON_EM)
        else:
            widths.append(0.0)
    space = _spaces(tokens, fonts, metrics)
    asc = metrics.ascent(fonts[0])
    desc = metrics.descent(fonts[0])
    floor = min(min_size if min_size is not None else size, size)

    def attempt(s: float) -> list[_Line] | None:
        lines = _wrap(tokens, widths, space, limit / s, 0.0)
        if lines is None:
            return None
        lead = s * line_height
        paras = sum(1 for ln in lines if ln.para_gap)
        total = (len(lines) - 1) * lead + (asc - desc) * s + paras * lead * 0.5
        return lines if total <= height_pt + 1e-6 else None

    chosen = size
    lines = attempt(size)
    if lines is None:
        # Sizes from `size` down to `floor`, in quarter points; fit is monotonic in size.
        candidates = []
        s = size - STEP_PT
        while s >= floor - 1e-9:
            candidates.append(round(s, 4))
            s -= STEP_PT
        if floor not in candidates and floor < size:
            candidates.append(floor)
        lo, hi, best = 0, len(candidates) - 1, None
        while lo <= hi:
            mid = (lo + hi) // 2
            got = attempt(candidates[mid])
            if got is not None:
                best = (candidates[mid], got)
                hi = mid - 1
            else:
                lo = mid + 1
        if best is None:
            raise TextFitError(
                f"{what} does not fit its {bw:.1f}x{bh:.1f}mm box even at {floor:g}pt"
            )
        chosen, lines = best
    return chosen, lines, asc, desc


def _place(lines, s, box, fonts, asc, desc, line_height, align, valign, color, icon_ops) -> list:
    """Turn wrapped lines into text runs and icon operations."""
    x0, y0, bw, bh = box
    k = s / PT_PER_MM  # mm per unit at size 1
    lead = s * line_height / PT_PER_MM
    paras = sum(1 for ln in lines if ln.para_gap)
    total = (len(lines) - 1) * lead + (asc - desc) * k + paras * lead * 0.5
    if valign == "middle":
        top = y0 + (bh - total) / 2
    elif valign == "bottom":
        top = y0 + bh - total
    else:
        top = y0
    ops: list = []
    baseline = top + asc * k
    for i, line in enumerate(lines):
        if i:
            baseline += lead + (lead * 0.5 if line.para_gap else 0.0)
        width = line.width * k
        if align == "center":
            dx = x0 + (bw - width) / 2
        elif align == "right":
            dx = x0 + bw - width
        else:
            dx = x0
        run: list[str] = []
        run_font = ""
        run_x = run_end = 0.0
        for tok, off, w in line.items:
            if tok.kind == "i":
                if run:
                    ops.append(TextOp(dx + run_x * k, baseline, "".join(run), run_font, s, color))
                    run = []
                if icon_ops is not None:
                    ops.extend(
                        icon_ops(tok.text, dx + off * k, baseline - asc * k, ICON_EM * k, color)
                    )
                continue
            font = fonts[tok.style]
            if run and font == run_font:
                if off - run_end > 1e-9:
                    run.append(" ")
                run.append(tok.text)
            else:
                if run:
                    ops.append(TextOp(dx + run_x * k, baseline, "".join(run), run_font, s, color))
                run, run_font, run_x = [tok.text], font, off
            run_end = off + w
        if run:
            ops.append(TextOp(dx + run_x * k, baseline, "".join(run), run_font, s, color))
    return ops


class WrappedLine(NamedTuple):
    """One wrapped line: space above it (paragraph gap), its height and ops with top at y=0."""

    gap: float
    height: float
    ops: list


def wrap_lines(
    text: str,
    width: float,
    metrics: Metrics,
    *,
    family: str = "sans",
    style: str = "regular",
    size: float = 9.0,
    line_height: float = 1.2,
    align: str = "left",
    color: Color = BLACK,
    icon_ops: Callable[[str, float, float, float, Color], list] | None = None,
    what: str = "text",
) -> list[WrappedLine]:
    """Wrap `text` into lines of at most `width` mm, for flowing across columns."""
    tokens = parse_markup(text)
    fonts = _fonts(family, style)
    widths = [
        metrics.width(t.text, fonts[t.style], 1.0)
        if t.kind == "w"
        else (ICON_EM if t.kind == "i" else 0.0)
        for t in tokens
    ]
    space = _spaces(tokens, fonts, metrics)
    lines = _wrap(tokens, widths, space, width * PT_PER_MM / size, 0.0)
    if lines is None:
        raise TextFitError(f"{what}: a word is wider than the {width:.1f}mm column at {size:g}pt")
    asc, desc = metrics.ascent(fonts[0]), metrics.descent(fonts[0])
    lead = size * line_height / PT_PER_MM
    full = (asc - desc) * size / PT_PER_MM  # ascender top to descender bottom
    out = []
    for line in lines:
        ops = _place(
            [line._replace(para_gap=False)],
            size,
            (0.0, 0.0, width, lead),
            fonts,
            asc,
            desc,
            line_height,
            align,
            "top",
            color,
            icon_ops,
        )
        out.append(WrappedLine(lead * 0.5 if line.para_gap else 0.0, max(lead, full), ops))
    return out
