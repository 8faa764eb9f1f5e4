"""`papirna build`: render every printable of the named games into PDF files."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

import typer

from generator.cli import printing as P
from generator.cli.common import CONTENT_OPTION, handles_errors, load_packs


def register(app: typer.Typer) -> None:
    """Add the `build` command."""
    app.command("build")(build)


@handles_errors
def build(
    games: list[str] = typer.Argument(None, help="Games to build (default: all)."),
    lang: Literal["cs", "en"] | None = typer.Option(None, "--lang", help="Only this language."),
    paper: Literal["a4", "letter", "a3"] | None = typer.Option(
        None, "--paper", help="Only this paper size."
    ),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder.", file_okay=False),
    content: list[Path] = CONTENT_OPTION,
    plan_file: Path | None = typer.Option(
        None, "--plan", help="A dungeon plan (from `dungeon plan new`) for the sheet."
    ),
    duplex: str = P.DUPLEX,
    back_offset: str | None = P.OFFSET,
    gap: str | None = P.GAP,
    bleed: str | None = P.BLEED,
    guides: bool = P.GUIDES,
    corners: str | None = P.CORNERS,
    single: bool = P.SINGLE,
    png: bool = P.PNG,
    dpi: int = P.DPI,
    showcase: bool = P.SHOWCASE,
    jobs: int | None = P.JOBS,
) -> None:
    """Render the printables of the named games (all games by default) into PDFs."""
    started = time.perf_counter()
    opts = P.options(duplex, back_offset, gap, bleed, guides, corners, single)
    packs = load_packs(games or None, content)
    if plan_file is not None:
        from generator.content.pack import Entry
        from generator.content.validate import validate
        from generator.content.yamlio import load_yaml_file
        from generator.games.papirove_doupe.models import Plan

        doc = load_yaml_file(plan_file)
        new_plan = Entry(validate(Plan, doc), doc, ())
        for pack in packs:
            for printable in pack.printables.values():
                if printable.plan is not None:
                    printable.plan = new_plan
    P.produce(
        packs,
        [lang] if lang else None,
        [paper] if paper else None,
        out,
        opts,
        png,
        dpi,
        showcase,
        jobs,
        started,
    )
