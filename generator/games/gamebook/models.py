"""Typed content of the gamebook pack: journal, combat tables, army sheet and fight odds."""

from __future__ import annotations

import itertools
from typing import Literal

from pydantic import Field, model_validator

from generator.content.models import LText, Model

TableName = Literal["I", "II", "III"]
TABLE_NAMES: tuple[TableName, ...] = ("I", "II", "III")
AbilityId = Literal["swimming", "climbing", "healing", "unarmed", "spellcasting", "combo"]
ABILITY_IDS: tuple[str, ...] = (
    "swimming",
    "climbing",
    "healing",
    "unarmed",
    "spellcasting",
    "combo",
)
Profession = Literal["warrior", "wizard", "alchemist"]
PROFESSIONS: tuple[str, ...] = ("warrior", "wizard", "alchemist")
OnceADayId = Literal["open-lock", "teleport", "healing-potion", "bomb", "acid", "antidote"]
ONCE_A_DAY: tuple[str, ...] = (
    "open-lock",
    "teleport",
    "healing-potion",
    "bomb",
    "acid",
    "antidote",
)
OrderLetter = Literal["A", "B", "C", "D", "E"]
ORDERS: tuple[str, ...] = ("A", "B", "C", "D", "E")


def _increasing(values: list[int], what: str) -> None:
    if any(b <= a for a, b in itertools.pairwise(values)):
        raise ValueError(f"{what} must increase, got {values}")


class TableParams(Model):
    """How hard one combat table hits: the formula's factor, and the least damage of a hit."""

    power: float = Field(gt=0, le=50)
    floor: int = Field(default=0, ge=0, le=20)


class SpellParams(Model):
    """The light-spell columns of table II: spell-power bands and the formula's factor."""

    bands: list[int] = Field(min_length=1, max_length=6)  # lower edges, e.g. [1, 10, 20]
    top: int = Field(ge=1, le=200)  # the upper edge of the last band, e.g. 29
    power: float = Field(gt=0, le=50)

    @model_validator(mode="after")
    def _bands(self) -> SpellParams:
        _increasing(self.bands, "spells.bands")
        if self.bands[0] < 1:
            raise ValueError("spells.bands must start at 1 or more")
        if self.top < self.bands[-1]:
            raise ValueError(f"spells.top {self.top} is below the last band {self.bands[-1]}")
        return self


class CombatTables(Model):
    """The parameters from which papirna computes the cells of combat tables I, II and III."""

    bands: list[int] = Field(min_length=2, max_length=20)  # lower edges; the last band is open
    open_factor: float = Field(ge=1, le=5)
    growth: float = Field(gt=0, le=2)
    offset: float = Field(ge=0, le=20)
    tables: dict[TableName, TableParams]
    spells: SpellParams
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> CombatTables:
        _increasing(self.bands, "bands")
        if self.bands[0] != 1:
            raise ValueError(
                f"bands must start at 1 (attack strength 0 never wounds), got {self.bands[0]}"
            )
        missing = [t for t in TABLE_NAMES if t not in self.tables]
        if missing:
            raise ValueError(f"tables: missing {', '.join(missing)}")
        one, two, three = (self.tables[t] for t in TABLE_NAMES)
        if not one.power > two.power > three.power:
            raise ValueError("tables: power must fall from I to II to III (I hits hardest)")
        if not one.floor >= two.floor >= three.floor:
            raise ValueError("tables: floor must not rise from I to II to III")
        return self


class JournalAbility(Model):
    """A special ability in the journal: its name and, when it has skill levels, what all
    levels share (`note`, printed under the name) and a short line for each."""

    id: AbilityId
    name: LText
    note: LText | None = None
    levels: list[LText] = Field(default_factory=list)

    @model_validator(mode="after")
    def _levels(self) -> JournalAbility:
        if len(self.levels) not in (0, 3):
            raise ValueError(f"an ability has no skill levels or three, got {len(self.levels)}")
        return self


class OnceADay(Model):
    """A friend's once-a-day ability: the profession that has it and its name."""

    id: OnceADayId
    profession: Literal["wizard", "alchemist"]
    name: LText


class JournalData(Model):
    """What the character journal prints besides the rules' own numbers."""

    backpack: int = Field(ge=4, le=24)  # backpack slots
    ladder: int = Field(default=10, ge=4, le=14)  # levels shown in the threshold ladder
    friends: int = Field(default=2, ge=1, le=3)
    abilities: list[JournalAbility]
    professions: dict[Profession, LText]
    once_a_day: list[OnceADay]
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _complete(self) -> JournalData:
        ids = [a.id for a in self.abilities]
        if sorted(ids) != sorted(ABILITY_IDS):
            raise ValueError(f"abilities: expected each of {', '.join(ABILITY_IDS)} once")
        missing = [p for p in PROFESSIONS if p not in self.professions]
        if missing:
            raise ValueError(f"professions: missing {', '.join(missing)}")
        once = [o.id for o in self.once_a_day]
        if sorted(once) != sorted(ONCE_A_DAY):
            raise ValueError(f"once_a_day: expected each of {', '.join(ONCE_A_DAY)} once")
        return self


class ArmyOrder(Model):
    """One of the five army orders A–E: its name and a short hint."""

    letter: OrderLetter
    name: LText
    hint: LText


class ArmySheet(Model):
    """The army battle sheet: orders, the order-against-order modifiers, and its texts."""

    orders: list[ArmyOrder]
    modifiers: dict[OrderLetter, list[int]]  # your order -> modifier against enemy orders A..E
    units: int = Field(default=6, ge=1, le=12)
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _complete(self) -> ArmySheet:
        if [o.letter for o in self.orders] != list(ORDERS):
            raise ValueError("orders: give A, B, C, D and E in this order")
        for letter in ORDERS:
            row = self.modifiers.get(letter)
            if row is None:
                raise ValueError(f"modifiers: missing the row of order {letter}")
            if len(row) != len(ORDERS) or any(not -3 <= v <= 3 for v in row):
                raise ValueError(f"modifiers.{letter}: five numbers from -3 to 3, got {row}")
        return self


class FightSide(Model):
    """One side of a charted fight: combat strength, armour value and table."""

    strength: int = Field(ge=1, le=200)
    armour_value: int = Field(ge=0, le=50)
    table: TableName = "II"


class ChartLine(Model):
    """One line of a fight-odds chart: the enemy's armour value and table, and what changes on
    your side (your table, the initiative) against the chart's setup."""

    armour_value: int = Field(ge=0, le=50)
    table: TableName = "II"
    you_table: TableName | None = None
    initiative: Literal["you", "enemy", "roll"] | None = None
    label: LText


class FightChart(Model):
    """A chart of win probability against enemy strength, for one of your setups."""

    title: LText
    you: FightSide
    initiative: Literal["you", "enemy", "roll"] = "you"
    enemy_strength: list[int] = Field(min_length=2, max_length=2)  # [from, to]
    lines: list[ChartLine] = Field(min_length=1, max_length=5)

    @model_validator(mode="after")
    def _range(self) -> FightChart:
        lo, hi = self.enemy_strength
        if not 1 <= lo < hi <= 200:
            raise ValueError(
                f"enemy_strength: [from, to] with 1 <= from < to <= 200, got {[lo, hi]}"
            )
        return self


class FightOddsPage(Model):
    """The gamebook's printed fight odds: charts of typical fights."""

    charts: list[FightChart] = Field(min_length=1, max_length=4)
    text: dict[str, LText] = Field(default_factory=dict)


SCHEMAS = {
    "gamebook/combat-tables": CombatTables,
    "gamebook/journal": JournalData,
    "gamebook/army": ArmySheet,
    "gamebook/fight-odds": FightOddsPage,
}
