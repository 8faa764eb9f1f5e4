"""Papírové doupě generation: new dungeon cards and plans, a fast card checker, and difficulty.

Everything here is a pure function of its arguments; randomness comes only from the
`random.Random` passed in, so one seed always gives the same cards. In the hot loop rooms are
ints 0..41 (row-major from A1, like `ROOMS`) and edges ints 0..76 (71 inner edges, then the six
south edges of the entrances), with precomputed neighbour tables; pydantic models appear only
at the edges (`Board` from a `Plan`, `card_data` / `DungeonCard` for output).

Difficulty (see docs/dungeon-cards.md): walking into a room costs 1 step, plus 2 for a trap and
2 per level of a minion there; a teleport costs only the features of the room it leads to. W is
the cheapest total for entering through the best open entrance and visiting monsters ①, ② and ③
in order; the difficulty is ceil(W / 2): actions at two rooms each, plus one per trap and per
minion level met on the way.
"""

from __future__ import annotations

import heapq
import json
import math
import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from hashlib import blake2b
from random import Random
from typing import Any, NamedTuple, TextIO

from generator.errors import PapirnaError
from generator.games.papirove_doupe import dungeon_rating as rating
from generator.games.papirove_doupe import rating_weights
from generator.games.papirove_doupe.models import (
    ADVENTURERS,
    COLUMNS,
    ROWS,
    DungeonCard,
    DungeonWords,
    Monster,
    Plan,
)
from generator.games.papirove_doupe.rules import ENTRANCES, ROOMS, check_dungeon, edge

NCOLS = len(COLUMNS)
NROOMS = len(ROOMS)
LANGS: tuple[str, ...] = ("cs", "en")
ROOM_INDEX: dict[str, int] = {name: i for i, name in enumerate(ROOMS)}

# Difficulty bands: inclusive ranges of the difficulty number, cut at the terciles of 30,000
# cards generated without a band on the built-in plan (benchmarks/fit_dungeon_rating.py).
BANDS: dict[str, tuple[int, int]] = dict(rating_weights.BANDS)

MAX_SEALED = 2  # a generated card walls off at most this many rooms with features
MAX_ATTEMPTS = 5000  # candidates tried for one card before giving up
_INF = 1 << 30


class GenerationError(PapirnaError):
    """Generation could not meet its constraints within the allowed attempts."""


# ----------------------------------------------------------------------------------- the board


def _edge_names() -> tuple[str, ...]:
    names = []
    for i, room in enumerate(ROOMS):
        c, r = i % NCOLS, i // NCOLS
        if c < NCOLS - 1:
            names.append(edge(room, ROOMS[i + 1]))
        if r < ROWS - 1:
            names.append(edge(room, ROOMS[i + NCOLS]))
    names.extend(f"{room}|south" for room in ENTRANCES)
    return tuple(names)


EDGES: tuple[str, ...] = _edge_names()
EDGE_INDEX: dict[str, int] = {name: i for i, name in enumerate(EDGES)}
SOUTH: tuple[int, ...] = tuple(EDGE_INDEX[f"{room}|south"] for room in ENTRANCES)


@dataclass(frozen=True, slots=True)
class Board:
    """A plan as int tables: neighbours, teleports, water, the cost of entering each room."""

    plan: Plan
    adj: tuple[tuple[tuple[int, int], ...], ...]  # room -> ((neighbour, edge), ...)
    tele: tuple[tuple[int, ...], ...]  # room -> rooms its teleport leads to
    water: bytes  # edge -> 1 where the plan has water
    step: tuple[int, ...]  # room -> cost of walking in: 1 + 2 * (trap + minion level)
    jump: tuple[int, ...]  # room -> cost of teleporting in: 2 * (trap + minion level)
    features: tuple[int, ...]  # rooms with a trap, minion or treasure
    minion: tuple[int, ...]  # room -> level of its minion (0: none)
    teleport: bytes  # room -> 1 on a teleport
    candidates: tuple[int, ...]  # rooms a monster may stand in
    room_edges: tuple[tuple[int, ...], ...]  # room -> inner edges around it that are not water
    segments: tuple[tuple[int, ...], ...]  # straight wall runs of 1-3 edges, none on water
    info: rating.RoomInfo  # traps, minion levels and treasure kinds for the rating


def make_board(plan: Plan) -> Board:
    """Precompute the int tables of a plan."""
    water = bytearray(len(EDGES))
    for w in plan.water:
        if w in EDGE_INDEX:
            water[EDGE_INDEX[w]] = 1
    adj: list[list[tuple[int, int]]] = [[] for _ in ROOMS]
    for e, name in enumerate(EDGES[: SOUTH[0]]):
        a, b = (ROOM_INDEX[x] for x in name.split("|"))
        adj[a].append((b, e))
        adj[b].append((a, e))
    tele: list[list[int]] = [[] for _ in ROOMS]
    for a, b in plan.teleports:
        tele[ROOM_INDEX[a]].append(ROOM_INDEX[b])
        tele[ROOM_INDEX[b]].append(ROOM_INDEX[a])
    penalty = [0] * NROOMS
    minion = [0] * NROOMS
    features = []
    for name, f in plan.rooms.items():
        i = ROOM_INDEX[name]
        minion[i] = f.minion.level if f.minion else 0
        penalty[i] = int(f.trap) + (f.minion.level if f.minion else 0)
        if f.trap or f.minion or f.treasure:
            features.append(i)
    teleport = bytearray(NROOMS)
    for pair in plan.teleports:
        for room in pair:
            teleport[ROOM_INDEX[room]] = 1
    entrance = {ROOM_INDEX[r] for r in ENTRANCES}
    room_edges = tuple(tuple(sorted(e for _, e in adj[i] if not water[e])) for i in range(NROOMS))
    return Board(
        plan=plan,
        adj=tuple(tuple(sorted(a)) for a in adj),
        tele=tuple(tuple(sorted(t)) for t in tele),
        water=bytes(water),
        step=tuple(1 + 2 * p for p in penalty),
        jump=tuple(2 * p for p in penalty),
        features=tuple(sorted(features)),
        minion=tuple(minion),
        teleport=bytes(teleport),
        candidates=tuple(i for i in range(NROOMS) if i not in entrance and not teleport[i]),
        room_edges=room_edges,
        segments=_segments(bytes(water)),
        info=rating.RoomInfo(
            trap=tuple(int(bool(plan.rooms.get(r) and plan.rooms[r].trap)) for r in ROOMS),
            minion=tuple(minion),
            treasure=tuple(
                rating.TREASURE_KINDS.index(plan.rooms[r].treasure.kind)  # type: ignore[union-attr]
                if plan.rooms.get(r) and plan.rooms[r].treasure
                else -1
                for r in ROOMS
            ),
            tele=tuple(tuple(sorted(t)) for t in tele),
            minion_of=tuple(
                ADVENTURERS.index(plan.rooms[r].minion.adventurer)  # type: ignore[union-attr]
                if plan.rooms.get(r) and plan.rooms[r].minion
                else -1
                for r in ROOMS
            ),
        ),
    )


def _segments(water: bytes) -> tuple[tuple[int, ...], ...]:
    """Straight runs of 1-3 inner edges (a wall 1-3 rooms long), skipping any with water."""
    lines: list[list[int]] = []
    for r in range(ROWS - 1):  # horizontal walls between row r and r + 1, along the columns
        lines.append(
            [
                EDGE_INDEX[edge(ROOMS[r * NCOLS + c], ROOMS[(r + 1) * NCOLS + c])]
                for c in range(NCOLS)
            ]
        )
    for c in range(NCOLS - 1):  # vertical walls between column c and c + 1, along the rows
        lines.append(
            [EDGE_INDEX[edge(ROOMS[r * NCOLS + c], ROOMS[r * NCOLS + c + 1])] for r in range(ROWS)]
        )
    out = []
    for line in lines:
        for length in (1, 2, 3):
            for start in range(len(line) - length + 1):
                run = tuple(line[start : start + length])
                if not any(water[e] for e in run):
                    out.append(run)
    return tuple(out)


# ----------------------------------------------------------------------- checker and difficulty


def _reach(board: Board, blocked: bytes | bytearray, starts: Iterable[int]) -> bytearray:
    """Rooms reachable from `starts` (each marked 1)."""
    seen = bytearray(NROOMS)
    stack = []
    for s in starts:
        if not seen[s]:
            seen[s] = 1
            stack.append(s)
    adj, tele = board.adj, board.tele
    while stack:
        r = stack.pop()
        for n, e in adj[r]:
            if not seen[n] and not blocked[e]:
                seen[n] = 1
                stack.append(n)
        for t in tele[r]:
            if not seen[t]:
                seen[t] = 1
                stack.append(t)
    return seen


def _blocked(board: Board, walls: Iterable[int]) -> bytearray:
    blocked = bytearray(board.water)
    for e in walls:
        blocked[e] = 1
    return blocked


def fast_violations(
    board: Board, walls: Sequence[int], positions: Sequence[int], sealed: Iterable[int]
) -> int:
    """How many violations check_dungeon reports for a card in int form (0: the card is valid)."""
    n = 0
    blocked = bytearray(board.water)
    water = board.water
    for e in walls:
        if water[e]:
            n += 1
        blocked[e] = 1
    starts = [c for c in range(NCOLS) if not blocked[SOUTH[c]]]
    if not starts:
        n += 1
    reach = _reach(board, blocked, starts)
    teleport = board.teleport
    for i, p in enumerate(positions):
        if p in positions[:i]:
            n += 1
        if p < NCOLS:
            n += 1
        if teleport[p]:
            n += 1
        if not reach[p]:
            n += 1
    if starts and positions and all(reach[p] for p in positions):
        # undirected moves: one walk visits all monsters when they share a component
        comp = _reach(board, blocked, [positions[0]])
        if not all(comp[p] for p in positions):
            n += 1
        elif any(reach[r] and not comp[r] for r in board.features):
            n += 1  # a pocket with features behind another entrance: the dungeon is split
    sealed_set = set(sealed)
    cut_off = sum(1 for r in board.features if not reach[r] and r not in sealed_set)
    if cut_off == 1 or (cut_off and starts):  # one line for all of them, as check_dungeon
        n += 1
    for r in sealed_set:
        if reach[r]:
            n += 1
    return n


def _leg(
    board: Board,
    blocked: bytes | bytearray,
    sources: Iterable[tuple[int, int]],
    target: int,
    step: Sequence[int] | None = None,
    jump: Sequence[int] | None = None,
    path: list[int] | None = None,
) -> int:
    """Cheapest cost from the sources ((cost so far, room), ...) to the target room.

    `step` and `jump` override the board's room costs; with `path`, the rooms the cheapest
    walk enters (sources included, in order) are appended to it.
    """
    dist = [_INF] * NROOMS
    prev = [-1] * NROOMS
    heap = []
    for d, s in sources:
        if d < dist[s]:
            dist[s] = d
            heap.append(d * 64 + s)
    heapq.heapify(heap)
    adj, tele = board.adj, board.tele
    step = board.step if step is None else step
    jump = board.jump if jump is None else jump
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        x = pop(heap)
        d, r = x >> 6, x & 63
        if r == target:
            if path is not None:
                walk = []
                while r >= 0:
                    walk.append(r)
                    r = prev[r]
                path.extend(reversed(walk))
            return d
        if d > dist[r]:
            continue
        for n, e in adj[r]:
            if not blocked[e]:
                nd = d + step[n]
                if nd < dist[n]:
                    dist[n] = nd
                    prev[n] = r
                    push(heap, nd * 64 + n)
        for t in tele[r]:
            nd = d + jump[t]
            if nd < dist[t]:
                dist[t] = nd
                prev[t] = r
                push(heap, nd * 64 + t)
    return _INF


def route_walk(
    board: Board, blocked: bytes | bytearray, positions: Sequence[int]
) -> tuple[int, list[int]] | None:
    """W and the rooms entered on the cheapest leg-by-leg walk through monsters ①②③.

    Each leg is the cheapest one given the legs before it; a minion beaten on an earlier leg
    is crossed out (rulebook: it is fought only once), so later legs walk through its room
    for the plain step and trap cost. None: no walk visits all three.
    """
    step, jump = list(board.step), list(board.jump)
    level = list(board.minion)  # minions still standing
    starts = [(step[c], c) for c in range(NCOLS) if not blocked[SOUTH[c]]]
    walk: list[int] = []
    total = 0
    sources = starts
    for target in positions:
        start = len(walk)
        cost = _leg(board, blocked, sources, target, step, jump, walk)
        if cost >= _INF:
            return None
        total = cost
        for r in walk[start:]:
            if level[r]:  # beaten: crossed out on the plan
                step[r] -= 2 * level[r]
                jump[r] -= 2 * level[r]
                level[r] = 0
        sources = [(total, target)]
    return total, walk


def route_cost(board: Board, blocked: bytes | bytearray, positions: Sequence[int]) -> int | None:
    """W: the cheapest walk from the best open entrance through monsters ①②③ (None: no walk)."""
    found = route_walk(board, blocked, positions)
    return None if found is None else found[0]


def rate(
    board: Board,
    blocked: bytes | bytearray,
    positions: Sequence[int],
    tables: Sequence[Sequence[float]],
    weakness: Sequence[int],
    walls: int,
    sealed: int,
) -> int | None:
    """The difficulty of a card in int form (None: no walk visits the three monsters)."""
    found = route_walk(board, blocked, positions)
    if found is None:
        return None
    closed = sum(1 for c in range(NCOLS) if blocked[SOUTH[c]])
    x = rating.features(board.info, found[1], positions, weakness, walls, sealed, closed, found[0])
    glory, _ = rating.predict(x, tables)
    return rating.difficulty_of_glory(glory)


def encode(card: DungeonCard) -> tuple[list[int], list[int], list[int]]:
    """A card's walls, positions and sealed rooms as ints (outer-border walls, always closed, dropped)."""
    walls = [EDGE_INDEX[w] for w in card.walls if w in EDGE_INDEX]
    return walls, [ROOM_INDEX[p] for p in card.positions], [ROOM_INDEX[s] for s in card.sealed]


def difficulty(card: DungeonCard, plan: Plan | Board, monsters: dict[str, Monster]) -> int | None:
    """The difficulty of a card on a plan with the pack's monsters (None: no walk visits all
    three monsters, or a monster is unknown)."""
    if any(m not in monsters for m in card.monsters):
        return None
    board = plan if isinstance(plan, Board) else make_board(plan)
    walls, positions, sealed = encode(card)
    foes = [monsters[m] for m in card.monsters]
    tables = [rating.value_table(m) for m in foes]
    blocked = _blocked(board, walls)
    return rate(
        board, blocked, positions, tables, rating.weakness_of(foes), len(card.walls), len(sealed)
    )


def card_id(seed: int, band: str | None, n: int) -> str:
    """A generated card's id, G-SEED-N or G-SEED-BAND-N: enough to make the card again."""
    return f"G-{seed}-{band}-{n}" if band else f"G-{seed}-{n}"


def band_of(value: int) -> str:
    """The band (easy, normal, hard) a difficulty number falls in."""
    for name, (lo, hi) in BANDS.items():
        if lo <= value <= hi:
            return name
    return "hard"


# ------------------------------------------------------------------------------ card generation


class RawCard(NamedTuple):
    """A generated card in int form, before it gets its words and id."""

    walls: tuple[int, ...]  # edge ids, ascending
    positions: tuple[int, int, int]  # rooms of monsters ①②③
    monsters: tuple[int, int, int]  # indices into Setup.monster_ids, weakest first
    sealed: tuple[int, ...]  # rooms with features the walls cut off, ascending
    difficulty: int
    words: tuple[int, int, int, int, int]  # place, owner, opening, middle, ending


@dataclass(frozen=True, slots=True)
class Setup:
    """What generation needs: the board, the monsters in strength order, words, existing cards."""

    board: Board
    monster_ids: tuple[str, ...]  # by ranges[0].min, then id: weakest first
    strength: tuple[int, ...]  # ranges[0].min of each monster in monster_ids
    tiers: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # thirds of monster_ids
    words: DungeonWords
    existing: tuple[DungeonCard, ...] = ()
    tables: tuple[tuple[float, ...], ...] = ()  # monster -> its value by party strength
    weakness: tuple[int, ...] = ()  # monster -> its weakness (adventurer index)


def make_setup(
    plan: Plan,
    monsters: Iterable[Monster],
    words: DungeonWords,
    existing: Iterable[DungeonCard] = (),
) -> Setup:
    """Prepare generation for a plan, the pack's monsters, word tables and cards to avoid."""
    ordered = sorted(monsters, key=lambda m: (m.ranges[0].min, m.id))
    if len(ordered) < 3:
        raise PapirnaError(f"generation needs at least 3 monsters, the pack has {len(ordered)}")
    if len(ordered) > 255:
        raise PapirnaError(f"generation handles at most 255 monsters, the pack has {len(ordered)}")
    n = len(ordered)
    tiers = tuple(tuple(range(k * n // 3, (k + 1) * n // 3)) for k in range(3))
    return Setup(
        board=make_board(plan),
        monster_ids=tuple(m.id for m in ordered),
        strength=tuple(m.ranges[0].min for m in ordered),
        tiers=tiers,  # type: ignore[arg-type]
        words=words,
        existing=tuple(existing),
        tables=tuple(rating.value_table(m) for m in ordered),
        weakness=tuple(rating.weakness_of(ordered)),
    )


def card_key(walls: Iterable[int], positions: Sequence[int], monsters: Sequence[int]) -> int:
    """One int for a card's canonical form (walls, positions, monsters): equal dungeons, equal keys."""
    key = 0
    for e in walls:
        key |= 1 << e
    p0, p1, p2 = positions
    m0, m1, m2 = monsters
    return key | p0 << 77 | p1 << 83 | p2 << 89 | m0 << 95 | m1 << 103 | m2 << 111


class SeenFilter:
    """Card keys seen so far, as a fixed-size Bloom filter: memory stays flat for any count.

    It never forgets a key, so no duplicate gets through; a rare false alarm only makes the
    generator draw another candidate, deterministically.
    """

    __slots__ = ("bits", "mask")

    def __init__(self, size_bits: int = 1 << 22) -> None:
        self.bits = bytearray(size_bits // 8)
        self.mask = size_bits - 1

    def add(self, key: int) -> bool:
        """Remember `key`; True when it was (certainly) not seen before."""
        h = int.from_bytes(blake2b(key.to_bytes(16, "little"), digest_size=12).digest(), "little")
        bits, mask, new = self.bits, self.mask, False
        for _ in range(3):
            i = h & mask
            h >>= 32
            byte, bit = i >> 3, 1 << (i & 7)
            if not bits[byte] & bit:
                new = True
                bits[byte] |= bit
        return new


def generate(
    setup: Setup,
    rng: Random,
    count: int,
    band: tuple[int, int] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
) -> Iterator[RawCard]:
    """Yield `count` new valid cards, all different from each other and from setup.existing."""
    board = setup.board
    seen = SeenFilter()
    index = {mid: i for i, mid in enumerate(setup.monster_ids)}
    for card in setup.existing:
        if all(m in index for m in card.monsters) and all(w in EDGE_INDEX for w in card.walls):
            walls, positions, _ = encode(card)
            seen.add(card_key(walls, positions, [index[m] for m in card.monsters]))
    rnd = rng.random
    cands, room_edges, segments = board.candidates, board.room_edges, board.segments
    features, water = board.features, board.water
    tiers = setup.tiers
    tables, weakness = setup.tables, setup.weakness
    w = setup.words
    nwords = (len(w.places), len(w.owners), len(w.openings), len(w.middles), len(w.endings))
    recent = [deque(maxlen=n // 2) for n in nwords]
    lo, hi = band if band is not None else (0, _INF)
    for _ in range(count):
        for _attempt in range(max_attempts):
            # three different monster rooms
            nc = len(cands)
            p0 = cands[int(rnd() * nc)]
            p1 = cands[int(rnd() * nc)]
            p2 = cands[int(rnd() * nc)]
            if p0 in (p1, p2) or p1 == p2:
                continue
            positions = (p0, p1, p2)
            # walls: a few sides of each monster room, straight runs, sometimes closed entrances
            walls: set[int] = set()
            for p in positions:
                sides = room_edges[p]
                k = int(rnd() * 3) + 1
                if k >= len(sides):
                    k = len(sides) - 1
                for _k in range(k):
                    walls.add(sides[int(rnd() * len(sides))])
            for _s in range(int(rnd() * 4) + 2 if segments else 0):
                walls.update(segments[int(rnd() * len(segments))])
            x = rnd()
            if x < 0.35:
                walls.add(SOUTH[int(rnd() * NCOLS)])
                if x < 0.12:
                    walls.add(SOUTH[int(rnd() * NCOLS)])
            blocked = bytearray(water)
            for e in walls:
                blocked[e] = 1
            starts = [c for c in range(NCOLS) if not blocked[SOUTH[c]]]
            if not starts:
                continue
            reach = _reach(board, blocked, starts)
            if not (reach[p0] and reach[p1] and reach[p2]):
                continue
            sealed = tuple(r for r in features if not reach[r])
            if len(sealed) > MAX_SEALED:
                continue
            side = _reach(board, blocked, (p0,))
            if not (side[p1] and side[p2]):
                continue  # walls split the monsters apart: no single walk visits all three
            if any(reach[r] and not side[r] for r in features):
                continue  # a pocket behind another entrance: the dungeon would be split
            wall_ids = tuple(sorted(walls))
            if fast_violations(board, wall_ids, positions, sealed):
                continue  # pragma: no cover - construction already keeps every rule
            t0, t1, t2 = tiers
            monsters = (
                t0[int(rnd() * len(t0))],
                t1[int(rnd() * len(t1))],
                t2[int(rnd() * len(t2))],
            )
            m0, m1, m2 = monsters
            diff = rate(
                board,
                blocked,
                positions,
                (tables[m0], tables[m1], tables[m2]),
                (weakness[m0], weakness[m1], weakness[m2]),
                len(walls),
                len(sealed),
            )
            if diff is None:  # pragma: no cover - the monsters share one side
                continue
            if not lo <= diff <= hi:
                continue
            if not seen.add(card_key(wall_ids, positions, monsters)):
                continue
            words = []
            for n, last in zip(nwords, recent, strict=True):
                k = int(rnd() * n)
                while k in last:  # no word repeats within the last few cards
                    k = int(rnd() * n)
                last.append(k)
                words.append(k)
            yield RawCard(wall_ids, positions, monsters, sealed, diff, tuple(words))  # type: ignore[arg-type]
            break
        else:
            what = f"a dungeon with difficulty {lo}-{hi}" if band is not None else "a new dungeon"
            raise GenerationError(f"could not generate {what} in {max_attempts} attempts")


# ------------------------------------------------------------------------------------- output


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_texts(words: DungeonWords, choice: Sequence[int]) -> tuple[dict[str, str], dict[str, str]]:
    """The title and story in every language for a choice of (place, owner, opening, middle, ending)."""
    place, owner = words.places[choice[0]], words.owners[choice[1]]
    parts = (words.openings[choice[2]], words.middles[choice[3]], words.endings[choice[4]])
    title, story = {}, {}
    for lang in LANGS:
        fill = {
            "place": place["name"].get(lang),
            "inside": place["inside"].get(lang),
            "into": place["into"].get(lang),
            "of": owner["of"].get(lang),
            "who": owner["who"].get(lang),
        }
        title[lang] = _sentence(words.title.get(lang).format(**fill))
        story[lang] = " ".join(_sentence(p.get(lang).format(**fill)) for p in parts)
    return title, story


def card_data(setup: Setup, raw: RawCard, card_id: str, campaign: str) -> dict[str, Any]:
    """Plain data with exactly the DungeonCard fields, ready for YAML, JSON or DungeonCard."""
    title, story = card_texts(setup.words, raw.words)
    return {
        "id": card_id,
        "campaign": campaign,
        "title": title,
        "story": story,
        "monsters": [setup.monster_ids[m] for m in raw.monsters],
        "positions": [ROOMS[p] for p in raw.positions],
        "walls": sorted(EDGES[e] for e in raw.walls),
        "sealed": sorted(ROOMS[r] for r in raw.sealed),
        "difficulty": raw.difficulty,
    }


def to_card(data: dict[str, Any]) -> DungeonCard:
    """Validate plain card data into a DungeonCard."""
    return DungeonCard.model_validate(data)


_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _scalar(value: str) -> str:
    """A YAML scalar: plain when it cannot be misread, else double-quoted (JSON escapes)."""
    if _PLAIN.match(value) and value.lower() not in _YAML_WORDS:
        return value
    return json.dumps(value, ensure_ascii=False)


def _quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def card_yaml(data: dict[str, Any]) -> str:
    """One card as a YAML list item, in the style of dungeons.yaml."""
    t, s = data["title"], data["story"]
    lines = [
        f"- id: {_scalar(data['id'])}",
        f"  campaign: {_scalar(data['campaign'])}",
        "  title: {" + ", ".join(f"{k}: {_quoted(v)}" for k, v in t.items()) + "}",
        "  story:",
        *(f"    {k}: {_quoted(v)}" for k, v in s.items()),
        f"  monsters: [{', '.join(_scalar(m) for m in data['monsters'])}]",
        f"  positions: [{', '.join(data['positions'])}]",
        f"  walls: [{', '.join(_quoted(w) for w in data['walls'])}]",
        f"  sealed: [{', '.join(data['sealed'])}]",
        f"  difficulty: {data['difficulty']}",
    ]
    return "\n".join(lines) + "\n"


def write_yaml(cards: Iterable[dict[str, Any]], out: TextIO, header: str = "") -> int:
    """Write cards as a YAML list, one at a time; return how many."""
    if header:
        out.write("".join(f"# {line}\n" for line in header.splitlines()))
    n = 0
    for data in cards:
        out.write(("\n" if n else "") + card_yaml(data))
        n += 1
    if n == 0:
        out.write("[]\n")
    return n


def write_json(cards: Iterable[dict[str, Any]], out: TextIO) -> int:
    """Write cards as a JSON list, one card per line, one at a time; return how many."""
    n = 0
    for data in cards:
        out.write(("[\n  " if n == 0 else ",\n  ") + json.dumps(data, ensure_ascii=False))
        n += 1
    out.write("\n]\n" if n else "[]\n")
    return n


# ------------------------------------------------------------------------------ plan generation

TELEPORTS: tuple[tuple[str, str], ...] = (("A2", "F2"), ("A4", "F4"))
_TREASURE_ORDER = ("potion", "potions", "level", "item-half")


class PlanStats(NamedTuple):
    """The counts a generated plan copies from its template."""

    traps: int
    minion_levels: tuple[int, ...]  # ascending
    adventurers: tuple[str, ...]  # one per minion, sorted
    treasures: tuple[str, ...]  # non-gem treasure kinds, one per room, sorted
    gems: int
    water: int


def plan_stats(plan: Plan) -> PlanStats:
    """Count a plan's traps, minions, treasures, gems and water edges."""
    rooms = plan.rooms.values()
    return PlanStats(
        traps=sum(f.trap for f in rooms),
        minion_levels=tuple(sorted(f.minion.level for f in rooms if f.minion)),
        adventurers=tuple(sorted(f.minion.adventurer for f in rooms if f.minion)),
        treasures=tuple(
            sorted(f.treasure.kind for f in rooms if f.treasure and f.treasure.kind != "gem")
        ),
        gems=sum(1 for f in rooms if f.treasure and f.treasure.kind == "gem"),
        water=len(plan.water),
    )


def _caps(count: int) -> tuple[int, int]:
    """At most this many of one kind per row and per column: one more than an even spread."""
    return math.ceil(count / ROWS) + 1, math.ceil(count / NCOLS) + 1


def _spread(rng: Random, rooms: Sequence[int], count: int) -> list[int] | None:
    """`count` rooms drawn from `rooms`, at most _caps(count) per row and column (None: stuck)."""
    row_cap, col_cap = _caps(count)
    order = list(rooms)
    rng.shuffle(order)
    rows, cols = [0] * ROWS, [0] * NCOLS
    out = []
    for r in order:
        if rows[r // NCOLS] < row_cap and cols[r % NCOLS] < col_cap:
            out.append(r)
            rows[r // NCOLS] += 1
            cols[r % NCOLS] += 1
            if len(out) == count:
                return sorted(out)
    return None


def _plan_attempt(
    rng: Random, stats: PlanStats, plan_id: str, avoid: frozenset[str] = frozenset()
) -> Plan | None:
    tele = {ROOM_INDEX[r] for pair in TELEPORTS for r in pair}
    free = [i for i in range(NROOMS) if i not in tele]
    # water: inner edges away from teleports and entrances and the cards' walls, no two on a room
    options = [
        e
        for e, name in enumerate(EDGES[: SOUTH[0]])
        if not any(ROOM_INDEX[x] in tele or ROOM_INDEX[x] < NCOLS for x in name.split("|"))
        and name not in avoid
    ]
    rng.shuffle(options)
    water, used = [], set()
    for e in options:
        a, b = EDGES[e].split("|")
        if a not in used and b not in used:
            water.append(e)
            used.update((a, b))
            if len(water) == stats.water:
                break
    gems = _spread(rng, free, stats.gems)
    traps = _spread(rng, free, stats.traps)
    if gems is None or traps is None:
        return None
    no_minion = set(gems) & set(traps)  # never all three in one room
    minions = _spread(rng, [r for r in free if r not in no_minion], len(stats.minion_levels))
    if minions is None:
        return None
    busy = set(gems) | set(traps) | set(minions)
    must = [r for r in free if r not in busy]  # every room gets something
    room_ok = [r for r in free if r not in gems and not (r in traps and r in minions)]
    rest = [r for r in room_ok if r not in must]
    need = len(stats.treasures) - len(must)
    if need < 0 or need > len(rest):
        return None
    rng.shuffle(rest)
    treasure_rooms = sorted(must + rest[:need])
    kinds = list(stats.treasures)
    rng.shuffle(kinds)
    per_row: dict[tuple[int, str], int] = {}
    for r, k in zip(treasure_rooms, kinds, strict=True):
        per_row[(r // NCOLS, k)] = per_row.get((r // NCOLS, k), 0) + 1
    if any(n > 2 for n in per_row.values()):
        return None
    # minion levels rise with the row; adventurers differ within a row
    by_row = sorted(minions, key=lambda r: (r // NCOLS, rng.random()))
    levels = dict(zip(by_row, stats.minion_levels, strict=True))
    advs = list(stats.adventurers)
    rng.shuffle(advs)
    adventurer = dict(zip(minions, advs, strict=True))
    for row in range(ROWS):
        names = [adventurer[r] for r in minions if r // NCOLS == row]
        if len(names) != len(set(names)):
            return None
    rooms: dict[str, dict[str, Any]] = {}
    letters = iter("ABCDEFGHIJKL")
    for i in range(NROOMS):
        f: dict[str, Any] = {}
        if i in minions:
            f["minion"] = {"adventurer": adventurer[i], "level": levels[i]}
        if i in traps:
            f["trap"] = True
        if i in gems:
            f["treasure"] = {"kind": "gem", "letter": next(letters)}
        elif i in treasure_rooms:
            f["treasure"] = {"kind": kinds[treasure_rooms.index(i)]}
        if f:
            rooms[ROOMS[i]] = f
    plan = Plan.model_validate(
        {
            "id": plan_id,
            "teleports": [list(p) for p in TELEPORTS],
            "water": sorted(EDGES[e] for e in water),
            "rooms": rooms,
        }
    )
    return plan if not plan_problems(plan, stats) else None


def generate_plan(
    rng: Random,
    template: Plan,
    plan_id: str,
    max_attempts: int = 20000,
    cards: Sequence[DungeonCard] = (),
) -> Plan:
    """A new sheet plan with the template's counts of traps, minions, treasures, gems and water.

    With `cards` (the pack's dungeon cards), every card stays playable on the new plan.
    """
    stats = plan_stats(template)
    if stats.gems > 12:
        raise PapirnaError(f"a plan holds at most 12 lettered gems, the template has {stats.gems}")
    avoid = frozenset(w for c in cards for w in c.walls)
    for _ in range(max_attempts):
        plan = _plan_attempt(rng, stats, plan_id, avoid)
        if plan is not None and not card_problems_on_plan(plan, cards):
            return plan
    raise GenerationError(f"could not generate a balanced plan in {max_attempts} attempts")


def card_problems_on_plan(plan: Plan, cards: Iterable[DungeonCard]) -> list[str]:
    """Why dungeon cards made for another plan cannot be played on this one (empty: all can).

    A card is playable when its monsters can be reached on one walk and none of its walls lies
    on the plan's water; rooms it cuts off or declares sealed may differ from its own plan's.
    """
    out = []
    for card in cards:
        for v in check_dungeon(card, plan):
            if v.field.startswith("positions") or "water" in v.message or "split" in v.message:
                out.append(f"card {card.id}: {v.message}")
    return out


def plan_problems(plan: Plan, stats: PlanStats) -> list[str]:
    """Every balance rule a plan breaks against the template's counts (empty: balanced)."""
    out = []
    got = plan_stats(plan)
    for name in PlanStats._fields:
        if getattr(got, name) != getattr(stats, name):
            out.append(f"{name}: {getattr(got, name)} instead of {getattr(stats, name)}")
    if sorted(sorted(p) for p in plan.teleports) != sorted(sorted(p) for p in TELEPORTS):
        out.append(f"teleports: {plan.teleports} instead of {[list(p) for p in TELEPORTS]}")
    tele = {r for pair in plan.teleports for r in pair}
    for room in ROOMS:
        f = plan.rooms.get(room)
        held = (f.trap, f.minion is not None, f.treasure is not None) if f else (False,) * 3
        if room in tele and any(held):
            out.append(f"{room}: a teleport room holds a feature")
        if room not in tele and not any(held):
            out.append(f"{room}: the room holds nothing")
        if all(held):
            out.append(f"{room}: a trap, a minion and a treasure in one room")
    water_rooms: list[str] = []
    for w in plan.water:
        a, b = w.split("|")
        for room in (a, b):
            if room in tele or room in ENTRANCES:
                out.append(f"water {w}: touches the entrance or teleport room {room}")
            if room in water_rooms:
                out.append(f"water {w}: a second water edge of room {room}")
            water_rooms.append(room)
    kinds: dict[str, list[int]] = {"trap": [], "minion": [], "gem": []}
    for room, f in plan.rooms.items():
        i = ROOM_INDEX[room]
        if f.trap:
            kinds["trap"].append(i)
        if f.minion:
            kinds["minion"].append(i)
        if f.treasure and f.treasure.kind == "gem":
            kinds["gem"].append(i)
    for kind, rooms in kinds.items():
        row_cap, col_cap = _caps(len(rooms))
        for r in range(ROWS):
            if sum(1 for i in rooms if i // NCOLS == r) > row_cap:
                out.append(f"{kind}: more than {row_cap} in row {r + 1}")
        for c in range(NCOLS):
            if sum(1 for i in rooms if i % NCOLS == c) > col_cap:
                out.append(f"{kind}: more than {col_cap} in column {COLUMNS[c]}")
    top = 0
    for r in range(ROWS):
        levels = [
            f.minion.level
            for room, f in plan.rooms.items()
            if f.minion and ROOM_INDEX[room] // NCOLS == r
        ]
        if levels and min(levels) < top:
            out.append(
                f"minions: a level {min(levels)} minion in row {r + 1} after level {top} below"
            )
        top = max([top, *levels])
    board = make_board(plan)
    reach = _reach(board, board.water, range(NCOLS))
    for room in sorted(plan.rooms, key=ROOM_INDEX.__getitem__):
        if not reach[ROOM_INDEX[room]]:
            out.append(f"{room}: cannot be reached even without walls")
    for a in ADVENTURERS:
        if stats.adventurers and a not in got.adventurers:
            out.append(f"minions: no {a} minion")
    return out


def plan_yaml(plan: Plan, header: str = "") -> str:
    """A plan as YAML in the style of plan.yaml."""
    lines = [f"# {line}" for line in header.splitlines()]
    lines.append(f"id: {_scalar(plan.id)}")
    lines.append("teleports: [" + ", ".join(f"[{a}, {b}]" for a, b in plan.teleports) + "]")
    lines.append("water: [" + ", ".join(plan.water) + "]")
    lines.append("rooms:")
    for room in sorted(plan.rooms, key=ROOM_INDEX.__getitem__):
        f = plan.rooms[room]
        parts = []
        if f.minion:
            parts.append(f"minion: {{adventurer: {f.minion.adventurer}, level: {f.minion.level}}}")
        if f.trap:
            parts.append("trap: true")
        if f.treasure:
            letter = f", letter: {f.treasure.letter}" if f.treasure.letter else ""
            parts.append(f"treasure: {{kind: {f.treasure.kind}{letter}}}")
        lines.append(f"  {room}: {{{', '.join(parts)}}}")
    return "\n".join(lines) + "\n"
