"""Tiling: a board larger than the paper printed across several sheets, with overlap, assembly
marks and a tile index.

Assembly convention: tiles are named by row letter and column number (A1 is the top-left one).
Each tile's right and bottom strips (the OVERLAP) are covered by the tile to the right and the
tile below: cut that tile's top and left paper margins off along its art edge and lay it on the
dashed seam line. So on every tile only the part from its own top-left corner up to the seams
stays visible; every mark sits in the covered strips or in the paper margins, never on art
that stays visible.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from generator.layout.ops import (
    BLACK,
    WHITE,
    FieldOp,
    GroupOp,
    LineOp,
    Page,
    RectOp,
    Style,
    TagOp,
    TextOp,
)

if TYPE_CHECKING:
    from generator.layout.builders import Drawn

DEAD = 5.0  # mm at the paper edge that home printers leave blank
MARGIN = 8.5  # mm around each tile: the dead zone, then the ticks (3 mm) and tags
OVERLAP = 12.0  # mm of the board printed on both neighbouring tiles (at least)
BAND = 6.0  # mm below the art for the tile's label and index map
COMPACT = MARGIN - DEAD  # mm of the bottom margin that carry the label when there is no band
PT = 25.4 / 72  # mm per point
MARK = Style(stroke=BLACK, width=0.2)
SEAM = Style(stroke=BLACK, width=0.2, dash=(1.5, 1.5))
SEAM_UNDER = Style(stroke=WHITE, width=0.5, dash=(1.5, 1.5))  # keeps the dashes visible on dark art
TAG = Style(fill=WHITE, stroke=BLACK, width=0.2)
TICK = (0.3, 3.3)  # mm from the art edge: where registration and cut ticks start and end
TAG_SIZE = 6.0  # pt: the "A1 → A2" labels (nothing is printed below 6 pt)
TAG_PAD = 0.6  # mm around a label's text
LABEL_SIZE = 7.0  # pt: the tile's label in the band
# advance widths (per 1000 units of the font size) of DejaVu Sans Condensed Bold, for centring
_GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 →↓"
_ADVANCES = (
    "696 686 660 747 615 615 738 753 334 334 697 573 896 753 765 659 765 693 648 614 730 "
    "696 993 694 651 652 626 626 626 626 626 626 626 626 626 626 313 754 754"
)
_BOLD_WIDTHS = {c: int(w) for c, w in zip(_GLYPHS, _ADVANCES.split(), strict=True)}
_ASCENT, _DESCENT = 0.76, 0.24  # per 1pt of size


class Tile(NamedTuple):
    """One tile's place: its name, board origin and the seams of the tiles laid over it."""

    col: int
    row: int
    name: str
    x: float  # board mm of the tile art's top-left corner
    y: float
    seam_x: float | None  # tile mm where the tile to the right starts (None: last column)
    seam_y: float | None  # tile mm where the tile below starts (None: last row)


class TilePlan(NamedTuple):
    """How a board is cut: the paper as the tiles use it, the grid, and what each tile shows."""

    paper: tuple[float, float]  # width, height: the paper turned when that takes fewer sheets
    cols: int
    rows: int
    view: tuple[float, float]  # board mm each tile's art shows
    band: float  # mm below the art for the label and index map (0: they sit in the margin)


def tile_grid(
    board: tuple[float, float], paper: tuple[float, float], band: float = BAND
) -> tuple[int, int, float, float]:
    """Columns and rows of tiles on this paper as it lies, and the board width and height each
    tile shows: per axis the fewest tiles that cover the board with at least OVERLAP between
    neighbours, n * view - (n - 1) * OVERLAP >= board."""
    bw, bh = board
    pw, ph = paper
    vw, vh = pw - 2 * MARGIN, ph - 2 * MARGIN - band
    cols = max(1, math.ceil((bw - OVERLAP) / (vw - OVERLAP) - 1e-9)) if bw > vw + 1e-6 else 1
    rows = max(1, math.ceil((bh - OVERLAP) / (vh - OVERLAP) - 1e-9)) if bh > vh + 1e-6 else 1
    return cols, rows, vw, vh


def plan_tiles(board: tuple[float, float], paper: tuple[float, float]) -> TilePlan:
    """The cut that takes the fewest sheets, over the paper upright and turned, with the label
    band below the art or (band 0) in the bottom margin; on a tie the full band, then the
    paper as given. Per orientation the fewest columns and the fewest rows are independent, so
    their product is the fewest sheets of any grid on that paper."""
    turned = (paper[1], paper[0])
    best: tuple | None = None
    for rank, (use, band) in enumerate(
        ((paper, BAND), (turned, BAND), (paper, 0.0), (turned, 0.0))
    ):
        cols, rows, vw, vh = tile_grid(board, use, band)
        key = (cols * rows, rank)
        if best is None or key < best[0]:
            best = (key, TilePlan(use, cols, rows, (vw, vh), band))
    assert best is not None
    return best[1]


def tile_origin(
    col: int, row: int, board: tuple[float, float], view: tuple[float, float], cols: int, rows: int
) -> tuple[float, float]:
    """The board coordinates of a tile's top-left corner: tiles are spread evenly, so every
    overlap along an axis is the same, (n * view - board) / (n - 1); the last tile ends at the
    board edge; a single tile is centred."""
    bw, bh = board
    vw, vh = view
    x = col * (bw - vw) / (cols - 1) if cols > 1 else (bw - vw) / 2
    y = row * (bh - vh) / (rows - 1) if rows > 1 else (bh - vh) / 2
    return x, y


def tile_name(col: int, row: int) -> str:
    """A tile's name: its row as letters (A, B, ..., Z, AA, ...) and its column from 1."""
    letters = ""
    n = row + 1
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(ord("A") + r) + letters
    return f"{letters}{col + 1}"


def tile_layout(board: tuple[float, float], plan: TilePlan) -> list[Tile]:
    """Every tile of a board cut by `plan`, row by row, with the seams of its neighbours."""
    cols, rows, (vw, vh) = plan.cols, plan.rows, plan.view
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x, y = tile_origin(col, row, board, (vw, vh), cols, rows)
            seam_x = tile_origin(col + 1, row, board, (vw, vh), cols, rows)[0] - x
            seam_y = tile_origin(col, row + 1, board, (vw, vh), cols, rows)[1] - y
            tiles.append(
                Tile(
                    col,
                    row,
                    tile_name(col, row),
                    x,
                    y,
                    seam_x if col < cols - 1 else None,
                    seam_y if row < rows - 1 else None,
                )
            )
    return tiles


def visible_box(t: Tile, view: tuple[float, float]) -> tuple[float, float, float, float]:
    """The part of a tile's art (x0, y0, x1, y1 in tile mm) that stays visible when assembled."""
    vw, vh = view
    return 0.0, 0.0, vw if t.seam_x is None else t.seam_x, vh if t.seam_y is None else t.seam_y


def _has_fields(ops) -> bool:
    """Whether operations hold form fields (which a shared form cannot carry)."""
    return any(
        isinstance(op, FieldOp) or (isinstance(op, GroupOp) and _has_fields(op.ops)) for op in ops
    )


def tile(drawn: Drawn, paper: tuple[float, float], label: str) -> list[Page]:
    """The board cut into overlapping tiles, each with assembly marks and a small index map."""
    board = (drawn.width, drawn.height)
    plan = plan_tiles(board, paper)
    pw, ph = plan.paper
    cols, rows, (vw, vh) = plan.cols, plan.rows, plan.view
    if cols * rows == 1:
        return [Page(pw, ph, [GroupOp((pw - board[0]) / 2, (ph - board[1]) / 2, tuple(drawn.ops))])]
    tiles = tile_layout(board, plan)
    band = plan.band
    names = {(t.col, t.row): t.name for t in tiles}
    art = tuple(drawn.ops)  # one tuple for every tile: the PDF stores the board once
    shared = not _has_fields(art)
    pages = []
    for n, t in enumerate(tiles, 1):
        ops: list = [GroupOp(MARGIN - t.x, MARGIN - t.y, art, (t.x, t.y, vw, vh), shared)]
        ops.extend(_cut_marks(vw, vh))
        if t.seam_x is not None:  # the strip under the tile to the right
            ops.extend(_seam_x(t, names[(t.col + 1, t.row)], vw, vh))
        if t.seam_y is not None:  # the strip under the tile below
            ops.extend(_seam_y(t, names[(t.col, t.row + 1)], vw, vh))
        ops.extend(_neighbour_tags(t, names, vw))
        text = f"{label} · {t.name} · {n}/{len(tiles)}"
        text_x = MARGIN + 1.5
        # in the band the label is 7 pt; in the margin (no band) 6 pt, its descent ending
        # 0.5 mm short of the printer's dead zone (2.5 + 0.24 * 6 pt = 3.0 of COMPACT's 3.5 mm)
        size, base = (LABEL_SIZE, 4.0) if band else (TAG_SIZE, 2.5)
        ops.append(TextOp(text_x, MARGIN + vh + base, text, "sans-regular", size))
        index = _index_map(
            cols, rows, t.col, t.row, pw - MARGIN - 1.5, MARGIN + vh + 0.6, band or COMPACT
        )
        if t.seam_x is not None:
            # the seam tick below the art, unless it would run into the label or the index
            x = MARGIN + t.seam_x
            text_end = text_x + len(text) * 0.62 * size * PT
            if not (text_x - 0.5 <= x <= text_end + 0.5 or index[1].x - 0.5 <= x):
                ops.append(LineOp(x, MARGIN + vh + TICK[0], x, MARGIN + vh + TICK[1], MARK))
        ops.extend(index)
        pages.append(Page(pw, ph, ops))
    return pages


def _cut_marks(vw: float, vh: float) -> list:
    """Crop marks in the paper margin at the art's corners: where to cut."""
    ops = []
    a, b = TICK
    for x, sx in ((MARGIN, -1), (MARGIN + vw, 1)):
        for y, sy in ((MARGIN, -1), (MARGIN + vh, 1)):
            ops.append(LineOp(x + sx * a, y, x + sx * b, y, MARK))
            ops.append(LineOp(x, y + sy * a, x, y + sy * b, MARK))
    return ops


def _tag_size(text: str) -> tuple[float, float]:
    """Width and height in mm of a tag box around `text`."""
    width = sum(_BOLD_WIDTHS.get(c, 1000) for c in text) / 1000 * TAG_SIZE * PT
    return width + 2 * TAG_PAD, (_ASCENT + _DESCENT) * TAG_SIZE * PT + 2 * TAG_PAD


def _tag(text: str, x: float, y: float, boxed: bool = True) -> list:
    """A label with its top-left corner at (x, y), on a white box unless `boxed` is False."""
    w, h = _tag_size(text)
    ops: list = [TagOp(f"tag {text}")]  # the label on its own box: one element for `lint`
    if boxed:
        ops.append(RectOp(x, y, w, h, TAG, 0.8))
    ops.append(
        TextOp(x + TAG_PAD, y + TAG_PAD + _ASCENT * TAG_SIZE * PT, text, "sans-bold", TAG_SIZE)
    )
    ops.append(TagOp(""))
    return ops


def _seam_x(t: Tile, right: str, vw: float, vh: float) -> list:
    """The strip under the tile to the right: dashed seam, seam ticks in the margins, a tag."""
    x = MARGIN + t.seam_x
    ops: list = [
        LineOp(x + 0.25, MARGIN, x + 0.25, MARGIN + vh, SEAM_UNDER),
        LineOp(x + 0.25, MARGIN, x + 0.25, MARGIN + vh, SEAM),
        LineOp(x, MARGIN - TICK[0], x, MARGIN - TICK[1], MARK),
    ]
    text = f"{t.name} → {right}"
    h = _tag_size(text)[1]
    # all of the strip is covered; beside the visible part it is found at once, and it keeps
    # clear of the overlap with the row below (where the rows' art is compared)
    end = vh if t.seam_y is None else t.seam_y
    top = end / 2 - h / 2
    if end < h + 2.0:  # no room above the other seam: go below it
        top = min(end + 1.0, vh - h - 1.0)
    ops.extend(_tag(text, x + 0.8, MARGIN + top))
    return ops


def _seam_y(t: Tile, below: str, vw: float, vh: float) -> list:
    """The strip under the tile below: dashed seam, seam ticks in the margins, a tag."""
    y = MARGIN + t.seam_y
    ops: list = [
        LineOp(MARGIN, y + 0.25, MARGIN + vw, y + 0.25, SEAM_UNDER),
        LineOp(MARGIN, y + 0.25, MARGIN + vw, y + 0.25, SEAM),
        LineOp(MARGIN - TICK[0], y, MARGIN - TICK[1], y, MARK),
        LineOp(MARGIN + vw + TICK[0], y, MARGIN + vw + TICK[1], y, MARK),
    ]
    text = f"{t.name} ↓ {below}"
    w, _ = _tag_size(text)
    left = visible_box(t, (vw, vh))[2] / 2 - w / 2
    ops.extend(_tag(text, MARGIN + min(max(left, 1.0), vw - w - 1.0), y + 0.8))
    return ops


def _neighbour_tags(t: Tile, names: dict, vw: float) -> list:
    """Above the art, in the margin that is cut off: the tags of the strips this tile covers."""
    ops: list = []
    h = _tag_size("A")[1]
    y = MARGIN - 1.0 - h + TAG_PAD  # the text's descent ends 1 mm above the art
    end = MARGIN
    if t.col > 0:
        ops.extend(_tag(f"{names[(t.col - 1, t.row)]} → {t.name}", MARGIN + 1.0, y, boxed=False))
        end = MARGIN + 1.0 + _tag_size(f"{names[(t.col - 1, t.row)]} → {t.name}")[0]
    if t.row > 0:
        text = f"{names[(t.col, t.row - 1)]} ↓ {t.name}"
        w, _ = _tag_size(text)
        right = vw if t.seam_x is None else t.seam_x
        x = max(MARGIN + right / 2 - w / 2, end + 2.0)
        if t.seam_x is not None and x - 0.5 <= MARGIN + t.seam_x <= x + w + 0.5:
            x = MARGIN + t.seam_x + 1.0  # keep clear of the seam tick
        ops.extend(_tag(text, x, y, boxed=False))
    return ops


def _index_map(
    cols: int, rows: int, col: int, row: int, right: float, top: float, band: float = BAND
) -> list:
    """A little map of all tiles, right-aligned at `right`, with this one filled in; it keeps
    to the `band` mm below the art."""
    ops = []
    gap = 0.6  # rows apart enough that a cell's name keeps 0.8 mm from the cell above
    h = min(2.6, (band - 0.8 - gap * (rows - 1)) / rows)
    w = max(h * 1.7, 3.0)
    size = 6.0  # pt: the tile names in the cells, where they fit (nothing is printed below 6 pt)
    x0 = right - cols * w - (cols - 1) * gap
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + c * (w + gap), top + r * (h + gap)
            here = (r, c) == (row, col)
            ops.append(TagOp(f"index {tile_name(c, r)}"))  # a cell and its name: one element
            ops.append(
                RectOp(x, y, w, h, Style(fill=BLACK if here else None, stroke=BLACK, width=0.15))
            )
            name = tile_name(c, r)
            tw = sum(_BOLD_WIDTHS.get(ch, 1000) for ch in name) / 1000 * size * PT
            if h >= 0.73 * size * PT + 0.4 and tw <= w - 0.4:  # 0.73 em: the cap height
                ops.append(
                    TextOp(
                        x + (w - tw) / 2,
                        y + h / 2 + 0.36 * size * PT,
                        name,
                        "sans-bold",
                        size,
                        WHITE if here else BLACK,
                    )
                )
    ops.append(TagOp(""))
    return ops
