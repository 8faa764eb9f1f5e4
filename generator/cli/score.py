"""`papirna score`: tally filled sheets, per category, with totals, ranking and campaigns."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import typer

from generator.cli.common import CONTENT_OPTION, handles_errors


def register(app: typer.Typer) -> None:
    """Add the `score` command."""
    app.command("score")(score)


@handles_errors
def score(
    game: str = typer.Argument(..., help="A game that scores sheets (see `papirna games`)."),
    sheets: list[Path] = typer.Argument(
        None,
        help="Filled sheets: YAML, JSON, a filled fillable PDF, or, for games that read them, "
        "a photo or scan (JPG, PNG, a PDF of page images) of a printed sheet. A photo with too "
        "many unsure boxes to trust gives no score: one line on stderr says what to do, exit 2.",
    ),
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print the result as JSON (a refused sheet or photo prints no JSON: one line on "
        "stderr, exit 2).",
    ),
    campaign: bool = typer.Option(
        False,
        "--campaign",
        help="Sum each player's sheets over a campaign, for games that have campaigns of "
        "several games (refused with the reason for the others).",
    ),
    template: bool = typer.Option(False, "--template", help="Print a blank sheet to fill in."),
    lang: Literal["cs", "en"] | None = typer.Option(
        None,
        "--lang",
        help="Language of labels and the template (default: the sheets' own `lang`, else cs).",
    ),
    show: Path | None = typer.Option(
        None,
        "--show",
        help="Photos and scans: write the photo with every mark read outlined (also when the "
        "photo is too unsure to score, to see which boxes were unsure).",
    ),
    to_yaml: Path | None = typer.Option(
        None,
        "--to-yaml",
        help="Photos and scans: write the reading as a YAML sheet to correct (not written for "
        "a photo too unsure to score: photograph it again).",
    ),
    content: list[Path] = CONTENT_OPTION,
) -> None:
    """Tally filled sheets: every category per player, the total and the ranking."""
    from generator.cli.common import keep_freed_memory
    from generator.cli.scoring import PHOTO_SUFFIXES, run

    if any(p.suffix.lower() in PHOTO_SUFFIXES or p.suffix.lower() == ".pdf" for p in sheets or []):
        keep_freed_memory()  # a photo is read in arrays of tens of MB, made and freed many times
    run(game, sheets, as_json, campaign, template, lang, show, to_yaml, content)
