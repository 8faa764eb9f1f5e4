"""`papirna fight` as a player uses it: the odds printed, JSON, the chart PDF and one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.gamebook.cli import HELP, load_tables, percent
from generator.games.gamebook.rules import Fight, Friend, Side, fight_odds

runner = CliRunner()
BASE = ["fight", "--armour-value", "4", "--enemy-strength", "12", "--enemy-armour-value", "3"]


def test_prints_the_exact_odds() -> None:
    result = runner.invoke(app, BASE)
    assert result.exit_code == 0, result.stderr
    odds = fight_odds(load_tables(), Fight(Side(10, 4), Side(12, 3)))
    assert f"{odds.win:.2%}" in result.stdout
    assert f"{odds.lose:.2%}" in result.stdout
    assert "rounds" in result.stdout and "escape" not in result.stdout


def test_json_matches_the_rules() -> None:
    args = [*BASE, "-i", "roll", "-t", "1", "-T", "III", "--friend", "warrior:6x2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    fight = Fight(Side(10, 4, "I"), Side(12, 3, "III"), "roll", (Friend("warrior", 6, 2),))
    odds = fight_odds(load_tables(), fight)
    assert out["win"] == pytest.approx(odds.win) and out["rounds"] == pytest.approx(odds.rounds)
    assert out["win"] + out["lose"] + out["escape"] == pytest.approx(1)


def test_flee_and_spells() -> None:
    args = [*BASE, "--flee-at", "4", "--friend", "wizard:15", "--spellcasting", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    fight = Fight(Side(10, 4), Side(12, 3), friends=(Friend("wizard", power=15),),
                  spellcasting=2, flee_at=4)  # fmt: skip
    assert out["escape"] == pytest.approx(fight_odds(load_tables(), fight).escape)
    flee = runner.invoke(app, [*BASE, "--flee"])
    assert flee.exit_code == 0 and "escape" in flee.stdout


def test_simulate_shows_sampled_odds() -> None:
    result = runner.invoke(app, [*BASE, "--simulate", "2000", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["simulated"]["fights"] == 2000
    assert abs(out["simulated"]["win"] - out["win"]) < 0.05


@pytest.mark.parametrize(
    ("lang", "title"), [("cs", "Šance v tomto souboji"), ("en", "The odds of this fight")]
)
def test_chart_is_a_landscape_vector_page(tmp_path: Path, lang: str, title: str) -> None:
    out = tmp_path / "chart.pdf"
    result = runner.invoke(app, [*BASE, "--chart", str(out), "--lang", lang, "--paper", "letter"])
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape letter
    assert abs(float(box.width) - 792) < 1
    text = reader.pages[0].extract_text()
    assert title in text
    assert "Výhra" in text if lang == "cs" else "Win" in text
    assert not reader.pages[0].images  # vector only


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--strength", "-3"], "your strength must be 1 or more, got -3"),
        (["--table", "IV"], "unknown table 'IV'"),
        (["--enemy-table", "X"], "unknown table 'X'"),
        (["--strength", "ten"], "--strength: expected a whole number"),
        (["--initiative", "me"], "--initiative: expected you, enemy or roll"),
        (["--friend", "bard:3x1"], "--friend: expected"),
        (["--friend", "wizard:40"], "spell power must be 1–29"),
        (["--friend", "warrior:5"], "strength and armour value"),
        (["--friend", "warrior:5x1"] * 3, "at most 2 friends"),
        (["--flee", "--flee-at", "3"], "not both"),
        (["--chart", "odds.png"], "must be a .pdf"),
        (["--armour-value", "-1"], "armour value must be 0–50"),
    ],
)
def test_nonsense_is_one_line_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*BASE, *args])
    assert result.exit_code == 2, result.stdout
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr


def test_both_armour_values_zero_are_refused() -> None:
    args = ["fight", "--armour-value", "0", "--enemy-strength", "5", "--enemy-armour-value", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "neither side can wound" in result.stderr


def test_help_explains_the_reading_of_the_rules() -> None:
    result = runner.invoke(app, ["fight", "--help"])
    assert result.exit_code == 0
    for words in ("dynamic", "initiative roll", "flee", "wizard"):
        assert words in result.stdout


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (0.99996, "> 99.99%"),
        (0.99994, "99.99%"),
        (1.0, "100.00%"),
        (1 - 7e-16, "100.00%"),  # float noise around a certain win is a certain win
        (0.00004, "< 0.01%"),
        (0.00006, "0.01%"),
        (0.0, "0.00%"),
        (6.7e-16, "0.00%"),
        (0.5, "50.00%"),
        (0.123456, "12.35%"),
    ],
)
def test_percent_never_rounds_to_certainty(value: float, shown: str) -> None:
    assert percent(value) == shown


def test_near_certain_fight_is_not_shown_as_certain() -> None:
    # 30 attack strength against 18: the exact odds are 99.9997 % (see --json), not 100 %
    args = ["fight", "-s", "10", "-a", "3", "-S", "6", "-A", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    lines = {ln.split()[0]: ln.split(maxsplit=1)[1] for ln in result.stdout.splitlines()[1:] if ln}
    assert lines["win"] == "> 99.99%"
    assert lines["lose"] == "< 0.01%"
    assert "100.00%" not in result.stdout and "0.00%" not in result.stdout
    exact = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert 0.99995 < exact["win"] < 1 and 0 < exact["lose"] < 0.00005


def test_help_reads_well() -> None:
    # paragraphs are single lines that the help wraps itself, not hard-wrapped source lines
    assert all("\n" not in paragraph for paragraph in HELP.split("\n\n"))
    result = runner.invoke(app, ["fight", "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0
    assert "<str>" not in result.stdout and "<list[str]>" not in result.stdout
    for metavar in ("I|II|III", "you|enemy|roll", "KIND:N[xN]", "FILE.pdf", "a4|letter"):
        assert metavar in result.stdout
    words = " ".join(result.stdout.split())
    assert "(your strength, your friends' and the enemy's), not by sampling." in words
