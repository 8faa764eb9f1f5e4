"""Gamebook printables (journal, combat tables, army sheet, fight odds) against golden images, and
the structure of every page this issue added: sizes, Czech text, form fields, numbers printed."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from generator.games.gamebook.cli import load_tables
from generator.games.gamebook.rules import Fight, FightSolver, Side, threshold
from generator.rules.odds import contest, duel, success_chance
from tests.render.test_golden import check_golden

CASES = [
    ("gamebook-journal-cs-a4.pdf", 0),
    ("gamebook-combat-tables-cs-a4.pdf", 0),
    ("gamebook-combat-tables-en-letter.pdf", 1),
    ("gamebook-army-cs-a4.pdf", 0),
    ("gamebook-fight-odds-en-a4.pdf", 0),
    ("gamebook-journal-en-letter.pdf", 0),
]
MM = 72 / 25.4


@pytest.mark.parametrize(("name", "page"), CASES, ids=[f"{n}#{p + 1}" for n, p in CASES])
def test_gamebook_page_matches_golden(
    built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(built, update_golden, name, page)


def _reader(built: dict[str, bytes], name: str) -> PdfReader:
    return PdfReader(io.BytesIO(built[name]))


def _size_mm(reader: PdfReader, i: int = 0) -> tuple[float, float]:
    box = reader.pages[i].mediabox
    return float(box.width) / MM, float(box.height) / MM


def _text(reader: PdfReader) -> str:
    """Every page's text with runs of white space as one space."""
    return " ".join(" ".join(p.extract_text().split()) for p in reader.pages)


EVERY = [
    f"{pack}-{what}-{lang}-{paper}.pdf"
    for pack, what in (
        ("gamebook", "journal"),
        ("gamebook", "journal-fillable"),
        ("gamebook", "combat-tables"),
        ("gamebook", "army"),
        ("gamebook", "army-fillable"),
        ("gamebook", "fight-odds"),
        ("runebound", "odds"),
        ("pji-nezlob-se", "odds"),
    )
    for lang in ("cs", "en")
    for paper in ("a4", "letter")
]


@pytest.mark.parametrize("name", EVERY)
def test_every_variant_is_built_on_its_paper(built: dict[str, bytes], name: str) -> None:
    reader = _reader(built, name)
    w, h = _size_mm(reader)
    paper = (210, 297) if "-a4" in name else (215.9, 279.4)
    landscape = "combat-tables" in name or "runebound-odds" in name
    want = paper[::-1] if landscape else paper
    assert (round(w, 1), round(h, 1)) == (round(want[0], 1), round(want[1], 1))


def test_journal_text_and_ladder(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "gamebook-journal-cs-a4.pdf"))
    for words in ("Osobní deník", "Přilba", "Brnění", "Zbraň (pravá ruka)", "Štít (levá ruka)",
                  "Skrýš v botě", "Torna", "Potraviny", "Peníze", "Zvláštní schopnosti",
                  "Boj beze zbraně", "Bojové kombo", "Přátelé", "alchymista", "Otevři zámek",
                  "Protijed", "začínáš s 10 zlatými"):  # fmt: skip
        assert words in text, words
    ladder = " ".join(str(threshold(n)) for n in range(1, 11))
    assert ladder in text  # 0 7 21 35 49 ...


def test_journal_fillable_fields(built: dict[str, bytes]) -> None:
    fields = _reader(built, "gamebook-journal-fillable-en-a4.pdf").get_fields() or {}
    for name in ("name", "experience", "level", "base_strength", "strength", "food", "money",
                 "armour_value", "equipment.helmet", "equipment.weapon_bonus", "backpack.12",
                 "ability.swimming", "ability.healing.3", "friend.2.profession.alchemist",
                 "friend.1.bomb", "friend.2.notes", "food_track.21", "level_reached.10",
                 "friend.1.base_strength", "friend.2.strength"):  # fmt: skip
        assert name in fields, name
    assert not _reader(built, "gamebook-journal-en-a4.pdf").get_fields()


def test_combat_tables_print_the_computed_cells(built: dict[str, bytes]) -> None:
    reader = _reader(built, "gamebook-combat-tables-en-a4.pdf")
    assert len(reader.pages) == 3
    tables = load_tables()
    for i, name in enumerate(("I", "II", "III")):
        text = " ".join(reader.pages[i].extract_text().split())
        assert f"Combat table {name}" in text
        row = tables.cells[name][tables.band(200)]
        assert " ".join(map(str, row)) in text
    assert "Light spells" in reader.pages[1].extract_text()
    assert "Light spells" not in reader.pages[0].extract_text()


def test_army_sheet(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "gamebook-army-cs-a4.pdf"))
    for words in ("Řadový útok", "Řadová obrana", "Kruhová obrana", "Klín", "Hromadný útok",
                  "Morálka", "83 %"):  # fmt: skip
        assert words in text, words
    fields = _reader(built, "gamebook-army-fillable-cs-a4.pdf").get_fields() or {}
    assert {"unit.1.name", "unit.8.morale", "unit.3.order.D", "unit.8.scattered"} <= set(fields)


def test_fight_odds_page(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "gamebook-fight-odds-cs-a4.pdf"))
    assert "Šance v souboji" in text and "Bojová síla nepřítele" in text
    # the printed chart is exact: both on II with armour value 4 and 10 strength, initiative yours
    solver = FightSolver(load_tables(), Fight(Side(10, 4), Side(10, 4)))
    assert 0.5 < solver.odds().win < 1


def test_runebound_odds_page(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "runebound-odds-cs-a4.pdf"))
    assert "2k10" in text and "Cílové číslo" in text
    assert f"{int(success_chance('2d10', 0, 11) * 100)}" == "55"
    # the row of attribute 0 from target 5: 94 90 85 79 72 64 55 45 ...
    assert "94 90 85 79 72 64 55 45 36 28 21 15 10 6 3 1 0" in text
    text = _text(_reader(built, "runebound-odds-en-letter.pdf"))
    assert "2d10" in text and "11 and 13" in text


def test_pji_odds_page(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "pji-nezlob-se-odds-cs-a4.pdf"))
    assert "při rovnosti házejí oba znovu" in text
    assert "21/31" in text and str(contest(1, 0).wins) == "21/31"
    assert "651/751" in text and str(duel(1, 0).wins) == "651/751"
    assert "2/3" in text
    text = _text(_reader(built, "pji-nezlob-se-odds-en-a4.pdf"))
    assert "on a tie both roll again" in text


def test_journal_friend_has_base_and_current_strength(built: dict[str, bytes]) -> None:
    text = _text(_reader(built, "gamebook-journal-cs-a4.pdf"))
    assert "Síla: základní" in text and "Síla: okamžitá" in text
    text = _text(_reader(built, "gamebook-journal-en-letter.pdf"))
    assert "Strength: base" in text and "Strength: current" in text and "Body armour" in text


@pytest.mark.parametrize(
    "name", ["gamebook-journal-fillable-cs-a4.pdf", "gamebook-army-fillable-en-letter.pdf"]
)
def test_gamebook_form_fields_do_not_overlap(built: dict[str, bytes], name: str) -> None:
    from tests.games.spici_bohove.test_printables import overlapping_widgets

    assert overlapping_widgets(built[name]) == []
