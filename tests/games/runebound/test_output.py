"""Runebound PDFs: every printable in both languages and papers, text, forms, duplex tokens,
colours that survive greyscale."""

from __future__ import annotations

import io
from collections.abc import Callable

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageOps
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from typer.testing import CliRunner

from generator.cli import app
from generator.resources import content_dir

PT = 72 / 25.4
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAGES = {
    "reference": 1,
    "heroes": 4,  # 12 heroes (as in the rulebook): two sheets of fronts, each with its backs
    "adventures": 8,  # 4 x 9 adventures, one sheet per colour, and their backs
    "market": 4,  # 18 market cards
    "tokens": 4,  # two sheets, each a front and a back page
    "dice": 2,  # reference and nets
    "sheet": 1,
    "sheet-fillable": 1,
}


def _reader(built: dict[str, bytes], name: str) -> PdfReader:
    return PdfReader(io.BytesIO(built[name]))


def _raster(data: bytes, page: int, dpi: int) -> Image.Image:
    doc = pdfium.PdfDocument(data)
    try:
        return doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


# Nine poker cards and their crop marks do not fit Letter inside 5 mm printer margins, so the
# decks take it in landscape, 8 a sheet: 36 adventures -> 5 sheets, 18 market cards -> 3, with
# their backs; 12 heroes -> 2 sheets as on A4.
LETTER_DECKS = {"adventures": 10, "market": 6}


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printable_is_built(built: dict[str, bytes], lang: str, paper: str) -> None:
    w, h = PAPER[paper]
    for what, count in PAGES.items():
        deck = paper == "letter" and what in ("heroes", *LETTER_DECKS)
        if paper == "letter":
            count = LETTER_DECKS.get(what, count)
        reader = _reader(built, f"runebound-{what}-{lang}-{paper}.pdf")
        assert len(reader.pages) == count, what
        for page in reader.pages:
            size = (float(page.mediabox.width), float(page.mediabox.height))
            expected = (h * PT, w * PT) if deck else (w * PT, h * PT)
            assert size == pytest.approx(expected, abs=0.5), what


@pytest.mark.parametrize(
    ("what", "page", "cs", "en"),
    [
        (
            "heroes",
            0,
            ["Vendelín Ryšavý", "Dovednosti", "Stopování"],
            ["Vendelín the Red", "Skills"],
        ),
        (
            "adventures",
            0,
            ["Pytláci od brodu", "Před bojem", "Odměna"],
            ["Before Combat", "Reward"],
        ),
        ("adventures", 6, ["Popelavý drak", "Událost III", "Výzva"], ["Ash Dragon", "Event III"]),
        ("adventures", 7, ["červené dobrodružství"], ["red adventure"]),
        ("market", 0, ["Lovecký luk", "Zbraň", "Brnění"], ["Hunting Bow", "Weapon", "Armour"]),
        (
            "market",
            2,
            ["Žoldnéřka Hedvika", "Pomocník", "výdrž"],
            ["Hedvika the Sellsword", "Ally"],
        ),
        ("tokens", 0, ["Žetony · líc", "Žetony nesplněných dobrodružství 1–6"], ["Tokens · front"]),
        ("tokens", 1, ["Žetony · rub"], ["Tokens · back"]),
        ("dice", 0, ["Kostky pohybu", "pláně", "bažiny", "hory", "Celkem"], ["Movement dice"]),
        ("dice", 1, ["Sítě kostek pohybu", "Kostka 5"], ["Movement dice nets", "Die 5"]),
        ("sheet", 0, ["Deník hrdiny", "Vyčerpání", "Zlaťáky", "Pomocníci"], ["Hero sheet", "Gold"]),
    ],
)
def test_pages_carry_their_text(
    built_text: Callable[[str], list[str]], what: str, page: int, cs: list[str], en: list[str]
) -> None:
    for lang, words in (("cs", cs), ("en", en)):
        text = built_text(f"runebound-{what}-{lang}-a4.pdf")[page]
        for word in words:
            assert word in text, (what, lang, word)


def test_dice_counts_on_the_reference(built_text: Callable[[str], list[str]]) -> None:
    """The total row counts the faces by hand from dice.yaml: plains 15 ... mountains 5."""
    text = built_text("runebound-dice-en-a4.pdf")[0]
    assert "Total 15 15 7 5 11 9 5" in text


def _fill(data: bytes, checks: list[str], texts: dict[str, str]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    page = writer.pages[0]
    for annot in page["/Annots"]:
        field = annot.get_object()
        if field.get("/T") in checks:
            field[NameObject("/V")] = NameObject("/Yes")
            field[NameObject("/AS")] = NameObject("/Yes")
    writer.update_page_form_field_values(page, texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_fillable_sheet_fields(built: dict[str, bytes]) -> None:
    names = set(_reader(built, "runebound-sheet-fillable-cs-letter.pdf").get_fields())
    assert {"hero", "player", "gold", "ability"} <= names
    assert {f"wound.{n}" for n in range(1, 21)} <= names
    assert {f"exhaustion.{n}" for n in range(1, 13)} <= names
    assert {f"xp.{n}" for n in range(1, 21)} <= names
    for attr in ("mind", "body", "spirit", "life", "stamina"):
        assert {f"{attr}.base", f"{attr}.bonus", f"{attr}.total", f"{attr}.experience.5"} <= names
    assert {f"damage.{d}" for d in ("ranged", "melee", "magic")} <= names
    for i in range(1, 9):
        assert {f"item.{i}.{k}" for k in ("name", "type", "effect", "active")} <= names
    for a in range(1, 4):
        assert {f"ally.{a}.name", f"ally.{a}.wound.10", f"ally.{a}.exhaustion.6"} <= names
    for colour in ("green", "yellow", "blue", "red"):
        assert f"adventure.{colour}.1" in names
    assert not _reader(built, "runebound-sheet-cs-letter.pdf").get_fields()


def test_filled_sheet_reads_back(built: dict[str, bytes]) -> None:
    filled = _fill(
        built["runebound-sheet-fillable-en-a4.pdf"],
        ["wound.3", "ally.2.exhaustion.1"],
        {"hero": "Jitřenka Mrázová", "gold": "17"},
    )
    fields = PdfReader(io.BytesIO(filled)).get_fields()
    assert fields["wound.3"]["/V"] == "/Yes"
    assert fields["ally.2.exhaustion.1"]["/V"] == "/Yes"
    assert fields["wound.4"].get("/V") in (None, "/Off")
    assert fields["hero"]["/V"] == "Jitřenka Mrázová"
    assert fields["gold"]["/V"] == "17"


DPI = 100
PX = DPI / 25.4


def _blobs(img: Image.Image, min_mm2: float) -> list[tuple[float, float, float]]:
    """Centres (x, y in mm) and areas (mm²) of connected inked regions at least min_mm2 large
    (4-connected: pixels that share an edge)."""
    import cv2
    import numpy as np

    ink = (np.asarray(img.convert("L")) < 250).astype(np.uint8)  # paper tint counts as ink
    count, _, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=4)
    out = []
    for k in range(1, count):  # 0 is the paper
        area = stats[k, cv2.CC_STAT_AREA] / PX / PX
        if area >= min_mm2:
            cx, cy = centres[k]
            out.append(((cx + 0.5) / PX, (cy + 0.5) / PX, area))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_backs_land_behind_their_fronts(built: dict[str, bytes], paper: str) -> None:
    """Rasterise a token sheet, flip the back over the long edge: every disc meets its front."""
    data = built[f"runebound-tokens-en-{paper}.pdf"]
    for sheet in (0, 1):
        front = _raster(data, 2 * sheet, DPI)
        back = ImageOps.mirror(_raster(data, 2 * sheet + 1, DPI))
        fronts = _blobs(front, 100.0)  # the smallest token, 15 mm, is 177 mm²
        backs = _blobs(back, 100.0)
        assert len(fronts) == len(backs) > 20
        for bx, by, barea in backs:
            fx, fy, farea = min(fronts, key=lambda f: (f[0] - bx) ** 2 + (f[1] - by) ** 2)
            assert abs(fx - bx) < 0.15 and abs(fy - by) < 0.15, (sheet, bx, by, fx, fy)
            assert abs(farea - barea) / farea < 0.03


def test_adventure_colours_differ_in_greyscale(built: dict[str, bytes]) -> None:
    """The four card backs, printed in greyscale, still differ clearly in pattern and gem."""
    data = built["runebound-adventures-en-a4.pdf"]
    crops = []
    for sheet in range(4):  # backs are pages 2, 4, 6, 8: one colour each
        img = _raster(data, 2 * sheet + 1, 60).convert("L")
        w, h = img.size
        crops.append(img.crop((w // 2 - 60, h // 2 - 90, w // 2 + 60, h // 2 + 90)))
    for i in range(4):
        for j in range(i + 1, 4):
            diff = ImageChops.difference(crops[i], crops[j]).convert("L").histogram()
            mean = sum(k * n for k, n in enumerate(diff)) / sum(diff)
            assert mean > 20, (i, j, mean)


def test_validate_accepts_the_pack() -> None:
    result = CliRunner().invoke(app, ["validate", str(content_dir() / "runebound")])
    assert result.exit_code == 0, result.output
    assert "runebound" in result.output


# --- the board and the print check (review 2026-11-29) ---------------------------------------------


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_board_is_built(built_text: Callable[[str], list[str]], lang: str, paper: str) -> None:
    pages = built_text(f"runebound-board-{lang}-{paper}.pdf")
    # the map: one A3 sheet turned, 3 portrait A4 tiles (3 x 193 mm with even 89.5 mm
    # overlaps cover 400 mm; the 280 mm fit the 297 - 17 mm with the label in the margin) or
    # 2 x 2 landscape Letter tiles; then the three edge sheets
    assert len(pages) == {"a3": 1, "a4": 3, "letter": 4}[paper] + 3
    map_text = " ".join(pages[:-3])
    town = "Dubová Lhota" if lang == "cs" else "Oakhollow"
    assert town in map_text
    edge = pages[-3]
    failed = "Nesplněné dobrodružství" if lang == "cs" else "Failed adventure"
    assert edge.count(failed) == 6
    for n in range(1, 7):
        assert str(n) in edge


def test_board_a3_is_turned(built: dict[str, bytes]) -> None:
    page = _reader(built, "runebound-board-cs-a3.pdf").pages[0]
    size = (float(page.mediabox.width), float(page.mediabox.height))
    assert size == pytest.approx((420 * PT, 297 * PT), abs=0.5)


def test_no_publisher_names(
    built: dict[str, bytes], built_text: Callable[[str], list[str]]
) -> None:
    """The scenario, towns and bosses are our own: no names from the publisher's game."""
    for name in built:
        if not name.startswith("runebound-"):
            continue
        text = " ".join(built_text(name))
        for word in ("Margath", "Talamir", "Vorakesh", "Dračí", "Dragonlord", "Farrow"):
            assert word not in text, (name, word)


def test_reference_states_our_rules(built_text: Callable[[str], list[str]]) -> None:
    cs = built_text("runebound-reference-cs-a4.pdf")[0]
    for words in (
        "tři červená dobrodružství",
        "Dubová Lhota",
        "žeton zkušeností stojí 3 body",
        "1 zlaťák",
    ):
        assert words in cs, words
    en = built_text("runebound-reference-en-letter.pdf")[0]
    for words in ("three red adventures", "Oakhollow", "token costs 3 experience"):
        assert words in en, words
