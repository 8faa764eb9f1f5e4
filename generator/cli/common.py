"""What every command shares: error handling, content packs from --content, console output."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

import typer

from generator.errors import PapirnaError

if TYPE_CHECKING:
    from rich.console import Console

    from generator.content.pack import Pack

P = ParamSpec("P")
R = TypeVar("R")

EXIT_USER_ERROR = 2

CONTENT_OPTION = typer.Option(
    None,
    "--content",
    help="A content pack folder outside papirna (may be given several times).",
    file_okay=False,
)


def stderr() -> Console:
    """A console on stderr (progress, warnings, errors)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def stdout() -> Console:
    """A console on stdout (tables and summaries)."""
    from rich.console import Console

    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=200)
    return console


def fail(message: str) -> typer.Exit:
    """Print one error line to stderr; return the exit to raise."""
    print(f"papirna: error: {message}", file=sys.stderr)
    return typer.Exit(EXIT_USER_ERROR)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised as an exception so that every writer cleans up as after Ctrl-C."""


def handles_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn PapirnaError into one line on stderr and exit code 2, with no traceback."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except PapirnaError as e:
            raise fail(str(e)) from None
        except KeyboardInterrupt as e:
            raise fail("terminated" if isinstance(e, Terminated) else "interrupted") from None

    return wrapper


def keep_freed_memory() -> bool:
    """For a short command that works on big images: glibc's malloc keeps memory given back
    for reuse instead of returning it to the system, and serves big blocks (up to its limit of
    32 MB) from that memory instead of mapping each anew. Every fresh mapping is paid in page
    faults: for a 12 MP photo about 0.07 s of system CPU. Whether it was done (not without glibc).
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    # M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1); each returns 1 when it took
    return bool(mallopt(-3, 32 * 1024 * 1024)) and bool(mallopt(-1, 512 * 1024 * 1024))


def load_packs(
    names: list[str] | None,
    content: list[Path] | None,
    helper: bool = True,
    idle: Callable[[], None] | None = None,
) -> list[Pack]:
    """Load the named packs (built-in ids or --content folders); all of them when none is named.

    All the installed games' packs load on two cores (see load_builtin_packs, which calls
    `idle()` while it waits for its helper) unless `helper` is False (`--jobs 1`).
    """
    from generator.content.pack import (
        builtin_pack_ids,
        load_builtin_pack,
        load_builtin_packs,
        load_pack,
    )

    user = [load_pack(Path(p)) for p in content or []]
    by_id = {p.id: p for p in user}
    if not names:
        wanted = [n for n in builtin_pack_ids() if n not in by_id]
        builtin = (
            load_builtin_packs(wanted, idle) if helper else [load_builtin_pack(n) for n in wanted]
        )
        return builtin + user
    packs = []
    for name in names:
        if name in by_id:
            packs.append(by_id[name])
        elif name in builtin_pack_ids():
            packs.append(load_builtin_pack(name))
        else:
            known = ", ".join(builtin_pack_ids() + list(by_id))
            raise PapirnaError(f"unknown game {name!r}; known: {known}")
    return packs
