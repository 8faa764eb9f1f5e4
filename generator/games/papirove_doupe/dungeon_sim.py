"""Papírové doupě played solo by a heuristic bot, to rate dungeon cards by the glory they give.

The rules are the rulebook's (rules/000_…): every round six dice are rolled (again while three or
more skulls or three clovers show), each skull wounds (not once the cleric reaches level 4),
then three actions use three different dice: raise an adventurer (die symbol and the colour of
its training method; colour ignored once the wizard reaches level 4; a clover is any die but
the three boots), make an item half (the first four items need their symbol), brew two potions
(bonuses after the 4th, 8th and 12th), or move up to two rooms (three with the three boots).
Rooms are entered from an open entrance; walls and water stop a party unless it made the
Ethereal Cloak (walls) or the Tide Amulet (water); teleports A2↔F2, A4↔F4 cost no move. Entering
a room springs its trap (1 wound, every time), fights its minion once (wounds: the missing
levels), then takes its treasure once. After rounds 3, 6 and 8 the party fights monster ①②③ if
it has visited its room and is strong enough, else flees. Wounds fill the potions' boxes first
(two per potion); once wounds exceed health (the sum of levels) the party is resurrected once
(−9). Solo: no reward for the strongest attack, and vanishing gems (a monster beaten crosses out
the gems with the letters on its card).

Left out, because they do not depend on the dungeon card and would only shift every card's
glory alike: quest cards, ability cards and the goal's glory. The goal card still sets the
training methods: each game draws one of the pack's goal cards.

Everything is a pure function of its arguments and the injected `random.Random`: one seed, one
game. `Table` is a card prepared once (int rooms, distances); `play` plays one game with a
chooser (the bot, or a script in tests) and returns the final `Sheet`.
"""

from __future__ import annotations

import heapq
import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, NamedTuple

from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe.models import (
    ADVENTURERS,
    DiceSet,
    DungeonCard,
    Goal,
    Monster,
    Plan,
    SheetData,
)

NROOMS = gen.NROOMS
NCOLS = gen.NCOLS
OUTSIDE = -1  # the party's room before it enters the dungeon
WARRIOR, WIZARD, CLERIC, THIEF = range(4)
ADV_INDEX = {a: i for i, a in enumerate(ADVENTURERS)}

# die faces as ints: 0-3 adventurer white, 4-7 adventurer black, then these
SKULL, CLOVER, BOOTS = 8, 9, 10
_FACE = {"skull": SKULL, "clover": CLOVER, "boots": BOOTS}

# treasure kinds as ints
T_NONE, T_GEM, T_POTION, T_POTIONS, T_LEVEL, T_HALF = range(6)
_TREASURE = {"gem": T_GEM, "potion": T_POTION, "potions": T_POTIONS, "level": T_LEVEL}
_TREASURE["item-half"] = T_HALF

# actions
LEVEL, ITEM, POTION, MOVE = range(4)


def face_code(symbol: str, color: str | None = None) -> int:
    """A die face as an int: adventurer 0-3 (+4 when black), skull, clover or boots."""
    if symbol in ADV_INDEX:
        return ADV_INDEX[symbol] + (4 if color == "black" else 0)
    return _FACE[symbol]


class Action(NamedTuple):
    """One action: which die (its index in the roll), what, and its target.

    LEVEL: `arg` is the adventurer (0-3); ITEM: the item (0-7); POTION: unused; MOVE: `rooms`
    are the rooms entered, in order (up to 2, or 3 with the three boots).
    """

    die: int
    kind: int
    arg: int = 0
    rooms: tuple[int, ...] = ()


# ----------------------------------------------------------------------------------- the rules


@dataclass(frozen=True, slots=True)
class Rules:
    """The pack's fixed data as ints: dice, sheet tables, items, goals' training methods."""

    dice: tuple[tuple[int, ...], ...]  # die index -> its six faces
    dice_numbers: tuple[int, ...]  # die index -> the number written on the sheet
    item_symbol: tuple[int, ...]  # item -> adventurer it needs on the die (-1: any)
    item_glory: tuple[int, ...]  # item -> glory once made
    item_strength: tuple[int, ...]  # item -> strength against monsters once made
    item_effect: tuple[str, ...]  # item id (effects below are keyed by id)
    potion_bonus: tuple[tuple[int, str, int], ...]  # (after, kind, amount)
    lowest: tuple[int, ...]  # glory for the lowest adventurer at level 1..6
    level6: tuple[int, ...]  # adventurer -> glory at level 6
    item_half: int
    gem: int
    minion: int
    wound: int
    resurrection: int
    warrior4: int  # strength bonus from a level-4 warrior
    wound_track: int
    potion_track: int
    gem_track: int
    minion_track: int
    rounds: int
    actions: int
    monster_rounds: tuple[int, ...]
    trainings: tuple[tuple[int, int, int, int], ...]  # goal -> 0 white / 4 black per adventurer


def make_rules(dice: DiceSet, sheet: SheetData, goals: Iterable[Goal]) -> Rules:
    """Prepare the pack's dice, sheet and goal cards for play."""
    items = sheet.items
    sc = sheet.scoring
    return Rules(
        dice=tuple(tuple(face_code(f.symbol, f.color) for f in d.faces) for d in dice.dice),
        dice_numbers=tuple(d.number for d in dice.dice),
        item_symbol=tuple(ADV_INDEX[i.symbol] if i.symbol else -1 for i in items),
        item_glory=tuple(i.glory for i in items),
        item_strength=tuple(i.strength for i in items),
        item_effect=tuple(i.id for i in items),
        potion_bonus=tuple((b.after, b.kind, b.amount) for b in sheet.potion_bonuses),
        lowest=tuple(sc.lowest_adventurer),
        level6=tuple(sheet.adventurers[a].level6_glory for a in ADVENTURERS),
        item_half=sc.item_half,
        gem=sc.gem,
        minion=sc.minion,
        wound=sc.wound,
        resurrection=sc.resurrection,
        warrior4=sheet.strength_bonus.get("warrior-level-4", 0),
        wound_track=sheet.wound_track,
        potion_track=sheet.potion_track,
        gem_track=sheet.gem_track,
        minion_track=sheet.minion_track,
        rounds=sheet.rounds,
        actions=sheet.actions,
        monster_rounds=tuple(sheet.monster_rounds),
        trainings=tuple(
            tuple(4 if g.training[a] == "black" else 0 for a in ADVENTURERS)  # type: ignore[misc]
            for g in goals
        )
        or ((0, 0, 0, 0),),
    )


class Foe(NamedTuple):
    """A monster as ints: weakness, ranges (min, max, glory, wounds), flee glory, gem letters."""

    id: str
    weakness: int
    ranges: tuple[tuple[int, int, int, int], ...]
    flee: int
    gems: frozenset[str]


def make_foe(m: Monster) -> Foe:
    """A monster card as ints."""
    return Foe(
        m.id,
        ADV_INDEX[m.weakness],
        tuple((r.min, 999 if r.max is None else r.max, r.glory, r.wounds) for r in m.ranges),
        m.flee,
        frozenset(m.gems),
    )


def fight_range(foe: Foe, strength: int) -> int:
    """Which range (0-2) a strength falls in, -1 below the first (the lower one between two)."""
    found = -1
    for i, (lo, hi, _, _) in enumerate(foe.ranges):
        if strength >= lo:
            found = i
            if strength <= hi:
                return i
    return found


VARIANTS = 4  # mobility: bit 0 walls passable (cloak), bit 1 water passable (amulet)


@dataclass(frozen=True, slots=True)
class Table:
    """One dungeon card on one plan, prepared for many games: rooms and features as ints."""

    card_id: str
    positions: tuple[int, int, int]
    foes: tuple[Foe, Foe, Foe]
    trap: bytes  # room -> 1
    minion: tuple[tuple[int, int], ...]  # room -> (adventurer, level); level 0: none
    treasure: tuple[int, ...]  # room -> T_*
    letter: tuple[str, ...]  # room -> gem letter ('' for none)
    entrances: tuple[int, ...]  # open entrance rooms
    # moves[v][room] -> rooms one step away (teleports folded in: a teleport costs no move)
    moves: tuple[tuple[tuple[int, ...], ...], ...]
    # the cheapest walks to monster k's room, counting 1 per room, 2 more per trap and 2 per
    # minion level: cost[v][k][room] is that count from room on, hops[v][k][room] its rooms
    cost: tuple[tuple[tuple[int, ...], ...], ...]
    hops: tuple[tuple[tuple[int, ...], ...], ...]
    enter_cost: tuple[int, ...]  # room -> 1 + 2 * (trap + minion level)


def make_table(card: DungeonCard, plan: Plan | gen.Board, monsters: dict[str, Monster]) -> Table:
    """Prepare a card for play on a plan with the pack's monsters."""
    board = plan if isinstance(plan, gen.Board) else gen.make_board(plan)
    p = board.plan
    walls, positions, _ = gen.encode(card)
    wall = bytearray(len(gen.EDGES))
    for e in walls:
        wall[e] = 1
    trap = bytearray(NROOMS)
    minion = [(0, 0)] * NROOMS
    treasure = [T_NONE] * NROOMS
    letter = [""] * NROOMS
    for name, f in p.rooms.items():
        i = gen.ROOM_INDEX[name]
        trap[i] = int(f.trap)
        if f.minion:
            minion[i] = (ADV_INDEX[f.minion.adventurer], f.minion.level)
        if f.treasure:
            treasure[i] = _TREASURE[f.treasure.kind]
            letter[i] = f.treasure.letter or ""
    moves = []
    for v in range(VARIANTS):
        table = []
        for r in range(NROOMS):
            out = set()
            for src in (r, *board.tele[r]):  # standing on a teleport is standing on both ends
                for n, e in board.adj[src]:
                    if (wall[e] and not v & 1) or (board.water[e] and not v & 2):
                        continue
                    out.add(n)
                    out.update(board.tele[n])  # stepping onto a teleport may jump at once
            out.discard(r)
            table.append(tuple(sorted(out)))
        moves.append(tuple(table))
    enter_cost = tuple(1 + 2 * (trap[r] + minion[r][1]) for r in range(NROOMS))
    walks = [[_cheapest(moves[v], enter_cost, p) for p in positions] for v in range(VARIANTS)]
    entrances = tuple(c for c in range(NCOLS) if not wall[gen.SOUTH[c]])
    return Table(
        card_id=card.id,
        positions=tuple(positions),  # type: ignore[arg-type]
        foes=tuple(make_foe(monsters[m]) for m in card.monsters),  # type: ignore[arg-type]
        trap=bytes(trap),
        minion=tuple(minion),
        treasure=tuple(treasure),
        letter=tuple(letter),
        entrances=entrances,
        moves=tuple(moves),
        cost=tuple(tuple(w[0] for w in ws) for ws in walks),
        hops=tuple(tuple(w[1] for w in ws) for ws in walks),
        enter_cost=enter_cost,
    )


def _cheapest(
    moves: Sequence[Sequence[int]], enter: Sequence[int], target: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """From every room, the cost and the rooms of the cheapest walk to `target` (999: none)."""
    cost = [999] * NROOMS
    hops = [99] * NROOMS
    cost[target] = hops[target] = 0
    heap = [(0, 0, target)]
    while heap:
        c, h, r = heapq.heappop(heap)
        if (c, h) > (cost[r], hops[r]):
            continue
        step = c + enter[r]  # walking from a neighbour into r
        for n in moves[r]:
            if (step, h + 1) < (cost[n], hops[n]):
                cost[n], hops[n] = step, h + 1
                heapq.heappush(heap, (step, h + 1, n))
    return tuple(cost), tuple(hops)


# ------------------------------------------------------------------------------------ the sheet


@dataclass(slots=True)
class Sheet:
    """Everything the player has written on the sheet so far."""

    training: tuple[int, int, int, int]
    levels: list[int] = field(default_factory=lambda: [1, 1, 1, 1])
    items: list[int] = field(default_factory=lambda: [0] * 8)  # halves made, 0-2
    potions: int = 0  # potions brewed or found
    absorbed: int = 0  # wounds their boxes took
    wounds: int = 0  # crosses on the wound track
    resurrected: bool = False
    gems: int = 0
    minions: int = 0
    room: int = OUTSIDE
    visited: list[bool] = field(default_factory=lambda: [False] * 3)
    fights: list[int] = field(default_factory=list)  # glory of each monster fight
    ranges: list[int] = field(default_factory=list)  # range fought (0-2), -1 fled
    beaten: set[int] = field(default_factory=set)  # rooms whose minion is crossed out
    taken: set[int] = field(default_factory=set)  # rooms whose treasure is circled
    crossed: set[str] = field(default_factory=set)  # gem letters crossed out (vanished)
    round: int = 0
    dice_used: list[list[int]] = field(default_factory=list)  # die numbers per round

    def health(self) -> int:
        """The health counter: the sum of the adventurers' levels."""
        return sum(self.levels)

    def snapshot(self) -> dict[str, Any]:
        """The sheet's values as plain data (for tests and traces)."""
        return {
            "levels": list(self.levels),
            "items": list(self.items),
            "potions": self.potions,
            "absorbed": self.absorbed,
            "wounds": self.wounds,
            "resurrected": self.resurrected,
            "gems": self.gems,
            "minions": self.minions,
            "room": gen.ROOMS[self.room] if self.room >= 0 else None,
            "visited": list(self.visited),
            "fights": list(self.fights),
        }


def wound(s: Sheet, rules: Rules, n: int) -> None:
    """Take n new wounds: the potions' free boxes first, then the wound track; resurrect once."""
    if n <= 0:
        return
    free = 2 * s.potions - s.absorbed
    soaked = n if n < free else max(free, 0)
    s.absorbed += soaked
    s.wounds = min(s.wounds + n - soaked, rules.wound_track)
    if not s.resurrected and s.wounds > sum(s.levels):
        s.resurrected = True


def raise_level(s: Sheet, rules: Rules, a: int) -> bool:
    """Raise adventurer a by one level (at most 6); at level 4 the thief brings a gem."""
    if s.levels[a] >= 6:
        return False
    s.levels[a] += 1
    if a == THIEF and s.levels[a] == 4:
        add_gem(s, rules)
    return True


def add_gem(s: Sheet, rules: Rules) -> None:
    """One more gem on the gem track (it has only so many boxes)."""
    if s.gems < rules.gem_track:
        s.gems += 1


def brew(s: Sheet, rules: Rules, n: int, best_level: Callable[[Sheet], int]) -> None:
    """n new potions, with the bonus of every 4th, 8th and 12th."""
    for _ in range(n):
        if s.potions >= rules.potion_track:
            return
        s.potions += 1
        for after, kind, amount in rules.potion_bonus:
            if s.potions == after:
                _bonus(s, rules, kind, amount, best_level)


def _bonus(
    s: Sheet, rules: Rules, kind: str, amount: int, best_level: Callable[[Sheet], int]
) -> None:
    for _ in range(amount):
        if kind == "level":
            raise_level(s, rules, best_level(s))
        elif kind == "gem":
            add_gem(s, rules)
        elif kind == "item-half":
            make_half(s, rules, best_item(s, rules, -2), best_level)
        elif kind == "glory":  # pragma: no cover - no such bonus on the built-in sheet
            pass


def make_half(s: Sheet, rules: Rules, item: int, best_level: Callable[[Sheet], int]) -> None:
    """Fill the next half of an item; a one-shot item acts when its second half is made."""
    if item < 0 or s.items[item] >= 2:
        return
    s.items[item] += 1
    if s.items[item] == 2:
        effect = rules.item_effect[item]
        if effect == "burglar-key":
            add_gem(s, rules)
        elif effect == "brewing-kit":
            brew(s, rules, 3, best_level)
        elif effect == "cursed-idol":
            raise_level(s, rules, best_level(s))
            raise_level(s, rules, best_level(s))


def enter(s: Sheet, t: Table, rules: Rules, room: int, best_level: Callable[[Sheet], int]) -> None:
    """Walk into a room: its trap, then its minion, then its treasure; note a monster's room."""
    if t.trap[room]:
        wound(s, rules, 1)
    a, need = t.minion[room]
    if need and room not in s.beaten:
        s.beaten.add(room)
        wound(s, rules, need - s.levels[a])
        if s.minions < rules.minion_track:
            s.minions += 1
    kind = t.treasure[room]
    if kind and room not in s.taken:
        if kind == T_GEM:
            if t.letter[room] not in s.crossed:
                s.taken.add(room)
                add_gem(s, rules)
        else:
            s.taken.add(room)
            if kind == T_POTION:
                brew(s, rules, 1, best_level)
            elif kind == T_POTIONS:
                brew(s, rules, 2, best_level)
            elif kind == T_LEVEL:
                raise_level(s, rules, best_level(s))
            else:
                make_half(s, rules, best_item(s, rules, -2), best_level)
    s.room = room
    for k in range(3):
        if t.positions[k] == room:
            s.visited[k] = True


def mobility(s: Sheet, rules: Rules) -> int:
    """Which walls the party passes: bit 0 with the cloak made, bit 1 with the amulet made."""
    v = 0
    for i, effect in enumerate(rules.item_effect):
        if s.items[i] == 2:
            if effect == "ethereal-cloak":
                v |= 1
            elif effect == "tide-amulet":
                v |= 2
    return v


def can_use(face: int, kind: int, arg: int, s: Sheet, rules: Rules, telepath: bool = False) -> bool:
    """Whether a die face allows an action (LEVEL or ITEM with its target; POTION, MOVE any)."""
    if face == SKULL:
        return False
    if kind == LEVEL:
        if face == CLOVER:
            return True
        if face == BOOTS or face & 3 != arg:
            return False
        return face & 4 == s.training[arg] or s.levels[WIZARD] >= 4 or telepath
    if kind == ITEM:
        need = rules.item_symbol[arg]
        return need < 0 or face == CLOVER or (face < SKULL and face & 3 == need)
    return True


def strength(s: Sheet, rules: Rules, foe: Foe) -> int:
    """The party's strength against a monster: levels, the weakness twice, warrior and items."""
    lv = s.levels
    st = lv[0] + lv[1] + lv[2] + lv[3] + lv[foe.weakness]
    if lv[WARRIOR] >= 4:
        st += rules.warrior4
    for i, bonus in enumerate(rules.item_strength):
        if bonus and s.items[i] == 2:
            st += bonus
    return st


def fight(s: Sheet, t: Table, rules: Rules, k: int) -> None:
    """The fight with monster k after its round: flee, or glory and wounds by the range."""
    foe = t.foes[k]
    r = fight_range(foe, strength(s, rules, foe)) if s.visited[k] else -1
    s.ranges.append(r)
    if r < 0:
        s.fights.append(foe.flee)
        return
    _, _, glory, wounds = foe.ranges[r]
    s.fights.append(glory)
    wound(s, rules, wounds)
    s.crossed |= foe.gems  # vanishing gems (solo): the beaten monster's letters are gone


def final_glory(s: Sheet, rules: Rules) -> int:
    """The final score of a sheet (without quest, goal and ability cards)."""
    lv = s.levels
    total = sum(s.fights) + rules.lowest[min(lv) - 1]
    total += sum(g for a, g in enumerate(rules.level6) if lv[a] == 6)
    total += sum(s.items) * rules.item_half
    total += sum(g for i, g in enumerate(rules.item_glory) if s.items[i] == 2)
    total += s.gems * rules.gem + s.minions * rules.minion + s.wounds * rules.wound
    return total + (rules.resurrection if s.resurrected else 0)


def glory_bounds(t: Table, rules: Rules, plan: Plan | None = None) -> tuple[int, int]:
    """The lowest and highest final glory a sheet can show for this card."""
    lo = sum(min(f.flee, *(r[2] for r in f.ranges)) for f in t.foes)
    hi = sum(max(f.flee, *(r[2] for r in f.ranges)) for f in t.foes)
    lo += min(rules.lowest) + sum(min(0, g) for g in rules.item_glory)
    lo += rules.wound_track * rules.wound + rules.resurrection
    hi += max(rules.lowest) + sum(rules.level6) + len(rules.item_glory) * 2 * rules.item_half
    hi += sum(max(0, g) for g in rules.item_glory)
    hi += rules.gem_track * rules.gem + rules.minion_track * rules.minion
    return lo, hi


def roll(rng: Random, rules: Rules) -> list[int]:
    """Roll all dice until the roll is valid (fewer than three skulls and three clovers)."""
    dice = rules.dice
    rnd = rng.random
    while True:
        faces = [d[int(rnd() * 6)] for d in dice]
        if faces.count(SKULL) < 3 and faces.count(CLOVER) < 3:
            return faces


def skull_wounds(s: Sheet, faces: Sequence[int]) -> int:
    """Wounds the skulls of a roll deal: one each, none once the cleric reaches level 4."""
    return 0 if s.levels[CLERIC] >= 4 else faces.count(SKULL)


def apply(
    s: Sheet, t: Table, rules: Rules, faces: Sequence[int], act: Action, bl: Callable[[Sheet], int]
) -> None:
    """Carry out one action (it must be allowed: see `can_use` and `check_move`)."""
    if act.kind == LEVEL:
        raise_level(s, rules, act.arg)
    elif act.kind == ITEM:
        make_half(s, rules, act.arg, bl)
    elif act.kind == POTION:
        brew(s, rules, 2, bl)
    else:
        for room in act.rooms:
            enter(s, t, rules, room, bl)


class RuleError(ValueError):
    """A chooser asked for an action the rules do not allow."""


def check_action(s: Sheet, t: Table, rules: Rules, faces: Sequence[int], act: Action) -> None:
    """Raise RuleError when an action breaks a rule (the die, its symbol, the walk)."""
    face = faces[act.die]
    if act.kind == MOVE:
        if face == SKULL:
            raise RuleError(f"die {act.die} shows a skull")
        limit = 3 if face == BOOTS else 2
        if len(act.rooms) > limit:
            raise RuleError(f"a move enters at most {limit} rooms, got {len(act.rooms)}")
        v = mobility(s, rules)
        here = s.room
        for room in act.rooms:
            ok = room in t.entrances if here == OUTSIDE else room in t.moves[v][here]
            if not ok:
                where = gen.ROOMS[here] if here >= 0 else "outside"
                raise RuleError(f"cannot move from {where} to {gen.ROOMS[room]}")
            here = room
        return
    if not can_use(face, act.kind, act.arg, s, rules):
        raise RuleError(f"die {act.die} (face {face}) does not allow action {act}")
    if act.kind == ITEM and s.items[act.arg] >= 2:
        raise RuleError(f"item {act.arg} is already made")


Chooser = Callable[[Sheet, Table, Rules, list[int]], list[Action]]


def play(
    t: Table,
    rules: Rules,
    rng: Random,
    choose: Chooser | None = None,
    dice: Callable[[int], list[int]] | None = None,
    training: int | None = None,
    check: bool = False,
    trace: Callable[[Sheet], None] | None = None,
) -> Sheet:
    """Play one solo game; the final sheet.

    `choose` picks the three actions (default: the bot); `dice(round)` gives each round's
    faces instead of rolling; `training` picks the goal card (default: drawn with `rng`);
    with `check`, every action is checked against the rules first; `trace` sees the sheet
    after every round.
    """
    choose = choose or bot
    g = training if training is not None else int(rng.random() * len(rules.trainings))
    s = Sheet(training=rules.trainings[g])
    fights = {r: k for k, r in enumerate(rules.monster_rounds)}
    bl = best_level
    for rnd in range(1, rules.rounds + 1):
        s.round = rnd
        faces = dice(rnd) if dice is not None else roll(rng, rules)
        wound(s, rules, skull_wounds(s, faces))
        acts = choose(s, t, rules, faces)
        if check and (len(acts) != rules.actions or len({a.die for a in acts}) != len(acts)):
            raise RuleError(f"round {rnd}: {rules.actions} actions on different dice")
        used = []
        for act in acts:
            if act.kind == MOVE and not act.rooms:  # the bot's walk, chosen as it goes
                points = 3 if faces[act.die] == BOOTS else 2
                act = act._replace(rooms=_walk(s, t, mobility(s, rules), points))
            if check:
                check_action(s, t, rules, faces, act)
            apply(s, t, rules, faces, act, bl)
            used.append(rules.dice_numbers[act.die])
        s.dice_used.append(used)
        if rnd in fights:
            fight(s, t, rules, fights[rnd])
        if trace is not None:
            trace(s)
    return s


# -------------------------------------------------------------------------------------- the bot
#
# The bot, greedy with a short look-ahead:
# 1. Walking. It walks to ①, then ②, then ③ (shortest walks; on a tie it steps into the room
#    with an untaken treasure and no trap or minion that would wound it), starting with the
#    entrance nearest ①. It moves only as much as it must to stand in each monster's room by
#    that monster's round (two rooms per move, counted on the shortest walk), so that it can
#    build the party first; dice nothing else needs also move it on.
# 2. Building. Every other die goes to the best of: a level for an adventurer the die allows
#    (more for the next monster's weakness, for reaching level 4, for the lowest adventurer and
#    for level 6), an item half (its glory, plus the made item's glory and strength), or two
#    potions (worth much while the free potion boxes are fewer than the wounds still to come).
#    The dice are handed out best value first, each die used once.
# 3. Found levels and item halves go where a die would do the most (`best_level`, `best_item`).

_ITEM_VALUE = {  # what a made item is worth to the bot, beyond its halves
    "flame-blade": 3.0,
    "ethereal-cloak": -0.5,
    "tide-amulet": 0.3,
    "burglar-key": 3.0,
    "brewing-kit": 1.5,
    "crown-of-glory": 4.0,
    "cursed-idol": 1.0,
    "valour-shield": 2.5,
}


def _next_foe(s: Sheet, t: Table) -> Foe:
    return t.foes[min(len(s.fights), 2)]


def level_value(s: Sheet, t: Table, a: int) -> float:
    """What one more level of adventurer a is worth to the bot now."""
    lv = s.levels[a]
    if lv >= 6:
        return -1.0
    v = 2.0
    if len(s.fights) < 3 and _next_foe(s, t).weakness == a:
        v += 1.5
    if lv == 3:
        v += (3.0, 2.0, 4.0 - 0.4 * s.round, 2.0)[a]
    if lv == min(s.levels):
        v += 1.0
    if lv == 5:
        v += 2.0
    return v


def best_level(s: Sheet) -> int:
    """The adventurer a free level goes to: the lowest, weakest first (ties: warrior first)."""
    lv = s.levels
    best, key = 0, 99
    for a in range(4):
        if lv[a] < 6 and lv[a] < key:
            best, key = a, lv[a]
    return best


def best_item(s: Sheet, rules: Rules, face: int) -> int:
    """The item a die face (or -2: any item, a found half) best makes a half of (-1: none)."""
    best, value = -1, -99.0
    for i, need in enumerate(rules.item_symbol):
        n = s.items[i]
        if n >= 2:
            continue
        if face != -2 and need >= 0 and face != CLOVER and (face >= SKULL or face & 3 != need):
            continue
        v = _ITEM_VALUE.get(rules.item_effect[i], 0.0) + rules.item_glory[i]
        v = v * (1.0 if n else 0.5) + n * 0.5
        if v > value:
            best, value = i, v
    return best


def potion_value(s: Sheet, t: Table, rules: Rules) -> float:
    """What two more potions are worth: much while wounds to come exceed the free boxes."""
    left = rules.rounds - s.round
    coming = (0 if s.levels[CLERIC] >= 4 else 0.9 * left) + 2.5 * (3 - len(s.fights)) + 1.0
    excess = coming - (2 * s.potions - s.absorbed)
    v = 0.6 * min(4.0, max(0.0, excess))
    for after, _, _ in rules.potion_bonus:
        if s.potions < after <= s.potions + 2:
            v += 1.5
    return v


def _route_left(s: Sheet, t: Table, v: int) -> list[int]:
    """Move points still needed to stand in each unvisited monster's room, in order."""
    need = []
    here = s.room
    total = 0
    for k in range(3):
        if s.visited[k] and not any(not s.visited[j] for j in range(k)):
            need.append(0)
            here = t.positions[k] if here == OUTSIDE else here
            continue
        hops = t.hops[v][k]
        if here == OUTSIDE:
            c, enter = t.cost[v][k], t.enter_cost
            e = min(t.entrances, key=lambda e: (enter[e] + c[e], hops[e], e))
            total += 1 + hops[e]
        else:
            total += hops[here]
        here = t.positions[k]
        need.append(total)
    return need


def _walk(s: Sheet, t: Table, v: int, points: int) -> tuple[int, ...]:
    """Up to `points` rooms toward the next unvisited monster (then on to the following one)."""
    rooms = []
    here = s.room
    visited = list(s.visited)
    for _ in range(points):
        k = next((j for j in range(3) if not visited[j]), -1)
        if k < 0:
            nxt = _treasure_step(s, t, v, here, rooms)
            if nxt < 0:
                break
        else:
            c, enter = t.cost[v][k], t.enter_cost
            options = t.entrances if here == OUTSIDE else t.moves[v][here]
            want = min(enter[o] + c[o] for o in options)
            if want >= 999:
                break
            nxt = -1
            score = -99
            for o in options:
                if enter[o] + c[o] == want:
                    sc = _room_score(s, t, o, rooms)
                    if sc > score:
                        nxt, score = o, sc
        rooms.append(nxt)
        here = nxt
        for j in range(3):
            if t.positions[j] == nxt:
                visited[j] = True
    return tuple(rooms)


def _room_score(s: Sheet, t: Table, room: int, walked: list[int]) -> int:
    sc = 0
    if t.treasure[room] and room not in s.taken and room not in walked:
        sc += 2
    if t.trap[room]:
        sc -= 1
    a, need = t.minion[room]
    if need and room not in s.beaten and room not in walked:
        sc += 1 - 2 * max(0, need - s.levels[a])
    return sc


def _treasure_step(s: Sheet, t: Table, v: int, here: int, walked: list[int]) -> int:
    """A neighbouring room worth stepping into after the last monster's room (-1: none)."""
    if here == OUTSIDE:
        return -1
    best, score = -1, 1
    for o in t.moves[v][here]:
        sc = _room_score(s, t, o, walked)
        if sc > score:
            best, score = o, sc
    return best


def bot(s: Sheet, t: Table, rules: Rules, faces: list[int]) -> list[Action]:
    """The heuristic bot's three actions for a roll (see the notes above)."""
    v = mobility(s, rules)
    need = _route_left(s, t, v)
    must = 0
    rnd = s.round
    for k, r in enumerate(rules.monster_rounds):
        if rnd <= r and need[k]:
            spare = rules.actions * (r - rnd)  # actions in the rounds after this one
            must = max(must, math.ceil(need[k] / 2) - spare)
    must = min(max(must, 0), rules.actions)
    dice = [i for i, f in enumerate(faces) if f != SKULL]
    # best build action of every die
    offers: list[tuple[float, int, int, int]] = []
    pv = potion_value(s, t, rules)
    for i in dice:
        f = faces[i]
        best = (pv, POTION, 0)
        if f < SKULL:
            a = f & 3
            if can_use(f, LEVEL, a, s, rules):
                lv = level_value(s, t, a)
                if lv > best[0]:
                    best = (lv, LEVEL, a)
        elif f == CLOVER:
            for a in range(4):
                lv = level_value(s, t, a)
                if lv > best[0]:
                    best = (lv, LEVEL, a)
        item = best_item(s, rules, f)
        if item >= 0:
            iv = 1.0 + _ITEM_VALUE.get(rules.item_effect[item], 0.0) * (
                1.0 if s.items[item] else 0.5
            )
            if iv > best[0]:
                best = (iv, ITEM, item)
        offers.append((best[0], i, best[1], best[2]))
    # moves go to the dice worth least for building; boots first
    worth = {o[1]: o[0] for o in offers}
    movers = sorted(dice, key=lambda i: (faces[i] != BOOTS, worth[i], i))
    move_dice = movers[:must]
    offers.sort(key=lambda o: (-o[0], o[1]))
    chosen: list[Action] = []
    levels = list(s.levels)
    halves = list(s.items)
    walk_left = any(need)
    for value, i, kind, arg in offers:
        if len(chosen) + must >= rules.actions:
            break
        if i in move_dice or (value < 1.0 and walk_left):
            continue
        if kind == LEVEL:
            if levels[arg] >= 6:
                continue
            levels[arg] += 1
        elif kind == ITEM:
            if halves[arg] >= 2:
                continue
            halves[arg] += 1
        chosen.append(Action(i, kind, arg))
    taken = {a.die for a in chosen} | set(move_dice)
    for i in movers:
        if len(move_dice) + len(chosen) >= rules.actions:
            break
        if i not in taken:
            move_dice.append(i)
    # builds first (levels help against minions on the way), then the walk
    return chosen + [Action(i, MOVE) for i in move_dice]


# ---------------------------------------------------------------------------------- many games


class Summary(NamedTuple):
    """What many games on one card gave: final glory, resurrections, the three fights."""

    card: str
    games: int
    mean: float  # mean final glory
    sd: float  # its standard deviation over the games (the spread)
    low: int  # lowest and highest final glory seen
    high: int
    resurrection: float  # share of games with a resurrection
    fights: tuple[float, float, float]  # mean glory of each monster fight (fleeing included)
    fled: tuple[float, float, float]  # share of games that fled each monster

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "card": self.card,
            "games": self.games,
            "glory_mean": round(self.mean, 3),
            "glory_sd": round(self.sd, 3),
            "glory_min": self.low,
            "glory_max": self.high,
            "resurrection_share": round(self.resurrection, 4),
            "monster_fight_mean": [round(f, 3) for f in self.fights],
            "monster_fled_share": [round(f, 4) for f in self.fled],
        }


def simulate(t: Table, rules: Rules, games: int, rng: Random) -> Summary:
    """Play `games` games of one card with the bot; their summary."""
    glory: list[int] = []
    res = 0
    fights = [0, 0, 0]
    fled = [0, 0, 0]
    for _ in range(games):
        s = play(t, rules, rng)
        glory.append(final_glory(s, rules))
        res += s.resurrected
        for k in range(3):
            fights[k] += s.fights[k]
            fled[k] += s.ranges[k] < 0
    mean = sum(glory) / games
    sd = statistics.pstdev(glory, mean) if games > 1 else 0.0
    return Summary(
        t.card_id,
        games,
        mean,
        sd,
        min(glory),
        max(glory),
        res / games,
        tuple(f / games for f in fights),  # type: ignore[arg-type]
        tuple(f / games for f in fled),  # type: ignore[arg-type]
    )


def card_rng(seed: int, card_id: str) -> Random:
    """The generator of one card's games: the same seed and card id, the same games."""
    return Random(f"papirna-dungeon-simulate/{seed}/{card_id}")
