"""Boards larger than the paper: tiles overlap, the overlaps show the same part of the board, the
assembly marks stay off the art that is visible once the tiles are laid together, and the visible
parts put together give back the board exactly."""

from __future__ import annotations

import io

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.layout.builders import Drawn
from generator.layout.ops import Document, LineOp, Page, RectOp, Style
from generator.output.tiling import (
    MARGIN,
    OVERLAP,
    plan_tiles,
    tile,
    tile_grid,
    tile_layout,
    tile_name,
    tile_origin,
    visible_box,
)
from generator.render.pdf import render_pdf

DPI = 254  # 10 px per mm: tile origins, margins and seams fall on whole pixels
K = 10
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def _board(w: float, h: float) -> Drawn:
    """A board of 10 mm squares in many colours, with diagonal lines across them."""
    ops: list = []
    for i in range(int(w // 10)):
        for j in range(int(h // 10)):
            shade = ((i * 7 + j * 13) % 10) / 10
            fill = (shade, 0.5, 1 - shade)
            ops.append(RectOp(i * 10.0, j * 10.0, 10.0, 10.0, Style(fill=fill, stroke=None)))
    for k in range(0, int(w + h), 17):
        ops.append(LineOp(k, 0, k - h, h, Style(stroke=(0.1, 0.1, 0.1), width=0.3)))
    return Drawn(w, h, ops, "board")


def _render(pages: list[Page]) -> list[np.ndarray]:
    """Every page as an RGB uint8 array at 10 px per mm."""
    pdf = pdfium.PdfDocument(render_pdf(Document("t", pages)))
    try:
        return [
            np.asarray(pdf[i].render(scale=DPI / 72).to_pil().convert("RGB"))
            for i in range(len(pages))
        ]
    finally:
        pdf.close()


def _marked(image: np.ndarray, plain: np.ndarray) -> np.ndarray:
    """Where an image of the plain green board differs from its green: the marks."""
    return np.abs(image.astype(np.int16) - plain.astype(np.int16)).max(axis=-1) > 3


def _mismatch(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where b is off (by more than 40 levels) the range of a's pixels within 1 px (0.1 mm).

    The rasteriser places anti-aliased edges a fraction of a pixel differently at different page
    positions; a 1 px leeway keeps that noise out while a real shift of the art still shows.
    """
    h, w = b.shape[:2]
    off = np.zeros((h, w), dtype=bool)
    for k in range(b.shape[2]):  # channel by channel: whole planes are much faster in numpy
        pad = np.pad(a[..., k].astype(np.int16), 1, mode="edge")
        low = pad[1 : h + 1, 1 : w + 1].copy()
        high = low.copy()
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                np.minimum(low, pad[dy : dy + h, dx : dx + w], out=low)
                np.maximum(high, pad[dy : dy + h, dx : dx + w], out=high)
        plane = b[..., k].astype(np.int16)
        off |= (plane < low - 40) | (plane > high + 40)
    return off


def _px(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    return tuple(round(v * K) for v in box)  # type: ignore[return-value]


CASES = [
    ((297.0, 420.0), A4),
    ((500.0, 300.0), A4),
    ((400.0, 280.0), LETTER),
    ((400.0, 280.0), A4),  # 3 portrait sheets, the label in the bottom margin
]


CASE_IDS = ["a3-on-a4", "wide-on-a4", "wide-on-letter", "wide-on-a4-3"]


@pytest.fixture(scope="module", params=CASES, ids=CASE_IDS)
def case(request) -> dict:
    """A board tiled on a paper, rendered with its art and with plain green art."""
    size, paper = request.param
    art = _render(tile(_board(*size), paper, "board"))
    # a plain green board: whatever differs from its green is a mark (marks are black, white
    # and their greys, so none of them can pass for the board)
    plain = RectOp(0, 0, size[0], size[1], Style(fill=(0.2, 0.6, 0.3), stroke=None))
    marks = _render(tile(Drawn(size[0], size[1], [plain], "board"), paper, "board"))
    whole = _render([Page(size[0], size[1], _board(*size).ops)])[0]
    return {"size": size, "paper": paper, "art": art, "marks": marks, "whole": whole}


def test_tile_count_for_an_a3_board_on_a4() -> None:
    cols, rows, vw, vh = tile_grid((297.0, 420.0), A4)
    # 8.5 mm margins (5 mm the printer leaves blank, then the ticks) and a 6 mm band below:
    # 210 - 17 = 193 mm wide, 297 - 17 - 6 = 274 mm high
    assert (vw, vh) == (193.0, 274.0)
    assert (cols, rows) == (2, 2)
    # the last tile ends exactly at the board's edge
    assert tile_origin(1, 1, (297.0, 420.0), (vw, vh), cols, rows) == (297.0 - 193.0, 420.0 - 274.0)


def test_a_400_by_280_board_takes_3_portrait_a4_sheets() -> None:
    """The Runebound board (400 x 280 mm) on A4, worked by hand.

    Portrait, label band below the art: 210 - 2 * 8.5 = 193 wide, 297 - 17 - 6 = 274 high;
    columns: n * 193 - (n - 1) * 12 >= 400 first holds at n = 3 (555; n = 2 gives 374);
    rows: 280 > 274, n = 2 (536) -> 6 sheets.
    Portrait, label in the bottom margin: 193 x 280 -> 3 columns, 1 row (280 <= 280) -> 3.
    Landscape: 297 - 17 = 280 wide -> 2 columns (548); 210 - 17 - 6 = 187 (or 193) high ->
    2 rows (362) -> 4. Fewest: 3 portrait sheets, with the label in the margin.
    Even overlaps: (3 * 193 - 400) / 2 = 89.5 mm at each seam; the tiles start at 0,
    193 - 89.5 = 103.5 and 207 (207 + 193 = 400, the board's edge).
    """
    plan = plan_tiles((400.0, 280.0), A4)
    assert (plan.paper, plan.cols, plan.rows, plan.view, plan.band) == (
        A4,
        3,
        1,
        (193.0, 280.0),
        0.0,
    )
    tiles = tile_layout((400.0, 280.0), plan)
    assert [(t.x, t.y, t.seam_x, t.seam_y) for t in tiles] == [
        (0.0, 0.0, 103.5, None),
        (103.5, 0.0, 103.5, None),
        (207.0, 0.0, None, None),
    ]
    assert [193.0 - t.seam_x for t in tiles[:2]] == [89.5, 89.5]  # overlap = view - seam


def test_a_280_by_400_board_on_a4_overlaps_evenly() -> None:
    """The PJi board (280 x 400 mm) on A4, worked by hand.

    Landscape: 297 - 17 = 280 wide -> 1 column; 210 - 17 - 6 = 187 high -> n * 187 -
    (n - 1) * 12 >= 400 at n = 3 (537; n = 2 gives 362) -> 3 sheets. Portrait: 193 x 274 ->
    2 columns (374 >= 280) x 2 rows (536 >= 400) -> 4. Fewest: 3 landscape sheets.
    Even overlaps: (3 * 187 - 400) / 2 = 80.5 mm at both seams (not 187 - 38 = 149 at the
    second as when every tile but the last kept the minimum 12 mm step); the tiles start at
    0, 106.5 and 213 (213 + 187 = 400).
    """
    plan = plan_tiles((280.0, 400.0), A4)
    assert (plan.paper, plan.cols, plan.rows, plan.view) == ((297.0, 210.0), 1, 3, (280.0, 187.0))
    tiles = tile_layout((280.0, 400.0), plan)
    assert [(t.y, t.seam_y) for t in tiles] == [(0.0, 106.5), (106.5, 106.5), (213.0, None)]
    assert [187.0 - t.seam_y for t in tiles[:2]] == [80.5, 80.5]


def test_a_400_by_280_board_on_letter_takes_4_landscape_sheets() -> None:
    """Letter (215.9 x 279.4 mm), worked by hand.

    Portrait: 215.9 - 17 = 198.9 wide -> 3 columns (572.7; 2 give 385.8 < 400); 279.4 - 17 =
    262.4 high even without the band < 280 -> 2 rows -> 6 sheets. Landscape: 262.4 wide -> 2
    columns (512.8); 215.9 - 17 - 6 = 192.9 high -> 2 rows (373.8) -> 4, with the band.
    Overlaps: 2 * 262.4 - 400 = 124.8 mm across, 2 * 192.9 - 280 = 105.8 mm down.
    """
    plan = plan_tiles((400.0, 280.0), LETTER)
    assert (plan.paper, plan.cols, plan.rows, plan.band) == ((279.4, 215.9), 2, 2, 6.0)
    a1 = tile_layout((400.0, 280.0), plan)[0]
    assert plan.view[0] - a1.seam_x == pytest.approx(124.8)
    assert plan.view[1] - a1.seam_y == pytest.approx(105.8)


@settings(max_examples=80, deadline=None)
@given(
    st.floats(min_value=150, max_value=900),
    st.floats(min_value=150, max_value=900),
    st.sampled_from([A4, LETTER]),
)
def test_the_plan_takes_the_fewest_sheets_of_any_grid(bw: float, bh: float, paper) -> None:
    """No grid of either orientation (with the label band or without) covers the board with
    at least OVERLAP at each seam on fewer sheets; the overlaps along an axis are all equal."""
    plan = plan_tiles((bw, bh), paper)
    fewest = None
    for pw, ph in (paper, paper[::-1]):
        for band in (6.0, 0.0):
            vw, vh = pw - 2 * MARGIN, ph - 2 * MARGIN - band
            for c in range(1, 12):
                for r in range(1, 12):
                    wide = bw <= vw if c == 1 else c * vw - (c - 1) * OVERLAP >= bw - 1e-9
                    high = bh <= vh if r == 1 else r * vh - (r - 1) * OVERLAP >= bh - 1e-9
                    if wide and high and (fewest is None or c * r < fewest):
                        fewest = c * r
    assert fewest is not None and plan.cols * plan.rows == fewest
    tiles = tile_layout((bw, bh), plan)
    vw, vh = plan.view
    across = {round(vw - t.seam_x, 6) for t in tiles if t.seam_x is not None}
    down = {round(vh - t.seam_y, 6) for t in tiles if t.seam_y is not None}
    assert len(across) <= 1 and len(down) <= 1  # one overlap per axis
    assert all(o >= OVERLAP - 1e-6 for o in across | down)
    last = tiles[-1]
    if plan.cols > 1:
        assert last.x + vw == pytest.approx(bw)  # the last tile ends at the board's edge
    if plan.rows > 1:
        assert last.y + vh == pytest.approx(bh)


def test_nothing_in_the_printers_dead_zone(case: dict) -> None:
    """Every tile keeps 5 mm (50 px) of blank paper at every edge, the label too."""
    for i, image in enumerate(case["art"]):
        edge = 5 * K
        for strip in (image[:edge], image[-edge:], image[:, :edge], image[:, -edge:]):
            assert strip.min() > 245, f"ink in the dead zone of tile {i + 1}"


def test_tile_names() -> None:
    assert [tile_name(c, r) for r, c in ((0, 0), (0, 1), (1, 0), (1, 2))] == [
        "A1",
        "A2",
        "B1",
        "B3",
    ]
    assert tile_name(0, 25) == "Z1"
    assert tile_name(3, 26) == "AA4"


def test_tile_layout_of_an_a3_board_on_a4() -> None:
    # A3 (297 x 420) on A4: tiles show 193 x 274 mm; the second column starts at 297 - 193 = 104,
    # the second row at 420 - 274 = 146; so A1 keeps 104 x 146 mm visible once B2 etc. lie on it
    tiles = tile_layout((297.0, 420.0), plan_tiles((297.0, 420.0), A4))
    assert [(t.name, t.x, t.y, t.seam_x, t.seam_y) for t in tiles] == [
        ("A1", 0.0, 0.0, 104.0, 146.0),
        ("A2", 104.0, 0.0, None, 146.0),
        ("B1", 0.0, 146.0, 104.0, None),
        ("B2", 104.0, 146.0, None, None),
    ]
    assert visible_box(tiles[0], (193.0, 274.0)) == (0.0, 0.0, 104.0, 146.0)
    assert visible_box(tiles[3], (193.0, 274.0)) == (0.0, 0.0, 193.0, 274.0)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(min_value=150, max_value=900),
    st.floats(min_value=150, max_value=900),
    st.sampled_from([A4, LETTER]),
)
def test_visible_parts_cover_the_board_once(bw: float, bh: float, paper) -> None:
    plan = plan_tiles((bw, bh), paper)
    cols, rows, (vw, vh) = plan.cols, plan.rows, plan.view
    if cols * rows == 1:
        return
    area = 0.0
    boxes = []
    for t in tile_layout((bw, bh), plan):
        x0, y0, x1, y1 = visible_box(t, (vw, vh))
        # in board mm, cut to the board (a single row or column is centred with paper around)
        box = (max(t.x + x0, 0), max(t.y + y0, 0), min(t.x + x1, bw), min(t.y + y1, bh))
        assert box[0] < box[2] and box[1] < box[3]
        # every overlap is at least 12 mm: the seams lie that far inside the tile
        if t.seam_x is not None:
            assert vw - t.seam_x >= 12.0 - 1e-9
        if t.seam_y is not None:
            assert vh - t.seam_y >= 12.0 - 1e-9
        boxes.append(box)
        area += (box[2] - box[0]) * (box[3] - box[1])
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            # no two visible parts overlap
            assert (
                min(a[2], b[2]) - max(a[0], b[0]) <= 1e-6
                or min(a[3], b[3]) - max(a[1], b[1]) <= 1e-6
            )
    assert area == pytest.approx(bw * bh)


def test_marks_stay_off_the_visible_art(case: dict) -> None:
    """On a plain green board every mark shows: none is inside any tile's visible part."""
    plan = plan_tiles(case["size"], case["paper"])
    cols, rows, (vw, vh) = plan.cols, plan.rows, plan.view
    tiles = tile_layout(case["size"], plan)
    assert len(case["marks"]) == len(tiles) == cols * rows
    for t, image in zip(tiles, case["marks"], strict=True):
        x0, y0, x1, y1 = _px(visible_box(t, (vw, vh)))
        m = round(MARGIN * K)
        visible = image[m + y0 : m + y1, m + x0 : m + x1]
        plain = image[m + 1, m + 1]  # the board's top-left corner is always visible
        assert not _marked(visible, plain).any(), f"a mark on the visible art of {t.name}"
        # ...but there are marks: the seams' strips and the paper margin carry them
        if t.seam_x is not None:
            strip = image[m : m + round(vh * K), m + x1 : m + round(vw * K)]
            assert _marked(strip, plain).sum() > 200, t.name
        if t.seam_y is not None:
            strip = image[m + y1 : m + round(vh * K), m : m + round(vw * K)]
            assert _marked(strip, plain).sum() > 200, t.name
        margin = image[: m - 2, :]
        assert (margin.max(axis=2) < 100).sum() > 20, t.name  # crop marks above the art


def test_neighbours_match_in_the_overlap(case: dict) -> None:
    """Wherever no mark is printed, neighbouring tiles show the same art in their overlap."""
    size, paper = case["size"], case["paper"]
    plan = plan_tiles(size, paper)
    cols, rows, (vw, vh) = plan.cols, plan.rows, plan.view
    tiles = tile_layout(size, plan)
    index = {(t.col, t.row): i for i, t in enumerate(tiles)}
    m = round(MARGIN * K)

    def region(i: int, box: tuple[float, float, float, float]) -> tuple[np.ndarray, np.ndarray]:
        """The board box (x0, y0, x1, y1 in board mm) on tile i: art, and where marks are."""
        t = tiles[i]
        x0, y0, x1, y1 = _px((box[0] - t.x, box[1] - t.y, box[2] - t.x, box[3] - t.y))
        art = case["art"][i][m + y0 : m + y1, m + x0 : m + x1]
        marks = _marked(
            case["marks"][i][m + y0 : m + y1, m + x0 : m + x1], case["marks"][i][m + 1, m + 1]
        )
        return art, marks

    checked = 0
    for t in tiles:
        for other, box in (
            (
                (t.col + 1, t.row),
                None if t.seam_x is None else (t.x + t.seam_x, t.y, t.x + vw, t.y + vh),
            ),
            (
                (t.col, t.row + 1),
                None if t.seam_y is None else (t.x, t.y + t.seam_y, t.x + vw, t.y + vh),
            ),
        ):
            if box is None:
                continue
            a, ma = region(index[(t.col, t.row)], box)
            b, mb = region(index[other], box)
            clean = ~(ma | mb)
            assert clean.mean() > 0.75  # the marks take little of the overlap
            assert _mismatch(a, b)[clean].mean() < 0.001, (t.name, other)
            checked += 1
    assert checked == (cols - 1) * rows + cols * (rows - 1)


def test_assembled_tiles_give_back_the_board(case: dict) -> None:
    """Cut to their visible parts and laid together, the tiles match the board within 0.2 mm."""
    size, paper = case["size"], case["paper"]
    plan = plan_tiles(size, paper)
    vw, vh = plan.view
    whole = case["whole"][: round(size[1] * K), : round(size[0] * K)]
    canvas = np.zeros_like(whole)
    covered = np.zeros(whole.shape[:2], dtype=bool)
    m = round(MARGIN * K)
    for t, image in zip(tile_layout(size, plan), case["art"], strict=True):
        x0, y0, x1, y1 = visible_box(t, (vw, vh))
        x0, y0 = max(x0, -t.x), max(y0, -t.y)
        x1, y1 = min(x1, size[0] - t.x), min(y1, size[1] - t.y)
        bx, by, ex, ey = _px((t.x + x0, t.y + y0, t.x + x1, t.y + y1))
        px0, py0 = _px((x0, y0, 0, 0))[:2]
        canvas[by:ey, bx:ex] = image[m + py0 : m + py0 + ey - by, m + px0 : m + px0 + ex - bx]
        covered[by:ey, bx:ex] = True
    assert covered.all(), "a part of the board is on no tile"
    # the best alignment of the assembled board and the board itself, within +-3 px (every
    # third row is enough to see a shift)
    scores = {}
    inner = whole[5:-5:3, 5:-5]
    planes = [np.ascontiguousarray(inner[..., k]) for k in range(3)]  # see _mismatch
    for dy in range(-3, 4):
        rows = canvas[5 + dy : canvas.shape[0] - 5 + dy : 3]
        row_planes = [np.ascontiguousarray(rows[..., k]) for k in range(3)]
        for dx in range(-3, 4):
            off = np.zeros(inner.shape[:2], dtype=bool)  # a channel more than 40 levels off
            for shifted, plain in zip(row_planes, planes, strict=True):
                shifted = shifted[:, 5 + dx : canvas.shape[1] - 5 + dx]
                off |= np.maximum(shifted, plain) - np.minimum(shifted, plain) > 40
            scores[(dx, dy)] = off.mean()
    (dx, dy), best = min(scores.items(), key=lambda kv: kv[1])
    assert abs(dx) <= 2 and abs(dy) <= 2  # 2 px = 0.2 mm
    assert best == scores[(0, 0)]
    assert _mismatch(canvas, whole).mean() < 0.0005


def test_matching_tags_on_both_sides_of_a_seam() -> None:
    pages = tile(_board(297.0, 420.0), A4, "board")
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(Document("t", pages))))
    texts = [p.extract_text() for p in reader.pages]
    # A1's strips carry the tags of the tiles laid on them; those tiles repeat them in the margin
    assert "A1 → A2" in texts[0] and "A1 → A2" in texts[1]
    assert "A1 ↓ B1" in texts[0] and "A1 ↓ B1" in texts[2]
    assert "A2 ↓ B2" in texts[1] and "A2 ↓ B2" in texts[3]
    assert "B1 → B2" in texts[2] and "B1 → B2" in texts[3]
    assert "board · B2 · 4/4" in texts[3]
    # the index map names every tile on every page
    for text in texts:
        for name in ("A1", "A2", "B1", "B2"):
            assert name in text


def test_tiles_are_byte_identical_for_the_same_input() -> None:
    one = render_pdf(Document("t", tile(_board(500.0, 300.0), LETTER, "board")))
    two = render_pdf(Document("t", tile(_board(500.0, 300.0), LETTER, "board")))
    assert one == two
