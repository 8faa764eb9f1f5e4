"""User decks for `papirna cards build`: a small DECK.yaml naming card data (YAML or CSV) and layouts."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Literal

from pydantic import Field, TypeAdapter

from generator.content.free import FreeData, check_count
from generator.content.models import LText, Model, NonNegativeLength, PackPath
from generator.content.pack import (
    Entry,
    LoadedPrintable,
    Pack,
    PackManifest,
    Printable,
    count_problem,
)
from generator.content.validate import validate
from generator.content.yamlio import MAX_FILE_BYTES, YamlDoc, display_path, load_yaml_file
from generator.errors import PapirnaError

_COLUMN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(?:\.(cs|en))?$")
MAX_CARDS = 5000


class DeckFile(Model):
    """DECK.yaml: the deck's name, languages, card data file and layouts."""

    name: LText
    languages: list[Literal["cs", "en"]] = Field(default_factory=lambda: ["cs"], min_length=1)
    cards: PackPath
    layout: PackPath
    back: PackPath | None = None
    bleed: NonNegativeLength | None = None


def load_csv(path: Path) -> YamlDoc:
    """Card rows from a CSV file (UTF-8, header row); 'name.cs' and 'name.en' columns localise."""
    shown = display_path(path)
    if not path.is_file():
        raise PapirnaError("file not found", file=shown)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise PapirnaError("file is larger than the size limit", file=shown)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as e:
        raise PapirnaError(f"not UTF-8 text (byte {e.start})", file=shown) from None
    try:
        dialect = csv.Sniffer().sniff(text.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    rows: list[list[str]] = []
    starts: list[int] = []  # the line each row starts on (a quoted cell may span lines)
    last = 0
    try:
        for row in reader:
            starts.append(last + 1)
            last = reader.line_num
            rows.append(row)
    except csv.Error as e:
        raise PapirnaError(f"invalid CSV: {e}", file=shown, line=reader.line_num) from None
    if not rows:
        raise PapirnaError("the CSV file is empty", file=shown)
    if not any(cell.strip() for cell in rows[0]):
        raise PapirnaError("the first row must name the columns", file=shown, line=1)
    header = [h.strip() for h in rows[0]]
    doc = YamlDoc(file=shown, data=[])
    plain: set[str] = set()
    localised: set[str] = set()
    for col, name in enumerate(header, start=1):
        m = _COLUMN.match(name)
        if not m:
            raise PapirnaError(
                f"column name {name!r} must be a field name, or field.cs / field.en",
                file=shown,
                line=1,
                column=col,
            )
        field, lang = m.group(1), m.group(2)
        if name in header[: col - 1]:
            problem = f"column {name!r} appears twice"
        elif (lang and field in plain) or (not lang and field in localised):
            problem = (
                f"column {name!r} clashes with another {field!r} column; "
                f"use {field}.cs and {field}.en, or {field} alone"
            )
        else:
            problem = None
        if problem:
            raise PapirnaError(problem, file=shown, line=1, column=col)
        (localised if lang else plain).add(field)
    cards: list[dict] = []
    for n, row in zip(starts[1:], rows[1:], strict=True):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise PapirnaError(f"{len(row)} cells but {len(header)} columns", file=shown, line=n)
        index = len(cards)
        card: dict = {}
        doc.marks[(index,)] = (n, 1)
        for col, (name, cell) in enumerate(zip(header, row, strict=False), start=1):
            m = _COLUMN.match(name)
            assert m is not None
            field, lang = m.group(1), m.group(2)
            doc.marks[(index, field)] = (n, col)
            value: object = cell
            if field == "count":
                value = int(cell) if re.fullmatch(r"\s*-?[0-9]{1,15}\s*", cell) else cell
            if lang:
                card.setdefault(field, {})[lang] = cell
            else:
                card[field] = value
        cards.append(card)
        if len(cards) > MAX_CARDS:
            raise PapirnaError(f"more than {MAX_CARDS} cards", file=shown, line=n)
    doc.data = cards
    return doc


def load_deck(path: Path) -> Pack:
    """A user deck as a one-printable pack, its cards validated."""
    doc = load_yaml_file(path)
    spec = validate(DeckFile, doc, doc.data if doc.data is not None else {})
    root = path.parent
    pack = Pack(
        id=re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()) or "deck",
        root=root,
        manifest=PackManifest.model_validate({"name": spec.name, "languages": spec.languages}),
        manifest_doc=doc,
        builtin=False,
    )
    for key in ("layout", "back"):
        value = getattr(spec, key)
        if value is not None and not value.endswith((".yaml", ".yml")):
            raise doc.error((key,), f"expected a layout .yaml file, got {value!r}")
    layout = spec.layout.rsplit(".", 1)[0]
    back = spec.back.rsplit(".", 1)[0] if spec.back else None
    printable = Printable.model_validate(
        {
            "kind": "deck",
            "title": spec.name,
            "cards": spec.cards,
            "layout": layout,
            "back": back,
            "bleed": f"{spec.bleed:.6f}mm" if spec.bleed is not None else None,
        }
    )
    card_path = pack.resolve(spec.cards, doc, ("cards",))
    cards_doc = (
        load_csv(card_path) if card_path.suffix.lower() == ".csv" else load_yaml_file(card_path)
    )
    if not isinstance(cards_doc.data, list):
        raise cards_doc.error((), "expected a list of cards")
    adapter = TypeAdapter(FreeData)
    lp = LoadedPrintable(id="cards", spec=printable, entry=Entry(printable, doc, ()))
    for i, raw in enumerate(cards_doc.data):
        model = validate(adapter, cards_doc, raw, (i,), tuple(spec.languages))
        if check_count(model):
            raise cards_doc.error((i, "count"), count_problem(raw))
        lp.cards.append(Entry(model, cards_doc, (i,)))
    if not lp.cards:
        raise cards_doc.error((), "the deck has no cards")
    pack.printables["cards"] = lp
    return pack
