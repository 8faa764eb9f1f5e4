"""Print options shared by `build` and `cards build`, and writing PDFs, PNGs and showcases."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from generator.cli.common import stderr, stdout
from generator.errors import PapirnaError
from generator.units import parse_length

if TYPE_CHECKING:
    from generator.output.build import Job
    from generator.output.extras import Extras
    from generator.output.impose import PrintOptions

DUPLEX = typer.Option("long", "--duplex", help="Backs for long-edge or short-edge duplex, or none.")
OFFSET = typer.Option(
    None, "--back-offset", help="Shift back pages by X,Y mm (from `papirna calibrate`)."
)
GAP = typer.Option(
    None, "--gap", help="Gap between cards, e.g. 2mm (default 0: cards share cut lines)."
)
BLEED = typer.Option(
    None, "--bleed", help="Bleed around each card, e.g. 3mm or 0.125in (default: the layout's)."
)
GUIDES = typer.Option(False, "--guides", help="Proof mode: draw trim, bleed and safe-zone guides.")
CORNERS = typer.Option(
    None, "--corners", help="Draw a rounded-corner cut guide with this radius, e.g. 3mm."
)
SINGLE = typer.Option(
    False, "--single", help="One card per page, page = card + bleed, with TrimBox/BleedBox."
)
PRINTER_MARGIN = typer.Option(
    "5mm",
    "--printer-margin",
    help="Blank border at the paper edge that home printers cannot print (0 for a print shop).",
)
GUTTERFOLD = typer.Option(
    False,
    "--gutterfold",
    help="Print-and-play without duplex: each back beside its front, mirrored across a fold line.",
)
PACK = typer.Option(
    False,
    "--pack",
    help="Decks of one game with the same card size and backs share sheets, in one file "
    "(GAME-cards-LANG-PAPER.pdf): no half-empty last sheets.",
)
INK = typer.Option(
    "normal", "--ink", help="normal, or low: card backs as thin outlines on white, not dark fills."
)
PNG = typer.Option(
    False, "--png", help="Also export each distinct card as ID.png (and ID-back.png) with bleed."
)
DPI = typer.Option(300, "--dpi", help="Resolution of PNG exports (36 to 1200).")
PNG_COPIES = typer.Option(
    False, "--png-copies", help="With --png: one file per printed copy (ID-1.png, ID-2.png, ...)."
)
PNG_CORNERS = typer.Option(
    None,
    "--png-corners",
    help="With --png: cut PNGs to the trim with transparent rounded corners, e.g. 3mm.",
)
TTS = typer.Option(
    False,
    "--tts",
    help="Also write Tabletop Simulator deck sheets (10x7 grid at most), backs and deck.json.",
)
COLOR = typer.Option(
    "rgb",
    "--color",
    help="PDF colour: rgb (screens, home printers) or cmyk (print shops: DeviceCMYK, OutputIntent).",
)
WATCH = typer.Option(
    False, "--watch", help="Stay running and build again whenever an input file is saved."
)
SHOWCASE = typer.Option(
    False, "--showcase", help="Also write a showcase PNG of the first cards of each deck."
)
JOBS = typer.Option(
    None, "--jobs", "-j", min=1, help="Render on this many processes (default: one per core)."
)


def length_option(value: str | None, name: str) -> float | None:
    """A length option: '2mm', '0.125in', or a bare number of mm."""
    if value is None:
        return None
    text = value.strip()
    try:
        mm = float(text) if re.fullmatch(r"-?\d+(\.\d+)?", text) else parse_length(text)
    except ValueError as e:
        raise PapirnaError(f"{name}: {e}") from None
    if mm < 0:
        raise PapirnaError(f"{name}: must not be negative, got {value!r}")
    return mm


def offset_option(value: str | None) -> tuple[float, float]:
    """--back-offset 'X,Y' in mm (each may carry a unit)."""
    if value is None:
        return (0.0, 0.0)
    parts = value.split(",")
    if len(parts) != 2:
        raise PapirnaError(f"--back-offset: expected X,Y in mm like 1.5,-0.5, got {value!r}")
    out = []
    for part in parts:
        text = part.strip()
        try:
            mm = float(text) if re.fullmatch(r"[+-]?\d+(\.\d+)?", text) else parse_length(text)
        except ValueError:
            raise PapirnaError(f"--back-offset: {text!r} is not a length") from None
        if abs(mm) > 20:
            raise PapirnaError(f"--back-offset: {text!r} is more than 20mm; printers drift 1-4mm")
        out.append(mm)
    return (out[0], out[1])


def only_option(value: str | None) -> set[str] | None:
    """--only ID[,ID...]: card ids."""
    if value is None:
        return None
    ids = {part.strip() for part in value.split(",")}
    if "" in ids:
        raise PapirnaError(f"--only: expected card ids separated by commas, got {value!r}")
    return ids


def options(
    duplex: str,
    back_offset: str | None,
    gap: str | None,
    bleed: str | None,
    guides: bool,
    corners: str | None,
    single: bool,
    printer_margin: str | None = None,
    gutterfold: bool = False,
    pack: bool = False,
    ink: str = "normal",
) -> PrintOptions:
    """PrintOptions from the command line's words."""
    from generator.output.impose import PrintOptions

    if gutterfold and single:
        raise PapirnaError("--gutterfold: not with --single (one card a page has no fold)")
    if pack and single:
        raise PapirnaError("--pack: not with --single (one card a page has no sheets to share)")
    if ink not in ("normal", "low"):
        raise PapirnaError(f"--ink: expected normal or low, got {ink!r}")
    if duplex not in ("long", "short", "none"):
        raise PapirnaError(f"--duplex: expected long, short or none, got {duplex!r}")
    return PrintOptions(
        gap=length_option(gap, "--gap") or 0.0,
        duplex=duplex,  # type: ignore[arg-type]
        back_offset=offset_option(back_offset),
        guides=guides,
        corners=length_option(corners, "--corners") or 0.0,
        single=single,
        bleed=length_option(bleed, "--bleed"),
        gutterfold=gutterfold,
        printer_margin=_printer_margin(printer_margin),
        pack=pack,
        ink=ink,  # type: ignore[arg-type]
    )


def _printer_margin(value: str | None) -> float:
    """--printer-margin in mm: the default 5mm, 0 for a print shop, at most 20mm."""
    from generator.output.impose import PRINTER_MARGIN as DEFAULT

    mm = length_option(value, "--printer-margin")
    if mm is None:
        return DEFAULT
    if mm > 20:
        raise PapirnaError(f"--printer-margin: {value!r} is more than 20mm")
    return mm


def extras(
    png: bool = False,
    dpi: int = 300,
    showcase: bool = False,
    png_copies: bool = False,
    png_corners: str | None = None,
    tts: bool = False,
    color: str = "rgb",
) -> Extras:
    """Extras from the command line's words, checked."""
    from generator.output.extras import Extras, check_dpi

    check_dpi(dpi)
    corners = length_option(png_corners, "--png-corners") or 0.0
    if png_corners is not None and not png:
        raise PapirnaError("--png-corners: only with --png")
    if png_copies and not png:
        raise PapirnaError("--png-copies: only with --png")
    if corners > 30:
        raise PapirnaError(f"--png-corners: {png_corners!r} is more than 30mm")
    if color not in ("rgb", "cmyk"):
        raise PapirnaError(f"--color: expected rgb or cmyk, got {color!r}")
    return Extras(png, dpi, showcase, png_copies, corners, tts, color)


def produce(
    packs: list,
    langs: list[str] | None,
    papers: list[str] | None,
    out: Path,
    opts: PrintOptions,
    more: Extras | None = None,
    only: set[str] | None = None,
    cache: dict | None = None,
    summary: bool = True,
    jobs: int | None = None,
    started: float | None = None,
) -> tuple[int, int]:
    """Render, then write every file (nothing is written if anything fails), then summarise.

    `only`: draw just the cards with these ids. `cache`: drawn cards kept between calls (watch
    mode). `jobs` processes render (default: one per core); `started` is when the command began.
    Returns (files written, cards drawn anew).

    Files are staged to temp files as they are made (memory stays flat however many PNGs a
    deck gives) and renamed into place together at the end.
    """
    from rich.progress import BarColumn, Progress, TextColumn
    from rich.table import Table

    from generator.output.build import plan
    from generator.output.files import Staging
    from generator.output.parallel import Extras, default_workers, render_all

    started = time.perf_counter() if started is None else started
    more = more or Extras()
    todo = plan(packs, langs, papers, single=opts.single, packed=opts.pack, bleed=opts.bleed)
    err = stderr()
    with (
        Staging() as staging,
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total}"),
            console=err,
            transient=True,
            disable=not err.is_terminal,
        ) as progress,
    ):
        task = progress.add_task("rendering", total=len(todo))

        def advance(job: Job, n: int) -> None:
            progress.update(task, description=job.filename, advance=n)

        rendered = render_all(
            todo,
            out,
            opts,
            more,
            workers=jobs or default_workers(),
            progress=advance,
            sink=lambda path, data, _what: staging.add(path, data),
            only=only,
            cache=cache,
        )
        sizes = dict(staging.sizes)
    files = rendered.files
    for warning in rendered.warnings:
        err.print(f"papirna: warning: {warning}", highlight=False, markup=False, soft_wrap=True)
    if not summary:
        return len(files), rendered.drawn
    table = Table(title=f"papirna wrote {len(files)} files to {out}")
    table.add_column("file")
    table.add_column("content", justify="right")
    table.add_column("KiB", justify="right")
    for path, _, what in files:
        table.add_row(str(path.relative_to(out)), what, f"{sizes[path] / 1024:.0f}")
    console = stdout()
    console.print(table)
    console.print(
        build_summary(len(files), rendered.pages, sum(sizes.values()), out, started),
        markup=False,
    )
    return len(files), rendered.drawn


def build_summary(files: int, pages: int, size: int, out: Path, started: float) -> str:
    """The last line of a build: how many files, pages and MB were written, where, how fast."""
    took = time.perf_counter() - started
    noun = "file" if files == 1 else "files"
    pnoun = "page" if pages == 1 else "pages"
    return (
        f"papirna wrote {files} {noun} ({pages} PDF {pnoun}, {size / 1e6:.1f} MB) "
        f"to {out} in {took:.1f} s"
    )
