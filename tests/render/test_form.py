"""The form layer: one embedded Czech-capable font, appearance streams, no non-embedded fonts."""

from __future__ import annotations

import importlib.util
import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.layout.ops import Document, FieldOp, Page, TextOp
from generator.render.form import BASE_FONT, FONT_KEY, FORM_FONT_FILE, form_font
from generator.render.pdf import render_pdf
from generator.resources import assets_dir


def _load_maker():
    spec = importlib.util.spec_from_file_location(
        "make_form_font", assets_dir() / "fonts" / "make_form_font.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _form_doc() -> Document:
    ops = [
        TextOp(20, 20, "Jméno", "sans-regular", 9),
        FieldOp("text", "name", 40, 15, 60, 6, "Jméno hráče", size=10),
        FieldOp("text", "notes", 20, 30, 80, 30, "Poznámky", size=9, multiline=True),
        FieldOp("checkbox", "gem.1", 20, 70, 4, 4, "Drahokam 1"),
        FieldOp("radio", "range", 30, 70, 4, 4, "Dosah", value="1", label="Dosah 1"),
        FieldOp("radio", "range", 36, 70, 4, 4, "Dosah", value="2", label="Dosah 2"),
    ]
    return Document("Formulář", [Page(210, 297, ops)], fillable=True)


def test_committed_font_is_what_the_script_makes() -> None:
    pytest.importorskip("fontTools")
    maker = _load_maker()
    committed = (assets_dir() / "fonts" / FORM_FONT_FILE).read_bytes()
    assert maker.make_form_font() == committed, "run python assets/fonts/make_form_font.py"


def test_font_covers_the_fixed_character_set() -> None:
    maker = _load_maker()
    font = form_font()
    missing = [hex(c) for c in maker.FORM_CHARACTERS if c not in font.cmap]
    assert not missing
    # every Czech letter, both cases, and the punctuation a player types
    assert font.covers("ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž„“‚‘–—…€×−°")
    assert not font.covers("Жж")  # Cyrillic is outside the fixed set: the check can fail
    # each glyph maps back to one character, so a viewer can encode what a player types
    assert font.unicode[font.cmap[ord("ř")]] == ord("ř")


def test_fields_name_the_embedded_font_and_carry_appearances() -> None:
    reader = PdfReader(io.BytesIO(render_pdf(_form_doc())))
    form = reader.trailer["/Root"]["/AcroForm"]
    assert "/NeedAppearances" not in form
    font = form["/DR"]["/Font"][f"/{FONT_KEY}"].get_object()
    assert (font["/Subtype"], font["/Encoding"], font["/BaseFont"]) == (
        "/Type0",
        "/Identity-H",
        f"/{BASE_FONT}",
    )
    cid = font["/DescendantFonts"][0].get_object()
    assert cid["/Subtype"] == "/CIDFontType2"
    embedded = cid["/FontDescriptor"]["/FontFile2"].get_object().get_data()
    assert embedded == (assets_dir() / "fonts" / FORM_FONT_FILE).read_bytes()
    cmap = font["/ToUnicode"].get_object().get_data().decode()
    assert f"<{form_font().cmap[ord('Ř')]:04X}> <0158>" in cmap
    annots = [a.get_object() for a in reader.pages[0]["/Annots"]]
    by_name = {str(a.get("/T") or a["/Parent"]["/T"]) + str(a.get("/TU", "")): a for a in annots}
    name = by_name["nameJméno hráče"]
    assert name["/DA"] == f"/{FONT_KEY} 10 Tf 0 g"
    assert "/N" in name["/AP"]
    notes = by_name["notesPoznámky"]
    assert int(notes["/Ff"]) & (1 << 12)  # multiline
    box = by_name["gem.1Drahokam 1"]
    assert box["/MK"]["/CA"] == "8"  # PDFium's cross, not its tick
    assert set(box["/AP"]["/N"]) == {"/Yes", "/Off"}
    assert b" l S" in box["/AP"]["/N"]["/Yes"].get_object().get_data()  # drawn, no font
    assert box["/AP"]["/N"]["/Off"].get_object().get_data() == b""
    radio = by_name["rangeDosah 2"]
    assert set(radio["/AP"]["/N"]) == {"/2", "/Off"}
    group = radio["/Parent"].get_object()
    assert int(group["/Ff"]) & (1 << 15) and group["/TU"] == "Dosah"
    assert len(group["/Kids"]) == 2


def test_form_pdf_is_byte_identical_run_to_run() -> None:
    assert render_pdf(_form_doc()) == render_pdf(_form_doc())


def test_font_embedded_once_per_file() -> None:
    data = render_pdf(_form_doc())
    needle = (assets_dir() / "fonts" / FORM_FONT_FILE).read_bytes()
    reader = PdfReader(io.BytesIO(data))
    objects = [reader.get_object(i) for i in range(1, int(reader.trailer["/Size"]))]
    files = [o for o in objects if hasattr(o, "get_data") and "/Length1" in o]
    assert [f.get_data() for f in files].count(needle) == 1


def non_embedded_fonts(data: bytes) -> set[str]:
    """BaseFont of every font a PDF uses or offers to its form without embedding it (read with
    pikepdf: qpdf parses the whole build several times faster than pypdf)."""
    found: set[str] = set()
    seen: set[tuple[int, int]] = set()

    def font(f) -> None:
        if f.get("/Subtype") == "/Type0":
            for d in f["/DescendantFonts"]:
                font(d)
            return
        if f.get("/Subtype") == "/Type3":
            return
        desc = f.get("/FontDescriptor")
        if desc is None or not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            found.add(str(f.get("/BaseFont")))

    def resources(res) -> None:
        if res is None:
            return
        if res.is_indirect:
            if res.objgen in seen:
                return
            seen.add(res.objgen)
        for f in (res.get("/Font") or {}).values():
            font(f)
        for x in (res.get("/XObject") or {}).values():
            if x.get("/Subtype") == "/Form":
                resources(x.get("/Resources"))

    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            resources(page.obj.get("/Resources"))
            for a in page.obj.get("/Annots") or []:
                for appearance in (a.get("/AP") or {}).values():
                    states = appearance.values() if "/Subtype" not in appearance else [appearance]
                    for s in states:
                        resources(s.get("/Resources"))
        form = pdf.Root.get("/AcroForm")
        if form is not None:
            resources(form.get("/DR"))
    return found


def test_the_font_checker_finds_a_non_embedded_font() -> None:
    """Planted defect: reportlab's own AcroForm (Helvetica, not embedded) is caught."""
    buf = io.BytesIO()
    c = Canvas(buf)
    c.acroForm.textfield(name="x", x=10, y=10, width=100, height=20)
    c.drawString(10, 100, "Helvetica on the page")
    c.showPage()
    c.save()
    assert "/Helvetica" in non_embedded_fonts(buf.getvalue())
    assert non_embedded_fonts(render_pdf(_form_doc())) == set()


def test_no_built_pdf_has_a_non_embedded_font(built: dict[str, bytes]) -> None:
    assert len(built) >= 160
    bad = {name: fonts for name, data in built.items() if (fonts := non_embedded_fonts(data))}
    assert not bad


def test_field_font_size_by_hand() -> None:
    from generator.layout.fields import field_font_size

    # 5 mm = 14.17 pt; (14.17 - 2) / 1.17 = 10.4 -> 10 pt for a name
    assert field_font_size(50, 5) == 10.0
    # a tall box still gets a name-sized font, not the 23-36 pt of auto size
    assert field_font_size(22, 13) == 11.0
    # a number in a tall box: capped at 12 pt
    assert field_font_size(18.5, 12, "number") == 12.0
    # the journal's money box, 4 mm = 11.34 pt: (11.34 - 2) / 0.95 = 9.8 -> 9.5 pt, not 7 pt
    assert field_font_size(53.4, 4.0, "number", digits=3) == 9.5
    # two digits in a 5.5 mm = 15.6 pt wide box: (15.6 - 4) / (2 x 0.56) = 10.3 -> 10 pt
    assert field_font_size(5.5, 4.6, "number") == 10.0
    # never below 6 pt, whatever the box
    assert field_font_size(3, 1, "number") == 6.0
    with pytest.raises(ValueError, match="kind"):
        field_font_size(10, 5, "date")
