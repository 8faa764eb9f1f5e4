"""Home-print pages keep the printer's dead zone blank, and no line ends with a one-letter word."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.layout.typography import ONE_LETTER

DPI = 100
MARGIN_MM = 5.0
WHITE = 250  # a pixel darker than this in the border is ink


def _border_ink(pdf: bytes) -> list[tuple[int, float]]:
    """(page number, nearest ink in mm from the paper edge) of every page with ink in the border."""
    doc = pdfium.PdfDocument(pdf)
    found = []
    try:
        b = int(np.ceil(MARGIN_MM / 25.4 * DPI))
        for n, page in enumerate(doc, 1):
            img = np.asarray(page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))
            h, w = img.shape
            ink = img < WHITE
            ink[b : h - b, b : w - b] = False
            if ink.any():
                ys, xs = np.nonzero(ink)
                px = min(xs.min(), w - 1 - xs.max(), ys.min(), h - 1 - ys.max())
                found.append((n, round(px * 25.4 / DPI, 1)))
    finally:
        doc.close()
    return found


def test_a_planted_mark_2mm_from_the_edge_is_seen() -> None:
    from generator.layout.ops import Document, LineOp, Page, Style
    from generator.render.pdf import render_pdf

    mark = LineOp(20.0, 2.0, 23.0, 2.0, Style(width=0.2))  # 2 mm below the top edge
    pdf = render_pdf(Document("t", [Page(210.0, 297.0, [mark])]))
    assert _border_ink(pdf) == [(1, 1.8)]


def test_nothing_prints_within_5mm_of_the_paper_edge(built: dict[str, bytes]) -> None:
    bad = {name: ink for name, pdf in sorted(built.items()) if (ink := _border_ink(pdf))}
    assert not bad, bad


def _line_ends(pdf: bytes) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for page in doc:
            text = page.get_textpage().get_text_range()
            for line in text.splitlines():
                words = line.split()
                # capitals at a line end here are labels ("karta I", "· K"), not prepositions
                last = words[-1].lstrip("(„“") if len(words) >= 2 else ""
                if last in ONE_LETTER and last.islower():
                    out.append(line[-40:])
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_no_extracted_line_ends_with_a_one_letter_word(built: dict[str, bytes], lang: str) -> None:
    bad = {
        name: ends
        for name, pdf in sorted(built.items())
        if f"-{lang}-" in name and (ends := _line_ends(pdf))
    }
    assert not bad, bad
