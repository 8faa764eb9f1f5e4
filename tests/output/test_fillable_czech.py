"""Fillable sheets filled with Czech by pypdf, PDFium and poppler show every letter in every engine.

Each text field gets "Řehoř Šťastný, ďábelské ódy, úl, ŮŽĚČ". PDFium's text layer (of the page
with the appearances merged in) says which font draws each character: every letter must be drawn
by the embedded form font, in order, so no viewer substituted a font or a .notdef. Then each
glyph that lies inside its field must have about the ink of the same letter drawn by the same
font on a plain page (a blank or missing glyph has none), in PDFium's raster and in poppler's.
"""

from __future__ import annotations

import io
import itertools
import statistics
from functools import cache, lru_cache

import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter

from generator.content.sheets_io import _form_values
from generator.layout.ops import Document, Page, TextOp
from generator.render.form import BASE_FONT
from generator.render.pdf import render_pdf
from tests.output.formfill import (
    CZECH,
    Glyph,
    Widget,
    fill_pdfium,
    fill_poppler,
    fill_pypdf,
    ink,
    poppler_python,
    render_pdfium,
    render_poppler,
    shown_glyphs,
    widgets,
)

DPI = 200
PAD = 1  # device pixels around each glyph box: thin letters keep their anti-aliased edge
FORM_FONT_FLAGS = 32  # the form font's descriptor says nonsymbolic; the page fonts say symbolic
LETTERS = CZECH.replace(" ", "")
# A glyph inside its field has 0.6-1.6 times the ink of the reference (thin letters such as "l"
# vary most with where the pixel grid falls); a blank glyph has none.
INK_RANGE = (0.6, 1.6)


def fillable(built: dict[str, bytes]) -> list[str]:
    names = sorted(n for n in built if "-fillable-" in n)
    assert len(names) >= 20, names
    return names


@cache
def reference_ink() -> dict[str, float]:
    """Ink of each letter of CZECH drawn by DejaVu Sans Condensed at 9 pt on a plain page."""
    letters = sorted(set(LETTERS))
    ops = [
        TextOp(10 + (i % 10) * 15, 20 + (i // 10) * 15, ch, "sans-regular", 9.0)
        for i, ch in enumerate(letters)
    ]
    pdf = render_pdf(Document("reference", [Page(210, 297, ops)]))
    image = render_pdfium(pdf, 0, DPI)
    height = 297 * 72 / 25.4
    found = {g.char: ink(image, g.box, height, PAD) for g in shown_glyphs(pdf, 0)}
    assert set(found) == set(letters)
    assert min(found.values()) > 0.1  # every reference letter has ink
    return found


@lru_cache(maxsize=16)
def raster(pdf: bytes, page: int, engine: str) -> Image.Image | None:
    """A page of a PDF in PDFium or poppler at DPI (None: no poppler). The letter and the tick
    checks of one filled sheet look at the same pages: each is rendered once."""
    return (render_pdfium if engine == "pdfium" else render_poppler)(pdf, page, DPI)


def form_glyphs(pdf: bytes, page: int) -> list[Glyph]:
    """The characters the form font draws on a page, in the order of the fields."""
    return [g for g in shown_glyphs(pdf, page) if g.flags & 0xFFFF == FORM_FONT_FLAGS]


def _inside(box: tuple, rect: tuple) -> bool:
    return box[0] >= rect[0] and box[2] <= rect[2] and box[1] >= rect[1] and box[3] <= rect[3]


def check_czech(filled: bytes, fields: list[Widget], what: str, poppler: bool = True) -> None:
    """Every text field shows CZECH in the form font, with ink, in PDFium (and poppler)."""
    reference = reference_ink()
    reader = PdfReader(io.BytesIO(filled))
    for p, page in enumerate(reader.pages):
        on_page = [w for w in fields if w.page == p and w.kind == "text"]
        if not on_page:
            continue
        glyphs = form_glyphs(filled, p)
        assert {g.font for g in glyphs} <= {BASE_FONT}, (what, p)
        shown = "".join(g.char for g in glyphs)
        assert shown == LETTERS * len(on_page), f"{what} p{p + 1}: {shown[:80]!r}"
        height = float(page.mediabox.height)
        images = {"pdfium": raster(filled, p, "pdfium")}
        if poppler and (image := raster(filled, p, "poppler")) is not None:
            images["poppler"] = image
        for k, w in enumerate(on_page):
            chunk = glyphs[k * len(LETTERS) : (k + 1) * len(LETTERS)]
            visible = [g for g in chunk if _inside(g.box, w.rect)]
            assert visible, f"{what}: field {w.name} shows no whole letter"
            for engine, image in images.items():
                ratios = [ink(image, g.box, height, PAD) / reference[g.char] for g in visible]
                worst = min(range(len(ratios)), key=ratios.__getitem__)
                assert INK_RANGE[0] <= ratios[worst] <= INK_RANGE[1], (
                    f"{what} {engine}: {w.name}: {visible[worst].char!r} has "
                    f"{ratios[worst]:.2f} of the reference ink"
                )
                assert INK_RANGE[0] < statistics.median(ratios) < INK_RANGE[1]


def texts_of(fields: list[Widget]) -> dict[str, str]:
    return {w.name: CZECH for w in fields if w.kind == "text"}


# Every fillable sheet, both languages, both papers: one test each, so that pytest-xdist spreads
# them; a test below checks that this is every fillable file the build makes.
SHEETS = [
    "gamebook-journal",
    "gamebook-army",
    "papirove-doupe-sheet",
    "runebound-sheet",
    "spici-bohove-log",
    "spici-bohove-ship",
]
FILLABLE = [
    f"{s}-fillable-{lang}-{paper}.pdf"
    for s in SHEETS
    for lang in ("cs", "en")
    for paper in ("a4", "letter")
]


def by_file(names: list[str], filler: str) -> list:
    """(filler, name) per file as test parameters."""
    return [pytest.param(filler, n, id=f"{filler}-{n.removesuffix('.pdf')}") for n in names]


def test_every_fillable_file_is_checked(built: dict[str, bytes]) -> None:
    assert fillable(built) == sorted(FILLABLE)


def ticks(fields: list[Widget]) -> list[Widget]:
    """The boxes a player ticks here: every other box; of a radio group only its first button."""
    boxes = [w for w in fields if w.kind != "text"]
    seen: set[str] = set()
    on = []
    for i, w in enumerate(boxes):
        if w.kind == "radio" and w.name not in seen:
            on.append(w)
            seen.add(w.name)
        elif w.kind == "checkbox" and i % 2 == 0:
            on.append(w)
    return on


def _darkness_at_centres(image, boxes: list[Widget], height: float) -> list[float]:
    out = []
    for w in boxes:
        x0, y0, x1, y1 = w.rect
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) * 0.12
        out.append(ink(image, (cx - r, cy - r, cx + r, cy + r), height))
    return out


@cache
def _blank_darkness(pdf: bytes, page: int, engine: str) -> list[float] | None:
    """`_darkness_at_centres` of a page's boxes on the unfilled sheet, in one engine (None:
    no poppler). The same for every filler, so rendered once per worker."""
    image = raster(pdf, page, engine)
    if image is None:
        return None
    boxes = [w for w in widgets(pdf) if w.kind != "text" and w.page == page]
    height = float(PdfReader(io.BytesIO(pdf)).pages[page].mediabox.height)
    return _darkness_at_centres(image, boxes, height)


@pytest.mark.parametrize(
    ("filler", "name"),
    [
        *by_file(FILLABLE, "pypdf"),
        *by_file(FILLABLE, "pdfium"),
        # poppler fills a Czech A4 copy of each sheet: the fields are the same in every copy
        *by_file([n for n in FILLABLE if "-cs-a4" in n], "poppler"),
    ],
)
def test_a_filled_sheet_shows_every_czech_letter_and_every_tick(
    built: dict[str, bytes], filler: str, name: str
) -> None:
    """The sheet filled by pypdf, PDFium or poppler as a player fills it: CZECH typed into
    every text field, every other box ticked (of a radio group its first button). One fill,
    checked for the letters (check_czech), then for the ticks and what `papirna score` reads."""
    if filler == "poppler" and (python := poppler_python()) is None:
        pytest.skip("poppler-glib (python3-gi, gir1.2-poppler-0.18) is not installed")
    pdf = built[name]
    fields = widgets(pdf)
    boxes = [w for w in fields if w.kind != "text"]
    on = ticks(fields)
    texts = texts_of(fields)
    if filler == "pypdf":
        done = fill_pypdf(pdf, texts, on)
    elif filler == "pdfium":
        done = fill_pdfium(pdf, texts, on)
    else:
        done = fill_poppler(pdf, texts, on, python)
    # every letter in the form font, with ink, in PDFium, and in poppler on the Czech A4 copy
    if texts:
        check_czech(done, fields, f"{name} filled by {filler}", poppler="-cs-a4" in name)
    # read back as `papirna score` reads it: every text as typed, exactly the ticked boxes
    reader = PdfReader(io.BytesIO(done))
    values = _form_values(reader)
    for w in fields:
        if w.kind == "text":
            assert values[w.name] == CZECH, (name, filler, w.name)
    ticked = {w.key for w in on}
    for w in boxes:
        assert values[w.key] is (w.key in ticked), (name, filler, w.key)
    # the cross shows, in PDFium and in poppler, where a box is ticked and nowhere else
    for p, page in enumerate(reader.pages):
        here = [w for w in boxes if w.page == p]
        if not here:
            continue
        height = float(page.mediabox.height)
        engines = ["pdfium", "poppler"] if "-cs-a4" in name else ["pdfium"]
        for engine in engines:
            blank = _blank_darkness(pdf, p, engine)
            if blank is None:
                continue  # no pdftoppm
            dark = _darkness_at_centres(raster(done, p, engine), here, height)
            for w, d, b in zip(here, dark, blank, strict=True):
                if w.key in ticked:
                    assert d > b + 0.35, (name, filler, engine, w.key, d, b)
                else:
                    assert abs(d - b) < 0.05, (name, filler, engine, w.key, d, b)


def test_checker_fails_on_a_blank_field(built: dict[str, bytes]) -> None:
    """Planted defect: a field whose appearance is not drawn (a viewer that drew nothing)."""
    name = "spici-bohove-log-fillable-cs-a4.pdf"
    pdf = built[name]
    fields = widgets(pdf)
    filled = fill_pypdf(pdf, texts_of(fields), [])
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled)))
    ap = writer.pages[0]["/Annots"][0].get_object()["/AP"]["/N"].get_object()
    ap.set_data(ap.get_data().replace(b" 0 g", b" 1 g"))  # white: every glyph there, no ink
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(AssertionError, match="reference ink"):
        check_czech(out.getvalue(), fields, "planted", poppler=False)


def test_fields_have_a_fixed_size_that_fits_and_a_readable_tooltip(built: dict[str, bytes]) -> None:
    from generator.layout.fields import MAX_NUMBER_PT, MIN_PT, PAD_PT, TEXT_LINE_EM

    untitled = []
    for name in fillable(built):
        for page in PdfReader(io.BytesIO(built[name])).pages:
            for ref in page.get("/Annots", []):
                a = ref.get_object()
                if a.get("/FT") != "/Tx":
                    continue
                size = float(str(a["/DA"]).split()[1])
                height = float(a["/Rect"][3]) - float(a["/Rect"][1])
                assert MIN_PT <= size <= MAX_NUMBER_PT, (name, a["/T"], size)  # 0 is auto size
                if not int(a["/Ff"]) & (1 << 12) and size > MIN_PT:
                    # one line fits: its accented capitals and descenders inside the box
                    assert size * TEXT_LINE_EM <= height - PAD_PT + 0.5 * size, (name, a["/T"])
                if a["/TU"] == a["/T"]:
                    untitled.append(f"{name}: {a['/T']}")
    # the journal's money box (9.5 mm tall, 8.3 mm inside) is written at the numbers' largest
    # fixed size, 12 pt, not at the 23-36 pt of auto size
    money = [
        ref.get_object()
        for page in PdfReader(io.BytesIO(built["gamebook-journal-fillable-cs-a4.pdf"])).pages
        for ref in page.get("/Annots", [])
        if ref.get_object().get("/T") == "money"
    ]
    assert money and money[0]["/DA"] == "/Wingdings 12 Tf 0 g"
    # tooltips: every field is labelled in the sheet's language, not by its internal name
    assert not untitled, untitled[:5]


def steps_back(fields: list[Widget]) -> list[str]:
    """Consecutive fields on one line (and near each other) where the tab order goes left."""
    found = []
    for a, b in itertools.pairwise(fields):
        if a.page != b.page:
            continue
        low, high = max(a.rect[1], b.rect[1]), min(a.rect[3], b.rect[3])
        shorter = min(a.rect[3] - a.rect[1], b.rect[3] - b.rect[1])
        if high - low >= 0.6 * shorter and b.rect[0] < a.rect[0] and a.rect[0] - b.rect[2] < 30:
            found.append(f"{a.name} -> {b.name}")
    return found


def test_tab_order_reads_each_row_left_to_right(built: dict[str, bytes]) -> None:
    """Fields follow in /Annots order (the tab order): section by section, each row left to
    right, so consecutive fields on one line never step back to the left."""
    backwards = [f"{n}: {s}" for n in fillable(built) for s in steps_back(widgets(built[n]))]
    assert not backwards, backwards[:10]
    # planted defect: a row of the log typed right to left is caught
    row = [
        w
        for w in widgets(built["spici-bohove-log-fillable-cs-a4.pdf"])
        if w.name.startswith("journal.1.")
    ]
    assert len(row) == 4 and steps_back(row[::-1])
