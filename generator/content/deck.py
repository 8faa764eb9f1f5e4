"""User decks for `papirna cards build`: a small DECK.yaml naming card data (YAML or CSV) and layouts."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from generator.content import tables
from generator.content.cards import (
    CardsRef,
    LayoutRef,
    check_layout_ref,
    deck_id,
    layout_name,
    load_deck_cards,
)
from generator.content.free import FreeData
from generator.content.models import Language, LText, Model, NonNegativeLength, Stamp
from generator.content.pack import Entry, LoadedPrintable, Pack, PackManifest, Printable
from generator.content.validate import check_translations, validate
from generator.content.yamlio import YamlDoc, load_yaml_file

MAX_CARDS = 5000
_ID = r"^[a-z0-9][a-z0-9_-]*$"


class DeckFile(Model):
    """DECK.yaml: the deck's name, languages, card data files and layouts (see content.cards)."""

    name: LText
    id: str | None = Field(default=None, pattern=_ID)  # output/<id>/; default: the folder's name
    languages: list[Language] = Field(default_factory=lambda: ["cs"], min_length=1)
    cards: CardsRef
    sheet: str | None = None
    layout: LayoutRef
    back: LayoutRef | None = None
    bleed: NonNegativeLength | None = None
    version: Stamp | None = None
    date: Stamp | None = None


def load_csv(path: Path) -> YamlDoc:
    """Card rows from a CSV file (UTF-8, header row); 'name.cs' and 'name.en' columns localise."""
    return tables.load_csv(path)


def load_deck(path: Path) -> Pack:
    """A user deck as a one-printable pack: the same deck model as a deck in pack.yaml."""
    doc = load_yaml_file(path)
    spec = validate(DeckFile, doc, doc.data if doc.data is not None else {}, languages=())
    langs = tuple(spec.languages)
    check_translations(spec, doc, langs)
    root = path.parent
    pack = Pack(
        id=deck_id(spec.id, root),
        root=root,
        manifest=PackManifest.model_validate(
            {
                "name": spec.name,
                "languages": spec.languages,
                "version": spec.version,
                "date": spec.date,
            }
        ),
        manifest_doc=doc,
        builtin=False,
    )
    for key in ("layout", "back"):
        check_layout_ref(getattr(spec, key), doc, (key,))
    refs = {
        key: layout_name(v) if isinstance(v, str) else v
        for key in ("layout", "back")
        if (v := getattr(spec, key)) is not None
    }
    printable = Printable.model_validate(
        {
            "kind": "deck",
            "title": spec.name,
            "cards": spec.cards,
            "sheet": spec.sheet,
            **refs,
            "bleed": f"{spec.bleed:.6f}mm" if spec.bleed is not None else None,
        }
    )
    lp = LoadedPrintable(id="cards", spec=printable, entry=Entry(printable, doc, ()))
    lp.cards = load_deck_cards(pack, spec.cards, spec.sheet, doc, ("cards",), FreeData, langs)
    if not lp.cards:
        raise doc.error(("cards",), "the deck has no cards")
    pack.printables["cards"] = lp
    return pack
