"""Papírové doupě rules: the plan as a graph, reachability and the dungeon-card check."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import NamedTuple

from generator.content.games.papirove_doupe import COLUMNS, ROWS, DungeonCard, Plan

ROOMS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
ENTRANCES: tuple[str, ...] = tuple(f"{c}1" for c in COLUMNS)


class Violation(NamedTuple):
    """One reason a dungeon card is not valid: the field it concerns and what is wrong."""

    field: str
    message: str


def edge(a: str, b: str) -> str:
    """The canonical name of the edge between two neighbouring rooms, e.g. 'B2|B3'."""
    first, second = sorted((a, b))
    return f"{first}|{second}"


def neighbours(room: str) -> list[str]:
    """Orthogonal neighbours of a room inside the 6 x 7 plan."""
    c, r = COLUMNS.index(room[0]), int(room[1:])
    out = []
    for dc, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        nc, nr = c + dc, r + dr
        if 0 <= nc < len(COLUMNS) and 1 <= nr <= ROWS:
            out.append(f"{COLUMNS[nc]}{nr}")
    return out


def blocked(plan: Plan, card: DungeonCard) -> set[str]:
    """Edges nobody crosses without special items: the card's walls and the plan's water."""
    return set(card.walls) | set(plan.water)


def teleport_links(plan: Plan) -> dict[str, list[str]]:
    """Room -> rooms a teleport there leads to (both ways)."""
    links: dict[str, list[str]] = {}
    for a, b in plan.teleports:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    return links


def open_entrances(card: DungeonCard) -> list[str]:
    """Entrance rooms whose outer (south) side is not walled."""
    walls = set(card.walls)
    return [room for room in ENTRANCES if f"{room}|south" not in walls]


def moves(room: str, walls: set[str], links: dict[str, list[str]]) -> Iterable[tuple[str, int]]:
    """Rooms one step away (cost 1), and teleport targets (cost 0: a teleport is free)."""
    for n in neighbours(room):
        if edge(room, n) not in walls:
            yield n, 1
    for t in links.get(room, ()):
        yield t, 0


def distances(plan: Plan, card: DungeonCard, starts: Iterable[str]) -> dict[str, int]:
    """Fewest steps from any of `starts` (entering one costs 1) to every reachable room."""
    walls = blocked(plan, card)
    links = teleport_links(plan)
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for s in starts:
        if s not in dist:
            dist[s] = 1
            queue.append(s)
    # 0-1 breadth-first search: teleports cost nothing, steps cost one
    while queue:
        room = queue.popleft()
        for nxt, cost in moves(room, walls, links):
            d = dist[room] + cost
            if nxt not in dist or d < dist[nxt]:
                dist[nxt] = d
                if cost == 0:
                    queue.appendleft(nxt)
                else:
                    queue.append(nxt)
    return dist


def reachable(plan: Plan, card: DungeonCard) -> set[str]:
    """Rooms the party can reach from an open entrance."""
    return set(distances(plan, card, open_entrances(card)))


def canonical(card: DungeonCard) -> tuple:
    """The card's walls and monster positions in a form where equal dungeons compare equal."""
    return (tuple(sorted(set(card.walls))), tuple(card.positions), tuple(card.monsters))


def check_dungeon(
    card: DungeonCard, plan: Plan, others: Iterable[DungeonCard] = ()
) -> list[Violation]:
    """Every rule the card breaks, explained; an empty list means the card is valid."""
    out: list[Violation] = []
    if not open_entrances(card):
        out.append(Violation("walls", "every entrance is walled off"))
    reach = reachable(plan, card)
    teleports = {room for pair in plan.teleports for room in pair}
    seen: dict[str, int] = {}
    for i, room in enumerate(card.positions):
        where = f"positions[{i}]"
        if room in seen:
            out.append(
                Violation(
                    where, f"monster {i + 1} shares room {room} with monster {seen[room] + 1}"
                )
            )
        seen.setdefault(room, i)
        if room in ENTRANCES:
            out.append(Violation(where, f"monster {i + 1} stands in entrance room {room}"))
        if room in teleports:
            out.append(Violation(where, f"monster {i + 1} stands on the teleport in {room}"))
        if room not in reach:
            out.append(
                Violation(where, f"monster {i + 1} in {room} cannot be reached from any entrance")
            )
    sealed = set(card.sealed)
    for room in sorted(plan.rooms, key=ROOMS.index):
        f = plan.rooms[room]
        if (f.trap or f.minion or f.treasure) and room not in reach and room not in sealed:
            out.append(
                Violation(
                    "walls",
                    f"room {room} holds a feature but cannot be reached (declare it sealed?)",
                )
            )
    for room in sealed:
        if room in reach:
            out.append(Violation("sealed", f"room {room} is declared sealed but can be reached"))
    for w in card.walls:
        if w in plan.water:
            out.append(Violation("walls", f"wall {w} stands where the plan already has water"))
        _, _, b = w.partition("|")
        if b in ("north", "east", "west"):
            out.append(
                Violation("walls", f"wall {w} is on the outer border, which is always closed")
            )
    mine = canonical(card)
    for other in others:
        if other.id != card.id and canonical(other) == mine:
            out.append(Violation("walls", f"same walls and monsters as card {other.id!r}"))
    return out
