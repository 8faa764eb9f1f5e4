"""`papirna lint`: check the built-in (or given) printables for defects a program can see."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import typer

from generator.cli import printing as P
from generator.cli.common import CONTENT_OPTION, handles_errors, load_packs, stderr


def register(app: typer.Typer) -> None:
    """Add the `lint` command."""
    app.command("lint")(lint)


@handles_errors
def lint(
    games: list[str] = typer.Argument(None, help="Games to check (default: all)."),
    lang: Literal["cs", "en"] | None = typer.Option(None, "--lang", help="Only this language."),
    paper: Literal["a4", "letter", "a3"] | None = typer.Option(
        None, "--paper", help="Only this paper size."
    ),
    content: list[Path] = CONTENT_OPTION,
    printer_margin: str = P.PRINTER_MARGIN,
) -> None:
    """Report overlapping elements, text too close to its frame, crossed grid lines, ink in the
    printer's dead zone, one-letter words at line ends and straight quotes or hyphen minuses; exit 1
    if there is any."""
    from generator.output.build import plan
    from generator.output.lint import lint_jobs

    opts = P.options("long", None, None, None, False, None, False, printer_margin)
    packs = load_packs(games or None, content)
    jobs = [
        j
        for j in plan(packs, [lang] if lang else None, [paper] if paper else None)
        if not j.fillable  # a fillable file draws the same page
    ]
    findings = lint_jobs(jobs, opts)
    for f in findings:
        typer.echo(f.line())
    files = len({f.file for f in findings})
    err = stderr()
    if findings:
        err.print(
            f"papirna lint: {len(findings)} findings in {files} of {len(jobs)} files",
            highlight=False,
            markup=False,
        )
        raise typer.Exit(1)
    err.print(f"papirna lint: {len(jobs)} files, no findings", highlight=False, markup=False)
