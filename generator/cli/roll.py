"""`papirna roll`: a dice roller for groups without the custom dice (and for plain dice)."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import typer

from generator.cli.common import CONTENT_OPTION, handles_errors, stdout
from generator.errors import PapirnaError

HELP = """Roll a game's dice, or plain dice.

{games}
Plain dice: 2d6, d10, 3d6+2, 2d10-1 (also 2k6). --seed makes a roll repeatable.
"""


def _rollers() -> dict:
    from generator.plugins import games

    return {gid: g.roller() for gid, g in games().items() if g.roller is not None}


def _help() -> str:
    parts = [f"{gid}: {r.help}" for gid, r in _rollers().items()]
    return HELP.format(games="\n".join(parts))


def register(app: typer.Typer) -> None:
    """Add the `roll` command."""
    app.command("roll", help=_help())(roll)


def whole(value: str, option: str) -> int:
    """A whole number given to an option, or a one-line error naming the option."""
    try:
        return int(value.strip())
    except ValueError:
        raise PapirnaError(f"{option}: expected a whole number, got {value!r}") from None


def find_dice(pack: Any, schema: str) -> Any:
    """The dice model of a pack: from a printable or file with `schema`, else its dice.yaml."""
    from generator.content.validate import validate
    from generator.content.yamlio import load_yaml_file
    from generator.plugins import schemas

    for lp in pack.printables.values():
        if lp.data is not None and (lp.spec.data_schema or lp.spec.schema_) == schema:
            return lp.data.model
        for key, ref in lp.spec.files.items():
            if ref.schema_ == schema:
                return lp.files[key].model
    path = pack.root / "dice.yaml"
    if not path.is_file():
        raise PapirnaError(f"the {pack.id} pack has no dice (no dice.yaml)", file=str(pack.root))
    model = schemas().get(schema)
    if model is None:
        raise PapirnaError(f"papirna has no schema {schema!r} to read the dice", file=str(path))
    return validate(model, load_yaml_file(path))


@handles_errors
def roll(
    what: str = typer.Argument(..., help="A game with dice of its own, or dice like 2d6 or 3d6+2."),
    dice: str | None = typer.Argument(None, help="For a game: plain dice to roll instead (d10)."),
    count: str | None = typer.Option(
        None, "--count", "-n", help="For a game whose dice allow it: how many of its dice to roll."
    ),
    seed: str | None = typer.Option(
        None, "--seed", help="A whole number: the same seed, the same roll."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the roll as JSON."),
    content: list[Path] = CONTENT_OPTION,
) -> None:
    """Roll a game's dice or plain dice (see `papirna roll --help`)."""
    import random

    from generator.cli.common import load_packs

    used_seed = secrets.randbelow(1_000_000) if seed is None else whole(seed, "--seed")
    if used_seed < 0:
        raise PapirnaError(f"--seed: expected 0 or more, got {used_seed}")
    rng = random.Random(used_seed)
    game = what.strip().lower()
    rollers = _rollers()
    if game not in rollers:
        if dice is not None:
            raise PapirnaError(f"roll {what!r}: give one dice expression, not two")
        if count is not None:
            raise PapirnaError("--count is for a game's own dice, not for plain dice")
        _plain(what, rng, used_seed, as_json, list(rollers))
        return
    if dice is not None:
        if count is not None:
            raise PapirnaError("--count is for terrain dice, not for plain dice")
        _plain(dice, rng, used_seed, as_json, list(rollers))
        return
    pack = load_packs([game], content)[0]
    roller = rollers[game]
    roller.roll(find_dice(pack, roller.schema), rng, used_seed, as_json, count)


def _plain(text: str, rng, seed: int, as_json: bool, game_ids: list[str]) -> None:
    from rich.text import Text

    from generator.rules.odds import at_least, distribution, parse_dice, roll_dice

    if not any(c.isdigit() for c in text):
        raise PapirnaError(
            f"unknown game or dice {text!r}: expected {', '.join(game_ids)}, "
            "or dice like 2d6, d10 or 3d6+2"
        )
    expr = parse_dice(text)
    got = roll_dice(expr, rng)
    dist = distribution(expr)
    chance = at_least(dist, got.total)
    if as_json:
        out = {
            "dice": expr.text,
            "seed": seed,
            "rolls": [v * s for _, v, s in got.dice],
            "constant": expr.constant,
            "total": got.total,
            "at_least": float(chance),
        }
        typer.echo(json.dumps(out))
        return
    line = Text(f"{expr.text}: ")
    for i, (sides, v, sign) in enumerate(got.dice):
        if i or sign < 0:
            line.append(" - " if sign < 0 else " + ")
        line.append(f"[{v}]", style="bold")
        line.append(f"d{sides}", style="dim")
    if expr.constant:
        line.append(f" {'-' if expr.constant < 0 else '+'} {abs(expr.constant)}")
    line.append(" = ")
    line.append(str(got.total), style="bold")
    out = stdout()
    out.print(line)
    mean = sum(v * p for v, p in dist.items())
    out.print(
        f"range {min(dist)}–{max(dist)}, average {float(mean):g}; "
        f"{got.total} or more comes up {float(chance):.1%} of the time (seed {seed})",
        style="dim",
    )


def face_text(symbol: str, color: str | None, styles: dict[str, str]) -> tuple[str, str]:
    """A die face as '[symbol/colour]' and the terminal style to print it in."""
    label = f"[{symbol}/{color}]" if color else f"[{symbol}]"
    if color == "black":
        return label, "bold reverse"
    if color == "white":
        return label, "bold"
    return label, styles.get(symbol, "")
