"""Benchmark: generating validated Papírové doupě dungeon cards, speed and memory.

For N = 1,000 and N = 10,000 cards (one seed, no difficulty band) it reports:
- generation: cards per second of `dungeon_gen.generate` (each card built, checked by the fast
  checker, rated and deduplicated), on one core;
- end to end: cards per second of generation plus words and YAML written card by card to a sink;
- peak memory of each run (tracemalloc), which stays flat because generation streams.

As a ratio against a floor that does not depend on the machine's load: the same generation with
the calibrated rating swapped for the bare route cost W it starts from (`gen.route_cost`, the
rating before issue 22), so the ratio is what the rating's features and formulas cost.

Afterwards it samples 500 of the cards through the full pydantic `check_dungeon` to show they
are valid. The goal is at least 5,000 cards per second of generation, measured in CPU time of
this process (the machine may be shared, so wall time can be much longer), with peak memory
the same for 1,000 and 10,000 cards.

Run: python benchmarks/bench_dungeon.py [--seed S] [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import sys
import time
import tracemalloc
from collections.abc import Callable
from random import Random

from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe.dungeons import load_builtin, load_words
from generator.games.papirove_doupe.rules import check_dungeon

GOAL = 5000


class Sink(io.TextIOBase):
    """A text stream that only counts what is written, so output costs no memory."""

    def __init__(self) -> None:
        self.chars = 0

    def write(self, s: str) -> int:
        """Count the characters."""
        self.chars += len(s)
        return len(s)


def run(setup: gen.Setup, seed: int, n: int, full: bool) -> int:
    """Generate n cards; with `full`, also their words and YAML. Returns the cards made."""
    raws = gen.generate(setup, Random(seed), n)
    if not full:
        return sum(1 for _ in raws)
    cards = (gen.card_data(setup, r, f"G-{seed}-{i}", "generated") for i, r in enumerate(raws, 1))
    return gen.write_yaml(cards, Sink())


def measure(fn: Callable[[], int], repeat: int) -> tuple[float, int]:
    """Best CPU time over `repeat` runs, and the peak traced memory of one more run."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, peak


def main() -> int:
    """Run the benchmark and print a table; exit 1 when below the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    builtin = load_builtin()
    setup = gen.make_setup(
        builtin.plan, builtin.monsters.values(), load_words(builtin.pack), builtin.cards
    )
    print(f"{'cards':>7}  {'what':<12} {'cards/s':>9} {'CPU s':>8} {'peak KiB':>9}")
    rates = []
    peaks = []
    for n in (1_000, 10_000):
        for full in (False, True):
            best, peak = measure(lambda n=n, full=full: run(setup, args.seed, n, full), args.repeat)
            rate = n / best
            if not full:
                rates.append(rate)
                peaks.append(peak)
            what = "end to end" if full else "generation"
            print(f"{n:>7}  {what:<12} {rate:>9,.0f} {best:>8.3f} {peak / 1024:>9,.0f}")
    real_rate = gen.rate

    def route_only(board, blocked, positions, *_):  # type: ignore[no-untyped-def]
        return gen.route_cost(board, blocked, positions)

    gen.rate = route_only  # type: ignore[assignment]
    try:
        floor, _ = measure(lambda: run(setup, args.seed, 10_000, False), args.repeat)
    finally:
        gen.rate = real_rate  # type: ignore[assignment]
    full, _ = measure(lambda: run(setup, args.seed, 10_000, False), args.repeat)
    print(
        f"generation with the calibrated rating / with the bare route cost: {full / floor:.2f}x "
        f"CPU time ({10_000 / floor:,.0f} cards/s without the rating)"
    )
    print(f"generation / goal of {GOAL:,} cards/s: {min(rates) / GOAL:.2f}")
    sample = list(gen.generate(setup, Random(args.seed), 500))
    bad = 0
    for i, raw in enumerate(sample, 1):
        card = gen.to_card(gen.card_data(setup, raw, f"G-{args.seed}-{i}", "generated"))
        bad += bool(check_dungeon(card, builtin.plan, builtin.cards))
    print(f"check_dungeon on the first 500 cards: {500 - bad} valid, {bad} invalid")
    flat = peaks[-1] <= 1.2 * peaks[0]
    print(f"peak memory 10,000 vs 1,000 cards: {peaks[-1] / peaks[0]:.2f} (flat: at most 1.2)")
    ok = min(rates) >= GOAL and bad == 0 and flat
    print(f"goal: {GOAL:,} cards/s on one core: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
