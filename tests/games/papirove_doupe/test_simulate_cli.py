"""`papirna dungeon simulate`: the report a user sees, and its bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def one_line_error(result, piece: str = "") -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert piece in result.stderr, result.stderr


def _cards(tmp_path: Path) -> Path:
    result = runner.invoke(
        app, ["dungeon", "new", "--seed", "9", "--count", "2", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.stderr
    return tmp_path / "dungeons-9.yaml"


def test_simulate_reports_every_card_and_the_reference(tmp_path: Path) -> None:
    path = _cards(tmp_path)
    args = ["dungeon", "simulate", str(path), "--games", "20", "--seed", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == [
        "card", "games", "glory", "spread", "min", "max", "resurr.", "fight", "1", "fight", "2",
        "fight", "3",
    ]  # fmt: skip
    assert [line.split()[0] for line in lines[1:3]] == ["G-9-1", "G-9-2"]
    assert lines[3] == "reference: the built-in cards A-L, 20 games each"
    assert [line.split()[0] for line in lines[4:]] == list("ABCDEFGHIJKL")
    again = runner.invoke(app, args)
    assert again.stdout == result.stdout  # the same seed, the same games
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["games"] == 20 and data["seed"] == 4
    assert [c["card"] for c in data["cards"]] == ["G-9-1", "G-9-2"]
    assert len(data["reference"]) == 12
    first = data["cards"][0]
    assert first["glory_min"] <= first["glory_mean"] <= first["glory_max"]
    assert 0 <= first["resurrection_share"] <= 1 and len(first["monster_fight_mean"]) == 3
    other = json.loads(
        runner.invoke(
            app, ["dungeon", "simulate", str(path), "--games", "20", "--seed", "5", "--json"]
        ).stdout
    )
    assert other["cards"] != data["cards"]


def test_simulate_bad_input_is_one_line(tmp_path: Path) -> None:
    path = _cards(tmp_path)
    one_line_error(
        runner.invoke(app, ["dungeon", "simulate", str(path), "--games", "0"]),
        "--games: expected 1 to 100,000, got 0",
    )
    one_line_error(
        runner.invoke(app, ["dungeon", "simulate", str(path), "--seed", "1_0"]),
        "--seed: expected a whole number",
    )
    bad = tmp_path / "bad.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"positions: \[[^\]]*\]", "positions: [A2, B3, C4]", text, count=1)
    bad.write_text(text, encoding="utf-8")
    one_line_error(
        runner.invoke(app, ["dungeon", "simulate", str(bad)]),
        "card G-9-1 cannot be played: monster 1 stands on the teleport in A2",
    )
