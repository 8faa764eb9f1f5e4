"""`papirna build`: render every printable of the named games into PDF files."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import typer
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table

from generator.cli.common import CONTENT_OPTION, handles_errors, load_packs, stderr, stdout
from generator.output.build import plan, render_jobs
from generator.output.files import write_atomic


def register(app: typer.Typer) -> None:
    """Add the `build` command."""
    app.command("build")(build)


@handles_errors
def build(
    games: list[str] = typer.Argument(None, help="Games to build (default: all)."),
    lang: Literal["cs", "en"] | None = typer.Option(None, "--lang", help="Only this language."),
    paper: Literal["a4", "letter"] | None = typer.Option(
        None, "--paper", help="Only this paper size."
    ),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder.", file_okay=False),
    content: list[Path] = CONTENT_OPTION,
) -> None:
    """Render the printables of the named games (all games by default) into PDFs."""
    packs = load_packs(games or None, content)
    jobs = plan(packs, [lang] if lang else None, [paper] if paper else None)
    err = stderr()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task("rendering", total=len(jobs))
        results = render_jobs(
            jobs, out, lambda job: progress.update(task, advance=1, description=job.filename)
        )
    for r in results:
        write_atomic(r.path, r.data)
    table = Table(title=f"papirna wrote {len(results)} files to {out}")
    table.add_column("file")
    table.add_column("pages", justify="right")
    table.add_column("KiB", justify="right")
    for r in results:
        table.add_row(str(r.path.relative_to(out)), str(r.pages), f"{len(r.data) / 1024:.0f}")
    stdout().print(table)
