"""The command group makes each command when it is asked for, and lists all of them as before."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from generator import plugins
from generator.cli import BUILTIN, app
from generator.plugins import Game

runner = CliRunner()


def _listed(help_text: str) -> list[str]:
    """The command names in the Commands panel of a help page."""
    names = []
    for line in help_text.split("Commands")[1].splitlines():
        cells = line.strip("│ ").split()
        if line.startswith("│ ") and not line.startswith("│   ") and cells:
            names.append(cells[0])
    return names


def test_help_lists_every_command_in_the_order_it_always_had() -> None:
    result = runner.invoke(app, ["--help"], terminal_width=100)
    assert result.exit_code == 0
    # Typer lists plain commands first, then command groups (cards, dungeon), each in the order
    # registered: the built-in ones, then the games' by id (gamebook's fight, Papírové doupě's
    # dungeon)
    assert _listed(result.stdout) == [
        *(n for n in BUILTIN if n != "cards"),
        "fight",
        "cards",
        "dungeon",
    ]


def test_every_listed_command_runs_its_help() -> None:
    names = _listed(runner.invoke(app, ["--help"], terminal_width=100).stdout)
    for name in names:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, (name, result.stderr)
        assert f"papirna {name}" in result.stdout


def test_a_mistyped_command_is_matched_against_every_name() -> None:
    result = runner.invoke(app, ["dungen"])
    assert result.exit_code == 2
    assert "No such command 'dungen'" in result.stderr and "'dungeon'" in result.stderr


@pytest.fixture()
def greedy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose commands are `lucky` and, wrongly, `score`."""

    def commands(root: typer.Typer) -> None:
        @root.command("score")
        def fake_score() -> None:
            """Not the real score."""
            typer.echo("fake score")

        @root.command("lucky")
        def lucky() -> None:
            """A lucky command."""
            typer.echo("seven")

    game = Game(id="greedy", commands=commands)
    monkeypatch.setattr(plugins, "games", lambda: {"greedy": game})


def test_a_games_command_runs_and_cannot_take_a_built_in_name(greedy_game: None) -> None:
    assert runner.invoke(app, ["lucky"]).stdout == "seven\n"
    score = runner.invoke(app, ["score", "--help"], terminal_width=100)
    assert "Tally filled sheets" in score.stdout and "Not the real score" not in score.stdout
    listed = _listed(runner.invoke(app, ["--help"], terminal_width=100).stdout)
    assert listed.count("score") == 1 and "lucky" in listed
    assert "Not the real score" not in runner.invoke(app, ["--help"]).stdout
