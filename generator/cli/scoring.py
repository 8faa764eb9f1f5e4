"""What `papirna score` does: tally filled sheets, per category, with totals, ranking and campaigns."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from generator.cli.common import load_packs, stdout
from generator.content.pack import Pack
from generator.content.sheets_io import load_sheet
from generator.content.validate import validate
from generator.content.yamlio import YamlDoc, load_yaml_file
from generator.errors import PapirnaError
from generator.games.gamebook import rules as gamebook
from generator.games.papirove_doupe import rules as pdr
from generator.games.papirove_doupe.sheets import (
    GamebookJournal,
    PapiroveDoupeSheet,
    SpiciBohoveLog,
    SpiciBohoveScoring,
)
from generator.games.spici_bohove import rules as spici_bohove
from generator.resources import content_dir
from generator.rules.scoring import Score, SheetError, rank

SCORED = ("papirove-doupe", "spici-bohove", "gamebook")
# why --campaign means nothing for the other games
CAMPAIGN_REFUSED = {
    "spici-bohove": "a ship's log already holds a whole campaign, scored once for the whole crew",
    "gamebook": "a character journal is checked, not scored over several games",
}


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
    if game not in SCORED:
        raise PapirnaError(f"papirna cannot score {game!r}; it scores {', '.join(SCORED)}")
    if campaign and game != "papirove-doupe":
        raise PapirnaError(f"--campaign is for papirove-doupe only: {CAMPAIGN_REFUSED[game]}")
    if template:
        path = content_dir() / game / f"score-template-{lang}.yaml"
        typer.echo(path.read_text(encoding="utf-8"), nl=False)
        return
    if not sheets:
        raise PapirnaError("give at least one filled sheet (or --template for a blank one)")
    pack = load_packs([game], content)[0]
    scans = _read_scans(game, pack, sheets, show, to_yaml)
    if game == "gamebook":
        _journal(sheets, as_json)
        return
    if game == "spici-bohove":
        table = validate(SpiciBohoveScoring, load_yaml_file(pack.root / "scoring.yaml"))
        scores = [
            _scored(p, SpiciBohoveLog, lambda s: spici_bohove.score_log(s, table)) for p in sheets
        ]
        labels = {c: pack.manifest.labels.get(f"score_{c}") for c in spici_bohove.SB_CATEGORIES}
        _print(
            scores, sheets, {k: (v.get(lang) if v else k) for k, v in labels.items()}, as_json, lang
        )
        return
    cards = pd_cards(pack)
    scores = [
        _scored(p, PapiroveDoupeSheet, lambda s: pdr.score_sheet(s, cards), keep=True, scans=scans)
        for p in sheets
    ]
    names = {c: cards.sheet.text[f"cat_{c}"].get(lang) for c in pdr.PD_CATEGORIES}
    if campaign:
        _campaign(scores, sheets, pack, cards, as_json, lang)
        _scan_report(scans, as_json, stderr=True)
        return
    _print([s for s, _ in scores], sheets, names, as_json, lang, scans)


def pd_cards(pack: Pack) -> pdr.PackCards:
    """The decks, sheet tables and plan of a Papírové doupě pack, by id."""

    def by_schema(schema: str) -> dict:
        return {
            e.model.id: e.model
            for p in pack.printables.values()
            if p.spec.schema_ == schema
            for e in p.cards
        }

    sheet = next(
        (p for p in pack.printables.values() if p.spec.builder == "papirove-doupe/sheet"), None
    )
    if sheet is None or sheet.data is None or sheet.plan is None:
        raise PapirnaError(
            "the pack has no papirove-doupe-sheet printable with data and plan", file=str(pack.root)
        )
    for c in pdr.PD_CATEGORIES:  # the score table's row labels
        if f"cat_{c}" not in sheet.data.model.text:
            raise sheet.data.error(f"no label 'cat_{c}' for the score table", ("text",))
    return pdr.PackCards(
        sheet=sheet.data.model,
        plan=sheet.plan.model,
        monsters=by_schema("papirove-doupe/monster"),
        dungeons=by_schema("papirove-doupe/dungeon"),
        abilities=by_schema("papirove-doupe/ability"),
        goals=by_schema("papirove-doupe/goal"),
        quests=by_schema("papirove-doupe/quest"),
    )


def _scored(path: Path, model: type, rule, keep: bool = False, scans: dict | None = None):
    scan = (scans or {}).get(path)
    doc = (
        scan[1]
        if scan
        else load_sheet(path, "spici-bohove" if model is SpiciBohoveLog else "papirove-doupe")
    )
    sheet = validate(model, doc)
    try:
        result = rule(sheet)
    except SheetError as e:
        raise doc.error(e.path, e.message) from None
    return (result, sheet) if keep else result


def _campaign(
    scored, paths: list[Path], pack: Pack, cards: pdr.PackCards, as_json: bool, lang: str
) -> None:
    campaigns = next(
        (
            p.data.model
            for p in pack.printables.values()
            if p.spec.data_schema == "papirove-doupe/campaigns" and p.data
        ),
        [],
    )
    by_player: dict[str, list] = {}
    for (s, sheet), path in zip(scored, paths, strict=True):
        by_player.setdefault(sheet.player, []).append((sheet.dungeon, s, path))
    names = {c.id: c.name.get(lang) for c in campaigns}
    players = list(by_player)
    which = set()
    from generator.content.yamlio import display_path

    for player, games in by_player.items():
        letters = [d for d, _, _ in games]
        if len(set(letters)) != len(letters):
            dup = next(d for d in letters if letters.count(d) > 1)
            second = [p for d, _, p in games if d == dup][1]
            raise PapirnaError(
                f"player {player!r} has two sheets for dungeon {dup}",
                file=display_path(second),
                field="dungeon",
            )
        found = pdr.campaign_of(letters, campaigns)
        if found is None:
            known = "; ".join(f"{names[c.id]}: {', '.join(c.cards)}" for c in campaigns)
            raise PapirnaError(
                f"player {player!r}: dungeons {', '.join(sorted(letters))} are not one campaign "
                f"({known})",
                file=", ".join(display_path(p) for _, _, p in games),
                field="dungeon",
            )
        which.add(found)
    if len(which) != 1:
        raise PapirnaError(f"the players played different campaigns: {', '.join(sorted(which))}")
    camp = which.pop()
    totals = {p: sum(s.total for _, s, _ in g) for p, g in by_player.items()}
    ranks = dict(zip(players, rank([totals[p] for p in players]), strict=True))
    letters = sorted({d for g in by_player.values() for d, _, _ in g})
    title = "grand campaign" if camp == "grand" else names.get(camp, camp)
    if as_json:
        out = {
            "game": "papirove-doupe",
            "campaign": camp,
            "players": [
                {
                    "player": p,
                    "games": {d: s.total for d, s, _ in sorted(by_player[p], key=lambda x: x[0])},
                    "total": totals[p],
                    "rank": ranks[p],
                }
                for p in players
            ],
            "winners": [p for p in players if ranks[p] == 1],
        }
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    table = Table(title=f"papirna score: {title}")
    table.add_column("")
    for p in players:
        table.add_column(p, justify="right")
    for d in letters:
        row = []
        for p in players:
            got = [s.total for dd, s, _ in by_player[p] if dd == d]
            row.append(str(got[0]) if got else "-")
        table.add_row(d, *row)
    table.add_section()
    table.add_row("Σ", *(str(totals[p]) for p in players), style="bold")
    table.add_row("#", *(_place(ranks[p], list(ranks.values())) for p in players))
    stdout().print(table)


def _place(r: int, all_ranks: list[int]) -> str:
    return f"{r}." + (" (=)" if all_ranks.count(r) > 1 else "")


def _print(
    scores: list[Score],
    paths: list[Path],
    names: dict[str, str],
    as_json: bool,
    lang: str,
    scans: dict | None = None,
) -> None:
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
        if scans:  # sheets read from photos: the boxes to check, per player and in all
            for entry, p in zip(out["players"], paths, strict=True):
                if p in scans:
                    entry["sheet"] = scans[p][0].sheet_id
                    entry["uncertain"] = [_box_json(b) for b in scans[p][0].uncertain]
                    entry["reading_notes"] = scans[p][0].notes
            out["uncertain"] = [
                {"file": str(p), **_box_json(b)}
                for p in paths
                if p in scans
                for b in scans[p][0].uncertain
            ]
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
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
        table.add_row("#", *(_place(r, ranks) for r in ranks))
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
    _scan_report(scans, as_json)


def _journal(paths: list[Path], as_json: bool) -> None:
    reports = []
    for path in paths:
        doc: YamlDoc = load_sheet(path, "gamebook")
        j = validate(GamebookJournal, doc)
        reports.append((path, j, gamebook.check_journal(j)))
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "file": str(p),
                        "name": j.name,
                        "experience": j.experience,
                        "level": r.level,
                        "next_level_at": r.next_level_at,
                        "base_strength": r.base_strength,
                        "problems": [{"field": f, "message": m} for f, m in r.problems],
                    }
                    for p, j, r in reports
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    out = stdout()
    for p, j, r in reports:
        out.print(
            f"{p}: {j.name or 'character'}: level {r.level} ({j.experience} XP; next level at "
            f"{r.next_level_at}), base strength {r.base_strength}"
        )
        for f, m in r.problems:
            out.print(f"  {f}: {m}")
        if not r.problems:
            out.print("  consistent")


def _box_json(b) -> dict:
    return {
        "box": b.name,
        "read": "marked" if b.marked else "empty",
        "confidence": round(b.confidence, 2),
    }


def _out_file(base: Path, sheet: Path, many: bool) -> Path:
    """--show/--to-yaml path for one of several sheets: the sheet's name is added."""
    return base.with_name(f"{base.stem}-{sheet.stem}{base.suffix}") if many else base


def _read_scans(
    game: str, pack: Pack, sheets: list[Path], show: Path | None, to_yaml: Path | None
) -> dict:
    """Read the photos and scans among the sheets: {path: (ScanResult, YamlDoc)}."""
    from generator.content.yamlio import display_path
    from generator.games.papirove_doupe.scan.files import IMAGE_SUFFIXES, is_scan, require_scan

    images = [p for p in sheets if p.suffix.lower() in IMAGE_SUFFIXES]
    if game != "papirove-doupe":
        if images:
            raise PapirnaError(
                f"papirna reads photos and scans only of Papírové doupě sheets, not {game}",
                file=display_path(images[0]),
            )
        return {}
    found = [p for p in sheets if is_scan(p)]
    if (show or to_yaml) and not found:
        raise PapirnaError("--show and --to-yaml are for photos and scans of sheets")
    if not found:
        return {}
    require_scan()
    from generator.games.papirove_doupe.scan.read import (
        load_image,
        read_image,
        reading_yaml,
        save_overlay,
        sheet_data,
    )

    scans = {}
    for path in found:
        shown = display_path(path)
        if not path.is_file():
            raise PapirnaError("file not found", file=shown)
        image = load_image(path, shown)
        result = read_image(image, pack, shown)
        data, problem = sheet_data(result)
        if show:
            save_overlay(result, image, _out_file(show, path, len(found) > 1))
        if to_yaml:
            target = _out_file(to_yaml, path, len(found) > 1)
            try:
                target.write_text(
                    reading_yaml(result, data, problem and str(problem)), encoding="utf-8"
                )
            except OSError as e:
                raise PapirnaError(f"cannot write the reading: {e}", file=str(target)) from None
        if problem:
            hint = (
                f"; the reading is in {_out_file(to_yaml, path, len(found) > 1)}" if to_yaml else ""
            )
            raise PapirnaError(problem.message + hint, file=shown, field=problem.field)
        scans[path] = (result, YamlDoc(file=shown, data=data))
    return scans


def _scan_report(scans: dict | None, as_json: bool, stderr: bool = False) -> None:
    """For each sheet read from a photo: which sheet it was, and the boxes to check."""
    if not scans or (as_json and not stderr):
        return
    from generator.cli.common import stderr as err_console

    out = err_console() if stderr else stdout()
    for result, _ in scans.values():
        out.print(
            f"{result.file}: read as {result.sheet_id} in {result.seconds:.2f} s", markup=False
        )
        for note in result.notes:
            out.print(f"  {note}", markup=False)
        if result.uncertain:
            out.print(
                f"  check these {len(result.uncertain)} boxes (read with low confidence):",
                markup=False,
            )
            for b in result.uncertain:
                state = "marked" if b.marked else "empty"
                out.print(
                    f"    {b.name}: read as {state} (confidence {b.confidence:.2f})", markup=False
                )
