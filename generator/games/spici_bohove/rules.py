"""Spící bohové rules: the final campaign score."""

from __future__ import annotations

from generator.games.spici_bohove.models import SCORE_CATEGORIES
from generator.games.spici_bohove.sheets import SpiciBohoveLog, SpiciBohoveScoring
from generator.rules.scoring import Score

SB_CATEGORIES = SCORE_CATEGORIES


def score_log(log: SpiciBohoveLog, table: SpiciBohoveScoring) -> Score:
    """The final score of a ship's log, category by category."""
    plain = log.adventure_cards - log.sacred_items
    cats = {
        "adventure_cards": plain * table.adventure_card,
        "sacred_items": log.sacred_items * table.sacred_item,
        "quest_cards": log.quest_cards * table.quest_card,
        "level_cards": log.level_cards * table.level_card,
        "coins": log.coins // table.coins_per_point,
        "artifacts": log.artifacts * table.artifact,
        "ending": table.ending if log.ending is not None else 0,
        "defeats": log.defeats * table.defeat if log.version == "normal" else 0,
        "ruthless": table.ruthless if log.version == "ruthless" else 0,
    }
    return Score(log.crew or log.campaign or "crew", cats)
