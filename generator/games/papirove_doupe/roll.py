"""`papirna roll papirove-doupe`: the game's six dice, with the invalid-roll rule."""

from __future__ import annotations

import json
from typing import Any

import typer

from generator.cli.common import stdout
from generator.cli.roll import face_text
from generator.errors import PapirnaError

STYLES = {"skull": "bold red", "clover": "bold green", "boots": "bold yellow"}


def roll(dice_set: Any, rng, seed: int, as_json: bool, count: str | None) -> None:
    """All six dice, rolled again while the roll is invalid (every attempt is shown)."""
    if count is not None:
        raise PapirnaError("--count: Papírové doupě always rolls all its dice")
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
            label, style = face_text(face.symbol, face.color, STYLES)
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
