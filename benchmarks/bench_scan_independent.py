"""Benchmark: the photo reader on photos from a second, separate generator (not scan/wild.py).

The reader was tuned on photos from `generator/games/papirove_doupe/scan/wild.py`; its hold-out
set comes from the same generator with other seeds. This file makes its photos another way, from
what a player has in hand, and shares no code with the reader or its generators:

- the sheet is the real print-ready PDF (`papirna build papirove-doupe`), rasterised with
  pypdfium2 at 150-600 dpi; where its boxes are is taken from the fillable PDF's form widgets;
- a random end-of-game state is chosen from the rules (one dungeon card, tracks from the left,
  fights fought or fled, at most one glory value ringed per row) and drawn by hand: pen or pencil
  of varied pressure and grain, crosses, ticks, slashes, hatching, scribbles, dots, rings round
  glory numbers (off-centre, open, oval), strokes over the box edge, writing in the text fields;
- then photographed: perspective, rotation, quarter turns, EXIF orientation, soft shadows
  (a blurred hand or phone shape), light falloff, colour casts, defocus, sensor noise, JPEG;
  or scanned flat at 150-600 dpi.

Each case goes through the whole reading (file decoding included) and the typed sheet is compared
with the drawn state, as bench_scan_wild.py does. Run:

    python benchmarks/bench_scan_independent.py [--cases N] [--jobs N] [--pdfs DIR]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import io
import itertools
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

SEED = 5_550_000
_STATE: dict = {}


# --- the printed sheet and its boxes ------------------------------------------------------


def build_pdfs(folder: Path) -> Path:
    """The built Papírové doupě PDFs (built into `folder` unless they are there already)."""
    found = folder / "papirove-doupe"
    if not (found / "papirove-doupe-sheet-cs-a4.pdf").is_file():
        exe = Path(sys.executable).with_name("papirna")
        subprocess.run(
            [str(exe), "build", "papirove-doupe", "--out", str(folder)],
            check=True,
            capture_output=True,
        )
    return found


def widgets(pdf: Path) -> tuple[float, float, dict[str, tuple[float, float, float, float]]]:
    """Page size (pt) and every box of a fillable sheet: name -> rect (pt, PDF coordinates).

    A radio button is the box `group.value` (as a fillable PDF's form would be filled)."""
    if ("widgets", str(pdf)) not in _STATE:
        _STATE["widgets", str(pdf)] = _widgets(pdf)
    return _STATE["widgets", str(pdf)]


def _widgets(pdf: Path) -> tuple[float, float, dict[str, tuple[float, float, float, float]]]:
    from pypdf import PdfReader

    page = PdfReader(str(pdf)).pages[0]
    boxes = {}
    for ref in page.get("/Annots", []) or []:
        o = ref.get_object()
        if o.get("/Subtype") != "/Widget":
            continue
        parent = o.get("/Parent")
        p = parent.get_object() if parent is not None else {}
        name = o.get("/T") or p.get("/T")
        kind = o.get("/FT") or p.get("/FT")
        if kind != "/Btn":
            boxes[f"text:{name}"] = tuple(float(v) for v in o["/Rect"])
            continue
        states = [str(k)[1:] for k in o["/AP"]["/N"] if str(k) != "/Off"]
        is_radio = bool(int(o.get("/Ff") or p.get("/Ff") or 0) & (1 << 15))
        full = f"{name}.{states[0]}" if is_radio else str(name)
        boxes[full] = tuple(float(v) for v in o["/Rect"])
    box = page.mediabox
    return float(box.width), float(box.height), boxes


def random_state(names: set[str] | list[str], rng: random.Random) -> set[str]:
    """A plausible end of a game: the boxes a player would have marked."""
    names = sorted(names)  # a set's order changes from run to run: the seed alone decides
    on: set[str] = set()

    def track(prefix: str, first: int = 1) -> None:
        n_max = max(
            (int(n.rsplit(".", 1)[1]) for n in names if n.rsplit(".", 1)[0] == prefix), default=0
        )
        if n_max < first:
            return
        n = rng.choice([0, rng.randint(first, n_max), rng.randint(first, n_max), n_max])
        on.update(f"{prefix}.{k}" for k in range(first, n + 1) if f"{prefix}.{k}" in names)

    cards = sorted(n for n in names if n.startswith("dungeon."))
    on.add(rng.choice(cards))
    for a in ("warrior", "wizard", "cleric", "thief"):
        top = rng.choice([1, 1, 2, 3, 4, 5, 6])
        on.update(f"adventurer.{a}.level.{k}" for k in range(2, top + 1))
        if rng.random() < 0.3:
            on.add(f"adventurer.{a}.level.1")
        for n in names:
            if n.startswith(f"adventurer.{a}.training") and rng.random() < 0.3:
                on.add(n)
    for i in range(1, 9):
        got = rng.choice([0, 0, 1, 2, 2])
        on.update(f"item.{i}.half.{h}" for h in range(1, got + 1))
    track("gem")
    track("minion")
    track("wound")
    track("health")
    for m in (1, 2, 3):
        p = f"monster.{m}"
        fate = rng.choice(["none", "fled", "fought", "fought", "fought"])
        if fate != "none":
            on.add(f"{p}.visited")
        if fate == "fled":
            on.add(f"{p}.fled")
        if fate == "fought":
            on.add(f"{p}.range.{rng.randint(1, 3)}")
            if rng.random() < 0.35:
                on.add(f"{p}.strongest")
    if rng.random() < 0.25:
        on.add("resurrection")
    for row in ("quest.1.glory", "quest.2.glory", "quest.3.glory", "goal.glory", "ability.glory"):
        values = [n for n in names if n.rsplit(".", 1)[0] == row]
        if values and rng.random() < 0.7:
            on.add(rng.choice(values))
    for n in names:
        if n.startswith("potion.") and rng.random() < 0.15:
            on.add(n)
    return on & set(names)


# --- drawing by hand ----------------------------------------------------------------------


class Hand:
    """One player's writing tool: pen or pencil, its width, darkness, colour and habits."""

    def __init__(self, rng: random.Random) -> None:
        self.pencil = rng.random() < 0.5
        self.width_mm = rng.uniform(0.45, 1.0) if self.pencil else rng.uniform(0.25, 0.8)
        self.pressure = rng.uniform(0.18, 0.75) if self.pencil else rng.uniform(0.75, 1.0)
        pens = [(20, 20, 25), (25, 40, 150), (15, 30, 90), (140, 20, 25), (20, 90, 40)]
        self.colour = (70, 70, 75) if self.pencil else rng.choice(pens)
        styles = ["x", "x", "tick", "slash", "hatch", "scribble", "dot", "fill"]
        self.style = rng.choice(styles)
        self.mixed = rng.random() < 0.35  # changes style from box to box
        self.sloppy = rng.uniform(0.0, 0.3)  # how far strokes wander over the box edge


def _jitter(points, amount: float, rng: random.Random) -> list[tuple[float, float]]:
    out = []
    for a, b in itertools.pairwise(points):
        n = max(2, int(math.dist(a, b) / 3))
        for k in range(n):
            t = k / n
            out.append(
                (
                    a[0] + (b[0] - a[0]) * t + rng.gauss(0, amount),
                    a[1] + (b[1] - a[1]) * t + rng.gauss(0, amount),
                )
            )
    out.append(points[-1])
    return out


def draw_mark(ink: np.ndarray, rect_px, style: str, hand: Hand, ppm: float, rng) -> None:
    """Ink coverage (0..1, float) of one mark in a box (x0, y0, x1, y1 in px) added to `ink`."""
    import cv2

    x0, y0, x1, y1 = rect_px
    w, h = x1 - x0, y1 - y0
    over = hand.sloppy * rng.random()
    ax0, ay0 = x0 + w * rng.uniform(-over, 0.2), y0 + h * rng.uniform(-over, 0.2)
    ax1, ay1 = x1 - w * rng.uniform(-over, 0.2), y1 - h * rng.uniform(-over, 0.2)
    lines: list[list[tuple[float, float]]] = []
    if style == "x":
        lines = [[(ax0, ay0), (ax1, ay1)], [(ax1, ay0), (ax0, ay1)]]
    elif style == "slash":
        lines = [[(ax0, ay1), (ax1, ay0)] if rng.random() < 0.8 else [(ax0, ay0), (ax1, ay1)]]
    elif style == "tick":
        mx, my = ax0 + (ax1 - ax0) * 0.38, ay1
        lines = [[(ax0, ay0 + (ay1 - ay0) * 0.5), (mx, my), (ax1 + w * 0.15, ay0 - h * 0.2)]]
    elif style == "hatch":
        n = rng.randint(3, 6)
        lines = [
            [(ax0 + (ax1 - ax0) * k / n, ay1), (ax0 + (ax1 - ax0) * (k + 1.5) / n, ay0)]
            for k in range(n)
        ]
    elif style == "scribble":
        pts = [(rng.uniform(ax0, ax1), rng.uniform(ay0, ay1)) for _ in range(rng.randint(5, 9))]
        lines = [pts]
    elif style == "dot":
        cx, cy = (x0 + x1) / 2 + rng.gauss(0, w * 0.08), (y0 + y1) / 2 + rng.gauss(0, h * 0.08)
        r = min(w, h) * rng.uniform(0.18, 0.3)
        cv2.circle(ink, (round(cx * 4), round(cy * 4)), round(r * 4), 255, -1, cv2.LINE_AA, 2)
    elif style == "fill":
        n = max(4, int(h / max(hand.width_mm * ppm * 0.8, 1)))
        lines = [
            [(ax0, ay0 + (ay1 - ay0) * k / n), (ax1, ay0 + (ay1 - ay0) * (k + 0.5) / n)]
            for k in range(n + 1)
        ]
    width = max(1, round(hand.width_mm * ppm * rng.uniform(0.8, 1.2)))
    for line in lines:
        pts = _jitter(line, 0.05 * ppm, rng)
        arr = np.round(np.array(pts) * 4).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(ink, [arr], False, 255, width, cv2.LINE_AA, 2)


def draw_ring(ink: np.ndarray, rect_px, hand: Hand, ppm: float, rng) -> None:
    """A hand-drawn ring round a printed number: off-centre, oval, often not closed."""
    import cv2

    x0, y0, x1, y1 = rect_px
    d = x1 - x0
    cx = (x0 + x1) / 2 + rng.gauss(0, d * 0.08)
    cy = (y0 + y1) / 2 + rng.gauss(0, d * 0.08)
    r = d * rng.uniform(0.5, 0.8)
    squash = rng.uniform(0.8, 1.15)
    start = rng.uniform(0, 360)
    sweep = rng.uniform(300, 400)
    pts = []
    for k in range(60):
        t = math.radians(start + sweep * k / 59)
        rr = r * (1 + rng.gauss(0, 0.02))
        pts.append((cx + rr * math.cos(t), cy + rr * squash * math.sin(t)))
    width = max(1, round(hand.width_mm * ppm * rng.uniform(0.8, 1.2)))
    arr = np.round(np.array(pts) * 4).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(ink, [arr], False, 255, width, cv2.LINE_AA, 2)


def write_text(ink: np.ndarray, rect_px, hand: Hand, ppm: float, rng) -> None:
    """Handwriting-like scribbles in a text field (a name, a score, dice numbers)."""
    import cv2

    x0, y0, x1, y1 = rect_px
    x = x0 + (x1 - x0) * rng.uniform(0.02, 0.2)
    end = x0 + (x1 - x0) * rng.uniform(0.3, 0.95)
    base, top = y1 - (y1 - y0) * 0.2, y0 + (y1 - y0) * 0.2
    pts = []
    while x < end:
        pts.append((x, rng.uniform(top, base)))
        x += rng.uniform(0.5, 1.5) * ppm
    if len(pts) > 1:
        arr = np.round(np.array(pts) * 4).astype(np.int32).reshape(-1, 1, 2)
        width = max(1, round(hand.width_mm * ppm))
        cv2.polylines(ink, [arr], False, 255, width, cv2.LINE_AA, 2)


def filled_page(pdf: Path, fill_pdf: Path, dpi: int, marked: set[str], rng) -> tuple:
    """The sheet rasterised at `dpi` with the marks drawn on it: (RGB uint8 array, the hand)."""
    import cv2
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    page = np.asarray(doc[0].render(scale=dpi / 72).to_pil().convert("RGB")).copy()
    doc.close()
    h_pt, boxes = widgets(fill_pdf)[1:]
    k = dpi / 72.0
    ppm = dpi / 25.4
    hand = Hand(rng)
    ink = np.zeros(page.shape[:2], np.uint8)
    for name, (a, b, c, d) in boxes.items():
        rect = (a * k, (h_pt - d) * k, c * k, (h_pt - b) * k)
        if name.startswith("text:"):
            if rng.random() < 0.35:
                write_text(ink, rect, hand, ppm, rng)
            continue
        if name not in marked:
            continue
        if ".glory." in name:
            draw_ring(ink, rect, hand, ppm, rng)
        else:
            style = hand.style
            if hand.mixed:
                style = rng.choice(["x", "tick", "slash", "hatch", "scribble", "dot", "fill"])
            draw_mark(ink, rect, style, hand, ppm, rng)
    alpha = ink.astype(np.float32) * (hand.pressure / 255.0)
    if hand.pencil:  # graphite: grainy, the paper's tooth left untouched in places
        noise = np.random.default_rng(rng.randrange(2**32)).standard_normal(ink.shape, np.float32)
        grain = cv2.GaussianBlur(noise, (0, 0), 0.8)
        grain /= float(grain.std()) or 1.0
        alpha *= np.clip(0.75 + 0.3 * grain, 0.2, 1.0)
    for ch in range(3):  # ink darkens the paper, as a multiply would
        keep = 1.0 - alpha * (1.0 - hand.colour[ch] / 255.0)
        page[..., ch] = np.clip(page[..., ch] * keep + 0.5, 0, 255).astype(np.uint8)
    return page, hand


# --- the camera -----------------------------------------------------------------------------


def camera(rng: random.Random) -> dict:
    """How the sheet is taken: a scan at some dpi, or a photo of some size and framing."""
    if rng.random() < 0.22:
        return {"scan": True, "dpi": rng.choice([150, 200, 300, 300, 400, 600])}
    long_side = rng.randint(1000, 4000)
    fill = rng.uniform(0.6, 0.92)  # how much of the frame the sheet fills
    # the page is rasterised a little finer than the photo will show it, then warped down
    dpi = int(np.clip(long_side * fill / (297 / 25.4) * 1.3, 100, 500))
    return {"scan": False, "long": long_side, "fill": fill, "dpi": dpi}


def photograph(page: np.ndarray, plan: dict, rng: random.Random, np_rng) -> tuple[bytes, str, dict]:
    """The filled page as a photo or scan file: (bytes, suffix, what was done)."""
    import cv2
    from PIL import Image

    info: dict = {"scan": plan["scan"]}
    h, w = page.shape[:2]
    if plan["scan"]:  # a flatbed scan: flat, white lid, a slight skew
        info["dpi"] = plan["dpi"]
        angle = rng.uniform(-2.5, 2.5)
        m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        img = cv2.warpAffine(page, m, (w, h), borderValue=(250, 250, 250))
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 0.9))
    else:
        long_side = plan["long"]
        out_w, out_h = (long_side, round(long_side * 0.75))
        if rng.random() < 0.6:
            out_w, out_h = out_h, out_w
        s = min(out_w / w, out_h / h) * plan["fill"]
        cx, cy = out_w / 2 + rng.gauss(0, out_w * 0.03), out_h / 2 + rng.gauss(0, out_h * 0.03)
        angle = math.radians(rng.uniform(-12, 12))
        corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
        rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
        dst = corners @ rot.T * s + (cx, cy)
        tilt = rng.uniform(0.0, 0.07)  # perspective: one side farther than the other
        side = rng.randrange(4)
        for i in (side, (side + 1) % 4):
            dst[i] = dst[i] + (np.array([cx, cy]) - dst[i]) * tilt
        dst += np_rng.normal(0, out_w * 0.004, dst.shape)
        # the whole sheet in the frame, as a player takes it (a cut corner is another test)
        lo, hi = dst.min(axis=0), dst.max(axis=0)
        room = np.array([out_w, out_h]) * 0.02
        shrink = min(1.0, *((np.array([out_w, out_h]) - 2 * room) / (hi - lo)))
        dst = (dst - (lo + hi) / 2) * shrink
        dst += np.clip(
            (lo + hi) / 2,
            room + (hi - lo) * shrink / 2,
            np.array([out_w, out_h]) - room - (hi - lo) * shrink / 2,
        )
        src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
        table = [rng.randint(50, 200) for _ in range(3)]
        warped = cv2.warpPerspective(
            page, m, (out_w, out_h), flags=cv2.INTER_LINEAR, borderValue=tuple(table)
        )
        # light: falloff across the frame and, often, the soft shadow of a hand or phone
        yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
        gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
        fall = rng.uniform(0, 0.35)
        light = 1 - fall * ((xx / out_w - 0.5) * gx + (yy / out_h - 0.5) * gy + 0.5)
        del xx, yy
        if rng.random() < 0.6:
            shadow = np.zeros((out_h, out_w), np.float32)
            px0, py0 = rng.uniform(0, out_w), rng.uniform(0, out_h)
            poly = [
                (px0 + rng.gauss(0, out_w * 0.3), py0 + rng.gauss(0, out_h * 0.3)) for _ in range(5)
            ]
            cv2.fillPoly(shadow, [np.array(poly, np.int32)], 1.0)
            shadow = cv2.GaussianBlur(shadow, (0, 0), out_w * rng.uniform(0.01, 0.06))
            depth = rng.uniform(0.15, 0.5)
            light *= 1 - depth * shadow
            info["shadow"] = round(depth, 2)
        sigma = rng.uniform(0.3, 1.4) * max(1.0, long_side / 2500)
        noise = rng.uniform(1.0, 5.0)
        img = np.empty_like(warped)
        for ch in range(3):
            gain = rng.uniform(0.85, 1.12)  # a colour cast
            c = warped[..., ch].astype(np.float32) * light * gain
            c = cv2.GaussianBlur(c, (0, 0), sigma)
            c += np_rng.normal(0, noise, c.shape).astype(np.float32)
            img[..., ch] = np.clip(c, 0, 255).astype(np.uint8)
        del warped, light
    turn = rng.choice([0, 0, 0, 1, 2, 3])
    if turn:
        img = np.ascontiguousarray(np.rot90(img, turn))
        info["turned"] = 90 * turn
    pil = Image.fromarray(img)
    exif = None
    if rng.random() < 0.2:  # stored sideways, with the orientation tag a phone would write
        orientation, stored = rng.choice(
            [
                (6, Image.Transpose.ROTATE_90),
                (8, Image.Transpose.ROTATE_270),
                (3, Image.Transpose.ROTATE_180),
            ]
        )
        pil = pil.transpose(stored)
        exif = pil.getexif()
        exif[0x0112] = orientation
        info["exif"] = orientation
    buf = io.BytesIO()
    if plan["scan"] and rng.random() < 0.5:
        pil.save(buf, format="PNG")
        suffix = ".png"
    else:
        quality = rng.randint(50, 95)
        pil.save(buf, format="JPEG", quality=quality, **({"exif": exif} if exif else {}))
        suffix = ".jpg"
        info["jpeg"] = quality
    info["long"] = max(pil.size)
    return buf.getvalue(), suffix, info


# --- running ----------------------------------------------------------------------------------


def _setup(pdfs: Path) -> None:
    import cv2

    from generator.cli.common import load_packs

    cv2.setNumThreads(1)
    _STATE["pack"] = load_packs(["papirove-doupe"], None)[0]
    _STATE["pdfs"] = pdfs


def _fields(data: dict) -> dict:
    out = {}
    for k, v in data.items():
        if k == "player":
            continue
        if k in ("fights", "items"):
            out.update({f"{k} {i + 1}": f for i, f in enumerate(v)})
        elif k == "levels":
            out.update({f"level {a}": n for a, n in v.items()})
        else:
            out[k] = v
    return out


def run_case(args: tuple[int, str]) -> dict:
    """Make case i and read it; what came out against what was drawn."""
    from bench_scan_wild import checked

    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan.read import load_image, read_image, sheet_data
    from generator.games.papirove_doupe.score import from_fields

    i, pdfs = args
    if "pack" not in _STATE:
        _setup(Path(pdfs))
    rng = random.Random(SEED + i)
    np_rng = np.random.default_rng(SEED + i)
    lang, paper = rng.choice(["cs", "en"]), rng.choice(["a4", "letter"])
    folder = _STATE["pdfs"]
    pdf = folder / f"papirove-doupe-sheet-{lang}-{paper}.pdf"
    fill_pdf = folder / f"papirove-doupe-sheet-fillable-{lang}-{paper}.pdf"
    boxes = widgets(fill_pdf)[2]
    names = {n for n in boxes if not n.startswith("text:")}
    marked = random_state(names, rng)
    plan = camera(rng)
    page, hand = filled_page(pdf, fill_pdf, plan["dpi"], marked, rng)
    data_bytes, suffix, info = photograph(page, plan, rng, np_rng)
    del page
    values = {n: n in marked for n in names}
    values["player"] = "x"
    truth = _fields(from_fields(values, "truth"))
    row = {"i": i, "info": info, "pencil": hand.pencil, "style": hand.style, "fields": len(truth)}
    with tempfile.NamedTemporaryFile(suffix=suffix) as f:
        f.write(data_bytes)
        f.flush()
        t = time.process_time()
        try:
            result = read_image(load_image(Path(f.name), "x"), _STATE["pack"], "x")
            data, problem = sheet_data(result)
        except PapirnaError as e:
            row.update(outcome="refused", why=e.message, right=0, listed=0)
            return row
        row["cpu"] = time.process_time() - t
    listed = {b.name for b in result.uncertain}
    got = _fields(data)
    right = sum(got.get(k) == v for k, v in truth.items())
    wrong = {b.name for b in result.boxes if b.marked != (b.name in marked)}
    from generator.games.papirove_doupe.scan.rules import scored

    wrong_scored = {b for b in wrong if scored(b)}
    row.update(
        listed=len(listed), right=right, checked=checked(result, listed, marked, truth, _fields)
    )
    if problem is not None:
        row.update(outcome="refused", why=problem.message)
    elif result.too_many:  # `papirna score` gives no score for it: photograph it again
        row.update(outcome="refused", why=f"too unsure: {result.summary}")
    elif right == len(truth):
        row["outcome"] = "exact"
    elif wrong_scored and wrong_scored <= listed:
        row["outcome"] = "wrong, listed"
    elif listed & wrong_scored:
        row["outcome"] = "wrong, partly listed"
    elif listed:
        row["outcome"] = "wrong, others listed"
    else:
        row["outcome"] = "SILENT"
    row["wrong_fields"] = [k for k, v in truth.items() if got.get(k) != v]
    row["unlisted"] = sorted(wrong_scored - listed)
    return row


def report(rows: list[dict]) -> None:
    """Print the figures of the set."""
    n = len(rows)
    outcomes = Counter(r["outcome"] for r in rows)
    fields = sum(r["fields"] for r in rows)
    right = sum(r["right"] for r in rows)
    big = [r["listed"] for r in rows if r["info"]["long"] >= 1000 and r["outcome"] != "refused"]
    print(f"== independent generator: {n} sheets")
    for k in ("exact", "wrong, listed", "wrong, partly listed", "wrong, others listed", "SILENT"):
        print(f"  {k:22} {outcomes.get(k, 0):4}")
    print(f"  {'refused':22} {outcomes.get('refused', 0):4}")
    print(f"  fields right: {right}/{fields} = {100 * right / max(fields, 1):.2f} %")
    scored = [r for r in rows if r["outcome"] != "refused"]
    if scored:
        n_f, n_ok = sum(r["fields"] for r in scored), sum(r["checked"] for r in scored)
        print(f"  fields right once the listed boxes are checked (sheets scored): {n_ok}/{n_f}")
    if big:
        print(f"  listed boxes (>= 1000 px): median {statistics.median(big)}, max {max(big)}")
    small = [
        r["listed"] for r in rows if 1000 <= r["info"]["long"] < 1600 and r["outcome"] != "refused"
    ]
    if small:
        print(f"  listed boxes (1000-1600 px): median {statistics.median(small)}, max {max(small)}")
    cpu = [r["cpu"] for r in rows if "cpu" in r]
    if cpu:
        print(f"  read CPU s: median {statistics.median(cpu):.2f}")
    for r in rows:
        if r["outcome"] != "exact":
            extra = r.get("why") or f"unlisted {r.get('unlisted')} fields {r.get('wrong_fields')}"
            kind = f"{'pencil' if r['pencil'] else 'pen'} {r['style']}"
            print(
                f"    case {r['i']} ({kind} {r['info']}): {r['outcome']}, {r['listed']} listed: {extra}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pdfs", type=Path, default=None, help="a folder papirna build wrote")
    args = parser.parse_args()
    root = args.pdfs or Path(tempfile.gettempdir()) / "papirna-bench-independent"
    pdfs = build_pdfs(root)
    todo = [(i, str(pdfs)) for i in range(args.start, args.start + args.cases)]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            rows = pool.map(run_case, todo, chunksize=1)
    else:
        rows = [run_case(t) for t in todo]
    report(rows)


if __name__ == "__main__":
    main()
