"""Dungeon card files: the built-in pack's dungeon data, card files read with positions, and an
explanation of every rule a card breaks."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import TypeAdapter

from generator.content.pack import Pack, load_builtin_pack
from generator.content.validate import validate
from generator.content.yamlio import (
    MAX_FILE_BYTES,
    PathKey,
    YamlDoc,
    display_path,
    load_yaml_file,
    load_yaml_text,
)
from generator.errors import PapirnaError
from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe import dungeon_sim as sim
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


def iter_cards(path: Path) -> Iterator[Loaded]:
    """The cards of a YAML or JSON card file one at a time; big files are read in pieces.

    A file up to the YAML size limit is read whole (`load_cards`). A bigger one must be a list
    written item after item, as `papirna dungeon new` writes it: YAML items starting with '- '
    at the start of a line, or JSON with one card per line. Each piece is parsed and checked on
    its own, with the line numbers of the whole file, so memory stays flat for any size.
    """
    shown = display_path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise PapirnaError("file not found", file=shown) from None
    except OSError as e:
        raise PapirnaError(f"cannot read file: {e.strerror}", file=shown) from None
    if size <= MAX_FILE_BYTES or not path.is_file():
        yield from load_cards(path)
        return
    adapter = TypeAdapter(DungeonCard)
    n = 0
    try:
        with path.open(encoding="utf-8", newline="") as f:
            for start, text, is_json in _pieces(f, shown):
                doc = _piece_doc(text, shown, start, is_json)
                raw = doc.data[0] if isinstance(doc.data, list) and doc.data else doc.data
                if not isinstance(raw, dict):
                    raise doc.error((0,), "expected a dungeon card (a mapping)")
                yield Loaded(shown, doc, (0,), validate(adapter, doc, raw, (0,)))
                n += 1
    except UnicodeDecodeError as e:
        raise PapirnaError(f"not UTF-8 text (byte {e.start} of a line)", file=shown) from None
    if n == 0:
        raise PapirnaError("the file holds no dungeon cards", file=shown)


_HUGE = (
    "the file is larger than {limit} bytes: it can be read only as a list written item after "
    "item (YAML items starting with '- ', or JSON with one card per line)"
)


def _pieces(lines: Iterable[str], shown: str) -> Iterator[tuple[int, str, bool]]:
    """(first line number, text, is JSON) of every list item of a big card file."""
    buf: list[str] = []
    start = 0
    mode = ""
    for number, line in enumerate(lines, 1):
        bare = line.strip()
        if not mode:
            if not bare or bare.startswith("#"):
                continue
            if bare == "[":
                mode = "json"
                continue
            if line.startswith("- ") or line.rstrip("\r\n") == "-":
                mode = "yaml"
            else:
                raise PapirnaError(_HUGE.format(limit=MAX_FILE_BYTES), file=shown, line=number)
        if mode == "json":
            if bare in ("]", ""):
                continue
            if not bare.startswith("{"):
                raise PapirnaError(_HUGE.format(limit=MAX_FILE_BYTES), file=shown, line=number)
            yield number, bare.removesuffix(","), True
            continue
        if line.startswith("- ") or line.rstrip("\r\n") == "-":
            if buf:
                yield start, "".join(buf), False
            buf, start = [line], number
        elif buf:
            buf.append(line)
    if buf:
        yield start, "".join(buf), False


def _piece_doc(text: str, shown: str, start: int, is_json: bool) -> YamlDoc:
    """A piece of a big file as a YamlDoc holding a one-item list, with the file's lines."""
    if is_json:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise PapirnaError(
                f"invalid JSON: {e.msg}", file=shown, line=start, column=e.colno
            ) from None
        return YamlDoc(shown, [data], {(0,): (start, 1)}, {})
    try:
        doc = load_yaml_text(text, shown)
    except PapirnaError as e:
        if e.line is not None:
            e.line += start - 1
        raise
    off = start - 1
    doc.marks = {k: (line + off, col) for k, (line, col) in doc.marks.items()}
    doc.key_marks = {k: (line + off, col) for k, (line, col) in doc.key_marks.items()}
    return doc


_PLACEHOLDER = re.compile(r"\{[A-Za-z_]*\}")


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
    for key in ("title", "story"):
        for lang, text in getattr(card, key).values.items():
            left = _PLACEHOLDER.search(text)
            if left:
                where = (key,) if lang == "*" else (key, lang)
                out.append((where, f"unfilled placeholder {left.group()} in the {key}"))
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
    split = any(v.message.startswith("walls split") for v in rules)
    if (
        not split
        and not any(v.field.startswith("positions") for v in rules)
        and open_entrance(card)
    ):
        value = gen.difficulty(card, board, builtin.monsters)
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


def load_rules(builtin: Builtin) -> sim.Rules:
    """The built-in pack's dice, sheet tables and goal cards, prepared for the simulator."""
    by_schema = {lp.spec.schema_: lp for lp in builtin.pack.printables.values()}
    sheet, dice = by_schema.get("papirove-doupe/sheet"), by_schema.get("papirove-doupe/dice")
    goals = by_schema.get("papirove-doupe/goal")
    if sheet is None or sheet.data is None or dice is None or dice.data is None:
        raise PapirnaError(
            "the pack has no sheet and dice data", file=builtin.pack.manifest_doc.file
        )
    return sim.make_rules(
        dice.data.model, sheet.data.model, [e.model for e in goals.cards] if goals else []
    )
