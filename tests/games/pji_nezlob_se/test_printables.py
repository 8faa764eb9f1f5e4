"""PJi, nezlob se: the figure numbers and race bonuses, the board geometry, standees, mana trackers,
and the contest odds the stats card prints (worked out by hand from two d6)."""

from __future__ import annotations

import math
import random
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from generator.content.pack import load_pack
from generator.errors import PapirnaError
from generator.games.pji_nezlob_se.art import luminance, mix, pattern_ink
from generator.games.pji_nezlob_se.board import CAMP, MERLON, geometry
from generator.games.pji_nezlob_se.figures import PANEL_W, TAB
from generator.games.pji_nezlob_se.mana import tracker_boxes, unit
from generator.games.pji_nezlob_se.models import STATS, Game
from generator.games.pji_nezlob_se.rules import contest_odds, duel_odds, roll_contest, roll_duel
from generator.resources import content_dir

PACK = content_dir() / "pji-nezlob-se"


@pytest.fixture(scope="module")
def game() -> Game:
    return load_pack(PACK, builtin=True).printables["board"].files["game"].model


def test_every_figure_has_five_points_three_in_its_speciality(game: Game) -> None:
    best = {"warrior": "combat", "wizard": "magic", "thief": "agility"}
    for fig in game.figures:
        values = [fig.stats.get(s) for s in STATS]
        assert sum(values) == 5, fig.id
        if fig.id in best:
            assert fig.stats.get(best[fig.id]) == 3
            assert max(values) == 3
    assert [game.figure("ranger").stats.get(s) for s in STATS] == [2, 2, 1]


def test_race_bonus_is_plus_one_to_the_speciality(game: Game) -> None:
    assert game.effective("dwarves", "warrior").combat == 4
    assert game.effective("hobbits", "thief").agility == 4
    assert game.effective("elves", "wizard").magic == 4
    # humans keep their ranger's numbers; the extra movement die is their bonus
    assert game.effective("humans", "ranger") == game.figure("ranger").stats
    # nobody else changes
    assert game.effective("dwarves", "wizard") == game.figure("wizard").stats
    assert game.effective("elves", "warrior") == game.figure("warrior").stats


def test_starting_mana(game: Game) -> None:
    assert game.starting_mana("humans") == (3, 8)
    assert game.starting_mana("dwarves") == (3, 8)
    assert game.starting_mana("elves") == (4, 9)


def test_tracker_boxes_cover_1d6_plus_2_and_the_elf_bonus(game: Game) -> None:
    red = next(p for p in game.parties if p.race == "humans")
    green = next(p for p in game.parties if p.race == "elves")
    assert tracker_boxes(game, red) == [("plus", 1), ("plus", 2)] + [
        ("die", n) for n in range(1, 7)
    ]
    boxes = tracker_boxes(game, green)
    assert len(boxes) == 9
    assert boxes[-1] == ("race", 1)


def test_mana_unit_forms() -> None:
    forms = "mag|magy|magů"
    assert [unit(forms, n, "cs") for n in (1, 2, 4, 5, 9)] == [
        "mag",
        "magy",
        "magy",
        "magů",
        "magů",
    ]
    assert unit("mana|mana|mana", 3, "en") == "mana"
    with pytest.raises(PapirnaError, match="three forms"):
        unit("mag", 1, "cs")


def test_every_party_has_its_own_race_pattern_and_colour(game: Game) -> None:
    assert len({p.race for p in game.parties}) == 4
    assert len({p.pattern for p in game.parties}) == 4
    assert len({p.color for p in game.parties}) == 4
    for p in game.parties:
        # the pattern shows against its colour in greyscale
        assert abs(luminance(pattern_ink(p.color)) - luminance(p.color)) > 0.15, p.id


def test_mix() -> None:
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#b8322a", "#ffffff", 0.0) == "#b8322a"


# --- the board ------------------------------------------------------------------------------


def test_board_fits_a3_with_margins() -> None:
    layout_w, layout_h = 280.0, 400.0
    assert layout_w <= 297 - 2 * 7 and layout_h <= 420 - 2 * 7


def test_ring_fields_do_not_overlap_and_hold_a_standee() -> None:
    g = geometry(280.0, 400.0, 40)
    pitch = 2 * g.track * math.sin(math.pi / 40)  # chord between neighbouring field centres
    assert pitch > 2 * g.field + 0.5
    assert 2 * g.field >= PANEL_W  # a standee's base is as wide as its panel
    assert 2 * g.field >= 2 * TAB  # and its two tabs reach 2 x TAB front to back
    # the fields sit on the wall walkway
    assert g.inner < g.track - g.field and g.track + g.field < g.outer
    # the merlons stay inside the board's frame
    assert g.cx + g.outer + MERLON <= 280.0 - 5.0


def test_gates_and_start_fields() -> None:
    g = geometry(280.0, 400.0, 40)
    assert [g.gate(k, 4) for k in range(4)] == [0, 10, 20, 30]
    # gates on the diagonals towards the camps; the start field is the next one clockwise
    assert [g.angle(g.gate(k, 4)) for k in range(4)] == [-45.0, 45.0, 135.0, 225.0]
    assert g.angle(1) - g.angle(0) == 9.0


def test_courtyards_and_tower_do_not_collide() -> None:
    g = geometry(280.0, 400.0, 40)
    yard_r = 8.2
    assert g.yard[0] + yard_r < g.inner
    gaps = [a - b for a, b in zip(g.yard, g.yard[1:], strict=False)]
    assert all(gap > 2 * yard_r for gap in gaps)
    assert g.tower < g.yard[-1] - yard_r
    # the innermost fields of neighbouring courtyards (90 degrees apart) keep apart
    assert g.yard[-1] * math.sqrt(2) > 2 * yard_r


def test_camps_clear_the_walls_and_stay_on_the_board() -> None:
    g = geometry(280.0, 400.0, 40)
    for k in range(4):
        x, y = g.camp(k)
        assert math.hypot(x - g.cx, y - g.cy) - CAMP > g.outer + MERLON + 10
        assert CAMP + 5 <= x <= 280 - CAMP - 5 and CAMP + 5 <= y <= 400 - CAMP - 5


def test_too_many_fields_for_the_board() -> None:
    with pytest.raises(PapirnaError, match="do not fit"):
        geometry(280.0, 400.0, 60)


def test_two_parties_with_one_race_are_refused(tmp_path: Path) -> None:
    root = tmp_path / "pji-nezlob-se"
    shutil.copytree(PACK, root)
    text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(
        text.replace("    race: elves\n", "    race: humans\n"), encoding="utf-8"
    )
    with pytest.raises(PapirnaError) as err:
        load_pack(root)
    assert "game.yaml" in str(err.value)
    assert "share a race" in str(err.value)


def test_unknown_icon_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "pji-nezlob-se"
    shutil.copytree(PACK, root)
    text = (root / "game.yaml").read_text(encoding="utf-8")
    (root / "game.yaml").write_text(text.replace("icon: dwarf", "icon: gnome"), encoding="utf-8")
    with pytest.raises(PapirnaError, match="no icon 'gnome'"):
        load_pack(root)


# --- contest odds (house rule: ties are rolled again) ----------------------------------------
# Of the 36 rolls of two dice, the attacker's die minus the defender's is 0 in 6, +-1 in 5,
# +-2 in 4, +-3 in 3, +-4 in 2 and +-5 in 1.


def test_contest_odds_by_hand() -> None:
    assert contest_odds(0) == Fraction(15, 30)  # 15 wins, 6 ties rerolled
    assert contest_odds(1) == Fraction(21, 31)  # wins when the die difference >= 0; 5 ties
    assert contest_odds(2) == Fraction(26, 32)
    assert contest_odds(3) == Fraction(30, 33)
    assert contest_odds(-1) == Fraction(10, 31)
    assert contest_odds(5) == 1  # 1d6+5 never loses to 1d6; the one tie is rolled again
    for d in range(-5, 6):
        assert contest_odds(d) + contest_odds(-d) == 1


def test_duel_odds_by_hand() -> None:
    # W = p + (1 - p) * p * W: the attacker wins, or the defender resists and then fails
    assert duel_odds(0) == Fraction(2, 3)
    p = Fraction(21, 31)
    assert duel_odds(1) == p / (1 - (1 - p) * p) == Fraction(651, 751)
    assert duel_odds(-1) == Fraction(310, 751)


def test_rolled_contests_match_the_odds() -> None:
    rng = random.Random(8)
    n = 20000
    wins = sum(roll_contest(3, 1, rng) for _ in range(n))
    assert wins / n == pytest.approx(float(contest_odds(2)), abs=0.015)
    duels = sum(roll_duel(1, 1, rng) for _ in range(n))
    assert duels / n == pytest.approx(2 / 3, abs=0.015)
