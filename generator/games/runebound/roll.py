"""`papirna roll runebound`: the terrain dice, and how many dice show each terrain."""

from __future__ import annotations

import json
from typing import Any

import typer

from generator.cli.common import stdout
from generator.cli.roll import whole
from generator.errors import PapirnaError

STYLES = {
    "plains": "yellow",
    "road": "grey70",
    "river": "bold blue",
    "swamp": "dark_olive_green3",
    "forest": "green",
    "hills": "dark_orange3",
    "mountains": "bold white",
}


def roll(dice_set: Any, rng, seed: int, as_json: bool, count: str | None) -> None:
    """The terrain dice, and how many dice show each terrain."""
    from rich.text import Text

    from generator.rules.odds import roll_faces

    dice = list(dice_set.dice)
    n = len(dice) if count is None else whole(count, "--count")
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
