"""The game plugin of Papírové doupě, a roll & write dungeon crawl: what it registers with papirna."""

from __future__ import annotations

from generator.plugins import BoxType, Game, Roller, Scorer
from generator.resources import content_dir

ID = "papirove-doupe"


def _schemas() -> dict:
    from generator.games.papirove_doupe.models import SCHEMAS

    return SCHEMAS


def _builders() -> dict:
    from generator.games.papirove_doupe import dice, sheet

    return {**dice.BUILDERS, **sheet.BUILDERS}


def _box_types() -> dict[str, BoxType]:
    from generator.games.papirove_doupe.plan_box import BOX_TYPES

    return BOX_TYPES


def _scorer() -> Scorer:
    from generator.games.papirove_doupe import score

    return Scorer(score.run, score.from_fields, campaign_refused=None, reads_photos=True)


def _roller() -> Roller:
    from generator.games.papirove_doupe import roll

    return Roller(
        roll.roll,
        "all six dice, with their numbers; a roll with three or more skulls, or three clovers, is invalid and rolled again (every attempt is shown).",
        "papirove-doupe/dice",
    )


def _commands(app) -> None:
    from generator.games.papirove_doupe import cli

    cli.register(app)


def _card_extras(pack, schema, model) -> dict:
    from generator.games.papirove_doupe.pack_hooks import card_extras

    return card_extras(pack, schema, model)


def _check_pack(pack) -> None:
    from generator.games.papirove_doupe.pack_hooks import check_pack

    check_pack(pack)


GAME = Game(
    id=ID,
    content=content_dir() / ID,
    schemas=_schemas,
    builders=_builders,
    box_types=_box_types,
    scorer=_scorer,
    roller=_roller,
    commands=_commands,
    card_extras=_card_extras,
    check_pack=_check_pack,
)
