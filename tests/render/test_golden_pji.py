"""Golden images of PJi, nezlob se: the board (whole on A3 and one Letter tile), the standees, the
stats card, the mana trackers and the reference card, at 50 dpi."""

from __future__ import annotations

import pytest

from tests.render.test_golden import check_golden

CASES = [
    ("pji-nezlob-se-board-cs-a3.pdf", 0),
    ("pji-nezlob-se-board-en-letter.pdf", 3),
    ("pji-nezlob-se-figures-cs-a4.pdf", 0),
    ("pji-nezlob-se-stats-en-a4.pdf", 0),
    ("pji-nezlob-se-mana-cs-letter.pdf", 0),
    ("pji-nezlob-se-card-cs-a4.pdf", 0),
]


@pytest.mark.parametrize(("name", "page"), CASES, ids=[f"{n}#{p + 1}" for n, p in CASES])
def test_pji_page_matches_golden(
    built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(built, update_golden, name, page)
