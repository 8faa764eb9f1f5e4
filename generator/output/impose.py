"""Imposition: cards on sheets, centred, with bleed, crop marks in the margin and duplex backs."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, NamedTuple

from generator.errors import PapirnaError
from generator.layout.ops import BLACK, GroupOp, LineOp, Page, RectOp, Style, TextOp

MARK_STYLE = Style(stroke=BLACK, width=0.2)
MIN_MARGIN = 6.0  # mm kept free around the card grid for marks
MARK_GAP = 1.0  # mm between the outer bleed and a mark
MARK_MIN = 3.0  # mm: a crop mark shorter than this is not seen
MARK_MAX = 6.0  # mm
PRINTER_MARGIN = 5.0  # mm at the paper edge where most home printers print nothing
MARK_CLEAR = 0.3  # mm more between a mark's end and the margin, so its raster stays clear
LABEL_FONT = "sans-regular"
LABEL_SIZE = 6.5
LABEL_MIN = 6.0  # nothing is printed below 6 pt
LABEL_DESCENT = 0.6  # mm below the label's baseline
GUIDE_TRIM = Style(stroke=(0.85, 0.1, 0.55), width=0.15)
GUIDE_SAFE = Style(stroke=(0.0, 0.63, 0.88), width=0.15, dash=(1.0, 0.7))
GUIDE_BLEED = Style(stroke=(0.5, 0.5, 0.5), width=0.1, dash=(0.4, 0.6))
CORNER_STYLE = Style(stroke=(0.4, 0.4, 0.4), width=0.15, dash=(0.6, 0.6))

Duplex = Literal["long", "short", "none"]


@dataclass(frozen=True)
class PrintOptions:
    """How cards go to paper: gap, duplex backs, printer offset, proof guides, cut corners."""

    gap: float = 0.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    guides: bool = False
    corners: float = 0.0  # radius of an optional rounded-corner cut guide, mm (0: none)
    single: bool = False  # one card per page, page = card + bleed, with TrimBox and BleedBox
    bleed: float | None = None  # overrides the deck's bleed
    gutterfold: bool = False  # fronts and backs side by side, to fold (see gutterfold.py)
    printer_margin: float = PRINTER_MARGIN  # mm at the paper edge kept blank (0: a print shop)
    pack: bool = False  # decks of one game with the same card size share sheets (one file)
    ink: Literal["normal", "low"] = "normal"  # low: backs drawn as outlines on white


class Grid(NamedTuple):
    """Where cards go on a sheet."""

    cols: int
    rows: int
    x0: float  # left trim edge of the first column
    y0: float  # top trim edge of the first row
    card_w: float
    card_h: float
    gap: float
    outer_bleed: float
    margin: float = 0.0  # the printer margin the grid keeps blank at the paper edge
    landscape: bool = False  # the sheet is the paper turned

    @property
    def per_page(self) -> int:
        """Cards per sheet."""
        return self.cols * self.rows

    def origin(self, index: int) -> tuple[float, float]:
        """Top-left trim corner of the card in slot `index` (row-major)."""
        r, c = divmod(index, self.cols)
        return (self.x0 + c * (self.card_w + self.gap), self.y0 + r * (self.card_h + self.gap))


def check_sizes(
    paper: tuple[float, float], card: tuple[float, float], bleed: float, gap: float
) -> None:
    """Refuse sizes that cannot be printed: non-positive, or larger than the paper."""
    cw, ch = card
    if not (cw > 0 and ch > 0):
        raise PapirnaError(f"card size {cw:g}x{ch:g}mm must be positive")
    if bleed < 0 or gap < 0:
        raise PapirnaError(f"bleed ({bleed:g}mm) and gap ({gap:g}mm) must not be negative")
    if bleed > 20:
        raise PapirnaError(f"bleed {bleed:g}mm is larger than 20mm")
    pw, ph = paper
    if cw + 2 * MIN_MARGIN > pw or ch + 2 * MIN_MARGIN > ph:
        raise PapirnaError(
            f"a {cw:g}x{ch:g}mm card does not fit on {pw:g}x{ph:g}mm paper with {MIN_MARGIN:g}mm margins"
        )


def _reserve(margin: float) -> float:
    """mm needed between the trim of the outer cards and the paper edge: gap, mark, margin."""
    return MARK_GAP + MARK_MIN + margin + (MARK_CLEAR if margin > 0 else 0.0)


def plan_grid(
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    gap: float = 0.0,
    margin: float = 0.0,
) -> Grid:
    """As many cards as fit on the paper with room for marks outside `margin` mm, centred.

    Every crop mark is at least MARK_MIN long, starts MARK_GAP outside the outer bleed and ends
    `margin` mm from the paper edge; the outer bleed shrinks (down to 0) to make room for that.
    """
    check_sizes(paper, card, bleed, gap)
    if margin < 0:
        raise PapirnaError(f"printer margin {margin:g}mm must not be negative")
    pw, ph = paper
    cw, ch = card
    reserve = max(_reserve(margin), MIN_MARGIN)
    usable_w, usable_h = pw - 2 * reserve, ph - 2 * reserve
    cols = math.floor((usable_w + gap) / (cw + gap) + 1e-9)
    rows = math.floor((usable_h + gap) / (ch + gap) + 1e-9)
    if cols < 1 or rows < 1:
        raise PapirnaError(
            f"a {cw:g}x{ch:g}mm card and its crop marks do not fit on {pw:g}x{ph:g}mm paper "
            f"with {margin:g}mm printer margins"
        )
    grid_w = cols * cw + (cols - 1) * gap
    grid_h = rows * ch + (rows - 1) * gap
    x0, y0 = (pw - grid_w) / 2, (ph - grid_h) / 2
    border = min(x0, y0)
    outer = max(0.0, min(bleed, border - _reserve(margin), border - 4.5))
    return Grid(cols, rows, x0, y0, cw, ch, gap, outer, margin)


def choose_grid(
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    gap: float = 0.0,
    margin: float = 0.0,
) -> tuple[Grid, str]:
    """The paper upright or turned, whichever takes more cards within the margin; and a note.

    The note (empty when nothing is worth saying) tells when the printer margin costs cards
    or the sheet had to be turned to landscape.
    """
    pw, ph = paper
    options: list[Grid] = []
    failure: PapirnaError | None = None
    for size, turned in (((pw, ph), False), ((ph, pw), True)):
        try:
            options.append(plan_grid(size, card, bleed, gap, margin)._replace(landscape=turned))
        except PapirnaError as e:
            failure = failure or e
    if not options:
        assert failure is not None
        raise failure
    best = max(options, key=lambda g: (g.per_page, not g.landscape))
    try:
        free = plan_grid(paper, card, bleed, gap, 0.0).per_page
    except PapirnaError:
        free = 0
    note = ""
    if best.per_page < free or best.landscape:
        upright = next((g.per_page for g in options if not g.landscape), 0)
        note = (
            f"{card[0]:g}x{card[1]:g}mm cards: {best.per_page} a sheet"
            + (" in landscape" if best.landscape else "")
            + (f" ({upright} in portrait" if best.landscape else f" ({free} without margins")
            + f" with {margin:g}mm printer margins)"
        )
    return best, note


def _clip(grid: Grid, bleed: float, col: int, row: int) -> tuple[float, float, float, float]:
    inner = min(bleed, grid.gap / 2)
    left = grid.outer_bleed if col == 0 else inner
    right = grid.outer_bleed if col == grid.cols - 1 else inner
    top = grid.outer_bleed if row == 0 else inner
    bottom = grid.outer_bleed if row == grid.rows - 1 else inner
    return (-left, -top, grid.card_w + left + right, grid.card_h + top + bottom)


def crop_marks(grid: Grid, paper: tuple[float, float]) -> list:
    """Cut marks on every cut line, in the margins only, outside the bleed."""
    xs, ys = set(), set()
    for c in range(grid.cols):
        x = grid.x0 + c * (grid.card_w + grid.gap)
        xs.update((round(x, 4), round(x + grid.card_w, 4)))
    for r in range(grid.rows):
        y = grid.y0 + r * (grid.card_h + grid.gap)
        ys.update((round(y, 4), round(y + grid.card_h, 4)))
    top = grid.y0 - grid.outer_bleed - MARK_GAP
    bottom = (
        grid.y0 + grid.rows * grid.card_h + (grid.rows - 1) * grid.gap + grid.outer_bleed + MARK_GAP
    )
    left = grid.x0 - grid.outer_bleed - MARK_GAP
    right = (
        grid.x0 + grid.cols * grid.card_w + (grid.cols - 1) * grid.gap + grid.outer_bleed + MARK_GAP
    )
    ops: list = []
    # a print shop's sheet has no margin: marks may run out to 0.5 mm from the edge
    edge = grid.margin + MARK_CLEAR if grid.margin > 0 else 0.5
    v_len = max(min(MARK_MAX, top - edge), min(MARK_MIN, top))
    h_len = max(min(MARK_MAX, left - edge), min(MARK_MIN, left))
    for x in sorted(xs):
        ops.append(LineOp(x, top, x, top - v_len, MARK_STYLE))
        ops.append(LineOp(x, bottom, x, bottom + v_len, MARK_STYLE))
    for y in sorted(ys):
        ops.append(LineOp(left, y, left - h_len, y, MARK_STYLE))
        ops.append(LineOp(right, y, right + h_len, y, MARK_STYLE))
    return ops


def sheet_label(grid: Grid, paper: tuple[float, float], text: str) -> TextOp:
    """The sheet's label below the cards, between the first column's marks, above the margin."""
    from generator.render.metrics import ReportlabMetrics

    _, ph = paper
    room = grid.card_w - 2.0  # mm between the marks at the first column's cut lines
    metrics = _metrics(ReportlabMetrics)
    size = LABEL_SIZE
    while metrics.width(text, LABEL_FONT, size) * PT > room and size > LABEL_MIN:
        size = max(LABEL_MIN, size - 0.25)
    while metrics.width(text, LABEL_FONT, size) * PT > room and len(text) > 2:
        text = text[:-2].rstrip() + "…"
    baseline = ph - max(grid.margin + LABEL_DESCENT, 1.5)
    return TextOp(grid.x0 + 1.0, baseline, text, LABEL_FONT, size)


PT = 25.4 / 72  # mm per point
_METRICS: list = []


def _metrics(factory):
    if not _METRICS:
        _METRICS.append(factory())
    return _METRICS[0]


def card_overlays(card: tuple[float, float], bleed: float, safe: float, opts: PrintOptions) -> list:
    """Proof guides (trim, safe zone, bleed edge) and the optional rounded-corner cut guide."""
    cw, ch = card
    ops: list = []
    if opts.guides:
        ops.append(RectOp(-bleed, -bleed, cw + 2 * bleed, ch + 2 * bleed, GUIDE_BLEED))
        ops.append(RectOp(0, 0, cw, ch, GUIDE_TRIM))
        if safe > 0:
            ops.append(RectOp(safe, safe, cw - 2 * safe, ch - 2 * safe, GUIDE_SAFE))
    if opts.corners > 0:
        ops.append(RectOp(0, 0, cw, ch, CORNER_STYLE, min(opts.corners, cw / 2, ch / 2)))
    return ops


def impose(
    fronts: list[list],
    backs: list[list] | None,
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    label: str,
    gap: float = 0.0,
    opts: PrintOptions | None = None,
    safe: float = 0.0,
    notes: list[str] | None = None,
    parts: list[tuple[str, int]] | None = None,
) -> list[Page]:
    """Sheets of fronts, each followed by its backs placed for the chosen duplex flip.

    The sheet is the paper upright or turned, whichever takes more cards with crop marks
    outside the printer margin; `notes` is told when that costs cards or turns the paper.
    `parts` (decks packed on shared sheets: title, number of cards, in order) makes each
    sheet's label name the decks whose cards are on it.
    """
    opts = opts or PrintOptions(gap=gap)
    if opts.single:
        return single_pages(fronts, backs, card, bleed, opts, safe)
    if opts.gutterfold:
        from generator.output.gutterfold import gutterfold

        return gutterfold(fronts, backs, paper, card, bleed, label, opts, safe)
    grid, note = choose_grid(paper, card, bleed, opts.gap, opts.printer_margin)
    if note and notes is not None:
        notes.append(f"{label}: {note}")
    if grid.landscape:
        paper = (paper[1], paper[0])
    pw, ph = paper
    # A landscape sheet flips over its long edge the way an upright one flips over its short
    # edge, so the backs are placed as for the other flip.
    flip = opts.duplex
    if grid.landscape and flip != "none":
        flip = "short" if flip == "long" else "long"
    with_backs = backs is not None and opts.duplex != "none"
    sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    pages: list[Page] = []
    marks = crop_marks(grid, paper)
    overlay = tuple(card_overlays(card, bleed, safe, opts))
    total = sheets * (2 if with_backs else 1)
    for s in range(sheets):
        chunk = range(s * grid.per_page, min(len(fronts), (s + 1) * grid.per_page))
        for side in ("front", "back") if with_backs else ("front",):
            ops: list = []
            for slot, i in enumerate(chunk):
                r, c = divmod(slot, grid.cols)
                x, y = grid.origin(slot)
                content = fronts[i] if side == "front" else backs[i]  # type: ignore[index]
                if side == "back":
                    x = pw - x - grid.card_w  # mirror across the long edge; short edge turns it too
                    c = grid.cols - 1 - c
                ops.append(GroupOp(x, y, tuple(content) + overlay, _clip(grid, bleed, c, r)))
            ops.extend(marks)
            number = len(pages) + 1
            name = _sheet_name(parts, chunk) if parts else label
            text = f"{name} · {number}/{total}" + (" · rub / back" if side == "back" else "")
            ops.append(sheet_label(grid, paper, text))
            if side == "back":
                pages.append(Page(pw, ph, ops, turned=flip == "short", offset=opts.back_offset))
            else:
                pages.append(Page(pw, ph, ops))
    return pages


def _sheet_name(parts: list[tuple[str, int]], chunk: range) -> str:
    """The titles of the packed decks that have cards in `chunk`, joined by ' + '."""
    names, start = [], 0
    for title, count in parts:
        if start < chunk.stop and chunk.start < start + count:
            names.append(title)
        start += count
    return " + ".join(names)


def single_pages(
    fronts: list[list],
    backs: list[list] | None,
    card: tuple[float, float],
    bleed: float,
    opts: PrintOptions,
    safe: float = 0.0,
) -> list[Page]:
    """One card per page, the page exactly card + bleed, with TrimBox and BleedBox."""
    cw, ch = card
    check_sizes((cw + 2 * MIN_MARGIN, ch + 2 * MIN_MARGIN), card, bleed, 0.0)
    w, h = cw + 2 * bleed, ch + 2 * bleed
    overlay = tuple(card_overlays(card, bleed, safe, opts))
    pages = []
    for i, front in enumerate(fronts):
        sides = [front] + ([backs[i]] if backs is not None and opts.duplex != "none" else [])
        for content in sides:
            ops = [GroupOp(bleed, bleed, tuple(content) + overlay, (-bleed, -bleed, w, h))]
            pages.append(
                Page(w, h, ops, trim_box=(bleed, bleed, cw, ch), bleed_box=(0.0, 0.0, w, h))
            )
    return pages
