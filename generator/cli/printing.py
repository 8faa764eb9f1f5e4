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
PNG = typer.Option(False, "--png", help="Also export every card as a PNG with bleed.")
DPI = typer.Option(300, "--dpi", help="Resolution of PNG exports.")
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


def options(
    duplex: str,
    back_offset: str | None,
    gap: str | None,
    bleed: str | None,
    guides: bool,
    corners: str | None,
    single: bool,
    printer_margin: str | None = None,
) -> PrintOptions:
    """PrintOptions from the command line's words."""
    from generator.output.impose import PrintOptions

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
        printer_margin=_printer_margin(printer_margin),
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


def produce(
    packs: list,
    langs: list[str] | None,
    papers: list[str] | None,
    out: Path,
    opts: PrintOptions,
    png: bool = False,
    dpi: int = 300,
    show: bool = False,
    jobs: int | None = None,
    started: float | None = None,
) -> None:
    """Render, then write every file (nothing is written if anything fails), then summarise.

    `jobs` processes render (default: one per core); `started` is when the command began.
    """
    from rich.progress import BarColumn, Progress, TextColumn
    from rich.table import Table

    from generator.output.build import plan
    from generator.output.files import write_all
    from generator.output.parallel import Extras, default_workers, render_all

    started = time.perf_counter() if started is None else started
    todo = plan(packs, langs, papers, single=opts.single)
    err = stderr()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task("rendering", total=len(todo))

        def advance(job: Job, n: int) -> None:
            progress.update(task, description=job.filename, advance=n)

        rendered = render_all(
            todo,
            out,
            opts,
            Extras(png, dpi, show),
            workers=jobs or default_workers(),
            progress=advance,
        )
    files = rendered.files
    write_all([(path, data) for path, data, _ in files])
    for warning in rendered.warnings:
        err.print(f"papirna: warning: {warning}", highlight=False, markup=False)
    table = Table(title=f"papirna wrote {len(files)} files to {out}")
    table.add_column("file")
    table.add_column("content", justify="right")
    table.add_column("KiB", justify="right")
    for path, data, what in files:
        table.add_row(str(path.relative_to(out)), what, f"{len(data) / 1024:.0f}")
    console = stdout()
    console.print(table)
    console.print(
        summary(len(files), rendered.pages, sum(len(d) for _, d, _ in files), out, started),
        markup=False,
    )


def summary(files: int, pages: int, size: int, out: Path, started: float) -> str:
    """The last line of a build: how many files, pages and MB were written, where, how fast."""
    took = time.perf_counter() - started
    noun = "file" if files == 1 else "files"
    pnoun = "page" if pages == 1 else "pages"
    return (
        f"papirna wrote {files} {noun} ({pages} PDF {pnoun}, {size / 1e6:.1f} MB) "
        f"to {out} in {took:.1f} s"
    )
