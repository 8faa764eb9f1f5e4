"""`papirna dungeon`: generate new Papírové doupě dungeon cards and plans, and check card files."""

from __future__ import annotations

import os
import re
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any, TextIO

import typer

from generator.cli.common import handles_errors
from generator.errors import PapirnaError

if TYPE_CHECKING:
    from generator.games.papirove_doupe.dungeons import Loaded
MAX_COUNT = 1_000_000
MAX_SEED = 10**17 - 1  # a plan's id, generated-SEED, must fit its place on the sheet
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
    if not 0 <= seed <= MAX_SEED:
        raise PapirnaError(f"--seed: expected 0 to {MAX_SEED:,} (17 digits), got {seed}")
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
    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe.dungeons import load_builtin, load_words
    from generator.output.build import render_deck
    from generator.output.files import write_atomic

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


@app.command("check")
@handles_errors
def check(
    files: list[Path] = typer.Argument(
        ..., metavar="FILE...", help="YAML or JSON files: a list of dungeon cards, or one card."
    ),
) -> None:
    """Check dungeon card files against the built-in plan and monsters; explain every problem."""
    from generator.content.yamlio import format_path
    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe.dungeons import card_problems, load_builtin, load_cards

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
    from generator.content.yamlio import display_path
    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe.dungeons import load_builtin
    from generator.output.files import write_atomic

    s = _seed(seed)
    builtin = load_builtin()
    plan = gen.generate_plan(Random(s), builtin.plan, f"generated-{s}", cards=builtin.cards)
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
