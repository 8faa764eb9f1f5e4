"""The sheet's strength box in each monster fight and its once-per-game tick, as the scorer reads them.

Dungeon A fights the Gnawing Swarm first (content/papirove-doupe/monsters.yaml): ranges 6–8,
9–12 and 13+, glory 1 / 3 / 5, reward: heal 2 (no glory), flee −2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.games.papirove_doupe.score import from_fields
from tests.cli.test_score_cli import SHEET, _checked, _fill

runner = CliRunner()


@pytest.fixture(scope="module")
def fillable(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The Czech A4 fillable sheet of Papírové doupě."""
    out = tmp_path_factory.mktemp("pd")
    args = ["build", "papirove-doupe", "--lang", "cs", "--paper", "a4", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    return (out / "papirove-doupe" / "papirove-doupe-sheet-fillable-cs-a4.pdf").read_bytes()


def _values(**extra: object) -> dict:
    """Form values of a minimal sheet: dungeon A, fight 1 visited, fights 2 and 3 fled."""
    base: dict = {"dungeon.A": True, "adventurer.warrior.level.1": True}
    base |= {"monster.1.visited": True, "monster.2.fled": True, "monster.3.fled": True}
    return base | extra


def test_from_fields_reads_the_written_strength() -> None:
    both = from_fields(_values(**{"monster.1.range.2": True, "monster.1.strength": "12"}), "s")
    assert both["fights"][0] == {
        "visited": True,
        "fled": False,
        "strongest": False,
        "range": 2,
        "strength": 12,
    }
    # the strength alone is a fight that was fought (its range follows from it)
    alone = from_fields(_values(**{"monster.1.strength": " 10 "}), "s")
    assert alone["fights"][0] == {
        "visited": True,
        "fled": False,
        "strongest": False,
        "strength": 10,
    }
    # a fled party's strength is only a note on the paper: not scored
    fled = from_fields(_values(**{"monster.1.fled": True, "monster.1.strength": "4"}), "s")
    assert fled["fights"][0] == {"visited": True, "fled": True, "strongest": False}
    # neither a range nor a strength: fled, as before
    assert from_fields(_values(), "s")["fights"][0]["fled"] is True


def _pdf(
    tmp_path: Path, base: bytes, name: str, sheet: dict, strength: str | None, marked: bool = True
) -> Path:
    on, texts = _checked(sheet)  # SHEET's boxes: fight 1 in range 2, marked strongest
    if not marked:
        on.discard("monster.1.strongest")
    if strength is not None:
        texts["monster.1.strength"] = strength
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(_fill(base, on, texts, False))
    return path


def test_written_strengths_decide_the_strongest_attack(fillable: bytes, tmp_path: Path) -> None:
    # both parties fought the swarm in range 2 (9–12) and neither marked the strongest attack;
    # the ranges alone cannot tell, the written strengths can: 12 > 10, so Eva's is the reward
    eva = _pdf(tmp_path, fillable, "eva", {**SHEET, "player": "Eva"}, "12", marked=False)
    jan = _pdf(tmp_path, fillable, "jan", {**SHEET, "player": "Jan"}, "10", marked=False)
    result = runner.invoke(app, ["score", "papirove-doupe", str(eva), str(jan), "--json"])
    assert result.exit_code == 0, result.stderr
    eva_notes, jan_notes = (p["notes"] for p in json.loads(result.stdout)["players"])
    assert any("the reward is this sheet's, though it was not marked" in n for n in eva_notes)
    assert not any("strongest attack" in n for n in jan_notes)


def test_a_strength_outside_the_marked_range_is_refused(fillable: bytes, tmp_path: Path) -> None:
    # range 2 is ticked (by _checked) but 13 is in range 3 (13+) of the swarm
    path = _pdf(tmp_path, fillable, "eva", SHEET, "13")
    result = runner.invoke(app, ["score", "papirove-doupe", str(path)])
    assert result.exit_code == 2
    assert "strength 13 is range 3 of gnawing-swarm, but range 2 is marked" in result.stderr


def test_typed_sheet_may_give_range_and_strength(tmp_path: Path) -> None:
    # the same fight typed: range 2 and strength 12 agree; glory 3 for range 2 either way
    fights = [{"range": 2, "strength": 12}, *SHEET["fights"][1:]]
    both = tmp_path / "both.yaml"
    both.write_text(yaml.safe_dump({**SHEET, "fights": fights}), encoding="utf-8")
    result = runner.invoke(app, ["score", "papirove-doupe", str(both), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["categories"]["monster1"] == 3 + 0  # heal reward


def test_once_per_game_tick_does_not_change_the_score(fillable: bytes, tmp_path: Path) -> None:
    on, texts = _checked(SHEET)
    totals = []
    for name, ticks in (("plain", on), ("used", on | {"ability.once"})):
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(_fill(fillable, ticks, texts, False))
        result = runner.invoke(app, ["score", "papirove-doupe", str(path), "--json"])
        assert result.exit_code == 0, result.stderr
        totals.append(json.loads(result.stdout)["players"][0]["total"])
    assert totals[0] == totals[1]
