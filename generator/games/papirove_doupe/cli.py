"""`papirna dungeon`: generate new Papírové doupě dungeon cards and plans, and check card files."""

from __future__ import annotations

import os
import re
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any, TextIO

import typer

from generator.cli.common import handles_errors
from generator.errors import PapirnaError

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


_WHOLE = re.compile(r"-?[0-9]+")


def _whole(value: str, option: str) -> int:
    """A whole number in plain ASCII digits (no '_', no other scripts' digits)."""
    text = value.strip()
    if not _WHOLE.fullmatch(text):
        raise PapirnaError(f"{option}: expected a whole number (digits 0-9), got {value!r}")
    return int(text)


def _folder(value: str | None, option: str = "--out") -> Path | None:
    """A folder to write into: not empty, and not an existing file."""
    if value is None:
        return None
    if not value.strip():
        raise PapirnaError(f"{option}: expected a folder, got an empty name")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise PapirnaError(f"{option}: {value} is a file, not a folder")
    return path


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
        help=f"A whole number from 0 to {MAX_SEED:,}; the same seed and options give the same "
        "cards. Default: random from 0 to 9,999 (the seed is in every card id, G-SEED-N).",
    ),
    difficulty: str | None = typer.Option(
        None,
        "--difficulty",
        metavar="easy|normal|hard",
        help="Only cards in this band (it is part of every card id, G-SEED-BAND-N).",
    ),
    campaign: str = typer.Option(
        "generated", "--campaign", metavar="NAME", help="The cards' campaign id."
    ),
    lang: str = typer.Option(
        "cs", "--lang", metavar="cs|en", help="Language of the PDF (YAML and JSON carry both)."
    ),
    fmt: str = typer.Option("yaml", "--format", metavar="pdf|yaml|json", help="Output format."),
    out_dir: str | None = typer.Option(
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
    band_name = None
    if difficulty is not None:
        band_name = _choice(difficulty, "--difficulty", list(gen.BANDS))
    out = _folder(out_dir)
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
    stem = f"dungeons-{s}" + (f"-{band_name}" if band_name else "")

    def cards() -> Iterator[dict[str, Any]]:
        raws = gen.generate(setup, Random(s), n, band)
        for i, raw in enumerate(raws, start=1):
            yield gen.card_data(setup, raw, gen.card_id(s, band_name, i), campaign)

    if fmt == "pdf":
        models = [gen.to_card(d) for d in cards()]
        data, pages = render_deck(builtin.pack, "dungeons", models, lang, paper="a4")
        path = (out or Path("output")) / f"{stem}-{lang}-a4.pdf"
        write_atomic(path, data)
        print(
            f"papirna wrote {_plural(len(models), 'dungeon card')} "
            f"({_plural(pages, 'page')}) to {path}"
        )
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
    path = out / f"{stem}.{fmt}"
    written = _stream_to_file(path, write)
    print(f"papirna wrote {_plural(written, 'dungeon card')} to {path}")


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
    from hashlib import blake2b

    from generator.content.yamlio import format_path
    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe.dungeons import card_problems, iter_cards, load_builtin
    from generator.games.papirove_doupe.rules import canonical

    builtin = load_builtin()
    board = gen.make_board(builtin.plan)
    ids: dict[str, str] = {}  # card id -> where it was first seen
    shapes: dict[bytes, str] = {}  # digest of walls, positions, monsters -> card id
    for card in builtin.cards:
        shapes.setdefault(_digest(blake2b, canonical(card)), card.id)
    broken = 0
    problems = 0
    total = 0
    per_file: dict[str, list[int]] = {}
    for item in (card for f in files for card in iter_cards(f)):
        card = item.card
        total += 1
        found = card_problems(card, builtin, board, builtin.cards)
        line, _ = item.doc.where(item.path)
        here = f"{item.shown}:{line}" if line else item.shown
        if card.id in ids:
            found.insert(0, (("id",), f"card id {card.id!r} is used twice (also {ids[card.id]})"))
        ids.setdefault(card.id, here)
        shape = _digest(blake2b, canonical(card))
        twin = shapes.setdefault(shape, card.id)
        if twin != card.id and not any(m.startswith("same walls") for _, m in found):
            found.append((("walls",), f"same walls and monsters as card {twin!r}"))
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
    for shown, (count, bad) in per_file.items():
        if not bad:
            print(f"ok: {shown}: {_plural(count, 'dungeon card')}")
    if broken:
        print(f"{_plural(problems, 'problem')} in {broken} of {total} cards")
        raise typer.Exit(1)


def _digest(blake2b: Any, value: object) -> bytes:
    return blake2b(repr(value).encode(), digest_size=16).digest()


# -------------------------------------------------------------------------------- dungeon simulate

MAX_GAMES = 100_000


@app.command("simulate")
@handles_errors
def simulate(
    files: list[Path] = typer.Argument(
        ..., metavar="FILE...", help="YAML or JSON files: a list of dungeon cards, or one card."
    ),
    games: str = typer.Option(
        "200", "--games", metavar="N", help=f"Games per card (1 to {MAX_GAMES:,})."
    ),
    seed: str = typer.Option(
        "0",
        "--seed",
        metavar="S",
        help=f"A whole number from 0 to {MAX_SEED:,}; the same seed gives the same games.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Play every card solo many times with a heuristic bot; report the glory it gives.

    The 12 built-in cards A-L are played too, as a reference.
    """
    import json

    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe import dungeon_sim as sim
    from generator.games.papirove_doupe.dungeons import (
        card_problems,
        iter_cards,
        load_builtin,
        load_rules,
    )

    n = _whole(games, "--games")
    if not 1 <= n <= MAX_GAMES:
        raise PapirnaError(f"--games: expected 1 to {MAX_GAMES:,}, got {n}")
    s = _seed(seed)
    builtin = load_builtin()
    board = gen.make_board(builtin.plan)
    rules = load_rules(builtin)

    def run(card: Any) -> sim.Summary:
        table = sim.make_table(card, board, builtin.monsters)
        return sim.simulate(table, rules, n, sim.card_rng(s, card.id))

    rows: list[sim.Summary] = []
    for item in (card for f in files for card in iter_cards(f)):
        found = card_problems(item.card, builtin, board, builtin.cards)
        if found:
            sub, message = found[0]
            line, _ = item.doc.where(item.path + sub)
            where = f"{item.shown}:{line}" if line else item.shown
            raise PapirnaError(
                f"card {item.card.id} cannot be played: {message} (see papirna dungeon check)",
                file=where,
            )
        rows.append(run(item.card))
    reference = [run(card) for card in builtin.cards]
    if as_json:
        data = {
            "games": n,
            "seed": s,
            "cards": [r.as_dict() for r in rows],
            "reference": [r.as_dict() for r in reference],
        }
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return
    head = (
        f"{'card':<22} {'games':>6} {'glory':>6} {'spread':>6} {'min':>4} {'max':>4} "
        f"{'resurr.':>7} {'fight 1':>7} {'fight 2':>7} {'fight 3':>7}"
    )

    def line(r: sim.Summary) -> str:
        f1, f2, f3 = (f"{f:+7.1f}" for f in r.fights)
        return (
            f"{r.card:<22} {r.games:>6} {r.mean:>6.1f} {r.sd:>6.1f} {r.low:>4} {r.high:>4} "
            f"{r.resurrection:>7.0%} {f1} {f2} {f3}"
        )

    print(head)
    for r in rows:
        print(line(r))
    print(f"reference: the built-in cards A-L, {n} games each")
    for r in reference:
        print(line(r))


# -------------------------------------------------------------------------------- dungeon plan new


@plan_app.command("new")
@handles_errors
def plan_new(
    seed: str | None = typer.Option(
        None,
        "--seed",
        metavar="S",
        help=f"A whole number from 0 to {MAX_SEED:,}; the same seed gives the same plan. "
        "Default: random from 0 to 9,999.",
    ),
    out: str | None = typer.Option(
        None, "--out", metavar="FILE", help="Write here instead of stdout."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite the --out file if it exists."),
) -> None:
    """Generate a new balanced dungeon plan (a plan.yaml for the player sheet)."""
    from generator.content.yamlio import display_path
    from generator.games.papirove_doupe import dungeon_gen as gen
    from generator.games.papirove_doupe.dungeons import load_builtin
    from generator.output.files import write_atomic

    s = _seed(seed)
    path = None
    if out is not None:
        if not out.strip():
            raise PapirnaError("--out: expected a file name, got an empty name")
        path = Path(out)
        if path.is_dir():
            raise PapirnaError(f"--out: {out} is a folder, not a file")
        if path.exists() and not force:
            raise PapirnaError(f"--out: {out} exists; add --force to overwrite it")
    builtin = load_builtin()
    plan = gen.generate_plan(Random(s), builtin.plan, f"generated-{s}", cards=builtin.cards)
    header = (
        f"Papírové doupě: a dungeon plan from `papirna dungeon plan new --seed {s}`.\n"
        "Columns A-F, rows 1-7; row 1 holds the six entrances. The same counts of traps,\n"
        f"minions, treasures and water as the built-in plan {builtin.plan.id!r}."
    )
    text = gen.plan_yaml(plan, header)
    if path is None:
        sys.stdout.write(text)
        return
    write_atomic(path, text.encode("utf-8"))
    print(f"papirna wrote plan {plan.id} to {display_path(path)}")
