"""Paths fill by the rule their style asks for (SVG's nonzero by default, or evenodd)."""

from __future__ import annotations

import pypdfium2
import pytest

from generator.layout.ops import Document, Page, PathOp, Style
from generator.render.pdf import render_pdf


def square(x: float, y: float, size: float) -> list[tuple]:
    """A square path, clockwise on the page."""
    return [("M", x, y), ("L", x + size, y), ("L", x + size, y + size), ("L", x, y + size), ("Z",)]


@pytest.mark.parametrize(("evenodd", "centre"), [(False, 0), (True, 255)])
def test_two_squares_wound_alike(evenodd: bool, centre: int) -> None:
    # An outer and an inner square wound the same way: nonzero fills both, evenodd cuts a hole.
    path = PathOp(
        tuple(square(0, 0, 30) + square(10, 10, 10)),
        Style(fill=(0, 0, 0), stroke=None, evenodd=evenodd),
    )
    pdf = render_pdf(Document("fill", [Page(30, 30, [path])]))
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("L")
    w, h = image.size
    assert image.getpixel((w // 2, h // 2)) == centre
    assert image.getpixel((w // 6, h // 6)) == 0  # the ring is filled either way
