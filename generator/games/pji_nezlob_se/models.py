"""PJi, nezlob se content: parties (a colour and a race each), figure types with their stats,
spells, mana, and the texts of the board, standees, stats cards and mana trackers."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from generator.content.models import LText, Model
from generator.resources import assets_dir

RaceId = Literal["humans", "elves", "hobbits", "dwarves"]
FigureId = Literal["warrior", "wizard", "thief", "ranger"]
StatId = Literal["combat", "agility", "magic"]
Pattern = Literal["stripes", "dots", "bars", "grid"]
STATS: tuple[str, ...] = ("combat", "agility", "magic")

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def _hex(value: str) -> str:
    if not _HEX.match(value):
        raise ValueError(f"expected a colour like '#b83227', got {value!r}")
    return value.lower()


def _icon(value: str) -> str:
    if not _ID.match(value) or not (assets_dir() / "icons" / f"{value}.svg").is_file():
        raise ValueError(f"no icon {value!r} in assets/icons")
    return value


def _ident(value: str) -> str:
    if not _ID.match(value):
        raise ValueError(f"expected an id of a-z, 0-9 and '-', got {value!r}")
    return value


HexColor = Annotated[str, AfterValidator(_hex)]
IconName = Annotated[str, AfterValidator(_icon)]
Ident = Annotated[str, AfterValidator(_ident)]


class Stats(Model):
    """Combat (knocking off), Agility (stealing moves) and Magic (casting): added to 1d6."""

    combat: int = Field(ge=0, le=6)
    agility: int = Field(ge=0, le=6)
    magic: int = Field(ge=0, le=6)

    def get(self, stat: str) -> int:
        """The value of one stat by its id."""
        return getattr(self, stat)


class StatNames(Model):
    """What the three stats are called, and what each is rolled for."""

    combat: LText
    agility: LText
    magic: LText
    combat_use: LText
    agility_use: LText
    magic_use: LText


class FigureType(Model):
    """A warrior, wizard, thief or ranger: its icon, stats and special ability."""

    id: FigureId
    name: LText
    icon: IconName
    stats: Stats
    ability: LText


class Race(Model):
    """A people: its icon, its speciality figure and the race rules of both systems."""

    id: RaceId
    name: LText
    icon: IconName
    speciality: FigureId
    stat: StatId | None = None  # the speciality's stat raised in the extended system
    bonus: int = Field(default=1, ge=0, le=3)
    mana: int = Field(default=0, ge=0, le=3)  # extra mana of this race's wizard
    basic: LText  # the race rule of the normal system
    extended: LText  # the race rule of the extended system


class Party(Model):
    """One player's colour: a race, an ink and a greyscale pattern."""

    id: Ident
    name: LText
    race: RaceId
    color: HexColor
    pattern: Pattern


class Spell(Model):
    """A wizard's spell and its cost in mana."""

    id: Ident
    name: LText
    cost: int = Field(ge=0, le=9)
    text: LText
    optional: bool = False


class Mana(Model):
    """Starting mana: `dice`d6 + `plus`."""

    dice: int = Field(default=1, ge=1, le=3)
    plus: int = Field(default=2, ge=0, le=9)


class BoardSpec(Model):
    """How many fields the battlements ring has (a multiple of the number of parties)."""

    fields: int = Field(default=40, ge=32, le=44)
    courtyard: int = Field(default=4, ge=4, le=4)


def _unique(items: list, what: str) -> None:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise ValueError(f"{what} {item.id!r} is listed twice")
        seen.add(item.id)


class Game(Model):
    """Everything the PJi printables share: parties, races, figure types, stats and spells."""

    stats: StatNames
    figures: list[FigureType] = Field(min_length=4, max_length=4)
    races: list[Race] = Field(min_length=4, max_length=4)
    parties: list[Party] = Field(min_length=2, max_length=4)
    spells: list[Spell] = Field(min_length=1)
    mana: Mana = Mana()
    board: BoardSpec = BoardSpec()

    @model_validator(mode="after")
    def _check(self) -> Game:
        _unique(self.figures, "figure")
        _unique(self.races, "race")
        _unique(self.parties, "party")
        _unique(self.spells, "spell")
        for what, values in (
            ("race", [p.race for p in self.parties]),
            ("pattern", [p.pattern for p in self.parties]),
            ("colour", [p.color for p in self.parties]),
        ):
            if len(set(values)) != len(values):
                raise ValueError(f"two parties share a {what}; each needs its own")
        if self.board.fields % len(self.parties):
            raise ValueError(
                f"board.fields ({self.board.fields}) must divide evenly among "
                f"{len(self.parties)} parties"
            )
        return self

    def figure(self, fid: str) -> FigureType:
        """The figure type `fid`."""
        return next(f for f in self.figures if f.id == fid)

    def race(self, rid: str) -> Race:
        """The race `rid`."""
        return next(r for r in self.races if r.id == rid)

    def effective(self, rid: str, fid: str) -> Stats:
        """A figure's stats with its race's bonus applied (extended system)."""
        base = self.figure(fid).stats
        race = self.race(rid)
        if race.speciality != fid or race.stat is None:
            return base
        return base.model_copy(update={race.stat: base.get(race.stat) + race.bonus})

    def starting_mana(self, rid: str) -> tuple[int, int]:
        """The smallest and largest starting mana of a race's wizard."""
        extra = self.race(rid).mana
        return self.mana.dice + self.mana.plus + extra, 6 * self.mana.dice + self.mana.plus + extra


class BoardText(Model):
    """Words printed on the board."""

    title: LText
    subtitle: LText
    name: LText  # shown in the tile labels
    tower: LText
    courtyard: LText
    battlements: LText
    camp: LText
    start: LText
    start_note: LText  # what the start field is for, in the legend
    gate: LText
    direction: LText
    entry: LText
    legend: LText


class FiguresText(Model):
    """Words on the standee sheet."""

    title: LText
    subtitle: LText
    how: LText  # how to cut, fold and glue
    cut: LText
    fold: LText


class OddsText(Model):
    """Words of the contest odds table."""

    title: LText
    difference: LText
    single: LText
    duel: LText
    note: LText


class StatsText(Model):
    """Words on the stats cards."""

    title: LText
    subtitle: LText
    table: LText  # heading of the figure-type table
    figure: LText
    bonus: LText  # heading of the race bonus column
    normal: LText  # "normal system"
    extended: LText  # "extended system"
    mana: LText  # "wizard's mana"
    contest: LText
    odds: OddsText


class ManaText(Model):
    """Words on the mana trackers."""

    title: LText
    subtitle: LText
    how: LText  # may show the starting mana as {start}
    tracker: LText  # under the party's name: "wizard's mana"
    spells: LText
    race_bonus: LText
    units: LText  # the word for mana after 1, 2-4 and 5+: "mag|magy|magů"
    optional: LText  # after a spell of an optional rule


class PjiOdds(Model):
    """The PJi, nezlob se contest odds page: the bonus differences shown."""

    differences: list[int] = Field(min_length=2, max_length=2)  # [from, to]
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _range(self) -> PjiOdds:
        a, b = self.differences
        if not -6 <= a < b <= 6:
            raise ValueError(f"differences: [from, to] within -6..6, got {[a, b]}")
        return self


SCHEMAS = {
    "pji-nezlob-se/contest-odds": PjiOdds,
    "pji-nezlob-se/game": Game,
    "pji-nezlob-se/board": BoardText,
    "pji-nezlob-se/figures": FiguresText,
    "pji-nezlob-se/stats": StatsText,
    "pji-nezlob-se/mana": ManaText,
}
