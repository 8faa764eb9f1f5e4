"""Dice odds and rolls: exact values worked out by hand, contests and duels against dice thrown
with a fixed seed, dice expressions, and the Papírové doupě invalid-roll rule."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from generator.errors import PapirnaError
from generator.games.pji_nezlob_se import rules as pji_nezlob_se
from generator.rules.odds import (
    at_least,
    contest,
    dice_sum,
    distribution,
    duel,
    parse_dice,
    pd_invalid,
    pd_invalid_chance,
    roll_dice,
    roll_faces,
    roll_until_valid,
    success_chance,
)


def test_two_d6() -> None:
    dist = dice_sum(2, 6)
    assert dist[7] == Fraction(6, 36) and dist[2] == Fraction(1, 36) and sum(dist.values()) == 1
    assert at_least(dist, 10) == Fraction(6, 36)  # 4+6 5+5 6+4 5+6 6+5 6+6


def test_runebound_tests_with_two_d10() -> None:
    # 2d10 <= 10 in 1 + 2 + ... + 9 = 45 of 100 ways, so >= 11 in 55
    assert success_chance("2d10", 0, 11) == Fraction(55, 100)
    assert success_chance("2d10", 4, 15) == Fraction(55, 100)
    assert success_chance("2d10", 0, 2) == 1 and success_chance("2d10", 0, 21) == 0
    assert success_chance("2d10", 10, 25) == Fraction(21, 100)  # 2d10 >= 15: 6+5+4+3+2+1
    assert success_chance("d10", 3, 10) == Fraction(4, 10)  # d10 >= 7


def test_contest_with_equal_bonuses() -> None:
    c = contest(0, 0)
    assert (c.win, c.lose, c.tie) == (Fraction(15, 36), Fraction(15, 36), Fraction(6, 36))
    assert c.wins == Fraction(1, 2) and c.rolls == Fraction(36, 30)


def test_contest_plus_one() -> None:
    # higher with +1: sum over a of #{d <= a} = 1+2+3+4+5+6 = 21; equal when d = a+1: 5
    c = contest(1, 0)
    assert c.win == Fraction(21, 36) and c.tie == Fraction(5, 36)
    assert c.wins == Fraction(21, 31)
    assert contest(3, 2) == c  # only the difference matters


def test_contest_out_of_reach() -> None:
    assert contest(0, 5).wins == 0 and contest(5, 0).wins == 1
    assert contest(0, 6).tie == 0 and contest(0, 6).wins == 0


def test_duel_with_equal_bonuses_favours_the_first_attacker() -> None:
    # P = 1/2 (win at once) + 1/2 * 1/2 (resisted, then held out) * P  ->  P = 2/3
    d = duel(0, 0)
    assert d.wins == Fraction(2, 3)
    # exchanges: E = 1 + 1/2 (1 + 1/2 E) -> E = 2; rolls: 2 x 36/30
    assert d.exchanges == 2 and d.rolls == Fraction(12, 5)


def test_duel_plus_one() -> None:
    p = Fraction(21, 31)
    assert duel(1, 0).wins == p / (1 - p * (1 - p)) == Fraction(651, 751)


def test_duel_agrees_with_the_pji_rules_module() -> None:
    for d in range(-5, 6):
        assert duel(d, 0).wins == pji_nezlob_se.duel_odds(d)
        assert contest(d, 0).wins == pji_nezlob_se.contest_odds(d)


def _played_duel(a: int, b: int, rng: random.Random) -> tuple[bool, int]:
    """A knock-off duel thrown die by die: whether the first attacker wins, and the rolls."""
    first_attacks, att, dfn, rolls = True, a, b, 0
    while True:
        x, y = rng.randint(1, 6) + att, rng.randint(1, 6) + dfn
        rolls += 1
        if x == y:
            continue
        if x > y:
            return first_attacks, rolls
        first_attacks, att, dfn = not first_attacks, dfn, att


@pytest.mark.parametrize("diff", [-2, 0, 1, 3])
def test_duel_against_dice(diff: int) -> None:
    rng = random.Random(7 + diff)
    n = 20_000
    played = [_played_duel(diff, 0, rng) for _ in range(n)]
    d = duel(diff, 0)
    p = float(d.wins)
    share = sum(w for w, _ in played) / n
    assert abs(share - p) <= 4.5 * math.sqrt(p * (1 - p) / n)
    rolls = [r for _, r in played]
    mean = sum(rolls) / n
    sd = math.sqrt(sum((r - mean) ** 2 for r in rolls) / (n - 1))
    assert abs(mean - float(d.rolls)) <= 4.5 * sd / math.sqrt(n)


# --- dice expressions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "terms", "const"),
    [
        ("2d6", [(2, 6, 1)], 0),
        ("d10", [(1, 10, 1)], 0),
        ("3d6+2", [(3, 6, 1)], 2),
        ("2d10 - 1d4 + 1", [(2, 10, 1), (1, 4, -1)], 1),
        ("2k6", [(2, 6, 1)], 0),
        ("D20-3", [(1, 20, 1)], -3),
    ],
)
def test_parse_dice(text: str, terms: list, const: int) -> None:
    expr = parse_dice(text)
    assert [tuple(t) for t in expr.terms] == terms and expr.constant == const


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("abc", "cannot read dice"),
        ("2d6+", "cannot read dice"),
        ("0d6", "1 to 100 dice"),
        ("2d1", "2 to 1000 sides"),
        ("5", "no dice"),
        ("2d6 3d6", "cannot read dice"),
        ("101d6", "1 to 100 dice"),
    ],
)
def test_bad_dice(text: str, message: str) -> None:
    with pytest.raises(PapirnaError, match=message):
        parse_dice(text)


def test_distribution_of_an_expression() -> None:
    dist = distribution(parse_dice("3d6+2"))
    assert min(dist) == 5 and max(dist) == 20
    assert sum(v * p for v, p in dist.items()) == Fraction(25, 2)
    dist = distribution(parse_dice("1d6-1d6"))
    assert dist[0] == Fraction(6, 36) and dist[-5] == Fraction(1, 36)


def test_rolls_are_repeatable_and_in_range() -> None:
    expr = parse_dice("3d6+2")
    a = [roll_dice(expr, random.Random(5)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    rng = random.Random(1)
    for _ in range(200):
        r = roll_dice(expr, rng)
        assert 5 <= r.total <= 20 and len(r.dice) == 3
        assert r.total == sum(v for _, v, _ in r.dice) + 2


# --- Papírové doupě dice -------------------------------------------------------------------------


def test_invalid_roll_rule() -> None:
    assert pd_invalid(["skull", "skull", "skull", "boots"]) == "3 skulls"
    assert pd_invalid(["skull"] * 4) == "4 skulls"
    assert pd_invalid(["clover"] * 3 + ["skull"] * 2) == "3 clovers"
    assert pd_invalid(["skull", "skull", "clover", "clover", "warrior", "thief"]) is None


def test_reroll_until_valid() -> None:
    faces = [["skull", "warrior"]] * 6
    attempts = roll_until_valid(faces, random.Random(3))
    symbols = [[faces[i][k] for i, k in enumerate(a)] for a in attempts]
    assert pd_invalid(symbols[-1]) is None
    assert all(pd_invalid(s) for s in symbols[:-1])
    assert roll_until_valid(faces, random.Random(3)) == attempts


def test_dice_that_are_always_invalid() -> None:
    with pytest.raises(PapirnaError, match="no valid roll"):
        roll_until_valid([["skull"]] * 6, random.Random(1), max_attempts=20)


def test_invalid_chance_of_six_dice_with_one_skull_each() -> None:
    faces = [["skull", "a", "b", "c", "d", "e"]] * 6
    q = Fraction(5, 6)
    at_most_two = q**6 + 6 * Fraction(1, 6) * q**5 + 15 * Fraction(1, 36) * q**4
    assert pd_invalid_chance(faces) == 1 - at_most_two


def test_roll_faces_in_range() -> None:
    rng = random.Random(2)
    for _ in range(100):
        got = roll_faces([[1, 2, 3], [1, 2]], rng)
        assert 0 <= got[0] < 3 and 0 <= got[1] < 2


# --- values worked out by hand from the rules (review 2026-11-29) --------------------------------
# One PJi exchange, attacker ahead by d: of the 36 pairs of d6, the attacker is higher when
# a - b > -d. d = +1: 21 higher (a >= b), 5 ties (a - b = -1), 10 lower -> p = 21/31.
# d = -2: 6 higher (a - b >= 3), 4 ties, 26 lower -> p = 6/32 = 3/16.
# Duel: P = p / (1 - p(1 - p)); d = +1: (21/31) / (1 - 210/961) = 651/751.


def test_pji_exchange_by_hand() -> None:
    assert pji_nezlob_se.contest_odds(1) == Fraction(21, 31)
    assert pji_nezlob_se.contest_odds(-2) == Fraction(3, 16)
    assert pji_nezlob_se.contest_odds(0) == Fraction(1, 2)
    assert pji_nezlob_se.contest_odds(5) == 1  # only (1, 6) ties; it is rolled again


def test_pji_duel_by_hand() -> None:
    assert pji_nezlob_se.duel_odds(1) == Fraction(651, 751)
    assert pji_nezlob_se.duel_odds(0) == Fraction(2, 3)
    c = contest(2, 1)
    assert (c.win, c.tie, c.lose) == (Fraction(21, 36), Fraction(5, 36), Fraction(10, 36))
    d = duel(3, 3)
    # equal: 1/2 at once, else 1/2 * 1/2 back to the start; 2 decided exchanges of 36/30 rolls
    assert d.wins == Fraction(2, 3)
    assert d.exchanges == 2
    assert d.rolls == Fraction(12, 5)


def test_runebound_test_by_hand() -> None:
    # Test (18) with body 4: 2d10 >= 14; sums 14..20 come up 7+6+5+4+3+2+1 = 28 times in 100
    assert success_chance("2d10", 4, 18) == Fraction(7, 25)
    # the rulebook's escape example: mind 1 against mind 12 -> 2d10 >= 11; the sum 11 comes up
    # 10 times, 12 nine times ... 20 once: 55 of 100
    assert success_chance("2d10", 1, 12) == Fraction(55, 100)
