"""Gamebook fight odds, issue 21: wizards cast in the flee round, ties in who takes a blow, exact
fractions. Expected values are worked out by hand from the rulebook (shared/rules/004_*.txt)."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from typer.testing import CliRunner

from generator.cli import app
from generator.games.gamebook.rules import Fight, FightSolver, Friend, Side, simulate_fight
from tests.games.gamebook.test_fight import HALF, flat

runner = CliRunner()


def test_a_wizard_friend_casts_in_the_round_you_flee() -> None:
    # "Bojových kouzel užívá v každém kole souboje": the wizard also casts when you flee.
    # Enemy strength 1, a hit on 4-6 takes 1 from you (strength 1); the wizard's spell takes 1 on
    # 4-6 (the s2 column). You flee at once: the enemy strikes first (you die with 1/2); if you
    # live (1/2), the wizard casts: the enemy dies with 1/2 (a win), else you escape.
    tables = flat([0, 0, 0, 1, 1, 1], s2=[0, 0, 0, 1, 1, 1])
    fight = Fight(Side(1, 0), Side(1, 1), friends=(Friend("wizard", power=12),), flee_at=1)
    odds = FightSolver(tables, fight, exact=True).odds()
    # win 1/2 x 1/2 = 1/4, escape 1/2 x 1/2 = 1/4, lose 1/2, one round
    assert (odds.win, odds.escape, odds.lose, odds.rounds) == (
        Fraction(1, 4),
        Fraction(1, 4),
        Fraction(1, 2),
        1,
    )
    # the dice agree: 4000 fights, each outcome within 5 standard errors (sd <= 0.007 at n=4000)
    rng = random.Random(21)
    got = [simulate_fight(tables, fight, rng).outcome for _ in range(4000)]
    assert abs(got.count("win") / 4000 - 0.25) < 0.035
    assert abs(got.count("escape") / 4000 - 0.25) < 0.035


def test_equal_odds_leave_you_stronger() -> None:
    # The enemy (strength 1) always hits for 1, you always kill it with your first blow when you
    # strike first. With the enemy striking first, you (strength 5) or a warrior friend (5)
    # may take its one blow: you win either way (odds equal), but if you take it you end at 4,
    # if the friend does you keep 5. The solver lets the friend take it: strength after a win 5.
    tables = flat([1, 1, 1, 1, 1, 1])
    fight = Fight(Side(5, 1), Side(1, 1), initiative="enemy", friends=(Friend("warrior", 5, 1),))
    solver = FightSolver(tables, fight)
    odds = solver.odds()
    assert odds.win == 1 and odds.strength_if_won == 5
    assert solver.defender(1, (5, 5), enemy_first=True) == 1  # the friend takes the blow


def test_exact_fractions_agree_with_the_floats() -> None:
    # one hit on 4-6 each way, you first, strength 1 each: win = 1/2 + 1/2 x 1/2 x win, so
    # win = (1/2) / (1 - 1/4) = 2/3, lose 1/3 (a round where both miss repeats)
    fight = Fight(Side(1, 1), Side(1, 1))
    exact = FightSolver(HALF, fight, exact=True).odds()
    assert exact.win == Fraction(2, 3) and exact.lose == Fraction(1, 3)
    approx = FightSolver(HALF, fight).odds()
    assert abs(approx.win - 2 / 3) < 1e-12


def test_json_prints_exact_fractions_and_a_true_zero() -> None:
    # strength 20 x armour 3 against an enemy of 3 x 1: the enemy's attack 3 deals at most 1 or
    # so a round and you kill it first: no roll can kill you, so lose is exactly 0
    r = runner.invoke(app, ["fight", "-s", "20", "-a", "3", "-S", "3", "-A", "1", "--json"])
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["exact"]["lose"] == "0" and out["lose"] == 0
    assert out["exact"]["win"] == "1" and out["win"] == 1
    win = Fraction(out["exact"]["win"])
    assert float(win) == out["win"]
