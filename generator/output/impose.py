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
LABEL_FONT = "sans-regular"
LABEL_SIZE = 6.5
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


def plan_grid(
    paper: tuple[float, float], card: tuple[float, float], bleed: float, gap: float = 0.0
) -> Grid:
    """As many cards as fit on the paper with room for marks, centred."""
    check_sizes(paper, card, bleed, gap)
    pw, ph = paper
    cw, ch = card
    usable_w, usable_h = pw - 2 * MIN_MARGIN, ph - 2 * MIN_MARGIN
    cols = math.floor((usable_w + gap) / (cw + gap) + 1e-9)
    rows = math.floor((usable_h + gap) / (ch + gap) + 1e-9)
    grid_w = cols * cw + (cols - 1) * gap
    grid_h = rows * ch + (rows - 1) * gap
    x0, y0 = (pw - grid_w) / 2, (ph - grid_h) / 2
    margin = min(x0, y0)
    outer = max(0.0, min(bleed, margin - 4.5))
    return Grid(cols, rows, x0, y0, cw, ch, gap, outer)


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
    v_len = min(8.0, top - 1.0)
    h_len = min(8.0, left - 1.0)
    for x in sorted(xs):
        ops.append(LineOp(x, top, x, top - v_len, MARK_STYLE))
        ops.append(LineOp(x, bottom, x, bottom + v_len, MARK_STYLE))
    for y in sorted(ys):
        ops.append(LineOp(left, y, left - h_len, y, MARK_STYLE))
        ops.append(LineOp(right, y, right + h_len, y, MARK_STYLE))
    return ops


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
) -> list[Page]:
    """Sheets of fronts, each followed by its backs placed for the chosen duplex flip."""
    opts = opts or PrintOptions(gap=gap)
    if opts.single:
        return single_pages(fronts, backs, card, bleed, opts, safe)
    if opts.gutterfold:
        from generator.output.gutterfold import gutterfold

        return gutterfold(fronts, backs, paper, card, bleed, label, opts, safe)
    grid = plan_grid(paper, card, bleed, opts.gap)
    pw, ph = paper
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
            text = f"{label} · {number}/{total}" + (" · rub / back" if side == "back" else "")
            baseline = ph - max(1.5, (grid.y0 - grid.outer_bleed) / 2 - 1.0)
            ops.append(TextOp(grid.x0 + 1.5, baseline, text, LABEL_FONT, LABEL_SIZE))
            if side == "back":
                pages.append(
                    Page(pw, ph, ops, turned=opts.duplex == "short", offset=opts.back_offset)
                )
            else:
                pages.append(Page(pw, ph, ops))
    return pages


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
