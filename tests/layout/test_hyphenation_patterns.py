"""The lazily parsed hyphenation patterns give exactly pyphen's break points (issue 25)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.layout import typography
from generator.layout.typography import Patterns

ROOT = Path(__file__).resolve().parents[2]
DICTIONARIES = ("cs", "en_GB")  # what hyphenator("cs") and hyphenator("en") read


@pytest.fixture(scope="module", params=DICTIONARIES)
def both(request: pytest.FixtureRequest) -> tuple[Patterns, pyphen.HyphDict]:
    path = pyphen.LANGUAGES[request.param]
    ours = Patterns.read(path)
    assert ours is not None  # neither dictionary uses ^^xx or nonstandard breaks
    return ours, pyphen.HyphDict(path)


def test_every_pattern_is_read_as_pyphen_reads_it(both) -> None:
    ours, theirs = both
    assert set(ours.patterns) == set(theirs.patterns)
    assert ours.maxlen == theirs.maxlen
    for key, line in list(ours.patterns.items()):
        parsed = ours._pattern(key, line) if isinstance(line, str) else line
        assert parsed == theirs.patterns[key], key


def test_every_word_of_the_content_breaks_where_pyphen_breaks_it(both) -> None:
    ours, theirs = both
    text = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "content").rglob("*.yaml"))
    words = sorted(set(re.findall(r"[^\W\d_]+", text)))
    assert len(words) > 1000
    broken = 0
    for word in words:
        expected = [int(p) for p in theirs.positions(word)]
        assert ours.positions(word) == expected, word
        broken += bool(expected)
    assert broken > 500  # the comparison is not only of words without break points


@cache
def _pyphen(lang: str) -> pyphen.HyphDict:
    return pyphen.HyphDict(pyphen.LANGUAGES[lang])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdeéěfghiíjklmnopqrřsštťuůúvwxyýzžABČ.-'", min_size=1, max_size=24))
def test_any_word_breaks_where_pyphen_breaks_it(word: str) -> None:
    for lang in DICTIONARIES:
        ours = typography._dictionary(lang)
        assert isinstance(ours, Patterns)
        assert ours.positions(word) == [int(p) for p in _pyphen(lang).positions(word)]


def test_known_breaks() -> None:
    # en_GB: "hy-phen-a-tion" (pyphen's own answer, its inserted()), cs: "pra-vi-dla"
    assert typography.hyphenator("en")("hyphenation") == (2, 6, 7)
    assert typography.hyphenator("cs")("pravidla") == (3, 5)


def test_a_planted_pattern_is_found() -> None:
    # a 9 (odd: a break; the highest value: no pattern overrides it) between the "p" and "h"
    # of "phe" makes "hyp-henation" a break that pyphen does not give: the comparison sees it
    path = pyphen.LANGUAGES["en_GB"]
    planted = Patterns.read(path)
    assert planted is not None
    planted.patterns["phe"] = (1, (9,))
    assert planted.positions("hyphenation") == [2, 3, 6, 7]
    assert [int(p) for p in pyphen.HyphDict(path).positions("hyphenation")] == [2, 6, 7]


def test_a_dictionary_with_what_only_pyphen_reads_goes_to_pyphen(tmp_path: Path) -> None:
    odd = tmp_path / "hyph_xx.dic"
    odd.write_text("UTF-8\n1ba\nc1f/ff=f,1,2\n", encoding="utf-8")  # a nonstandard break
    assert Patterns.read(odd) is None
    plain = tmp_path / "hyph_yy.dic"
    plain.write_text("UTF-8\n% comment\nLEFTHYPHENMIN 2\n1ba\na1b\n0x0\n", encoding="utf-8")
    table = Patterns.read(plain)
    assert table is not None and set(table.patterns) == {"ba", "ab"}  # zeros-only dropped
    assert table.positions("abab") == [int(p) for p in pyphen.HyphDict(plain).positions("abab")]
