"""Tiling: a board larger than the paper printed across several sheets, with overlap, alignment
marks and a tile index."""

from __future__ import annotations

import math

from generator.layout.ops import BLACK, EllipseOp, GroupOp, LineOp, Page, RectOp, Style, TextOp

MARGIN = 7.0  # mm around each tile that printers may not print
OVERLAP = 12.0  # mm of the board printed on both neighbouring tiles
MARK = Style(stroke=BLACK, width=0.2)
ZONE = Style(stroke=(0.55, 0.55, 0.55), width=0.15, dash=(1.0, 1.0))


def tile_grid(board: tuple[float, float], paper: tuple[float, float]) -> tuple[int, int, float, float]:
    """Columns and rows of tiles, and the board width and height each tile shows."""
    bw, bh = board
    pw, ph = paper
    vw, vh = pw - 2 * MARGIN, ph - 2 * MARGIN - 6.0  # 6 mm at the bottom for the tile label
    cols = max(1, math.ceil((bw - OVERLAP) / (vw - OVERLAP) - 1e-9)) if bw > vw else 1
    rows = max(1, math.ceil((bh - OVERLAP) / (vh - OVERLAP) - 1e-9)) if bh > vh else 1
    return cols, rows, vw, vh


def tile_origin(col: int, row: int, board: tuple[float, float], view: tuple[float, float],
                cols: int, rows: int) -> tuple[float, float]:
    """The board coordinates of a tile's top-left corner; the last tiles end at the board edge."""
    bw, bh = board
    vw, vh = view
    x = min(col * (vw - OVERLAP), max(0.0, bw - vw)) if cols > 1 else (bw - vw) / 2
    y = min(row * (vh - OVERLAP), max(0.0, bh - vh)) if rows > 1 else (bh - vh) / 2
    return x, y


def tile(drawn, paper: tuple[float, float], label: str) -> list[Page]:
    """The board cut into overlapping tiles; each shows its place in a small index map."""
    board = (drawn.width, drawn.height)
    pw, ph = paper
    cols, rows, vw, vh = tile_grid(board, paper)
    if cols * rows == 1:
        return [Page(pw, ph, [GroupOp((pw - board[0]) / 2, (ph - board[1]) / 2, tuple(drawn.ops))])]
    pages = []
    total = cols * rows
    for row in range(rows):
        for col in range(cols):
            bx, by = tile_origin(col, row, board, (vw, vh), cols, rows)
            ops: list = [GroupOp(MARGIN - bx, MARGIN - by, tuple(drawn.ops), (bx, by, vw, vh))]
            # overlap zones: dashed lines where the neighbour's tile starts or ends
            if col > 0:
                prev_end = tile_origin(col - 1, row, board, (vw, vh), cols, rows)[0] + vw
                x = MARGIN + prev_end - bx
                ops.append(LineOp(x, MARGIN, x, MARGIN + vh, ZONE))
            if col < cols - 1:
                nxt = tile_origin(col + 1, row, board, (vw, vh), cols, rows)[0]
                x = MARGIN + nxt - bx
                ops.append(LineOp(x, MARGIN, x, MARGIN + vh, ZONE))
            if row > 0:
                prev_end = tile_origin(col, row - 1, board, (vw, vh), cols, rows)[1] + vh
                y = MARGIN + prev_end - by
                ops.append(LineOp(MARGIN, y, MARGIN + vw, y, ZONE))
            if row < rows - 1:
                nxt = tile_origin(col, row + 1, board, (vw, vh), cols, rows)[1]
                y = MARGIN + nxt - by
                ops.append(LineOp(MARGIN, y, MARGIN + vw, y, ZONE))
            ops.extend(_alignment_marks(board, bx, by, vw, vh))
            ops.append(RectOp(MARGIN, MARGIN, vw, vh, Style(stroke=(0.7, 0.7, 0.7), width=0.1)))
            n = row * cols + col + 1
            text = f"{label} · {n}/{total} · ↓{row + 1} →{col + 1}"
            ops.append(TextOp(MARGIN, ph - MARGIN + 1.0, text, "sans-regular", 7))
            ops.extend(_index_map(cols, rows, col, row, pw - MARGIN - 3.0 * cols, ph - MARGIN - 3.2))
            pages.append(Page(pw, ph, ops))
    return pages


def _alignment_marks(board: tuple[float, float], bx: float, by: float, vw: float, vh: float) -> list:
    """Crosses in circles on a 40 mm board grid: matching them stacks the tiles exactly."""
    ops = []
    step = 40.0
    nx, ny = int(board[0] // step), int(board[1] // step)
    for i in range(1, nx + 1):
        for j in range(1, ny + 1):
            x, y = i * step, j * step
            if bx + 2 <= x <= bx + vw - 2 and by + 2 <= y <= by + vh - 2:
                tx, ty = MARGIN + x - bx, MARGIN + y - by
                ops.append(LineOp(tx - 2.5, ty, tx + 2.5, ty, MARK))
                ops.append(LineOp(tx, ty - 2.5, tx, ty + 2.5, MARK))
                ops.append(EllipseOp(tx, ty, 1.2, 1.2, MARK))
    return ops


def _index_map(cols: int, rows: int, col: int, row: int, x: float, y: float) -> list:
    """A little map of all tiles with this one filled in."""
    ops = []
    for r in range(rows):
        for c in range(cols):
            fill = BLACK if (r, c) == (row, col) else None
            ops.append(RectOp(x + c * 3.0, y + r * 2.2 - 2.2 * (rows - 1), 2.6, 1.8,
                              Style(fill=fill, stroke=BLACK, width=0.15)))
    return ops
