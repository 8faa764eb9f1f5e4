"""Golden images of the Spící bohové ship's log, ship damage tracker and turn reference."""

from __future__ import annotations

import pytest

from tests.render.test_golden import check_golden

CASES = [
    ("spici-bohove-log-cs-a4.pdf", 0),
    ("spici-bohove-log-cs-a4.pdf", 1),
    ("spici-bohove-log-en-letter.pdf", 0),
    ("spici-bohove-ship-cs-a4.pdf", 0),
    ("spici-bohove-ship-en-letter.pdf", 0),
    ("spici-bohove-turn-cs-a4.pdf", 0),
    ("spici-bohove-turn-cs-a4.pdf", 1),
    ("spici-bohove-turn-en-letter.pdf", 1),
]


@pytest.mark.parametrize(("name", "page"), CASES, ids=[f"{n}#{p + 1}" for n, p in CASES])
def test_page_matches_golden(
    built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(built, update_golden, name, page)
