"""Papírové doupě content: monsters, quests, goals, abilities, dungeon cards, the sheet and plan."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator

from generator.content.models import LText, Model

Adventurer = Literal["warrior", "wizard", "cleric", "thief"]
# the final scoring's categories, in the sheet's order (the three monster fights first)
SCORING_CATEGORIES: tuple[str, ...] = (
    "monster1",
    "monster2",
    "monster3",
    "lowest",
    "level6",
    "halves",
    "item_bonus",
    "gems",
    "minions",
    "wounds",
    "resurrection",
    "ability",
    "goals",
    "quests",
)
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

# the longest plan id that fits the sheet's corner ('PD-<id>-letter-cs-F', 38 mm at 5 pt), and
# the longest seed of `dungeon plan new`'s narrow 'generated-SEED' ids that still fits there
PLAN_ID_MAX = 17
PLAN_SEED_MAX = 17
_PLAN_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_GENERATED_ID = re.compile(rf"^generated-[0-9]{{1,{PLAN_SEED_MAX}}}$")


def _plan_id(value: str) -> str:
    """Lowercase letters, digits and single hyphens, short enough to print on the sheet."""
    if not _PLAN_ID.match(value):
        raise ValueError(
            f"expected lowercase letters, digits and single hyphens like 'my-plan-2', "
            f"got {value[:40]!r}" + (" ..." if len(value) > 40 else "")
        )
    if len(value) > PLAN_ID_MAX and not _GENERATED_ID.match(value):
        raise ValueError(
            f"at most {PLAN_ID_MAX} characters fit on the sheet "
            f"(or generated-SEED with up to {PLAN_SEED_MAX} digits), got {len(value)}"
        )
    return value


PlanId = Annotated[str, AfterValidator(_plan_id)]


def _requires(keys: tuple[str, ...], printable: str) -> AfterValidator:
    """A check that a text mapping holds every key its printable's builder prints."""

    def check(value: dict) -> dict:
        missing = [k for k in keys if k not in value]
        if missing:
            raise ValueError(f"missing {', '.join(missing)} (printed on the {printable})")
        return value

    return AfterValidator(check)


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
# what an end-of-game ability counts on the filled sheet
EndCount = Literal[
    "gems",  # gems ticked
    "minions",  # minions defeated
    "completed_items",  # items with both halves filled
    "unused_potions",  # potions that absorbed no wound
    "fights_not_fled",  # monster fights fought, not fled
    "wounds",  # crosses on the wound track
    "balanced_levels",  # 1 if the adventurers' levels differ by at most 1, else 0
]


class EndGlory(Model):
    """An ability's glory at the end of the game: `glory` for every `every` of what it counts."""

    count: EndCount
    every: int = Field(default=1, ge=1, le=10)
    glory: int = Field(default=1, ge=1, le=10)
    max: int | None = Field(default=None, ge=1, le=50)  # count at most this many

    def points(self, counted: int) -> int:
        """The glory for `counted` things."""
        if self.max is not None:
            counted = min(counted, self.max)
        return counted // self.every * self.glory


class Ability(Model):
    """An ability card, with the rule it changes and its glory effect."""

    id: str
    name: LText
    text: LText
    rule: AbilityRule = "none"
    glory: int = Field(default=0, ge=-30, le=30)
    bonus: int = Field(default=0, ge=0, le=10)  # strength bonus against monsters (berserker)
    end: EndGlory | None = None  # glory counted at the end of the game

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

    def context_extras(self) -> dict:
        """The badge on the front (the letter, or a generated card's number) and its full id."""
        short = len(self.id) <= 3
        return {
            "badge_letter": self.id if short else "",
            "badge_number": "" if short else self.id.rsplit("-", 1)[-1][:3],
            "id_suffix": "" if short else f" · {self.id}",
        }


class Campaign(Model):
    """A campaign: an id, its name and its dungeon cards in order."""

    id: str
    name: LText
    cards: list[str] = Field(min_length=1)


TreasureKind = Literal["gem", "potion", "potions", "level", "item-half"]


class Minion(Model):
    """A minion in a room: the adventurer who fights it and the level needed."""

    adventurer: Adventurer
    level: int = Field(ge=1, le=6)


class Treasure(Model):
    """A treasure in a room's bottom-right corner; gems carry a letter."""

    kind: TreasureKind
    letter: Annotated[str, Field(pattern=r"^[A-L]$")] | None = None

    @model_validator(mode="after")
    def _letter_only_on_gems(self) -> Treasure:
        if self.kind == "gem" and self.letter is None:
            raise ValueError("a gem needs a letter A-L")
        if self.kind != "gem" and self.letter is not None:
            raise ValueError("only gems have letters")
        return self


class RoomFeatures(Model):
    """What is printed in one room of the plan."""

    trap: bool = False
    minion: Minion | None = None
    treasure: Treasure | None = None


class Plan(Model):
    """The dungeon plan printed on the sheet: 6 columns A-F, 7 rows (row 1 at the entrances)."""

    id: PlanId
    teleports: list[Annotated[list[Room], Field(min_length=2, max_length=2)]] = Field(
        default_factory=lambda: [["A2", "F2"], ["A4", "F4"]]
    )
    water: list[Edge] = Field(default_factory=list)
    rooms: dict[Room, RoomFeatures] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _gems_unique(self) -> Plan:
        seen: dict[str, str] = {}
        for room, f in self.rooms.items():
            if f.treasure is not None and f.treasure.letter:
                if f.treasure.letter in seen:
                    raise ValueError(
                        f"gem {f.treasure.letter} is in both {seen[f.treasure.letter]} and {room}"
                    )
                seen[f.treasure.letter] = room
        for a, b in self.teleports:
            if a == b:
                raise ValueError(f"teleport {a} leads to itself")
        return self


class AdventurerSheet(Model):
    """One adventurer's row on the sheet: the level-4 ability and the glory for level 6."""

    ability: LText
    ability_icon: str
    level6_glory: int = Field(ge=0, le=30)


ItemKind = Literal["one-shot", "permanent"]


class Item(Model):
    """One of the eight items on the sheet, made in two halves."""

    id: str
    name: LText
    symbol: Adventurer | None = None  # the die symbol the first four items need
    kind: ItemKind
    effect: LText
    glory: int = Field(default=0, ge=-20, le=20)
    strength: int = Field(default=0, ge=0, le=10)  # bonus against monsters once made


class PotionBonus(Model):
    """The bonus for brewing the Nth potion."""

    after: int = Field(ge=1, le=60)
    kind: Literal["gem", "level", "item-half", "glory", "heal"]
    amount: int = Field(default=1, ge=1, le=10)


class Scoring(Model):
    """The point tables of the final scoring."""

    lowest_adventurer: list[int] = Field(min_length=6, max_length=6)  # glory by level 1..6
    item_half: int = Field(ge=0, le=10)
    gem: int = Field(ge=0, le=10)
    minion: int = Field(ge=0, le=10)
    wound: int = Field(ge=-10, le=0)
    resurrection: int = Field(default=-9, ge=-50, le=0)


class GloryCircles(Model):
    """The glory values printed as circles to mark on the sheet (lowest and highest)."""

    quest: list[int] = Field(default_factory=lambda: [1, 10], min_length=2, max_length=2)
    goal: list[int] = Field(default_factory=lambda: [1, 12], min_length=2, max_length=2)
    ability: list[int] = Field(default_factory=lambda: [-6, 6], min_length=2, max_length=2)

    @model_validator(mode="after")
    def _ascending(self) -> GloryCircles:
        for key in ("quest", "goal", "ability"):
            lo, hi = getattr(self, key)
            if lo > hi:
                raise ValueError(f"{key}: {lo} is above {hi}")
            if hi - lo > 20:
                raise ValueError(f"{key}: at most 21 circles fit, got {hi - lo + 1}")
        return self


# every `text` key the sheet builder (layout/printables/papirove_doupe_sheet.py) prints
# the plan's symbols the sheet's legend explains (text key legend_KEY), in the order printed
LEGEND_KEYS: tuple[str, ...] = (
    "minion",
    "trap",
    "gem",
    "potion",
    "level",
    "item_half",
    "teleport",
    "water",
    "entrance",
)
SHEET_TEXT_KEYS: tuple[str, ...] = (
    "title",
    "subtitle",
    "player",
    "dungeon",
    "dice",
    "round",
    "adventurers",
    "training",
    "at4",
    "at6",
    "lowest",
    "health",
    "wounds",
    "wound_rule",
    "resurrection",
    "potions",
    "potion_rule",
    "items",
    "gems",
    "minions",
    "fights",
    "visited",
    "fled",
    "range",
    "strongest",
    "strength",
    "plan",
    "cards",
    "quests",
    "goal",
    "ability",
    "once",
    "legend",
    *(f"legend_{k}" for k in LEGEND_KEYS),
    "scoring",
    "total",
    *(f"cat_{c}" for c in SCORING_CATEGORIES),
)


class SheetData(Model):
    """Everything the player sheet prints besides the plan."""

    rounds: int = Field(default=8, ge=1, le=20)
    actions: int = Field(default=3, ge=1, le=6)
    monster_rounds: list[int] = Field(default_factory=lambda: [3, 6, 8], min_length=3, max_length=3)
    adventurers: dict[Adventurer, AdventurerSheet]
    health_track: int = Field(default=24, ge=4, le=40)
    wound_track: int = Field(ge=10, le=80)
    potion_track: int = Field(ge=4, le=40)
    potion_bonuses: list[PotionBonus]
    items: list[Item] = Field(min_length=8, max_length=8)
    gem_track: int = Field(ge=1, le=20)
    minion_track: int = Field(ge=1, le=30)
    strength_bonus: dict[str, int] = Field(default_factory=dict)  # e.g. warrior at level 4
    scoring: Scoring
    circles: GloryCircles = Field(default_factory=GloryCircles)
    # headings and notes on the sheet; more keys than these are allowed
    text: Annotated[dict[str, LText], _requires(SHEET_TEXT_KEYS, "sheet")]

    @model_validator(mode="after")
    def _complete(self) -> SheetData:
        missing = [a for a in ADVENTURERS if a not in self.adventurers]
        if missing:
            raise ValueError(f"adventurers: missing {', '.join(missing)}")
        if any(it.symbol is None for it in self.items[:4]):
            raise ValueError("items: the first four items need a die symbol")
        if any(it.symbol is not None for it in self.items[4:]):
            raise ValueError("items: only the first four items have a die symbol")
        return self


DieSymbol = Literal["warrior", "wizard", "cleric", "thief", "skull", "clover", "boots"]


class DieFace(Model):
    """One face of a die: a symbol, and for adventurer symbols the colour (training method)."""

    symbol: DieSymbol
    color: Training | None = None

    @model_validator(mode="after")
    def _colour_for_adventurers(self) -> DieFace:
        if self.symbol in ADVENTURERS and self.color is None:
            raise ValueError(f"an adventurer face ({self.symbol}) needs a colour: white or black")
        if self.symbol not in ADVENTURERS and self.color is not None:
            raise ValueError(f"a {self.symbol} face has no colour")
        return self


class Die(Model):
    """A die with its number (written in the dice-used boxes) and six faces."""

    number: int = Field(ge=0, le=9)
    faces: list[DieFace] = Field(min_length=6, max_length=6)


# every `text` key the dice builder (layout/printables/papirove_doupe_dice.py) prints
DICE_TEXT_KEYS: tuple[str, ...] = (
    "title",
    "subtitle",
    "die",
    "legend",
    "adventurer",
    "skull",
    "clover",
    "boots",
    "invalid",
    "stickers",
    "nets",
)


class DiceSet(Model):
    """The six dice of Papírové doupě and the texts of the dice printables."""

    dice: list[Die] = Field(min_length=1, max_length=10)
    text: Annotated[dict[str, LText], _requires(DICE_TEXT_KEYS, "dice pages")]

    @model_validator(mode="after")
    def _numbers_unique(self) -> DiceSet:
        numbers = [d.number for d in self.dice]
        if len(set(numbers)) != len(numbers):
            raise ValueError("dice numbers must be unique")
        return self


class DungeonWords(Model):
    """Word tables for generated dungeon cards: whole phrases, so that Czech words always agree.

    A place gives its name and the phrases 'in it' and 'into it'; an owner gives 'of them' and
    the subject form. Title and story templates name these with {place}, {inside}, {into},
    {of} and {who}; each story is one opening, one middle and one ending.
    """

    places: list[dict[Literal["name", "inside", "into"], LText]] = Field(min_length=1)
    owners: list[dict[Literal["of", "who"], LText]] = Field(min_length=1)
    title: LText
    openings: list[LText] = Field(min_length=1)
    middles: list[LText] = Field(min_length=1)
    endings: list[LText] = Field(min_length=1)

    @model_validator(mode="after")
    def _complete(self) -> DungeonWords:
        tables = (
            ("places", self.places, ("name", "inside", "into")),
            ("owners", self.owners, ("of", "who")),
        )
        for key, table, need in tables:
            for i, entry in enumerate(table):
                missing = [k for k in need if k not in entry]
                if missing:
                    raise ValueError(f"{key}[{i}]: missing {', '.join(missing)}")
        known = {"place", "inside", "into", "of", "who"}
        texts = [("title", self.title)] + [
            (f"{key}[{i}]", t)
            for key in ("openings", "middles", "endings")
            for i, t in enumerate(getattr(self, key))
        ]
        for where, text in texts:
            for value in text.values.values():
                for name in re.findall(r"\{([^{}]*)\}", value):
                    if name not in known or (name == "place" and where != "title"):
                        raise ValueError(f"{where}: unknown placeholder {{{name}}} in {value!r}")
        return self


SCHEMAS = {
    "papirove-doupe/monster": Monster,
    "papirove-doupe/quest": Quest,
    "papirove-doupe/goal": Goal,
    "papirove-doupe/ability": Ability,
    "papirove-doupe/dungeon": DungeonCard,
    "papirove-doupe/sheet": SheetData,
    "papirove-doupe/plan": Plan,
    "papirove-doupe/campaigns": list[Campaign],
    "papirove-doupe/dice": DiceSet,
    "papirove-doupe/dungeon-words": DungeonWords,
}
