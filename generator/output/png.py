"""PNG export: each card alone with its bleed at a given dpi, and a showcase of a few cards."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFilter

from generator.layout.ops import Document, Page
from generator.render.pdf import render_pdf
from generator.render.raster import rasterise_pages

MM_PER_INCH = 25.4


def pixel_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """The pixel size of a page at `dpi`, rounded to whole pixels."""
    return (round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi))


def card_pngs(pages: list[Page], dpi: int) -> list[bytes]:
    """Each single-card page (card + bleed) as a PNG at `dpi`, tagged with that dpi."""
    if not 36 <= dpi <= 1200:
        from generator.errors import PapirnaError

        raise PapirnaError(f"dpi {dpi} is outside 36 to 1200")
    pdf = render_pdf(Document("cards", pages))
    sizes = [pixel_size(p.width, p.height, dpi) for p in pages]
    out = []
    for image in rasterise_pages(pdf, sizes):
        buf = io.BytesIO()
        image.save(buf, format="PNG", dpi=(dpi, dpi), optimize=True)
        out.append(buf.getvalue())
    return out


def showcase(pngs: list[bytes], count: int = 5, height: int = 700, bleed_px: int = 0) -> bytes:
    """A few card PNGs, trimmed and with rounded corners, fanned out on a light background."""
    cards = []
    for b in pngs[:count]:
        im = Image.open(io.BytesIO(b)).convert("RGB")
        if bleed_px:
            im = im.crop((bleed_px, bleed_px, im.width - bleed_px, im.height - bleed_px))
        cards.append(im)
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
