"""A night's sheets scored together, campaigns across nights, export and import of sheets."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from functools import cache

import yaml

from generator.content.yamlio import load_yaml_text
from generator.errors import PapirnaError
from generator.serve import scoring
from generator.serve.db import Night, Sheet, Store
from generator.serve.forms import Form, build, form_words

NAME_MAX = 80
_PATHLIKE = re.compile(r"[/\\\x00-\x1f\x7f]|^\.|\.\.")


def clean_name(text: str, what: str = "name") -> str:
    """A player's or night's name as typed; PapirnaError for a blank, long or path-like one."""
    name = " ".join((text or "").split())
    if not name:
        raise PapirnaError(f"the {what} is blank")
    if len(name) > NAME_MAX:
        raise PapirnaError(f"the {what} is longer than {NAME_MAX} characters")
    if _PATHLIKE.search(name):
        raise PapirnaError(f"the {what} {name!r} looks like a file path; use letters and spaces")
    return name


@cache
def form_of(game: str, lang: str) -> Form:
    """The sheet form of a game in a language (from its model and its blank sheet)."""
    scorer = scoring.scorer_of(game)
    if scorer.sheet_model is None:
        raise PapirnaError(f"the {game} scorer has no sheet model to make a form from")
    pack = scoring.pack_of(game)
    words = form_words(pack.root / f"score-form-{lang}.yaml")
    return build(scorer.sheet_model, pack.root / f"score-template-{lang}.yaml", words)


@cache
def category_labels(game: str, lang: str) -> dict[str, str]:
    """The label of each scoring category of a game, as its score table prints it."""
    scorer = scoring.scorer_of(game)
    if scorer.category_names is None:
        return {}
    try:
        return dict(scorer.category_names(scoring.pack_of(game), lang))
    except PapirnaError:
        return {}


def game_name(game: str, lang: str) -> str:
    """The game's name as its pack spells it in `lang` (its id when the pack names none)."""
    try:
        name = scoring.pack_of(game).manifest.name
    except (PapirnaError, AttributeError):
        return game
    got = name.get(lang) if hasattr(name, "get") else name
    return str(got or game)


def number(value: object) -> object:
    """A number as a page prints it: negative with a true minus sign (−5)."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"
    return value


def category(game: str, lang: str, key: str) -> str:
    """One category's label (its key, spelled out, when the game names none)."""
    return category_labels(game, lang).get(key) or key.replace("_", " ")


def new_sheet(game: str, player: str, lang: str) -> dict:
    """A new player's sheet: the blank template's values, their name and language."""
    scorer = scoring.scorer_of(game)
    data = dict(form_of(game, lang).sample)
    fields = scorer.sheet_model.model_fields if scorer.sheet_model else {}
    if "player" in fields:
        data["player"] = player
    if "lang" in fields:
        data["lang"] = lang
    return data


def sheet_name(sheet: Sheet) -> str:
    """The name a night's sheet is scored under (the JSON's `file`): by its id, not its player."""
    return f"sheet-{sheet.id}.yaml"


def with_player(game: str, sheet: Sheet) -> dict:
    """The sheet's data with its player's name, as the night knows it."""
    data = dict(sheet.data)
    scorer = scoring.scorer_of(game)
    if scorer.sheet_model is not None and "player" in scorer.sheet_model.model_fields:
        data["player"] = sheet.player
    return data


@dataclass
class Result:
    """A night's score (the JSON of `score --json`), or the one line that refused it."""

    out: object = None
    error: str | None = None
    by_sheet: dict[int, dict] = field(default_factory=dict)  # sheet id -> its players entry


def _readable(message: str, sheets: list[Sheet]) -> str:
    for s in sheets:
        message = message.replace(sheet_name(s), f"{s.player}")
    return message


def score_sheets(game: str, sheets: list[Sheet], campaign: bool = False, lang=None) -> Result:
    """Score sheets together as `papirna score GAME --json` does; a refusal names the player."""
    if not sheets:
        return Result()
    named = [scoring.Named(sheet_name(s), with_player(game, s)) for s in sheets]
    try:
        out = scoring.score(game, named, campaign, lang)
    except PapirnaError as e:
        return Result(error=_readable(str(e), sheets))
    result = Result(out)
    ids = {sheet_name(s): s.id for s in sheets}
    entries = out.get("players", []) if isinstance(out, dict) else out
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and entry.get("file") in ids:
            result.by_sheet[ids[entry["file"]]] = entry
    return result


def score_night(store: Store, night: Night, lang=None) -> Result:
    """The night's sheets scored as one table: rules that span sheets decided among them."""
    return score_sheets(night.game, store.sheets(night.id), False, lang)


@dataclass
class CampaignTotals:
    """A campaign across nights: each player's total per night and in all, and the winners."""

    game: str
    name: str
    nights: list[Night]
    totals: dict[str, dict[int, int]]  # player -> night id -> total
    sums: dict[str, int]
    winners: list[str]
    scored: Result | None = None  # the game's own campaign scoring, when it has one
    errors: list[str] = field(default_factory=list)


def campaign_totals(store: Store, game: str, name: str) -> CampaignTotals:
    """Totals of a campaign: every night scored as its own table, summed per player; and the
    game's own campaign scoring (`score --campaign`) when the game has campaigns."""
    nights = store.nights(campaign=name, game=game)
    totals: dict[str, dict[int, int]] = {}
    errors = []
    everything: list[Sheet] = []
    for n in nights:
        sheets = store.sheets(n.id)
        everything += sheets
        got = score_sheets(game, sheets)
        if got.error:
            errors.append(f"{n.name}: {got.error}")
        for s in sheets:
            entry = got.by_sheet.get(s.id)
            if entry is not None and isinstance(entry.get("total"), int):
                totals.setdefault(s.player, {})[n.id] = entry["total"]
    sums = {p: sum(t.values()) for p, t in totals.items()}
    best = max(sums.values(), default=None)
    winners = [p for p, v in sums.items() if v == best] if best is not None else []
    scorer = scoring.scorer_of(game)
    scored = None
    if scorer.campaign_refused is None and everything:
        scored = score_sheets(game, everything, campaign=True)
        if scored.out is not None and isinstance(scored.out, dict):
            winners = list(scored.out.get("winners", winners))
    return CampaignTotals(game, name, nights, totals, sums, winners, scored, errors)


# export and import ---------------------------------------------------------------------------


def _slug(text: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "sheet"


def export_yaml(store: Store, night: Night) -> bytes:
    """The night as a zip of YAML sheets in the CLI's format (`papirna score GAME *.yaml`)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for i, s in enumerate(store.sheets(night.id), 1):
            text = yaml.safe_dump(with_player(night.game, s), allow_unicode=True, sort_keys=False)
            info = zipfile.ZipInfo(f"{i:02d}-{_slug(s.player)}.yaml", (2026, 1, 1, 0, 0, 0))
            z.writestr(info, text)
    return out.getvalue()


def export_csv(store: Store, night: Night) -> str:
    """The night as CSV: one row a player, with every category, the total and the rank."""
    sheets = store.sheets(night.id)
    got = score_sheets(night.game, sheets)
    cats: list[str] = []
    for entry in got.by_sheet.values():
        for c in entry.get("categories") or {}:
            if c not in cats:
                cats.append(c)
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["player", *cats, "total", "rank"])
    for s in sheets:
        e = got.by_sheet.get(s.id, {})
        row = [(e.get("categories") or {}).get(c, "") for c in cats]
        w.writerow([_csv_safe(s.player), *row, e.get("total", ""), e.get("rank", "")])
    return buf.getvalue()


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


MAX_IMPORT_SHEETS = 20


def import_yaml(store: Store, night: Night, text: str, lang: str) -> list[Sheet]:
    """Add the sheets of a YAML file (one sheet, a list, or several documents) to the night.

    Each is checked by scoring it before anything is saved; all are added in one go or none.
    """
    docs = [d for d in re.split(r"(?m)^---\s*$", text) if d.strip()]
    sheets: list[dict] = []
    for d in docs:
        doc = load_yaml_text(d, "import")
        items = doc.data if isinstance(doc.data, list) else [doc.data]
        for item in items:
            if not isinstance(item, dict):
                raise PapirnaError("an imported sheet is not a mapping of keys and values")
            sheets.append(item)
    if not sheets:
        raise PapirnaError("the file has no sheets")
    if len(sheets) > MAX_IMPORT_SHEETS:
        raise PapirnaError(f"at most {MAX_IMPORT_SHEETS} sheets at once")
    scorer = scoring.scorer_of(night.game)
    has_player = scorer.sheet_model is not None and "player" in scorer.sheet_model.model_fields
    named = []
    for i, data in enumerate(sheets, 1):
        player = (
            clean_name(str(data.get("player") or f"{i}"), "player's name") if has_player else f"{i}"
        )
        named.append((player, data))
    scoring.score(
        night.game, [scoring.Named(f"import-{i}.yaml", d) for i, (_, d) in enumerate(named, 1)]
    )
    return store.add_sheets(night.id, named)
