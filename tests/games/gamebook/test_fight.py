"""Gamebook combat tables and exact fight odds: small fights worked out by hand, the pack's tables
against the formula, and the dynamic programme against fights played with dice."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.games.gamebook.models import CombatTables
from generator.games.gamebook.rules import (
    Fight,
    FightSolver,
    Friend,
    Side,
    Tables,
    check_tables,
    combat_tables,
    fight_odds,
    formula_damage,
    level_for,
    round_half_up,
    simulate_fight,
    threshold,
)
from generator.resources import content_dir

COMBAT_YAML = content_dir() / "gamebook" / "combat.yaml"


def flat(row: list[int], **spells: list[int]) -> Tables:
    """Tables where every attack, whatever its strength and table, deals `row[roll - 1]`."""
    cells = {t: (tuple(row),) for t in ("I", "II", "III")}
    spell_cells = tuple(tuple(spells.get(f"s{k}", [0] * 6)) for k in (1, 2, 3))
    return Tables((1,), cells, (1, 10, 20), 29, spell_cells)


ALWAYS = flat([1, 1, 1, 1, 1, 1])  # every hit takes 1
HALF = flat([0, 0, 0, 1, 1, 1])  # a hit on 4-6 takes 1


@pytest.fixture(scope="module")
def tables() -> Tables:
    return combat_tables(validate(CombatTables, load_yaml_file(COMBAT_YAML)))


# --- levels (existing rules, unchanged) ----------------------------------------------------------


def test_threshold_ladder_from_the_rulebook() -> None:
    assert [threshold(n) for n in (1, 2, 3, 4, 5)] == [0, 7, 21, 35, 49]
    assert level_for(6) == 1 and level_for(7) == 2 and level_for(35) == 4


# --- small fights by hand ------------------------------------------------------------------------


def test_one_hit_kills_and_you_strike_first() -> None:
    odds = fight_odds(ALWAYS, Fight(Side(1, 1), Side(1, 1), "you"))
    assert odds.win == 1 and odds.lose == 0 and odds.rounds == 1
    assert odds.strength_if_won == 1


def test_one_hit_kills_and_the_enemy_strikes_first() -> None:
    odds = fight_odds(ALWAYS, Fight(Side(1, 1), Side(1, 1), "enemy"))
    assert odds.win == 0 and odds.lose == 1 and odds.rounds == 1


def test_one_hit_kills_with_rolled_initiative_is_a_coin_flip() -> None:
    odds = fight_odds(ALWAYS, Fight(Side(1, 1), Side(1, 1), "roll"))
    assert odds.win == pytest.approx(0.5) and odds.rounds == pytest.approx(1)


def test_half_chance_hits_you_first() -> None:
    # P = 1/2 (you hit) + 1/2 * 1/2 (both miss) * P  ->  P = 2/3; E = 1 + 1/4 E -> 4/3
    odds = fight_odds(HALF, Fight(Side(1, 1), Side(1, 1), "you"))
    assert odds.win == pytest.approx(2 / 3)
    assert odds.rounds == pytest.approx(4 / 3)


def test_half_chance_hits_enemy_first() -> None:
    # P = 1/2 (it misses) * 1/2 (you hit) + 1/4 P  ->  P = 1/3
    odds = fight_odds(HALF, Fight(Side(1, 1), Side(1, 1), "enemy"))
    assert odds.win == pytest.approx(1 / 3)
    assert odds.rounds == pytest.approx(4 / 3)


def test_two_strength_each_first_strike_decides() -> None:
    # round 1: you 2->1 enemy 2->1; round 2: you strike first and kill
    odds = fight_odds(ALWAYS, Fight(Side(2, 1), Side(2, 1), "you"))
    assert odds.win == 1 and odds.rounds == 2 and odds.strength_if_won == 1
    odds = fight_odds(ALWAYS, Fight(Side(2, 1), Side(2, 1), "enemy"))
    assert odds.lose == 1 and odds.rounds == 2


def test_a_killed_defender_does_not_strike_back() -> None:
    # the enemy would kill you with its blow, but it dies first
    tables = Tables((1,), {"I": ((5,) * 6,), "II": ((1,) * 6,), "III": ((1,) * 6,)})
    odds = fight_odds(tables, Fight(Side(1, 1, "I"), Side(5, 1, "II"), "you"))
    assert odds.win == 1


def test_each_side_uses_its_own_table() -> None:
    tables = Tables((1,), {"I": ((2,) * 6,), "II": ((1,) * 6,), "III": ((0,) * 5 + (1,),)})
    # you on I deal 2 a round, the enemy on II deals 1: enemy 4 dies in round 2, you lose 1
    odds = fight_odds(tables, Fight(Side(3, 1, "I"), Side(4, 1, "II")))
    assert odds.win == 1 and odds.rounds == 2 and odds.strength_if_won == 2


def test_attack_strength_zero_never_wounds() -> None:
    # your armour value 0: the enemy wins however long it takes
    odds = fight_odds(HALF, Fight(Side(5, 0), Side(1, 1)))
    assert odds.lose == pytest.approx(1)
    # expected rounds: you need 5 hits of chance 1/2 -> 10 rounds
    assert odds.rounds == pytest.approx(10)


def test_flee_costs_a_free_blow() -> None:
    # the enemy strikes first in the flee round; a hit on 4-6 kills you
    odds = fight_odds(HALF, Fight(Side(1, 1), Side(9, 1), flee_at=1))
    assert odds.escape == pytest.approx(0.5) and odds.lose == pytest.approx(0.5)
    assert odds.win == 0 and odds.rounds == 1


def test_flee_only_once_weakened() -> None:
    # round 1: you hit (enemy 3->2), it hits (you 2->1); round 2 you flee and die
    odds = fight_odds(ALWAYS, Fight(Side(2, 1), Side(3, 1), flee_at=1))
    assert odds.lose == 1 and odds.rounds == 2
    # without a way to wound you the flight always works
    odds = fight_odds(ALWAYS, Fight(Side(2, 1), Side(3, 0), flee_at=2))
    assert odds.escape == 1


def test_a_warrior_friend_takes_the_blows() -> None:
    # alone: you hit (3->2), it kills you
    assert fight_odds(ALWAYS, Fight(Side(1, 1), Side(3, 1))).lose == 1
    # a warrior with 5 strength takes two blows; the group wins in round 3
    fight = Fight(Side(1, 1), Side(3, 1), friends=(Friend("warrior", 5, 1),))
    odds = fight_odds(ALWAYS, fight)
    assert odds.win == 1 and odds.rounds == 3


def test_group_attack_strength_is_summed() -> None:
    tables = Tables((1, 10), {t: ((0,) * 6, (1,) * 6) for t in ("I", "II", "III")})
    solver = FightSolver(tables, Fight(Side(3, 2), Side(9, 0), friends=(Friend("warrior", 2, 2),)))
    assert solver.party_attack((3, 2)) == 10
    assert solver.party_damage((3, 2)) == ((1, 1.0),)
    assert solver.party_damage((3, 0)) == ((0, 1.0),)  # 6: below the band that wounds


def test_a_wizard_friend_casts_every_round() -> None:
    tables = flat([0] * 6, s2=[1] * 6)
    fight = Fight(Side(1, 0), Side(2, 0), friends=(Friend("wizard", power=12),))
    odds = fight_odds(tables, fight)
    assert odds.win == 1 and odds.rounds == 2


def test_spellcasting_adds_a_light_spell_to_your_attack() -> None:
    tables = flat([0, 0, 0, 1, 1, 1], s1=[1] * 6)
    odds = fight_odds(tables, Fight(Side(1, 1), Side(2, 0), spellcasting=1))
    # each round: 1 from the spell, plus 1 with chance 1/2 -> round 1 kills with 1/2
    assert odds.win == 1
    assert odds.rounds == pytest.approx(1.5)


def test_nonsense_is_refused(tables: Tables) -> None:
    bad = [
        (Fight(Side(-3, 1), Side(5, 1)), "your strength must be 1 or more, got -3"),
        (Fight(Side(5, 1), Side(0, 1)), "the enemy's strength must be 1 or more"),
        (Fight(Side(5, -1), Side(5, 1)), "armour value must be 0–50"),
        (Fight(Side(5, 1, "IV"), Side(5, 1)), "table must be I, II or III, got 'IV'"),
        (Fight(Side(5, 0), Side(5, 0)), "neither side can wound"),
        (Fight(Side(5, 1), Side(5, 1), friends=(Friend("wizard", power=40),)), "spell power"),
        (Fight(Side(5, 1), Side(5, 1), friends=(Friend("bard", 3, 1),)), "expected warrior"),
        (Fight(Side(5, 1), Side(5, 1), friends=(Friend("warrior", 3, 1),) * 3), "at most 2"),
        (Fight(Side(5, 1), Side(5, 1), spellcasting=4), "spellcasting level"),
        (Fight(Side(5, 1), Side(5, 1), flee_at=-1), "flee strength"),
    ]
    for fight, message in bad:
        with pytest.raises(PapirnaError, match=message.replace("(", r"\(")):
            fight_odds(tables, fight)


def test_a_fight_nobody_can_end_is_refused() -> None:
    never = flat([0] * 6)
    with pytest.raises(PapirnaError, match="never ends"):
        fight_odds(never, Fight(Side(2, 1), Side(2, 1)))


# --- the pack's tables ---------------------------------------------------------------------------


def test_round_half_up() -> None:
    assert [round_half_up(x) for x in (0.49, 0.5, 1.5, 2.5, 2.49999)] == [0, 1, 2, 3, 2]


def test_a_row_of_table_two_by_hand(tables: Tables) -> None:
    # band 40-49 stands for 44.5: 1.25 x 4.45^0.6 = 1.25 x 2.4494 = 3.0617; the roll factor
    # (r + 1.5) / 5 is 0.5, 0.7, 0.9, 1.1, 1.3, 1.5 -> 1.53 2.14 2.76 3.37 3.98 4.59
    assert tables.cells["II"][tables.band(44)] == (2, 2, 3, 3, 4, 5)
    assert formula_damage(1.25, 0, 44.5, 6, 0.6, 1.5) == 5


def test_bands_and_lookup(tables: Tables) -> None:
    assert tables.band(0) is None and tables.damage("I", 0, 6) == 0
    assert tables.band(1) == 0 and tables.band(9) == 0 and tables.band(10) == 1
    assert tables.band_label(0) == "1–9" and tables.band_label(len(tables.bands) - 1) == "200+"
    assert tables.band(10_000) == len(tables.bands) - 1
    assert [tables.spell_label(i) for i in range(3)] == ["1–9", "10–19", "20–29"]
    assert tables.spell_band(9) == 0 and tables.spell_band(10) == 1 and tables.spell_band(29) == 2


def test_tables_rise_with_strength_and_roll(tables: Tables) -> None:
    for name in ("I", "II", "III"):
        rows = tables.cells[name]
        for i, row in enumerate(rows):
            assert list(row) == sorted(row), (name, i)
            assert row[-1] >= 1
            if i:
                assert all(a <= b for a, b in zip(rows[i - 1], row, strict=True))
        assert rows[-1][-1] > rows[0][-1]


def test_table_one_hits_hardest_three_softest(tables: Tables) -> None:
    one, two, three = (tables.cells[n] for n in ("I", "II", "III"))
    for a, b, c in zip(one, two, three, strict=True):
        assert all(x >= y >= z for x, y, z in zip(a, b, c, strict=True))
    assert sum(map(sum, one)) > sum(map(sum, two)) > sum(map(sum, three))
    assert min(min(r) for r in one) >= 1  # on table I every hit wounds


def test_check_tables_refuses_a_falling_row() -> None:
    bad = Tables((1,), {"I": ((2, 1, 2, 2, 2, 2),), "II": ((1,) * 6,), "III": ((1,) * 6,)})
    with pytest.raises(PapirnaError, match="falls with the roll"):
        check_tables(bad)


def test_parameters_out_of_order_are_refused(tmp_path: Path) -> None:
    text = COMBAT_YAML.read_text(encoding="utf-8").replace("II: {power: 1.25", "II: {power: 2.5")
    bad = tmp_path / "combat.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(PapirnaError, match="power must fall"):
        validate(CombatTables, load_yaml_file(bad))


# --- the programme against dice ------------------------------------------------------------------

MC_FIGHTS = [
    Fight(Side(10, 4), Side(12, 3)),
    Fight(Side(10, 4), Side(12, 3), "roll"),
    Fight(Side(12, 3, "I"), Side(20, 4, "III"), "enemy"),
    Fight(Side(10, 4), Side(25, 5), flee_at=4),
    Fight(Side(8, 3), Side(14, 3), friends=(Friend("wizard", power=15),), spellcasting=1),
    Fight(Side(6, 4), Side(18, 3), "roll", friends=(Friend("warrior", 5, 3),)),
]


@pytest.mark.parametrize("fight", MC_FIGHTS, ids=range(len(MC_FIGHTS)))
def test_exact_odds_match_fights_played_with_dice(tables: Tables, fight: Fight) -> None:
    solver = FightSolver(tables, fight)
    odds = solver.odds()
    rng = random.Random(20240611)
    n = 6000
    results = [simulate_fight(tables, fight, rng, solver) for _ in range(n)]
    for outcome, p in (("win", odds.win), ("lose", odds.lose), ("escape", odds.escape)):
        share = sum(r.outcome == outcome for r in results) / n
        se = math.sqrt(max(p * (1 - p), 1 / n) / n)
        assert abs(share - p) <= 4.5 * se, (outcome, share, p)
    rounds = [r.rounds for r in results]
    mean = sum(rounds) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in rounds) / (n - 1))
    assert abs(mean - odds.rounds) <= 4.5 * sd / math.sqrt(n) + 1e-9


@pytest.mark.parametrize(
    "fight",
    [
        Fight(Side(10, 4), Side(25, 5), flee_at=4),
        Fight(Side(10, 4), Side(12, 3), "roll", spellcasting=2),
        Fight(Side(9, 2, "III"), Side(14, 3, "I"), "enemy", friends=(Friend("wizard", power=5),)),
    ],
)
def test_the_plain_loop_for_you_alone_agrees_with_the_general_recurrence(
    tables: Tables, fight: Fight
) -> None:
    fast = FightSolver(tables, fight)
    fast.solve()
    general = FightSolver(tables, fight)
    for e in range(1, fight.enemy.strength + 1):
        for h in range(1, fight.you.strength + 1):
            general.values[(e, h)] = general._state(e, (h,))
    assert fast.values.keys() == general.values.keys()
    for key, v in fast.values.items():
        assert v == pytest.approx(general.values[key], abs=1e-12), key


@settings(max_examples=40, deadline=None)
@given(
    you=st.integers(1, 14),
    armour=st.integers(0, 6),
    enemy=st.integers(1, 14),
    enemy_armour=st.integers(1, 6),
    initiative=st.sampled_from(["you", "enemy", "roll"]),
    table=st.sampled_from(["I", "II", "III"]),
)
def test_odds_add_up_and_fall_with_enemy_strength(
    tables: Tables,
    you: int,
    armour: int,
    enemy: int,
    enemy_armour: int,
    initiative: str,
    table: str,
) -> None:
    fight = Fight(Side(you, armour, table), Side(enemy, enemy_armour), initiative)  # type: ignore[arg-type]
    solver = FightSolver(tables, fight)
    odds = solver.odds()
    assert odds.win + odds.lose + odds.escape == pytest.approx(1)
    assert odds.rounds >= 1
    stronger = solver.odds(enemy + 1)
    assert stronger.win <= odds.win + 1e-12
    better = fight_odds(tables, fight._replace(you=Side(you + 1, armour, table)))
    assert better.win >= odds.win - 1e-12
