"""Shared groups (a board cut into tiles) are stored once in the PDF and look the same."""

from __future__ import annotations

import io

import pypdfium2
from pypdf import PdfReader

from generator.layout.ops import Document, EllipseOp, GroupOp, Page, RectOp, Style, TextOp
from generator.render.pdf import render_pdf

RED, BLUE = (0.8, 0.1, 0.1), (0.1, 0.2, 0.8)


def art() -> tuple:
    """A 300 x 200 mm 'board': a grid of circles and squares with Czech labels."""
    ops: list = [RectOp(0, 0, 300, 200, Style(fill=(0.95, 0.9, 0.8), stroke=None))]
    for i in range(30):
        for j in range(20):
            x, y = 5 + i * 10, 5 + j * 10
            if (i + j) % 2:
                ops.append(EllipseOp(x, y, 3, 3, Style(fill=RED, stroke=BLUE, width=0.3)))
            else:
                ops.append(RectOp(x - 3, y - 3, 6, 6, Style(fill=BLUE, stroke=None)))
        ops.append(TextOp(5 + i * 10, 199, f"ř{i}", "sans-regular", 6))
    return tuple(ops)


def tiled(shared: bool) -> Document:
    """The board on four A4 landscape pages, each showing one clipped quarter."""
    board = art()
    pages = []
    for col in (0, 1):
        for row in (0, 1):
            bx, by = col * 150, row * 100
            group = GroupOp(10 - bx, 10 - by, board, (bx, by, 150, 100), shared=shared)
            pages.append(Page(297, 210, [group]))
    return Document("tiles", pages)


def test_a_shared_board_is_stored_once_and_looks_the_same() -> None:
    plain, shared = render_pdf(tiled(False)), render_pdf(tiled(True))
    # four copies of the board against one; the embedded font, the same in both, is the rest
    assert len(shared) * 2 < len(plain)
    reader = PdfReader(io.BytesIO(shared))
    forms = {
        page["/Resources"]["/XObject"][name].indirect_reference.idnum
        for page in reader.pages
        for name in page["/Resources"]["/XObject"]
    }
    assert len(forms) == 1
    a, b = pypdfium2.PdfDocument(plain), pypdfium2.PdfDocument(shared)
    for i in range(4):
        pa = a[i].render(scale=60 / 72).to_pil().convert("L")
        pb = b[i].render(scale=60 / 72).to_pil().convert("L")
        assert pa.tobytes() == pb.tobytes(), f"page {i + 1} differs"
    assert render_pdf(tiled(True)) == shared  # byte-identical


def test_text_after_a_shared_form_keeps_its_font_and_colour() -> None:
    board = art()
    after = TextOp(20, 150, "Žluťoučký kůň", "sans-bold", 14, RED)
    doc = Document("t", [Page(297, 210, [GroupOp(0, 0, board, (0, 0, 100, 100), True), after])])
    ref = Document("t", [Page(297, 210, [GroupOp(0, 0, board, (0, 0, 100, 100)), after])])
    pa = pypdfium2.PdfDocument(render_pdf(ref))[0].render(scale=1).to_pil()
    pb = pypdfium2.PdfDocument(render_pdf(doc))[0].render(scale=1).to_pil()
    assert pa.tobytes() == pb.tobytes()
