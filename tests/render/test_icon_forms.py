"""Icons and SVG images are drawn once per file (a form XObject) and shown at every use."""

from __future__ import annotations

import io

import pypdfium2
from pypdf import PdfReader

from generator.layout.engine import Env
from generator.layout.ops import Document, GroupOp, Page
from generator.layout.svg import svg_ops
from generator.render.metrics import ReportlabMetrics
from generator.render.pdf import render_pdf

RED = (0.8, 0.1, 0.1)


def _forms(data: bytes) -> set[int]:
    """Object numbers of the form XObjects any page shows."""
    reader = PdfReader(io.BytesIO(data))
    return {
        page["/Resources"]["/XObject"][name].indirect_reference.idnum
        for page in reader.pages
        for name in page["/Resources"].get("/XObject", {})
    }


def _grid(place) -> Document:
    """Two pages of 8 x 10 icons: 'skull' in red, 'trap' in black, both 9 mm."""
    pages = []
    for _ in range(2):
        ops: list = []
        for i in range(8):
            for j in range(10):
                name, color = ("skull", RED) if (i + j) % 2 else ("trap", (0.0, 0.0, 0.0))
                ops.extend(place(name, 15 + i * 22.5, 20 + j * 26.3, 9.0, color))
        pages.append(Page(210, 297, ops))
    return Document("icons", pages)


def test_each_icon_is_stored_once_and_looks_as_drawn_in_place() -> None:
    env = Env(ReportlabMetrics())
    shared = render_pdf(_grid(lambda n, x, y, s, c: env.icon_ops(n, x, y, s, s, c)))
    inline = render_pdf(_grid(lambda n, x, y, s, c: svg_ops(env.icon(n), x, y, s, s, c)))
    assert len(_forms(shared)) == 2  # skull in red, trap in black: 160 uses
    assert not _forms(inline)
    assert len(shared) * 3 < len(inline)
    a, b = pypdfium2.PdfDocument(inline), pypdfium2.PdfDocument(shared)
    for i in range(2):
        pa = a[i].render(scale=100 / 72).to_pil().convert("L")
        pb = b[i].render(scale=100 / 72).to_pil().convert("L")
        diff = sum(abs(p - q) > 48 for p, q in zip(pa.tobytes(), pb.tobytes(), strict=True))
        assert diff < pa.width * pa.height * 0.0005, f"page {i + 1}: {diff} pixels differ"


def test_a_form_is_found_by_what_it_draws_not_by_which_tuple_holds_it() -> None:
    env = Env(ReportlabMetrics())
    (one,) = env.icon_ops("skull", 0, 0, 9, 9, RED)
    (other,) = Env(ReportlabMetrics()).icon_ops("skull", 0, 0, 9, 9, RED)
    assert one.ops is not other.ops and one.ops == other.ops
    page = Page(210, 297, [one._replace(dx=20, dy=20), other._replace(dx=60, dy=20)])
    data = render_pdf(Document("t", [page]))
    assert len(_forms(data)) == 1
    # a different size or colour is a different form
    (bigger,) = env.icon_ops("skull", 0, 0, 12, 12, RED)
    (blue,) = env.icon_ops("skull", 0, 0, 9, 9, (0.1, 0.2, 0.8))
    page = Page(210, 297, [one, GroupOp(0, 40, bigger.ops, shared=True), blue])
    assert len(_forms(render_pdf(Document("t", [page])))) == 3
