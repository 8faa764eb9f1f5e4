"""Papírové doupě rules: the plan as a graph, reachability and the dungeon-card check."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import NamedTuple

from generator.games.papirove_doupe.models import (
    COLUMNS,
    ROWS,
    SCORING_CATEGORIES,
    Ability,
    Campaign,
    DungeonCard,
    Goal,
    Monster,
    Plan,
    Quest,
    SheetData,
)
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet as FilledSheet
from generator.games.papirove_doupe.sheets import QuestRecord
from generator.rules.scoring import Score, SheetError

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
    reachable_all = [
        e
        for e in open_entrances(card)
        if all(p in distances(plan, card, [e]) for p in card.positions)
    ]
    if open_entrances(card) and all(p in reach for p in card.positions) and not reachable_all:
        out.append(
            Violation(
                "walls", "walls split the dungeon: no single entrance reaches all three monsters"
            )
        )
    sealed = set(card.sealed)
    cut_off = [
        room
        for room in sorted(plan.rooms, key=ROOMS.index)
        if (plan.rooms[room].trap or plan.rooms[room].minion or plan.rooms[room].treasure)
        and room not in reach
        and room not in sealed
    ]
    if len(cut_off) == 1:
        out.append(
            Violation(
                "walls",
                f"room {cut_off[0]} holds a feature but cannot be reached (declare it sealed?)",
            )
        )
    elif cut_off and open_entrances(card):  # with every entrance walled, that says it all
        out.append(
            Violation(
                "walls",
                f"{len(cut_off)} rooms hold features but cannot be reached: "
                f"{', '.join(cut_off)} (declare them sealed?)",
            )
        )
    for room in sealed:
        if room in reach:
            out.append(Violation("sealed", f"room {room} is declared sealed but can be reached"))
    seen_walls: set[str] = set()
    for i, w in enumerate(card.walls):
        if w in seen_walls:
            out.append(Violation(f"walls[{i}]", f"wall {w} is listed twice"))
        seen_walls.add(w)
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


# --- final scoring -------------------------------------------------------------------------

PD_CATEGORIES = SCORING_CATEGORIES


class PackCards(NamedTuple):
    """What scoring needs from the content pack."""

    sheet: SheetData
    plan: Plan
    monsters: dict[str, Monster]
    dungeons: dict[str, DungeonCard]
    abilities: dict[str, Ability]
    goals: dict[str, Goal]
    quests: dict[str, Quest]


def party_strength(levels: dict[str, int], weakness: str, bonus: int = 0) -> int:
    """The party's strength against a monster: the sum of levels, the weakness counted twice."""
    return sum(levels.values()) + levels[weakness] + bonus


def range_for(monster: Monster, strength: int) -> int | None:
    """Which of the monster's ranges (1-3) a strength falls into; None below the first."""
    found = None
    for i, r in enumerate(monster.ranges):
        if strength >= r.min and (r.max is None or strength <= r.max):
            return i + 1
        if strength >= r.min:
            found = i + 1  # between two ranges: the lower one still applies
    return found


def _card_glory(ref: object, cards: dict, path: tuple, what: str, attr: str = "glory") -> int:
    if isinstance(ref, bool):
        raise SheetError(path, f"expected a {what} id or a glory number, got {ref!r}")
    if isinstance(ref, int):
        return ref
    if ref not in cards:
        known = ", ".join(sorted(cards)[:6])
        raise SheetError(path, f"no {what} card {ref!r} (known: {known}, ...)")
    return getattr(cards[ref], attr)


def _end_count(s: FilledSheet, what: str, fought: int) -> int:
    """What an end-of-game ability counts on the sheet."""
    if what == "unused_potions":
        if s.unused_potions is None:
            raise SheetError(
                ("unused_potions",),
                f"the ability {s.ability!r} counts unused potions: give unused_potions",
            )
        return s.unused_potions
    levels = s.levels.values()
    counts = {
        "gems": s.gems,
        "minions": s.minions,
        "completed_items": sum(1 for n in s.items if n == 2),
        "fights_not_fled": fought,
        "wounds": s.wounds,
        "balanced_levels": int(max(levels) - min(levels) <= 1),
    }
    return counts[what]


def score_sheet(s: FilledSheet, pack: PackCards) -> Score:
    """All 12 scoring categories of a filled Papírové doupě sheet, by the pack's point tables."""
    sd, table = pack.sheet, pack.sheet.scoring
    if s.monsters is not None:  # a card not in the pack, e.g. from `papirna dungeon new`
        monster_ids = list(s.monsters)
        for i, mid in enumerate(monster_ids):
            if mid not in pack.monsters:
                known = ", ".join(sorted(pack.monsters))
                raise SheetError(("monsters", i), f"no monster {mid!r} (known: {known})")
    elif s.dungeon not in pack.dungeons:
        raise SheetError(
            ("dungeon",),
            f"no dungeon card {s.dungeon!r} in the pack (for a generated card, give its monsters)",
        )
    else:
        monster_ids = list(pack.dungeons[s.dungeon].monsters)
    if len(s.items) > len(sd.items):
        raise SheetError(("items",), f"{len(s.items)} items, but the sheet has {len(sd.items)}")
    for value, limit, key in (
        (s.gems, sd.gem_track, "gems"),
        (s.minions, sd.minion_track, "minions"),
        (s.wounds, sd.wound_track, "wounds"),
        (s.unused_potions or 0, sd.potion_track, "unused_potions"),
    ):
        if value > limit:
            raise SheetError((key,), f"{value} {key}, but the track has only {limit} boxes")
    gem_rooms = sum(1 for f in pack.plan.rooms.values() if f.treasure and f.treasure.kind == "gem")
    if s.gems > max(gem_rooms, sd.gem_track):
        raise SheetError(("gems",), f"{s.gems} gems, but the plan has {gem_rooms}")
    solo = s.mode == "solo"
    notes: list[str] = []
    cats: dict[str, int] = {}
    ability_rule = None
    if isinstance(s.ability, str) and s.ability in pack.abilities:
        ability_rule = pack.abilities[s.ability]
    fought = 0  # fights not fled
    for i, (fight, mid) in enumerate(zip(s.fights, monster_ids, strict=True)):
        monster = pack.monsters[mid]
        path = ("fights", i)
        glory = monster.flee
        if fight.visited and not fight.fled:
            rng = fight.range
            if rng is None:
                if fight.strength is not None:
                    strength = fight.strength
                else:
                    assert fight.levels is not None
                    bonus = fight.bonus
                    if fight.levels["warrior"] >= 4:
                        bonus += sd.strength_bonus.get("warrior-level-4", 0)
                    if ability_rule is not None and ability_rule.rule == "berserker":
                        bonus += ability_rule.bonus
                    strength = party_strength(fight.levels, monster.weakness, bonus)
                rng = range_for(monster, strength)
                if rng is None:
                    notes.append(
                        f"monster {i + 1}: strength {strength} is below {monster.ranges[0].min}, so the party fled"
                    )
            if rng is not None:
                fought += 1
                glory = monster.ranges[rng - 1].glory
                if fight.strongest:
                    if solo:
                        raise SheetError(
                            (*path, "strongest"), "the solo game has no strongest-attack reward"
                        )
                    if monster.reward.kind == "glory":
                        glory += monster.reward.amount
        elif fight.strongest:
            raise SheetError(
                (*path, "strongest"), "a party that fled cannot make the strongest attack"
            )
        cats[f"monster{i + 1}"] = glory
    levels = s.levels
    cats["lowest"] = table.lowest_adventurer[min(levels.values()) - 1]
    cats["level6"] = sum(sd.adventurers[a].level6_glory for a, lv in levels.items() if lv == 6)
    cats["halves"] = sum(s.items) * table.item_half
    cats["item_bonus"] = sum(sd.items[i].glory for i, n in enumerate(s.items) if n == 2)
    cats["gems"] = s.gems * table.gem
    cats["minions"] = s.minions * table.minion
    cats["wounds"] = s.wounds * table.wound
    cats["resurrection"] = table.resurrection if s.resurrection else 0
    cats["ability"] = (
        0 if s.ability is None else _card_glory(s.ability, pack.abilities, ("ability",), "ability")
    )
    if isinstance(s.ability, str) and pack.abilities[s.ability].end is not None:
        end = pack.abilities[s.ability].end
        assert end is not None
        cats["ability"] += end.points(_end_count(s, end.count, fought))
    cats["goals"] = sum(
        _card_glory(g, pack.goals, ("goals", i), "goal") for i, g in enumerate(s.goals)
    )
    quest_glory = 0
    for i, q in enumerate(s.quests):
        path = ("quests", i)
        if isinstance(q, QuestRecord):
            if q.id not in pack.quests:
                raise SheetError((*path, "id"), f"no quest card {q.id!r}")
            quest = pack.quests[q.id]
            if solo:
                if q.round is None:
                    raise SheetError(
                        (*path, "round"), "in the solo game give the round the quest was met"
                    )
                quest_glory += quest.solo[q.round - 1]
            else:
                quest_glory += quest.glory
        else:
            quest_glory += _card_glory(q, pack.quests, path, "quest")
    cats["quests"] = quest_glory
    return Score(s.player, {k: cats[k] for k in PD_CATEGORIES}, notes)


def campaign_of(letters: list[str], campaigns: list[Campaign]) -> str | None:
    """The campaign (or 'grand' for all of them) whose cards are exactly `letters`."""
    got = sorted(letters)
    for c in campaigns:
        if sorted(c.cards) == got:
            return c.id
    if got == sorted(card for c in campaigns for card in c.cards):
        return "grand"
    return None
