"""Runebound content: heroes, adventure and market cards, tokens, movement dice and the hero sheet."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from generator.content.models import LText, Model, PositiveLength

Attribute = Literal["mind", "body", "spirit"]
Terrain = Literal["plains", "road", "river", "swamp", "forest", "hills", "mountains"]
TERRAINS: tuple[str, ...] = ("plains", "road", "river", "swamp", "forest", "hills", "mountains")
Difficulty = Literal["green", "yellow", "blue", "red"]
DIFFICULTIES: tuple[str, ...] = ("green", "yellow", "blue", "red")
# experience an adventure token of each colour is worth (its back)
XP: dict[str, int] = {"green": 1, "yellow": 2, "blue": 3, "red": 4}
AdventureType = Literal["encounter", "event", "challenge"]
ItemType = Literal["weapon", "armour", "artifact", "potion", "mount"]
Roman = Literal["I", "II", "III"]
# the icon each item type (and an ally) shows
TYPE_ICONS: dict[str, str] = {
    "weapon": "melee",
    "armour": "shield",
    "artifact": "magic",
    "potion": "potion",
    "mount": "horse",
    "ally": "flag",
}


class Skill(Model):
    """A hero's skill and the bonus each exhaustion spent on it adds to a test."""

    name: LText
    bonus: int = Field(ge=1, le=8)


class Damage(Model):
    """Damage dealt by a successful attack in the ranged, melee and magic phases."""

    ranged: int = Field(ge=0, le=9)
    melee: int = Field(ge=0, le=9)
    magic: int = Field(ge=0, le=9)


class Ability(Model):
    """A named special ability and what it does."""

    name: LText
    text: LText


class Hero(Model):
    """A hero card: attributes, damage, life, stamina, skills and a special ability."""

    id: str
    name: LText
    epithet: LText
    mind: int = Field(ge=1, le=9)
    body: int = Field(ge=1, le=9)
    spirit: int = Field(ge=1, le=9)
    damage: Damage
    life: int = Field(ge=1, le=20)
    stamina: int = Field(ge=1, le=15)
    skills: list[Skill] = Field(min_length=1, max_length=4)
    ability: Ability
    flavor: LText | None = None

    def context_extras(self) -> dict:
        """The skills as 'Name +2' lines, one skill to a line."""
        lines = {
            lang: "\n".join(f"{s.name.get(lang)} **+{s.bonus}**" for s in self.skills)
            for lang in ("cs", "en")
        }
        return {"skill_line": LText(lines)}


class Enemy(Model):
    """An enemy's targets (mind, body, spirit), its damage per phase and its life."""

    mind: int = Field(ge=2, le=30)
    body: int = Field(ge=2, le=30)
    spirit: int = Field(ge=2, le=30)
    damage: Damage
    life: int = Field(ge=1, le=30)


class Adventure(Model):
    """An adventure card: an encounter, an event (I, II or III) or a challenge."""

    id: str
    difficulty: Difficulty
    type: AdventureType
    name: LText
    before_combat: LText | None = None  # encounters: what happens before the fight
    text: LText | None = None  # events: the effect; challenges: the task
    enemy: Enemy | None = None
    gold: int = Field(default=0, ge=0, le=30)
    reward: LText | None = None  # a reward besides gold (keep the card, a bonus, ...)
    number: Roman | None = None  # events only
    flavor: LText | None = None

    @model_validator(mode="after")
    def _fits_type(self) -> Adventure:
        if self.type == "encounter":
            if self.enemy is None:
                raise ValueError("an encounter needs an enemy")
            if self.text is not None:
                raise ValueError("an encounter has no text; use before_combat")
        if self.type == "event":
            if self.number is None or self.text is None:
                raise ValueError("an event needs a number (I, II or III) and a text")
            if self.enemy is not None or self.gold or self.reward or self.before_combat:
                raise ValueError("an event has only a number and a text (no enemy or reward)")
        elif self.number is not None:
            raise ValueError(f"only events have a number; this is a {self.type}")
        if self.type == "challenge":
            if self.text is None:
                raise ValueError("a challenge needs a text")
            if self.before_combat is not None:
                raise ValueError("a challenge has no before_combat; put it in its text")
        if self.type != "event" and not (self.gold or self.reward):
            raise ValueError(f"a {self.type} needs a reward: gold, reward text or both")
        return self

    def context_extras(self) -> dict:
        """Flags the layout shows boxes by, the XP the colour is worth, the main text."""
        flags = {f"is_{t}": self.type == t for t in ("encounter", "event", "challenge")}
        flags.update({f"is_{d}": self.difficulty == d for d in DIFFICULTIES})
        main = self.text
        if main is not None and self.flavor is not None:
            main = LText(
                {lang: f"{main.get(lang)}\n\n*{self.flavor.get(lang)}*" for lang in ("cs", "en")}
            )
        encounter = self.type == "encounter"
        return {
            **flags,
            "xp": XP[self.difficulty],
            "main": main,
            "before_box": encounter and self.before_combat is not None,
            "flavor_box": encounter and self.before_combat is None and self.flavor is not None,
            "text_short": self.type == "challenge" and self.enemy is not None,
            "text_long": self.type == "event" or (self.type == "challenge" and self.enemy is None),
            "has_reward": bool(self.gold or self.reward),
            "gold_text": f"{self.gold} :gold:" if self.gold else "",
        }


class Ally(Model):
    """An ally's attributes, damage, life and stamina (allies have no skills)."""

    mind: int = Field(ge=1, le=9)
    body: int = Field(ge=1, le=9)
    spirit: int = Field(ge=1, le=9)
    damage: Damage
    life: int = Field(ge=1, le=20)
    stamina: int = Field(ge=0, le=15)


class MarketCard(Model):
    """A market card: an item with a type, or an ally with stats; both have a price in gold."""

    id: str
    kind: Literal["item", "ally"]
    name: LText
    price: int = Field(ge=1, le=40)
    type: ItemType | None = None  # items only
    ally: Ally | None = None  # allies only
    text: LText
    icon: str | None = Field(default=None, pattern=r"^[a-z][a-z0-9-]*$")  # else the type's icon
    flavor: LText | None = None
    count: int = Field(default=1, ge=1, le=6)

    @model_validator(mode="after")
    def _fits_kind(self) -> MarketCard:
        if self.kind == "item" and (self.type is None or self.ally is not None):
            raise ValueError("an item needs a type and has no ally stats")
        if self.kind == "ally" and (self.ally is None or self.type is not None):
            raise ValueError("an ally needs ally stats and has no item type")
        return self

    def context_extras(self) -> dict:
        """Flags the layout shows boxes by, and the icon of the card's type."""
        flags = {"is_item": self.kind == "item", "is_ally": self.kind == "ally"}
        flags.update({f"is_{t}": self.type == t for t in ItemType.__args__})
        return {**flags, "type_icon": self.icon or TYPE_ICONS[self.type or "ally"]}


TokenKind = Literal["gold", "wound", "exhaustion", "experience", "adventure", "failed"]


class TokenGroup(Model):
    """A run of identical round tokens (failed-adventure tokens are numbered 1..count)."""

    kind: TokenKind
    count: int = Field(ge=1, le=200)
    diameter: PositiveLength
    value: Literal[1, 5, 10] | None = None  # gold: 1, 5 or 10 (printed I, V, X)
    attribute: Literal["mind", "body", "spirit", "life", "stamina"] | None = None  # experience
    difficulty: Difficulty | None = None  # adventure tokens

    @model_validator(mode="after")
    def _fits_kind(self) -> TokenGroup:
        need = {"gold": "value", "experience": "attribute", "adventure": "difficulty"}
        for kind, key in need.items():
            if (self.kind == kind) != (getattr(self, key) is not None):
                what = (
                    f"a {kind} token needs" if self.kind == kind else f"a {self.kind} token has no"
                )
                raise ValueError(f"{what} '{key}'")
        if self.kind == "failed" and self.count > 6:
            raise ValueError("there are six failed-adventure tokens at most (1-6)")
        if not 10 <= self.diameter <= 40:
            raise ValueError(f"diameter must be 10-40 mm, got {self.diameter:g} mm")
        return self


class TokenSheet(Model):
    """Every token group to print, in order, with the captions of the sheet."""

    groups: list[TokenGroup] = Field(min_length=1)
    gap: PositiveLength = 3.0
    text: dict[str, LText] = Field(default_factory=dict)


class MovementDie(Model):
    """A movement die: six faces, each showing one or more terrains."""

    id: str
    faces: list[list[Terrain]] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _faces(self) -> MovementDie:
        for i, face in enumerate(self.faces):
            if not 1 <= len(face) <= 4:
                raise ValueError(f"faces[{i}]: a face shows 1-4 terrains, got {len(face)}")
            if len(set(face)) != len(face):
                raise ValueError(f"faces[{i}]: a terrain appears twice on one face")
        return self


class RuneboundDice(Model):
    """The movement dice (read by the dice roller too) and the texts of the dice printables."""

    dice: list[MovementDie] = Field(min_length=1, max_length=8)
    terrain_names: dict[Terrain, LText] = Field(default_factory=dict)
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _ids_unique(self) -> RuneboundDice:
        ids = [d.id for d in self.dice]
        if len(set(ids)) != len(ids):
            raise ValueError("dice ids must be unique")
        missing = [t for t in TERRAINS if self.terrain_names and t not in self.terrain_names]
        if missing:
            raise ValueError(f"terrain_names: missing {', '.join(missing)}")
        return self


class HeroSheet(Model):
    """Track lengths and texts of the hero sheet."""

    wounds: int = Field(default=20, ge=8, le=30)
    exhaustion: int = Field(default=12, ge=4, le=20)
    xp: int = Field(default=20, ge=5, le=40)
    items: int = Field(default=8, ge=3, le=14)
    allies: int = Field(default=3, ge=1, le=5)
    ally_wounds: int = Field(default=10, ge=4, le=16)
    ally_exhaustion: int = Field(default=6, ge=2, le=12)
    text: dict[str, LText] = Field(default_factory=dict)


# board map cells: a terrain letter, then the adventure token placed there ('.' for none)
MAP_TERRAINS: dict[str, str] = {
    "p": "plains",
    "c": "road",
    "r": "river",
    "s": "swamp",
    "f": "forest",
    "h": "hills",
    "m": "mountains",
    "w": "water",
    "t": "town",
}
MAP_MARKS: dict[str, str | None] = {".": None, "G": "green", "Y": "yellow", "B": "blue", "R": "red"}


class Town(Model):
    """A town on the board: its hex (row, column), name, and whether heroes start there."""

    at: list[int] = Field(min_length=2, max_length=2)
    name: LText
    start: bool = False


class BoardText(Model):
    """Every word printed on the board and its edge sheets."""

    title: LText
    subtitle: LText
    legend: LText
    water: LText
    town: LText
    start: LText
    adventure: LText
    failed: LText
    failed_note: LText
    event: LText
    event_note: LText
    deck: LText
    deck_note: LText
    market_deck: LText
    market_deck_note: LText
    market: LText
    market_note: LText
    heroes: LText
    heroes_note: LText
    bank: LText
    bank_note: LText


class Board(Model):
    """The Runebound board: a hex map (rows of cells like 'pG'), its towns and its words."""

    map: list[str] = Field(min_length=2)
    towns: list[Town] = Field(min_length=2)
    terrains: dict[Terrain, LText]
    colours: dict[Difficulty, LText]
    text: BoardText

    def cells(self) -> list[list[tuple[str, str | None]]]:
        """The map as rows of (terrain, adventure colour or None)."""
        return [[(MAP_TERRAINS[c[0]], MAP_MARKS[c[1]]) for c in row.split()] for row in self.map]

    @model_validator(mode="after")
    def _valid_map(self) -> Board:
        width = None
        for r, row in enumerate(self.map):
            cells = row.split()
            if width is None:
                width = len(cells)
            if len(cells) != width:
                raise ValueError(f"map row {r} has {len(cells)} cells, the first has {width}")
            for c, cell in enumerate(cells):
                if len(cell) != 2 or cell[0] not in MAP_TERRAINS or cell[1] not in MAP_MARKS:
                    raise ValueError(
                        f"map row {r} cell {c}: expected a terrain letter "
                        f"({''.join(MAP_TERRAINS)}) and a mark ({''.join(MAP_MARKS)}), got {cell!r}"
                    )
                if cell[0] in "wt" and cell[1] != ".":
                    raise ValueError(f"map row {r} cell {c}: no adventure on water or a town")
        grid = self.cells()
        for town in self.towns:
            r, c = town.at
            if not (0 <= r < len(grid) and 0 <= c < len(grid[0])) or grid[r][c][0] != "town":
                raise ValueError(f"town at {list(town.at)} is not on a town cell ('t.') of the map")
        towns = sum(1 for row in grid for t, _ in row if t == "town")
        if towns != len(self.towns):
            raise ValueError(
                f"the map has {towns} town cells but {len(self.towns)} towns are named"
            )
        for name, table, need in (
            ("terrains", self.terrains, TERRAINS),
            ("colours", self.colours, DIFFICULTIES),
        ):
            if missing := [k for k in need if k not in table]:
                raise ValueError(f"{name}: missing {', '.join(missing)}")
        if sum(t.start for t in self.towns) != 1:
            raise ValueError("exactly one town must be the start (start: true)")
        return self


class RuneboundOdds(Model):
    """The Runebound test odds page: the dice rolled, attributes and target numbers shown."""

    dice: Literal["d10", "2d10"]
    attributes: list[int] = Field(min_length=2, max_length=2)  # [from, to]
    targets: list[int] = Field(min_length=2, max_length=2)  # [from, to]
    text: dict[str, LText] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _ranges(self) -> RuneboundOdds:
        a, b = self.attributes
        if not 0 <= a <= b <= 20:
            raise ValueError(f"attributes: [from, to] within 0..20, got {[a, b]}")
        t, u = self.targets
        if not 1 <= t <= u <= 40 or u - t > 24:
            raise ValueError(f"targets: [from, to] within 1..40, at most 25 columns, got {[t, u]}")
        return self


SCHEMAS = {
    "runebound/test-odds": RuneboundOdds,
    "runebound/hero": Hero,
    "runebound/adventure": Adventure,
    "runebound/market": MarketCard,
    "runebound/tokens": TokenSheet,
    "runebound/dice": RuneboundDice,
    "runebound/sheet": HeroSheet,
    "runebound/board": Board,
    "runebound/hero-list": list[Hero],
}
