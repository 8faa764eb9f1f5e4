"""What a deck is, in both routes (a `cards init` deck file and a deck in pack.yaml).

A deck names its card data (YAML, CSV, .xlsx or .ods; one file or several), a front layout and
optionally a back. Either may be one layout, or chosen per card by a field:

    layout: {by: type, cases: {unit: unit.yaml, spell: spell.yaml}, default: card.yaml}

and a card's own `layout` / `back` column wins over both.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field, TypeAdapter

from generator.content.free import PACK_LANGUAGES
from generator.content.models import LText, Model, PackPath
from generator.content.tables import load_cards_file
from generator.content.yamlio import PathKey, YamlDoc

if TYPE_CHECKING:
    from generator.content.pack import Entry, Pack

LAYOUT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$", re.IGNORECASE)
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class LayoutChoice(Model):
    """A layout chosen per card by the value of one of its fields."""

    by: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    cases: dict[str, str] = Field(min_length=1)
    default: str | None = None


class CardSource(Model):
    """One file of card data; `sheet` picks a sheet of a workbook."""

    file: PackPath
    sheet: str | None = None


def _card_sources(value: object) -> object:
    """'cards.csv', {file, sheet} or a list of those, as a list of {file, sheet}."""
    items = value if isinstance(value, list) else [value]
    return [
        {"file": i} if isinstance(i, str) or not isinstance(i, dict | CardSource) else i
        for i in items
    ]


def _layout_ref(value: object) -> object:
    """A layout name or file, or {by, cases, default}; a plain mapping gets a clear hint."""
    if isinstance(value, str | LayoutChoice):
        return value
    if isinstance(value, dict) and "by" in value:
        from pydantic import ValidationError

        from generator.content.validate import describe

        try:
            return LayoutChoice.model_validate(value)
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ValueError(f"{where}: {describe(err)}") from None
    if isinstance(value, dict):
        raise ValueError(
            "a layout chosen per card needs the field it goes by: "
            "{by: type, cases: {unit: unit.yaml, spell: spell.yaml}, default: card.yaml}"
        )
    raise ValueError(
        f"expected a layout file like 'card.yaml' or {{by: ..., cases: ...}}, got {value!r}"
    )


LayoutRef = Annotated[LayoutChoice | str, BeforeValidator(_layout_ref)]
CardsRef = Annotated[list[CardSource], BeforeValidator(_card_sources), Field(min_length=1)]


def layout_name(value: str) -> str | None:
    """A layout reference as a layout name: 'unit.yaml' and 'unit' both name 'unit'."""
    name = (
        value[:-5] if value.endswith(".yaml") else value[:-4] if value.endswith(".yml") else value
    )
    name = name.replace("\\", "/")
    if name.startswith("./"):
        name = name[2:]
    return name if LAYOUT_NAME.match(name) else None


def check_layout_ref(ref: LayoutRef | None, doc: YamlDoc, path: PathKey) -> None:
    """Refuse a layout reference that names no possible layout, at its place in the file."""
    if ref is None:
        return
    if isinstance(ref, str):
        if layout_name(ref) is None:
            raise doc.error(
                path, f"expected a layout name like 'cards/poker' or 'card.yaml', got {ref!r}"
            )
        return
    for case, value in ref.cases.items():
        if layout_name(value) is None:
            raise doc.error(
                (*path, "cases", case), f"expected a layout name or file, got {value!r}"
            )
    if ref.default is not None and layout_name(ref.default) is None:
        raise doc.error((*path, "default"), f"expected a layout name or file, got {ref.default!r}")


def ref_names(ref: LayoutRef | None) -> list[str]:
    """Every layout a reference may choose, in order, each once."""
    if ref is None:
        return []
    if isinstance(ref, str):
        return [n for n in [layout_name(ref)] if n]
    values = [*ref.cases.values(), *([ref.default] if ref.default else [])]
    return list(dict.fromkeys(n for n in map(layout_name, values) if n))


def _text(value: object, lang: str) -> str:
    if isinstance(value, LText):
        return value.get(lang)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def choose(
    ref: LayoutRef | None, card: dict[str, Any], lang: str, what: str, column: str
) -> tuple[str | None, str | None]:
    """The layout a card uses: (name, None), or (None, why not) when nothing fits.

    `card` is the card's validated data; its own `column` field (layout/back) wins.
    """
    own = card.get(column)
    if own is not None and _text(own, lang).strip():
        name = layout_name(_text(own, lang).strip())
        if name is None:
            return None, f"its {column!r} column names no layout: {_text(own, lang)!r}"
        return name, None
    if ref is None or isinstance(ref, str):
        return (layout_name(ref) if ref else None), None
    value = _text(card.get(ref.by), lang).strip()
    if value in ref.cases:
        return layout_name(ref.cases[value]), None
    if ref.default is not None:
        return layout_name(ref.default), None
    cases = ", ".join(ref.cases)
    return None, (
        f"its {ref.by!r} is {value!r}, which {what} 'cases' does not name ({cases}) "
        "and there is no 'default'"
    )


def load_deck_cards(
    pack: Pack,
    ref: CardsRef,
    sheet: str | None,
    doc: YamlDoc,
    path: PathKey,
    model: Any,
    langs: tuple[str, ...],
) -> list[Entry]:
    """Every card of a deck from its files (YAML, CSV, .xlsx, .ods), validated and counted."""
    from generator.content.free import check_count
    from generator.content.pack import Entry, count_problem
    from generator.content.validate import validate

    adapter = TypeAdapter(model)
    entries: list[Entry] = []
    token = PACK_LANGUAGES.set(langs)
    try:
        listed = len(ref) > 1
        for i, src in enumerate(ref):
            where = (*path, i) if (*path, i) in doc.marks else path
            if (*where, "file") in doc.marks:
                where = (*where, "file")
            file = pack.resolve(src.file, doc, where)
            cards_doc = load_cards_file(file, src.sheet or sheet, pack.notices, langs)
            if not isinstance(cards_doc.data, list):
                raise cards_doc.error((), "expected a list of cards")
            for j, raw in enumerate(cards_doc.data):
                m = validate(adapter, cards_doc, raw, (j,), langs)
                if isinstance(m, dict) and check_count(m):
                    raise cards_doc.error((j, "count"), count_problem(raw))
                entries.append(Entry(m, cards_doc, (j,)))
            if not cards_doc.data and not listed:
                raise cards_doc.error((), "the deck has no cards")
    finally:
        PACK_LANGUAGES.reset(token)
    return entries


def card_name(entry: Entry, lang: str, fallback: str) -> str:
    """How errors name a card: its id, else its name or title, with its row or line."""
    data = entry.model if isinstance(entry.model, dict) else None
    cid = getattr(entry.model, "id", None)
    if cid is None and data is not None:
        for key in ("id", "name", "title"):
            if data.get(key) is not None and _text(data[key], lang).strip():
                cid = _text(data[key], lang).strip()
                break
    line = entry.doc.where(entry.path)[0]
    word = (
        "row"
        if Path(entry.doc.file.split("[")[0]).suffix.lower()
        in (".csv", ".tsv", ".txt", ".xlsx", ".xlsm", ".xls", ".ods")
        else "line"
    )
    at = f" ({word} {line})" if line is not None else ""
    return f"card {str(cid if cid is not None else fallback)!r}{at}"


def deck_id(value: str | None, folder: Path) -> str:
    """A deck's output folder name: its `id:`, else its folder's name."""
    raw = value or folder.resolve().name
    return re.sub(r"[^a-z0-9_-]+", "-", raw.lower()).strip("-") or "deck"
