"""PJi, nezlob se contests: 1d6 + stat against 1d6 + stat, ties rolled again (our house rule).

A single contest (stealing, casting, a warrior's ranged knock-off) is one exchange. A continuing
duel (landing on an occupied field) swaps roles after every exchange the defender wins, until the
attacker of the moment wins; we give the chance that the original attacker stays on the field.
"""

from __future__ import annotations

import random
from fractions import Fraction

SIDES = 6


def _difference_counts() -> dict[int, int]:
    """How many of the 36 rolls give each attacker-minus-defender die difference."""
    counts: dict[int, int] = {}
    for a in range(1, SIDES + 1):
        for d in range(1, SIDES + 1):
            counts[a - d] = counts.get(a - d, 0) + 1
    return counts


def contest_odds(advantage: int) -> Fraction:
    """The chance the attacker wins one exchange when its stat exceeds the defender's by
    `advantage` (which may be negative); tied totals are rolled again."""
    counts = _difference_counts()
    win = sum(n for diff, n in counts.items() if diff + advantage > 0)
    tie = sum(n for diff, n in counts.items() if diff + advantage == 0)
    return Fraction(win, SIDES * SIDES - tie)


def duel_odds(advantage: int) -> Fraction:
    """The chance the original attacker wins a continuing duel (roles swap after each exchange
    the defender wins)."""
    p = contest_odds(advantage)
    # A wins now (p), or B resists (1 - p), B attacks and fails (p), and it starts over.
    return p / (1 - (1 - p) * p)


def roll_contest(attack: int, defence: int, rng: random.Random) -> bool:
    """One exchange with dice from `rng`: whether the attacker wins (ties are rolled again)."""
    while True:
        a = rng.randint(1, SIDES) + attack
        d = rng.randint(1, SIDES) + defence
        if a != d:
            return a > d


def roll_duel(attack: int, defence: int, rng: random.Random) -> bool:
    """A continuing duel with dice from `rng`: whether the original attacker wins."""
    attacker_is_original = True
    a, d = attack, defence
    while True:
        if roll_contest(a, d, rng):
            return attacker_is_original
        attacker_is_original = not attacker_is_original
        a, d = d, a
