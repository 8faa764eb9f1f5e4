"""Golden images of Runebound pages (50 dpi): cards, tokens, dice and the hero sheet."""

from __future__ import annotations

import pytest

from tests.render.test_golden import check_golden

CASES = [
    ("runebound-heroes-cs-a4.pdf", 0),
    ("runebound-adventures-en-a4.pdf", 6),  # red: encounters, an event III, a challenge in combat
    ("runebound-market-cs-letter.pdf", 2),  # potions, a mount and allies
    ("runebound-tokens-cs-a4.pdf", 1),  # a mirrored back page
    ("runebound-dice-en-a4.pdf", 0),
    ("runebound-dice-cs-a4.pdf", 1),  # the nets: grey tabs, dashed folds, solid cuts
    ("runebound-sheet-en-letter.pdf", 0),
    ("runebound-board-cs-a3.pdf", 0),  # the hex map on one A3 sheet
    ("runebound-board-cs-a4.pdf", 0),  # the first of 3 portrait A4 tiles, its label in the margin
    ("runebound-board-en-a4.pdf", 3),  # the first edge sheet: the failed-adventure spaces
    ("runebound-board-en-letter.pdf", 6),  # the third: markets and the hero tokens
    ("runebound-odds-cs-a4.pdf", 0),  # in Runebound's rust and parchment
]


@pytest.mark.parametrize(("name", "page"), CASES, ids=[f"{n}#{p + 1}" for n, p in CASES])
def test_runebound_page_matches_golden(
    built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(built, update_golden, name, page)
