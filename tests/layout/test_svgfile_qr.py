"""Full SVG files (svglib in the render layer), QR boxes, and card data from spreadsheets."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.tables import load_cards_file
from generator.errors import PapirnaError
from generator.layout.images import image_ops
from generator.layout.ops import Document, GroupOp, Page, PathOp, SvgOp
from generator.layout.qr import qr_ops
from generator.render.pdf import render_pdf
from tests.sheets import write_ods, write_xlsx

INKSCAPE = Path(__file__).parent.parent / "decks" / "own-game" / "icons" / "shield.svg"
SIMPLE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>'


def _pdf(ops: list) -> bytes:
    return render_pdf(Document("t", [Page(50, 50, ops)]))


def _pixel(pdf: bytes, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        image = doc[0].render(scale=300 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return image.getpixel((round(x_mm / 25.4 * 300), round(y_mm / 25.4 * 300)))


def test_inkscape_svg_is_drawn_whole_as_vector_and_deterministic(tmp_path: Path) -> None:
    (tmp_path / "i.svg").write_bytes(INKSCAPE.read_bytes())
    ops = image_ops("i.svg", tmp_path, 5, 5, 40, 40, "contain")
    assert len(ops) == 1 and isinstance(ops[0], SvgOp)
    assert (ops[0].x, ops[0].y, ops[0].w, ops[0].h) == (5, 5, 40, 40)  # a 40 x 40 mm file
    pdf = _pdf(ops)
    assert pdf == _pdf(ops)
    assert b"/Helvetica" not in pdf and b"/Subtype /Image" not in pdf and b"/Shading" in pdf
    # the shield's gradient runs from #f2c14e (top) to #b5651d (bottom): near x = 25 mm
    # (viewBox 20 -> 5 + 20 mm) at y = 5 + 6 mm it is light, at y = 5 + 33 mm dark
    top, bottom = _pixel(pdf, 25, 11), _pixel(pdf, 25, 38)
    assert top[0] > 220 and top[2] < 120 and bottom[0] < 200 and bottom[1] < 120
    # the <use>d gem at (13, 27) is the defs' blue #2f5d8a
    assert _pixel(pdf, 5 + 13, 5 + 27) == pytest.approx((0x2F, 0x5D, 0x8A), abs=12)


def test_simple_svg_still_goes_through_papirnas_own_paths(tmp_path: Path) -> None:
    (tmp_path / "s.svg").write_text(SIMPLE)
    ops = image_ops("s.svg", tmp_path, 0, 0, 10, 10, "contain")
    # one shared group (stored once per file), holding papirna's own paths
    assert len(ops) == 1 and isinstance(ops[0], GroupOp) and ops[0].shared
    assert ops[0].ops and all(isinstance(op, PathOp) for op in ops[0].ops)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            '<image href="photo.png" width="5" height="5"/>',
            "uses <image> (an embedded or linked picture)",
        ),
        ('<filter id="f"/>', "uses <filter> (a filter (blur, shadow))"),
        ('<use href="other.svg#x"/>', "links to another file ('other.svg#x')"),
    ],
)
def test_what_cannot_print_as_vector_is_refused(tmp_path: Path, extra: str, message: str) -> None:
    text = INKSCAPE.read_text().replace("</svg>", extra + "</svg>")
    (tmp_path / "x.svg").write_text(text)
    with pytest.raises(PapirnaError) as info:
        image_ops("x.svg", tmp_path, 0, 0, 10, 10, "contain")
    assert message in info.value.message and "'x.svg'" in info.value.message


def test_qr_code_is_the_segno_matrix_as_squares() -> None:
    data = "https://example.org/brod"
    code = segno.make_qr(data, error="m", boost_error=False)
    n = len(code.matrix)
    dark = sum(sum(row) for row in code.matrix)
    ops = qr_ops(data, 0, 0, 30, 20, "m", 0, (0, 0, 0))
    assert len(ops) == 1
    squares = [s for s in ops[0].segments if s[0] == "M"]
    # modules are joined into runs along each row; the runs cover exactly the dark modules
    module = 20 / n  # the square side is the box's smaller side, centred: x from 5 to 25 mm
    covered = 0
    for i, seg in enumerate(ops[0].segments):
        if seg[0] == "M":
            covered += round((ops[0].segments[i + 1][1] - seg[1]) / module)
    assert covered == dark and squares[0][1] >= 5 - 1e-9
    with pytest.raises(PapirnaError, match="too small for this QR code"):
        qr_ops(data, 0, 0, 5, 5, "m", 0, (0, 0, 0))


def test_spreadsheets_sheets_empty_rows_and_counts(tmp_path: Path) -> None:
    rows = [["", ""], ["name", "count"], ["A", 2], [], ["B", None], ["C", "3"]]
    for path in (
        write_xlsx(tmp_path / "c.xlsx", {"S": rows}),
        write_ods(tmp_path / "c.ods", {"S": rows}),
    ):
        doc = load_cards_file(path, "S")
        # the blank row above the header is dropped, the empty row 4 skipped, empty count is 1
        assert doc.data == [
            {"name": "A", "count": 2},
            {"name": "B", "count": 1},
            {"name": "C", "count": 3},
        ]
        assert doc.where((2, "name")) == (6, 1)
        with pytest.raises(PapirnaError, match="no sheet 'T'; the workbook has 'S'"):
            load_cards_file(path, "T")


def test_csv_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_bytes("\ufeffname;count\nŽába;2\n".encode())
    notices: list[str] = []
    assert load_cards_file(path, notices=notices).data == [{"name": "Žába", "count": 2}]
    assert notices == []


CELL = st.text(alphabet="abcčďěňřšťůžÁ ,;\"'\n-–·12", max_size=12)


@given(
    st.lists(st.tuples(CELL, CELL), min_size=1, max_size=8), st.sampled_from(["utf-8", "utf-8-sig"])
)
@settings(max_examples=60, deadline=None)
def test_csv_cells_come_back_as_written(rows: list[tuple[str, str]], encoding: str) -> None:
    """Whatever Excel-style quoting the csv module writes, the cards hold exactly those cells."""
    import csv
    import tempfile

    buf = io.StringIO(newline="")
    writer = csv.writer(buf)
    writer.writerow(["name", "text"])
    writer.writerows(rows)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "c.csv"
        path.write_bytes(buf.getvalue().encode(encoding))
        cards = load_cards_file(path).data
    kept = [{"name": a, "text": b} for a, b in rows if (a + b).strip()]  # blank rows are skipped
    assert cards == kept
