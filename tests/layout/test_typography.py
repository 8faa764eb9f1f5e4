"""Czech typography in the text engine: one-letter words, hyphenation, minus, quotes, dashes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.layout.ops import TextOp
from generator.layout.text import layout_text, wrap_lines
from generator.layout.typography import hyphenator, is_one_letter, typeset
from generator.units import PT_PER_MM
from tests.layout.test_text import Mono


def _lines(out) -> list[str]:
    return [op.text for op in out.ops if isinstance(op, TextOp)]


def test_planted_v_at_line_end_is_bound_to_the_next_word() -> None:
    # Mono: 10pt -> 5pt a character; a 30pt box holds 6 characters.
    # "aaaa v" is exactly 6 characters and would end the first line with "v";
    # bound to "bbbb" it moves down: "aaaa" / "v bbbb" (6 characters again).
    box = (0.0, 0.0, 30 / PT_PER_MM, 100.0)
    out = layout_text("aaaa v bbbb", box, Mono(), size=10)
    assert _lines(out) == ["aaaa", "v bbbb"]


def test_every_one_letter_word_and_capital_is_bound() -> None:
    box = (0.0, 0.0, 30 / PT_PER_MM, 100.0)
    for letter in "ksvzouaiKSVZOUAI":
        out = layout_text(f"aaaa {letter} bbbb", box, Mono(), size=10)
        assert _lines(out) == ["aaaa", f"{letter} bbbb"], letter
    # a two-letter word may end a line: "aaa ve" is 6 characters
    assert _lines(layout_text("aaa ve bbbb", box, Mono(), size=10)) == ["aaa ve", "bbbb"]


def test_chains_of_one_letter_words_stay_with_the_word_after_them() -> None:
    # "a v lese" cannot break after "a" nor after "v": 40pt = 8 characters.
    box = (0.0, 0.0, 40 / PT_PER_MM, 100.0)
    assert _lines(layout_text("aaaaa a v lese", box, Mono(), size=10)) == ["aaaaa", "a v lese"]


def test_flowed_lines_bind_one_letter_words_too() -> None:
    lines = wrap_lines("aaaa v bbbb", 30 / PT_PER_MM, Mono(), size=10)
    texts = [[op.text for op in ln.ops if isinstance(op, TextOp)] for ln in lines]
    assert texts == [["aaaa"], ["v bbbb"]]


def test_hyphenates_before_shrinking() -> None:
    # 35pt wide = 7 characters at 10pt; 22pt high = two lines (12pt lead + 10pt ascent-descent).
    # "pravidla" (8) fits no line, so without hyphens the text must shrink; Czech hyphenation
    # (pra-vi-dla) gives "ab pra-" (7) / "vidla" at the full 10pt.
    box = (0.0, 0.0, 35 / PT_PER_MM, 22 / PT_PER_MM)
    out = layout_text("ab pravidla", box, Mono(), size=10, min_size=5, lang="cs")
    assert out.size == 10
    assert _lines(out) == ["ab pra-", "vidla"]
    # with no language known there is no dictionary, so it shrinks: 8 chars in 35pt -> 8.75pt
    plain = layout_text("ab pravidla", box, Mono(), size=10, min_size=5)
    assert plain.size < 10
    assert "-" not in "".join(_lines(plain))


def test_does_not_hyphenate_when_the_text_fits() -> None:
    # "ab vidla" (8 characters) breaks at its space into two lines that fit 7 characters:
    # no hyphen, although "ab vi-" / "dla" would be a valid Czech break.
    box = (0.0, 0.0, 35 / PT_PER_MM, 22 / PT_PER_MM)
    assert _lines(layout_text("ab vidla", box, Mono(), size=10, lang="cs")) == ["ab", "vidla"]


def test_english_hyphenation() -> None:
    points = hyphenator("en")("hyphenation")
    assert points  # hy-phen-ation
    assert all(2 <= p <= len("hyphenation") - 2 for p in points)


@given(st.text(alphabet="abcdeéěfghiíjklmnoprřsštuůúvyýzž", min_size=1, max_size=20))
def test_at_least_two_letters_either_side_of_a_break(word: str) -> None:
    for lang in ("cs", "en"):
        for p in hyphenator(lang)(word):
            assert p >= 2 and len(word) - p >= 2


def test_punctuation_stays_outside_the_break_points() -> None:
    points = hyphenator("cs")("(pravidla),")
    assert points and all(3 <= p <= len("(pravidla") - 2 for p in points)


def test_minus_ranges_and_dashes() -> None:
    assert typeset("-1 zlaťák, +2/-3") == "\u22121 zlaťák, +2/\u22123"
    assert typeset("hoď 2-4 nebo 5-6") == "hoď 2\u20134 nebo 5\u20136"
    assert typeset("hrdina - a drak") == "hrdina \u2013 a drak"
    # words, ids and icon names keep their hyphens
    assert typeset("Uspěješ-li :d6-1: C4-D5 černo-bílý") == "Uspěješ-li :d6-1: C4-D5 černo-bílý"


def test_quotes_by_language() -> None:
    assert typeset('řekni "ahoj" drakovi', "cs") == "řekni „ahoj“ drakovi"
    assert typeset('say "hello" to the dragon', "en") == "say “hello” to the dragon"
    assert typeset('say "hello"') == 'say "hello"'  # language unknown: left alone


def test_apostrophes_after_a_letter_are_typographic() -> None:
    assert (
        typeset("the hero's sword, the heroes' camp", "en")
        == "the hero\u2019s sword, the heroes\u2019 camp"
    )
    assert typeset("Smith's Hand") == "Smith\u2019s Hand"  # any language: no Czech word has one
    # an apostrophe not after a letter is left alone (a foot mark, a stray quote)
    assert typeset("5' long, '90") == "5' long, '90"


def test_engine_prints_a_true_minus() -> None:
    out = layout_text("útok -2", (0, 0, 100, 10), Mono(), size=10)
    assert _lines(out) == ["útok \u22122"]


def test_one_letter_words() -> None:
    assert is_one_letter("v") and is_one_letter("(a") and is_one_letter("K")
    assert not is_one_letter("ve") and not is_one_letter("b") and not is_one_letter("1")
