"""Scoring by hand: every expected number below is worked out from the rules, not by the code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.content.games import papirove_doupe as pd
from generator.content.games.sheets import (
    GamebookJournal,
    PapiroveDoupeSheet,
    SpiciBohoveLog,
    SpiciBohoveScoring,
)
from generator.rules import gamebook, spici_bohove
from generator.rules import papirove_doupe as pdr
from generator.rules.scoring import SheetError, rank

LOC = {"cs": "x", "en": "x"}


def monster(mid: str, weakness: str, reward: str = "glory") -> pd.Monster:
    return pd.Monster.model_validate(
        {
            "id": mid,
            "name": LOC,
            "weakness": weakness,
            "ranges": [
                {"min": 10, "max": 14, "glory": 3, "wounds": 2},
                {"min": 15, "max": 19, "glory": 6, "wounds": 1},
                {"min": 20, "glory": 9, "wounds": 0},
            ],
            "flee": -4,
            "reward": {"kind": reward, "amount": 2},
        }
    )


def pack() -> pdr.PackCards:
    items = [
        {
            "id": f"i{n}",
            "name": LOC,
            "kind": "permanent",
            "effect": LOC,
            "glory": g,
            **({"symbol": s} if s else {}),
        }
        for n, (g, s) in enumerate(
            [
                (0, "warrior"),
                (-1, "wizard"),
                (0, "cleric"),
                (1, "thief"),
                (0, None),
                (4, None),
                (-3, None),
                (1, None),
            ]
        )
    ]
    sheet = pd.SheetData.model_validate(
        {
            "adventurers": {
                a: {"ability": LOC, "ability_icon": "gem", "level6_glory": g}
                for a, g in (("warrior", 4), ("wizard", 4), ("cleric", 3), ("thief", 3))
            },
            "wound_track": 40,
            "potion_track": 24,
            "potion_bonuses": [],
            "items": items,
            "gem_track": 12,
            "minion_track": 14,
            "strength_bonus": {"warrior-level-4": 2},
            "scoring": {
                "lowest_adventurer": [0, 1, 3, 6, 10, 15],
                "item_half": 1,
                "gem": 2,
                "minion": 1,
                "wound": -1,
                "resurrection": -9,
            },
        }
    )
    plan = pd.Plan.model_validate(
        {
            "id": "t",
            "rooms": {
                f"{c}5": {"treasure": {"kind": "gem", "letter": L}}
                for c, L in zip("ABCDEF", "ABCDEF", strict=True)
            }
            | {
                f"{c}6": {"treasure": {"kind": "gem", "letter": L}}
                for c, L in zip("ABCDEF", "GHIJKL", strict=True)
            },
        }
    )
    card = pd.DungeonCard.model_validate(
        {
            "id": "A",
            "campaign": "c",
            "title": LOC,
            "story": LOC,
            "monsters": ["m1", "m2", "m3"],
            "positions": ["B3", "C5", "D7"],
        }
    )
    quest = pd.Quest.model_validate(
        {"id": "q1", "name": LOC, "condition": LOC, "glory": 5, "solo": [9, 8, 7, 6, 5, 4, 3, 2]}
    )
    goal = pd.Goal.model_validate(
        {
            "id": "g1",
            "name": LOC,
            "objective": LOC,
            "glory": 7,
            "training": {
                "warrior": "white",
                "wizard": "black",
                "cleric": "white",
                "thief": "black",
            },
        }
    )
    berserker = pd.Ability.model_validate(
        {"id": "berserker", "name": LOC, "text": LOC, "rule": "berserker", "glory": -2, "bonus": 2}
    )
    return pdr.PackCards(
        sheet=sheet,
        plan=plan,
        monsters={
            "m1": monster("m1", "warrior"),
            "m2": monster("m2", "cleric"),
            "m3": monster("m3", "thief", reward="gem"),
        },
        dungeons={"A": card},
        abilities={"berserker": berserker},
        goals={"g1": goal},
        quests={"q1": quest},
    )


BASE = {
    "player": "Eva",
    "dungeon": "A",
    "levels": {"warrior": 6, "wizard": 3, "cleric": 4, "thief": 6},
    "items": [2, 2, 1, 0, 0, 2, 0, 0],
    "gems": 5,
    "minions": 6,
    "wounds": 7,
    "resurrection": False,
    "fights": [{"range": 1, "strongest": True}, {"fled": True}, {"range": 3, "strongest": True}],
    "ability": "berserker",
    "goals": ["g1"],
    "quests": ["q1", 4],
}


def score(**changes) -> dict[str, int]:
    sheet = PapiroveDoupeSheet.model_validate({**BASE, **changes})
    return pdr.score_sheet(sheet, pack()).categories


def test_every_category_by_hand() -> None:
    got = score()
    assert got == {
        "monster1": 3 + 2,  # range 1 glory 3, strongest attack with a glory reward of 2
        "monster2": -4,  # fled: the card's negative glory
        "monster3": 9,  # range 3 glory 9; its reward is a gem, already on the gem track
        "lowest": 3,  # the wizard at level 3 -> table[3 - 1] = 3
        "level6": 4 + 3,  # warrior and thief reached level 6
        "halves": 7,  # 2 + 2 + 1 + 2 halves, 1 glory each
        "item_bonus": 0 - 1 + 4,  # items 1, 2 and 6 are complete: 0, -1 and +4
        "gems": 10,  # 5 gems x 2
        "minions": 6,
        "wounds": -7,
        "resurrection": 0,
        "ability": -2,
        "goals": 7,
        "quests": 5 + 4,  # quest q1 (5) and a circled 4
    }
    sheet = PapiroveDoupeSheet.model_validate(BASE)
    assert (
        pdr.score_sheet(sheet, pack()).total == 5 - 4 + 9 + 3 + 7 + 7 + 3 + 10 + 6 - 7 - 2 + 7 + 9
    )


def test_strength_from_levels_doubles_the_weakness_and_adds_bonuses() -> None:
    # m1's weakness is the warrior: 2 + 1 + 1 + 1 = 5, warrior again +2 = 7; below 10: fled (-4)
    low = {"warrior": 2, "wizard": 1, "cleric": 1, "thief": 1}
    assert (
        score(fights=[{"levels": low}, {"fled": True}, {"fled": True}], ability=None)["monster1"]
        == -4
    )
    # warrior 4, others 2: 4+2+2+2 = 10, +4 (weakness) = 14, +2 warrior at level 4 = 16,
    # +2 berserker = 18 -> range 2 (15-19) -> 6 glory
    mid = {"warrior": 4, "wizard": 2, "cleric": 2, "thief": 2}
    assert score(fights=[{"levels": mid}, {"fled": True}, {"fled": True}])["monster1"] == 6
    # the same without the berserker ability: 16 -> still range 2
    assert (
        score(fights=[{"levels": mid}, {"fled": True}, {"fled": True}], ability=None)["monster1"]
        == 6
    )
    # strength given outright: 20 -> range 3
    assert score(fights=[{"strength": 20}, {"fled": True}, {"fled": True}])["monster1"] == 9


def test_resurrection_and_solo_quests() -> None:
    assert score(resurrection=True)["resurrection"] == -9
    solo = score(
        mode="solo",
        quests=[{"id": "q1", "round": 3}],
        fights=[{"range": 1}, {"fled": True}, {"range": 3}],
    )
    assert solo["quests"] == 7  # solo scale [9, 8, 7, ...], round 3
    assert solo["monster1"] == 3  # no strongest-attack reward in the solo game


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"levels": {"warrior": 7, "wizard": 1, "cleric": 1, "thief": 1}},
            None,
            "less than or equal to 6",
        ),
        ({"items": [2] * 9}, None, "at most 8"),
        ({"items": [3, 0]}, None, "less than or equal to 2"),
        ({"gems": 13}, ("gems",), "13 gems"),
        ({"wounds": 41}, ("wounds",), "only 40 boxes"),
        ({"quests": ["q1", "q1"]}, None, "counted twice"),
        ({"quests": ["q9"]}, ("quests", 0), "no quest card 'q9'"),
        ({"dungeon": "Z"}, ("dungeon",), "no dungeon card"),
        (
            {
                "mode": "solo",
                "quests": [{"id": "q1"}],
                "fights": [{"range": 1}, {"fled": True}, {"range": 3}],
            },
            ("quests", 0, "round"),
            "give the round",
        ),
        ({"mode": "solo"}, ("fights", 0, "strongest"), "solo game has no strongest"),
    ],
)
def test_impossible_sheets_are_refused(changes: dict, field, message: str) -> None:
    with pytest.raises((SheetError, ValueError)) as err:
        score(**changes)
    assert message in str(err.value)
    if field is not None:
        assert err.value.path == field


def test_unknown_category_is_refused() -> None:
    with pytest.raises(ValueError, match="bonus_points"):
        PapiroveDoupeSheet.model_validate({**BASE, "bonus_points": 3})


@given(
    levels=st.fixed_dictionaries(
        {a: st.integers(1, 6) for a in ("warrior", "wizard", "cleric", "thief")}
    ),
    gems=st.integers(0, 12),
    minions=st.integers(0, 14),
    wounds=st.integers(0, 40),
    items=st.lists(st.integers(0, 2), max_size=8),
)
def test_total_is_sum_and_more_is_better(levels, gems, minions, wounds, items) -> None:
    sheet = {"levels": levels, "gems": gems, "minions": minions, "wounds": wounds, "items": items}
    s = pdr.score_sheet(PapiroveDoupeSheet.model_validate({**BASE, **sheet}), pack())
    assert s.total == sum(s.categories.values())
    if gems < 12:
        more = pdr.score_sheet(
            PapiroveDoupeSheet.model_validate({**BASE, **sheet, "gems": gems + 1}), pack()
        )
        assert more.total > s.total
    if wounds < 40:
        hurt = pdr.score_sheet(
            PapiroveDoupeSheet.model_validate({**BASE, **sheet, "wounds": wounds + 1}), pack()
        )
        assert hurt.total < s.total
    low = min(levels, key=levels.get)
    if levels[low] < 5:  # raising the lowest adventurer never lowers the score
        up = dict(levels, **{low: levels[low] + 1})
        raised = pdr.score_sheet(
            PapiroveDoupeSheet.model_validate({**BASE, **sheet, "levels": up}), pack()
        )
        assert raised.total >= s.total


def test_ranking_shares_ties() -> None:
    assert rank([10, 12, 10, 3]) == [2, 1, 2, 4]
    assert rank([5, 5]) == [1, 1]


SB = SpiciBohoveScoring(
    adventure_card=2,
    sacred_item=4,
    quest_card=1,
    level_card=2,
    coins_per_point=2,
    artifact=1,
    ending=10,
    defeat=-10,
    ruthless=25,
)


def test_spici_bohove_normal_by_hand() -> None:
    log = SpiciBohoveLog(
        adventure_cards=7,
        sacred_items=2,
        quest_cards=4,
        level_cards=3,
        coins=9,
        artifacts=2,
        ending=31,
        defeats=2,
    )
    s = spici_bohove.score_log(log, SB)
    # 5 plain x 2 = 10, 2 sacred x 4 = 8, 4 quests, 3 levels x 2 = 6, 9 coins -> 4, 2 artifacts,
    # ending +10, 2 defeats -20
    assert s.categories == {
        "adventure_cards": 10,
        "sacred_items": 8,
        "quest_cards": 4,
        "level_cards": 6,
        "coins": 4,
        "artifacts": 2,
        "ending": 10,
        "defeats": -20,
        "ruthless": 0,
    }
    assert s.total == 24


def test_spici_bohove_ruthless_by_hand() -> None:
    log = SpiciBohoveLog(version="ruthless", adventure_cards=1, coins=1)
    s = spici_bohove.score_log(log, SB)
    assert (
        s.total == 2 + 0 + 25
    )  # one plain adventure card, 1 coin rounds down to 0, ruthless bonus
    with pytest.raises(ValueError, match="ruthless"):
        SpiciBohoveLog(version="ruthless", defeats=1)
    with pytest.raises(ValueError, match="sacred"):
        SpiciBohoveLog(adventure_cards=1, sacred_items=2)


def test_gamebook_levels_by_hand() -> None:
    # level 2 at 7, level 3 at 21 = 7 x (2 + 1), level 4 at 35 = 7 x (3 + 2), level 5 at 49
    assert [gamebook.level_for(x) for x in (0, 6, 7, 20, 21, 34, 35, 48, 49)] == [
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
    ]
    r = gamebook.check_journal(
        GamebookJournal(experience=30, level=3, base_strength=12, strength=11, food=21)
    )
    assert (r.level, r.next_level_at, r.base_strength, r.problems) == (3, 35, 12, [])
    bad = gamebook.check_journal(
        GamebookJournal(experience=30, level=2, base_strength=12, strength=13, food=22)
    )
    assert [f for f, _ in bad.problems] == ["level", "strength", "food"]
