"""`papirna calibrate`: a duplex test sheet to measure a printer's back-side offset once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Literal

import typer

from generator.cli.common import handles_errors, stdout
from generator.errors import PapirnaError
from generator.units import PAPER_SIZES_MM


def register(app: typer.Typer) -> None:
    """Add the `calibrate` command."""
    app.command("calibrate")(calibrate)


@handles_errors
def calibrate(
    paper: Literal["a4", "letter", "a3"] = typer.Option(
        "a4", "--paper", help="The paper you print on."
    ),
    duplex: str = typer.Option("long", "--duplex", help="long or short: how your printer flips."),
    lang: str = typer.Option(
        "cs", "--lang", help="Language of the instructions (cs, en; others: English)."
    ),
    out: Path = typer.Option(Path("output/calibrate.pdf"), "--out", help="The PDF to write."),
) -> None:
    """Print this two-sided sheet, hold it to the light and read your printer's back offset."""
    from generator.layout.calibration import calibration_pages
    from generator.layout.ops import Document
    from generator.output.files import write_atomic
    from generator.render.metrics import ReportlabMetrics
    from generator.render.pdf import render_pdf

    if duplex not in ("long", "short"):
        raise PapirnaError(f"--duplex: expected long or short, got {duplex!r}")
    if out.suffix.lower() != ".pdf":
        raise PapirnaError("the output must be a .pdf file", file=str(out))
    from generator.content.models import LANG_CODE

    if not LANG_CODE.match(lang):
        raise PapirnaError(f"--lang: expected a language code like cs, en or de, got {lang!r}")
    notices: list[str] = []
    pages = calibration_pages(PAPER_SIZES_MM[paper], duplex, lang, ReportlabMetrics(), notices)
    write_atomic(out, render_pdf(Document("papirna calibration", pages)))
    for notice in notices:
        print(f"papirna: notice: {notice}", file=sys.stderr)
    stdout().print(
        f"wrote {out}: print it two-sided ({duplex} edge), then follow the steps on the sheet"
    )
