"""Gamebook rules: levels from experience, journal checks, combat tables and exact fight odds."""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from generator.errors import PapirnaError
from generator.games.gamebook.models import CombatTables
from generator.games.gamebook.sheets import GamebookJournal

START_STRENGTH = 10
MAX_FOOD = 21
XP_FACTOR = 7


def threshold(level: int) -> int:
    """Total experience needed to reach `level`: 7 x (previous level + the one before it)."""
    if level <= 1:
        return 0
    return XP_FACTOR * ((level - 1) + (level - 2))


def level_for(experience: int) -> int:
    """The level a character with this much experience has reached."""
    level = 1
    while experience >= threshold(level + 1):
        level += 1
    return level


class JournalReport(NamedTuple):
    """What the journal implies and what does not add up."""

    level: int
    next_level_at: int
    base_strength: int
    problems: list[tuple[str, str]]  # (field, message)


def check_journal(j: GamebookJournal) -> JournalReport:
    """The level implied by experience, the next threshold, and every inconsistency."""
    level = level_for(j.experience)
    base = START_STRENGTH + level - 1
    problems: list[tuple[str, str]] = []
    if j.level is not None and j.level != level:
        problems.append(
            ("level", f"level {j.level} written, but {j.experience} experience means level {level}")
        )
    written_base = j.base_strength if j.base_strength is not None else base
    if j.base_strength is not None and j.base_strength != base:
        problems.append(
            (
                "base_strength",
                f"base strength {j.base_strength} written, but level {level} means {base}",
            )
        )
    if j.strength is not None and j.strength > written_base:
        problems.append(
            ("strength", f"current strength {j.strength} is above base strength {written_base}")
        )
    if j.food > MAX_FOOD:
        problems.append(("food", f"{j.food} food, but a character carries at most {MAX_FOOD}"))
    return JournalReport(level, threshold(level + 1), base, problems)


# --- combat tables -------------------------------------------------------------------------------

ROLLS = (1, 2, 3, 4, 5, 6)
TABLES: tuple[str, ...] = ("I", "II", "III")


def round_half_up(x: float) -> int:
    """x rounded to the nearest integer, halves up (2.5 -> 3), robust to float noise."""
    return math.floor(x + 0.5 + 1e-9)


def band_values(bands: Sequence[int], open_factor: float, top: int | None = None) -> list[float]:
    """The value each band stands for: its middle, or `from x open_factor` for an open last band."""
    values = []
    for i, lo in enumerate(bands):
        if i + 1 < len(bands):
            values.append((lo + bands[i + 1] - 1) / 2)
        elif top is not None:
            values.append((lo + top) / 2)
        else:
            values.append(lo * open_factor)
    return values


def formula_damage(
    power: float, floor: int, value: float, roll: int, growth: float, offset: float
) -> int:
    """One cell: max(floor, round(power x (value/10)^growth x (roll+offset)/(3.5+offset)))."""
    raw = power * (value / 10) ** growth * (roll + offset) / (3.5 + offset)
    return max(floor, round_half_up(raw))


@dataclass(frozen=True)
class Tables:
    """Computed combat tables: damage by table, attack-strength band and roll; light spells."""

    bands: tuple[int, ...]  # lower edges of the attack-strength bands; the last band is open
    cells: dict[str, tuple[tuple[int, ...], ...]]  # table -> band -> damage for rolls 1..6
    spell_bands: tuple[int, ...] = (1, 10, 20)
    spell_top: int = 29
    spell_cells: tuple[tuple[int, ...], ...] = ()  # spell band -> damage for rolls 1..6

    def band(self, attack: int) -> int | None:
        """The row of an attack strength (None for 0: no damage)."""
        if attack < self.bands[0]:
            return None
        return bisect.bisect_right(self.bands, attack) - 1

    def band_label(self, i: int) -> str:
        """A band as printed: '10–19', or '200+' for the open last one."""
        lo = self.bands[i]
        if i + 1 < len(self.bands):
            hi = self.bands[i + 1] - 1
            return str(lo) if hi == lo else f"{lo}–{hi}"
        return f"{lo}+"

    def damage(self, table: str, attack: int, roll: int) -> int:
        """The damage of an attack of this strength with this roll on this table."""
        row = self.band(attack)
        return 0 if row is None else self.cells[table][row][roll - 1]

    def spell_band(self, power: int) -> int:
        """The light-spell column of a spell power."""
        if not self.spell_bands[0] <= power <= self.spell_top:
            raise PapirnaError(
                f"spell power must be {self.spell_bands[0]}–{self.spell_top} "
                f"(the light-spell columns of table II), got {power}"
            )
        return bisect.bisect_right(self.spell_bands, power) - 1

    def spell_label(self, i: int) -> str:
        """A light-spell column as printed: '1–9'."""
        hi = self.spell_bands[i + 1] - 1 if i + 1 < len(self.spell_bands) else self.spell_top
        return f"{self.spell_bands[i]}–{hi}"

    def spell(self, power: int, roll: int) -> int:
        """The damage of a light spell of this power with this roll."""
        return self.spell_cells[self.spell_band(power)][roll - 1]


def combat_tables(p: CombatTables) -> Tables:
    """Compute every cell of tables I-III and the light-spell columns from the pack's formula."""
    values = band_values(p.bands, p.open_factor)
    cells = {
        t: tuple(
            tuple(
                formula_damage(p.tables[t].power, p.tables[t].floor, v, r, p.growth, p.offset)
                for r in ROLLS
            )
            for v in values
        )
        for t in TABLES
    }
    svalues = band_values(p.spells.bands, p.open_factor, top=p.spells.top)
    spells = tuple(
        tuple(formula_damage(p.spells.power, 0, v, r, p.growth, p.offset) for r in ROLLS)
        for v in svalues
    )
    tables = Tables(tuple(p.bands), cells, tuple(p.spells.bands), p.spells.top, spells)
    check_tables(tables)
    return tables


def check_tables(t: Tables) -> None:
    """Refuse tables that do not rise with strength and roll, or where I is not >= II >= III."""
    for name in TABLES:
        rows = t.cells[name]
        for i, row in enumerate(rows):
            if any(b < a for a, b in itertools.pairwise(row)):
                raise PapirnaError(f"table {name}, {t.band_label(i)}: damage falls with the roll")
            if i and any(b < a for a, b in zip(rows[i - 1], row, strict=True)):
                raise PapirnaError(f"table {name}, {t.band_label(i)}: damage falls with strength")
            if row[-1] < 1:
                raise PapirnaError(f"table {name}, {t.band_label(i)}: a six must wound")
    for hard, soft in (("I", "II"), ("II", "III")):
        for i, (a, b) in enumerate(zip(t.cells[hard], t.cells[soft], strict=True)):
            if any(x < y for x, y in zip(a, b, strict=True)):
                raise PapirnaError(f"{t.band_label(i)}: table {hard} hits less than {soft}")


# --- fights --------------------------------------------------------------------------------------

Initiative = Literal["you", "enemy", "roll"]
FIGHTING = ("warrior", "alchemist")


class Side(NamedTuple):
    """A fighter: combat strength, armour value and the combat table its attacks use."""

    strength: int
    armour_value: int
    table: str = "II"


class Friend(NamedTuple):
    """A friend in your group: a warrior or alchemist fights; a wizard casts a spell each round."""

    profession: str
    strength: int = 0
    armour_value: int = 0
    power: int = 0  # a wizard's spell power (a light-spell column of table II)


class Fight(NamedTuple):
    """Everything that decides a fight's odds."""

    you: Side
    enemy: Side
    initiative: Initiative = "you"
    friends: tuple[Friend, ...] = ()
    spellcasting: int = 0  # your Spellcasting skill level: a light spell with each attack
    flee_at: int | None = None  # try to flee at the start of a round when your strength <= this


class FightOdds(NamedTuple):
    """The exact outcome of a fight: probabilities, expected rounds, your strength after a win."""

    win: float
    lose: float
    escape: float
    rounds: float
    strength_if_won: float | None  # expected current strength when you win


def check_fight(fight: Fight, tables: Tables) -> None:
    """Refuse a fight that makes no sense (one line naming the value)."""
    for who, side in (("your", fight.you), ("the enemy's", fight.enemy)):
        if side.strength < 1:
            raise PapirnaError(f"{who} strength must be 1 or more, got {side.strength}")
        if side.strength > 200:
            raise PapirnaError(f"{who} strength must be at most 200, got {side.strength}")
        if not 0 <= side.armour_value <= 50:
            raise PapirnaError(f"{who} armour value must be 0–50, got {side.armour_value}")
        if side.table not in tables.cells:
            raise PapirnaError(f"{who} table must be I, II or III, got {side.table!r}")
    if fight.initiative not in ("you", "enemy", "roll"):
        raise PapirnaError(f"initiative must be you, enemy or roll, got {fight.initiative!r}")
    if len(fight.friends) > 2:
        raise PapirnaError(f"you can have at most 2 friends, got {len(fight.friends)}")
    for n, f in enumerate(fight.friends, start=1):
        if f.profession == "wizard":
            tables.spell_band(f.power)
        elif f.profession in FIGHTING:
            if not 1 <= f.strength <= 200 or not 0 <= f.armour_value <= 50:
                raise PapirnaError(
                    f"friend {n}: strength 1–200 and armour value 0–50, "
                    f"got {f.strength} and {f.armour_value}"
                )
        else:
            raise PapirnaError(
                f"friend {n}: expected warrior, alchemist or wizard, got {f.profession!r}"
            )
    if not 0 <= fight.spellcasting <= len(tables.spell_bands):
        raise PapirnaError(
            f"spellcasting level must be 0–{len(tables.spell_bands)}, got {fight.spellcasting}"
        )
    if fight.flee_at is not None and fight.flee_at < 0:
        raise PapirnaError(f"flee strength must be 0 or more, got {fight.flee_at}")
    party_can = (
        fight.you.armour_value > 0
        or fight.spellcasting > 0
        or any(f.profession == "wizard" or f.armour_value > 0 for f in fight.friends)
    )
    if not party_can and fight.enemy.armour_value == 0:
        raise PapirnaError("neither side can wound the other (both armour values are 0)")


Dist = tuple[tuple[int, float], ...]
Vec = tuple[float, float, float, float]  # win, escape, rounds, your strength x win
_ZERO: Vec = (0, 0, 0, 0)  # ints: they keep floats floats and fractions exact


def _add(a: Vec, b: Vec, p: float) -> Vec:
    return (a[0] + p * b[0], a[1] + p * b[1], a[2] + p * b[2], a[3] + p * b[3])


def _better(a: Vec, b: Vec) -> bool:
    """Whether a is a better outcome than b: more survival (win or escape), then more wins."""
    sa, sb = a[0] + a[1], b[0] + b[1]
    if sa > sb + 1e-12:
        return True
    if abs(sa - sb) > 1e-12:
        return False
    if a[0] > b[0] + 1e-12:
        return True
    # the same odds either way: the choice that leaves you stronger after a win (docs/fight.md)
    return abs(a[0] - b[0]) <= 1e-12 and a[3] > b[3] + 1e-12


def _convolve(a: dict[int, float], b: Dist) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b:
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def _rolls(values: Sequence[int], exact: bool = False) -> Dist:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    if exact:
        return tuple((v, Fraction(n, len(values))) for v, n in sorted(counts.items()))
    return tuple((v, n / len(values)) for v, n in sorted(counts.items()))


class FightSolver:
    """Exact fight odds by dynamic programming over (enemy strength, your group's strengths).

    Strengths only fall, so every state depends on smaller ones, except on itself when a whole
    round wounds nobody: that round is folded in as a geometric series. When friends fight, the
    one who takes the enemy's blow is chosen before the roll to maximise your survival (a win or
    an escape), then your wins.
    """

    def __init__(self, tables: Tables, fight: Fight, exact: bool = False) -> None:
        check_fight(fight, tables)
        self.t = tables
        self.fight = fight
        self.exact = exact  # probabilities as Fractions: exact, and slower
        self.half = Fraction(1, 2) if exact else 0.5
        self.fighters = [fight.you] + [
            Side(f.strength, f.armour_value, fight.you.table)
            for f in fight.friends
            if f.profession in FIGHTING
        ]
        spells: list[Dist] = []
        if fight.spellcasting:
            col = tables.spell_cells[fight.spellcasting - 1]
            spells.append(_rolls(col, exact))
        friend_spells: dict[int, float] = {0: 1}
        for f in fight.friends:
            if f.profession == "wizard":
                spells.append(_rolls(tables.spell_cells[tables.spell_band(f.power)], exact))
                friend_spells = _convolve(friend_spells, spells[-1])
        self.spells = spells
        # a wizard friend casts "v každém kole souboje": also in a round you flee
        self.friend_spells: Dist = tuple(sorted(friend_spells.items()))
        self.values: dict[tuple[int, ...], Vec] = {}
        self._party_cache: dict[int | None, Dist] = {}
        self._attack_cache: dict[int, Dist] = {}
        self._enemy_cache: dict[int, Dist] = {}
        self._solved_to = 0

    # distributions of damage
    def party_attack(self, members: Sequence[int]) -> int:
        """Your group's attack strength: the sum of strength x armour of its living fighters."""
        return sum(s * f.armour_value for s, f in zip(members, self.fighters, strict=True) if s > 0)

    def party_damage(self, members: Sequence[int]) -> Dist:
        """Damage your group deals in one attack, with any light spells, as (damage, p) pairs."""
        attack = self.party_attack(members)
        dist = self._attack_cache.get(attack)
        if dist is not None:
            return dist
        band = self.t.band(attack)
        dist = self._party_cache.get(band)
        if dist is None:
            table = self.fight.you.table
            base = _rolls([0] * 6 if band is None else self.t.cells[table][band], self.exact)
            acc = dict(base)
            for s in self.spells:
                acc = _convolve(acc, s)
            dist = tuple(sorted(acc.items()))
            self._party_cache[band] = dist
        self._attack_cache[attack] = dist
        return dist

    def enemy_damage(self, e: int) -> Dist:
        """Damage the enemy deals in one attack at strength e."""
        dist = self._enemy_cache.get(e)
        if dist is None:
            en = self.fight.enemy
            dist = _rolls(
                [self.t.damage(en.table, e * en.armour_value, r) for r in ROLLS], self.exact
            )
            self._enemy_cache[e] = dist
        return dist

    # values
    def _v(self, e: int, m: tuple[int, ...]) -> Vec:
        if e <= 0:
            return (1, 0, 0, m[0])
        if m[0] <= 0:
            return _ZERO
        return self.values[(e, *m)]

    @staticmethod
    def _hit(m: tuple[int, ...], c: int, d: int) -> tuple[int, ...]:
        if d == 0:
            return m
        out = list(m)
        out[c] = max(0, out[c] - d)
        return tuple(out)

    def _choices(self, m: tuple[int, ...]) -> list[int]:
        return [i for i, s in enumerate(m) if s > 0]

    def _enemy_strikes(self, e: int, m: tuple[int, ...], c: int, skip_self: bool) -> Vec:
        """The enemy (at strength e) strikes member c; the round then ends."""
        win = esc = rounds = won = 0
        values = self.values
        for d, p in self.enemy_damage(e):
            if d == 0:
                if skip_self:
                    continue
                key = (e, *m)
            else:
                left = m[c] - d
                if left <= 0 and c == 0:
                    continue  # you die: nothing won
                hit = list(m)
                hit[c] = max(0, left)
                key = (e, *hit)
            v = values[key]
            win += p * v[0]
            esc += p * v[1]
            rounds += p * v[2]
            won += p * v[3]
        return (win, esc, rounds, won)

    def _enemy_then_party(self, e: int, m: tuple[int, ...], c: int, skip_self: bool) -> Vec:
        """The enemy strikes member c first, then your group strikes back."""
        win = esc = rounds = won = 0
        for de, pe in self.enemy_damage(e):
            m2 = self._hit(m, c, de)
            if m2[0] <= 0:
                continue
            for dp, pp in self.party_damage(m2):
                if dp == 0 and de == 0 and skip_self:
                    continue
                v = self._v(e - dp, m2)
                q = pe * pp
                win += q * v[0]
                esc += q * v[1]
                rounds += q * v[2]
                won += q * v[3]
        return (win, esc, rounds, won)

    def _flee(self, e: int, m: tuple[int, ...], c: int) -> Vec:
        """You flee: the enemy strikes first; if you live, wizard friends cast; then you are away."""
        acc = _ZERO
        for d, p in self.enemy_damage(e):
            h = self._hit(m, c, d)[0]
            if h > 0:
                for w, q in self.friend_spells:
                    won = e - w <= 0  # the spells finished the enemy: a win, not an escape
                    acc = _add(acc, (1, 0, 0, h) if won else (0, 1, 0, 0), p * q)
        return acc

    def _best(self, m: tuple[int, ...], value) -> tuple[int, Vec]:
        best_c, best = -1, None
        for c in self._choices(m):
            v = value(c)
            if best is None or _better(v, best):
                best_c, best = c, v
        assert best is not None
        return best_c, best

    def flees(self, m: Sequence[int]) -> bool:
        """Whether you try to flee in a round that starts with your strength m[0]."""
        return self.fight.flee_at is not None and m[0] <= self.fight.flee_at

    def _party_first(self, e: int, m: tuple[int, ...], skip_self: bool) -> Vec:
        acc = _ZERO
        for dp, pp in self.party_damage(m):
            e2 = e - dp
            if e2 <= 0:
                acc = _add(acc, (1, 0, 0, m[0]), pp)
                continue
            skip = skip_self and dp == 0
            _, v = self._best(m, lambda c, e2=e2, skip=skip: self._enemy_strikes(e2, m, c, skip))
            acc = _add(acc, v, pp)
        return acc

    def _enemy_first(self, e: int, m: tuple[int, ...], skip_self: bool) -> Vec:
        return self._best(m, lambda c: self._enemy_then_party(e, m, c, skip_self))[1]

    def _state(self, e: int, m: tuple[int, ...]) -> Vec:
        if self.flees(m):
            v = self._best(m, lambda c: self._flee(e, m, c))[1]
            return (v[0], v[1], 1, v[3])
        p_self = self._p_zero(self.party_damage(m)) * self._p_zero(self.enemy_damage(e))
        ini = self.fight.initiative
        if ini == "you":
            acc = self._party_first(e, m, True)
        elif ini == "enemy":
            acc = self._enemy_first(e, m, True)
        else:
            a, b = self._party_first(e, m, True), self._enemy_first(e, m, True)
            h = self.half
            acc = tuple(h * x + h * y for x, y in zip(a, b, strict=True))  # type: ignore[assignment]
        keep = 1 - p_self
        if keep <= 1e-12:
            raise PapirnaError(
                f"the fight never ends: at your strength {m[0]} and the enemy's {e} "
                "neither side can wound the other"
            )
        return (acc[0] / keep, acc[1] / keep, (1 + acc[2]) / keep, acc[3] / keep)

    @staticmethod
    def _p_zero(dist: Dist) -> float:
        return sum(p for d, p in dist if d == 0)

    def solve(self, max_enemy: int | None = None) -> None:
        """Compute every state up to the enemy's strength (or `max_enemy`)."""
        top = max_enemy or self.fight.enemy.strength
        if top <= self._solved_to:
            return
        if len(self.fighters) == 1:
            self._solve_alone(top)
        else:
            ranges = [range(1, self.fight.you.strength + 1)] + [
                range(0, f.strength + 1) for f in self.fighters[1:]
            ]
            for e in range(self._solved_to + 1, top + 1):
                for m in itertools.product(*ranges):
                    self.values[(e, *m)] = self._state(e, m)
        self._solved_to = top

    def _solve_alone(self, top: int) -> None:
        """The same recurrence as `_state` for you alone (no one to choose), in plain loops."""
        values = self.values
        flee_at = -1 if self.fight.flee_at is None else self.fight.flee_at
        ini = self.fight.initiative
        w_you = 1 if ini == "you" else self.half if ini == "roll" else 0
        w_enemy = 1 - w_you
        for e in range(self._solved_to + 1, top + 1):
            ed = self.enemy_damage(e)
            pe0 = self._p_zero(ed)
            for h in range(1, self.fight.you.strength + 1):
                if h <= flee_at:
                    fled = self._flee(e, (h,), 0)
                    values[(e, h)] = (fled[0], fled[1], 1, fled[3])
                    continue
                pd = self.party_damage((h,))
                win = esc = rounds = won = 0
                if w_you:  # you strike, then the enemy (if it lives) strikes back
                    for dp, pp in pd:
                        e2 = e - dp
                        if e2 <= 0:
                            win += w_you * pp
                            won += w_you * pp * h
                            continue
                        for de, pe in self.enemy_damage(e2):
                            h2 = h - de
                            if h2 <= 0 or (dp == 0 and de == 0):
                                continue
                            q = w_you * pp * pe
                            v = values[(e2, h2)]
                            win += q * v[0]
                            esc += q * v[1]
                            rounds += q * v[2]
                            won += q * v[3]
                if w_enemy:  # the enemy strikes, then you (if you live) strike back
                    for de, pe in ed:
                        h2 = h - de
                        if h2 <= 0:
                            continue
                        for dp, pp in self.party_damage((h2,)):
                            q = w_enemy * pe * pp
                            e2 = e - dp
                            if e2 <= 0:
                                win += q
                                won += q * h2
                            elif dp or de:
                                v = values[(e2, h2)]
                                win += q * v[0]
                                esc += q * v[1]
                                rounds += q * v[2]
                                won += q * v[3]
                keep = 1 - self._p_zero(pd) * pe0
                if keep <= 1e-12:
                    raise PapirnaError(
                        f"the fight never ends: at your strength {h} and the enemy's {e} "
                        "neither side can wound the other"
                    )
                values[(e, h)] = (win / keep, esc / keep, (1 + rounds) / keep, won / keep)

    def odds(self, enemy_strength: int | None = None) -> FightOdds:
        """The fight's odds from its start (optionally against another enemy strength)."""
        e = enemy_strength or self.fight.enemy.strength
        self.solve(e)
        m = tuple(f.strength for f in self.fighters)
        win, esc, rounds, won = self.values[(e, *m)]
        if self.exact:
            return FightOdds(win, 1 - win - esc, esc, rounds, won / win if win > 0 else None)
        # the geometric series can leave float noise of a few 1e-16 beyond 0 and 1
        win, esc = min(1.0, max(0.0, float(win))), min(1.0, max(0.0, float(esc)))
        lose = max(0.0, 1.0 - win - esc)
        return FightOdds(win, lose, esc, float(rounds), float(won) / win if win > 0 else None)

    def defender(self, e: int, m: tuple[int, ...], enemy_first: bool) -> int:
        """Who takes the enemy's next blow (index into the fighters) under the solver's policy."""
        self.solve(max(e, self._solved_to))
        if self.flees(m):
            return self._best(m, lambda c: self._flee(e, m, c))[0]
        if enemy_first:
            return self._best(m, lambda c: self._enemy_then_party(e, m, c, False))[0]
        return self._best(m, lambda c: self._enemy_strikes(e, m, c, False))[0]


def fight_odds(tables: Tables, fight: Fight) -> FightOdds:
    """The exact odds of a fight (win, lose, escape, expected rounds)."""
    return FightSolver(tables, fight).odds()


class FightResult(NamedTuple):
    """How one simulated fight ended."""

    outcome: Literal["win", "lose", "escape"]
    rounds: int
    strength: int  # your strength at the end


def simulate_fight(
    tables: Tables,
    fight: Fight,
    rng: random.Random,
    solver: FightSolver | None = None,
    max_rounds: int = 10_000,
) -> FightResult:
    """Play one fight with dice, round by round as the rulebook describes."""
    check_fight(fight, tables)
    fighters = [fight.you] + [
        Side(f.strength, f.armour_value, fight.you.table)
        for f in fight.friends
        if f.profession in FIGHTING
    ]
    wizards = [f for f in fight.friends if f.profession == "wizard"]
    if len(fighters) > 1 and solver is None:
        solver = FightSolver(tables, fight)
    m = [f.strength for f in fighters]
    e = fight.enemy.strength
    en = fight.enemy

    def d6() -> int:
        return rng.randint(1, 6)

    def enemy_strikes(first: bool) -> None:
        c = 0 if solver is None else solver.defender(e, tuple(m), first)
        m[c] = max(0, m[c] - tables.damage(en.table, e * en.armour_value, d6()))

    def party_strikes() -> int:
        attack = sum(s * f.armour_value for s, f in zip(m, fighters, strict=True) if s > 0)
        dmg = tables.damage(fight.you.table, attack, d6())
        if fight.spellcasting:
            dmg += tables.spell_cells[fight.spellcasting - 1][d6() - 1]
        for w in wizards:
            dmg += tables.spell(w.power, d6())
        return dmg

    for rnd in range(1, max_rounds + 1):
        if fight.flee_at is not None and m[0] <= fight.flee_at:
            enemy_strikes(True)
            if m[0] <= 0:
                return FightResult("lose", rnd, 0)
            for w in wizards:  # wizard friends cast in every round, the flee round too
                e -= tables.spell(w.power, d6())
            return FightResult("win" if e <= 0 else "escape", rnd, m[0])
        ini = fight.initiative
        you_first = ini == "you" or (ini == "roll" and d6() >= 4)
        if you_first:
            e -= party_strikes()
            if e <= 0:
                return FightResult("win", rnd, m[0])
            enemy_strikes(False)
            if m[0] <= 0:
                return FightResult("lose", rnd, 0)
        else:
            enemy_strikes(True)
            if m[0] <= 0:
                return FightResult("lose", rnd, 0)
            e -= party_strikes()
            if e <= 0:
                return FightResult("win", rnd, m[0])
    raise PapirnaError(f"the fight did not end in {max_rounds} rounds")
