"""PJi, nezlob se PDFs: every printable in both languages, the board on one A3 sheet or tiled on
A4/Letter with matching overlaps, greyscale-distinct colours, and the words that must be there."""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.content.pack import load_pack
from generator.games.pji_nezlob_se.board import geometry
from generator.output.tiling import MARGIN, tile_grid, tile_origin
from generator.resources import content_dir
from generator.units import PAPER_SIZES_MM

GAME = "pji-nezlob-se"
PT = 72 / 25.4
BOARD = (280.0, 400.0)
DPI = 254  # 10 px per mm: tile origins and margins fall on whole pixels
PX = DPI / 25.4


def _reader(built: dict[str, bytes], name: str) -> PdfReader:
    return PdfReader(io.BytesIO(built[name]))


def _text(built: dict[str, bytes], name: str, page: int = 0) -> str:
    return " ".join(_reader(built, name).pages[page].extract_text().split())


def _images(data: bytes, dpi: int = DPI, grey: bool = False) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(data)
    try:
        mode = "L" if grey else "RGB"
        return [pdf[i].render(scale=dpi / 72).to_pil().convert(mode) for i in range(len(pdf))]
    finally:
        pdf.close()


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_printable_in_both_languages(built: dict[str, bytes], lang: str) -> None:
    pages = {"reference": 1, "figures": 1, "stats": 1, "mana": 1, "card": 1}
    for paper in ("a4", "letter"):
        for what, count in pages.items():
            reader = _reader(built, f"{GAME}-{what}-{lang}-{paper}.pdf")
            assert len(reader.pages) == count, what
            w, h = PAPER_SIZES_MM[paper]
            for page in reader.pages:
                size = (float(page.mediabox.width), float(page.mediabox.height))
                assert size == pytest.approx((w * PT, h * PT), abs=0.5), what
        # the board is tiled on 3 landscape A4 sheets, or 2 x 2 portrait Letter sheets
        sheets = len(_reader(built, f"{GAME}-board-{lang}-{paper}.pdf").pages)
        assert sheets == (3 if paper == "a4" else 4)
    a3 = _reader(built, f"{GAME}-board-{lang}-a3.pdf")
    assert len(a3.pages) == 1
    size = (float(a3.pages[0].mediabox.width), float(a3.pages[0].mediabox.height))
    assert size == pytest.approx((297 * PT, 420 * PT), abs=0.5)
    # only the board is built on A3
    assert not [
        n for n in built if n.startswith(GAME) and n.endswith("-a3.pdf") and "-board-" not in n
    ]


def test_czech_words(built: dict[str, bytes]) -> None:
    board = _text(built, f"{GAME}-board-cs-a3.pdf")
    for word in (
        "PJi, nezlob se",
        "Věž",
        "NÁDVOŘÍ",
        "základní tábor",
        "Trpaslíci",
        "Hobiti",
        "Elfové",
        "Lidé",
        "Cimbuří",
        "hodinových ručiček",
    ):
        assert word in board, word
    figures = _text(built, f"{GAME}-figures-cs-a4.pdf")
    for word in ("Válečník", "Kouzelník", "Zloděj", "Hraničář", "stříhat", "ohnout"):
        assert word in figures, word
    # 4 parties x 4 figures, each name on both panels
    assert figures.count("Hraničář") == 4 * 2
    stats = _text(built, f"{GAME}-stats-cs-a4.pdf")
    for word in (
        "Boj",
        "Obratnost",
        "Magie",
        "oba házejí znovu",
        "Trpasličí válečník: Boj +1",
        "1k6+3 (4–9)",
        "1k6+2 (3–8)",
    ):
        assert word in stats, word
    card = _text(built, f"{GAME}-card-cs-a4.pdf")
    for word in (
        "Pořadí akcí v tahu",
        "Remíza: oba házejí znovu",
        "Kouzlo Zabij.",
        "Probíhající diranga",
        "Zrušení pravidel gild",
        "Magy",
        "Pokračující souboj",
    ):
        assert card.count(word) == 2, word  # two cards to a sheet
    mana = _text(built, f"{GAME}-mana-cs-a4.pdf")
    for word in ("Výměna míst: 1 mag", "Zabij: 1 mag", "1k6 + 2", "rodový bonus"):
        assert word in mana, word


def test_english_words(built: dict[str, bytes]) -> None:
    card = _text(built, f"{GAME}-card-en-letter.pdf")
    for word in ("Tie: both roll again", "Kill spell", "Guild rules lifted", "Continuing duel"):
        assert word in card, word
    stats = _text(built, f"{GAME}-stats-en-a4.pdf")
    for word in ("Combat", "Agility", "Magic", "Dwarf warrior: Combat +1", "1d6+3 (4–9)"):
        assert word in stats, word


def test_stats_card_prints_the_odds(built: dict[str, bytes]) -> None:
    stats = _text(built, f"{GAME}-stats-en-a4.pdf")
    # one roll: 50 %, 21/31, 26/32, 30/33; a duel at equal values: 2/3
    for value in ("50 %", "68 %", "81 %", "91 %", "67 %"):
        assert value in stats, value


def test_kill_spell_text_matches_the_board() -> None:
    pack = load_pack(content_dir() / GAME, builtin=True)
    fields = pack.printables["board"].files["game"].model.board.fields
    card = pack.printables["card"].data.model
    optional = card.sections[-1].body
    assert f"{fields} poli" in optional.get("cs")
    assert f"{fields}-field" in optional.get("en")


@pytest.mark.parametrize(("paper", "grid"), [("a4", (1, 3)), ("letter", (2, 2))])
def test_board_tiles_line_up(built: dict[str, bytes], paper: str, grid: tuple[int, int]) -> None:
    # 280 x 400 mm: on A4 three landscape sheets (two portrait columns would need four);
    # on Letter, landscape is too narrow for the board's width, so 2 x 2 portrait sheets.
    pdf = built[f"{GAME}-board-cs-{paper}.pdf"]
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    sheet = (float(page.mediabox.width) * 25.4 / 72, float(page.mediabox.height) * 25.4 / 72)
    cols, rows, vw, vh = tile_grid(BOARD, sheet)
    assert (cols, rows) == grid
    assert sheet[0] > sheet[1] if paper == "a4" else sheet[0] < sheet[1]
    images = _images(pdf)
    assert len(images) == cols * rows

    def crop(col: int, row: int, box: tuple[float, float, float, float]) -> Image.Image:
        bx, by = tile_origin(col, row, BOARD, (vw, vh), cols, rows)
        x0, y0, x1, y1 = box
        px = [round((MARGIN + v - o) * PX) for v, o in ((x0, bx), (y0, by), (x1, bx), (y1, by))]
        return images[row * cols + col].crop(tuple(px))

    def same(a: Image.Image, b: Image.Image) -> None:
        diff = ImageChops.difference(a, b).convert("L")
        assert sum(diff.histogram()[40:]) / (diff.width * diff.height) < 0.01
        # the overlap is not blank: there is board art in it to match
        assert ImageStat.Stat(a.convert("L")).stddev[0] > 10

    # Overlaps, below or beside the seam line and its tag (they sit in the first 5 mm).
    pairs = 0
    for row in range(rows):
        for col in range(cols - 1):
            ax, ay = tile_origin(col, row, BOARD, (vw, vh), cols, rows)
            nx, _ = tile_origin(col + 1, row, BOARD, (vw, vh), cols, rows)
            assert ax + vw - nx >= 12.0  # at least the 12 mm overlap
            region = (nx + 5, ay + 10, ax + vw - 2, ay + vh - 10)
            same(crop(col, row, region), crop(col + 1, row, region))
            pairs += 1
    for row in range(rows - 1):
        for col in range(cols):
            ax, ay = tile_origin(col, row, BOARD, (vw, vh), cols, rows)
            _, ny = tile_origin(col, row + 1, BOARD, (vw, vh), cols, rows)
            assert ay + vh - ny >= 12.0
            region = (ax + 10, ny + 5, ax + vw - 10, ay + vh - 2)
            same(crop(col, row, region), crop(col, row + 1, region))
            pairs += 1
    assert pairs == rows * (cols - 1) + cols * (rows - 1)


def test_board_is_centred_on_a3(built: dict[str, bytes]) -> None:
    image = _images(built[f"{GAME}-board-en-a3.pdf"], dpi=50, grey=True)[0]
    # the board's paper tone starts 8.5 mm from the left and 10 mm from the top
    px = 50 / 25.4
    left = [image.getpixel((round(x * px), image.height // 2)) for x in (4.0, 12.0)]
    top = [image.getpixel((image.width // 2, round(y * px))) for y in (5.0, 14.0)]
    assert left[0] == 255 and left[1] < 250
    assert top[0] == 255 and top[1] < 250


def test_colours_differ_in_greyscale(built: dict[str, bytes]) -> None:
    """The start fields and courtyards of the four colours still differ when printed in grey."""
    image = _images(built[f"{GAME}-board-cs-a3.pdf"], dpi=200, grey=True)[0]
    px = 200 / 25.4
    ox, oy = (297 - BOARD[0]) / 2, (420 - BOARD[1]) / 2
    g = geometry(*BOARD, 40)

    def patch(r: float, angle: float, size: float) -> Image.Image:
        a = math.radians(angle)
        x, y = g.cx + r * math.sin(a) + ox, g.cy - r * math.cos(a) + oy
        return image.crop(tuple(round(v * px) for v in (x - size, y - size, x + size, y + size)))

    for r, angle_of in (
        (g.track, lambda k: g.angle(g.gate(k, 4) + 1)),
        (g.yard[1], lambda k: g.angle(g.gate(k, 4))),
    ):
        patches = [patch(r, angle_of(k), 7.0) for k in range(4)]
        for i in range(4):
            for j in range(i + 1, 4):
                diff = ImageStat.Stat(ImageChops.difference(patches[i], patches[j])).mean[0]
                assert diff > 20, (i, j, diff)


# --- print check (review 2026-11-29) ---------------------------------------------------------------


def test_reference_answers_what_the_rules_leave_open(built: dict[str, bytes]) -> None:
    cs = _text(built, f"{GAME}-reference-cs-a4.pdf")
    # entering the courtyard is explained (our house rule), and the gate is named
    assert "brány" in cs and "Domácí pravidlo: nevyjde-li hod žádné figurce, propadá" in cs
    # the elf's extra mana belongs to race bonuses in either system, not only the extended one
    assert "má elfí kouzelník o 1 mag víc" in cs
    # lifting the guild rules is optional, as in the rules ("nemusí platit")
    assert "Zrušení pravidel gild (volitelné)" in cs
    # one name for the system without stats, as on the stats and player cards
    assert "Běžný systém" in cs and "Základní systém" not in cs
    en = _text(built, f"{GAME}-reference-en-letter.pdf")
    assert "Normal system" in en and "Basic system" not in en
    assert "Guild rules lifted (optional)" in en


def test_mana_sheet_czech(built: dict[str, bytes]) -> None:
    mana = _text(built, f"{GAME}-mana-cs-a4.pdf")
    assert "začíná s 1k6 + 2 magy" in mana
    assert "začíná se" not in mana
