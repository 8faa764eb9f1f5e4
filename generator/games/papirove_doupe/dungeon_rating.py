"""The fast difficulty of a dungeon card, calibrated against simulated play (docs/dungeon-cards.md).

A card's difficulty predicts how much less glory it gives than an easy card:
`difficulty = round(OFFSET - predicted mean glory)`, where the prediction is a linear formula
fitted to the mean glory of the solo bot (`dungeon_sim`) over a training set of generated
cards (`benchmarks/fit_dungeon_rating.py` makes `rating_weights.py`).

The features come from the cheapest walk (`dungeon_gen.route_walk`), cut into its three legs
(to ①, ① to ②, ② to ③): per leg the moves it takes (two rooms a move; a teleport's jump takes
none), its traps, the levels its minions ask above what the party has by then, its minions and
their levels by the adventurer they fight, and its treasures by kind; the monsters' weaknesses;
the walls, sealed rooms and closed entrances; the walk's cost W, its rooms and its teleports; a
few squares and products of these (long first legs and early wounds hurt more than in
proportion); and hinges on the rooms walked by each fight (past a point every move is a die
that does not build the party). A first formula
predicts the party's strength at each fight from these; each monster's value is then the
glory minus wounds of its ranges around that strength (`monster_value`); the second formula
adds the monsters' values to the features.

Everything is ints and floats in tuples: rating one card costs a few dozen microseconds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from generator.games.papirove_doupe import rating_weights as weights
from generator.games.papirove_doupe.models import ADVENTURERS, Monster

TREASURE_KINDS: tuple[str, ...] = ("gem", "potion", "potions", "level", "item-half")
LEG_LEVELS = (1.5, 2.5, 3.5)  # the level a party has, about, on each leg (minion deficits)
SPREAD = 2.5  # the spread of the party's strength around the prediction (simulated: 1.2-2.5)
MAX_STRENGTH = 64
OFFSET = 80  # difficulty = OFFSET - predicted mean glory
# hinges: rooms walked by fight k (and on leg k) beyond these counts, where the moves start to
# eat the dice that build the party (nine actions before each of the first two fights)
WALKED_OVER = (8, 12, 16, 20, 24)
LEG_OVER = (6, 10, 14)


def feature_names() -> tuple[str, ...]:
    """The names of the features, in order (the weights' order)."""
    names = ["one"]
    for leg in (1, 2, 3):
        names += [f"moves{leg}", f"traps{leg}", f"deficit{leg}", f"minions{leg}"]
        names += [f"{k}{leg}" for k in TREASURE_KINDS]
    for k in (1, 2, 3):
        names += [f"weak{k}_{a}" for a in ADVENTURERS]
    names += ["same_weak12", "same_weak23", "same_weak13", "walls", "sealed", "closed"]
    names += ["route_cost", "rooms", "route_cost_sq", "rooms_sq"]
    names += ["moves1_sq", "moves2_sq", "moves3_sq", "moves1x2", "moves_sq", "deficit1_sq"]
    names += ["hurt1_sq"]
    names += [f"walked{k}_over{t}" for k in (1, 2, 3) for t in WALKED_OVER]
    names += [f"leg{k}_over{t}" for k in (1, 2, 3) for t in LEG_OVER]
    names += [f"minion_levels{k}_{a}" for k in (1, 2, 3) for a in ADVENTURERS] + ["teleports"]
    return tuple(names)


NFEATURES = len(feature_names())


@dataclass(frozen=True, slots=True)
class RoomInfo:
    """The plan's rooms as ints for the features."""

    trap: tuple[int, ...]  # room -> 1
    minion: tuple[int, ...]  # room -> level (0: none)
    treasure: tuple[int, ...]  # room -> index into TREASURE_KINDS, -1: none
    tele: tuple[tuple[int, ...], ...] = ()  # room -> the rooms its teleport leads to
    minion_of: tuple[int, ...] = ()  # room -> the adventurer its minion fights (-1: none)


def monster_value(monster: Monster, strength: float, spread: float = SPREAD) -> float:
    """A monster's glory minus its wounds for a party of about `strength` (fleeing below)."""
    total = weight = 0.0
    for s in range(MAX_STRENGTH):
        w = math.exp(-0.5 * ((s - strength) / spread) ** 2)
        if w < 1e-6:
            continue
        found = None
        for r in monster.ranges:
            if s >= r.min:
                found = r
                if r.max is None or s <= r.max:
                    break
        value = monster.flee if found is None else found.glory - found.wounds
        total += w * value
        weight += w
    return total / weight if weight else float(monster.flee)


def value_table(monster: Monster) -> tuple[float, ...]:
    """monster_value at strengths 0, 1, ..., MAX_STRENGTH (interpolated in between)."""
    key = tuple((r.min, r.max, r.glory, r.wounds) for r in monster.ranges)
    return _value_table(key, monster.flee)


@cache
def _gauss(d: int, spread: float = SPREAD) -> float:
    """monster_value's weight of a strength `d` away from the party's (the same float)."""
    return math.exp(-0.5 * (d / spread) ** 2)


@cache
def _value_table(
    ranges: tuple[tuple[int, int | None, int, int], ...], flee: int
) -> tuple[float, ...]:
    """value_table of a monster given by its ranges (min, max, glory, wounds) and flee: each
    strength's value found once, then weighted as monster_value weights it (the same sums, in
    the same order, so the same floats). Cached: generating cards rates thousands with the same
    few monsters."""
    values = []
    for s in range(MAX_STRENGTH):
        found = None
        for r in ranges:
            if s >= r[0]:
                found = r
                if r[1] is None or s <= r[1]:
                    break
        values.append(flee if found is None else found[2] - found[3])
    table = []
    for strength in range(MAX_STRENGTH + 1):
        total = weight = 0.0
        for s, value in enumerate(values):
            w = _gauss(s - strength)
            if w < 1e-6:
                continue
            total += w * value
            weight += w
        table.append(total / weight if weight else float(flee))
    return tuple(table)


def _interp(table: Sequence[float], x: float) -> float:
    if x <= 0:
        return table[0]
    if x >= MAX_STRENGTH:
        return table[MAX_STRENGTH]
    i = int(x)
    return table[i] + (table[i + 1] - table[i]) * (x - i)


def features(
    rooms: RoomInfo,
    walk: Sequence[int],
    positions: Sequence[int],
    weakness: Sequence[int],
    walls: int,
    sealed: int,
    closed: int,
    cost: int,
) -> list[float]:
    """The features of a card from its cheapest walk (rooms entered, legs run into each other)
    and that walk's cost W."""
    out = [1.0]
    taken: set[int] = set()
    leg = 0
    count = [0, 0, 0]
    traps = [0, 0, 0]
    deficit = [0.0, 0.0, 0.0]
    minions = [0, 0, 0]
    found = [[0] * len(TREASURE_KINDS) for _ in range(3)]
    last = -1
    trap, minion, treasure = rooms.trap, rooms.minion, rooms.treasure
    tele, minion_of = rooms.tele, rooms.minion_of
    by_adventurer = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]  # leg -> minion levels by adventurer
    jumps = 0
    for r in walk:
        if r == last:  # the next leg starts where the last one ended
            continue
        if tele and last >= 0 and r in tele[last]:  # a teleport's jump takes no move
            jumps += 1
        else:
            count[leg] += 1
        last = r
        traps[leg] += trap[r]
        if r not in taken:
            taken.add(r)
            if minion[r]:
                minions[leg] += 1
                if minion_of:
                    by_adventurer[leg][minion_of[r]] += minion[r]
                gap = minion[r] - LEG_LEVELS[leg]
                if gap > 0:
                    deficit[leg] += gap
            if treasure[r] >= 0:
                found[leg][treasure[r]] += 1
        if r == positions[leg]:
            leg += 1
            if leg == 3:
                break
    for k in range(3):
        out += [(count[k] + 1) // 2, traps[k], deficit[k], minions[k], *found[k]]
    for k in range(3):
        out += [1.0 if weakness[k] == a else 0.0 for a in range(4)]
    w0, w1, w2 = weakness
    out += [float(w0 == w1), float(w1 == w2), float(w0 == w2), walls, sealed, closed]
    rooms = len(taken)
    out += [cost, rooms, cost * cost / 100, rooms * rooms / 100]
    m1, m2, m3 = out[1], out[10], out[19]
    hurt = traps[0] + deficit[0]
    out += [m1 * m1, m2 * m2, m3 * m3, m1 * m2, (m1 + m2 + m3) ** 2 / 10, deficit[0] ** 2]
    out += [hurt * hurt]
    walked = 0
    for k in range(3):
        walked += count[k]
        out += [max(0, walked - t) for t in WALKED_OVER]
    for k in range(3):
        out += [max(0, count[k] - t) for t in LEG_OVER]
    out += [*by_adventurer[0], *by_adventurer[1], *by_adventurer[2], jumps]
    return out


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


def predict(
    x: Sequence[float],
    tables: Sequence[Sequence[float]],
    strength_w: Sequence[Sequence[float]] | None = None,
    glory_w: Sequence[float] | None = None,
) -> tuple[float, tuple[float, float, float]]:
    """Predicted mean glory and the predicted party strength at the three fights."""
    sw = weights.STRENGTH if strength_w is None else strength_w
    gw = weights.GLORY if glory_w is None else glory_w
    strength = tuple(_dot(sw[k], x) for k in range(3))
    values = [_interp(tables[k], strength[k]) for k in range(3)]
    z = [*x, *values, sum(values)]
    return _dot(gw, z), strength  # type: ignore[return-value]


def glory_inputs(
    x: Sequence[float], tables: Sequence[Sequence[float]], strength: Sequence[float]
) -> list[float]:
    """The second formula's inputs: the features and the monsters' values at a strength."""
    values = [_interp(tables[k], strength[k]) for k in range(3)]
    return [*x, *values, sum(values)]


def difficulty_of_glory(glory: float) -> int:
    """The difficulty printed on a card for a predicted mean glory."""
    return round(OFFSET - glory)


def weakness_of(monsters: Iterable[Monster]) -> list[int]:
    """The monsters' weaknesses as adventurer indices."""
    return [ADVENTURERS.index(m.weakness) for m in monsters]
