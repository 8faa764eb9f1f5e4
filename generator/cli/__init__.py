"""The papirna command line: one Typer sub-app per command group."""

from __future__ import annotations

import gc

# A command runs briefly and makes many short-lived objects (parsed YAML, models, drawings):
# collect cycles every 50,000 new objects, not every 700 (a tenth less time, the same memory).
gc.set_threshold(50_000, 20, 10)

import typer  # noqa: E402

from generator import __version__  # noqa: E402
from generator.cli import build, calibrate, cards, games, lint, roll, serve, validate  # noqa: E402
from generator.cli import score as score_cmd  # noqa: E402

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
score_cmd.register(app)
cards.register(app)
calibrate.register(app)
roll.register(app)
lint.register(app)
serve.register(app)


def _game_commands() -> None:
    """Each installed game's own commands; a broken plugin is reported when it is used."""
    from generator.errors import PapirnaError
    from generator.plugins import games

    try:
        found = games()
    except PapirnaError:
        return
    for g in found.values():
        if g.commands is not None:
            g.commands(app)


_game_commands()


def _usage_errors() -> tuple[type[Exception], type[Exception]]:
    """Click's ClickException and NoArgsIsHelpError, as the installed Typer provides them."""
    try:  # Typer 0.2x ships its own copy of Click
        from typer._click.exceptions import ClickException, NoArgsIsHelpError
    except ImportError:  # older Typer runs on Click itself
        from click.exceptions import ClickException, NoArgsIsHelpError
    return ClickException, NoArgsIsHelpError


def usage_line(error: Exception) -> str:
    """A command-line mistake (unknown option, bad value, missing argument) as one line."""
    text = error.format_message() if hasattr(error, "format_message") else str(error)
    text = " ".join(text.replace("Value error, ", "").split())
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        text += f" (see '{ctx.command_path} --help')"
    return f"papirna: error: {text}"


def main() -> None:
    """Entry point of the `papirna` console script."""
    import signal
    import sys

    from generator.cli.common import Terminated

    def _terminate(signum: int, frame: object) -> None:
        raise Terminated  # unwinds like Ctrl-C: temp files and new folders are removed

    signal.signal(signal.SIGTERM, _terminate)
    click_exception, no_args_is_help = _usage_errors()
    try:
        code = app(standalone_mode=False)
    except no_args_is_help as e:
        print(e.format_message(), file=sys.stderr)
        code = 2
    except click_exception as e:
        print(usage_line(e), file=sys.stderr)
        code = getattr(e, "exit_code", 2)
    except KeyboardInterrupt:  # outside a command (commands report it themselves)
        print("papirna: error: interrupted", file=sys.stderr)
        code = 130
    sys.exit(code if isinstance(code, int) else 0)
