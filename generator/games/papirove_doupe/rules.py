"""Papírové doupě rules: the plan as a graph, reachability and the dungeon-card check."""

from __future__ import annotations

import functools
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
from generator.rules.scoring import Score, SheetError, missing_lines, nearest

ROOMS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
ENTRANCES: tuple[str, ...] = tuple(f"{c}1" for c in COLUMNS)


class Violation(NamedTuple):
    """One reason a dungeon card is not valid: the field it concerns and what is wrong."""

    field: str
    message: str


def edge(a: str, b: str) -> str:
    """The canonical name of the edge between two neighbouring rooms, e.g. 'B2|B3'."""
    return _edge(a, b)


@functools.cache
def _edge(a: str, b: str) -> str:
    first, second = sorted((a, b))
    return f"{first}|{second}"


def neighbours(room: str) -> list[str]:
    """Orthogonal neighbours of a room inside the 6 x 7 plan."""
    return list(_neighbours(room))


@functools.cache
def _neighbours(room: str) -> tuple[str, ...]:
    c, r = COLUMNS.index(room[0]), int(room[1:])
    out = []
    for dc, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        nc, nr = c + dc, r + dr
        if 0 <= nc < len(COLUMNS) and 1 <= nr <= ROWS:
            out.append(f"{COLUMNS[nc]}{nr}")
    return tuple(out)


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
    for n in _neighbours(room):
        if _edge(room, n) not in walls:
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


def _has_feature(plan: Plan, room: str) -> bool:
    f = plan.rooms.get(room)
    return f is not None and bool(f.trap or f.minion or f.treasure)


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
    # moves go both ways, so the entrances whose walk reaches all three monsters are those on
    # the side of monster 1, when monsters 2 and 3 are on it too
    side = set(distances(plan, card, card.positions[:1])) if card.positions[0] in reach else set()
    together = all(p in side for p in card.positions)
    reachable_all = [e for e in open_entrances(card) if e in side] if together else []
    if open_entrances(card) and all(p in reach for p in card.positions) and not reachable_all:
        out.append(
            Violation(
                "walls", "walls split the dungeon: no single entrance reaches all three monsters"
            )
        )
    if reachable_all:
        # every reachable room with a feature lies on the monsters' side: walls must not split
        # the dungeon into parts that meet only outside it (the party enters only once)
        pocket = [
            room
            for room in sorted(plan.rooms, key=ROOMS.index)
            if _has_feature(plan, room) and room in reach and room not in side
        ]
        if pocket:
            doors = [e for e in open_entrances(card) if e not in side]
            out.append(
                Violation(
                    "walls",
                    f"walls split the dungeon: {', '.join(pocket)} can be reached only through "
                    f"entrance{'s' if len(doors) != 1 else ''} {', '.join(doors)}, "
                    "not on the walk to the monsters",
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
# the lines of a sheet that count as 0 (none, no) when left out, with a note saying so
COUNTED_LINES = ("items", "gems", "minions", "wounds", "resurrection", "ability", "goals", "quests")


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
        raise SheetError(path, f"no {what} card {ref!r}{nearest(ref, _known(cards))}")
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


def monsters_of(s: FilledSheet, pack: PackCards) -> list[str]:
    """The ids of the three monsters the sheet's dungeon card fights, in order."""
    if s.monsters is not None:  # a card not in the pack, e.g. from `papirna dungeon new`
        for i, mid in enumerate(s.monsters):
            if mid not in pack.monsters:
                raise SheetError(
                    ("monsters", i), f"no monster {mid!r}{nearest(mid, pack.monsters)}"
                )
        return list(s.monsters)
    if s.dungeon not in pack.dungeons:
        raise SheetError(
            ("dungeon",),
            f"no dungeon card {s.dungeon!r} in the pack{nearest(s.dungeon, pack.dungeons)} "
            "(for a generated card, give its monsters)",
        )
    return list(pack.dungeons[s.dungeon].monsters)


INF = 10**9  # the top of a monster's highest range, which has no upper bound


class Fight(NamedTuple):
    """How one fight went by the sheet: the range fought (None: fled) and the strength's bounds."""

    range: int | None
    low: int
    high: int
    note: str | None = None


def fights_of(s: FilledSheet, pack: PackCards) -> list[Fight]:
    """Each of the three fights: its range, and the party's strength as exactly as the sheet says."""
    sd = pack.sheet
    ability = pack.abilities.get(s.ability) if isinstance(s.ability, str) else None
    out = []
    for i, (fight, mid) in enumerate(zip(s.fights, monsters_of(s, pack), strict=True)):
        monster = pack.monsters[mid]
        if not fight.visited or fight.fled:
            out.append(Fight(None, 0, 0))
            continue
        if fight.range is not None and fight.strength is None:
            r = monster.ranges[fight.range - 1]
            out.append(Fight(fight.range, r.min, INF if r.max is None else r.max))
            continue
        if fight.strength is not None:
            strength = fight.strength
        else:
            assert fight.levels is not None
            bonus = fight.bonus
            if fight.levels["warrior"] >= 4:
                bonus += sd.strength_bonus.get("warrior-level-4", 0)
            if ability is not None and ability.rule == "berserker":
                bonus += ability.bonus
            strength = party_strength(fight.levels, monster.weakness, bonus)
        rng = range_for(monster, strength)
        if fight.range is not None and rng != fight.range:  # both written: they must agree
            where = f"range {rng}" if rng else f"below range 1 ({monster.ranges[0].min})"
            raise SheetError(
                ("fights", i, "strength"),
                f"monster {i + 1}: strength {strength} is {where} of {mid}, "
                f"but range {fight.range} is marked",
            )
        if rng is None:
            note = (
                f"monster {i + 1}: strength {strength} is below {monster.ranges[0].min}, "
                "so the party fled"
            )
            out.append(Fight(None, 0, 0, note))
        else:
            out.append(Fight(rng, strength, strength))
    return out


def strongest_attacks(table: list[FilledSheet], pack: PackCards) -> list[list[str | None]]:
    """Who made the strongest attack on each monster, decided across the sheets of one table.

    The rule (Boj): the player who attacked with the greatest strength gets the card's reward, on a
    tie nobody. Returns, per sheet, per monster: "yes" (the reward is theirs), "no", or a note-worthy
    "provisional" (a sheet scored alone keeps its own mark).
    """
    fights = [fights_of(s, pack) for s in table]
    out: list[list[str | None]] = [[None, None, None] for _ in table]
    for m in range(3):
        if len(table) == 1:
            out[0][m] = "provisional" if table[0].fights[m].strongest else "no"
            continue
        fought = [i for i in range(len(table)) if fights[i][m].range is not None]
        for i in range(len(table)):
            out[i][m] = "no"
        if not fought:
            continue
        top = max(fights[i][m].low for i in fought)
        # a sheet is surely the strongest when its least strength beats every other's greatest
        sure = [
            i for i in fought if all(fights[i][m].low > fights[j][m].high for j in fought if j != i)
        ]
        if sure:
            out[sure[0]][m] = "yes"
            continue
        # who may have been the strongest: those whose greatest strength reaches the others' least
        may = [i for i in fought if fights[i][m].high >= top]
        if all(fights[i][m].low == fights[i][m].high for i in may):
            continue  # exact strengths, shared by two or more: a tie, nobody gets it
        marked = [i for i in may if table[i].fights[m].strongest]
        if len(marked) == 1:
            out[marked[0]][m] = "marked"
        else:
            for i in may:
                out[i][m] = "unclear"
    return out


def _names(cards: dict) -> dict[str, str]:
    """Each card's name in every language (case and spacing aside) -> its id."""
    out: dict[str, str] = {}
    for cid, card in cards.items():
        for name in card.name.values.values():
            out.setdefault(" ".join(name.split()).casefold(), cid)
    return out


def _known(cards: dict) -> list[str]:
    """What a sheet may name a card by: its id, or its name in any language."""
    return [*cards, *(n for c in cards.values() for n in c.name.values.values())]


def card_ids(s: FilledSheet, pack: PackCards) -> FilledSheet:
    """The sheet with its cards named by their ids where a player wrote a card's name instead
    ("Průzkumník" or "scout"), in either language and any case."""

    def one(ref: object, cards: dict, names: dict[str, str]) -> object:
        if not isinstance(ref, str) or ref in cards:
            return ref
        return names.get(" ".join(ref.split()).casefold(), ref)

    abilities, goals, quests = _names(pack.abilities), _names(pack.goals), _names(pack.quests)
    update: dict = {}
    ability = one(s.ability, pack.abilities, abilities)
    if ability != s.ability:
        update["ability"] = ability
    named_goals = [one(g, pack.goals, goals) for g in s.goals]
    if named_goals != s.goals:
        update["goals"] = named_goals
    named_quests = [
        q.model_copy(update={"id": one(q.id, pack.quests, quests)})
        if isinstance(q, QuestRecord)
        else one(q, pack.quests, quests)
        for q in s.quests
    ]
    if named_quests != s.quests:
        update["quests"] = named_quests
    return s.model_copy(update=update) if update else s


def score_table(table: list[FilledSheet], pack: PackCards) -> list[Score]:
    """Score the sheets of one table together: the strongest attacks are decided between them.

    Two sheets of the same player are refused (a SheetError with `sheet` set to the second's index).
    """
    seen: dict[str, int] = {}
    for i, s in enumerate(table):
        key = s.player.strip().casefold()
        if key in seen:
            raise SheetError(
                ("player",),
                f"player {s.player!r} has two sheets in one game (sheet {seen[key] + 1} and "
                f"{i + 1}); each player fills one sheet",
                sheet=i,
            )
        seen[key] = i
    table = [card_ids(s, pack) for s in table]
    decided = strongest_attacks(table, pack)
    out = []
    for i, s in enumerate(table):
        try:
            out.append(score_sheet(s, pack, decided[i]))
        except SheetError as e:
            e.sheet = i
            raise
    return out


def _circled(value: int, bounds: list[int], path: tuple, what: str) -> int:
    lo, hi = bounds
    if not lo <= value <= hi:
        raise SheetError(
            path, f"{what} glory {value} is not on the sheet, whose circles run {lo}…{hi}"
        )
    return value


def score_sheet(
    s: FilledSheet, pack: PackCards, strongest: list[str | None] | None = None
) -> Score:
    """All 12 scoring categories of a filled Papírové doupě sheet, by the pack's point tables.

    `strongest` is what `strongest_attacks` decided for this sheet; without it the sheet is taken
    as scored alone (its strongest-attack marks are provisional).
    """
    sd, table = pack.sheet, pack.sheet.scoring
    s = card_ids(s, pack)
    monster_ids = monsters_of(s, pack)
    missing = missing_lines(s, COUNTED_LINES)  # before the copy below marks items as given
    if "items" not in s.model_fields_set:
        s = s.model_copy(update={"items": [0] * len(sd.items)})
    if len(s.items) != len(sd.items):
        raise SheetError(
            ("items",),
            f"{len(s.items)} items, but the sheet prints exactly {len(sd.items)}: "
            "give the halves of every one (0, 1 or 2)",
        )
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
    if len(s.goals) > 1:
        raise SheetError(
            ("goals",),
            f"{len(s.goals)} goals met, but each player keeps one goal card (setup, step 5)",
        )
    solo = s.mode == "solo"
    if strongest is None:
        strongest = ["provisional" if f.strongest else "no" for f in s.fights]
    notes: list[str] = []
    if missing:
        notes.append(missing)
    cats: dict[str, int] = {}
    fights = fights_of(s, pack)
    fought = 0  # fights not fled
    for i, (fight, mid, got) in enumerate(zip(s.fights, monster_ids, fights, strict=True)):
        monster = pack.monsters[mid]
        path = ("fights", i)
        glory = monster.flee
        if got.note:
            notes.append(got.note)
        if fight.strongest and got.range is None:
            raise SheetError(
                (*path, "strongest"), "a party that fled cannot make the strongest attack"
            )
        if fight.strongest and solo:
            raise SheetError((*path, "strongest"), "the solo game has no strongest-attack reward")
        if got.range is not None:
            fought += 1
            glory = monster.ranges[got.range - 1].glory
            decided = strongest[i]
            reward = monster.reward.amount if monster.reward.kind == "glory" else 0
            where = f"monster {i + 1}: strongest attack"
            if decided == "yes":
                glory += reward
                if not fight.strongest:
                    notes.append(f"{where}: the reward is this sheet's, though it was not marked")
            elif decided == "provisional":
                glory += reward
                notes.append(
                    f"{where} taken from the sheet: provisional, since no other sheet of the "
                    "table was scored with it"
                )
            elif decided == "marked":
                glory += reward
                notes.append(f"{where} taken from the mark: the ranges alone cannot tell")
            elif decided == "unclear" and fight.strongest:
                notes.append(
                    f"{where} not scored: the table's ranges cannot tell who was strongest "
                    "(give strength instead of range)"
                )
            elif fight.strongest:
                notes.append(
                    f"{where} not scored: another sheet of the table attacked as strongly "
                    "or more strongly (on a tie nobody gets the reward)"
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
    health = sum(levels.values())
    resurrected = s.resurrection
    if not resurrected and s.wounds > health:
        # health only grows, so wounds above the final health were above it when they were taken
        resurrected = True
        notes.append(
            f"resurrection {table.resurrection:+d} scored: {s.wounds} wounds exceed the final "
            f"health {health}, so the party died once (the sheet did not mark it)"
        )
    cats["resurrection"] = table.resurrection if resurrected else 0
    if s.ability is None:
        cats["ability"] = 0
    elif isinstance(s.ability, int) and not isinstance(s.ability, bool):
        cats["ability"] = _circled(s.ability, sd.circles.ability, ("ability",), "ability")
    else:
        cats["ability"] = _card_glory(s.ability, pack.abilities, ("ability",), "ability")
        end = pack.abilities[s.ability].end
        if end is not None:
            cats["ability"] += end.points(_end_count(s, end.count, fought))
    goal_glory = 0
    for i, g in enumerate(s.goals):
        if isinstance(g, int) and not isinstance(g, bool):
            goal_glory += _circled(g, sd.circles.goal, ("goals", i), "goal")
            notes.append(f"goal ({g:+d}) taken on trust: a circled glory names no card to check")
            continue
        glory = _card_glory(g, pack.goals, ("goals", i), "goal")
        from generator.games.papirove_doupe.goal_checks import CHECKS

        check = CHECKS.get(str(g))
        if check is None:
            goal_glory += glory
            notes.append(f"goal {g} taken on trust: the sheet cannot show its objective")
            continue
        unmet = check(s, pack, [f.range for f in fights])
        if unmet is None:
            goal_glory += glory
        else:
            notes.append(f"goal {g} not scored: its objective is not met ({unmet})")
    cats["goals"] = goal_glory
    quest_glory = 0
    rounds = sd.rounds
    for i, q in enumerate(s.quests):
        path = ("quests", i)
        qid = q.id if isinstance(q, QuestRecord) else q
        rnd = q.round if isinstance(q, QuestRecord) else None
        if isinstance(qid, int) and not isinstance(qid, bool):
            quest_glory += _circled(qid, sd.circles.quest, path, "quest")
            continue
        if qid not in pack.quests:
            where = (*path, "id") if isinstance(q, QuestRecord) else path
            raise SheetError(
                where, f"no quest card {qid!r}{nearest(str(qid), _known(pack.quests))}"
            )
        quest = pack.quests[qid]
        if solo:
            if rnd is None or not 1 <= rnd <= rounds:
                got = "none given" if rnd is None else f"got {rnd}"
                raise SheetError(
                    (*path, "round") if isinstance(q, QuestRecord) else path,
                    f"a solo quest is scored by the round it was met: 1–{rounds} ({got}); "
                    f"write {{id: {qid}, round: N}}",
                )
            quest_glory += quest.solo[rnd - 1]
        else:
            quest_glory += quest.glory
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


def campaign_so_far(letters: list[str], campaigns: list[Campaign]) -> tuple[str, list[str]] | None:
    """(campaign id, the cards still missing) of the one campaign that holds every card played."""
    got = set(letters)
    for c in campaigns:
        if got < set(c.cards):
            return c.id, [card for card in c.cards if card not in got]
    return None


def running_totals(totals: list[int]) -> list[int]:
    """The campaign's total after each dungeon, in the order they were played."""
    out, acc = [], 0
    for t in totals:
        acc += t
        out.append(acc)
    return out
