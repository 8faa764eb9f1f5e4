"""The character journal as played at the table: ability cells of at most two lines, a figure
clear of its boxes and unsquashed on every paper, the wizard's spell power, the Right now band,
the glossary's 'armour value' for výzbroj, and the gamebook's own palette."""

from __future__ import annotations

import colorsys
import io

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from generator.content.pack import load_pack
from generator.games.gamebook.chart import LINE_STYLES
from generator.games.gamebook.journal import HAND, build_journal, figure_extent
from generator.games.gamebook.tables import TABLE_COLORS
from generator.layout.builders import BuildContext
from generator.layout.ops import TextOp
from generator.layout.spec import load_layout
from generator.output.build import Renderer
from generator.resources import content_dir

PACK = content_dir() / "gamebook"


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK, builtin=True)


def _journal_ops(pack, lang: str) -> list:
    layout = load_layout("gamebook/journal")
    data = pack.printables["journal"].data.model
    ctx = BuildContext(layout, data, {}, Renderer().env(pack), lang, "a4", title="t")
    (page,) = build_journal(ctx)
    return page.ops


def _texts(ops: list) -> list[TextOp]:
    return [op for op in ops if isinstance(op, TextOp)]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_ability_level_takes_at_most_two_lines(pack, lang: str) -> None:
    # The issue: "spánek +1 / bod, léčí i / přátele" wrapped to three cramped lines. The
    # abilities region is x 101, y 84, 95 x 45 mm: a 7.5 mm heading, then 5 rows of
    # (45 - 7.5) / 5 = 7.5 mm (Swimming and Climbing share the first). A level's text starts
    # 35 + k * 20 + 3.8 + 0.9 mm in. Each text line is one run.
    data = pack.printables["journal"].data.model
    runs = _texts(_journal_ops(pack, lang))
    levelled = [a for a in data.abilities if a.levels]
    assert len(levelled) == 4
    for i, a in enumerate(levelled):
        top = 84 + 7.5 + (1 + i) * 7.5
        for k, level in enumerate(a.levels):
            x = 101 + 35 + k * 20 + 3.8 + 0.9
            lines = [r.text for r in runs if abs(r.x - x) < 0.01 and top < r.y < top + 7.5]
            assert 1 <= len(lines) <= 2, (a.id, level.get(lang), lines)
            assert " ".join(lines).replace("- ", "") == level.get(lang)


def test_the_hands_keep_clear_of_their_boxes() -> None:
    # The figure region is 94 mm wide with 27 mm boxes at both sides: the boxes start 20 mm
    # from the centre line. The hands (centre 13.4 mm out, radius 2.0) reach 15.4 mm: 4.6 mm
    # clear; nothing of the figure reaches further.
    region = load_layout("gamebook/journal").boxes["figure"]
    inner = region.width / 2 - 27.0
    assert inner == pytest.approx(20.0)
    assert abs(HAND[0]) + HAND[2] == pytest.approx(15.4)
    assert inner - figure_extent() >= 4.0


def _journal_crop(pdf: bytes, paper: tuple[float, float], dpi: float = 508.0) -> Image.Image:
    """The 196 x 268 mm journal cut out of its page (centred on the paper) at `dpi`."""
    img = pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72).to_pil().convert("L")
    px = dpi / 25.4
    dx, dy = (paper[0] - 196) / 2 * px, (paper[1] - 268) / 2 * px
    return img.crop((round(dx), round(dy), round(dx + 196 * px), round(dy + 268 * px)))


def test_the_journal_is_the_same_drawing_on_a4_and_letter(built: dict[str, bytes]) -> None:
    # Letter is wider and shorter than A4; the journal is drawn at its size and centred on
    # both, never stretched. At 508 dpi (20 px/mm) both offsets are whole pixels (A4: 7 and
    # 14.5 mm = 140 and 290 px, Letter: 9.95 and 5.7 mm = 199 and 114 px), so the crops are the
    # same up to anti-aliasing. A journal stretched to Letter's width (215.9 / 210 = 2.8 %
    # wider) moves its right column by 5 mm = 100 px and differs by far more.
    a4 = _journal_crop(built["gamebook-journal-en-a4.pdf"], (210.0, 297.0))
    letter = _journal_crop(built["gamebook-journal-en-letter.pdf"], (215.9, 279.4))
    assert a4.size == letter.size
    same = ImageStat.Stat(ImageChops.difference(a4, letter)).mean[0]
    squashed = letter.resize((round(a4.width * 215.9 / 210), a4.height)).crop((0, 0, *a4.size))
    stretched = ImageStat.Stat(ImageChops.difference(a4, squashed)).mean[0]
    assert same < 3.0 < stretched, (same, stretched)


def test_new_fields_on_the_fillable_journal(built: dict[str, bytes]) -> None:
    reader = PdfReader(io.BytesIO(built["gamebook-journal-fillable-cs-a4.pdf"]))
    fields = set(reader.get_fields() or {})
    want = {
        "friend.1.spell_power",
        "friend.2.spell_power",
        "now.paragraph",
        "now.enemy",
        "now.enemy_strength",
        "now.enemy_armour_value",
        "now.table_you.I",
        "now.table_enemy.III",
        "now.notes",
        "armour_value",
        "friend.1.armour_value",
        "equipment.body_armour",
    }
    assert want <= fields, want - fields
    assert not {"armour", "friend.1.armour", "equipment.armour"} & fields


@pytest.mark.parametrize("name", ["gamebook-journal-cs-a4.pdf", "gamebook-journal-en-letter.pdf"])
def test_journal_prints_spell_power_and_right_now(built: dict[str, bytes], name: str) -> None:
    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(built[name])).pages
    )
    words = (
        ("síla kouzla", "Právě teď", "Odstavec", "Nepřítel", "Soubojová karta")
        if "-cs-" in name
        else ("spell power", "Right now", "Paragraph", "Enemy", "Combat table")
    )
    for w in words:
        assert w in text, w


def test_english_gamebook_pages_say_armour_value_for_vyzbroj(built: dict[str, bytes]) -> None:
    # výzbroj counts weapons too: the glossary's word is "armour value"; "armour" alone is only
    # the body armour (brnění) and the armour piece on the figure.
    for name, data in built.items():
        if not name.startswith("gamebook-") or "-en-" not in name:
            continue
        for page in PdfReader(io.BytesIO(data)).pages:
            text = " ".join(page.extract_text().split()).lower()
            bare = text.replace("armour value", "").replace("body armour", "")
            assert "armour" not in bare, (name, bare[max(0, bare.find("armour") - 40) :][:90])


def _hue(hex_color: str) -> tuple[float, float, float]:
    r, g, b = (int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hls(r, g, b)


def test_fight_odds_and_tables_use_the_gamebook_palette() -> None:
    # the gamebook's warm browns: every coloured line and table colour has a hue between red
    # and yellow-olive (0..65 degrees); the old blue (#2f5f8a, 208 degrees) and green (#4a7a2c,
    # 97 degrees) are gone
    colours = [c for c, _, _ in LINE_STYLES] + list(TABLE_COLORS.values())
    for c in colours:
        h, _light, sat = _hue(c)
        assert sat < 0.12 or h * 360 <= 65, (c, h * 360)
    assert _hue("#2f5f8a")[0] * 360 > 65  # the check sees the old blue
