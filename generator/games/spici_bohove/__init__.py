"""The game plugin of Spící bohové (Sleeping Gods), a campaign game: what it registers with papirna."""

from __future__ import annotations

from generator.plugins import Game, Scorer
from generator.resources import content_dir

ID = "spici-bohove"


def _schemas() -> dict:
    from generator.games.spici_bohove.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from generator.games.spici_bohove import log, ship, turn

    return {**log.BUILDERS, **ship.BUILDERS, **turn.BUILDERS}


def _scorer() -> Scorer:
    from generator.games.spici_bohove import score

    return Scorer(
        score.run,
        score.from_fields,
        campaign_refused="a ship's log already holds a whole campaign, scored once for the whole crew",
    )


GAME = Game(
    id=ID,
    content=content_dir() / ID,
    schemas=_schemas,
    builders=_builders,
    scorer=_scorer,
)
