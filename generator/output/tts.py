"""Tabletop Simulator: a deck as custom-deck sheets (a grid of card faces), backs and a saved object.

TTS's "Custom Deck" reads a face image holding a grid of at most 10 x 7 cards, whose last slot
(bottom right) is the image shown for a card hidden in another player's hand, and a back image:
one for every card, or, with "unique backs", a second sheet in the same grid. A deck of more cards
takes several sheets, each its own entry of the saved object's `CustomDeck`. A card is named by
`CardID` = 100 x the sheet's key + its slot (row-major, from 0).
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image

from generator.layout.ops import Document, Page, RectOp, Style
from generator.output.png import Distinct, card_pages, distinct_cards, png_bytes
from generator.render.pdf import render_pdf
from generator.render.raster import Raster, iter_rasters

if TYPE_CHECKING:
    from generator.output.build import DeckCards

MAX_COLS, MAX_ROWS = 10, 7
MAX_SIDE = 4096  # px: the long side of a sheet at most (TTS loads larger ones badly)
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # 69: the last slot is the hidden card
PLAIN_BACK = Style(fill=(0.35, 0.35, 0.38), stroke=None)  # for a deck without a back layout


class Sheet(NamedTuple):
    """One face sheet: which cards (indices into the distinct cards), and its grid."""

    cards: list[int]
    cols: int
    rows: int


def plan_sheets(count: int) -> list[Sheet]:
    """Sheets for `count` distinct cards: 69 a sheet, each grid just big enough (+ hidden slot).

    54 cards: one sheet, 55 slots -> 10 x 6. 150 cards: 69 + 69 + 12, grids 10x7, 10x7, 10x2.
    """
    sheets = []
    for start in range(0, count, PER_SHEET):
        n = min(PER_SHEET, count - start)
        cols = min(MAX_COLS, n + 1)
        rows = math.ceil((n + 1) / cols)
        sheets.append(Sheet(list(range(start, start + n)), cols, rows))
    return sheets


def card_pixels(card_mm: tuple[float, float], sheets: list[Sheet], dpi: int) -> tuple[int, int]:
    """One card's size in px on every sheet: the largest grid fits in 4096 px, and at most `dpi`."""
    cw, ch = card_mm
    cols = max(s.cols for s in sheets)
    rows = max(s.rows for s in sheets)
    per_mm = min(MAX_SIDE / (cols * cw), MAX_SIDE / (rows * ch), dpi / 25.4)
    w = max(1, math.floor(cw * per_mm))
    h = max(1, math.floor(ch * per_mm))
    return w, h


def _pages(deck: DeckCards, fronts: list, with_backs: bool) -> list[Page]:
    """Trim-sized pages (no bleed: TTS shows the card as cut) of the given cards."""
    trimmed = replace(deck, bleed=0.0)
    cards = [Distinct(str(i), c.front, c.back, 1) for i, c in enumerate(fronts)]
    return card_pages(cards, trimmed, backs=with_backs)


def _raster_png(image: Image.Image) -> bytes:
    rgba = image.convert("RGBA")
    return png_bytes(
        Raster(memoryview(rgba.tobytes()), rgba.width, rgba.height, rgba.width * 4, None), 72
    )


def deck_files(
    deck: DeckCards, folder: Path, title: str, dpi: int = 300
) -> list[tuple[Path, bytes]]:
    """The deck's sheets, back image(s) and TTS saved object (deck.json), as (path, bytes).

    Cards are rendered one at a time straight into the sheet being filled: memory holds one
    face sheet (and its back sheet) however long the deck.
    """
    cards = distinct_cards(deck)
    sheets = plan_sheets(len(cards))
    w, h = card_pixels(deck.card, sheets, dpi)
    backs = [c.back for c in cards] if deck.backs is not None else None
    unique = backs is not None and any(b != backs[0] for b in backs)
    pages = _pages(deck, cards, with_backs=backs is not None)
    if backs is None:  # a plain back, drawn like a card so the sizes match
        cw, ch = deck.card
        pages.insert(0, Page(cw, ch, [RectOp(0, 0, cw, ch, PLAIN_BACK)]))
    rasters = iter_rasters(render_pdf(Document(title, pages)), [(w, h)] * len(pages))
    plain = next(rasters).image() if backs is None else None
    out: list[tuple[Path, bytes]] = []
    custom: dict[str, dict] = {}
    deck_ids: list[int] = []
    contained: list[dict] = []
    hidden = plain
    for key, sheet in enumerate(sheets, start=1):
        face_name = f"sheet-{key}.png"
        back_name = f"back-{key}.png" if unique else "back.png"
        face = _canvas(sheet, w, h)
        back = _canvas(sheet, w, h) if unique else None
        for slot, _ in enumerate(sheet.cards):
            at = ((slot % sheet.cols) * w, (slot // sheet.cols) * h)
            face.paste(next(rasters).image(), at)
            if backs is not None:
                image = next(rasters).image()
                if hidden is None:
                    hidden = image  # the first card's back: what a hidden card shows
                if back is not None:
                    back.paste(image, at)
        assert hidden is not None
        last = ((sheet.cols - 1) * w, (sheet.rows - 1) * h)
        face.paste(hidden, last)
        out.append((folder / face_name, _raster_png(face)))
        if back is not None:
            back.paste(hidden, last)
            out.append((folder / back_name, _raster_png(back)))
        custom[str(key)] = {
            "FaceURL": (folder / face_name).resolve().as_uri(),
            "BackURL": (folder / back_name).resolve().as_uri(),
            "NumWidth": sheet.cols,
            "NumHeight": sheet.rows,
            "BackIsHidden": False,  # the last slot of the face sheet is the hidden card
            "UniqueBack": unique,
            "Type": 0,
        }
        for slot, index in enumerate(sheet.cards):
            card_id = key * 100 + slot
            for _ in range(cards[index].copies):
                deck_ids.append(card_id)
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": cards[index].name,
                        "CardID": card_id,
                        "CustomDeck": {str(key): custom[str(key)]},
                        "Transform": _transform(),
                    }
                )
    if not unique:
        assert hidden is not None
        out.append((folder / "back.png", _raster_png(hidden)))
    saved = {
        "SaveName": title,
        "ObjectStates": [
            {
                "Name": "DeckCustom",
                "Nickname": title,
                "Transform": _transform(),
                "DeckIDs": deck_ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
            }
        ],
    }
    text = json.dumps(saved, ensure_ascii=False, indent=2) + "\n"
    out.append((folder / "deck.json", text.encode("utf-8")))
    return out


def _canvas(sheet: Sheet, w: int, h: int) -> Image.Image:
    return Image.new("RGB", (sheet.cols * w, sheet.rows * h), "white")


def _transform() -> dict:
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
