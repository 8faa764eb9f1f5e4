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
        None, "--plan", help="Short for --file plan=FILE: a plan made by a game's command."
    ),
    file_args: list[str] = typer.Option(
        None,
        "--file",
        metavar="KEY=FILE",
        help="Use FILE instead of the data file KEY of every printable that has one "
        "(checked by that file's schema).",
    ),
    duplex: str = P.DUPLEX,
    back_offset: str | None = P.OFFSET,
    gap: str | None = P.GAP,
    bleed: str | None = P.BLEED,
    guides: bool = P.GUIDES,
    corners: str | None = P.CORNERS,
    single: bool = P.SINGLE,
    printer_margin: str = P.PRINTER_MARGIN,
    png: bool = P.PNG,
    dpi: int = P.DPI,
    showcase: bool = P.SHOWCASE,
    jobs: int | None = P.JOBS,
) -> None:
    """Render the printables of the named games (all games by default) into PDFs."""
    started = time.perf_counter()
    opts = P.options(duplex, back_offset, gap, bleed, guides, corners, single, printer_margin)
    packs = load_packs(games or None, content)
    swaps = [*(file_args or []), *([f"plan={plan_file}"] if plan_file is not None else [])]
    for swap in swaps:
        _swap_file(packs, swap)
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


def _swap_file(packs: list, swap: str) -> None:
    """Replace the data file KEY of every printable that has one with FILE (from KEY=FILE)."""
    from generator.content.pack import Entry
    from generator.content.schemas import model_for
    from generator.content.validate import validate
    from generator.content.yamlio import YamlDoc, load_yaml_file
    from generator.errors import PapirnaError

    key, sep, name = swap.partition("=")
    if not sep or not key or not name:
        raise PapirnaError(f"--file: expected KEY=FILE, got {swap!r}")
    path = Path(name)
    doc = load_yaml_file(path)
    used = False
    for pack in packs:
        for printable in pack.printables.values():
            ref = printable.spec.files.get(key)
            if ref is None:
                continue
            model = model_for(ref.schema_, YamlDoc(file=str(path), data=None), ())
            printable.files[key] = Entry(validate(model, doc), doc, ())
            used = True
    if not used:
        raise PapirnaError(f"--file: no printable of these games has a data file {key!r}")
