"""`papirna score papirove-doupe`: typed sheets, filled PDFs and photos, one game or a campaign."""

from __future__ import annotations

from pathlib import Path

from generator.cli.common import stdout
from generator.cli.scoring import (
    ScoreOptions,
    emit_json,
    labels_lang,
    place,
    print_scores,
    read_sheet,
    refuse_repeats,
)
from generator.content.pack import Pack
from generator.content.sheets_io import circled, count_marked, highest_marked, number_field
from generator.content.yamlio import YamlDoc
from generator.errors import PapirnaError
from generator.games.papirove_doupe import rules as pdr
from generator.games.papirove_doupe.models import ADVENTURERS
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet
from generator.rules.scoring import SheetError, rank


def run(pack: Pack, sheets: list[Path], opts: ScoreOptions) -> None:
    """Score Papírové doupě sheets (typed, filled PDFs, photos), or campaigns of them."""
    refuse_repeats(sheets)
    scans = _read_scans(pack, sheets, opts.show, opts.to_yaml)
    cards = pd_cards(pack)
    read = [
        read_sheet(
            p, PapiroveDoupeSheet, from_fields, doc=scans[p][1] if p in scans else opts.doc(p)
        )
        for p in sheets
    ]
    lang = labels_lang(opts.lang, [sheet for sheet, _ in read])
    names = {c: cards.sheet.text[f"cat_{c}"].get(lang) for c in pdr.PD_CATEGORIES}
    if opts.campaign:
        # each dungeon was one game at one table: its strongest attacks are decided among its sheets
        by_dungeon: dict[str, list[int]] = {}
        for i, (sheet, doc) in enumerate(read):
            same = [
                j for j in by_dungeon.get(sheet.dungeon, []) if read[j][0].player == sheet.player
            ]
            if same:
                raise doc.error(
                    ("dungeon",),
                    f"player {sheet.player!r} has two sheets for dungeon {sheet.dungeon}",
                )
            by_dungeon.setdefault(sheet.dungeon, []).append(i)
        results: list = [None] * len(read)
        for idx in by_dungeon.values():
            for i, got in zip(idx, score_read([read[i] for i in idx], cards), strict=True):
                results[i] = got
        scores = [(r, sheet) for r, (sheet, _) in zip(results, read, strict=True)]
        _campaign(scores, sheets, pack, cards, opts.as_json, lang, opts.emit)
        _scan_report(scans, opts.as_json, stderr=True)
        return
    print_scores(
        score_read(read, cards),
        sheets,
        names,
        opts.as_json,
        lang,
        add_json=lambda out: _scan_json(out, sheets, scans),
        after=lambda: _scan_report(scans, opts.as_json),
        emit=opts.emit,
    )


def category_names(pack: Pack, lang: str) -> dict[str, str]:
    """The label of each scoring category in `lang`, as the score table prints it."""
    cards = pd_cards(pack)
    return {c: cards.sheet.text[f"cat_{c}"].get(lang) for c in pdr.PD_CATEGORIES}


def score_read(read: list, cards: pdr.PackCards) -> list:
    """Score (sheet, doc) pairs as one table; a problem names the sheet's file and field."""
    try:
        return pdr.score_table([sheet for sheet, _ in read], cards)
    except SheetError as e:
        doc = read[e.sheet if e.sheet is not None else 0][1]
        raise doc.error(e.path, e.message) from None


def _scan_json(out: dict, paths: list[Path], scans: dict) -> None:
    """Sheets read from photos: the boxes to check, per player and in all."""
    if not scans:
        return
    for entry, p in zip(out["players"], paths, strict=True):
        if p in scans:
            entry["sheet"] = scans[p][0].sheet_id
            entry["uncertain"] = [_box_json(b) for b in scans[p][0].uncertain]
            entry["check"] = scans[p][0].summary
            entry["reading_notes"] = scans[p][0].notes
    out["uncertain"] = [
        {"file": str(p), **_box_json(b)} for p in paths if p in scans for b in scans[p][0].uncertain
    ]


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
    if sheet is None or sheet.data is None or "plan" not in sheet.files:
        raise PapirnaError(
            "the pack has no papirove-doupe/sheet printable with data and a plan file",
            file=str(pack.root),
        )
    for c in pdr.PD_CATEGORIES:  # the score table's row labels
        if f"cat_{c}" not in sheet.data.model.text:
            raise sheet.data.error(f"no label 'cat_{c}' for the score table", ("text",))
    return pdr.PackCards(
        sheet=sheet.data.model,
        plan=sheet.files["plan"].model,
        monsters=by_schema("papirove-doupe/monster"),
        dungeons=by_schema("papirove-doupe/dungeon"),
        abilities=by_schema("papirove-doupe/ability"),
        goals=by_schema("papirove-doupe/goal"),
        quests=by_schema("papirove-doupe/quest"),
    )


def _campaign(
    scored,
    paths: list[Path],
    pack: Pack,
    cards: pdr.PackCards,
    as_json: bool,
    lang: str,
    emit=None,
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
    missing: dict[str, list[str]] = {}
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
            part = pdr.campaign_so_far(letters, campaigns)
            if part is None:
                known = "; ".join(f"{names[c.id]}: {', '.join(c.cards)}" for c in campaigns)
                raise PapirnaError(
                    f"player {player!r}: dungeons {', '.join(sorted(letters))} are not one "
                    f"campaign ({known})",
                    file=", ".join(display_path(p) for _, _, p in games),
                    field="dungeon",
                )
            found, missing[player] = part
        which.add(found)
    if len(which) != 1:
        raise PapirnaError(f"the players played different campaigns: {', '.join(sorted(which))}")
    camp = which.pop()
    order = {c: i for i, c in enumerate(card for c in campaigns for card in c.cards)}
    for g in by_player.values():
        g.sort(key=lambda x: order.get(x[0], len(order)))
    totals = {p: sum(s.total for _, s, _ in g) for p, g in by_player.items()}
    running = {p: pdr.running_totals([s.total for _, s, _ in g]) for p, g in by_player.items()}
    ranks = dict(zip(players, rank([totals[p] for p in players]), strict=True))
    letters = sorted(
        {d for g in by_player.values() for d, _, _ in g}, key=lambda d: order.get(d, 99)
    )
    title = "grand campaign" if camp == "grand" else names.get(camp, camp)
    winners = [p for p in players if ranks[p] == 1]
    if as_json:
        out = {
            "game": "papirove-doupe",
            "campaign": camp,
            "complete": not missing,
            "players": [
                {
                    "player": p,
                    "games": {d: s.total for d, s, _ in by_player[p]},
                    "running": {
                        d: t for (d, _, _), t in zip(by_player[p], running[p], strict=True)
                    },
                    "missing": missing.get(p, []),
                    "total": totals[p],
                    "rank": ranks[p],
                    "notes": [f"{d}: {n}" for d, s, _ in by_player[p] for n in s.notes],
                }
                for p in players
            ],
            "winners": winners,
            "tie": len(winners) > 1,
        }
        emit_json(out, emit)
        return
    from rich.table import Table

    table = Table(title=f"papirna score: {title}")
    table.add_column("")
    for p in players:
        table.add_column(p, justify="right")
    for d in letters:
        row = []
        for p in players:
            got = [
                (s.total, t)
                for (dd, s, _), t in zip(by_player[p], running[p], strict=True)
                if dd == d
            ]
            row.append(f"{got[0][0]} (Σ {got[0][1]})" if got else "-")
        table.add_row(d, *row)
    table.add_section()
    table.add_row("Σ", *(str(totals[p]) for p in players), style="bold")
    table.add_row("#", *(place(ranks[p], list(ranks.values())) for p in players))
    out = stdout()
    out.print(table)
    cs = lang == "cs"
    if len(winners) > 1:
        out.print(f"{'Shoda' if cs else 'Tie'}: {', '.join(winners)}")
    else:
        out.print(f"{'Vítěz' if cs else 'Winner'}: {winners[0]}")
    for p in players:
        if p in missing:
            played = ", ".join(d for d, _, _ in by_player[p])
            out.print(
                f"{p}: {played} {'are' if len(by_player[p]) > 1 else 'is'} one campaign so far "
                f"({title}); {', '.join(missing[p])} {'is' if len(missing[p]) == 1 else 'are'} "
                "missing"
            )
        for d, s, _ in by_player[p]:
            for n in s.notes:
                out.print(f"{p}, {d}: {n}")


def _box_json(b) -> dict:
    from generator.games.papirove_doupe.scan.summary import box_words

    return {
        "box": b.name,
        "what": box_words(b.name),
        "read": "marked" if b.marked else "empty",
        "confidence": round(b.confidence, 2),
        "why": b.ask,
    }


def _out_file(base: Path, sheet: Path, many: bool) -> Path:
    """--show/--to-yaml path for one of several sheets: the sheet's name is added."""
    return base.with_name(f"{base.stem}-{sheet.stem}{base.suffix}") if many else base


def _read_scans(pack: Pack, sheets: list[Path], show: Path | None, to_yaml: Path | None) -> dict:
    """Read the photos and scans among the sheets: {path: (ScanResult, YamlDoc)}."""
    from generator.content.yamlio import display_path
    from generator.games.papirove_doupe.scan.files import is_scan, require_scan

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
    from generator.games.papirove_doupe.scan.summary import refusal

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
        if result.too_many:
            # a total the reader itself does not trust is no score: it is refused, and no reading
            # is written to correct (every box would need checking); the overlay shows what was
            # unsure
            why = refusal([b.name for b in result.uncertain], result.causes)
            if show:
                why += f"; the unsure boxes are drawn in {_out_file(show, path, len(found) > 1)}"
            raise PapirnaError(why, file=shown)
        if to_yaml:
            from generator.output.files import open_atomic  # (only here: a light module)

            target = _out_file(to_yaml, path, len(found) > 1)
            text = reading_yaml(result, data, problem and str(problem))
            with open_atomic(target, text=True) as f:  # all of it or, if interrupted, nothing
                f.write(text)
        if problem:
            hint = (
                f"; the reading is in {_out_file(to_yaml, path, len(found) > 1)}" if to_yaml else ""
            )
            raise PapirnaError(problem.message + hint, file=shown, field=problem.field)
        # the labels follow the sheet photographed, as they follow a typed sheet's `lang`
        data = {**data, "lang": result.lang} if result.lang in ("cs", "en") else data
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
            from generator.games.papirove_doupe.scan.summary import box_words

            out.print(f"  {result.summary}", markup=False)
            for b in [] if result.too_many else result.uncertain:
                state = "marked" if b.marked else "empty"
                why = ", against the rules" if b.ask == "against the rules" else ""
                out.print(
                    f"    {box_words(b.name)} ({b.name}): read as {state}, {b.confidence:.2f}{why}",
                    markup=False,
                )


def from_fields(values: dict[str, str | bool], shown: str) -> dict:
    """The fields of a filled Papírové doupě sheet as the data of a typed sheet."""
    if not any(k.startswith("adventurer.") for k in values):
        raise PapirnaError("not a Papírové doupě sheet (no adventurer fields)", file=shown)
    dungeons = [
        k.split(".", 1)[1] for k, v in values.items() if k.startswith("dungeon.") and v is True
    ]
    if len(dungeons) != 1:
        raise PapirnaError(
            f"mark exactly one dungeon card, found {len(dungeons)}", file=shown, field="dungeon"
        )
    fights = []
    for m in (1, 2, 3):
        p = f"monster.{m}"
        ranges = [k for k in (1, 2, 3) if values.get(f"{p}.range.{k}") is True]
        if len(ranges) > 1:
            raise PapirnaError(f"{len(ranges)} ranges marked, expected one", file=shown, field=p)
        # the strength written in the fight's box: it decides the range (and checks a marked one)
        strength = number_field(values, f"{p}.strength", shown)
        fled = values.get(f"{p}.fled") is True or (not ranges and strength is None)
        fight: dict = {
            "visited": values.get(f"{p}.visited") is True,
            "fled": fled,
            "strongest": values.get(f"{p}.strongest") is True,
        }
        if not fled:  # a fled party's strength is only a note on the sheet
            if ranges:
                fight["range"] = ranges[0]
            if strength is not None:
                fight["strength"] = strength
        fights.append(fight)
    quests = [q for n in (1, 2, 3) if (q := circled(values, f"quest.{n}.glory", shown)) is not None]
    goal = circled(values, "goal.glory", shown)
    ability = circled(values, "ability.glory", shown)
    return {
        "player": str(values.get("player") or "?").strip() or "?",
        "dungeon": dungeons[0],
        "levels": {a: max(1, highest_marked(values, f"adventurer.{a}.level")) for a in ADVENTURERS},
        "items": [
            sum(values.get(f"item.{i}.half.{h}") is True for h in (1, 2)) for i in range(1, 9)
        ],
        "gems": count_marked(values, "gem"),
        "minions": count_marked(values, "minion"),
        "wounds": count_marked(values, "wound"),
        "resurrection": values.get("resurrection") is True,
        "fights": fights,
        "ability": ability,
        "goals": [] if goal is None else [goal],
        "quests": quests,
    }
