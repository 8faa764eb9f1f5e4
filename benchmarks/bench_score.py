"""Benchmark: score 1,000 filled Papírové doupě YAML sheets (goal: under 1 s).

Writes 1,000 varied sheets into a temp folder, then times reading, validating and scoring them
the way `papirna score` does (generator.cli.scoring), without the terminal table.

Run: python benchmarks/bench_score.py [--sheets N]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import yaml

from generator.cli.common import load_packs
from generator.cli.scoring import scored
from generator.games.papirove_doupe import rules as pdr
from generator.games.papirove_doupe.score import pd_cards
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet


def sheet(rng: random.Random, n: int) -> dict:
    """One plausible filled sheet."""
    fights = []
    for _ in range(3):
        fights.append({"fled": True} if rng.random() < 0.2 else {"range": rng.randint(1, 3)})
    return {
        "player": f"Hráč {n}",
        "dungeon": rng.choice("ABCDEFGHIJKL"),
        "levels": {a: rng.randint(1, 6) for a in ("warrior", "wizard", "cleric", "thief")},
        "items": [rng.randint(0, 2) for _ in range(8)],
        "gems": rng.randint(0, 12),
        "minions": rng.randint(0, 14),
        "wounds": rng.randint(0, 40),
        "resurrection": rng.random() < 0.1,
        "fights": fights,
        "ability": rng.randint(-4, 2),
        "goals": [rng.randint(4, 10)],
        "quests": [rng.randint(3, 8) for _ in range(rng.randint(0, 3))],
    }


def main() -> int:
    """Write the sheets, then time scoring them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for n in range(args.sheets):
            p = Path(tmp) / f"sheet-{n:04d}.yaml"
            p.write_text(yaml.safe_dump(sheet(rng, n), allow_unicode=True), encoding="utf-8")
            paths.append(p)
        t0 = time.perf_counter()
        cards = pd_cards(load_packs(["papirove-doupe"], None)[0])
        t1 = time.perf_counter()
        scores = [
            scored(p, PapiroveDoupeSheet, lambda s: pdr.score_sheet(s, cards), keep=True)[0]
            for p in paths
        ]
        t2 = time.perf_counter()
    total = t2 - t1
    print(
        f"sheets: {len(scores)}, totals from {min(s.total for s in scores)} to {max(s.total for s in scores)}"
    )
    print(f"loading the pack once : {1000 * (t1 - t0):7.1f} ms")
    print(
        f"reading + scoring     : {1000 * total:7.1f} ms  ({1000 * total / len(scores):.2f} ms a sheet)"
    )
    print(
        f"goal: 1,000 sheets under 1 s: {'met' if total * 1000 / len(scores) < 1.0 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
