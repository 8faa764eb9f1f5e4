"""Synthetic photos of sheets filled and photographed the way players really do it.

Wider than `synth`'s clean pen marks: pencil at several pressures (soft grey crosses, hatched
fills), ticks, single slashes, rings round glory numbers, marks running over the box edge, dice
numbers, names and a path written in pencil or pen; then curled paper, soft shadows, uneven
light, colour casts, quarter turns and EXIF orientation, photos of 1000-4000 px on the long side
and flatbed scans at 150-600 dpi. Every case is made from one seed, so it is the same each run.

Two profiles draw their parameters from different ranges: TUNING (what the reader may be tuned
on) and HOLDOUT (kept apart, run only to report how the reader does on photos it never saw).
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw

from generator.games.papirove_doupe.scan import synth
from generator.games.papirove_doupe.scan.template import Box, SheetKind

GRAPHITE = (62, 62, 68)
PENCIL_STYLES = ("cross", "cross", "tick", "slash", "fill", "scribble")
PAGE_PX = (6.0, 8.0, 12.0, 16.0)  # resolutions the printed page is rasterised at (cached)


@dataclass(frozen=True)
class Profile:
    """The ranges a set of cases draws from."""

    name: str
    seed_base: int
    pencil: float = 0.45  # share of sheets filled in pencil
    pressure: tuple[float, float] = (0.25, 0.8)  # pencil darkness at full coverage
    pen_mm: tuple[float, float] = (0.3, 0.75)
    overshoot: float = 0.18  # marks reach this fraction of a box beyond its edge, at most
    long_side: tuple[int, int] = (1000, 4000)  # photo px
    dpi: tuple[int, ...] = (150, 200, 300, 400, 600)
    scan_share: float = 0.2
    shadow: float = 0.5  # share of photos with a soft shadow
    shadow_depth: tuple[float, float] = (0.15, 0.45)
    light: tuple[float, float] = (0.0, 0.5)
    cast: float = 0.12  # colour cast: channel gains differ by up to this
    curl_mm: tuple[float, float] = (0.0, 3.0)
    quarter: float = 0.25  # share of photos turned a quarter (or half) turn
    exif: float = 0.2  # share of photos stored sideways with an EXIF orientation tag
    ring_radius: tuple[float, float] = (0.5, 0.75)  # of a glory circle's diameter
    weights: dict = field(default_factory=dict)


TUNING = Profile("tuning", seed_base=240_000)
HOLDOUT = Profile(
    "holdout",
    seed_base=910_000,
    pencil=0.55,
    pressure=(0.2, 0.7),
    pen_mm=(0.25, 0.8),
    overshoot=0.25,
    long_side=(1000, 3800),
    dpi=(150, 240, 300, 600),
    scan_share=0.25,
    shadow=0.6,
    shadow_depth=(0.2, 0.5),
    light=(0.05, 0.55),
    cast=0.16,
    curl_mm=(0.5, 3.5),
    quarter=0.3,
    exif=0.25,
    ring_radius=(0.48, 0.8),
)


@dataclass
class WildCase:
    """One generated photo (as the file bytes a player would send) and what was on the sheet."""

    data: bytes
    suffix: str
    marked: set[str]
    styles: dict[str, str]
    pencil: bool
    long_side: int
    scan: bool
    lang: str
    paper: str
    notes: list[str]

    def image(self) -> Image.Image:
        """The photo as a reader would open it (EXIF orientation applied)."""
        from PIL import ImageOps

        return ImageOps.exif_transpose(Image.open(io.BytesIO(self.data))).convert("RGB")


def _stroke(draw: ImageDraw.ImageDraw, pts, width: float) -> None:
    synth._stroke(draw, pts, 255, width)


def _mark(
    draw: ImageDraw.ImageDraw,
    box: Box,
    style: str,
    rng: random.Random,
    to_px,
    pen_mm: float,
    ppm: float,
    over: float,
    ring_radius: tuple[float, float],
    pencil: bool,
) -> None:
    """One mark drawn as coverage (255 = full) into an L layer."""
    if style == "circle":
        s = box.w
        cu, cv = rng.uniform(0.42, 0.58), rng.uniform(0.42, 0.58)
        r = s * rng.uniform(*ring_radius)
        ry = r * rng.uniform(0.85, 1.15)
        a0 = rng.uniform(0, 2 * math.pi)
        sweep = 2 * math.pi * rng.uniform(0.88, 1.12)
        pts = []
        for k in range(49):
            a = a0 + sweep * k / 48
            wob = 1 + 0.05 * math.sin(3 * a + a0)
            pts.append(
                to_px(
                    box.x + cu * s + r * wob * math.cos(a), box.y + cv * s + ry * wob * math.sin(a)
                )
            )
        _stroke(draw, pts, pen_mm * ppm)
        return
    # marks over the edge: the mark is drawn in a box grown (or shrunk) about the same centre
    grow = 1 + rng.uniform(-0.15, over * 2)
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    g = Box(
        box.name,
        cx - box.w * grow / 2,
        cy - box.h * grow / 2,
        box.w * grow,
        box.h * grow,
        box.round,
    )
    if style == "fill" and pencil:  # a pencil fill is hatching: many soft parallel strokes
        n = max(4, round(box.w / max(pen_mm * 0.9, 0.2)))
        for k in range(n + 1):
            t = k / n
            a = (g.x + g.w * t, g.y)
            b = (g.x, g.y + g.h * t)
            if rng.random() < 0.5:
                a, b = (g.x + g.w * t, g.y + g.h), (g.x + g.w, g.y + g.h * t)
            _stroke(draw, [to_px(*a), to_px(*b)], pen_mm * ppm)
        return
    synth.draw_mark(draw, g, style, rng, to_px, pen_mm, 255, ppm)


def _grain(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """Pencil grain: graphite catches on the paper's tooth, so coverage is patchy."""
    import cv2

    g = rng.uniform(0.3, 1.0, shape).astype(np.float32)
    return cv2.GaussianBlur(g, (0, 0), 0.7)


def _ink(page: Image.Image, layer: Image.Image, colour, strength: float, grain) -> Image.Image:
    """Multiply a coverage layer into the page in `colour` (darkness up to `strength`)."""
    p = np.asarray(page, dtype=np.float32)
    cov = np.asarray(layer, dtype=np.float32) / 255.0 * strength
    if grain is not None:
        cov = cov * grain
    tint = np.array(colour, np.float32) / 255.0
    out = p * (1 - cov[..., None] * (1 - tint))
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))


def _curl(page: Image.Image, ppm: float, curl_mm: float, rng: random.Random) -> Image.Image:
    """The page with one edge curled: it bends towards the camera and darkens along the bend."""
    import cv2

    if curl_mm <= 0.05:
        return page
    a = np.asarray(page, dtype=np.float32)
    h, w = a.shape[:2]
    side = rng.choice(("left", "right", "top", "bottom"))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    start = rng.uniform(0.55, 0.8)
    if side in ("left", "right"):
        t = xx / w if side == "right" else 1 - xx / w
    else:
        t = yy / h if side == "bottom" else 1 - yy / h
    bend = np.clip((t - start) / (1 - start), 0, 1) ** 2
    d = bend * curl_mm * ppm
    mx, my = xx.copy(), yy.copy()
    sign = 1 if side in ("right", "bottom") else -1
    # the curled part is seen foreshortened: content moves outward
    if side in ("left", "right"):
        mx -= sign * d
        my += (yy / h - 0.5) * d * 0.4
    else:
        my -= sign * d
        mx += (xx / w - 0.5) * d * 0.4
    out = cv2.remap(a, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    out *= (1 - 0.12 * bend)[..., None]
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))


def _shadow(img: np.ndarray, depth: float, rng: random.Random) -> np.ndarray:
    """A soft shadow (a phone or a hand) across part of the photo."""
    import cv2

    h, w = img.shape[:2]
    f = 4  # drawn small, then enlarged
    sh, sw = h // f, w // f
    mask = np.zeros((sh, sw), np.float32)
    # a blob from one edge: a rotated ellipse whose centre lies near the edge
    cx, cy = rng.uniform(0, sw), rng.uniform(0, sh)
    edge = rng.choice(("x0", "x1", "y0", "y1"))
    if edge == "x0":
        cx = rng.uniform(-0.2, 0.15) * sw
    elif edge == "x1":
        cx = rng.uniform(0.85, 1.2) * sw
    elif edge == "y0":
        cy = rng.uniform(-0.2, 0.15) * sh
    else:
        cy = rng.uniform(0.85, 1.2) * sh
    axes = (int(rng.uniform(0.2, 0.6) * sw), int(rng.uniform(0.15, 0.5) * sh))
    cv2.ellipse(mask, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
    soft = rng.uniform(0.01, 0.06) * max(sh, sw)  # penumbra width: soft, a few mm to cm
    mask = cv2.GaussianBlur(mask, (0, 0), soft)
    mask = cv2.resize(mask, (w, h), interpolation=cv2.INTER_LINEAR)
    return img * (1 - depth * mask)[..., None]


def make(kind: SheetKind, pack, index: int, profile: Profile = TUNING) -> WildCase:
    """Case `index` of `profile`: a filled sheet photographed or scanned, seeded by the index."""
    import cv2

    seed = profile.seed_base + index
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    lang, paper = rng.choice(["cs", "en"]), rng.choice(["a4", "letter"])
    scan = rng.random() < profile.scan_share
    margin = rng.uniform(0.0, 0.03) if scan else rng.uniform(0.03, 0.15)
    page_long = 297.0 if paper == "a4" else 279.4
    if scan:
        dpi = rng.choice(profile.dpi)
        ppm = dpi / 25.4
        long_side = round(page_long * (1 + 2 * margin) * ppm)
    else:
        long_side = rng.randint(*profile.long_side)
        ppm = long_side / (page_long * (1 + 2 * margin) * 1.05)
    page_px = next((p for p in PAGE_PX if p >= ppm * 1.15), PAGE_PX[-1])
    page, offset = synth.printed_page(pack, kind, lang, paper, page_px)
    marked = synth.random_fill(kind, rng)
    pencil = rng.random() < profile.pencil
    styles = synth.mark_styles(kind, marked, rng)
    if pencil:
        for name, st in styles.items():
            if st != "circle":
                styles[name] = rng.choice(PENCIL_STYLES)
    layer = Image.new("L", page.size, 0)
    draw = ImageDraw.Draw(layer)
    ox, oy = offset

    def to_px(x: float, y: float) -> tuple[float, float]:
        return ((x + ox) * page_px, (y + oy) * page_px)

    pen = rng.uniform(*profile.pen_mm) * (0.8 if pencil else 1.0)
    by_name = {b.name: b for b in kind.boxes}
    for name in sorted(styles):
        _mark(
            draw,
            by_name[name],
            styles[name],
            rng,
            to_px,
            pen * rng.uniform(0.85, 1.15),
            page_px,
            profile.overshoot,
            profile.ring_radius,
            pencil,
        )
    extras = synth.scribble_extras(Image.new("RGB", page.size, "black"), page_px, kind, offset, rng)
    # scribble_extras draws in ink colours on black: any non-black pixel is a stroke
    ex = np.asarray(extras.convert("L"), dtype=np.uint8)
    extra_layer = Image.fromarray(np.where(ex > 0, 255, 0).astype(np.uint8))
    notes = []
    if pencil:
        pressure = rng.uniform(*profile.pressure)
        notes.append(f"pencil {pressure:.2f}")
        grain = _grain(layer.size[::-1], nrng)
        page = _ink(page.convert("RGB"), layer, GRAPHITE, pressure, grain)
        page = _ink(page, extra_layer, GRAPHITE, pressure, grain)
    else:
        ink = synth.INKS[rng.choice(list(synth.INKS))]
        colour = rng.choice(ink)
        page = _ink(page.convert("RGB"), layer, colour, 1.0, None)
        page = _ink(page, extra_layer, colour, 1.0, None)
    curl = 0.0 if scan else rng.uniform(*profile.curl_mm)
    page = _curl(page, page_px, curl, rng)
    damage = synth.random_damage(rng, ppm, scan=scan)
    damage.px_per_mm = ppm
    damage.margin = margin
    if not scan:
        damage.light = rng.uniform(*profile.light)
    photo, _ = synth.photograph(page, page_px, damage)
    img = np.asarray(photo, dtype=np.float32)
    if not scan and rng.random() < profile.shadow:
        depth = rng.uniform(*profile.shadow_depth)
        img = _shadow(img, depth, rng)
        notes.append(f"shadow {depth:.2f}")
    if not scan:
        gains = np.array([1 + rng.uniform(-profile.cast, profile.cast) for _ in range(3)])
        img = img * (gains / gains.max())[None, None, :]
    img = np.clip(img, 0, 255).astype(np.uint8)
    turns = rng.choice((1, 2, 3)) if rng.random() < profile.quarter else 0
    if turns:
        img = np.ascontiguousarray(np.rot90(img, turns))
        notes.append(f"turned {turns * 90}")
    out = Image.fromarray(img)
    # keep the long side as drawn (JPEG of the final photo; a scan may be PNG)
    exif = None
    if not scan and rng.random() < profile.exif:
        orientation = rng.choice((3, 6, 8))
        stored = {
            3: Image.Transpose.ROTATE_180,
            6: Image.Transpose.ROTATE_90,
            8: Image.Transpose.ROTATE_270,
        }[orientation]
        out = out.transpose(stored)
        exif = Image.Exif()
        exif[0x0112] = orientation
        notes.append(f"exif {orientation}")
    buf = io.BytesIO()
    if scan and rng.random() < 0.3:
        out.save(buf, format="PNG")
        suffix = ".png"
    else:
        quality = rng.choice((70, 80, 88, 95))
        if exif is not None:
            out.save(buf, format="JPEG", quality=quality, exif=exif)
        else:
            out.save(buf, format="JPEG", quality=quality)
        suffix = ".jpg"
    del cv2
    return WildCase(
        data=buf.getvalue(),
        suffix=suffix,
        marked=marked,
        styles=styles,
        pencil=pencil,
        long_side=max(out.size),
        scan=scan,
        lang=lang,
        paper=paper,
        notes=notes,
    )
