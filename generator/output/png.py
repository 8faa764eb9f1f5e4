"""PNG export: each distinct card alone (with its bleed, or trimmed with round corners) at a
given dpi, streamed from PDFium, and a showcase of a few cards."""

from __future__ import annotations

import io
import math
import re
import struct
import unicodedata
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

from PIL import Image, ImageDraw, ImageFilter

from generator.layout.ops import Document, Page
from generator.output.extras import check_dpi
from generator.render.pdf import render_pdf
from generator.render.raster import Raster, iter_boxes

if TYPE_CHECKING:
    from generator.output.build import DeckCards

MM_PER_INCH = 25.4


def pixel_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """The pixel size of a page at `dpi`, rounded to whole pixels."""
    return (round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi))


def corner_mask(size: tuple[int, int], radius: float) -> Image.Image:
    """An alpha mask of `size`: opaque inside a rectangle with corners of `radius` px, smooth edges."""
    k = 4  # drawn at 4x and shrunk: anti-aliased corners
    w, h = size
    big = Image.new("L", (w * k, h * k), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=radius * k, fill=255)
    return big.resize(size, Image.BOX)


def _compressor() -> Any:
    """zlib-compatible compression: ISA-L's (several times faster at level 1) when installed.

    Unlike PDF streams (see generator.flate), PNGs keep ISA-L: libdeflate takes about five
    times as long on card images (the export would be 5.7x PDFium's render, the goal is 2x).
    ISA-L's level 1 gave the same bytes under emulated Nehalem (SSE4.2) and Haswell (AVX2)
    and natively with AVX-512, but other bytes on a CPU without SSE4.2; on ARM it is untested.
    """
    try:
        from isal import isal_zlib

        return isal_zlib
    except ImportError:  # pragma: no cover - isal is a dependency; stdlib zlib is the fallback
        return zlib


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(body, zlib.crc32(kind))  # of kind and body, without joining them
    return b"".join((struct.pack(">I", len(body)), kind, body, struct.pack(">I", crc)))


def png_bytes(
    raster: Raster,
    dpi: int,
    box: tuple[int, int, int, int] | None = None,
    alpha: dict[int, bytes] | None = None,
) -> bytes:
    """A PNG (8-bit RGBA) of the raster, or of its `box` (x, y, width, height) in pixels.

    `alpha` replaces the alpha bytes of some output rows (transparent corners); elsewhere the
    alpha is PDFium's opaque X byte. Written directly rather than by Pillow, whose adaptive row
    filters take most of the time on card-sized images: rows are stored unfiltered and
    compressed at level 1 (flat colours and vector art compress well even so; levels 2 to 6
    take 2 to 12 times as long for files 1 to 30 % smaller). The same raster gives the same bytes.
    """
    x0, y0, width, height = box or (0, 0, raster.width, raster.height)
    data, stride, line = raster.data, raster.stride, width * 4
    first = y0 * stride + x0 * 4
    rows: list[Any] = [data[s : s + line] for s in range(first, first + height * stride, stride)]
    for i, row_alpha in (alpha or {}).items():
        row = rows[i] = bytearray(rows[i])
        row[3::4] = row_alpha
    rows.insert(0, b"")  # so the join puts filter byte 0 (none) before every row
    ppm = round(dpi / 0.0254)  # pixels per metre
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)),
            _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
            _chunk(b"IDAT", _compressor().compress(b"\0".join(rows), 1)),
            _chunk(b"IEND", b""),
        )
    )


def corner_rows(size: tuple[int, int], radius: float) -> dict[int, bytes]:
    """Alpha bytes of the rows that cross a rounded corner of `radius` px (the rest is opaque)."""
    w, h = size
    r = math.ceil(radius)
    mask = corner_mask(size, radius)
    rows = [*range(min(r, h)), *range(max(r, h - r), h)]
    return {y: mask.crop((0, y, w, y + 1)).tobytes() for y in rows}


def _cards(
    pages: list[Page], dpi: int, trim: float, corners: float
) -> Iterator[tuple[Raster, dict[int, bytes]]]:
    """Each page's trim box rendered (the whole page without `trim`), with the corners' alpha.

    A raster stays valid until the one after the next is taken (see iter_boxes).
    """
    check_dpi(dpi)
    pdf = render_pdf(Document("cards", pages))
    sizes = [pixel_size(p.width, p.height, dpi) for p in pages]
    cut = round(trim / MM_PER_INCH * dpi)
    boxes = []
    for page in pages:
        w, h = pixel_size(page.width - 2 * trim, page.height - 2 * trim, dpi)
        boxes.append((cut, cut, w, h))
    masks: dict[tuple[int, int], dict[int, bytes]] = {}
    for raster in iter_boxes(pdf, sizes, boxes):
        size = (raster.width, raster.height)
        alpha: dict[int, bytes] = {}
        if corners > 0:
            alpha = masks.get(size) or {}
            if not alpha:
                radius = min(corners / MM_PER_INCH * dpi, size[0] / 2, size[1] / 2)
                alpha = masks[size] = corner_rows(size, radius)
        yield raster, alpha


def iter_card_images(
    pages: list[Page], dpi: int, trim: float = 0.0, corners: float = 0.0
) -> Iterator[Image.Image]:
    """Each single-card page as an image at `dpi`, one at a time (RGB, RGBA with corners).

    `trim` cuts that many mm off every edge (the bleed, for screens); `corners` then rounds the
    corners with that radius in mm, transparent outside.
    """
    for raster, alpha in _cards(pages, dpi, trim, corners):
        image = raster.image()
        w, h = image.size
        if alpha:
            image.putalpha(corner_mask((w, h), min(corners / MM_PER_INCH * dpi, w / 2, h / 2)))
        yield image


def iter_card_pngs(
    pages: list[Page], dpi: int, trim: float = 0.0, corners: float = 0.0
) -> Iterator[bytes]:
    """Each single-card page as PNG bytes at `dpi`, one at a time (see iter_card_images).

    PDFium renders the next page while a second thread compresses this one: both let go of
    Python's lock while they work. At most two pages are in memory.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = None
        for raster, alpha in _cards(pages, dpi, trim, corners):
            job = pool.submit(png_bytes, raster, dpi, None, alpha)
            if pending is not None:
                yield pending.result()
            pending = job
        if pending is not None:
            yield pending.result()


class Distinct(NamedTuple):
    """One distinct card of a deck: its file-name id, drawn front and back, and its copies."""

    name: str
    front: list
    back: list | None
    copies: int


def file_id(card_id: str) -> str:
    """A card id as a portable file name: letters without accents, digits, '-' and '_'."""
    plain = unicodedata.normalize("NFKD", card_id).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9_-]+", "-", plain).strip("-")[:60] or "card"


def distinct_cards(deck: DeckCards) -> list[Distinct]:
    """The deck's cards once each (copies of a card share their drawn operations), in order.

    Two cards whose ids give the same file name are told apart by a suffix: `id`, `id-2`, ...
    """
    out: list[Distinct] = []
    seen: dict[str, int] = {}
    last = None
    for i, front in enumerate(deck.fronts):
        back = deck.backs[i] if deck.backs is not None else None
        key = (id(front), id(back), deck.ids[i])
        if key == last:
            d = out[-1]
            out[-1] = d._replace(copies=d.copies + 1)
            continue
        last = key
        base = file_id(deck.ids[i])
        n = seen[base] = seen.get(base, 0) + 1
        out.append(Distinct(base if n == 1 else f"{base}-{n}", front, back, 1))
    return out


def card_pages(cards: list[Distinct], deck: DeckCards, backs: bool = True) -> list[Page]:
    """Single-card pages (card + bleed) of these cards: each front, then its back if any."""
    from generator.output.impose import PrintOptions, single_pages

    fronts = [c.front for c in cards]
    with_backs = backs and deck.backs is not None
    back_ops = [c.back for c in cards] if with_backs else None
    return single_pages(fronts, back_ops, deck.card, deck.bleed, PrintOptions(), deck.safe)


def deck_pngs(
    deck: DeckCards, dpi: int, copies: bool = False, corners: float = 0.0
) -> Iterator[tuple[str, bytes]]:
    """Every distinct card as `ID.png` (and `ID-back.png`), streamed: (file name, bytes).

    With `copies`, a card printed n times gives `ID-1.png` ... `ID-n.png` (encoded once).
    With `corners` (mm), the PNGs are cut to the trim and get transparent rounded corners.
    """
    cards = distinct_cards(deck)
    pages = card_pages(cards, deck)
    trim = deck.bleed if corners > 0 else 0.0
    sides = ("", "-back") if deck.backs is not None else ("",)
    names = [(c, side) for c in cards for side in sides]
    for (card, side), data in zip(names, iter_card_pngs(pages, dpi, trim, corners), strict=True):
        if copies and card.copies > 1:
            for n in range(1, card.copies + 1):
                yield f"{card.name}-{n}{side}.png", data
        else:
            yield f"{card.name}{side}.png", data


SHOWCASE_DPI = 150  # the showcase shrinks cards to about 500 px high: more would be wasted


def deck_showcase(deck: DeckCards, count: int = 5) -> bytes:
    """A showcase PNG of the first `count` distinct fronts, trimmed (only those are rendered)."""
    cards = distinct_cards(deck)[:count]
    pages = card_pages(cards, deck, backs=False)
    return showcase(list(iter_card_images(pages, SHOWCASE_DPI, trim=deck.bleed)), count)


def showcase(images: list[Image.Image], count: int = 5, height: int = 700) -> bytes:
    """A few trimmed card images, with rounded corners, fanned out on a light background."""
    cards = [im.convert("RGB") for im in images[:count]]
    if not cards:
        raise ValueError("no cards to show")
    scale = (height * 0.72) / cards[0].height
    cards = [
        c.resize((round(c.width * scale), round(c.height * scale)), Image.LANCZOS) for c in cards
    ]
    cw, ch = cards[0].size
    step = cw * 0.92
    width = round(step * (len(cards) - 1) + cw + height * 0.3)
    canvas = Image.new("RGB", (width, height), "#efe9df")
    mid = (len(cards) - 1) / 2
    for i, card in enumerate(cards):
        angle = (mid - i) * 4.0
        x = round(height * 0.15 + i * step)
        y = round((height - ch) / 2 + abs(i - mid) * 6)
        mask = Image.new("L", card.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(
            (0, 0, card.width - 1, card.height - 1), radius=card.width // 18, fill=255
        )
        rot = card.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor="#efe9df")
        rmask = mask.rotate(angle, resample=Image.BICUBIC, expand=True)
        shadow = Image.new("L", (rot.width + 40, rot.height + 40), 0)
        shadow.paste(rmask, (20, 20))
        shadow = shadow.filter(ImageFilter.GaussianBlur(10))
        dark = Image.new("RGB", shadow.size, "#7d7466")
        canvas.paste(dark, (x - 12, y - 8), shadow.point(lambda v: v * 0.55))
        canvas.paste(rot, (x, y), rmask)
    buf = io.BytesIO()
    canvas.save(buf, format="PNG", optimize=True)
    return buf.getvalue()
