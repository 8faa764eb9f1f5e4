"""The papirna command line: one Typer sub-app per command group."""

from __future__ import annotations

import typer

from generator import __version__
from generator.cli import build, calibrate, cards, dungeon, fight, games, roll, validate
from generator.cli import score as score_cmd

app = typer.Typer(
    name="papirna",
    help="Print-ready PDFs, scoring and new dungeon cards for tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"papirna {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """papirna: print your games, score them, generate new dungeons."""


games.register(app)
build.register(app)
validate.register(app)
dungeon.register(app)
score_cmd.register(app)
cards.register(app)
calibrate.register(app)
fight.register(app)
roll.register(app)


def main() -> None:
    """Entry point of the `papirna` console script."""
    app()
