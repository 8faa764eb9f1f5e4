"""Validating loaded YAML into typed models: the first problem in the file, in plain words, on one line."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import Field

from generator.content.models import Length, LText, Model, PackPath
from generator.content.validate import check_translations, short, validate
from generator.content.yamlio import load_yaml_text
from generator.errors import PapirnaError


class Monster(Model):
    id: str
    name: LText
    level: int = Field(ge=1, le=6)
    weakness: Literal["warrior", "wizard", "cleric", "thief"]
    size: Length = 0.0
    tags: list[str] = Field(default_factory=list, max_length=3)
    strength: float = 1.0
    boss: bool = False
    art: PackPath | None = None


class Deck(Model):
    title: LText
    monsters: list[Monster]
    extra: int | list[int] | None = None


GOOD = "id: rat\nname: {cs: Krysa, en: Rat}\nlevel: 2\nweakness: thief\n"


def error_of(model: object, text: str, **kwargs: object) -> str:
    doc = load_yaml_text(text, "mydeck/cards.yaml")
    with pytest.raises(PapirnaError) as info:
        validate(model, doc, **kwargs)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_valid_data() -> None:
    m = validate(Monster, load_yaml_text(GOOD, "f.yaml"))
    assert (m.id, m.level, m.weakness, m.size) == ("rat", 2, "thief", 0.0)
    assert m.name.get("en") == "Rat"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "weakness: bard",
            "4:11: weakness: expected one of warrior, wizard, cleric, thief, got 'bard'",
        ),
        (
            "weakness: [thief]",
            "4:11: weakness: expected one of warrior, wizard, cleric, thief, got ['thief']",
        ),
        ("weakness: thief\nlevel2: 3", "5:1: level2: unknown key"),
        ("weakness: thief\nsize: 5", "5:7: size: expected a length with a unit like '5mm', got 5"),
        ("weakness: thief\nsize: 5000mm", "5:7: size: length '5000mm' is larger than 2000mm"),
        (
            "weakness: thief\ntags: [a, b, c, d]",
            "5:7: tags: list should have at most 3 items after validation, not 4",
        ),
        ("weakness: thief\ntags: a", "5:7: tags: expected a list, got 'a'"),
        ("weakness: thief\ntags: [a, 1]", "5:11: tags[1]: expected text, got 1"),
        ("weakness: thief\nstrength: high", "5:11: strength: expected a number, got 'high'"),
        (
            "weakness: thief\nboss: yes please",
            "5:7: boss: expected true or false, got 'yes please'",
        ),
        ("weakness: thief\nboss: 1", "5:7: boss: expected true or false, got 1"),
        (
            "weakness: thief\nart: ../x.svg",
            "5:6: art: path '../x.svg' may not leave the pack ('..')",
        ),
    ],
)
def test_one_problem_in_plain_words(line: str, expected: str) -> None:
    text = GOOD.replace("weakness: thief\n", line + "\n")
    assert error_of(Monster, text) == f"mydeck/cards.yaml:{expected}"


def test_integer_fields_are_strict() -> None:
    assert error_of(Monster, GOOD.replace("level: 2", "level: '2'")) == (
        "mydeck/cards.yaml:3:8: level: expected an integer, got '2'"
    )
    assert error_of(Monster, GOOD.replace("level: 2", "level: 2.5")) == (
        "mydeck/cards.yaml:3:8: level: expected an integer, got 2.5"
    )


def test_bounds() -> None:
    assert error_of(Monster, GOOD.replace("level: 2", "level: 7")) == (
        "mydeck/cards.yaml:3:8: level: input should be less than or equal to 6, got 7"
    )
    assert error_of(Monster, GOOD.replace("level: 2", "level: 0")) == (
        "mydeck/cards.yaml:3:8: level: input should be greater than or equal to 1, got 0"
    )


def test_missing_field_points_at_the_mapping() -> None:
    assert error_of(Monster, "id: rat\nname: Krysa\nweakness: thief\n") == (
        "mydeck/cards.yaml:1:1: level: missing required field"
    )


def test_the_first_problem_in_the_file_is_reported() -> None:
    text = (
        "title: T\nmonsters:\n  - id: a\n    name: A\n    level: 1\n    weakness: bard\n  - id: 5\n"
    )
    assert error_of(Deck, text) == (
        "mydeck/cards.yaml:6:15: monsters[0].weakness: expected one of warrior, wizard, cleric, "
        "thief, got 'bard'"
    )


def test_path_inside_a_list_names_the_index() -> None:
    text = (
        "title: T\nmonsters:\n  - "
        + GOOD.rstrip("\n").replace("\n", "\n    ")
        + "\n  - id: b\n    name: B\n    level: 1\n    weakness: cleric\n    colour: red\n"
    )
    assert error_of(Deck, text) == "mydeck/cards.yaml:11:5: monsters[1].colour: unknown key"


def test_union_tags_are_left_out_of_the_path() -> None:
    text = "title: T\nmonsters: []\nextra: [1, x]\n"
    message = error_of(Deck, text)
    assert message.startswith("mydeck/cards.yaml:3:")
    assert ": extra" in message
    assert "int" not in message.split(": ")[1]  # not 'extra.list[int][1]'


def test_empty_file() -> None:
    assert error_of(Monster, "") == "mydeck/cards.yaml: the file is empty"
    assert error_of(Monster, "# only a comment\n") == "mydeck/cards.yaml: the file is empty"


def test_not_a_mapping() -> None:
    assert error_of(Monster, "- a\n") == "mydeck/cards.yaml:1:1: expected a mapping, got ['a']"


def test_part_of_a_document_with_a_base_path() -> None:
    doc = load_yaml_text(
        "- " + GOOD.replace("\n", "\n  ").replace("level: 2", "level: x"), "c.yaml"
    )
    with pytest.raises(PapirnaError) as info:
        validate(Monster, doc, doc.data[0], (0,))
    assert str(info.value) == "c.yaml:3:10: [0].level: expected an integer, got 'x'"


# ----------------------------------------------------------------------------- translations


def test_missing_translation() -> None:
    text = GOOD.replace("{cs: Krysa, en: Rat}", "{cs: Krysa}")
    assert error_of(Monster, text) == "mydeck/cards.yaml:2:7: name: no 'en' translation"


def test_translations_only_for_the_languages_asked() -> None:
    doc = load_yaml_text(GOOD.replace("{cs: Krysa, en: Rat}", "{cs: Krysa}"), "f.yaml")
    assert validate(Monster, doc, languages=("cs",)).name.get("en") == "Krysa"
    with pytest.raises(PapirnaError) as info:
        check_translations(validate(Monster, doc, languages=()), doc, ("en",))
    assert str(info.value) == "f.yaml:2:7: name: no 'en' translation"


def test_plain_text_serves_every_language() -> None:
    m = validate(Monster, load_yaml_text(GOOD.replace("{cs: Krysa, en: Rat}", "Krysa"), "f.yaml"))
    assert m.name.get("en") == m.name.get("cs") == "Krysa"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (
            "{Deutsch: Hallo}",
            "2:7: name: unknown language 'Deutsch', expected a code like cs, en, de",
        ),
        ("{de: Hallo}", "2:7: name: no 'cs' translation"),
        ("{cs: 1}", "2:7: name: text for 'cs' must be a string, got 1"),
        ("{}", "2:7: name: expected text or {cs: ..., en: ...}, got {}"),
        ("[a]", "2:7: name: expected text or {cs: ..., en: ...}, got ['a']"),
        ("null", "2:7: name: expected text or {cs: ..., en: ...}, got None"),
    ],
)
def test_bad_localised_text(value: str, expected: str) -> None:
    text = GOOD.replace("{cs: Krysa, en: Rat}", value)
    assert error_of(Monster, text) == f"mydeck/cards.yaml:{expected}"


# ----------------------------------------------------------------------------- long values


def test_long_wrong_values_are_cut() -> None:
    text = GOOD.replace("weakness: thief", "weakness: " + "x" * 5000)
    message = error_of(Monster, text)
    assert message == (
        "mydeck/cards.yaml:4:11: weakness: expected one of warrior, wizard, cleric, thief, got '"
        + "x" * 55
        + " ..."
    )


def test_short() -> None:
    assert short("abc") == "'abc'"
    assert short([1, 2]) == "[1, 2]"
    assert short("y" * 100) == "'" + "y" * 55 + " ..."
    assert len(short(list(range(1000)))) == 60
