"""Papírové doupě content: monsters, quests, goals, abilities, dungeon cards, the sheet and plan."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from generator.content.models import LText, Model

Adventurer = Literal["warrior", "wizard", "cleric", "thief"]
ADVENTURERS: tuple[str, ...] = ("warrior", "wizard", "cleric", "thief")
Training = Literal["white", "black"]
COLUMNS = "ABCDEF"
ROWS = 7  # row 1 is the entrance row, at the bottom of the plan

_ROOM = re.compile(r"^[A-F][1-7]$")


def _room(value: str) -> str:
    if not _ROOM.match(value):
        raise ValueError(f"expected a room like 'C4' (columns A-F, rows 1-7), got {value!r}")
    return value


Room = Annotated[str, AfterValidator(_room)]
_SIDES = ("north", "south", "east", "west")


def _edge(value: str) -> str:
    """'B2|B3' between neighbours, or 'C1|south' on the border."""
    parts = value.split("|")
    if len(parts) != 2:
        raise ValueError(f"expected a wall like 'B2|B3' or 'A5|west', got {value!r}")
    a, b = (p.strip() for p in parts)
    if not _ROOM.match(a):
        raise ValueError(f"expected a room like 'C4' before '|', got {a!r} in {value!r}")
    if b in _SIDES:
        col, row = COLUMNS.index(a[0]), int(a[1])
        on_border = {
            "north": row == ROWS,
            "south": row == 1,
            "west": col == 0,
            "east": col == len(COLUMNS) - 1,
        }[b]
        if not on_border:
            raise ValueError(f"{a} is not on the {b} border, so {value!r} is not an edge")
        return f"{a}|{b}"
    if not _ROOM.match(b):
        raise ValueError(f"expected a room or a side after '|', got {b!r} in {value!r}")
    (ca, ra), (cb, rb) = (COLUMNS.index(a[0]), int(a[1])), (COLUMNS.index(b[0]), int(b[1]))
    if abs(ca - cb) + abs(ra - rb) != 1:
        raise ValueError(f"{a} and {b} are not orthogonal neighbours, so {value!r} is not an edge")
    first, second = sorted((a, b))
    return f"{first}|{second}"


Edge = Annotated[str, AfterValidator(_edge)]


class StrengthRange(Model):
    """One of a monster's three strength ranges: party strength from..to gives glory and wounds."""

    min: int = Field(ge=0, le=99)
    max: int | None = Field(default=None, ge=0, le=99)  # None: open-ended top range
    glory: int = Field(ge=-50, le=50)
    wounds: int = Field(ge=0, le=20)


RewardKind = Literal["gem", "potions", "level", "item-half", "glory", "heal"]


class Reward(Model):
    """What the strongest attacker gets."""

    kind: RewardKind
    amount: int = Field(default=1, ge=1, le=10)


REWARD_ICONS = {
    "gem": "gem",
    "potions": "potion",
    "level": "level-up",
    "item-half": "item-half",
    "glory": "glory",
    "heal": "health",
}


class Monster(Model):
    """A monster card."""

    id: str
    name: LText
    weakness: Adventurer
    ranges: list[StrengthRange] = Field(min_length=3, max_length=3)
    flee: int = Field(le=0, ge=-50)
    reward: Reward
    gems: list[Annotated[str, Field(pattern=r"^[A-Z]$")]] = Field(
        default_factory=list, max_length=6
    )
    flavor: LText | None = None

    def context_extras(self) -> dict:
        """Derived values layouts show: each range as '8–12' or '18+', the reward's icon."""
        spans = [f"{r.min}–{r.max}" if r.max is not None else f"{r.min}+" for r in self.ranges]
        rows = [
            {"span": sp, "glory": f"{r.glory:+d}" if r.glory else "0", "wounds": str(r.wounds)}
            for sp, r in zip(spans, self.ranges, strict=True)
        ]
        return {
            "range_rows": rows,
            "reward_icon": REWARD_ICONS[self.reward.kind],
            "gem_letters": " ".join(self.gems),
            "back_icon": "monster",
        }

    @model_validator(mode="after")
    def _ranges_ascend(self) -> Monster:
        prev_max = -1
        for i, r in enumerate(self.ranges):
            if r.max is not None and r.max < r.min:
                raise ValueError(f"ranges[{i}]: max {r.max} is below min {r.min}")
            if r.min <= prev_max:
                raise ValueError(f"ranges[{i}]: min {r.min} overlaps the range before it")
            if i < 2 and r.max is None:
                raise ValueError(f"ranges[{i}]: only the last range may be open-ended")
            prev_max = r.max if r.max is not None else 999
        return self


class Quest(Model):
    """A quest card: a condition, its glory, and the solo scale by round."""

    id: str
    name: LText
    condition: LText
    glory: int = Field(ge=0, le=30)
    solo: list[int] = Field(min_length=8, max_length=8)

    def context_extras(self) -> dict:
        """The solo scale as one table row."""
        return {"solo_rows": [list(self.solo)], "back_icon": "quest"}


class Goal(Model):
    """A goal card: an objective, its glory and the training method for each adventurer."""

    id: str
    name: LText
    objective: LText
    glory: int = Field(ge=0, le=30)
    training: dict[Adventurer, Training]

    def context_extras(self) -> dict:
        """One flag per adventurer whose training method is black."""
        flags = {f"black_{a}": self.training.get(a) == "black" for a in ADVENTURERS}
        return {**flags, "back_icon": "goal"}

    @model_validator(mode="after")
    def _all_adventurers(self) -> Goal:
        missing = [a for a in ADVENTURERS if a not in self.training]
        if missing:
            raise ValueError(f"training: missing {', '.join(missing)}")
        return self


AbilityRule = Literal["clairvoyant", "telepath", "scout", "berserker", "beastmaster", "none"]


class Ability(Model):
    """An ability card, with the rule it changes and its glory effect."""

    id: str
    name: LText
    text: LText
    rule: AbilityRule = "none"
    glory: int = Field(default=0, ge=-30, le=30)
    bonus: int = Field(default=0, ge=0, le=10)  # strength bonus against monsters (berserker)

    def context_extras(self) -> dict:
        """The glory effect with its sign."""
        return {"glory_signed": f"{self.glory:+d}", "back_icon": "ability"}


class DungeonCard(Model):
    """A dungeon card: walls and monster positions on the front, story and monsters on the back."""

    id: str
    campaign: str
    title: LText
    story: LText
    monsters: list[str] = Field(min_length=3, max_length=3)
    positions: list[Room] = Field(min_length=3, max_length=3)
    walls: list[Edge] = Field(default_factory=list)
    sealed: list[Room] = Field(default_factory=list)
    difficulty: int | None = None


class Campaign(Model):
    """A campaign: an id, its name and its dungeon cards in order."""

    id: str
    name: LText
    cards: list[str] = Field(min_length=1)
