"""Synthetic photos of filled sheets, for tests and benchmarks: pen marks drawn into known boxes,
then the damage a camera or scanner does (rotation, perspective, blur, noise, JPEG, light, table).
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image, ImageDraw

from generator.games.papirove_doupe.scan.template import Box, SheetKind

if TYPE_CHECKING:
    from generator.content.pack import Pack

INKS = {
    "black": [(22, 22, 28), (45, 42, 40), (30, 30, 55)],
    "blue": [(25, 45, 150), (40, 70, 185), (20, 30, 110)],
}
SINGLE = (
    "dungeon",
    "quest.1.glory",
    "quest.2.glory",
    "quest.3.glory",
    "goal.glory",
    "ability.glory",
)


@dataclass
class Damage:
    """How a synthetic photo is spoiled."""

    px_per_mm: float = 6.0  # of the sheet in the final image
    angle: float = 0.0  # degrees, counter-clockwise
    skew: float = 0.0  # perspective: corners moved by up to this fraction of the page size
    blur: float = 0.0  # Gaussian sigma in px
    noise: float = 0.0  # Gaussian sigma in grey levels
    jpeg: int | None = None  # quality, or None for a lossless image
    light: float = 0.0  # 0 even light .. 0.5 strong gradient and vignette
    gamma: float = 1.0  # the camera's tone curve
    background: str = "white"  # white, dark or wood
    margin: float = 0.08  # background around the page, as a fraction of the page size
    seed: int = 0


def random_fill(kind: SheetKind, rng: random.Random) -> set[str]:
    """A plausible end-of-game sheet: which boxes a player marked."""
    names = {b.name for b in kind.boxes}
    on: set[str] = set()
    letters = sorted(n.split(".", 1)[1] for n in names if n.startswith("dungeon."))
    on.add(f"dungeon.{rng.choice(letters)}")
    advs = sorted({n.split(".")[1] for n in names if n.startswith("adventurer.")})
    total = 0
    for a in advs:
        level = rng.randint(1, 6)
        total += level
        first = 1 if rng.random() < 0.5 else 2  # level 1 is printed shaded; some mark it anyway
        on |= {f"adventurer.{a}.level.{n}" for n in range(first, level + 1)}
        if rng.random() < 0.5:
            on.add(f"adventurer.{a}.training.black")

    def track(prefix: str, count: int) -> None:
        on.update(f"{prefix}.{n}" for n in range(1, count + 1) if f"{prefix}.{n}" in names)

    def size(prefix: str) -> int:
        return sum(1 for n in names if n.startswith(prefix + ".") and n.count(".") == 1)

    track("health", min(size("health"), total))
    track("wound", rng.randint(0, size("wound")))
    track("gem", rng.randint(0, size("gem")))
    track("minion", rng.randint(0, size("minion")))
    potions = rng.randint(0, size("potion"))
    track("potion", potions)
    for p in range(1, potions + 1):
        for k in (1, 2):
            if rng.random() < 0.4:
                on.add(f"potion.{p}.absorbed.{k}")
    for i in range(1, 9):
        for h in range(1, rng.choice((0, 0, 1, 2, 2)) + 1):
            on.add(f"item.{i}.half.{h}")
    if rng.random() < 0.25:
        on.add("resurrection")
    for m in (1, 2, 3):
        visited = rng.random() < 0.8
        if visited:
            on.add(f"monster.{m}.visited")
        if not visited or rng.random() < 0.2:
            on.add(f"monster.{m}.fled")
        else:
            on.add(f"monster.{m}.range.{rng.randint(1, 3)}")
            if rng.random() < 0.3:
                on.add(f"monster.{m}.strongest")
    for group in SINGLE[1:]:
        choices = sorted(n for n in names if n.startswith(group + "."))
        if choices and rng.random() < 0.7:
            on.add(rng.choice(choices))
    return on & names


def _jit(rng: random.Random, v: float, amount: float) -> float:
    return v + rng.uniform(-amount, amount)


def _stroke(draw: ImageDraw.ImageDraw, pts, colour, width: float) -> None:
    w = max(1, round(width))
    draw.line(pts, fill=colour, width=w, joint="curve")
    r = w / 2
    for x, y in (pts[0], pts[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def draw_mark(
    draw: ImageDraw.ImageDraw,
    box: Box,
    style: str,
    rng: random.Random,
    to_px,
    pen_mm: float,
    colour,
    px_per_mm: float,
) -> None:
    """One pen mark of `style` in `box` (sheet mm), drawn through `to_px` (mm -> px)."""
    s = box.w
    width = pen_mm * px_per_mm

    def p(u: float, v: float) -> tuple[float, float]:
        return to_px(box.x + u * s, box.y + v * s)

    j = 0.08
    if style == "cross":
        _stroke(
            draw,
            [p(_jit(rng, 0.1, j), _jit(rng, 0.1, j)), p(_jit(rng, 0.9, j), _jit(rng, 0.9, j))],
            colour,
            width,
        )
        _stroke(
            draw,
            [p(_jit(rng, 0.9, j), _jit(rng, 0.1, j)), p(_jit(rng, 0.1, j), _jit(rng, 0.9, j))],
            colour,
            width,
        )
    elif style == "slash":
        _stroke(
            draw,
            [p(_jit(rng, 0.85, j), _jit(rng, 0.1, j)), p(_jit(rng, 0.15, j), _jit(rng, 0.9, j))],
            colour,
            width,
        )
    elif style == "tick":
        a = p(_jit(rng, 0.15, j), _jit(rng, 0.5, j))
        b = p(_jit(rng, 0.4, j), _jit(rng, 0.85, j))
        c = p(_jit(rng, 0.92, j), _jit(rng, 0.05, j))
        _stroke(draw, [a, b, c], colour, width)
    elif style == "fill":
        m = rng.uniform(0.0, 0.12)
        corners = [
            p(_jit(rng, u, 0.04), _jit(rng, v, 0.04))
            for u, v in ((m, m), (1 - m, m), (1 - m, 1 - m), (m, 1 - m))
        ]
        if box.round:
            c = p(0.5, 0.5)
            r = s * (0.5 - m) * px_per_mm
            draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=colour)
        else:
            draw.polygon(corners, fill=colour)
    elif style == "scribble":
        rows = rng.randint(3, 6)
        pts = []
        for k in range(rows + 1):
            v = 0.12 + 0.76 * k / rows
            pts.append(p(_jit(rng, 0.12 if k % 2 == 0 else 0.88, 0.05), _jit(rng, v, 0.04)))
        _stroke(draw, pts, colour, width)
    elif style == "circle":
        cu, cv = _jit(rng, 0.5, 0.05), _jit(rng, 0.5, 0.05)
        r = s * rng.uniform(0.55, 0.65)
        ry = r * rng.uniform(0.9, 1.1)
        a0 = rng.uniform(0, 2 * math.pi)
        sweep = rng.uniform(2 * math.pi * 0.93, 2 * math.pi * 1.1)
        n = 40
        pts = []
        for k in range(n + 1):
            a = a0 + sweep * k / n
            wob = 1 + 0.04 * math.sin(3 * a + a0)
            pts.append(
                to_px(
                    box.x + cu * s + r * wob * math.cos(a),
                    box.y + cv * s + ry * wob * math.sin(a),
                )
            )
        _stroke(draw, pts, colour, width)
    else:
        raise ValueError(f"unknown mark style {style!r}")


DIGITS = {
    "0": [[(0.5, 0), (0.9, 0.25), (0.9, 0.75), (0.5, 1), (0.1, 0.75), (0.1, 0.25), (0.5, 0)]],
    "1": [[(0.3, 0.2), (0.55, 0), (0.55, 1)]],
    "2": [[(0.1, 0.2), (0.4, 0), (0.85, 0.1), (0.85, 0.4), (0.1, 1), (0.95, 1)]],
    "3": [[(0.1, 0), (0.9, 0), (0.4, 0.45), (0.9, 0.7), (0.6, 1), (0.1, 0.9)]],
    "4": [[(0.7, 1), (0.7, 0), (0.05, 0.7), (0.95, 0.7)]],
    "5": [[(0.9, 0), (0.15, 0), (0.1, 0.45), (0.75, 0.45), (0.9, 0.75), (0.6, 1), (0.1, 0.9)]],
    "6": [[(0.85, 0), (0.25, 0.4), (0.1, 0.8), (0.45, 1), (0.9, 0.8), (0.8, 0.5), (0.15, 0.6)]],
    "7": [[(0.1, 0), (0.9, 0), (0.35, 1)]],
    "8": [
        [
            (0.5, 0.5),
            (0.15, 0.25),
            (0.5, 0),
            (0.85, 0.25),
            (0.5, 0.5),
            (0.1, 0.75),
            (0.5, 1),
            (0.9, 0.75),
            (0.5, 0.5),
        ]
    ],
    "9": [[(0.85, 0.4), (0.2, 0.45), (0.15, 0.1), (0.55, 0), (0.85, 0.2), (0.75, 1)]],
}


def write(draw, text: str, x: float, y: float, h: float, rng, to_px, pen_mm, colour, px_per_mm):
    """Hand-written digits (and dashes for letters) from (x, y) mm, h mm tall."""
    w = h * 0.6
    for i, ch in enumerate(text):
        glyph = DIGITS.get(ch, [[(0.1, 0.6), (0.5, 0.4), (0.9, 0.6)]])
        ox = x + i * w * 1.15
        for line in glyph:
            pts = [to_px(ox + _jit(rng, u, 0.06) * w, y + _jit(rng, v, 0.05) * h) for u, v in line]
            _stroke(draw, pts, colour, pen_mm * px_per_mm)


def scribble_extras(
    page: Image.Image, px_per_mm: float, kind: SheetKind, offset: tuple[float, float], rng
) -> Image.Image:
    """What else a player writes: dice numbers, the name, the score table, a path in the plan."""
    page = page.convert("RGB").copy()
    draw = ImageDraw.Draw(page)
    ox, oy = offset

    def to_px(x: float, y: float) -> tuple[float, float]:
        return ((x + ox) * px_per_mm, (y + oy) * px_per_mm)

    colour = rng.choice(INKS[rng.choice(list(INKS))])
    pen = rng.uniform(0.3, 0.6)
    for t in kind.texts:
        if t.name.startswith("round.") and rng.random() < 0.85:
            h = t.h * 0.6
            write(
                draw,
                str(rng.randint(0, 6)),
                t.x + t.w * 0.3,
                t.y + t.h * 0.2,
                h,
                rng,
                to_px,
                pen,
                colour,
                px_per_mm,
            )
        elif t.name == "player":
            name = "".join(rng.choice("abcdefgh") for _ in range(rng.randint(3, 9)))
            write(draw, name, t.x + 2, t.y + 0.5, t.h * 0.7, rng, to_px, pen, colour, px_per_mm)
        elif t.name.startswith("score.") and rng.random() < 0.8:
            n = str(rng.randint(-9, 30))
            write(
                draw,
                n,
                t.x + t.w * 0.3,
                t.y + t.h * 0.2,
                t.h * 0.6,
                rng,
                to_px,
                pen,
                colour,
                px_per_mm,
            )
    if "plan" in kind.regions:
        x, y, w, h = kind.regions["plan"]
        cx, cy = x + w * rng.uniform(0.1, 0.9), y + h * 0.95
        pts = [to_px(cx, cy)]
        for _ in range(rng.randint(8, 30)):
            if rng.random() < 0.5:
                cx = min(max(cx + rng.choice((-1, 1)) * rng.uniform(5, 15), x + 5), x + w - 5)
            else:
                cy = min(max(cy - rng.uniform(5, 15), y + 12), y + h - 5)
            pts.append(to_px(cx, cy))
        _stroke(draw, pts, colour, pen * px_per_mm)
    return page


def mark_styles(kind: SheetKind, marked: set[str], rng: random.Random) -> dict[str, str]:
    """A mark style for each marked box: circles are mostly circled, boxes crossed or filled."""
    styles = {}
    for box in kind.boxes:
        if box.name not in marked:
            continue
        if (box.round and ".glory." in box.name) or box.name == "resurrection":
            styles[box.name] = rng.choice(("circle", "circle", "circle", "cross", "fill"))
        elif box.round:
            styles[box.name] = rng.choice(("cross", "fill", "slash"))
        else:
            styles[box.name] = rng.choice(("cross", "cross", "tick", "fill", "scribble", "slash"))
    return styles


def fill_page(
    page: Image.Image,
    px_per_mm: float,
    kind: SheetKind,
    styles: dict[str, str],
    offset: tuple[float, float],
    rng: random.Random,
) -> Image.Image:
    """The page with a pen mark of the given style in each box of `styles`.

    `offset` is the sheet's top-left corner on the page in mm, `px_per_mm` the page's resolution.
    """
    page = page.convert("RGB").copy()
    draw = ImageDraw.Draw(page)
    ox, oy = offset

    def to_px(x: float, y: float) -> tuple[float, float]:
        return ((x + ox) * px_per_mm, (y + oy) * px_per_mm)

    pen = rng.uniform(0.3, 0.75)
    ink = rng.choice(list(INKS))
    colour = rng.choice(INKS[ink])
    by_name = {b.name: b for b in kind.boxes}
    for name in sorted(styles):
        pen_mm = pen * rng.uniform(0.85, 1.15)
        draw_mark(draw, by_name[name], styles[name], rng, to_px, pen_mm, colour, px_per_mm)
    return page


def printed_page(
    pack: Pack, kind: SheetKind, lang: str, paper: str, px_per_mm: float, fillable: bool = False
) -> tuple[Image.Image, tuple[float, float]]:
    """The sheet as printed on `paper`, at `px_per_mm`, and the sheet's offset on it in mm."""
    key = (str(pack.root), kind.printable, lang, paper, px_per_mm, fillable)
    if key not in _PAGES:
        from generator.output.build import Job, Renderer
        from generator.render.pdf import render_pdf
        from generator.render.raster import rasterise_pages
        from generator.units import PAPER_SIZES_MM

        job = Job(pack, pack.printables[kind.printable], lang, paper, fillable)
        doc = Renderer().document(job)
        pw, ph = PAPER_SIZES_MM[paper]
        size = (round(pw * px_per_mm), round(ph * px_per_mm))
        image = rasterise_pages(render_pdf(doc), [size])[0]
        _PAGES[key] = (image, ((pw - kind.width) / 2, (ph - kind.height) / 2))
    image, offset = _PAGES[key]
    return image.copy(), offset


_PAGES: dict[tuple, tuple[Image.Image, tuple[float, float]]] = {}


def _background(w: int, h: int, kind: str, rng: np.random.Generator) -> np.ndarray:
    import cv2

    if kind == "white":
        return np.full((h, w, 3), rng.uniform(225, 250), np.float32)
    sh, sw = max(2, h // 4), max(2, w // 4)  # drawn coarsely, then enlarged
    if kind == "dark":
        tone = rng.uniform(25, 70)
        small = tone + rng.normal(0, 6, (sh, sw, 1)).astype(np.float32) * np.ones(3, np.float32)
    else:  # wood: brown with grain
        y = np.arange(sh, dtype=np.float32)[:, None] * 4
        x = np.arange(sw, dtype=np.float32)[None, :] * 4
        f = rng.uniform(0.02, 0.06)
        grain = np.sin(y * f + 3 * np.sin(x * 0.004 + rng.uniform(0, 6))) * 0.5 + 0.5
        shade = 0.65 + 0.35 * grain
        colour = np.array([rng.uniform(120, 160), rng.uniform(75, 100), rng.uniform(40, 60)])
        small = shade[..., None] * colour[None, None, :]
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def photograph(
    page: Image.Image, page_px_per_mm: float, damage: Damage
) -> tuple[Image.Image, np.ndarray]:
    """The page as a camera or scanner sees it, and the 3x3 map from page px to photo px.

    Both in pixel-centre coordinates: the centre of the page's pixel (i, j) is at (i, j).
    """
    import cv2

    rng = np.random.default_rng(damage.seed)
    s = damage.px_per_mm / page_px_per_mm
    src = np.asarray(page.convert("RGB"), dtype=np.uint8)
    src = cv2.resize(
        src, None, fx=s, fy=s, interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    )
    h, w = src.shape[:2]
    # pixel centres at integer coordinates (OpenCV's convention): the edges lie half a pixel out
    corners = np.array([(-0.5, -0.5), (w - 0.5, -0.5), (w - 0.5, h - 0.5), (-0.5, h - 0.5)])
    a = math.radians(damage.angle)
    rot = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    moved = (corners - (w / 2, h / 2)) @ rot.T
    moved += rng.uniform(-damage.skew, damage.skew, (4, 2)) * (w, h)
    pad = damage.margin * max(w, h)
    moved -= moved.min(axis=0) - pad
    cw, ch = (np.ceil(moved.max(axis=0) + pad)).astype(int)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), moved.astype(np.float32))
    canvas = _background(int(cw), int(ch), damage.background, rng)
    warped = cv2.warpPerspective(src, m, (int(cw), int(ch)), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(
        np.ones((h, w), np.float32), m, (int(cw), int(ch)), flags=cv2.INTER_LINEAR
    )
    mask = mask[..., None]
    out = canvas * (1 - mask) + warped.astype(np.float32) * mask
    if damage.light > 0:  # computed coarsely, then smoothly enlarged
        sh, sw = max(2, int(ch) // 16), max(2, int(cw) // 16)
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        gx, gy = xx / sw - 0.5, yy / sh - 0.5
        d = rng.normal(size=2)
        d /= np.linalg.norm(d)
        field = 1 - damage.light * (0.5 + d[0] * gx + d[1] * gy)
        cx, cy = rng.uniform(-0.3, 0.3, 2)
        field -= damage.light * 0.8 * ((gx - cx) ** 2 + (gy - cy) ** 2)
        field = cv2.resize(np.clip(field, 0.2, 1.0).astype(np.float32), (int(cw), int(ch)))
        out *= field[..., None]
    if damage.blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), damage.blur)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if damage.gamma != 1.0:
        lut = (255.0 * (np.arange(256) / 255.0) ** damage.gamma).round().astype(np.uint8)
        out = cv2.LUT(out, lut)
    if damage.noise > 0:  # sensor noise, the same in the three channels
        grain = rng.standard_normal(out.shape[:2], dtype=np.float32) * np.float32(damage.noise)
        out = cv2.add(out.astype(np.int16), grain.round().astype(np.int16)[..., None].repeat(3, 2))
        out = np.clip(out, 0, 255).astype(np.uint8)
    photo = Image.fromarray(out)
    if damage.jpeg is not None:
        buf = io.BytesIO()
        photo.save(buf, format="JPEG", quality=damage.jpeg)
        photo = Image.open(io.BytesIO(buf.getvalue()))
        photo.load()
    scale = np.array([[s, 0, 0.5 * s - 0.5], [0, s, 0.5 * s - 0.5], [0, 0, 1.0]])
    return photo, m @ scale


def random_damage(rng: random.Random, px_per_mm: float, *, scan: bool = False) -> Damage:
    """A random photo (or, with scan, a flatbed scan) of a sheet at about px_per_mm."""
    if scan:
        return Damage(
            px_per_mm=px_per_mm,
            angle=rng.uniform(-2, 2),
            blur=rng.uniform(0, 0.8),
            noise=rng.uniform(0, 3),
            jpeg=rng.choice((None, 85, 95)),
            gamma=rng.uniform(0.8, 1.25),
            background=rng.choice(("white", "dark")),
            margin=rng.uniform(0.0, 0.03),
            seed=rng.randrange(2**31),
        )
    return Damage(
        px_per_mm=px_per_mm * rng.uniform(0.85, 1.15),
        angle=rng.uniform(-10, 10),
        skew=rng.uniform(0, 0.05),
        blur=rng.uniform(0, 1.3),
        noise=rng.uniform(0, 7),
        jpeg=rng.choice((None, 45, 60, 75, 90)),
        light=rng.uniform(0, 0.45),
        gamma=rng.uniform(0.6, 1.6),
        background=rng.choice(("white", "dark", "wood")),
        margin=rng.uniform(0.03, 0.15),
        seed=rng.randrange(2**31),
    )
