"""Dungeon card files: the built-in pack's dungeon data, card files read with positions, and an
explanation of every rule a card breaks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter

from generator.content.pack import Pack, load_builtin_pack
from generator.content.validate import validate
from generator.content.yamlio import PathKey, YamlDoc, load_yaml_file
from generator.errors import PapirnaError
from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe.models import DungeonCard, DungeonWords, Monster, Plan
from generator.games.papirove_doupe.rules import check_dungeon

GAME = "papirove-doupe"
WORDS_FILE = "dungeon-words.yaml"


@dataclass
class Builtin:
    """What the built-in Papírové doupě pack gives the dungeon commands."""

    pack: Pack
    plan: Plan
    monsters: dict[str, Monster]
    cards: list[DungeonCard]


def load_builtin() -> Builtin:
    """Load the built-in Papírové doupě pack: the sheet's plan, the monsters and cards A-L."""
    pack = load_builtin_pack(GAME)
    plans = [lp.files["plan"].model for lp in pack.printables.values() if "plan" in lp.files]
    sheet = [
        lp.files["plan"].model
        for lp in pack.printables.values()
        if lp.spec.builder == "papirove-doupe/sheet" and "plan" in lp.files
    ]
    if not plans:
        raise PapirnaError("the pack has no dungeon plan", file=pack.manifest_doc.file)
    monsters = {
        e.model.id: e.model
        for lp in pack.printables.values()
        if lp.spec.schema_ == "papirove-doupe/monster"
        for e in lp.cards
    }
    cards = [
        e.model
        for lp in pack.printables.values()
        if lp.spec.schema_ == "papirove-doupe/dungeon"
        for e in lp.cards
    ]
    return Builtin(pack, (sheet or plans)[0], monsters, cards)


def load_words(pack: Pack) -> DungeonWords:
    """The word tables for titles and stories, from the pack folder."""
    return validate(DungeonWords, load_yaml_file(pack.root / WORDS_FILE))


@dataclass
class Loaded:
    """One card read from a file, with where it came from."""

    shown: str
    doc: YamlDoc
    path: PathKey
    card: DungeonCard


def load_cards(path: Path) -> list[Loaded]:
    """Read a YAML or JSON file holding a list of dungeon cards or one card."""
    doc = load_yaml_file(path)
    adapter = TypeAdapter(DungeonCard)
    if isinstance(doc.data, list):
        if not doc.data:
            raise doc.error((), "the file holds no dungeon cards")
        items = [((i,), raw) for i, raw in enumerate(doc.data)]
    elif isinstance(doc.data, dict):
        items = [((), doc.data)]
    else:
        raise doc.error((), "expected a list of dungeon cards or one card (a mapping)")
    return [Loaded(doc.file, doc, p, validate(adapter, doc, raw, p)) for p, raw in items]


def _locate(card: DungeonCard, field: str, message: str) -> PathKey:
    """The path inside a card that a violation is about, as precisely as the message allows."""
    m = re.fullmatch(r"(\w+)(?:\[(\d+)\])?", field)
    if not m:
        return ()
    key, index = m.group(1), m.group(2)
    if index is not None:
        return (key, int(index))
    wall = re.match(r"wall (\S+) ", message)
    if key == "walls" and wall and wall.group(1) in card.walls:
        return ("walls", card.walls.index(wall.group(1)))
    room = re.match(r"room (\S+) is declared sealed", message)
    if key == "sealed" and room and room.group(1) in card.sealed:
        return ("sealed", card.sealed.index(room.group(1)))
    return (key,)


def card_problems(
    card: DungeonCard,
    builtin: Builtin,
    board: gen.Board,
    others: list[DungeonCard],
) -> list[tuple[PathKey, str]]:
    """Every rule a card breaks: (path inside the card, message)."""
    out: list[tuple[PathKey, str]] = []
    rules = check_dungeon(card, builtin.plan, others)
    for v in rules:
        out.append((_locate(card, v.field, v.message), v.message))
    strength: list[int | None] = []
    for i, mid in enumerate(card.monsters):
        monster = builtin.monsters.get(mid)
        if monster is None:
            known = ", ".join(sorted(builtin.monsters))
            out.append((("monsters", i), f"no monster {mid!r} in the pack (known: {known})"))
        elif mid in card.monsters[:i]:
            first = card.monsters.index(mid) + 1
            out.append((("monsters", i), f"monster {mid!r} is already monster {first}"))
        strength.append(monster.ranges[0].min if monster else None)
    for i in range(1, len(strength)):
        a, b = strength[i - 1], strength[i]
        if a is not None and b is not None and b < a:
            out.append(
                (
                    ("monsters", i),
                    f"monster {i + 1} {card.monsters[i]!r} (strength {b}) is weaker than "
                    f"monster {i} {card.monsters[i - 1]!r} (strength {a}); weaker monsters come first",
                )
            )
    if not any(v.field.startswith("positions") for v in rules) and open_entrance(card):
        value = gen.difficulty(card, board)
        if value is None:
            out.append(
                (
                    ("positions",),
                    "walls split the dungeon: no single walk from an entrance visits "
                    "monsters 1, 2 and 3",
                )
            )
        elif card.difficulty is not None and card.difficulty != value:
            out.append(
                (
                    ("difficulty",),
                    f"the card says {card.difficulty}, but its dungeon gives {value} "
                    "(see docs/dungeon-cards.md)",
                )
            )
    return out


def open_entrance(card: DungeonCard) -> bool:
    """Whether some entrance of the card is open."""
    return any(f"{c}1|south" not in card.walls for c in "ABCDEF")
