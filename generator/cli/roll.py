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

papirove-doupe: all six dice, with their numbers; a roll with three or more skulls, or three
clovers, is invalid and rolled again (every attempt is shown).
runebound: the terrain dice (--count, 5 in a town, 4 elsewhere), and how many dice show each
terrain; `papirna roll runebound 2d10` rolls the ten-sided dice instead.
Plain dice: 2d6, d10, 3d6+2, 2d10-1 (also 2k6). --seed makes a roll repeatable.
"""

GAME_DICE = {"papirove-doupe": "papirove-doupe/dice", "runebound": "runebound/dice"}
STYLES = {
    "skull": "bold red",
    "clover": "bold green",
    "boots": "bold yellow",
    "plains": "yellow",
    "road": "grey70",
    "river": "bold blue",
    "swamp": "dark_olive_green3",
    "forest": "green",
    "hills": "dark_orange3",
    "mountains": "bold white",
}


def register(app: typer.Typer) -> None:
    """Add the `roll` command."""
    app.command("roll", help=HELP)(roll)


def _whole(value: str, option: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise PapirnaError(f"{option}: expected a whole number, got {value!r}") from None


def find_dice(pack: Any, schema: str) -> Any:
    """The dice model of a pack: from a printable or file with `schema`, else its dice.yaml."""
    from generator.content.schemas import schemas
    from generator.content.validate import validate
    from generator.content.yamlio import load_yaml_file

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
    what: str = typer.Argument(..., help="papirove-doupe, runebound, or dice like 2d6 or 3d6+2."),
    dice: str | None = typer.Argument(None, help="For a game: plain dice to roll instead (d10)."),
    count: str | None = typer.Option(
        None, "--count", "-n", help="Runebound: how many terrain dice (5 in a town, 4 elsewhere)."
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

    used_seed = secrets.randbelow(1_000_000) if seed is None else _whole(seed, "--seed")
    if used_seed < 0:
        raise PapirnaError(f"--seed: expected 0 or more, got {used_seed}")
    rng = random.Random(used_seed)
    game = what.strip().lower()
    if game not in GAME_DICE:
        if dice is not None:
            raise PapirnaError(f"roll {what!r}: give one dice expression, not two")
        if count is not None:
            raise PapirnaError("--count is for runebound terrain dice")
        _plain(what, rng, used_seed, as_json)
        return
    if dice is not None:
        if count is not None:
            raise PapirnaError("--count is for terrain dice, not for plain dice")
        _plain(dice, rng, used_seed, as_json)
        return
    pack = load_packs([game], content)[0]
    model = find_dice(pack, GAME_DICE[game])
    if game == "papirove-doupe":
        if count is not None:
            raise PapirnaError("--count: Papírové doupě always rolls all its dice")
        _papirove_doupe(model, rng, used_seed, as_json)
    else:
        _runebound(model, rng, used_seed, as_json, count)


def _plain(text: str, rng, seed: int, as_json: bool) -> None:
    from rich.text import Text

    from generator.rules.odds import at_least, distribution, parse_dice, roll_dice

    if not any(c.isdigit() for c in text):
        raise PapirnaError(
            f"unknown game or dice {text!r}: expected papirove-doupe, runebound, "
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


def _face_text(symbol: str, color: str | None) -> tuple[str, str]:
    label = f"[{symbol}/{color}]" if color else f"[{symbol}]"
    if color == "black":
        return label, "bold reverse"
    if color == "white":
        return label, "bold"
    return label, STYLES.get(symbol, "")


def _papirove_doupe(dice_set: Any, rng, seed: int, as_json: bool) -> None:
    from rich.text import Text

    from generator.rules.odds import pd_invalid, roll_until_valid

    faces = [[f.symbol for f in d.faces] for d in dice_set.dice]
    attempts = roll_until_valid(faces, rng)
    if as_json:
        out = {
            "game": "papirove-doupe",
            "seed": seed,
            "attempts": [
                {
                    "faces": [
                        {"die": d.number, "symbol": d.faces[k].symbol, "color": d.faces[k].color}
                        for d, k in zip(dice_set.dice, got, strict=True)
                    ],
                    "invalid": pd_invalid([faces[i][k] for i, k in enumerate(got)]),
                }
                for got in attempts
            ],
        }
        typer.echo(json.dumps(out))
        return
    console = stdout()
    console.print(f"Papírové doupě: {len(faces)} dice (seed {seed})")
    for n, got in enumerate(attempts, start=1):
        line = Text(f"roll {n}: " if len(attempts) > 1 else "")
        for d, k in zip(dice_set.dice, got, strict=True):
            face = d.faces[k]
            label, style = _face_text(face.symbol, face.color)
            line.append(f" {d.number} ", style="dim")
            line.append(label, style=style)
        why = pd_invalid([faces[i][k] for i, k in enumerate(got)])
        if why:
            line.append(f"  invalid ({why}): roll again", style="italic")
        console.print(line)
    final = [dice_set.dice[i].faces[k].symbol for i, k in enumerate(attempts[-1])]
    skulls = final.count("skull")
    if skulls:
        console.print(
            f"{skulls} skull{'s' if skulls > 1 else ''}: every player takes {skulls} wound"
            f"{'s' if skulls > 1 else ''}; set the skull dice aside",
            style="dim",
        )


def _runebound(dice_set: Any, rng, seed: int, as_json: bool, count: str | None) -> None:
    from rich.text import Text

    from generator.rules.odds import roll_faces

    dice = list(dice_set.dice)
    n = len(dice) if count is None else _whole(count, "--count")
    if not 0 <= n <= len(dice):
        raise PapirnaError(f"--count: 0 to {len(dice)} terrain dice, got {n}")
    dice = dice[:n]
    got = roll_faces([d.faces for d in dice], rng)
    shown = [list(d.faces[k]) for d, k in zip(dice, got, strict=True)]
    moves: dict[str, int] = {}
    for face in shown:
        for terrain in dict.fromkeys(face):
            moves[terrain] = moves.get(terrain, 0) + 1
    if as_json:
        out = {
            "game": "runebound",
            "seed": seed,
            "dice": [{"die": str(d.id), "face": f} for d, f in zip(dice, shown, strict=True)],
            "moves": moves,
        }
        typer.echo(json.dumps(out))
        return
    console = stdout()
    console.print(f"Runebound: {n} terrain dice (seed {seed})")
    line = Text()
    for d, face in zip(dice, shown, strict=True):
        line.append(f" {d.id} ", style="dim")
        line.append("[")
        for i, terrain in enumerate(face):
            if i:
                line.append("|", style="dim")
            line.append(str(terrain), style=STYLES.get(str(terrain), ""))
        line.append("]")
    console.print(line)
    if moves:
        summary = ", ".join(
            f"{t} {k}" for t, k in sorted(moves.items(), key=lambda x: (-x[1], x[0]))
        )
        console.print(f"dice showing each terrain: {summary}", style="dim")
