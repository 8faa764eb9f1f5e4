"""The game plugin of Runebound, an adventure board game: what it registers with papirna."""

from __future__ import annotations

from generator.plugins import Game, Roller
from generator.resources import content_dir

ID = "runebound"


def _schemas() -> dict:
    from generator.games.runebound.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from generator.games.runebound import board, dice, odds, sheet, tokens

    return {**board.BUILDERS, **dice.BUILDERS, **odds.BUILDERS, **sheet.BUILDERS, **tokens.BUILDERS}


def _roller() -> Roller:
    from generator.games.runebound import roll

    return Roller(
        roll.roll,
        "the terrain dice (--count, 5 in a town, 4 elsewhere), and how many dice show each terrain; `papirna roll runebound 2d10` rolls the ten-sided dice instead.",
        "runebound/dice",
    )


GAME = Game(
    id=ID,
    content=content_dir() / ID,
    schemas=_schemas,
    builders=_builders,
    roller=_roller,
)
