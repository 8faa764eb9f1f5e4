"""The remembered ToUnicode CMaps are reportlab's own text (issue 25)."""

from __future__ import annotations

from reportlab.pdfbase import ttfonts

from generator.render import pdf


def test_the_remembered_cmap_is_reportlabs_and_is_made_once() -> None:
    subset = [0, 65, 0x10D, 0x159, 0x2212]  # .notdef, A, č, ř, minus
    first = pdf._to_unicode_cmap("AAAAAA+Sans", subset)
    assert first == pdf._MAKE_CMAP("AAAAAA+Sans", subset)
    assert "<04> <2212>" in first  # the fifth code is U+2212
    assert pdf._to_unicode_cmap("AAAAAA+Sans", list(subset)) is first
    assert pdf._to_unicode_cmap("AAAAAB+Sans", subset) != first  # the name is in the text


def test_it_is_used_while_a_file_is_saved_only() -> None:
    before = ttfonts.makeToUnicodeCMap
    with pdf.binary_streams():
        assert ttfonts.makeToUnicodeCMap is pdf._to_unicode_cmap
    assert ttfonts.makeToUnicodeCMap is before
