"""Gutterfold print-and-play: fronts and their backs side by side on one side of the sheet.

The fronts fill the left half, each back sits in the right half mirrored across the fold line
(the middle of the sheet), so folding the sheet on that line, printed side out, puts every back
behind its front. Cut marks in the margins give the cut lines through both layers; a dashed
fold line runs down the gutter between the halves, with a mark at each end. Nothing is drawn
within the printer margin (`--printer-margin`, 5 mm by default) of the paper edge.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from generator.errors import PapirnaError
from generator.layout.ops import GroupOp, LineOp, Page, Style
from generator.output.impose import (
    MARK_CLEAR,
    MARK_GAP,
    MARK_MAX,
    MARK_MIN,
    MARK_STYLE,
    MIN_MARGIN,
    PRINTER_MARGIN,
    PrintOptions,
    card_overlays,
    check_sizes,
    sheet_label,
)

FOLD_STYLE = Style(stroke=(0.45, 0.45, 0.45), width=0.2, dash=(2.0, 1.5))
FOLD_CLEAR = 2.0  # mm between a card's bleed and the fold line
FOLD_LABEL = "přehni na čárkované čáře / fold on the dashed line"
FOLD_SHORT = "přehni / fold"


class FoldGrid(NamedTuple):
    """Where the fronts go on a gutterfold sheet (the backs mirror them across `fold`)."""

    paper: tuple[float, float]
    cols: int
    rows: int
    x0: float  # left trim edge of the first front column
    y0: float  # top trim edge of the first row
    card_w: float
    card_h: float
    gap: float
    bleed: float  # the bleed drawn on the outer sides (limited by the margins)
    margin: float = PRINTER_MARGIN  # mm at the paper edge kept blank

    @property
    def x0_back(self) -> float:
        """Left trim edge of the back column nearest the fold."""
        return self.back(self.cols - 1)[0]

    @property
    def fold(self) -> float:
        """x of the fold line: the middle of the sheet."""
        return self.paper[0] / 2

    @property
    def per_page(self) -> int:
        """Cards (front and back pairs) per sheet."""
        return self.cols * self.rows

    def front(self, slot: int) -> tuple[float, float]:
        """Top-left trim corner of the front in `slot` (row-major)."""
        r, c = divmod(slot, self.cols)
        return (self.x0 + c * (self.card_w + self.gap), self.y0 + r * (self.card_h + self.gap))

    def back(self, slot: int) -> tuple[float, float]:
        """Top-left trim corner of that card's back: the front mirrored across the fold."""
        x, y = self.front(slot)
        return (2 * self.fold - x - self.card_w, y)


def _reserve(margin: float) -> float:
    """mm between the outer cards' trim and the paper edge: mark gap, shortest mark, margin."""
    return MARK_GAP + MARK_MIN + margin + (MARK_CLEAR if margin > 0 else 0.0)


def _plan(
    paper: tuple[float, float], card: tuple[float, float], bleed: float, gap: float, margin: float
) -> FoldGrid | None:
    pw, ph = paper
    cw, ch = card
    reach = bleed + FOLD_CLEAR  # trim edge to fold
    reserve = max(_reserve(margin), MIN_MARGIN)  # trim edge to paper edge
    cols = math.floor((pw / 2 - reach - reserve + gap) / (cw + gap) + 1e-9)
    rows = math.floor((ph - 2 * reserve + gap) / (ch + gap) + 1e-9)
    if cols < 1 or rows < 1:
        return None
    grid_w = cols * cw + (cols - 1) * gap
    grid_h = rows * ch + (rows - 1) * gap
    x0 = pw / 2 - reach - grid_w
    y0 = (ph - grid_h) / 2
    border = min(x0, y0)
    # the outer bleed gives way to the marks, which end outside the printer margin
    outer = max(0.0, min(bleed, border - _reserve(margin), border - 4.5))
    return FoldGrid(paper, cols, rows, x0, y0, cw, ch, gap, outer, margin)


def plan_fold(
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    gap: float = 0.0,
    margin: float = PRINTER_MARGIN,
) -> FoldGrid:
    """The paper upright or turned, whichever holds more cards with their backs beside them.

    Cards, marks and labels stay `margin` mm (the printer's dead zone) clear of the paper edge.
    """
    check_sizes(paper, card, bleed, gap)
    if margin < 0:
        raise PapirnaError(f"printer margin {margin:g}mm must not be negative")
    plans = [
        p
        for p in (
            _plan(paper, card, bleed, gap, margin),
            _plan(paper[::-1], card, bleed, gap, margin),
        )
        if p
    ]
    if not plans:
        cw, ch = card
        raise PapirnaError(
            f"--gutterfold: a {cw:g}x{ch:g}mm card and its back do not fit side by side on "
            f"{paper[0]:g}x{paper[1]:g}mm paper with {margin:g}mm printer margins; "
            "use duplex instead"
        )
    return max(plans, key=lambda p: p.per_page)  # upright first: it wins a tie


def _clip(grid: FoldGrid, bleed: float, col: int, row: int, mirrored: bool) -> tuple:
    inner = min(bleed, grid.gap / 2)
    outer_side = grid.bleed if col == 0 else inner  # towards the paper edge
    fold_side = bleed if col == grid.cols - 1 else inner  # towards the fold: room was kept
    left, right = (fold_side, outer_side) if mirrored else (outer_side, fold_side)
    top = grid.bleed if row == 0 else inner
    bottom = grid.bleed if row == grid.rows - 1 else inner
    return (-left, -top, grid.card_w + left + right, grid.card_h + top + bottom)


def fold_marks(grid: FoldGrid) -> list:
    """Cut marks in the margins (both halves) and the dashed fold line with its end marks."""
    pw = grid.paper[0]
    xs: set[float] = set()
    ys: set[float] = set()
    for slot in range(grid.per_page):
        for x, y in (grid.front(slot), grid.back(slot)):
            xs.update((round(x, 4), round(x + grid.card_w, 4)))
            ys.update((round(y, 4), round(y + grid.card_h, 4)))
    grid_h = grid.rows * grid.card_h + (grid.rows - 1) * grid.gap
    top = grid.y0 - grid.bleed - MARK_GAP
    bottom = grid.y0 + grid_h + grid.bleed + MARK_GAP
    left = grid.x0 - grid.bleed - MARK_GAP
    right = pw - left
    # as on duplex sheets: marks end MARK_CLEAR outside the printer margin (0.5 mm from the
    # edge of a print shop's sheet), never shorter than MARK_MIN
    edge = grid.margin + MARK_CLEAR if grid.margin > 0 else 0.5
    v_len = max(min(MARK_MAX, top - edge), min(MARK_MIN, top))
    h_len = max(min(MARK_MAX, left - edge), min(MARK_MIN, left))
    ops: list = []
    for x in sorted(xs):
        ops.append(LineOp(x, top, x, top - v_len, MARK_STYLE))
        ops.append(LineOp(x, bottom, x, bottom + v_len, MARK_STYLE))
    for y in sorted(ys):
        ops.append(LineOp(left, y, left - h_len, y, MARK_STYLE))
        ops.append(LineOp(right, y, right + h_len, y, MARK_STYLE))
    f = grid.fold
    ops.append(LineOp(f, top - v_len, f, bottom + v_len, FOLD_STYLE))
    wide = Style(stroke=(0.0, 0.0, 0.0), width=0.35)
    ops.append(LineOp(f, top - v_len, f, top, wide))
    ops.append(LineOp(f, bottom, f, bottom + v_len, wide))
    return ops


def gutterfold(
    fronts: list[list],
    backs: list[list] | None,
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    label: str,
    opts: PrintOptions,
    safe: float = 0.0,
) -> list[Page]:
    """Sheets with each front on the left half and its back mirrored on the right half."""
    if backs is None:
        raise PapirnaError("--gutterfold: the deck has no backs to fold behind its fronts")
    grid = plan_fold(paper, card, bleed, opts.gap, opts.printer_margin)
    pw, ph = grid.paper
    overlay = tuple(card_overlays(card, bleed, safe, opts))
    marks = fold_marks(grid)
    sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    pages = []
    for s in range(sheets):
        ops: list = []
        chunk = range(s * grid.per_page, min(len(fronts), (s + 1) * grid.per_page))
        for slot, i in enumerate(chunk):
            r, c = divmod(slot, grid.cols)
            x, y = grid.front(slot)
            ops.append(GroupOp(x, y, tuple(fronts[i]) + overlay, _clip(grid, bleed, c, r, False)))
            x, y = grid.back(slot)
            ops.append(GroupOp(x, y, tuple(backs[i]) + overlay, _clip(grid, bleed, c, r, True)))
        ops.extend(marks)
        # labels as on duplex sheets: under the first column, between its cut marks, just
        # above the printer margin; the fold hint likewise under the back column by the fold
        ops.append(sheet_label(grid, grid.paper, f"{label} · {s + 1}/{sheets}"))
        hint = FOLD_LABEL if grid.card_w >= 60 else FOLD_SHORT
        ops.append(sheet_label(grid._replace(x0=grid.x0_back), grid.paper, hint))
        pages.append(Page(pw, ph, ops))
    return pages
