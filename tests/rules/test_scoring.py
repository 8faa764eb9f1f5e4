"""Scoring by hand: every expected number below is worked out from the rules, not by the code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.games.gamebook import rules as gamebook
from generator.games.gamebook.sheets import GamebookJournal
from generator.games.papirove_doupe import models as pd
from generator.games.papirove_doupe import rules as pdr
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet
from generator.games.spici_bohove import rules as spici_bohove
from generator.games.spici_bohove.sheets import SpiciBohoveLog, SpiciBohoveScoring
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
            "text": {k: LOC for k in pd.SHEET_TEXT_KEYS},
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


# ------------------------------------------------ the built-in pack, tallied by hand from its cards


def builtin_cards() -> pdr.PackCards:
    from generator.content.pack import load_pack
    from generator.games.papirove_doupe.score import pd_cards
    from generator.resources import content_dir

    return pd_cards(load_pack(content_dir() / "papirove-doupe", builtin=True))


# Eva's end of game on dungeon card C (Rattling Skeleton, Shadow Leopard, Bone Archmage: all three
# have the cleric as their weakness). By hand from the rules and the printed cards:
#  ① levels 2+2+2+1 = 7, cleric twice: 9 -> range 7-10: +2
#  ② 4+3+4+2 = 13, cleric twice: 17, warrior level 4: +2, Flame Blade: +2 -> 21 -> 19+: +9,
#    strongest attack, reward 3 glory: +12
#  ③ 5+4+6+3 = 18, cleric twice: 24, +2 +2 -> 28 -> 28+: +14
#  lowest: thief at level 3: +3; level 6: the cleric: +3; item halves 2+1+2+2+2+1 = 10: +10;
#  item bonuses of the completed items 1, 4, 5, 7: 0 +1 +0 -3 = -2; gems 5 x 2 = +10;
#  minions 6 x 1 = +6; wounds 9 x -1 = -9; no resurrection: 0;
#  Gem Collector (glory 0, +1 per gem): +5; Jeweller (4 gems or more): +6;
#  Minion Hunter +4 and Three Sparkles +6: +10. Total 70.
EVA = {
    "player": "Eva",
    "dungeon": "C",
    "levels": {"warrior": 5, "wizard": 4, "cleric": 6, "thief": 3},
    "items": [2, 1, 0, 2, 2, 0, 2, 1],
    "gems": 5,
    "minions": 6,
    "wounds": 9,
    "fights": [
        {"levels": {"warrior": 2, "wizard": 2, "cleric": 2, "thief": 1}},
        {
            "levels": {"warrior": 4, "wizard": 3, "cleric": 4, "thief": 2},
            "bonus": 2,
            "strongest": True,
        },
        {"levels": {"warrior": 5, "wizard": 4, "cleric": 6, "thief": 3}, "bonus": 2},
    ],
    "ability": "gem-collector",
    "goals": ["jeweller"],
    "quests": ["minion-hunter", "three-sparkles"],
}
EVA_BY_HAND = {
    "monster1": 2,
    "monster2": 12,
    "monster3": 14,
    "lowest": 3,
    "level6": 3,
    "halves": 10,
    "item_bonus": -2,
    "gems": 10,
    "minions": 6,
    "wounds": -9,
    "resurrection": 0,
    "ability": 5,
    "goals": 6,
    "quests": 10,
}


def builtin_score(**changes) -> pdr.Score:
    sheet = PapiroveDoupeSheet.model_validate({**EVA, **changes})
    return pdr.score_sheet(sheet, builtin_cards())


def test_a_whole_builtin_game_tallied_by_hand() -> None:
    s = builtin_score()
    assert s.categories == EVA_BY_HAND
    assert s.total == 70


@pytest.mark.parametrize(
    ("ability", "extra", "glory"),
    [
        ("gem-collector", {}, 5),  # +1 per gem, 5 gems
        ("bane-of-minions", {}, 3),  # +1 per 2 minions, 6 minions
        ("smiths-apprentice", {}, 4),  # +1 per completed item: items 1, 4, 5 and 7
        ("scarred-veteran", {}, 3),  # the first 3 of 9 wounds do not count
        ("scarred-veteran", {"wounds": 2}, 2),  # only 2 wounds to take back
        ("glory-hunter", {}, 6),  # +2 for each of the 3 monsters fought
        ("glory-hunter", {"fights": [{"fled": True}, *EVA["fights"][1:]]}, 4),
        ("balanced-training", {}, 0),  # levels 3..6 differ by 3
        ("balanced-training", {"levels": {"warrior": 4, "wizard": 5, "cleric": 5, "thief": 4}}, 4),
        ("penny-pincher", {"unused_potions": 7}, 3),  # +1 per 2 unused potions: 7 // 2
        ("berserker", {}, -2),  # a rule ability: only its cost
        ("nimble-fingers", {}, 0),  # a setup ability: nothing at the end
        (3, {}, 3),  # the glory circled on the sheet, taken as it is
    ],
)
def test_end_of_game_abilities_score_what_their_cards_say(
    ability: str | int, extra: dict, glory: int
) -> None:
    assert builtin_score(ability=ability, **extra).categories["ability"] == glory


def test_glory_hunter_counts_a_fight_fled_for_weakness_as_fled() -> None:
    # ① with levels 1+1+1+1 = 4, cleric twice: 5 < 7, so the party fled: -3 and no bonus
    weak = {"levels": {"warrior": 1, "wizard": 1, "cleric": 1, "thief": 1}}
    s = builtin_score(ability="glory-hunter", fights=[weak, *EVA["fights"][1:]])
    assert s.categories["monster1"] == -3
    assert s.categories["ability"] == 4


def test_penny_pincher_needs_the_unused_potions() -> None:
    with pytest.raises(SheetError) as e:
        builtin_score(ability="penny-pincher")
    assert e.value.path == ("unused_potions",)
    with pytest.raises(SheetError, match="only 24 boxes"):
        builtin_score(ability="penny-pincher", unused_potions=25)


def test_sheet_circles_hold_every_glory_a_card_can_give() -> None:
    cards = builtin_cards()
    circles = cards.sheet.circles
    quest = [q.glory for q in cards.quests.values()] + [
        v for q in cards.quests.values() for v in q.solo
    ]
    assert circles.quest[0] <= min(quest) and max(quest) <= circles.quest[1]
    goals = [g.glory for g in cards.goals.values()]
    assert circles.goal[0] <= min(goals) and max(goals) <= circles.goal[1]
    # the richest end-of-game ability by hand: 12 gems (Gem Collector) or 24 unused potions / 2
    sd = cards.sheet
    most = {
        "gems": sd.gem_track,
        "minions": sd.minion_track,
        "completed_items": len(sd.items),
        "unused_potions": sd.potion_track,
        "fights_not_fled": 3,
        "wounds": sd.wound_track,
        "balanced_levels": 1,
    }
    best = [
        a.glory + (a.end.points(most[a.end.count]) if a.end else 0)
        for a in cards.abilities.values()
    ]
    assert max(best) == 12
    assert circles.ability[0] <= min(best) and max(best) <= circles.ability[1]


def test_rules_summary_prints_the_sheets_point_tables() -> None:
    import yaml

    from generator.resources import content_dir

    rules = yaml.safe_load((content_dir() / "papirove-doupe" / "rules.yaml").read_text("utf-8"))
    final = next(s for s in rules["sections"] if s["heading"]["en"] == "Final scoring")
    table = builtin_cards().sheet.scoring
    lowest = " / ".join(str(v) for v in table.lowest_adventurer)
    assert table.lowest_adventurer == [0, 1, 3, 6, 10, 15]
    for lang in ("cs", "en"):
        assert lowest in final["body"][lang]
    en = final["body"]["en"]
    assert f"+ {table.item_half} for each filled item half" in en
    assert f"+ {table.gem} for each gem" in en
    assert f"+ {table.minion} for each defeated minion" in en
    assert f"− {-table.wound} for each wound" in en
    assert f"− {-table.resurrection} for a resurrection" in en


def test_a_generated_card_is_scored_by_the_monsters_the_sheet_names() -> None:
    # G-3-1 (papirna dungeon new --seed 3): Goblin Chieftain, Crypt Wraith, Ruin Basilisk.
    # range 1 of the chieftain +3, fled the wraith -5, range 1 of the basilisk +5
    s = builtin_score(
        dungeon="G-3-1",
        monsters=["goblin-chieftain", "crypt-wraith", "ruin-basilisk"],
        fights=[{"range": 1}, {"fled": True}, {"range": 1}],
    )
    assert [s.categories[f"monster{i}"] for i in (1, 2, 3)] == [3, -5, 5]
    with pytest.raises(SheetError, match="give its monsters") as e:
        builtin_score(dungeon="G-3-1")
    assert e.value.path == ("dungeon",)
    with pytest.raises(SheetError, match="no monster 'dragon'") as e:
        builtin_score(dungeon="G-3-1", monsters=["goblin-chieftain", "dragon", "ruin-basilisk"])
    assert e.value.path == ("monsters", 1)
