"""Reading filled sheets: YAML or JSON typed by a player, or a fillable PDF filled in a viewer."""

from __future__ import annotations

import re
from pathlib import Path

from generator.content.yamlio import YamlDoc, display_path, load_yaml_file
from generator.errors import PapirnaError
from generator.games.papirove_doupe.models import ADVENTURERS
from generator.games.spici_bohove.models import LOG_COUNT_FIELDS

MAX_PDF_BYTES = 20 * 1024 * 1024


def load_sheet(path: Path, game: str = "papirove-doupe") -> YamlDoc:
    """A filled sheet as plain data with positions: YAML/JSON as written, a PDF via its fields."""
    if path.suffix.lower() == ".pdf":
        return _pdf_sheet(path, game)
    return load_yaml_file(path)


def read_pdf_fields(path: Path) -> dict[str, str | bool]:
    """Form field values of a PDF: checkboxes as booleans (from /V or any widget's /AS), text as str."""
    import logging
    import struct
    import warnings
    import zlib

    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    shown = display_path(path)
    if not path.is_file():
        raise PapirnaError("not a file" if path.exists() else "file not found", file=shown)
    if path.stat().st_size > MAX_PDF_BYTES:
        raise PapirnaError("PDF is larger than 20 MB", file=shown)
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)  # pypdf logs every repair it makes; the user gets one line
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = _form_values(PdfReader(str(path)))
    # A damaged PDF breaks pypdf in many ways; these are the ones its parser lets through.
    except (
        PyPdfError,
        OSError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        RecursionError,
        AssertionError,
        struct.error,
        zlib.error,
    ) as e:
        why = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
        raise PapirnaError(f"cannot read the PDF's form: {why}", file=shown) from None
    finally:
        log.setLevel(level)
    if not values:
        raise PapirnaError(
            "this PDF has no form fields; print it with `build` and fill the fillable variant",
            file=shown,
        )
    return values


def _form_values(reader) -> dict[str, str | bool]:
    """Field name -> value of every widget on every page of an open PdfReader."""
    from pypdf.generic import DictionaryObject

    def resolve(obj: object) -> object:
        return obj.get_object() if hasattr(obj, "get_object") else obj

    values: dict[str, str | bool] = {}
    for page in reader.pages:
        annots = resolve(page.get("/Annots"))
        if not isinstance(annots, list):
            continue
        for ref in annots:
            annot = resolve(ref)
            if not isinstance(annot, DictionaryObject) or annot.get("/Subtype") != "/Widget":
                continue
            field = annot if "/T" in annot else resolve(annot.get("/Parent"))
            if not isinstance(field, DictionaryObject):
                continue
            name = resolve(field.get("/T"))
            if name is None:
                continue
            kind = field.get("/FT") or annot.get("/FT")
            v = resolve(field.get("/V"))
            if kind == "/Btn":
                state = resolve(annot.get("/AS"))
                on = (v is not None and str(v) != "/Off") or (
                    state is not None and str(state) != "/Off"
                )
                values[str(name)] = bool(values.get(str(name))) or on
            else:
                values[str(name)] = "" if v is None else str(v)
    return values


def _count(values: dict, prefix: str) -> int:
    pat = re.compile(re.escape(prefix) + r"\.(\d{1,6})$")
    return sum(1 for k, v in values.items() if v is True and pat.match(k))


def _highest(values: dict, prefix: str) -> int:
    pat = re.compile(re.escape(prefix) + r"\.(-?\d{1,6})$")
    marked = [int(m.group(1)) for k, v in values.items() if v is True and (m := pat.match(k))]
    return max(marked) if marked else 0


def _circled(values: dict, prefix: str, shown: str) -> int | None:
    pat = re.compile(re.escape(prefix) + r"\.(-?\d{1,6})$")
    marked = [int(m.group(1)) for k, v in values.items() if v is True and (m := pat.match(k))]
    if len(marked) > 1:
        raise PapirnaError(f"{len(marked)} values circled, expected one", file=shown, field=prefix)
    return marked[0] if marked else None


def papirove_doupe_from_fields(values: dict[str, str | bool], shown: str) -> dict:
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
        fled = values.get(f"{p}.fled") is True or not ranges
        fight: dict = {
            "visited": values.get(f"{p}.visited") is True,
            "fled": fled,
            "strongest": values.get(f"{p}.strongest") is True,
        }
        if not fled:
            fight["range"] = ranges[0]
        fights.append(fight)
    quests = [
        q for n in (1, 2, 3) if (q := _circled(values, f"quest.{n}.glory", shown)) is not None
    ]
    goal = _circled(values, "goal.glory", shown)
    ability = _circled(values, "ability.glory", shown)
    return {
        "player": str(values.get("player") or "?").strip() or "?",
        "dungeon": dungeons[0],
        "levels": {a: max(1, _highest(values, f"adventurer.{a}.level")) for a in ADVENTURERS},
        "items": [
            sum(values.get(f"item.{i}.half.{h}") is True for h in (1, 2)) for i in range(1, 9)
        ],
        "gems": _count(values, "gem"),
        "minions": _count(values, "minion"),
        "wounds": _count(values, "wound"),
        "resurrection": values.get("resurrection") is True,
        "fights": fights,
        "ability": ability,
        "goals": [] if goal is None else [goal],
        "quests": quests,
    }


def _number(values: dict, name: str, shown: str) -> int | None:
    """A whole number typed into a text field; None when the field is blank."""
    raw = values.get(name)
    if raw is None or raw is True or raw is False:
        return None
    text = str(raw).strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,6}", text):
        raise PapirnaError(f"expected a whole number, got {text!r}", file=shown, field=name)
    return int(text)


def spici_bohove_from_fields(values: dict[str, str | bool], shown: str) -> dict:
    """The fields of a filled Spící bohové ship's log as the data of a SpiciBohoveLog."""
    if not any(k.startswith("sacred.") for k in values):
        raise PapirnaError("not a Spící bohové ship's log (no sacred item fields)", file=shown)
    normal, ruthless = values.get("version.normal") is True, values.get("version.ruthless") is True
    if normal and ruthless:
        raise PapirnaError("tick only one version", file=shown, field="version")
    sacred = _count(values, "sacred")
    counts = {cat: _number(values, name, shown) or 0 for cat, name in LOG_COUNT_FIELDS.items()}
    players = [
        str(values[k]).strip()
        for k in sorted(
            (k for k in values if re.fullmatch(r"player\.\d+", k)), key=lambda k: int(k[7:])
        )
        if str(values[k]).strip()
    ]
    campaign = values.get("campaign")
    return {
        "campaign": (campaign.strip() if isinstance(campaign, str) else "")[:80],
        "crew": ", ".join(players)[:200],
        "version": "ruthless" if ruthless else "normal",
        "adventure_cards": counts["adventure_cards"] + sacred,
        "sacred_items": sacred,
        "quest_cards": counts["quest_cards"],
        "level_cards": counts["level_cards"],
        "coins": counts["coins"],
        "artifacts": counts["artifacts"],
        "ending": _number(values, "ending", shown),
        "defeats": _count(values, "defeat"),
    }


def gamebook_from_fields(values: dict[str, str | bool], shown: str) -> dict:
    """The fields of a filled gamebook character journal as the data of a GamebookJournal."""
    if "experience" not in values or not any(k.startswith("level_reached.") for k in values):
        raise PapirnaError(
            "not a gamebook character journal (no experience and level ladder fields)", file=shown
        )
    name = values.get("name")
    data: dict = {"name": (name.strip() if isinstance(name, str) else "")[:80]}
    for key in ("experience", "level", "base_strength", "strength", "food", "money", "armour"):
        number = _number(values, key, shown)
        if number is not None:  # blank: the journal's default, or "missing" for experience
            data[key] = number
    # the level ladder and the food track stand for the numbers when their box is left blank
    if "level" not in data and (reached := _highest(values, "level_reached")):
        data["level"] = reached
    if "food" not in data:
        data["food"] = _count(values, "food_track")
    return data


FROM_FIELDS = {
    "papirove-doupe": papirove_doupe_from_fields,
    "spici-bohove": spici_bohove_from_fields,
    "gamebook": gamebook_from_fields,
}


def _pdf_sheet(path: Path, game: str) -> YamlDoc:
    shown = display_path(path)
    reader = FROM_FIELDS.get(game)
    if reader is None:
        raise PapirnaError(
            f"papirna reads filled PDFs only for {', '.join(FROM_FIELDS)}, not {game}; "
            "type the sheet into YAML",
            file=shown,
        )
    values = read_pdf_fields(path)
    return YamlDoc(file=shown, data=reader(values, shown))
