"""The game plugin of the gamebook: character journal, combat tables and fight odds: what it registers with papirna."""

from __future__ import annotations

from generator.plugins import Game, Scorer
from generator.resources import content_dir

ID = "gamebook"


def _schemas() -> dict:
    from generator.games.gamebook.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from generator.games.gamebook import army, chart, journal, tables

    return {**army.BUILDERS, **chart.BUILDERS, **journal.BUILDERS, **tables.BUILDERS}


def _scorer() -> Scorer:
    from generator.games.gamebook import score

    return Scorer(
        score.run,
        score.from_fields,
        campaign_refused="a character journal is checked, not scored over several games",
    )


def _commands(app) -> None:
    from generator.games.gamebook import cli

    cli.register(app)


GAME = Game(
    id=ID,
    content=content_dir() / ID,
    schemas=_schemas,
    builders=_builders,
    scorer=_scorer,
    commands=_commands,
)
