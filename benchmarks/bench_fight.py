"""Benchmark: exact gamebook fight odds (`papirna fight`) by dynamic programming.

Times `FightSolver(tables, fight).odds()` from scratch (a new solver each time, nothing cached)
for typical fights and a few heavier ones, and prints the median in milliseconds. The goal of
issue 7: a typical fight (you alone against one enemy) in under 50 ms. Loading the combat tables
(YAML, validation, computing the cells) is timed on its own line.

Run: python benchmarks/bench_fight.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from generator.games.gamebook.cli import load_tables
from generator.games.gamebook.rules import Fight, FightSolver, Friend, Side

GOAL_MS = 50.0
TYPICAL = [
    ("you 10x4 vs enemy 12x3, table II, your initiative", Fight(Side(10, 4), Side(12, 3))),
    ("same, initiative rolled every round", Fight(Side(10, 4), Side(12, 3), "roll")),
    (
        "you 18x5 on I vs enemy 30x4 on III, flee at 6",
        Fight(Side(18, 5, "I"), Side(30, 4, "III"), flee_at=6),
    ),
    (
        "you 25x6 vs enemy 30x5, initiative rolled (a long fight)",
        Fight(Side(25, 6), Side(30, 5), "roll"),
    ),
    (
        "you 10x4 + Spellcasting 3 + wizard friend vs 20x4",
        Fight(Side(10, 4), Side(20, 4), friends=(Friend("wizard", power=20),), spellcasting=3),
    ),
]
HEAVY = [
    ("with a warrior friend 10x3 vs enemy 20x4", Fight(Side(10, 4), Side(20, 4), friends=(Friend("warrior", 10, 3),))),
    ("with two fighting friends 10x3 and 8x2 vs 20x4",
     Fight(Side(10, 4), Side(20, 4), friends=(Friend("warrior", 10, 3), Friend("alchemist", 8, 2)))),
]  # fmt: skip


def median_ms(fn, repeat: int) -> float:
    """The median wall time of `fn()` in milliseconds."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    """Print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    load_ms = median_ms(load_tables, 5)
    tables = load_tables()
    print(f"load and compute the combat tables: {load_ms:.1f} ms")
    worst = 0.0
    for label, fight in TYPICAL:
        ms = median_ms(lambda f=fight: FightSolver(tables, f).odds(), args.repeat)
        odds = FightSolver(tables, fight).odds()
        worst = max(worst, ms)
        print(f"{ms:8.2f} ms  win {odds.win:7.2%}  rounds {odds.rounds:5.2f}  {label}")
    verdict = "goal met" if worst < GOAL_MS else "goal NOT met"
    print(f"typical fights: slowest {worst:.2f} ms (goal < {GOAL_MS:.0f} ms): {verdict}")
    for label, fight in HEAVY:
        ms = median_ms(lambda f=fight: FightSolver(tables, f).odds(), max(3, args.repeat // 7))
        odds = FightSolver(tables, fight).odds()
        print(
            f"{ms:8.2f} ms  win {odds.win:7.2%}  rounds {odds.rounds:5.2f}  {label} (not typical)"
        )


if __name__ == "__main__":
    main()
