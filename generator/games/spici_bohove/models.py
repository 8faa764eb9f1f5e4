"""Spící bohové content: the ship's log, the ship damage tracker and the turn reference."""

from __future__ import annotations

from pydantic import Field, model_validator

from generator.content.models import LText, Model
from generator.games.spici_bohove.sheets import SpiciBohoveScoring

# The final-score lines of the ship's log, in the order `papirna score spici-bohove` prints them.
SCORE_CATEGORIES: tuple[str, ...] = (
    "adventure_cards",
    "sacred_items",
    "quest_cards",
    "level_cards",
    "coins",
    "artifacts",
    "ending",
    "defeats",
    "ruthless",
)
# Form fields of the fillable log that hold a count typed by the players, by score category;
# the other categories are read from their own fields (sacred.N, ending, defeat.N, version.*).
LOG_COUNT_FIELDS: dict[str, str] = {
    "adventure_cards": "other_adventure_cards",  # adventure cards that are not sacred items
    "quest_cards": "quest_cards",
    "level_cards": "level_cards",
    "coins": "coins",
    "artifacts": "artifacts",
}
_ID = r"^[a-z][a-z0-9_]*$"


class LogText(Model):
    """Every heading, label and note the ship's log prints."""

    title: LText
    subtitle: LText
    campaign: LText
    version: LText
    normal: LText
    ruthless: LText
    crew: LText
    player: LText
    characters: LText
    crew_note: LText
    defeats: LText
    defeats_note: LText
    passes: LText
    passes_note: LText
    ending: LText
    ending_note: LText
    number: LText
    sacred: LText
    sacred_note: LText
    score: LText
    score_note: LText
    count: LText
    rule: LText
    points: LText
    total: LText
    score_hint: LText
    from_sacred: LText
    from_ending: LText
    from_defeats: LText
    from_version: LText
    journal: LText
    journal_note: LText
    evening: LText
    date: LText
    journal_pass: LText
    location: LText
    notes: LText
    more_notes: LText


class ScoreLine(Model):
    """One final-score line: its icon and the rule, with {numbers} from the scoring table."""

    icon: str
    rule: LText


class LogData(Model):
    """The ship's log: texts, how many boxes of each kind, and the final-score lines."""

    text: LogText
    crew_rows: int = Field(default=4, ge=1, le=6)
    defeat_boxes: int = Field(default=10, ge=1, le=20)
    event_passes: int = Field(default=3, ge=1, le=5)
    sacred_items: int = Field(default=50, ge=1, le=60)
    sacred_per_row: int = Field(default=10, ge=1, le=15)
    journal_rows: int = Field(default=24, ge=1, le=40)
    score: dict[str, ScoreLine]

    @model_validator(mode="after")
    def _every_category(self) -> LogData:
        missing = [c for c in SCORE_CATEGORIES if c not in self.score]
        unknown = [c for c in self.score if c not in SCORE_CATEGORIES]
        if missing:
            raise ValueError(f"score: missing {', '.join(missing)}")
        if unknown:
            raise ValueError(
                f"score: unknown category {unknown[0]!r}; expected {', '.join(SCORE_CATEGORIES)}"
            )
        return self


class ShipLocation(Model):
    """A location on the ship: the fate number that hits it, how much damage it holds, its use."""

    id: str = Field(pattern=_ID)
    name: LText
    action: LText
    fate: int = Field(ge=1, le=12)
    capacity: int = Field(ge=1, le=4)


class ShipText(Model):
    """Every heading, label and note the ship damage tracker prints."""

    title: LText
    subtitle: LText
    fate: LText
    count: LText
    count_note: LText
    defeat: LText
    damage: LText
    damage_rule: LText
    repair: LText
    repair_rule: LText
    defeat_rule: LText
    # our own rule where the rulebook is silent (a fully damaged location hit again): one boxed line
    house_rule: LText


class ShipData(Model):
    """The ship damage tracker: locations (with the hull) and the damage count that is a defeat."""

    text: ShipText
    locations: list[ShipLocation] = Field(min_length=1, max_length=8)
    defeat_at: int = Field(default=11, ge=1, le=30)

    @model_validator(mode="after")
    def _consistent(self) -> ShipData:
        for key in ("id", "fate"):
            seen = [getattr(loc, key) for loc in self.locations]
            twice = next((v for v in seen if seen.count(v) > 1), None)
            if twice is not None:
                raise ValueError(f"locations: two locations have {key} {twice!r}")
        room = sum(loc.capacity for loc in self.locations)
        if room < self.defeat_at:
            raise ValueError(
                f"defeat_at: the locations hold only {room} damage, so {self.defeat_at} "
                "damage can never be reached"
            )
        return self


class RefBlock(Model):
    """A block of the turn reference: a heading (with an icon or a step number) and its text."""

    heading: LText
    body: LText
    icon: str | None = None
    step: int | None = Field(default=None, ge=1, le=9)


class RefSide(Model):
    """One side of the turn reference panel: a title and its columns of blocks."""

    title: LText
    columns: list[list[RefBlock]] = Field(min_length=1, max_length=3)


class TurnReference(Model):
    """The turn reference panel: its sides, each printed on its own page."""

    footer: LText
    sides: list[RefSide] = Field(min_length=1, max_length=4)


SCHEMAS = {
    "spici-bohove/log": LogData,
    "spici-bohove/ship": ShipData,
    "spici-bohove/turn": TurnReference,
    "spici-bohove/scoring": SpiciBohoveScoring,
}
