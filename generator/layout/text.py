"""Text layout: markup, wrapping, alignment and shrink-to-fit, using injected font metrics."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from typing import NamedTuple, Protocol

from generator.errors import PapirnaError
from generator.layout.ops import BLACK, Color, TextOp
from generator.layout.typography import hyphenator, is_one_letter, typeset
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

    kind: str  # 'w' word, 's' space, 'n' bound space, 'i' icon, 'br' line break, 'p' paragraph
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


def bind_short_words(tokens: list[Token]) -> list[Token]:
    """Bind each one-letter word to the next word: its space becomes one lines never break at."""
    out = list(tokens)
    for i in range(len(out) - 2):
        t = out[i]
        if (
            t.kind == "w"
            and out[i + 1].kind == "s"
            and out[i + 2].kind in ("w", "i")
            and (i == 0 or out[i - 1].kind in ("s", "n", "br", "p"))
            and is_one_letter(t.text)
        ):
            out[i + 1] = out[i + 1]._replace(kind="n")
            # "a :icon: word": the icon stands for a word, so it goes with the next one too
            after = out[i + 3 : i + 5]
            if out[i + 2].kind == "i" and [t.kind for t in after] in (["s", "w"], ["s", "i"]):
                out[i + 3] = out[i + 3]._replace(kind="n")
    return out


_TOKENS: dict[tuple[str, str | None], list[Token]] = {}  # (text, lang) -> its tokens
_TOKENS_LIMIT = 50_000


def _tokens(text: str, lang: str | None) -> list[Token]:
    """The typeset, parsed and bound tokens of a text, made once (read them, do not change them).

    The same label, heading or rule is set in boxes of many sizes and on many cards.
    """
    key = (text, lang)
    tokens = _TOKENS.get(key)
    if tokens is None:
        if len(_TOKENS) >= _TOKENS_LIMIT:
            _TOKENS.clear()
        tokens = _TOKENS[key] = bind_short_words(parse_markup(typeset(text, lang)))
    return tokens


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
    used = {t.style for t in tokens if t.kind in ("s", "n")}
    return [metrics.width(" ", fonts[s], 1.0) if s in used else 0.0 for s in range(4)]


Measure = Callable[[str, int], float]  # width of a word in a style, at size 1
Hyphens = Callable[[str], tuple[int, ...]]


def _split(
    unit: list[tuple[Token, float]], room: float, measure: Measure, hyph: Hyphens
) -> tuple[list[tuple[Token, float]], list[tuple[Token, float]]] | None:
    """Cut a unit at the last hyphenation point whose left part (with its hyphen) fits `room`."""
    before = 0.0
    best = None
    for k, (tok, w) in enumerate(unit):
        if tok.kind == "w":
            for p in reversed(hyph(tok.text)):
                head = tok.text[:p] + "-"
                hw = measure(head, tok.style)
                if before + hw <= room + 1e-9:
                    tail = tok.text[p:]
                    left = [*unit[:k], (tok._replace(text=head), hw)]
                    right = [(tok._replace(text=tail), measure(tail, tok.style)), *unit[k + 1 :]]
                    best = (left, right)
                    break
        before += w
    return best


def _wrap(
    tokens: list[Token],
    widths: list[float],
    space: list[float],
    limit: float,
    indent: float,
    measure: Measure | None = None,
    hyph: Hyphens | None = None,
) -> list[_Line] | None:
    """Greedy wrap at size 1 into lines no wider than `limit`; None if a word cannot fit.

    Lines break only at spaces (never at a bound space after a one-letter word): a word, an icon
    and punctuation written together stay together. With `hyph` (and `measure`), a word that does
    not fit the rest of a line is hyphenated at the last break point that does.
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
        while i < n and tokens[i].kind in ("w", "i", "j", "n"):
            if tokens[i].kind == "n":
                unit.append((tokens[i], space[tokens[i].style]))
            elif tokens[i].kind != "j":
                unit.append((tokens[i], widths[i]))
            i += 1
        while True:
            uw = sum(w for _, w in unit)
            gap = pending_space if items else 0.0
            if x + gap + uw <= limit + 1e-9:
                place, rest = unit, None
            elif hyph is not None and measure is not None:
                cut = _split(unit, limit - x - gap, measure, hyph)
                place, rest = cut if cut is not None else (None, None)
            else:
                place, rest = None, None
            if place is None:
                if not items:
                    return None
                lines.append(_Line(items, x, para))
                para = False
                items, x, pending_space = [], hang, 0.0
                continue
            first = place[0][0]
            if start_of_para and first.kind == "w" and first.text == "•":
                hang = sum(w for _, w in place) + space[first.style]
            start_of_para = False
            for t, w in place:
                if t.kind != "n":  # a bound space only moves the next word
                    items.append((t, x + gap, w))
                x += gap + w
                gap = 0.0
            pending_space = 0.0
            if rest is None:
                break
            lines.append(_Line(items, x, para))
            para = False
            items, x = [], hang
            unit = rest
    if items or not lines:
        lines.append(_Line(items, x, para))
    return lines


def _widths(tokens: list[Token], fonts: list[str], metrics: Metrics) -> list[float]:
    """Each token's width at size 1 (bound spaces are measured by `_spaces`)."""
    out = []
    for tok in tokens:
        if tok.kind == "w":
            out.append(metrics.width(tok.text, fonts[tok.style], 1.0))
        elif tok.kind == "i":
            out.append(ICON_EM)
        else:
            out.append(0.0)
    return out


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
    lang: str | None = None,
    hyphenate: bool = True,
) -> TextLayout:
    """Wrap and place `text` in `box` (x, y, w, h in mm), shrinking to fit; TextFitError if not.

    The text is typeset first (minus signs, en dashes, the language's quotes, one-letter words
    bound to the next word). When it does not fit at a size, it is hyphenated (Czech or English
    by `lang`) before a smaller size is tried.
    """
    _, _, bw, bh = box
    memo = _memo(metrics)
    key = (text, bw, bh, family, style, size, min_size, line_height, lang, hyphenate)
    fitted = memo.get(key) if memo is not None else None
    if fitted is None:
        fitted = _fit(
            text, bw, bh, metrics, family, style, size, min_size, line_height, what, lang,
            hyphenate,
        )  # fmt: skip
        if memo is not None:
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = fitted
    chosen, lines, fonts, asc, desc = fitted
    return TextLayout(
        chosen,
        _place(lines, chosen, box, fonts, asc, desc, line_height, align, valign, color, icon_ops),
        len(lines),
    )


_MEMOS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # metrics -> fitted texts
_MEMO_LIMIT = 50_000  # fitted texts kept per metrics


def _memo(metrics: Metrics) -> dict | None:
    """The texts fitted with these metrics (the same text in the same box size fits the same).

    A card's labels, a sheet's headings and a table's cells are laid out again and again with
    the same words in the same box; only their place differs. None if the metrics cannot be
    remembered (an object without weak references or a hash).
    """
    last = _LAST_MEMO
    if last and last[0] is metrics:
        return last[1]
    try:
        memo = _MEMOS.setdefault(metrics, {})
    except TypeError:
        return None
    _LAST_MEMO[:] = [metrics, memo]
    return memo


_LAST_MEMO: list = []  # [metrics, memo] of the last call: one build uses one metrics


def _fit(
    text: str,
    bw: float,
    bh: float,
    metrics: Metrics,
    family: str,
    style: str,
    size: float,
    min_size: float | None,
    line_height: float,
    what: str,
    lang: str | None,
    hyphenate: bool,
) -> tuple[float, list, list[str], float, float]:
    """Wrap `text` into a bw x bh mm box, shrinking to fit: (size, lines, fonts, asc, desc)."""
    limit = bw * PT_PER_MM
    height_pt = bh * PT_PER_MM
    tokens = _tokens(text, lang)
    fonts = _fonts(family, style)
    _check_glyphs(tokens, fonts, metrics, what)
    widths = _widths(tokens, fonts, metrics)
    space = _spaces(tokens, fonts, metrics)
    asc = metrics.ascent(fonts[0])
    desc = metrics.descent(fonts[0])
    floor = min(min_size if min_size is not None else size, size)
    hyph = hyphenator(lang) if hyphenate else None  # names and titles are not hyphenated

    def measure(word: str, st: int) -> float:
        return metrics.width(word, fonts[st], 1.0)

    def fits(lines: list[_Line] | None, s: float) -> list[_Line] | None:
        if lines is None:
            return None
        lead = s * line_height
        paras = sum(1 for ln in lines if ln.para_gap)
        total = (len(lines) - 1) * lead + (asc - desc) * s + paras * lead * 0.5
        return lines if total <= height_pt + 1e-6 else None

    def attempt(s: float) -> list[_Line] | None:
        plain = fits(_wrap(tokens, widths, space, limit / s, 0.0), s)
        if plain is not None or hyph is None:
            return plain
        return fits(_wrap(tokens, widths, space, limit / s, 0.0, measure, hyph), s)

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
    return chosen, lines, fonts, asc, desc


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
    lang: str | None = None,
    hyphenate: bool = False,
) -> list[WrappedLine]:
    """Wrap `text` into lines of at most `width` mm, for flowing across columns.

    Typeset as in `layout_text`; with `hyphenate`, words are hyphenated by `lang`.
    """
    tokens = _tokens(text, lang)
    fonts = _fonts(family, style)
    widths = _widths(tokens, fonts, metrics)
    space = _spaces(tokens, fonts, metrics)
    hyph = hyphenator(lang) if hyphenate else None

    def measure(word: str, st: int) -> float:
        return metrics.width(word, fonts[st], 1.0)

    lines = _wrap(tokens, widths, space, width * PT_PER_MM / size, 0.0, measure, hyph)
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
