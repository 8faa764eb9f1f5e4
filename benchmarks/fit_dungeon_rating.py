"""Fit the fast dungeon rating to simulated play, and test it on fresh cards.

    python benchmarks/fit_dungeon_rating.py fit  [--cache DIR]   # writes rating_weights.py (slow)
    python benchmarks/fit_dungeon_rating.py test [--cache DIR]   # 1,000 fresh cards, the plot (slow)

`fit` generates a training set of cards (no band, seed TRAIN_SEED), plays each of them with the
solo bot, and fits by least squares (a little ridge) first the party's strength at each fight
and then the mean glory (docs/dungeon-cards.md). It writes the weights and the band cuts (the
terciles of the new difficulty over 30,000 generated cards) to
generator/games/papirove_doupe/rating_weights.py.

`test` generates 1,000 other cards (seed TEST_SEED), plays each GAMES_TEST times, and reports
the Spearman correlation between the card's difficulty and its simulated mean glory, and the
mean glory of each band with its 95 % interval; it draws docs/dungeon-rating.png (Pillow) and
prints the built-in cards A-L for reference. Exit code 1 when a goal is missed.

Three sets of cards, never mixed: training (seed 101), validation (seed 505, used by `fit` only
to pick the ridge) and test (seed 202, used only by `test`). The simulated labels do not depend
on the rating, so with `--cache DIR` they are kept in DIR (one JSON file per seed, card count
and games) and played only once.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from random import Random

from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe import dungeon_rating as rating
from generator.games.papirove_doupe import dungeon_sim as sim
from generator.games.papirove_doupe import rating_weights
from generator.games.papirove_doupe.dungeons import load_builtin, load_rules, load_words

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "generator" / "games" / "papirove_doupe" / "rating_weights.py"
PLOT = ROOT / "docs" / "dungeon-rating.png"
TRAIN_SEED, TEST_SEED, BAND_SEED, VALID_SEED = 101, 202, 303, 505
TRAIN, GAMES_TRAIN = 8000, 100
VALID, GAMES_VALID = 1500, 200
TEST, GAMES_TEST = 1000, 500
RIDGES = (0.3, 1.0, 3.0, 10.0, 30.0)  # `fit` keeps the one best on the validation cards
RIDGE = 1.0


def solve(rows: list[list[float]], ys: list[float], ridge: float = RIDGE) -> list[float]:
    """Least squares with a little ridge (not on the constant), by Gaussian elimination
    (numpy's when it is installed: the same numbers, faster)."""
    try:
        import numpy as np
    except ImportError:
        np = None
    if np is not None:
        x = np.asarray(rows, dtype=float)
        a = x.T @ x + ridge * np.diag([0.0] + [1.0] * (x.shape[1] - 1))
        return [float(v) for v in np.linalg.solve(a, x.T @ np.asarray(ys, dtype=float))]
    n = len(rows[0])
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(rows, ys, strict=True):
        for i in range(n):
            if x[i]:
                xi = x[i]
                b[i] += xi * y
                ai = a[i]
                for j in range(n):
                    ai[j] += xi * x[j]
    for i in range(1, n):
        a[i][i] += ridge
    for col in range(n):  # elimination with partial pivoting
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        p = a[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = a[r][col] / p
            if f:
                for c in range(col, n):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    out = [0.0] * n
    for i in reversed(range(n)):
        s = b[i] - sum(a[i][j] * out[j] for j in range(i + 1, n))
        out[i] = s / a[i][i] if abs(a[i][i]) > 1e-12 else 0.0
    return out


def ranks(v: list[float]) -> list[float]:
    """Ranks with ties averaged."""
    order = sorted(range(len(v)), key=v.__getitem__)
    out = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rank correlation."""
    return statistics.correlation(ranks(x), ranks(y))


class Env:
    """The built-in pack prepared for generation, rating and play."""

    def __init__(self) -> None:
        self.builtin = load_builtin()
        self.rules = load_rules(self.builtin)
        self.setup = gen.make_setup(
            self.builtin.plan,
            self.builtin.monsters.values(),
            load_words(self.builtin.pack),
            self.builtin.cards,
        )
        self.board = self.setup.board

    def cards(self, seed: int, n: int) -> list[tuple[gen.RawCard, object]]:
        """n generated cards (no band) with their models."""
        out = []
        for i, raw in enumerate(gen.generate(self.setup, Random(seed), n), 1):
            card = gen.to_card(gen.card_data(self.setup, raw, f"G-{seed}-{i}", "generated"))
            out.append((raw, card))
        return out

    def features(self, raw: gen.RawCard) -> tuple[list[float], list[tuple[float, ...]]]:
        """The rating's features of a card, and its monsters' value tables."""
        blocked = gen._blocked(self.board, raw.walls)
        found = gen.route_walk(self.board, blocked, raw.positions)
        assert found is not None
        closed = sum(1 for c in range(gen.NCOLS) if blocked[gen.SOUTH[c]])
        w = [self.setup.weakness[m] for m in raw.monsters]
        x = rating.features(
            self.board.info,
            found[1],
            raw.positions,
            w,
            len(raw.walls),
            len(raw.sealed),
            closed,
            found[0],
        )
        return x, [self.setup.tables[m] for m in raw.monsters]

    def play(self, card: object, games: int, seed: int) -> tuple[float, list[float]]:
        """Mean glory of a card and the mean party strength at each fight."""
        table = sim.make_table(card, self.board, self.builtin.monsters)  # type: ignore[arg-type]
        rng = sim.card_rng(seed, card.id)  # type: ignore[attr-defined]
        glory = 0
        strength = [0.0, 0.0, 0.0]
        rules = self.rules
        rounds = rules.monster_rounds

        def trace(s: sim.Sheet) -> None:
            if s.round in rounds:
                k = rounds.index(s.round)
                strength[k] += sim.strength(s, rules, table.foes[k])

        for _ in range(games):
            s = sim.play(table, rules, rng, trace=trace)
            glory += sim.final_glory(s, rules)
        return glory / games, [x / games for x in strength]


Labels = list[tuple[float, list[float]]]  # per card: mean glory, mean strength at each fight


def labels(
    env: Env, cards: list[tuple[gen.RawCard, object]], seed: int, games: int, cache: Path | None
) -> Labels:
    """Each card's simulated mean glory and strengths, played once and kept in `cache`."""
    file = None if cache is None else cache / f"labels-{seed}-{len(cards)}-{games}.json"
    if file is not None and file.exists():
        data = json.loads(file.read_text(encoding="utf-8"))
        ids = [c.id for _, c in cards]  # type: ignore[attr-defined]
        if data["ids"] == ids:
            return [(g, s) for g, s in zip(data["glory"], data["strength"], strict=True)]
        print(f"{file}: made for other cards, playing them again")
    t0 = time.perf_counter()
    out = [env.play(card, games, seed) for _, card in cards]
    print(f"simulated {len(cards)} cards x {games} games in {time.perf_counter() - t0:.0f} s")
    if file is not None:
        cache.mkdir(parents=True, exist_ok=True)  # type: ignore[union-attr]
        data = {
            "ids": [c.id for _, c in cards],  # type: ignore[attr-defined]
            "glory": [g for g, _ in out],
            "strength": [s for _, s in out],
        }
        file.write_text(json.dumps(data), encoding="utf-8")
    return out


def _dots(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def fit_once(
    xs: list[list[float]], tabs: list, ys: list[float], ss: list[list[float]], ridge: float
) -> tuple[list[list[float]], list[float]]:
    """Both formulas fitted on one set of cards with one ridge."""
    strength_w = [solve(xs, [s[k] for s in ss], ridge) for k in range(3)]
    zs = []
    for x, tables in zip(xs, tabs, strict=True):
        st = [_dots(strength_w[k], x) for k in range(3)]
        zs.append(rating.glory_inputs(x, tables, st))
    return strength_w, solve(zs, ys, ridge)


def fit(env: Env, cache: Path | None) -> None:
    """Fit the weights on the training set (ridge picked on the validation set) and write
    rating_weights.py."""
    global RIDGE
    # the cards of a run without a band do not depend on the weights; zero weights of the right
    # length let the generator rate them while the features change
    zero = tuple([0.0] * rating.NFEATURES)
    rating_weights.STRENGTH = (zero, zero, zero)  # type: ignore[assignment]
    rating_weights.GLORY = tuple([0.0] * (rating.NFEATURES + 4))  # type: ignore[assignment]
    sets = []
    for seed, n, games in ((TRAIN_SEED, TRAIN, GAMES_TRAIN), (VALID_SEED, VALID, GAMES_VALID)):
        cards = env.cards(seed, n)
        got = labels(env, cards, seed, games, cache)
        feats = [env.features(raw) for raw, _ in cards]
        sets.append(([f[0] for f in feats], [f[1] for f in feats], [g for g, _ in got], got))
    (xs, tabs, ys, got), (vx, vt, vy, _) = sets
    ss = [s for _, s in got]
    best = None
    for ridge in RIDGES:
        strength_w, glory_w = fit_once(xs, tabs, ys, ss, ridge)
        vp = [rating.predict(x, t, strength_w, glory_w)[0] for x, t in zip(vx, vt, strict=True)]
        rho = spearman([rating.difficulty_of_glory(g) for g in vp], vy)
        print(f"ridge {ridge}: validation Spearman(difficulty, glory) = {rho:.3f}")
        if best is None or rho < best[0]:
            best = (rho, ridge, strength_w, glory_w)
    assert best is not None
    _, RIDGE, strength_w, glory_w = best
    for k in range(3):
        pred = [_dots(strength_w[k], x) for x in xs]
        print(
            f"strength at fight {k + 1}: r = {statistics.correlation(pred, [s[k] for s in ss]):.3f}"
        )
    pred = [rating.predict(x, t, strength_w, glory_w)[0] for x, t in zip(xs, tabs, strict=True)]
    r = statistics.correlation(pred, ys)
    rho = spearman(pred, ys)
    print(f"training (ridge {RIDGE}): mean glory r = {r:.3f}, Spearman = {rho:.3f}")
    rating_weights.STRENGTH = tuple(tuple(w) for w in strength_w)  # type: ignore[assignment]
    rating_weights.GLORY = tuple(glory_w)  # type: ignore[assignment]
    values = sorted(raw.difficulty for raw in gen.generate(env.setup, Random(BAND_SEED), 30000))
    cut1, cut2 = values[len(values) // 3], values[2 * len(values) // 3]
    bands = {"easy": (0, cut1 - 1), "normal": (cut1, cut2 - 1), "hard": (cut2, 9999)}
    print(f"bands (terciles of 30,000 cards): {bands}, range {values[0]}-{values[-1]}")
    write_weights(strength_w, glory_w, bands, r, rho)


def _tuple(values: list[float]) -> str:
    return "(" + ", ".join(f"{v:.6g}" for v in values) + ("," if len(values) == 1 else "") + ")"


def write_weights(
    strength_w: list[list[float]], glory_w: list[float], bands: dict, r: float, rho: float
) -> None:
    """Write rating_weights.py."""
    names = rating.feature_names()
    lines = [
        '"""The fast rating\'s weights, fitted by benchmarks/fit_dungeon_rating.py (do not edit).',
        "",
        f"Training set: {TRAIN} cards of seed {TRAIN_SEED}, {GAMES_TRAIN} games each; ridge {RIDGE}",
        f"(picked on {VALID} validation cards of seed {VALID_SEED}).",
        f"Fit on the training set: r = {r:.3f}, Spearman = {rho:.3f} (predicted vs simulated glory).",
        '"""',
        "",
        "# the features, in order: " + ", ".join(names),
        "",
        "# party strength at fights 1, 2, 3 = STRENGTH[k] . features",
        "STRENGTH: tuple[tuple[float, ...], ...] = (",
        *(f"    {_tuple(w)}," for w in strength_w),
        ")",
        "# mean glory = GLORY . (features, value of monster 1, 2, 3, their sum)",
        f"GLORY: tuple[float, ...] = {_tuple(glory_w)}",
        "# difficulty bands: the terciles of 30,000 generated cards",
        f"BANDS: dict[str, tuple[int, int]] = {bands!r}",
        "",
    ]
    text = "\n".join(lines)
    WEIGHTS.write_text(text, encoding="utf-8")  # then `ruff format` it
    print(f"wrote {WEIGHTS.relative_to(ROOT)}")


def test(env: Env, cache: Path | None) -> int:
    """Test the rating on fresh cards; draw the plot; exit 1 on a missed goal."""
    cards = env.cards(TEST_SEED, TEST)
    got = labels(env, cards, TEST_SEED, GAMES_TEST, cache)
    rows = [
        (raw.difficulty, g, gen.band_of(raw.difficulty))
        for (raw, _), (g, _) in zip(cards, got, strict=True)
    ]
    print(f"{TEST} fresh cards (seed {TEST_SEED}), {GAMES_TEST} games each")
    rho = spearman([r[0] for r in rows], [r[1] for r in rows])
    print(f"Spearman(difficulty, simulated mean glory) = {rho:.3f} (goal: at most -0.8)")
    intervals = {}
    for band in gen.BANDS:
        gl = [r[1] for r in rows if r[2] == band]
        m, sd = statistics.mean(gl), statistics.stdev(gl)
        half = 1.96 * sd / math.sqrt(len(gl))
        intervals[band] = (m - half, m + half)
        print(
            f"{band:<7} {len(gl):>4} cards: mean glory {m:5.1f} (95 % {m - half:5.1f} to {m + half:5.1f})"
        )
    e, n, h = intervals["easy"], intervals["normal"], intervals["hard"]
    ordered = e[0] > n[1] and n[0] > h[1]
    print(f"bands ordered easy > normal > hard, intervals apart: {'yes' if ordered else 'NO'}")
    ref = []
    for card in env.builtin.cards:
        g, _ = env.play(card, GAMES_TEST, TEST_SEED)
        d = gen.difficulty(card, env.board, env.builtin.monsters)
        ref.append((card.id, d, g))
        print(f"  {card.id}: difficulty {d}, simulated mean glory {g:.1f}")
    draw(rows, ref, rho)
    return 0 if rho <= -0.8 and ordered else 1


def draw(
    rows: list[tuple[int, float, str]], ref: list[tuple[str, int | None, float]], rho: float
) -> None:
    """The plot: difficulty against simulated mean glory, one dot per card, bands coloured."""
    from PIL import Image, ImageDraw, ImageFont

    w, h, left, bottom, top, right = 1200, 800, 90, 80, 50, 30
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.truetype(str(ROOT / "assets" / "fonts" / "DejaVuSansCondensed.ttf"), 18)
    except OSError:
        font = ImageFont.load_default()
    xs = [r[0] for r in rows] + [r[1] for r in ref if r[1] is not None]
    ys = [r[1] for r in rows] + [r[2] for r in ref]
    x0, x1 = min(xs) - 2, max(xs) + 2
    y0, y1 = math.floor(min(ys) / 10) * 10, math.ceil(max(ys) / 10) * 10

    def px(x: float, y: float) -> tuple[float, float]:
        return (
            left + (x - x0) / (x1 - x0) * (w - left - right),
            h - bottom - (y - y0) / (y1 - y0) * (h - bottom - top),
        )

    d.rectangle([left, top, w - right, h - bottom], outline="black")
    for y in range(y0, y1 + 1, 10):
        _, yy = px(x0, y)
        d.line([left - 6, yy, left, yy], fill="black")
        d.text((left - 12, yy), str(y), fill="black", font=font, anchor="rm")
    step = 5 if x1 - x0 < 60 else 10
    for x in range(math.ceil(x0 / step) * step, int(x1) + 1, step):
        xx, _ = px(x, y0)
        d.line([xx, h - bottom, xx, h - bottom + 6], fill="black")
        d.text((xx, h - bottom + 10), str(x), fill="black", font=font, anchor="mt")
    colours = {"easy": (40, 150, 60), "normal": (40, 90, 200), "hard": (200, 50, 40)}
    for x, y, band in rows:
        cx, cy = px(x, y)
        d.ellipse([cx - 3, cy - 3, cx + 3, cy + 3], fill=colours[band])
    for name, x, y in ref:
        if x is None:
            continue
        cx, cy = px(x, y)
        d.rectangle([cx - 5, cy - 5, cx + 5, cy + 5], outline="black", width=2)
        d.text((cx + 8, cy), name, fill="black", font=font, anchor="lm")
    d.text(
        (w / 2, h - 30),
        "difficulty (the fast rating printed on the card)",
        fill="black",
        font=font,
        anchor="mm",
    )
    d.text((20, top - 30), "simulated mean glory (solo bot)", fill="black", font=font)
    legend = f"1,000 fresh cards, {GAMES_TEST} games each; Spearman {rho:.3f}"
    d.text((w - right - 10, top + 10), legend, fill="black", font=font, anchor="rt")
    for i, (band, c) in enumerate(colours.items()):
        yy = top + 40 + 26 * i
        d.ellipse([w - right - 160, yy - 6, w - right - 148, yy + 6], fill=c)
        d.text((w - right - 140, yy), band, fill="black", font=font, anchor="lm")
    d.rectangle([w - right - 160, top + 118, w - right - 148, top + 130], outline="black", width=2)
    d.text((w - right - 140, top + 124), "cards A-L", fill="black", font=font, anchor="lm")
    img.save(PLOT, optimize=True)
    print(f"wrote {PLOT.relative_to(ROOT)}")


def main() -> int:
    """Run `fit` or `test`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["fit", "test"])
    parser.add_argument("--cache", type=Path, help="keep the simulated labels in this folder")
    args = parser.parse_args()
    env = Env()
    if args.what == "fit":
        fit(env, args.cache)
        return 0
    return test(env, args.cache)


if __name__ == "__main__":
    sys.exit(main())
