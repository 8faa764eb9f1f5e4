"""Gamebook rules checked against numbers worked out by hand from the rulebook (rules/004_…) and from
the formula in content/gamebook/combat.yaml: the experience ladder, journal checks, table cells read
by the play-test, and small fights on the real tables whose odds were computed on paper."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.games.gamebook.models import CombatTables
from generator.games.gamebook.rules import (
    Fight,
    Friend,
    Side,
    Tables,
    check_journal,
    combat_tables,
    fight_odds,
    level_for,
    threshold,
)
from generator.games.gamebook.sheets import GamebookJournal
from generator.resources import content_dir


@pytest.fixture(scope="module")
def tables() -> Tables:
    doc = load_yaml_file(content_dir() / "gamebook" / "combat.yaml")
    return combat_tables(validate(CombatTables, doc))


# --- levels ---------------------------------------------------------------------------------------


def test_ladder_is_seven_times_the_two_levels() -> None:
    # "7 x (current level + previous level)": 1->2: 7 x (1 + 0) = 7, 2->3: 7 x 3 = 21,
    # 3->4: 7 x 5 = 35 (the rulebook's example), 4->5: 7 x 7 = 49, 5->6: 63, 9->10: 7 x 17 = 119.
    assert [threshold(n) for n in range(1, 11)] == [0, 7, 21, 35, 49, 63, 77, 91, 105, 119]


@pytest.mark.parametrize(
    ("xp", "level"),
    [(0, 1), (6, 1), (7, 2), (20, 2), (21, 3), (34, 3), (35, 4), (118, 9), (119, 10)],
)
def test_level_from_experience(xp: int, level: int) -> None:
    assert level_for(xp) == level


def test_journal_check_by_hand() -> None:
    # 35 XP is level 4: base strength 10 + 3 level-ups = 13, next level at 7 x (4 + 3) = 49.
    ok = check_journal(
        GamebookJournal(experience=35, level=4, base_strength=13, strength=9, food=21)
    )
    assert (ok.level, ok.base_strength, ok.next_level_at, ok.problems) == (4, 13, 49, [])
    bad = check_journal(
        GamebookJournal(experience=35, level=3, base_strength=12, strength=13, food=22)
    )
    assert [field for field, _ in bad.problems] == ["level", "base_strength", "strength", "food"]


# --- table cells read during the play-test --------------------------------------------------------
# cell = max(floor, round_half_up(P x (m / 10) ^ 0.6 x (r + 1.5) / 5)), m the middle of the band.


def test_table_two_attack_40_to_49(tables: Tables) -> None:
    # m = 44.5: 4.45 ^ 0.6 = 2.4494; x 1.25 = 3.0617; x 0.5, 0.7, 0.9, 1.1, 1.3, 1.5
    # = 1.53, 2.14, 2.76, 3.37, 3.98, 4.59 -> 2, 2, 3, 3, 4, 5
    assert [tables.damage("II", 44, r) for r in range(1, 7)] == [2, 2, 3, 3, 4, 5]


def test_table_two_weakest_row(tables: Tables) -> None:
    # m = 5: 0.5 ^ 0.6 = 0.6598; x 1.25 = 0.8247; a 1 gives 0.41 -> 0, a 2 gives 0.58 -> 1
    assert [tables.damage("II", 9, r) for r in range(1, 7)] == [0, 1, 1, 1, 1, 1]


def test_table_one_open_row(tables: Tables) -> None:
    # 200+ stands for 250: 25 ^ 0.6 = 6.8986; x 1.7 = 11.728; x 0.5 ... 1.5
    # = 5.86, 8.21, 10.56, 12.90, 15.25, 17.59 -> 6, 8, 11, 13, 15, 18
    assert [tables.damage("I", 600, r) for r in range(1, 7)] == [6, 8, 11, 13, 15, 18]


def test_table_three_attack_40_to_49(tables: Tables) -> None:
    # 2.4494 x 0.9 = 2.2045; x 0.5 ... 1.5 = 1.10, 1.54, 1.98, 2.42, 2.87, 3.31
    assert [tables.damage("III", 40, r) for r in range(1, 7)] == [1, 2, 2, 2, 3, 3]


def test_light_spell_columns(tables: Tables) -> None:
    # 1-9: m = 5, 0.6598 x 1.1 = 0.7258 -> 0, 1, 1, 1, 1, 1
    # 20-29: m = 24.5, 2.45 ^ 0.6 = 1.7121 x 1.1 = 1.8833 -> 0.94, 1.32, 1.70, 2.07, 2.45, 2.82
    assert [tables.spell(5, r) for r in range(1, 7)] == [0, 1, 1, 1, 1, 1]
    assert [tables.spell(29, r) for r in range(1, 7)] == [1, 1, 2, 2, 2, 3]


def test_attack_strength_zero_never_wounds(tables: Tables) -> None:
    assert [tables.damage(t, 0, 6) for t in ("I", "II", "III")] == [0, 0, 0]


# --- small fights on the real tables, odds worked out on paper -----------------------------------


def test_weak_fighters_trading_single_wounds(tables: Tables) -> None:
    # You 3 x 3 against an enemy 2 x 3, both on II, you strike first. Every attack strength is in
    # the band 1-9 (9, 6, 3), which wounds 1 on 2-6: q = 5/6. With P(e, h) your chance to win,
    # P(1, h) = 1 - (1/7)^h and P(2, h) = q (q P(1, h-1) + P(1, h) / 6) + (q P(2, h-1)
    # + P(2, h) / 6) / 6 give P(2, 1) = 6/49, P(2, 2) = 264/343 and P(2, 3) = 2286/2401.
    odds = fight_odds(tables, Fight(Side(3, 3), Side(2, 3)))
    assert odds.win == pytest.approx(float(Fraction(2286, 2401)), abs=1e-12)
    assert odds.lose == pytest.approx(float(Fraction(115, 2401)), abs=1e-12)
    one = fight_odds(tables, Fight(Side(1, 3), Side(1, 3)))
    assert one.win == pytest.approx(6 / 7, abs=1e-12)
    assert one.rounds == pytest.approx(36 / 35, abs=1e-12)  # a round nobody is hurt in: 1/36


def test_strength_left_after_a_win(tables: Tables) -> None:
    # You 10 x 4 = 40 (row 40-49: 2, 2, 3, 3, 4, 5) against 3 x 2. A 3-6 kills at once (you keep
    # 10); a 1-2 leaves the enemy at 1, whose attack 2 wounds 1 on 2-6, and your next blow (at 40
    # or 36) kills. Rounds 1 x 4/6 + 2 x 2/6 = 4/3; strength 4/6 x 10 + 2/6 x (10/6 + 9 x 5/6)
    # = 175/18.
    odds = fight_odds(tables, Fight(Side(10, 4), Side(3, 2)))
    assert odds.win == pytest.approx(1.0)
    assert odds.rounds == pytest.approx(4 / 3, abs=1e-12)
    assert odds.strength_if_won == pytest.approx(175 / 18, abs=1e-12)


def test_fleeing_gives_the_enemy_one_free_blow(tables: Tables) -> None:
    # The enemy 30 x 5 = 150 strikes on II row 150-199: 3, 5, 6, 8, 9, 10. At strength 5 you live
    # only on a 1 (escape 1/6); at strength 10 you die only on a 6 (lose 1/6).
    weak = fight_odds(tables, Fight(Side(5, 4), Side(30, 5), flee_at=5))
    assert (weak.escape, weak.lose, weak.rounds) == pytest.approx((1 / 6, 5 / 6, 1.0))
    fit = fight_odds(tables, Fight(Side(10, 4), Side(30, 5), flee_at=10))
    assert (fit.escape, fit.lose) == pytest.approx((5 / 6, 1 / 6))


def test_a_wizard_alone_wins_a_fight_nobody_else_can(tables: Tables) -> None:
    # Armour 0 on both sides: only the wizard's spell (power 5, column 1-9: 0, 1, 1, 1, 1, 1)
    # wounds. It kills an enemy of strength 1 on 2-6 each round: expected rounds 6/5.
    odds = fight_odds(tables, Fight(Side(10, 0), Side(1, 0), friends=(Friend("wizard", power=5),)))
    assert (odds.win, odds.rounds) == pytest.approx((1.0, 1.2))


def test_odds_stay_within_zero_and_one(tables: Tables) -> None:
    # A fight the group cannot lose: the geometric series must not report a win above 1.
    group = (Friend("warrior", 8, 2), Friend("wizard", power=15))
    odds = fight_odds(
        tables,
        Fight(Side(10, 4), Side(12, 3), "roll", group, spellcasting=1, flee_at=3),
    )
    assert 0.0 <= odds.lose <= odds.lose + odds.escape <= 1.0
    assert odds.win == pytest.approx(1.0) and odds.win <= 1.0
