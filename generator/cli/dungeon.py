"""`papirna dungeon`: generate new Papírové doupě dungeon cards and plans, and check card files."""

from __future__ import annotations

import os
import re
import secrets
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any, TextIO

import typer
from pydantic import TypeAdapter

from generator.cli.common import handles_errors
from generator.content.games.papirove_doupe import DungeonCard, DungeonWords, Monster, Plan
from generator.content.pack import Pack, load_pack
from generator.content.validate import validate
from generator.content.yamlio import PathKey, YamlDoc, display_path, format_path, load_yaml_file
from generator.errors import PapirnaError
from generator.output.build import render_deck
from generator.output.files import write_atomic
from generator.resources import content_dir
from generator.rules import dungeon_gen as gen
from generator.rules.papirove_doupe import check_dungeon

GAME = "papirove-doupe"
WORDS_FILE = "dungeon-words.yaml"
MAX_COUNT = 1_000_000
MAX_PDF_COUNT = 1_000
FORMATS = ("pdf", "yaml", "json")
LANGS = ("cs", "en")
_CAMPAIGN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")

app = typer.Typer(
    name="dungeon",
    help="New Papírové doupě dungeon cards and plans, and checks of dungeon card files.",
    no_args_is_help=True,
)
plan_app = typer.Typer(help="New dungeon plans for the player sheet.", no_args_is_help=True)
app.add_typer(plan_app, name="plan")


def register(root: typer.Typer) -> None:
    """Add the `dungeon` command group (`new`, `check`, `plan new`)."""
    root.add_typer(app, name="dungeon")


@dataclass
class Builtin:
    """What the built-in Papírové doupě pack gives the dungeon commands."""

    pack: Pack
    plan: Plan
    monsters: dict[str, Monster]
    cards: list[DungeonCard]


def load_builtin() -> Builtin:
    """Load the built-in Papírové doupě pack: the sheet's plan, the monsters and cards A-L."""
    pack = load_pack(content_dir() / GAME, builtin=True)
    plans = [lp.plan.model for lp in pack.printables.values() if lp.plan is not None]
    sheet = [
        lp.plan.model
        for lp in pack.printables.values()
        if lp.spec.builder == "papirove-doupe/sheet" and lp.plan is not None
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


# ------------------------------------------------------------------------------ option parsing


def _whole(value: str, option: str) -> int:
    try:
        return int(value.strip().replace("_", ""))
    except ValueError:
        raise PapirnaError(f"{option}: expected a whole number, got {value!r}") from None


def _seed(value: str | None) -> int:
    if value is None:
        return secrets.randbelow(10_000)  # short ids: G-SEED-N is printed in a badge
    seed = _whole(value, "--seed")
    if seed < 0:
        raise PapirnaError(f"--seed: expected 0 or more, got {seed}")
    return seed


def _choice(value: str, option: str, choices: tuple[str, ...] | list[str]) -> str:
    if value not in choices:
        raise PapirnaError(f"{option}: expected one of {', '.join(choices)}, got {value!r}")
    return value


# ------------------------------------------------------------------------------------- dungeon new


@app.command("new")
@handles_errors
def new(
    count: str = typer.Option("1", "--count", metavar="N", help="How many cards (1 to 1,000,000)."),
    seed: str | None = typer.Option(
        None,
        "--seed",
        metavar="S",
        help="A whole number; the same seed and options give the same cards. Default: random "
        "(the seed is in every card id, G-SEED-N).",
    ),
    difficulty: str | None = typer.Option(
        None, "--difficulty", metavar="easy|normal|hard", help="Only cards in this band."
    ),
    campaign: str = typer.Option(
        "generated", "--campaign", metavar="NAME", help="The cards' campaign id."
    ),
    lang: str = typer.Option(
        "cs", "--lang", metavar="cs|en", help="Language of the PDF (YAML and JSON carry both)."
    ),
    fmt: str = typer.Option("yaml", "--format", metavar="pdf|yaml|json", help="Output format."),
    out: Path | None = typer.Option(
        None,
        "--out",
        metavar="DIR",
        help="Folder to write into. YAML and JSON go to stdout without it; PDF defaults to output/.",
    ),
) -> None:
    """Generate new dungeon cards for the plan on the player sheet."""
    n = _whole(count, "--count")
    if not 1 <= n <= MAX_COUNT:
        raise PapirnaError(f"--count: expected 1 to {MAX_COUNT:,}, got {n}")
    band_name = _choice(difficulty, "--difficulty", list(gen.BANDS)) if difficulty else None
    fmt = _choice(fmt, "--format", FORMATS)
    lang = _choice(lang, "--lang", LANGS)
    if not _CAMPAIGN.match(campaign):
        raise PapirnaError(
            f"--campaign: expected up to 40 letters, digits, '-' or '_', got {campaign!r}"
        )
    if fmt == "pdf" and n > MAX_PDF_COUNT:
        raise PapirnaError(f"--count: a PDF holds at most {MAX_PDF_COUNT} cards, got {n}")
    s = _seed(seed)
    builtin = load_builtin()
    setup = gen.make_setup(
        builtin.plan, builtin.monsters.values(), load_words(builtin.pack), builtin.cards
    )
    band = gen.BANDS[band_name] if band_name else None

    def cards() -> Iterator[dict[str, Any]]:
        raws = gen.generate(setup, Random(s), n, band)
        for i, raw in enumerate(raws, start=1):
            yield gen.card_data(setup, raw, f"G-{s}-{i}", campaign)

    if fmt == "pdf":
        models = [gen.to_card(d) for d in cards()]
        data, pages = render_deck(builtin.pack, "dungeons", models, lang, paper="a4")
        path = (out or Path("output")) / f"dungeons-{s}-{lang}-a4.pdf"
        write_atomic(path, data)
        print(f"papirna wrote {len(models)} dungeon cards ({pages} pages) to {path}")
        return
    options = f"--count {n} --seed {s}"
    options += f" --difficulty {band_name}" if band_name else ""
    options += f" --campaign {campaign}" if campaign != "generated" else ""
    header = f"Papírové doupě: dungeon cards from `papirna dungeon new {options}`."
    header += "\nDifficulty: docs/dungeon-cards.md."

    def write(stream: TextIO) -> int:
        if fmt == "json":
            return gen.write_json(cards(), stream)
        return gen.write_yaml(cards(), stream, header)

    if out is None:
        try:
            write(sys.stdout)
            sys.stdout.flush()
        except BrokenPipeError:  # e.g. `| head`: the reader has seen enough
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        return
    path = out / f"dungeons-{s}.{fmt}"
    written = _stream_to_file(path, write)
    print(f"papirna wrote {written} dungeon cards to {path}")


def _stream_to_file(path: Path, write: Any) -> int:
    """Write through `write(stream)` into a temp file beside `path`, then rename it into place."""
    from generator.output.files import open_atomic

    with open_atomic(path, text=True) as f:
        return write(f)


# ----------------------------------------------------------------------------------- dungeon check


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


@app.command("check")
@handles_errors
def check(
    files: list[Path] = typer.Argument(
        ..., metavar="FILE...", help="YAML or JSON files: a list of dungeon cards, or one card."
    ),
) -> None:
    """Check dungeon card files against the built-in plan and monsters; explain every problem."""
    loaded = [card for f in files for card in load_cards(f)]
    builtin = load_builtin()
    board = gen.make_board(builtin.plan)
    others = list(builtin.cards)
    ids: dict[str, Loaded] = {}
    broken = 0
    problems = 0
    per_file: dict[str, list[int]] = {}
    for item in loaded:
        card = item.card
        found = card_problems(card, builtin, board, others)
        if card.id in ids:
            first = ids[card.id]
            line, _ = first.doc.where(first.path)
            where = f"{first.shown}:{line}" if line else first.shown
            found.insert(0, (("id",), f"card id {card.id!r} is used twice (also {where})"))
        ids.setdefault(card.id, item)
        others.append(card)
        tally = per_file.setdefault(item.shown, [0, 0])
        tally[0] += 1
        if found:
            broken += 1
            tally[1] += 1
        order = [
            (item.doc.where(item.path + sub)[0] or 0, format_path(sub) or "", i)
            for i, (sub, _) in enumerate(found)
        ]
        for *_, i in sorted(order):
            sub, message = found[i]
            line, _ = item.doc.where(item.path + sub)
            where = f"{item.shown}:{line}" if line else item.shown
            field = format_path(sub) or "card"
            print(f"{where}: card {card.id}: {field}: {message}")
            problems += 1
    for shown, (total, bad) in per_file.items():
        if not bad:
            print(f"ok: {shown}: {total} dungeon card{'s' if total != 1 else ''}")
    if broken:
        print(
            f"{problems} problem{'s' if problems != 1 else ''} in {broken} of {len(loaded)} cards"
        )
        raise typer.Exit(1)


# -------------------------------------------------------------------------------- dungeon plan new


@plan_app.command("new")
@handles_errors
def plan_new(
    seed: str | None = typer.Option(
        None, "--seed", metavar="S", help="A whole number; the same seed gives the same plan."
    ),
    out: Path | None = typer.Option(
        None, "--out", metavar="FILE", help="Write here instead of stdout."
    ),
) -> None:
    """Generate a new balanced dungeon plan (a plan.yaml for the player sheet)."""
    s = _seed(seed)
    builtin = load_builtin()
    plan = gen.generate_plan(Random(s), builtin.plan, f"generated-{s}")
    header = (
        f"Papírové doupě: a dungeon plan from `papirna dungeon plan new --seed {s}`.\n"
        "Columns A-F, rows 1-7; row 1 holds the six entrances. The same counts of traps,\n"
        f"minions, treasures and water as the built-in plan {builtin.plan.id!r}."
    )
    text = gen.plan_yaml(plan, header)
    if out is None:
        sys.stdout.write(text)
        return
    write_atomic(out, text.encode("utf-8"))
    print(f"papirna wrote plan {plan.id} to {display_path(out)}")
