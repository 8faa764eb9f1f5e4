"""`papirna cards`: your own decks from a DECK.yaml with card data in YAML or CSV."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Literal

import typer

from generator.cli import printing as P
from generator.cli.common import handles_errors, stdout
from generator.errors import PapirnaError
from generator.resources import content_dir

app = typer.Typer(
    help="Your own decks: `cards init DIR`, then `cards build DIR/deck.yaml`.", no_args_is_help=True
)


def register(root: typer.Typer) -> None:
    """Add the `cards` command group."""
    root.add_typer(app, name="cards")


@app.command("init")
@handles_errors
def init(folder: Path = typer.Argument(..., help="A new folder for the starter deck.")) -> None:
    """Write a starter deck (deck.yaml, cards.csv, layouts and an image) into a new folder."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise PapirnaError("folder exists and is not empty; choose a new one", file=str(folder))
    src = content_dir() / "_starter-deck"
    try:
        shutil.copytree(src, folder, dirs_exist_ok=True)
    except OSError as e:
        raise PapirnaError(
            f"cannot write the starter deck: {e.strerror}", file=str(folder)
        ) from None
    out = stdout()
    out.print(f"wrote a starter deck to {folder}")
    out.print(f"next: papirna cards build {folder / 'deck.yaml'}")


@app.command("build")
@handles_errors
def build(
    deck: Path = typer.Argument(..., help="The deck file (deck.yaml)."),
    lang: str | None = typer.Option(
        None, "--lang", help="Only this language (a code: cs, en, de ...)."
    ),
    paper: Literal["a4", "letter", "a3"] | None = typer.Option(
        None, "--paper", help="Only this paper size."
    ),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder.", file_okay=False),
    duplex: str = P.DUPLEX,
    back_offset: str | None = P.OFFSET,
    gap: str | None = P.GAP,
    bleed: str | None = P.BLEED,
    guides: bool = P.GUIDES,
    corners: str | None = P.CORNERS,
    single: bool = P.SINGLE,
    gutterfold: bool = P.GUTTERFOLD,
    pack: bool = P.PACK,
    ink: str = P.INK,
    printer_margin: str = P.PRINTER_MARGIN,
    png: bool = P.PNG,
    dpi: int = P.DPI,
    showcase: bool = P.SHOWCASE,
    png_copies: bool = P.PNG_COPIES,
    png_corners: str | None = P.PNG_CORNERS,
    tts: bool = P.TTS,
    color: str = P.COLOR,
    watch: bool = P.WATCH,
    only: str | None = typer.Option(
        None, "--only", help="Draw just these cards: ID[,ID...] (their ids in the card data)."
    ),
    jobs: int | None = P.JOBS,
) -> None:
    """Render your deck with the same engine and options as the built-in games."""
    started = time.perf_counter()
    from generator.content.deck import load_deck

    opts = P.options(
        duplex,
        back_offset,
        gap,
        bleed,
        guides,
        corners,
        single,
        printer_margin,
        gutterfold,
        pack,
        ink,
    )
    more = P.extras(png, dpi, showcase, png_copies, png_corners, tts, color)
    wanted = P.only_option(only)
    langs = [lang] if lang else None

    def run(cache: dict | None = None) -> tuple[int, int]:
        pack = load_deck(deck)
        if lang and lang not in pack.languages:
            raise PapirnaError(
                f"the deck has no {lang!r} text; its languages: {', '.join(pack.languages)}",
                file=str(deck),
            )
        papers = [paper] if paper else None
        return P.produce(
            [pack], langs, papers, out, opts, more, wanted, cache, not watch, jobs, started
        )

    if not watch:
        run()
        return
    from generator.output.watch import watch as watching

    try:  # saves to the card data keep the drawn cards of the others
        data = [deck.parent / load_deck(deck).printables["cards"].spec.cards]  # type: ignore[operator]
    except PapirnaError:
        data = []
    out_console = stdout()
    stdout().print(f"watching {deck.parent} (Ctrl+C stops)", highlight=False, markup=False)
    watching(
        [deck.parent],
        out,
        run,
        lambda line: out_console.print(line, highlight=False, markup=False),
        data,
    )
