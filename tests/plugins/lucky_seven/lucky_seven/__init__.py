"""Lucky Seven, a two-dice game: the smallest complete papirna game plugin.

It registers a schema for its cards and its score sheet, a drawn score sheet, and a scorer.
"""

from __future__ import annotations

from pathlib import Path

from generator.plugins import Game, Scorer

ID = "lucky-seven"


def _schemas() -> dict:
    from lucky_seven.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from lucky_seven.sheet import build_sheet

    return {"lucky-seven/sheet": build_sheet}


def _scorer() -> Scorer:
    from lucky_seven.score import run

    return Scorer(run, campaign_refused="every game of Lucky Seven stands alone")


GAME = Game(
    id=ID,
    content=Path(__file__).parent / "pack",
    schemas=_schemas,
    builders=_builders,
    scorer=_scorer,
)
