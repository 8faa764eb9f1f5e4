"""The papirna command line: one Typer sub-app per command group."""

from __future__ import annotations

import gc
import importlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

# A command runs briefly and makes many short-lived objects (parsed YAML, models, drawings):
# collect cycles every 200,000 new objects, not every 700 (a tenth less time, the same memory;
# loading the five built-in packs spends 2 ms in the collector, against 28 ms every 50,000).
gc.set_threshold(200_000, 20, 10)

# The numeric libraries' thread pools cost a command more CPU than they save it: numpy's OpenBLAS
# starts one thread per core at import (for the few small matrix sums a command does) and
# OpenCV spreads each small filter over all cores; reading a 12 MP photo took 0.1-0.3 s more CPU
# on two cores with them. Set before either is imported; a user's own setting is kept.
for _threads in ("OPENBLAS_NUM_THREADS", "OPENCV_FOR_THREADS_NUM"):
    os.environ.setdefault(_threads, "1")

import typer  # noqa: E402
from typer.core import TyperGroup  # noqa: E402

from generator import __version__  # noqa: E402

if TYPE_CHECKING:
    from typer import _click as click

# The built-in commands, each with the module whose register(app) adds it, in the order they are
# registered. A command's module (and what it imports) is loaded only when that command runs;
# the installed games' own commands, after the built-in ones, when a name is not built in (a
# game's command cannot take a built-in name). A help page that lists the commands registers
# them all, in the order they always had.
BUILTIN: dict[str, str] = {
    "games": "games",
    "build": "build",
    "validate": "validate",
    "score": "score",
    "cards": "cards",
    "calibrate": "calibrate",
    "roll": "roll",
    "lint": "lint",
    "serve": "serve",
}


def _register_game_commands(sub: typer.Typer) -> None:
    """Each installed game's own commands; a broken plugin is reported when it is used."""
    from generator.errors import PapirnaError
    from generator.plugins import games

    try:
        found = games()
    except PapirnaError:
        return
    for g in found.values():
        if g.commands is not None:
            g.commands(sub)


def _commands(*registers: Callable[[typer.Typer], None]) -> dict[str, click.Command]:
    """The Click commands that the `register(app)` functions add to a Typer app, by name."""
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    for register in registers:
        register(sub)
    return dict(typer.main.get_group(sub).commands)


def _register(name: str) -> Callable[[typer.Typer], None]:
    """The register(app) of the built-in command `name` (its module is imported now)."""
    return importlib.import_module(f"generator.cli.{BUILTIN[name]}").register


class Commands(TyperGroup):
    """papirna's command group: a command is made when it is first asked for."""

    def __init__(self, **attrs) -> None:
        super().__init__(**attrs)
        self._complete = False

    def _all(self) -> None:
        """Every command, built-in and the games', registered in order as one app."""
        if not self._complete:
            registers = [_register(n) for n in BUILTIN]
            every = _commands(*registers, _register_game_commands)
            every.update(_commands(*registers))  # a game's command cannot replace a built-in one
            self.commands = every
            self._complete = True

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command `cmd_name`, made now if it was not yet (None when there is none)."""
        if cmd_name not in self.commands and not self._complete:
            if cmd_name in BUILTIN:
                self.commands.update(_commands(_register(cmd_name)))
            else:  # a game's command, or none (then every name is known for "did you mean")
                found = _commands(_register_game_commands)
                if cmd_name in found:
                    self.commands[cmd_name] = found[cmd_name]
                else:
                    self._all()
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, in the order --help lists them."""
        self._all()
        return list(self.commands)


app = typer.Typer(
    name="papirna",
    help="Print-ready PDFs, scoring and new dungeon cards for tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Commands,
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
    import atexit
    import gc
    import signal
    import sys

    from generator.cli.common import Terminated

    # At exit, Python's last garbage collections walk every object of every imported module
    # (numpy, OpenCV, pydantic models...): a tenth of a second of CPU for `papirna score`. Frozen,
    # they are skipped; everything else at exit (atexit hooks, files closed, threads joined)
    # happens as before. Registered first, so it runs after every other exit hook.
    atexit.register(gc.freeze)

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


def script() -> None:
    """The `papirna` console script: main(), ending the process at once when it succeeded."""
    try:
        main()
    except SystemExit as done:
        if done.code in (0, None):
            _quick_exit()
        raise


def _quick_exit() -> None:
    """End the process now that the command succeeded, without Python's teardown.

    The exit hooks run and the output is flushed as in a normal exit; only the freeing of
    every object one by one is skipped (about 40 ms after a full build). Returns instead when
    a thread is still running or the output cannot be flushed: the normal exit handles those.
    """
    import atexit
    import os
    import sys
    import threading

    if threading.active_count() > 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # e.g. the reader of a pipe is gone: exit as Python does
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(0)
