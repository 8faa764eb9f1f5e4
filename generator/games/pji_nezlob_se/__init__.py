"""The game plugin of PJi, nezlob se, a fantasy Ludo: what it registers with papirna."""

from __future__ import annotations

from generator.plugins import Game
from generator.resources import content_dir

ID = "pji-nezlob-se"


def _schemas() -> dict:
    from generator.games.pji_nezlob_se.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from generator.games.pji_nezlob_se import board, card, figures, mana, odds, stats

    return {
        **board.BUILDERS,
        **card.BUILDERS,
        **figures.BUILDERS,
        **mana.BUILDERS,
        **odds.BUILDERS,
        **stats.BUILDERS,
    }


GAME = Game(
    id=ID,
    content=content_dir() / ID,
    schemas=_schemas,
    builders=_builders,
)
