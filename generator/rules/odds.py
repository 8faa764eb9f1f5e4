"""Dice odds and dice rolls: exact distributions (fractions), Runebound tests, PJi contests and
duels, dice expressions like '3d6+2', and rolls of custom dice (Papírové doupě, Runebound)."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from generator.errors import PapirnaError

MAX_DICE = 100
MAX_SIDES = 1000


# --- exact distributions -------------------------------------------------------------------------


def dice_sum(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of `count` dice with `sides` sides each."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    face = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for v in range(1, sides + 1):
                nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * face
        dist = nxt
    return dist


def at_least(dist: dict[int, Fraction], target: int) -> Fraction:
    """P(result >= target) for a distribution."""
    return sum((p for v, p in dist.items() if v >= target), Fraction(0))


def success_chance(dice: str, attribute: int, target: int) -> Fraction:
    """P(dice + attribute >= target): a Runebound test or combat roll."""
    expr = parse_dice(dice)
    return at_least(distribution(expr), target - attribute)


class Contest(NamedTuple):
    """One opposed roll, 1dS + attacker's bonus against 1dS + defender's bonus."""

    win: Fraction  # the attacker is higher on one roll
    lose: Fraction  # the defender is higher on one roll
    tie: Fraction  # equal on one roll
    wins: Fraction  # the attacker wins when ties are rolled again
    rolls: Fraction  # expected rolls until someone is higher


def contest(attacker: int, defender: int, sides: int = 6) -> Contest:
    """An opposed roll where a tie means both roll again."""
    win = lose = tie = 0
    for a in range(1, sides + 1):
        for d in range(1, sides + 1):
            x, y = a + attacker, d + defender
            if x > y:
                win += 1
            elif x < y:
                lose += 1
            else:
                tie += 1
    n = sides * sides
    decided = win + lose
    return Contest(
        Fraction(win, n),
        Fraction(lose, n),
        Fraction(tie, n),
        Fraction(win, decided),
        Fraction(n, decided),
    )


class Duel(NamedTuple):
    """A continuing duel: the roles swap after every exchange the defender wins."""

    wins: Fraction  # the figure that attacked first knocks the other off
    exchanges: Fraction  # expected decided exchanges
    rolls: Fraction  # expected rolls, ties included


def duel(attacker: int, defender: int, sides: int = 6) -> Duel:
    """PJi knock-off duel: who wins an exchange as attacker wins; else attacker and defender swap.

    With p the first attacker's chance to win an exchange as attacker (ties rolled again), the
    other wins an exchange as attacker with 1 - p (same bonuses, roles swapped), so the first
    attacker wins with p + (1 - p) p P, i.e. P = p / (1 - p (1 - p)).
    """
    c = contest(attacker, defender, sides)
    p, q = c.wins, 1 - c.wins
    wins = p / (1 - p * q)
    exchanges = (1 + q) / (1 - p * q)
    return Duel(wins, exchanges, exchanges * c.rolls)


# --- dice expressions ----------------------------------------------------------------------------

_TERM = re.compile(r"([+-]?)\s*(\d*)\s*[dDkK]\s*(\d+)|([+-]?)\s*(\d+)")


class DiceTerm(NamedTuple):
    """N dice with S sides, added (sign 1) or taken away (sign -1)."""

    count: int
    sides: int
    sign: int = 1


class DiceExpr(NamedTuple):
    """A parsed dice expression: dice terms and a constant."""

    text: str
    terms: tuple[DiceTerm, ...]
    constant: int = 0


def parse_dice(text: str) -> DiceExpr:
    """Parse '2d6', 'd10', '3d6+2', '2d10-1d4+1' (also Czech 'k': '2k6')."""
    src = text.strip()
    if not src:
        raise PapirnaError("empty dice expression")
    terms: list[DiceTerm] = []
    const = 0
    pos = 0
    compact = src.replace(" ", "")
    while pos < len(compact):
        m = _TERM.match(compact, pos)
        if m is None or m.end() == pos or (pos > 0 and not (m.group(1) or m.group(4))):
            raise PapirnaError(
                f"cannot read dice {text!r}: expected something like 2d6, d10 or 3d6+2"
            )
        if m.group(3) is not None:
            count = int(m.group(2)) if m.group(2) else 1
            sides = int(m.group(3))
            if not 1 <= count <= MAX_DICE:
                raise PapirnaError(f"dice {text!r}: 1 to {MAX_DICE} dice per term, got {count}")
            if not 2 <= sides <= MAX_SIDES:
                raise PapirnaError(f"dice {text!r}: a die has 2 to {MAX_SIDES} sides, got {sides}")
            terms.append(DiceTerm(count, sides, -1 if m.group(1) == "-" else 1))
        else:
            value = int(m.group(5))
            const += -value if m.group(4) == "-" else value
        pos = m.end()
    if not terms:
        raise PapirnaError(f"dice {text!r}: no dice in it (expected something like 2d6)")
    if sum(t.count for t in terms) > MAX_DICE:
        raise PapirnaError(f"dice {text!r}: at most {MAX_DICE} dice in all")
    return DiceExpr(compact.lower().replace("k", "d"), tuple(terms), const)


def distribution(expr: DiceExpr) -> dict[int, Fraction]:
    """The exact distribution of a dice expression's total."""
    return dict(_distribution(expr))


@functools.lru_cache(maxsize=256)
def _distribution(expr: DiceExpr) -> tuple[tuple[int, Fraction], ...]:
    """distribution(), worked out once per expression (odds tables ask for the same dice often)."""
    dist: dict[int, Fraction] = {expr.constant: Fraction(1)}
    for term in expr.terms:
        part = dice_sum(term.count, term.sides)
        nxt: dict[int, Fraction] = {}
        for a, p in dist.items():
            for b, q in part.items():
                v = a + term.sign * b
                nxt[v] = nxt.get(v, Fraction(0)) + p * q
        dist = nxt
    return tuple(sorted(dist.items()))


class DiceRoll(NamedTuple):
    """A rolled expression: every die as (sides, value, sign), and the total."""

    expr: DiceExpr
    dice: tuple[tuple[int, int, int], ...]
    total: int


def roll_dice(expr: DiceExpr, rng: random.Random) -> DiceRoll:
    """Roll a dice expression."""
    dice = []
    total = expr.constant
    for term in expr.terms:
        for _ in range(term.count):
            v = rng.randint(1, term.sides)
            dice.append((term.sides, v, term.sign))
            total += term.sign * v
    return DiceRoll(expr, tuple(dice), total)


# --- custom dice ---------------------------------------------------------------------------------


def roll_faces(dice: Sequence[Sequence[object]], rng: random.Random) -> list[int]:
    """Roll custom dice: the index of the face that came up on each die."""
    return [rng.randrange(len(faces)) for faces in dice]


def pd_invalid(symbols: Sequence[str]) -> str | None:
    """Why a Papírové doupě roll is invalid (3+ skulls, or 3 clovers), or None when it stands."""
    skulls = sum(1 for s in symbols if s == "skull")
    clovers = sum(1 for s in symbols if s == "clover")
    if skulls >= 3:
        return f"{skulls} skulls"
    if clovers >= 3:
        return f"{clovers} clovers"
    return None


def roll_until_valid(
    faces: Sequence[Sequence[str]], rng: random.Random, max_attempts: int = 1000
) -> list[list[int]]:
    """Roll all Papírové doupě dice until the roll is valid; every attempt, the valid one last."""
    attempts = []
    for _ in range(max_attempts):
        got = roll_faces(faces, rng)
        attempts.append(got)
        if pd_invalid([faces[i][k] for i, k in enumerate(got)]) is None:
            return attempts
    raise PapirnaError(f"no valid roll in {max_attempts} attempts: check the dice's faces")


def pd_invalid_chance(faces: Sequence[Sequence[str]]) -> Fraction:
    """The exact chance that one roll of these dice is invalid."""
    # distribution of (skulls, clovers) over the dice
    dist: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for die in faces:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (s, c), p in dist.items():
            for f in die:
                key = (s + (f == "skull"), c + (f == "clover"))
                nxt[key] = nxt.get(key, Fraction(0)) + p / len(die)
        dist = nxt
    return sum((p for (s, c), p in dist.items() if s >= 3 or c >= 3), Fraction(0))
