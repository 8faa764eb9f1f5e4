"""Typed sheets read as a player writes them: yes/no words, quoted numbers, near-miss keys."""

from __future__ import annotations

import pytest

from generator.content.sheets_io import SheetKeyError, lenient
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet
from generator.games.spici_bohove.sheets import SpiciBohoveLog
from generator.rules.scoring import nearest


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("ano", True),
        ("ne", False),
        ("Ano", True),
        ("yes", True),
        ("no", False),
        ("true", True),
        ("false", False),
        (" NE ", False),
    ],
)
def test_yes_no_words(word: str, value: bool) -> None:
    assert lenient(PapiroveDoupeSheet, {"resurrection": word}) == {"resurrection": value}


def test_quoted_numbers_only_where_a_number_goes() -> None:
    got = lenient(PapiroveDoupeSheet, {"gems": "4", "player": "7", "goals": ["3", "jeweller"]})
    # gems is a number; the player's name stays text; a goal is a card id or a circled number
    assert got == {"gems": 4, "player": "7", "goals": [3, "jeweller"]}
    assert lenient(SpiciBohoveLog, {"coins": "−2"}) == {"coins": -2}  # a true minus sign too
    assert lenient(SpiciBohoveLog, {"coins": "many"}) == {"coins": "many"}  # left for validation


def test_unknown_keys_name_the_nearest() -> None:
    with pytest.raises(SheetKeyError, match=r"unknown key; did you mean gems\?") as err:
        lenient(PapiroveDoupeSheet, {"gem": 3})
    assert err.value.path == ("gem",)
    with pytest.raises(SheetKeyError) as err:
        lenient(PapiroveDoupeSheet, {"fights": [{"fled": True}, {"ranges": 2}]})
    assert err.value.path == ("fights", 1, "ranges") and "did you mean range?" in str(err.value)
    with pytest.raises(SheetKeyError) as err:
        lenient(PapiroveDoupeSheet, {"zzzz": 1})
    assert str(err.value) == "unknown key"  # nothing near: no guess


def test_nearest() -> None:
    assert nearest("jeweler", ["jeweller", "two-masters"]) == "; did you mean jeweller?"
    assert nearest("STEADY-RANKS", ["steady-ranks"]) == "; did you mean steady-ranks?"
    assert nearest("x", ["jeweller"]) == ""
