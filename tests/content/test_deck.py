"""User decks for `papirna cards build`: deck.yaml, card data in YAML or CSV, counts and errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.deck import load_csv, load_deck
from generator.content.models import LText
from generator.errors import PapirnaError
from generator.resources import content_dir


@pytest.fixture()
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The starter deck from `papirna cards init`, in tmp_path/deck (the working folder)."""
    shutil.copytree(content_dir() / "_starter-deck", tmp_path / "deck")
    monkeypatch.chdir(tmp_path)
    return Path("deck")


def write_csv(deck: Path, text: str) -> Path:
    path = deck / "cards.csv"
    path.write_text(text, encoding="utf-8")
    return path


def csv_error(deck: Path, text: str) -> str:
    write_csv(deck, text)
    with pytest.raises(PapirnaError) as info:
        load_deck(deck / "deck.yaml")
    return str(info.value)


def deck_error(deck: Path, deck_yaml: str, cards_yaml: str | None = None) -> str:
    (deck / "deck.yaml").write_text(deck_yaml, encoding="utf-8")
    if cards_yaml is not None:
        (deck / "cards.yaml").write_text(cards_yaml, encoding="utf-8")
    with pytest.raises(PapirnaError) as info:
        load_deck(deck / "deck.yaml")
    return str(info.value)


# ------------------------------------------------------------------------------ the starter


def test_starter_deck_loads(deck: Path) -> None:
    pack = load_deck(deck / "deck.yaml")
    assert pack.id == "deck"
    assert pack.languages == ("cs", "en")
    lp = pack.printables["cards"]
    assert lp.spec.layout == "card" and lp.spec.back == "back"
    assert lp.spec.bleed == 3.0
    assert [e.model["count"] for e in lp.cards] == [3, 2, 1]
    first = lp.cards[0].model
    assert first["name"] == LText({"cs": "Ohnivá koule", "en": "Fireball"})
    assert first["cost"] == LText({"*": "2"})
    assert lp.cards[2].doc.where((2, "count")) == (4, 7)


# ------------------------------------------------------------------------------------- CSV


def test_csv_with_bom_reads_the_first_column(deck: Path) -> None:
    path = deck / "cards.csv"
    path.write_bytes(b"\xef\xbb\xbfname,count\nA,2\n")
    assert load_csv(path).data == [{"name": "A", "count": 2}]


def test_csv_semicolons_and_counts_with_spaces(deck: Path) -> None:
    doc = load_csv(write_csv(deck, "name.cs;name.en;count\nKoule;Ball; 2 \n"))
    assert doc.data == [{"name": {"cs": "Koule", "en": "Ball"}, "count": 2}]


def test_csv_blank_rows_are_skipped_and_lines_stay_true(deck: Path) -> None:
    doc = load_csv(write_csv(deck, 'name,text\nA,"two\nlines"\n\n,\nB,x\n'))
    assert [c["name"] for c in doc.data] == ["A", "B"]
    assert doc.where((1, "text")) == (6, 2)


def test_csv_empty_file(deck: Path) -> None:
    assert csv_error(deck, "") == "deck/cards.csv: the CSV file is empty"


def test_csv_header_only_has_no_cards(deck: Path) -> None:
    assert csv_error(deck, "name,count\n") == "deck/cards.csv: the deck has no cards"


def test_csv_blank_first_row(deck: Path) -> None:
    assert csv_error(deck, "\nname\nA\n") == "deck/cards.csv:1: the first row must name the columns"


def test_csv_duplicate_header(deck: Path) -> None:
    assert csv_error(deck, "name,text,name\nA,b,c\n") == (
        "deck/cards.csv:1:3: column 'name' appears twice"
    )


def test_csv_duplicate_localised_header(deck: Path) -> None:
    assert csv_error(deck, "name.cs,name.en,name.cs\nA,B,C\n") == (
        "deck/cards.csv:1:3: column 'name.cs' appears twice"
    )


@pytest.mark.parametrize(
    ("header", "column", "name"), [("name,name.cs", 2, "name.cs"), ("name.en,name", 2, "name")]
)
def test_csv_plain_and_localised_column_of_one_field(
    deck: Path, header: str, column: int, name: str
) -> None:
    assert csv_error(deck, f"{header}\nA,B\n") == (
        f"deck/cards.csv:1:{column}: column '{name}' clashes with another 'name' column; "
        "use name.cs and name.en, or name alone"
    )


def test_csv_column_in_a_language_the_deck_lacks(deck: Path) -> None:
    assert csv_error(deck, "title,name.de\nA,B\n") == (
        "deck/cards.csv:1:2: column 'name.de' is in 'de', which is not one of the deck's "
        "languages (cs, en)"
    )


@pytest.mark.parametrize("name", ["na me", "name.xxxx", "1st", "a.b.c"])
def test_csv_bad_column_name(deck: Path, name: str) -> None:
    assert csv_error(deck, f"title,{name}\nA,B\n") == (
        f"deck/cards.csv:1:2: column name '{name}' must be a field name, or field.cs / field.en"
    )


def test_csv_row_with_too_many_cells(deck: Path) -> None:
    assert (
        csv_error(deck, "name,count\nA,1\nB,1,extra\n") == "deck/cards.csv:3: 3 cells but 2 columns"
    )


def test_csv_missing_translation(deck: Path) -> None:
    assert csv_error(deck, "name.cs\nA\n") == "deck/cards.csv:2:1: name: no 'en' translation"


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ("-1", "-1"),
        ("1001", "1001"),
        ("many", "'many'"),
        ("1.5", "'1.5'"),
        ("²", "'²'"),
        ("9" * 5000, "'" + "9" * 55 + " ..."),
    ],
)
def test_csv_bad_count(deck: Path, cell: str, shown: str) -> None:
    assert csv_error(deck, f"name.cs,name.en,count\nA,A,1\nB,B,{cell}\n") == (
        f"deck/cards.csv:3:3: count: count must be a whole number from 0 to 1000, got {shown}"
    )


def test_csv_count_zero_is_allowed(deck: Path) -> None:
    write_csv(deck, "name.cs,name.en,count\nA,A,0\n")
    assert load_deck(deck / "deck.yaml").printables["cards"].cards[0].model["count"] == 0


def test_csv_in_czech_excel_encoding_is_read_with_a_notice(deck: Path) -> None:
    # "červená" and "šťáva" as Czech Excel saves them: č=E8, á=E1, š=9A, ť=9D (cp1250 only)
    (deck / "cards.csv").write_bytes(b"name.cs,name.en\n\xe8erven\xe1,red\n\x9a\x9d\xe1va,juice\n")
    pack = load_deck(deck / "deck.yaml")
    names = [e.model["name"].get("cs") for e in pack.printables["cards"].cards]
    assert names == ["červená", "šťáva"]
    assert pack.notices == [
        "deck/cards.csv: not UTF-8, read as Windows-1250 (Czech Excel's CSV); "
        "save it as 'CSV UTF-8' to be sure"
    ]


def test_csv_in_no_known_encoding_is_refused(deck: Path) -> None:
    # 0x81 is unassigned in Windows-1250 and a control character in ISO-8859-2
    (deck / "cards.csv").write_bytes(b"name\nA\x81B\n")
    with pytest.raises(PapirnaError) as info:
        load_deck(deck / "deck.yaml")
    assert str(info.value) == (
        "deck/cards.csv: not UTF-8 text (byte 6) and no Czech encoding fits; "
        "save the file as UTF-8 ('CSV UTF-8' in Excel)"
    )


def test_csv_field_too_large_is_an_error(deck: Path) -> None:
    assert csv_error(deck, 'name\n"' + "x" * 200_000 + '"\n').startswith(
        "deck/cards.csv:2: invalid CSV: field larger than field limit"
    )


# ------------------------------------------------------------------------------------ YAML


YAML_DECK = "name: Moje\ncards: cards.yaml\nlayout: card.yaml\n"


def test_yaml_cards_with_counts(deck: Path) -> None:
    (deck / "deck.yaml").write_text(YAML_DECK, encoding="utf-8")
    (deck / "cards.yaml").write_text("- {name: A, count: 2}\n- {name: B}\n", encoding="utf-8")
    pack = load_deck(deck / "deck.yaml")
    assert pack.languages == ("cs",)
    assert pack.manifest.name == LText({"*": "Moje"})
    assert [e.model.get("count") for e in pack.printables["cards"].cards] == [2, None]


@pytest.mark.parametrize(
    ("count", "shown"), [("-1", "-1"), ("'2'", "'2'"), ("true", "True"), ("1.5", "1.5")]
)
def test_yaml_bad_count(deck: Path, count: str, shown: str) -> None:
    assert deck_error(deck, YAML_DECK, f"- name: A\n- name: B\n  count: {count}\n") == (
        f"deck/cards.yaml:3:10: [1].count: count must be a whole number from 0 to 1000, got {shown}"
    )


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("name: A\n", "deck/cards.yaml:1:1: expected a list of cards"),
        ("[]\n", "deck/cards.yaml:1:1: the deck has no cards"),
        ("", "deck/cards.yaml: expected a list of cards"),
        ("- \n", "deck/cards.yaml:1:2: [0]: expected a mapping of fields, got None"),
        (
            "- {name: A, 2x: b}\n",
            "deck/cards.yaml:1:3: [0]: field name '2x' must be letters, digits and '_'",
        ),
    ],
)
def test_yaml_cards_file_of_the_wrong_shape(deck: Path, cards: str, expected: str) -> None:
    assert deck_error(deck, YAML_DECK, cards) == expected


# ------------------------------------------------------------------------------- deck.yaml


@pytest.mark.parametrize(
    ("deck_yaml", "expected"),
    [
        ("", "deck/deck.yaml: name: missing required field"),
        ("- a\n", "deck/deck.yaml:1:1: expected a mapping, got ['a']"),
        (
            "name: x\ncards: ../x.csv\nlayout: card.yaml\n",
            "deck/deck.yaml:2:8: cards: path '../x.csv' may not leave the pack ('..')",
        ),
        (
            "name: x\ncards: /etc/passwd\nlayout: card.yaml\n",
            "deck/deck.yaml:2:8: cards: path '/etc/passwd' must be relative to the pack",
        ),
        (
            "name: x\ncards: nope.csv\nlayout: card.yaml\n",
            "deck/deck.yaml:2:8: cards: file 'nope.csv' not found in the pack",
        ),
        (
            "name: x\ncards: cards.csv\nlayout: card.txt\n",
            "deck/deck.yaml:3:9: layout: expected a layout name like 'cards/poker' or 'card.yaml', got 'card.txt'",
        ),
        (
            "name: x\ncards: cards.csv\nlayout: card.yaml\nlanguages: [Deutsch]\n",
            "deck/deck.yaml:4:13: languages[0]: expected a language code like 'cs', 'en' or 'de', got 'Deutsch'",
        ),
        (
            "name: x\ncards: cards.csv\nlayout: card.yaml\nbleed: 3\n",
            "deck/deck.yaml:4:8: bleed: expected a length with a unit like '3mm', got 3",
        ),
    ],
)
def test_bad_deck_file(deck: Path, deck_yaml: str, expected: str) -> None:
    assert deck_error(deck, deck_yaml) == expected


def test_cards_through_a_symlink_out_of_the_deck(deck: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.csv").write_text("name\nA\n", encoding="utf-8")
    (deck / "link.csv").symlink_to(tmp_path / "secret.csv")
    assert deck_error(deck, "name: x\ncards: link.csv\nlayout: card.yaml\n") == (
        "deck/deck.yaml:2:8: cards: path 'link.csv' leaves the pack"
    )


def test_plain_empty_name_and_tiny_bleed_load(deck: Path) -> None:
    (deck / "deck.yaml").write_text(
        "name: ''\ncards: cards.csv\nlayout: card.yaml\nbleed: 0.00001mm\n", encoding="utf-8"
    )
    pack = load_deck(deck / "deck.yaml")
    assert pack.manifest.name == LText({"*": ""})
    assert pack.printables["cards"].spec.bleed == pytest.approx(0.00001)
