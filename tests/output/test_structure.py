"""Every built-in PDF: exact page sizes, embedded fonts, Czech text intact, same bytes twice."""

from __future__ import annotations

import hashlib
import io

import pytest
from pypdf import PdfReader

from generator.cli.common import load_packs
from generator.output.build import plan, render_jobs

PT = 72 / 25.4
PAPER_PT = {
    "a4": (210 * PT, 297 * PT),
    "letter": (215.9 * PT, 279.4 * PT),
    "a3": (297 * PT, 420 * PT),
}


def _fonts(reader: PdfReader) -> dict[str, bool]:
    """Font name -> embedded, over every page."""
    found: dict[str, bool] = {}
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            name = str(font.get("/BaseFont"))
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            found[name] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


def test_every_pdf_has_exact_paper_size(built: dict[str, bytes]) -> None:
    assert built
    for name, data in built.items():
        paper = name.rsplit("-", 1)[1].removesuffix(".pdf")
        w, h = PAPER_PT[paper]
        for page in PdfReader(io.BytesIO(data)).pages:
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            assert {round(pw, 2), round(ph, 2)} == {round(w, 2), round(h, 2)}, name


def test_every_font_is_embedded_and_bundled(built: dict[str, bytes]) -> None:
    for name, data in built.items():
        fonts = _fonts(PdfReader(io.BytesIO(data)))
        assert fonts, name
        for font, embedded in fonts.items():
            assert embedded, f"{name}: {font} not embedded"
            assert "Helvetica" not in font and "Times" not in font, f"{name}: {font}"


def test_czech_text_survives_extraction(built: dict[str, bytes]) -> None:
    text = PdfReader(io.BytesIO(built["papirove-doupe-rules-cs-a4.pdf"])).pages[0].extract_text()
    for word in ("dobrodruhů", "zranění", "úroveň", "kostky"):
        assert word in text
    for letter in "řěůčšžýáíé":
        assert letter in text
    monsters = (
        PdfReader(io.BytesIO(built["papirove-doupe-monsters-cs-a4.pdf"])).pages[0].extract_text()
    )
    assert "Slabina" in monsters and "Síla" in monsters


def test_english_build_is_english(built: dict[str, bytes]) -> None:
    text = PdfReader(io.BytesIO(built["papirove-doupe-monsters-en-a4.pdf"])).pages[0].extract_text()
    assert "Weakness" in text and "Slabina" not in text


@pytest.mark.parametrize("game", ["papirove-doupe"])
def test_two_builds_are_byte_identical(game: str, built: dict[str, bytes], tmp_path) -> None:
    # a fresh build (packs loaded again, new renderer) against the session's build
    jobs = plan(load_packs([game], None), None, None)
    again = {r.path.name: hashlib.sha256(r.data).hexdigest() for r in render_jobs(jobs, tmp_path)}
    first = {
        name: hashlib.sha256(data).hexdigest()
        for name, data in built.items()
        if name.startswith(f"{game}-")
    }
    assert again == first
    # every printable of the game, in 2 languages and on 2 papers (the sheet also fillable)
    assert {"papirove-doupe-sheet-fillable-cs-letter.pdf", "papirove-doupe-dice-en-a4.pdf"} <= set(
        first
    )


def smallest_text(data: bytes) -> tuple[float, str]:
    """The smallest font size (pt) of any printed character of a PDF, with that character."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    doc = pypdfium2.PdfDocument(data)
    smallest = (1000.0, "")
    try:
        for page in doc:
            tp = page.get_textpage()
            for i in range(tp.count_chars()):
                ch = chr(pdfium_c.FPDFText_GetUnicode(tp.raw, i))
                if ch.strip():
                    smallest = min(smallest, (pdfium_c.FPDFText_GetFontSize(tp.raw, i), ch))
    finally:
        doc.close()
    return smallest


def test_nothing_is_printed_below_six_points(built: dict[str, bytes]) -> None:
    # 6 pt is about the smallest text that stays legible from a home printer at arm's length.
    small = {}
    for name, data in sorted(built.items()):
        size, ch = smallest_text(data)
        if size < 6 - 1e-6:
            small[name] = (round(size, 2), ch)
    assert not small
