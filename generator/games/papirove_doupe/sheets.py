"""A filled Papírové doupě sheet, as `papirna score` reads it: what a player marked."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from generator.content.models import Model
from generator.games.papirove_doupe.models import ADVENTURERS, Adventurer


class FightRecord(Model):
    """One monster fight as marked: fled, or the range reached (or the strength, or the levels).

    A range and the strength may be given together (a filled sheet has a box for each): the
    strength then decides, and the scorer refuses a range it does not fall into.
    """

    visited: bool = True
    fled: bool = False
    range: int | None = Field(default=None, ge=1, le=3)
    strength: int | None = Field(default=None, ge=0, le=200)
    levels: dict[Adventurer, Annotated[int, Field(ge=1, le=6)]] | None = None
    bonus: int = Field(default=0, ge=0, le=50)
    strongest: bool = False

    @model_validator(mode="after")
    def _one_way(self) -> FightRecord:
        given = [k for k in ("range", "strength", "levels") if getattr(self, k) is not None]
        if len(given) > 1 and given != ["range", "strength"]:
            raise ValueError(
                f"give only one of range, strength or levels, not {' and '.join(given)}"
            )
        if self.levels is not None and set(self.levels) != set(ADVENTURERS):
            raise ValueError("levels: give all four adventurers")
        if not self.fled and self.visited and not given:
            raise ValueError("a fight that was not fled needs range, strength or levels")
        if given and (self.fled or not self.visited):
            why = "fled" if self.fled else "did not visit the monster's room"
            raise ValueError(f"the party {why}, so it cannot have a {given[0]}")
        return self


class QuestRecord(Model):
    """A met quest: its card id, and in the solo game the round it was met."""

    id: str
    round: int | None = None  # checked by the rules, which know the number of rounds


CardRef = str | int  # a card id, or the glory the player circled on the sheet


class PapiroveDoupeSheet(Model):
    """A filled Papírové doupě sheet."""

    lang: Literal["cs", "en"] | None = None  # the sheet's language: of the labels printed
    player: str = Field(min_length=1, max_length=80)
    dungeon: str = Field(min_length=1, max_length=40)
    # the card's monsters in fight order, for a card the pack does not hold (a generated one)
    monsters: list[str] | None = Field(default=None, min_length=3, max_length=3)
    mode: Literal["normal", "solo"] = "normal"
    levels: dict[Adventurer, Annotated[int, Field(ge=1, le=6)]]
    items: list[Annotated[int, Field(ge=0, le=2)]] = Field(default_factory=list, max_length=50)
    gems: int = Field(default=0, ge=0)
    minions: int = Field(default=0, ge=0)
    wounds: int = Field(default=0, ge=0)
    # potions with neither box ticked: needed only by an ability that counts them
    unused_potions: int | None = Field(default=None, ge=0, le=60)
    resurrection: bool = False
    fights: list[FightRecord] = Field(min_length=3, max_length=3)
    ability: CardRef | None = None
    goals: list[CardRef] = Field(default_factory=list, max_length=12)
    quests: list[QuestRecord | CardRef] = Field(default_factory=list, max_length=3)

    @field_validator("dungeon")
    @classmethod
    def _letter(cls, value: str) -> str:
        return value.upper() if len(value) == 1 else value  # a lowercase card letter: a -> A

    @model_validator(mode="after")
    def _complete(self) -> PapiroveDoupeSheet:
        missing = [a for a in ADVENTURERS if a not in self.levels]
        if missing:
            raise ValueError(f"levels: missing {', '.join(missing)}")
        ids = [q.id if isinstance(q, QuestRecord) else q for q in self.quests]
        named = [i for i in ids if isinstance(i, str)]
        if len(set(named)) != len(named):
            twice = next(i for i in named if named.count(i) > 1)
            raise ValueError(f"quests: quest {twice!r} is counted twice")
        return self
