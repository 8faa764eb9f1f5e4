"""Spící bohové final score: finished campaigns tallied by hand from the rulebook's scoring list.

Rulebook (rules/003_…, "Závěrečné skóre"): +2 per adventure card (+4 if it is a sacred item), +1 per
quest card (completed or not), +2 per level card, +1 per two remaining coins, +1 per remaining
artifact, +10 for reaching a numbered ending, -10 per defeat in the normal version, +25 for the
ruthless version. Every expected number below was worked out on paper, not by the code.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.games.spici_bohove.rules import score_log
from generator.games.spici_bohove.sheets import SpiciBohoveLog, SpiciBohoveScoring
from generator.resources import content_dir


@pytest.fixture(scope="module")
def table() -> SpiciBohoveScoring:
    return validate(
        SpiciBohoveScoring, load_yaml_file(content_dir() / "spici-bohove" / "scoring.yaml")
    )


def test_the_pack_table_is_the_rulebook_list(table: SpiciBohoveScoring) -> None:
    assert table.model_dump() == {
        "adventure_card": 2,
        "sacred_item": 4,
        "quest_card": 1,
        "level_card": 2,
        "coins_per_point": 2,
        "artifact": 1,
        "ending": 10,
        "defeat": -10,
        "ruthless": 25,
    }


def test_a_finished_normal_campaign_by_hand(table: SpiciBohoveScoring) -> None:
    # 23 adventure cards, 7 of them sacred items: 16 x 2 = 32 and 7 x 4 = 28; 9 quest cards = 9;
    # 6 level cards = 12; 13 coins = 6 (13 // 2); 3 artifacts = 3; ending no. 7 = 10;
    # 2 defeats = -20; total 32 + 28 + 9 + 12 + 6 + 3 + 10 - 20 = 80.
    log = SpiciBohoveLog(
        campaign="Podzimní plavba",
        crew="Eva, Jan, Petr, Lída",
        adventure_cards=23,
        sacred_items=7,
        quest_cards=9,
        level_cards=6,
        coins=13,
        artifacts=3,
        ending=7,
        defeats=2,
    )
    s = score_log(log, table)
    assert s.categories == {
        "adventure_cards": 32,
        "sacred_items": 28,
        "quest_cards": 9,
        "level_cards": 12,
        "coins": 6,
        "artifacts": 3,
        "ending": 10,
        "defeats": -20,
        "ruthless": 0,
    }
    assert s.total == 80
    assert s.player == "Eva, Jan, Petr, Lída"


def test_a_ruthless_campaign_lost_without_an_ending(table: SpiciBohoveScoring) -> None:
    # 11 adventure cards, 2 sacred: 9 x 2 + 2 x 4 = 26; 4 quests = 4; 3 level cards = 6;
    # 1 coin = 0; no ending = 0; ruthless = 25; total 61.
    log = SpiciBohoveLog(
        campaign="Nelítostná",
        version="ruthless",
        adventure_cards=11,
        sacred_items=2,
        quest_cards=4,
        level_cards=3,
        coins=1,
    )
    s = score_log(log, table)
    assert (s.categories["adventure_cards"], s.categories["sacred_items"]) == (18, 8)
    assert (s.categories["coins"], s.categories["ending"], s.categories["ruthless"]) == (0, 0, 25)
    assert s.total == 61
    assert s.player == "Nelítostná"  # no crew written: the campaign's name


def test_a_ruthless_campaign_that_reached_an_ending(table: SpiciBohoveScoring) -> None:
    # 5 plain adventure cards = 10, ending = 10, ruthless = 25: 45.
    log = SpiciBohoveLog(version="ruthless", adventure_cards=5, ending=12)
    assert score_log(log, table).total == 45


@pytest.mark.parametrize(("coins", "points"), [(0, 0), (1, 0), (2, 1), (3, 1), (10, 5), (41, 20)])
def test_coins_round_down(table: SpiciBohoveScoring, coins: int, points: int) -> None:
    assert score_log(SpiciBohoveLog(coins=coins), table).categories["coins"] == points


def test_only_sacred_items(table: SpiciBohoveScoring) -> None:
    # 4 adventure cards, all sacred items: 4 x 4 = 16 and nothing as plain cards.
    s = score_log(SpiciBohoveLog(adventure_cards=4, sacred_items=4), table)
    assert (s.categories["adventure_cards"], s.categories["sacred_items"], s.total) == (0, 16, 16)


def test_a_crushing_normal_campaign_goes_negative(table: SpiciBohoveScoring) -> None:
    # 3 defeats and little else: 2 adventure cards = 4, 1 quest = 1, 3 defeats = -30: -25.
    s = score_log(SpiciBohoveLog(adventure_cards=2, quest_cards=1, defeats=3), table)
    assert s.total == -25


def test_impossible_logs_are_refused() -> None:
    with pytest.raises(ValidationError, match="sacred items are adventure cards"):
        SpiciBohoveLog(adventure_cards=2, sacred_items=3)
    with pytest.raises(ValidationError, match="ruthless version the first defeat"):
        SpiciBohoveLog(version="ruthless", defeats=1)
