"""Boards larger than the paper: tiles overlap, and the overlaps show the same part of the board."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops

from generator.layout.ops import Document, RectOp, Style
from generator.layout.printables.registry import Drawn
from generator.output.tiling import MARGIN, tile, tile_grid, tile_origin
from generator.render.pdf import render_pdf

DPI = 150
PX = DPI / 25.4
A4 = (210.0, 297.0)


def _board(w: float, h: float) -> Drawn:
    ops = []
    for i in range(int(w // 10)):
        for j in range(int(h // 10)):
            shade = ((i * 7 + j * 13) % 10) / 10
            ops.append(
                RectOp(
                    i * 10.0, j * 10.0, 10.0, 10.0, Style(fill=(shade, 0.5, 1 - shade), stroke=None)
                )
            )
    return Drawn(w, h, ops, "board")


def test_tile_count_for_an_a3_board_on_a4() -> None:
    cols, rows, vw, vh = tile_grid((297.0, 420.0), A4)
    assert (vw, vh) == (196.0, 277.0)
    assert (cols, rows) == (2, 2)
    # the last tile ends exactly at the board's edge
    assert tile_origin(1, 1, (297.0, 420.0), (vw, vh), cols, rows) == (297.0 - 196.0, 420.0 - 277.0)


@pytest.mark.parametrize("size", [(297.0, 420.0), (500.0, 300.0)])
def test_overlaps_match(size: tuple[float, float]) -> None:
    board = _board(*size)
    pages = tile(board, A4, "board")
    cols, rows, vw, vh = tile_grid(size, A4)
    assert len(pages) == cols * rows
    pdf = pdfium.PdfDocument(render_pdf(Document("t", pages)))
    images = [pdf[i].render(scale=DPI / 72).to_pil().convert("RGB") for i in range(len(pages))]

    def crop(index: int, col: int, row: int, box: tuple[float, float, float, float]):
        """The board region `box` (x0, y0, x1, y1 in board mm) as seen on one tile."""
        bx, by = tile_origin(col, row, size, (vw, vh), cols, rows)
        x0, y0, x1, y1 = box
        px = [round((MARGIN + v - o) * PX) for v, o in ((x0, bx), (y0, by), (x1, bx), (y1, by))]
        return images[index].crop(tuple(px))

    checked = 0
    for row in range(rows):
        for col in range(cols - 1):
            ax, ay = tile_origin(col, row, size, (vw, vh), cols, rows)
            nx, _ = tile_origin(col + 1, row, size, (vw, vh), cols, rows)
            region = (nx + 1, ay + 5, ax + vw - 1, ay + vh - 5)
            a = crop(row * cols + col, col, row, region)
            b = crop(row * cols + col + 1, col + 1, row, region)
            diff = ImageChops.difference(a, b).convert("L")
            assert sum(diff.histogram()[40:]) / (diff.width * diff.height) < 0.01
            checked += 1
    for row in range(rows - 1):
        for col in range(cols):
            ax, ay = tile_origin(col, row, size, (vw, vh), cols, rows)
            _, ny = tile_origin(col, row + 1, size, (vw, vh), cols, rows)
            region = (ax + 5, ny + 1, ax + vw - 5, ay + vh - 1)
            a = crop(row * cols + col, col, row, region)
            b = crop((row + 1) * cols + col, col, row + 1, region)
            diff = ImageChops.difference(a, b).convert("L")
            assert sum(diff.histogram()[40:]) / (diff.width * diff.height) < 0.01
            checked += 1
    assert checked >= 2
