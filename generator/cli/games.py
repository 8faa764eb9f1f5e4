"""`papirna games`: the built-in and user packs and what they print."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.cli.common import CONTENT_OPTION, handles_errors, load_packs, stdout


def register(app: typer.Typer) -> None:
    """Add the `games` command."""
    app.command("games")(games)


@handles_errors
def games(
    lang: str = typer.Option("cs", "--lang", help="Language of names: cs or en."),
    content: list[Path] = CONTENT_OPTION,
) -> None:
    """List the games papirna can print, with their printables."""
    from rich.table import Table

    table = Table(title="papirna games")
    table.add_column("game")
    table.add_column("name")
    table.add_column("source")
    table.add_column("printables")
    for pack in load_packs(None, content):
        items = ", ".join(f"{pid} ({p.spec.kind})" for pid, p in pack.printables.items()) or "-"
        table.add_row(
            pack.id,
            pack.manifest.name.get(lang),
            "built-in" if pack.builtin else str(pack.root),
            items,
        )
    stdout().print(table)
