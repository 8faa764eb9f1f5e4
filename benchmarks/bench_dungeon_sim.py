"""Benchmark: simulated solo games of Papírové doupě per second, on one core.

Plays the 12 built-in cards A-L and 12 generated cards, GAMES games each with the bot
(`dungeon_sim.simulate`), and reports games per second: the best of `--repeat` runs in CPU
time of this process (the machine may be shared; wall time is printed too). The goal is at
least 2,000 games a second.

Run: python benchmarks/bench_dungeon_sim.py [--games N] [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from random import Random

from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe import dungeon_sim as sim
from generator.games.papirove_doupe.dungeons import load_builtin, load_rules, load_words

GOAL = 2000


def main() -> int:
    """Run the benchmark; exit 1 when below the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    b = load_builtin()
    rules = load_rules(b)
    setup = gen.make_setup(b.plan, b.monsters.values(), load_words(b.pack), b.cards)
    cards = list(b.cards)
    for i, raw in enumerate(gen.generate(setup, Random(2024), 12), 1):
        cards.append(gen.to_card(gen.card_data(setup, raw, f"G-2024-{i}", "generated")))
    tables = [sim.make_table(c, setup.board, b.monsters) for c in cards]
    n = len(tables) * args.games
    best_cpu = best_wall = float("inf")
    for _ in range(args.repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        for t in tables:
            sim.simulate(t, rules, args.games, sim.card_rng(1, t.card_id))
        best_cpu = min(best_cpu, time.process_time() - c0)
        best_wall = min(best_wall, time.perf_counter() - w0)
    rate = n / best_cpu
    print(f"{len(tables)} cards x {args.games} games = {n:,} games")
    print(
        f"CPU time {best_cpu:.2f} s: {rate:,.0f} games/s; wall {best_wall:.2f} s: {n / best_wall:,.0f} games/s"
    )
    ok = rate >= GOAL
    print(f"goal: {GOAL:,} games/s on one core: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
