"""The text engine with a fixed-width fake font, so every expected value is worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import PapirnaError
from generator.layout.ops import TextOp
from generator.layout.text import TextFitError, layout_text, parse_markup
from generator.units import PT_PER_MM


class Mono:
    """Every character is 0.5 em wide; ascent 0.8, descent -0.2."""

    def width(self, text: str, font: str, size: float) -> float:
        return 0.5 * len(text) * size

    def ascent(self, font: str) -> float:
        return 0.8

    def descent(self, font: str) -> float:
        return -0.2

    def missing(self, text: str, font: str) -> str:
        return "".join(dict.fromkeys(ch for ch in text if ord(ch) > 0xFFFF))  # no astral planes


def test_markup_tokens() -> None:
    kinds = [(t.kind, t.text, t.style) for t in parse_markup("a **b c** *d* :skull: e")]
    assert kinds == [
        ("w", "a", 0),
        ("s", " ", 0),
        ("w", "b", 1),
        ("s", " ", 1),
        ("w", "c", 1),
        ("s", " ", 0),
        ("w", "d", 2),
        ("s", " ", 0),
        ("i", "skull", 0),
        ("s", " ", 0),
        ("w", "e", 0),
    ]


def test_wraps_at_word_boundaries() -> None:
    # 10pt: each char 5pt wide; box 12 chars wide = 60pt.
    box = (0.0, 0.0, 60 / PT_PER_MM, 100.0)
    out = layout_text("aaaa bbbb cccc", box, Mono(), size=10)
    texts = [op.text for op in out.ops if isinstance(op, TextOp)]
    assert texts == ["aaaa bbbb", "cccc"]
    assert out.size == 10 and out.lines == 2


def test_alignment_center_and_right() -> None:
    box = (10.0, 0.0, 50 / PT_PER_MM, 20.0)  # 50pt wide
    centre = layout_text("ab", box, Mono(), size=10, align="center").ops[0]
    right = layout_text("ab", box, Mono(), size=10, align="right").ops[0]
    # "ab" is 10pt wide: centred it starts 20pt in, right-aligned 40pt in.
    assert centre.x == pytest.approx(10 + 20 / PT_PER_MM)
    assert right.x == pytest.approx(10 + 40 / PT_PER_MM)


def test_shrinks_to_fit_then_errors() -> None:
    # One line of 1.2 * size must fit 10pt height: size 8 fits (ascent+descent = 1.0*size).
    box = (0.0, 0.0, 1000.0, 8 / PT_PER_MM)
    out = layout_text("abc", box, Mono(), size=12, min_size=6)
    assert out.size == 8
    with pytest.raises(TextFitError, match="even at 9pt"):
        layout_text("abc", box, Mono(), size=12, min_size=9)


def test_bold_run_uses_bold_font() -> None:
    ops = layout_text("x **y**", (0, 0, 100, 10), Mono(), size=10).ops
    assert [(o.text, o.font) for o in ops] == [("x", "sans-regular"), ("y", "sans-bold")]


@given(
    st.lists(st.text(alphabet="abcřěů", min_size=1, max_size=8), min_size=1, max_size=30),
    st.floats(min_value=20, max_value=80),
)
def test_no_line_is_wider_than_its_box(words: list[str], width: float) -> None:
    box = (0.0, 0.0, width, 500.0)
    try:
        out = layout_text(" ".join(words), box, Mono(), size=9, min_size=4)
    except TextFitError:
        return
    for op in out.ops:
        w = Mono().width(op.text, op.font, op.size) / PT_PER_MM
        assert op.x >= -1e-9 and op.x + w <= width + 1e-6


def test_an_icon_and_its_punctuation_stay_on_one_line() -> None:
    # "aaaa" is 4 chars (20pt at 10pt), the icon 1 em (10pt), "." 0.5 em: 20 + 5 + 10 + 5 = 40pt
    # fits a 42pt line; the glued ":skull:." may not be split from each other
    box = (0.0, 0.0, 42 / PT_PER_MM, 100.0)
    out = layout_text("aaaa :skull:. bb", box, Mono(), size=10, icon_ops=lambda *a: [("icon",)])
    texts = [op for op in out.ops if isinstance(op, TextOp)]
    dot = next(op for op in texts if op.text.startswith("."))
    icon_line_y = texts[0].y
    assert dot.y == icon_line_y  # the dot stays behind the icon, on the first line
    narrow = (0.0, 0.0, 33 / PT_PER_MM, 100.0)  # now "aaaa" + space + icon + "." (40pt) cannot fit
    out = layout_text("aaaa :skull:. bb", narrow, Mono(), size=10, icon_ops=lambda *a: [("icon",)])
    texts = [op for op in out.ops if isinstance(op, TextOp)]
    assert texts[0].text == "aaaa" and texts[1].text.startswith(".") and texts[1].y > texts[0].y


def test_no_break_spaces_stay_in_their_word() -> None:
    tokens = [(t.kind, t.text) for t in parse_markup("na 6.\u00a0úrovni a 10\u202f000")]
    assert tokens == [
        ("w", "na"),
        ("s", " "),
        ("w", "6.\u00a0úrovni"),
        ("s", " "),
        ("w", "a"),
        ("s", " "),
        ("w", "10\u202f000"),
    ]


def test_a_no_break_space_is_measured_and_never_broken() -> None:
    # 'ab\u00a0cd' is one 5-character word: 2.5 em at 10pt = 25pt; a 20pt line cannot break it.
    with pytest.raises(TextFitError):
        layout_text("ab\u00a0cd", (0, 0, 20 / PT_PER_MM, 50), Mono(), size=10, what="t")
    fitted = layout_text("ab\u00a0cd", (0, 0, 25 / PT_PER_MM, 50), Mono(), size=10, what="t")
    assert [op.text for op in fitted.ops if isinstance(op, TextOp)] == ["ab\u00a0cd"]


def test_characters_the_font_lacks_are_refused() -> None:
    with pytest.raises(PapirnaError) as e:
        layout_text("Drak \U0001f409 a \U0001f409", (0, 0, 50, 50), Mono(), what="title of card 3")
    assert e.value.message == (
        "title of card 3 has characters its font cannot print: "
        "'\U0001f409' (U+1F409, not in sans-regular)"
    )


def test_the_bundled_fonts_report_what_they_lack() -> None:
    from generator.render.metrics import ReportlabMetrics

    m = ReportlabMetrics()
    assert m.missing("Příliš žluťoučký kůň úpěl ďábelské ódy \u00a0\u202f–", "sans-regular") == ""
    assert m.missing("★ x ★ \U0001f409", "display-regular") == "★\U0001f409"


def test_tokens_of_a_text_are_made_once_and_equal_a_fresh_parse() -> None:
    # issue 25: the tokens are remembered by (text, language); they are what a fresh parse gives
    from generator.layout.text import _tokens, bind_short_words, parse_markup
    from generator.layout.typography import typeset

    text = 'a **tučný** "text" -1 k :d6: hradu'
    for lang in ("cs", "en", None):
        first = _tokens(text, lang)
        assert first == bind_short_words(parse_markup(typeset(text, lang)))
        assert _tokens(text, lang) is first
    assert _tokens(text, "cs") != _tokens(text, "en")  # „…“ against “…”
