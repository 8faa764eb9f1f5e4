"""`when:` conditions: the expression language, its errors, and that it never evaluates Python."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import PapirnaError
from generator.layout.expr import ExprError, parse

CARD = {
    "type": "unit",
    "cost": "3",  # CSV cells are text
    "attack": 0,
    "flavor": "",
    "tags": ["fire", "ford"],
    "name": "Ohnivá koule",
    "hero": False,
}


def holds(text: str) -> bool:
    return parse(text).evaluate(CARD.get)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("flavor", False),  # empty text is unset
        ("not flavor", True),
        ("name", True),
        ("attack", False),  # 0 counts as unset, as `when: FIELD` always did
        ("missing", False),  # a field this card lacks (YAML decks may leave one out)
        ("not missing", True),
        ('type == "unit"', True),
        ("type == 'unit'", True),
        ('type != "unit"', False),
        ("cost == 3", True),  # "3" from a CSV equals the number 3
        ("cost == 3.0", True),
        ('cost == "3"', True),
        ("cost >= 3 and cost < 4", True),
        ("cost > 3", False),
        ('type in ("unit", "hero")', True),
        ('type in ["spell"]', False),
        ('type not in ("spell", "item")', True),
        ('"fire" in tags', True),
        ('"ice" in tags', False),
        ('"koule" in name', True),  # a text contains it
        ("not hero and not flavor", True),
        ("hero or flavor or attack", False),
        ('(hero or type == "unit") and not flavor', True),
        ("not not name", True),
        ("hero == false", True),
    ],
)
def test_conditions(text: str, expected: bool) -> None:
    assert holds(text) is expected


def test_fields_are_listed_for_checking_before_drawing() -> None:
    assert parse('(a.b or type == "x") and not c in tags').fields == ("a.b", "type", "c", "tags")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!attack", "unexpected '!' at column 1 (write 'not FIELD')"),
        ("type = 'unit'", "unexpected '=' at column 6 (write '==')"),
        ("type ==", "expected a field, a number or a quoted text at column 8, got the end"),
        ("(a or b", "expected ')' at column 8, got the end"),
        ("a b", "unexpected 'b' at column 3"),
        ("a and", "expected a field, a number or a quoted text at column 6, got the end"),
        ('type in ("a" "b")', "expected ')' at column 14, got '\"b\"'"),
        ('type in ("a", "b"', "expected ',' or ')' at column 18, got the end"),
        ("   ", "the condition is empty"),
        ("__import__('os')", "unexpected '(' at column 11"),
    ],
)
def test_bad_conditions(text: str, message: str) -> None:
    with pytest.raises(ExprError) as info:
        parse(text)
    assert info.value.message == message


def test_order_comparisons_need_numbers() -> None:
    with pytest.raises(PapirnaError, match="compares numbers, got 'Ohnivá koule' and 3"):
        holds("name > 3")


def test_deep_nesting_is_refused() -> None:
    with pytest.raises(ExprError, match="nested too deeply"):
        parse("not " * 40 + "a")


@given(st.text(max_size=60))
def test_any_text_parses_or_gives_a_condition_error(text: str) -> None:
    """No input crashes the parser or reaches Python: it is a condition or an ExprError."""
    try:
        cond = parse(text)
    except ExprError as e:
        assert e.message
        return
    try:
        result = cond.evaluate(lambda name: None)
    except PapirnaError:
        return  # e.g. an order comparison with an unset field
    assert isinstance(result, bool)


@given(st.booleans(), st.booleans())
def test_not_and_or_follow_boolean_logic(x: bool, y: bool) -> None:
    values = {"x": x, "y": y}
    for text, expected in [
        ("not x", not x),
        ("x and y", x and y),
        ("x or y", x or y),
        ("not x or y", (not x) or y),
        ("not (x and y)", not (x and y)),
    ]:
        assert parse(text).evaluate(values.get) is expected
