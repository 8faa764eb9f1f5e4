"""What `papirna score` does, for any game: load the game's scorer, the pack and the sheets, then
print a table of categories, totals and the ranking (or JSON). Each game's own rules are in its
plugin's scorer."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import typer

from generator.cli.common import load_packs, stdout
from generator.content.sheets_io import FromFields, load_sheet
from generator.content.validate import validate
from generator.errors import PapirnaError
from generator.rules.scoring import Score, SheetError, rank

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp", ".bmp"}


@dataclass(frozen=True)
class ScoreOptions:
    """The options of `papirna score` that a game's scorer may use."""

    as_json: bool = False
    campaign: bool = False
    lang: str = "cs"
    show: Path | None = None
    to_yaml: Path | None = None


def scorers() -> dict:
    """Every installed game that can score sheets: {game id: Scorer}."""
    from generator.plugins import games

    return {gid: g.scorer() for gid, g in games().items() if g.scorer is not None}


def run(
    game: str,
    sheets: list[Path] | None,
    as_json: bool,
    campaign: bool,
    template: bool,
    lang: str,
    show: Path | None,
    to_yaml: Path | None,
    content: list[Path] | None,
) -> None:
    """Tally filled sheets: every category per player, the total and the ranking."""
    from generator.plugins import games

    found = games().get(game)
    if found is None or found.scorer is None:
        able = ", ".join(gid for gid, g in games().items() if g.scorer is not None)
        raise PapirnaError(f"papirna cannot score {game!r}; it scores {able}")
    scorer = found.scorer()
    if campaign and scorer.campaign_refused:
        raise PapirnaError(f"--campaign is not for {game}: {scorer.campaign_refused}")
    if template:
        pack = load_packs([game], content)[0]
        path = pack.root / f"score-template-{lang}.yaml"
        if not path.is_file():
            raise PapirnaError(f"the {game} pack has no blank sheet for {lang}", file=str(path))
        typer.echo(path.read_text(encoding="utf-8"), nl=False)
        return
    if not sheets:
        raise PapirnaError("give at least one filled sheet (or --template for a blank one)")
    if not scorer.reads_photos:
        if show or to_yaml:
            raise PapirnaError("--show and --to-yaml are for photos and scans of sheets")
        photo = next((p for p in sheets if p.suffix.lower() in PHOTO_SUFFIXES), None)
        if photo is not None:
            from generator.content.yamlio import display_path

            readers = ", ".join(
                gid for gid, g in games().items() if g.scorer and g.scorer().reads_photos
            )
            raise PapirnaError(
                f"papirna reads photos and scans only of {readers} sheets, not {game}",
                file=display_path(photo),
            )
    pack = load_packs([game], content)[0]
    scorer.run(pack, sheets, ScoreOptions(as_json, campaign, lang, show, to_yaml))


def scored(
    path: Path,
    model: type,
    rule: Callable,
    from_fields: FromFields | None = None,
    keep: bool = False,
    doc=None,
):
    """One sheet read (or the given doc), validated as `model` and scored by `rule`."""
    doc = doc if doc is not None else load_sheet(path, from_fields)
    sheet = validate(model, doc)
    try:
        result = rule(sheet)
    except SheetError as e:
        raise doc.error(e.path, e.message) from None
    return (result, sheet) if keep else result


def place(r: int, all_ranks: list[int]) -> str:
    """A rank as printed: '1.' or '1. (=)' for a shared place."""
    return f"{r}." + (" (=)" if all_ranks.count(r) > 1 else "")


def print_scores(
    scores: list[Score],
    paths: list[Path],
    names: dict[str, str],
    as_json: bool,
    lang: str,
    add_json: Callable[[dict], None] | None = None,
    after: Callable[[], None] | None = None,
) -> None:
    """The score table (or JSON): every category per player, the total, ranks and the winner.

    `add_json(out)` may add a game's own keys to the JSON; `after()` prints below the table.
    """
    ranks = rank([s.total for s in scores])
    if as_json:
        out = {
            "players": [
                {
                    "player": s.player,
                    "file": str(p),
                    "categories": s.categories,
                    "total": s.total,
                    "rank": r,
                    "notes": s.notes,
                }
                for s, p, r in zip(scores, paths, ranks, strict=True)
            ],
            "winners": [s.player for s, r in zip(scores, ranks, strict=True) if r == 1],
            "tie": ranks.count(1) > 1,
        }
        if add_json:
            add_json(out)
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    from rich.table import Table

    table = Table(title="papirna score")
    table.add_column("")
    for s in scores:
        table.add_column(s.player, justify="right")
    for cat, label in names.items():
        table.add_row(
            label, *(f"{s.categories[cat]:+d}" if s.categories[cat] else "0" for s in scores)
        )
    table.add_section()
    total = "Celkem" if lang == "cs" else "Total"
    table.add_row(total, *(str(s.total) for s in scores), style="bold")
    if len(scores) > 1:
        table.add_row("#", *(place(r, ranks) for r in ranks))
    out = stdout()
    out.print(table)
    winners = [s.player for s, r in zip(scores, ranks, strict=True) if r == 1]
    if len(scores) > 1:
        if len(winners) > 1:
            word = "Shoda" if lang == "cs" else "Tie"
            out.print(f"{word}: {', '.join(winners)}")
        else:
            word = "Vítěz" if lang == "cs" else "Winner"
            out.print(f"{word}: {winners[0]}")
    for s in scores:
        for note in s.notes:
            out.print(f"{s.player}: {note}")
    if after:
        after()
