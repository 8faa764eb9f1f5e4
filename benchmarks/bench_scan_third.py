"""Third, independent photo benchmark for `papirna score papirove-doupe PHOTO`.

Makes filled "Papírové doupě" sheets of its own (rule-abiding truth, hand-like marks in
pens, pencils, crayons), photographs them its own way (perspective, lens, curl, crease,
light, shadow, sensor, JPEG, EXIF turns, flatbed scans), runs the CLI on each, one
process at a time, and compares the `--to-yaml` reading with the truth.

Uses only the CLI, the PDFs it builds and public libraries (no `generator.*` imports).

    python benchmarks/bench_scan_third.py --start 0 --cases 40
"""

from __future__ import annotations

import argparse
import json
import math
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pypdf
import pypdfium2 as pdfium
import yaml
from PIL import Image

ROOT = Path("/tmp/third")
OUT = ROOT / "out"
CASES = ROOT / "cases"
PAPIRNA = str(Path(sys.executable).with_name("papirna"))
SHEET_DPI = 300
ADVENTURERS = ["warrior", "wizard", "cleric", "thief"]
LETTERS = "ABCDEFGHIJKL"


# ----------------------------------------------------------------------------- sheets
def build_pdfs() -> None:
    for lang in ("cs", "en"):
        for paper in ("a4", "letter"):
            if not (OUT / "papirove-doupe" / f"papirove-doupe-sheet-{lang}-{paper}.pdf").exists():
                subprocess.run(
                    [
                        PAPIRNA,
                        "build",
                        "papirove-doupe",
                        "--lang",
                        lang,
                        "--paper",
                        paper,
                        "--out",
                        str(OUT),
                        "-j",
                        "1",
                    ],
                    check=True,
                    capture_output=True,
                )


_GEOM: dict = {}


def geometry(lang: str, paper: str):
    """(sheet image 300 dpi RGB uint8, {box name: (x0, y0, x1, y1) px}, page size pt)."""
    key = (lang, paper)
    if key in _GEOM:
        return _GEOM[key]
    base = OUT / "papirove-doupe"
    png = ROOT / "sheets" / f"{lang}-{paper}.png"
    png.parent.mkdir(parents=True, exist_ok=True)
    if not png.exists():
        doc = pdfium.PdfDocument(str(base / f"papirove-doupe-sheet-{lang}-{paper}.pdf"))
        doc[0].render(scale=SHEET_DPI / 72).to_pil().convert("RGB").save(png)
    img = np.array(Image.open(png).convert("RGB"))
    reader = pypdf.PdfReader(str(base / f"papirove-doupe-sheet-fillable-{lang}-{paper}.pdf"))
    page = reader.pages[0]
    h_pt = float(page.mediabox.height)
    s = SHEET_DPI / 72
    boxes = {}
    for a in page["/Annots"]:
        a = a.get_object()
        x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
        name = a.get("/T")
        if name is None and a.get("/Parent") is not None:
            par = a["/Parent"].get_object()
            on = next(k for k in a["/AP"]["/N"] if k != "/Off")[1:]
            name = f"{par['/T']}.{on}"
        elif a.get("/FT") == "/Tx":
            name = "text:" + str(name)
        boxes[str(name)] = (x0 * s, (h_pt - y1) * s, x1 * s, (h_pt - y0) * s)
    _GEOM[key] = (img, boxes, (float(page.mediabox.width), h_pt))
    return _GEOM[key]


# ----------------------------------------------------------------------------- truth
def make_truth(rng: random.Random) -> dict:
    def track(n: int) -> int:
        r = rng.random()
        if r < 0.15:
            return 0
        if r < 0.27:
            return n
        return rng.randint(1, n)

    t: dict = {"dungeon": rng.choice(LETTERS)}
    levels = {}
    for adv in ADVENTURERS:
        r = rng.random()
        levels[adv] = 1 if r < 0.15 else 6 if r < 0.27 else rng.randint(1, 6)
    t["levels"] = levels
    t["mark_level1"] = {adv: rng.random() < 0.5 for adv in ADVENTURERS}
    items = []
    for _ in range(8):
        r = rng.random()
        items.append(0 if r < 0.45 else 1 if r < 0.7 else 2)
    t["items"] = items
    t["gems"] = track(12)
    t["minions"] = track(14)
    health = sum(levels.values())
    r = rng.random()
    if r < 0.3:  # died once: wounds exceeded health at some point
        wounds = rng.randint(max(5, health + 1), 40) if health < 40 else 40
        if rng.random() < 0.4:  # died early, health grew later
            wounds = rng.randint(5, 40)
        res = True
    else:
        wounds = 0 if rng.random() < 0.15 else rng.randint(0, health)
        res = False
    if wounds > health:
        res = True
    t["wounds"], t["resurrection"] = wounds, res
    fights = []
    for _ in range(3):
        r = rng.random()
        if r < 0.15:
            fights.append({"visited": False, "fled": False, "strongest": False, "range": None})
        elif r < 0.35:
            fights.append({"visited": True, "fled": True, "strongest": False, "range": None})
        else:
            fights.append(
                {
                    "visited": True,
                    "fled": False,
                    "strongest": rng.random() < 0.4,
                    "range": rng.randint(1, 3),
                }
            )
    t["fights"] = fights
    t["ability"] = rng.randint(-6, 12) if rng.random() < 0.7 else None
    t["goal"] = rng.randint(1, 12) if rng.random() < 0.6 else None
    t["quests"] = [rng.randint(1, 14) if rng.random() < 0.55 else None for _ in range(3)]
    t["ability_once"] = rng.random() < 0.3
    return t


def marked_boxes(t: dict) -> list[tuple[str, str]]:
    """[(box name, kind)] kind: box or ring."""
    out = [(f"dungeon.{t['dungeon']}", "box")]
    for adv, lv in t["levels"].items():
        for i in range(1 if t["mark_level1"][adv] else 2, lv + 1):
            out.append((f"adventurer.{adv}.level.{i}", "box"))
    for i, n in enumerate(t["items"], 1):
        for h in range(1, n + 1):
            out.append((f"item.{i}.half.{h}", "box"))
    out += [(f"gem.{i}", "box") for i in range(1, t["gems"] + 1)]
    out += [(f"minion.{i}", "box") for i in range(1, t["minions"] + 1)]
    out += [(f"wound.{i}", "box") for i in range(1, t["wounds"] + 1)]
    if t["resurrection"]:
        out.append(("resurrection", "ring"))
    for i, f in enumerate(t["fights"], 1):
        if f["visited"]:
            out.append((f"monster.{i}.visited", "box"))
        if f["fled"]:
            out.append((f"monster.{i}.fled", "box"))
        if f["range"]:
            out.append((f"monster.{i}.range.{f['range']}", "box"))
        if f["strongest"]:
            out.append((f"monster.{i}.strongest", "box"))
    if t["ability"] is not None:
        out.append((f"ability.glory.{t['ability']}", "ring"))
    if t["goal"] is not None:
        out.append((f"goal.glory.{t['goal']}", "ring"))
    for i, q in enumerate(t["quests"], 1):
        if q is not None:
            out.append((f"quest.{i}.glory.{q}", "ring"))
    return out


def truth_fields(t: dict) -> dict:
    f = {"dungeon": t["dungeon"]}
    for adv in ADVENTURERS:
        f[f"levels.{adv}"] = t["levels"][adv]
    for i, n in enumerate(t["items"]):
        f[f"items.{i + 1}"] = n
    f["gems"], f["minions"], f["wounds"] = t["gems"], t["minions"], t["wounds"]
    f["resurrection"] = t["resurrection"]
    for i, fi in enumerate(t["fights"]):
        f[f"fights.{i + 1}"] = norm_fight(fi)
    f["ability"] = t["ability"]
    f["goals"] = [t["goal"]] if t["goal"] is not None else []
    f.update(quest_fields([q for q in t["quests"] if q is not None]))
    return f


def norm_fight(fi: dict) -> str:
    if not fi.get("visited"):
        return "unvisited"
    if fi.get("fled"):
        return "fled"
    return f"range{fi.get('range')}" + ("+strongest" if fi.get("strongest") else "")


def reading_fields(y: dict) -> dict:
    f = {"dungeon": y.get("dungeon")}
    lv = y.get("levels") or {}
    for adv in ADVENTURERS:
        f[f"levels.{adv}"] = lv.get(adv)
    items = list(y.get("items") or [])
    for i in range(8):
        f[f"items.{i + 1}"] = items[i] if i < len(items) else None
    for k in ("gems", "minions", "wounds", "resurrection", "ability"):
        f[k] = y.get(k)
    fights = list(y.get("fights") or [])
    for i in range(3):
        f[f"fights.{i + 1}"] = norm_fight(fights[i]) if i < len(fights) else None
    f["goals"] = list(y.get("goals") or [])
    qs = y.get("quests") or []
    f.update(quest_fields(qs))
    return f


def quest_fields(qs) -> dict:
    """The reader writes `quests` as the list of ringed values, rows without a ring left
    out (e.g. [5, 9] for quest 1 = 5, quest 2 none, quest 3 = 9); compared per element,
    the three positions of that list (absent = None)."""
    qs = list(qs)
    return {f"quests.{i + 1}": (qs[i] if i < len(qs) else None) for i in range(3)}


def field_of_box(name: str) -> str | None:
    p = name.split(".")
    if p[0] == "dungeon":
        return "dungeon"
    if p[0] == "adventurer" and len(p) >= 3 and p[2] == "level":
        return f"levels.{p[1]}"
    if p[0] == "item":
        return f"items.{p[1]}"
    if p[0] in ("gem", "minion", "wound"):
        return {"gem": "gems", "minion": "minions", "wound": "wounds"}[p[0]]
    if p[0] == "resurrection":
        return "resurrection"
    if p[0] == "monster":
        return f"fights.{p[1]}"
    if p[0] == "ability" and len(p) > 1 and p[1] == "glory":
        return "ability"
    if p[0] == "goal":
        return "goals"
    if p[0] == "quest":
        return "quests"  # the list is compacted: any quest box counts for every element
    return None


# ----------------------------------------------------------------------------- drawing
INKS = {
    # name: (rgb, base thickness px @300dpi, opacity, grain)
    "ballpoint-blue": ((25, 45, 150), 3.0, 0.85, 0.10),
    "ballpoint-black": ((30, 30, 35), 3.0, 0.85, 0.10),
    "felt-black": ((15, 15, 20), 7.0, 0.95, 0.0),
    "felt-blue": ((20, 50, 170), 7.0, 0.9, 0.0),
    "gel-black": ((10, 10, 10), 4.0, 0.95, 0.02),
    "gel-purple": ((90, 30, 120), 4.0, 0.9, 0.02),
    "pencil-hb": ((90, 90, 95), 3.0, 0.55, 0.45),
    "pencil-light": ((130, 130, 135), 2.5, 0.40, 0.55),
    "pencil-2b": ((60, 60, 65), 4.0, 0.70, 0.35),
    "colour-red": ((200, 40, 40), 5.0, 0.65, 0.40),
    "colour-green": ((40, 140, 60), 5.0, 0.65, 0.40),
    "crayon-red": ((210, 50, 40), 10.0, 0.75, 0.50),
}
STYLES = ["cross", "cross", "tick", "slash", "fill", "scribble", "dot", "cross-big", "tick"]
RING_STYLES = ["oval", "oval", "partial", "double", "wide", "offset", "oval"]


class Ink:
    def __init__(self, shape, rng: random.Random):
        self.alpha = np.zeros(shape, np.float32)  # coverage 0..1
        self.rng = rng

    def stroke(self, pts, thick):
        pts = np.asarray(pts, np.float64)
        layer = np.zeros(self.alpha.shape, np.uint8)
        ip = np.round(pts * 4).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(layer, [ip], False, 255, max(1, round(thick)), cv2.LINE_AA, shift=2)
        np.maximum(self.alpha, layer.astype(np.float32) / 255, out=self.alpha)

    def fill_poly(self, pts):
        layer = np.zeros(self.alpha.shape, np.uint8)
        ip = np.round(np.asarray(pts) * 4).astype(np.int32).reshape(-1, 1, 2)
        cv2.fillPoly(layer, [ip], 255, cv2.LINE_AA, shift=2)
        np.maximum(self.alpha, layer.astype(np.float32) / 255, out=self.alpha)


def wobbly(rng, p0, p1, n=8, amp=1.0):
    p0, p1 = np.array(p0, float), np.array(p1, float)
    d = p1 - p0
    nrm = np.array([-d[1], d[0]]) / (np.linalg.norm(d) + 1e-9)
    ph, fr = rng.uniform(0, 6.28), rng.uniform(0.5, 1.5)
    return [p0 + d * s + nrm * amp * math.sin(ph + fr * 6.28 * s) for s in np.linspace(0, 1, n)]


def draw_mark(ink: Ink, rng: random.Random, box, style: str, thick: float, hurry: float):
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2 + rng.gauss(0, w * 0.08 * hurry)
    cy = (y0 + y1) / 2 + rng.gauss(0, h * 0.08 * hurry)
    sz = rng.uniform(0.65, 0.95) * (1 + 0.25 * hurry * rng.random())
    hw, hh = w / 2 * sz, h / 2 * sz
    amp = 0.02 * w * (1 + 2 * hurry)
    if style == "cross" or style == "cross-big":
        if style == "cross-big":
            hw, hh = hw * rng.uniform(1.1, 1.45), hh * rng.uniform(1.1, 1.45)
        a = rng.uniform(-0.15, 0.15)
        ca, sa = math.cos(a), math.sin(a)
        for sx in (1, -1):
            p0 = (cx - hw * ca + sx * hh * sa, cy - sx * hh * ca - hw * sa)
            p1 = (cx + hw * ca - sx * hh * sa, cy + sx * hh * ca + hw * sa)
            ink.stroke(wobbly(rng, p0, p1, amp=amp), thick)
    elif style == "tick":
        p0 = (cx - hw * 0.8, cy)
        p1 = (cx - hw * 0.2, cy + hh * 0.8)
        p2 = (cx + hw * 1.1, cy - hh * 1.1)
        ink.stroke(wobbly(rng, p0, p1, 5, amp) + wobbly(rng, p1, p2, 8, amp), thick)
    elif style == "slash":
        if rng.random() < 0.5:
            p0, p1 = (cx - hw, cy + hh), (cx + hw, cy - hh)
        else:
            p0, p1 = (cx - hw, cy - hh), (cx + hw, cy + hh)
        ink.stroke(wobbly(rng, p0, p1, amp=amp), thick * 1.2)
    elif style == "fill":
        n = max(4, int(h / max(thick * 0.8, 1)))
        pts = []
        for k in range(n + 1):
            yy = y0 + h * 0.12 + (h * 0.76) * k / n + rng.gauss(0, 0.4)
            xa, xb = x0 + w * rng.uniform(0.08, 0.18), x1 - w * rng.uniform(0.08, 0.18)
            pts += (
                [(xa, yy), (xb, yy + h * 0.76 / n / 2)]
                if k % 2 == 0
                else [(xb, yy), (xa, yy + h * 0.76 / n / 2)]
            )
        ink.stroke(pts, thick * 1.3)
    elif style == "scribble":
        pts = []
        for _ in range(rng.randint(6, 12)):
            pts.append((cx + rng.uniform(-hw, hw), cy + rng.uniform(-hh, hh)))
        ink.stroke(pts, thick)
    elif style == "dot":
        r = min(w, h) * rng.uniform(0.18, 0.3)
        ang = np.linspace(0, 2 * math.pi, 14)
        ink.fill_poly(
            [
                (
                    cx + r * math.cos(a) * rng.uniform(0.85, 1.1),
                    cy + r * math.sin(a) * rng.uniform(0.85, 1.1),
                )
                for a in ang
            ]
        )


def draw_ring(ink: Ink, rng: random.Random, box, style: str, thick: float, hurry: float):
    x0, y0, x1, y1 = box
    r0 = (x1 - x0) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx = r0 * rng.uniform(1.0, 1.25)
    ry = r0 * rng.uniform(0.95, 1.2)
    start = rng.uniform(0, 2 * math.pi)
    span = 2 * math.pi * rng.uniform(1.0, 1.15)
    rot = rng.uniform(-0.5, 0.5)
    loops = 1
    if style == "oval":
        rx *= rng.uniform(1.0, 1.25)
    elif style == "partial":
        span = 2 * math.pi * rng.uniform(0.7, 0.88)
    elif style == "double":
        loops = 2
    elif style == "wide":
        rx, ry = rx * rng.uniform(1.25, 1.5), ry * rng.uniform(1.15, 1.35)
    elif style == "offset":
        cx += rng.uniform(-0.3, 0.3) * r0
        cy += rng.uniform(-0.3, 0.3) * r0
    cx += rng.gauss(0, 0.06 * r0 * hurry)
    cy += rng.gauss(0, 0.06 * r0 * hurry)
    for lp in range(loops):
        ts = np.linspace(start, start + span, 40)
        k = 1 + 0.08 * lp
        pts = []
        for t in ts:
            ex, ey = rx * k * math.cos(t), ry * k * math.sin(t)
            pts.append(
                (
                    cx + ex * math.cos(rot) - ey * math.sin(rot),
                    cy + ex * math.sin(rot) + ey * math.cos(rot),
                )
            )
        ink.stroke(pts, thick)
        start += rng.uniform(0.2, 0.6)


def draw_writing(ink: Ink, rng, boxes, thick):
    """Player name, dice numbers, a path on the dungeon plan, a fight strength, a glory."""
    img = np.zeros(ink.alpha.shape, np.uint8)
    font = rng.choice(
        [cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX, cv2.FONT_HERSHEY_SIMPLEX]
    )
    th = max(1, int(thick))

    def write(text: str, x: float, y: float, scale: float) -> None:
        cv2.putText(img, text, (int(x), int(y)), font, scale, 255, th, cv2.LINE_AA)

    if "text:player" in boxes and rng.random() < 0.85:
        x0, y0, x1, y1 = boxes["text:player"]
        name = (
            rng.choice(["Jana", "Petr N.", "Míša", "Tom", "Eliška", "Ondra K", "Vojta", "Kája"])
            .encode("ascii", "ignore")
            .decode()
            or "Misa"
        )
        write(name, x0 + 10, y1 - 6, (y1 - y0) / 30)
    for r in range(1, 9):
        if rng.random() < 0.7:
            for a in range(1, 4):
                k = f"text:round.{r}.action.{a}"
                if k in boxes and rng.random() < 0.9:
                    x0, y0, x1, y1 = boxes[k]
                    text = str(rng.randint(1, 6))
                    x = x0 + (x1 - x0) * 0.28 + rng.uniform(-4, 4)
                    write(text, x, y1 - (y1 - y0) * 0.18, (y1 - y0) / 36)
    for i in range(1, 4):
        k = f"text:monster.{i}.strength"
        if k in boxes and rng.random() < 0.6:
            x0, y0, x1, y1 = boxes[k]
            write(str(rng.randint(2, 19)), x0 + 12, y1 - 14, (y1 - y0) / 45)
        k = f"text:monster.{i}.glory"
        if k in boxes and rng.random() < 0.6:
            x0, y0, x1, y1 = boxes[k]
            write(str(rng.randint(-9, 12)), x0 + 8, y1 - 6, (y1 - y0) / 32)
    for k in ("text:score.monster1", "text:score.gems", "text:score.total", "text:score.wounds"):
        if k in boxes and rng.random() < 0.4:
            x0, y0, x1, y1 = boxes[k]
            write(str(rng.randint(-20, 60)), x0 + 30, y1 - 8, (y1 - y0) / 40)
    np.maximum(ink.alpha, img.astype(np.float32) / 255, out=ink.alpha)


def dungeon_path(ink: Ink, rng, shape, lang_paper_boxes):
    """A pen path on the dungeon plan (right half, upper part); plan found from the sheet's
    fight boxes: it lies above monster.1.visited, across the right column."""
    b = lang_paper_boxes
    v1 = b["monster.1.visited"]
    st3 = b["text:monster.3.glory"]
    left, right = v1[0], st3[2]
    top = b["text:round.1.action.1"][3] + (v1[1] - b["text:round.1.action.1"][3]) * 0.17
    bottom = top + (v1[1] - top) * 0.78
    pts = []
    x, y = rng.uniform(left + 40, right - 40), bottom
    for _ in range(rng.randint(5, 12)):
        pts.append((x, y))
        if rng.random() < 0.5:
            x = float(
                np.clip(x + rng.choice([-1, 1]) * rng.uniform(60, 160), left + 30, right - 30)
            )
        else:
            y = float(np.clip(y - rng.uniform(60, 160), top + 30, bottom))
    ink.stroke(pts, 3)


def fill_sheet(rng: random.Random, truth: dict, lang: str, paper: str):
    img, boxes, _ = geometry(lang, paper)
    ink_name = rng.choice(list(INKS))
    rgb, thick, opacity, grain = INKS[ink_name]
    thick *= rng.uniform(0.8, 1.3)
    hurry = rng.choice([0.0, 0.3, 0.6, 1.0, 1.5])
    style_main = rng.choice(STYLES)
    ring_main = rng.choice(RING_STYLES)
    mix = rng.random() < 0.35  # player changes style now and then
    ink = Ink(img.shape[:2], rng)
    for name, kind in marked_boxes(truth):
        if name not in boxes:
            raise KeyError(name)
        if kind == "ring":
            draw_ring(
                ink, rng, boxes[name], rng.choice(RING_STYLES) if mix else ring_main, thick, hurry
            )
        else:
            st = rng.choice(STYLES) if mix and rng.random() < 0.3 else style_main
            draw_mark(ink, rng, boxes[name], st, thick, hurry)
    if truth["ability_once"]:
        draw_mark(ink, rng, boxes["ability.once"], style_main, thick, hurry)
    # training squares: some black ones filled (not read as a field)
    for adv in ADVENTURERS:
        k = f"adventurer.{adv}.training.black"
        if k in boxes and rng.random() < 0.3:
            draw_mark(ink, rng, boxes[k], "fill", thick, 0)
    # potions
    for i in range(1, 25):
        if rng.random() < 0.25:
            draw_mark(
                ink,
                rng,
                boxes[f"potion.{i}"],
                style_main if style_main != "fill" else "cross",
                thick,
                hurry,
            )
    writing = Ink(img.shape[:2], rng)
    wrgb = rgb if rng.random() < 0.7 else INKS["ballpoint-blue"][0]
    if rng.random() < 0.85:
        draw_writing(writing, rng, boxes, max(2, thick * 0.8))
    if rng.random() < 0.6:
        dungeon_path(writing, rng, img.shape, boxes)
    out = img.astype(np.float32)
    for layer, col, op in ((ink, rgb, opacity), (writing, wrgb, min(0.9, opacity + 0.1))):
        a = layer.alpha
        if grain > 0 and layer is ink:
            g = np.random.default_rng(rng.randrange(1 << 30)).random(a.shape, dtype=np.float32)
            a = a * np.clip(1 - grain + grain * 1.6 * g, 0, 1)
        a = (a * op)[..., None]
        col = np.array(col, np.float32)
        # multiply-like blend: ink darkens towards its colour
        out = out * (1 - a) + (out * col / 255) * a
    return np.clip(out, 0, 255).astype(np.uint8), ink_name, style_main, ring_main, hurry


# ----------------------------------------------------------------------------- photo
def background(rng, h, w):
    kind = rng.choice(["wood", "table", "cloth", "dark"])
    nrg = np.random.default_rng(rng.randrange(1 << 30))
    if kind == "wood":
        base = np.array([120, 80, 45], np.float32) * rng.uniform(0.7, 1.2)
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        stripes = 0.85 + 0.15 * np.sin(
            yy / rng.uniform(8, 30) + 3 * np.sin(xx / rng.uniform(150, 400))
        )
        bg = base[None, None, :] * stripes[..., None]
    elif kind == "table":
        bg = np.full(
            (h, w, 3), rng.choice([(200, 200, 195), (170, 175, 180), (230, 225, 215)]), np.float32
        )
    elif kind == "cloth":
        bg = np.full(
            (h, w, 3), rng.choice([(60, 90, 60), (50, 60, 110), (120, 40, 40)]), np.float32
        )
    else:
        bg = np.full((h, w, 3), (40, 38, 36), np.float32)
    small = nrg.normal(0, 8, (max(2, h // 16), max(2, w // 16), 1)).astype(np.float32)
    bg = bg + cv2.resize(small, (w, h))[..., None] + nrg.normal(0, 3, (h, w, 1)).astype(np.float32)
    return np.clip(bg, 0, 255).astype(np.float32)


def photo(rng: random.Random, sheet: np.ndarray):
    """Returns (image uint8 RGB as stored, exif orientation or None, kind, long side)."""
    sh, sw = sheet.shape[:2]
    nrg = np.random.default_rng(rng.randrange(1 << 30))
    if rng.random() < 0.18:  # flatbed scan
        dpi = rng.choice([150, 200, 300, 400, 600])
        s = dpi / SHEET_DPI
        if s <= 1:
            img = cv2.resize(
                sheet, (int(sw * s), int(sh * s)), interpolation=cv2.INTER_AREA
            ).astype(np.float32)
        else:
            img = cv2.resize(
                sheet, (int(sw * s), int(sh * s)), interpolation=cv2.INTER_CUBIC
            ).astype(np.float32)
        ang = rng.uniform(-2.0, 2.0)
        h, w = img.shape[:2]
        pad = int(0.02 * max(h, w))
        M = cv2.getRotationMatrix2D((w / 2, h / 2), ang, 1.0)
        M[:, 2] += pad
        img = cv2.warpAffine(
            img,
            M,
            (w + 2 * pad, h + 2 * pad),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(245, 245, 245),
        )
        img = img * rng.uniform(0.95, 1.05) + nrg.normal(0, rng.uniform(0.5, 3), img.shape).astype(
            np.float32
        )
        img = np.clip(img, 0, 255).astype(np.uint8)
        if rng.random() < 0.25:
            img = np.ascontiguousarray(np.rot90(img, 2))  # sheet put in upside down
        return img, None, f"scan {dpi}dpi", max(img.shape[:2])
    long_side = min(
        4000,
        max(
            1000,
            int(rng.choice([1000, 1200, 1600, 2000, 2400, 3000, 4000]) * rng.uniform(0.95, 1.05)),
        ),
    )
    portrait = rng.random() < 0.6
    ratio = rng.choice([4 / 3, 3 / 2, 16 / 9])
    W, H = (int(long_side / ratio), long_side) if portrait else (long_side, int(long_side / ratio))
    # sheet quad in frame: fill 72-95% of the matching side
    fill = rng.uniform(0.72, 0.95)
    sheet_ratio = sw / sh
    rot = rng.uniform(-15, 15) if rng.random() < 0.7 else rng.uniform(-4, 4)
    if not portrait:
        rot += 90 * rng.choice([1, -1])  # landscape photo of a portrait sheet
    # size so that the rotated sheet fits
    rr = math.radians(rot)
    bw = abs(sheet_ratio * math.cos(rr)) + abs(math.sin(rr))  # for sheet height = 1
    bh = abs(sheet_ratio * math.sin(rr)) + abs(math.cos(rr))
    Hs = min(W * fill / bw, H * fill / bh)
    # keep the fill requirement on the matching side
    cx, cy = (
        W / 2 + rng.uniform(-0.5, 0.5) * (W - Hs * bw),
        H / 2 + rng.uniform(-0.5, 0.5) * (H - Hs * bh),
    )
    corners = (
        np.array(
            [
                [-sheet_ratio / 2, -0.5],
                [sheet_ratio / 2, -0.5],
                [sheet_ratio / 2, 0.5],
                [-sheet_ratio / 2, 0.5],
            ]
        )
        * Hs
    )
    # perspective: shrink one side
    tilt = rng.uniform(0, 0.16)
    side = rng.randrange(4)
    persp = corners.copy()
    a, b = side, (side + 1) % 4
    mid = (persp[a] + persp[b]) / 2
    persp[a] = mid + (persp[a] - mid) * (1 - tilt)
    persp[b] = mid + (persp[b] - mid) * (1 - tilt)
    persp += nrg.normal(0, 0.008 * Hs, persp.shape)
    R = np.array([[math.cos(rr), -math.sin(rr)], [math.sin(rr), math.cos(rr)]])
    dst = persp @ R.T + np.array([cx, cy])
    # scale again if it went outside the frame
    mn, mx = dst.min(0), dst.max(0)
    if mn[0] < 2 or mn[1] < 2 or mx[0] > W - 2 or mx[1] > H - 2:
        c = dst.mean(0)
        k = min(
            (W / 2 - 4) / max(abs(dst[:, 0] - c[0]).max(), 1),
            (H / 2 - 4) / max(abs(dst[:, 1] - c[1]).max(), 1),
            1.0,
        )
        dst = (dst - c) * k + np.array([W / 2, H / 2])
    # lens: k1 > 0 samples farther out = barrel (edges squeezed), k1 < 0 = slight pincushion
    k1 = rng.uniform(-0.02, 0.07) if rng.random() < 0.6 else 0.0
    # keep the whole paper (corners + 1.5% margin) inside the frame after the lens
    # distortion: content at undistorted radius rd shows at ro with ro*(1+k1*ro^2) = rd
    R0 = max(W, H) / 2

    def shown(p):
        d = (p - np.array([W / 2, H / 2])) / R0
        rd = np.linalg.norm(d, axis=1)
        ro = rd.copy()
        for _ in range(30):
            ro = rd / (1 + k1 * ro * ro)
        return np.array([W / 2, H / 2]) + d * (ro / np.maximum(rd, 1e-9))[:, None] * R0

    for _ in range(60):
        c = dst.mean(0)
        grown = c + (dst - c) * 1.03
        q = shown(grown)
        if (
            q[:, 0].min() >= 1
            and q[:, 1].min() >= 1
            and q[:, 0].max() <= W - 2
            and q[:, 1].max() <= H - 2
        ):
            break
        dst = np.array([W / 2, H / 2]) + (dst - np.array([W / 2, H / 2])) * 0.98
    q = shown(dst)
    frac = max((q[:, 0].max() - q[:, 0].min()) / W, (q[:, 1].max() - q[:, 1].min()) / H)
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    Hm = cv2.getPerspectiveTransform(dst.astype(np.float32), src).astype(
        np.float32
    )  # frame -> sheet
    # inverse mapping frame pixel -> (barrel undistort) -> sheet coords
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    if k1:
        nx, ny = (xs - W / 2) / (max(W, H) / 2), (ys - H / 2) / (max(W, H) / 2)
        r2 = nx * nx + ny * ny
        f = 1 + k1 * r2
        xs2, ys2 = nx * f * (max(W, H) / 2) + W / 2, ny * f * (max(W, H) / 2) + H / 2
    else:
        xs2, ys2 = xs, ys
    den = Hm[2, 0] * xs2 + Hm[2, 1] * ys2 + Hm[2, 2]
    mx_ = (Hm[0, 0] * xs2 + Hm[0, 1] * ys2 + Hm[0, 2]) / den
    my_ = (Hm[1, 0] * xs2 + Hm[1, 1] * ys2 + Hm[1, 2]) / den
    del xs2, ys2, den
    curl = rng.random() < 0.45
    if curl:  # paper curl: smooth displacement in sheet coordinates
        amp = rng.uniform(4, 22) * sh / 3508
        ph = rng.uniform(0, 6.28)
        mx_ = (
            mx_
            + amp * np.sin(my_ / sh * math.pi * rng.uniform(0.8, 1.6) + ph) * (mx_ / sw - 0.5) * 2
        )
        my_ = my_ + amp * 0.7 * np.sin(mx_ / sw * math.pi * rng.uniform(0.6, 1.3) + ph)
    # scale sheet down first for speed/antialias when the photo is small
    scale = Hs / sh
    srcimg = sheet
    if scale < 0.7:
        f = max(scale * 1.3, 0.15)
        srcimg = cv2.resize(sheet, (int(sw * f), int(sh * f)), interpolation=cv2.INTER_AREA)
        mx_ *= f
        my_ *= f
        fs = f
    else:
        fs = 1.0
    mx_, my_ = mx_.astype(np.float32), my_.astype(np.float32)
    warped = cv2.remap(
        srcimg, mx_, my_, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0)
    )
    inside = (
        (mx_ >= 0) & (my_ >= 0) & (mx_ < srcimg.shape[1] - 1) & (my_ < srcimg.shape[0] - 1)
    ).astype(np.float32)
    inside = cv2.GaussianBlur(inside, (0, 0), 0.7)[..., None]
    bg = background(rng, H, W)
    img = warped.astype(np.float32) * inside + bg * (1 - inside)
    # fold crease across the sheet (in sheet coords)
    desc = []
    if rng.random() < 0.3:
        if rng.random() < 0.5:
            d = my_ / fs - sh * rng.uniform(0.4, 0.6)
        else:
            d = mx_ / fs - sw * rng.uniform(0.4, 0.6)
        crease = np.exp(-((d / (sh * 0.004)) ** 2)) * rng.uniform(0.08, 0.2)
        shade = np.where(d > 0, rng.uniform(0.0, 0.08), 0)
        img *= (1 - (crease + shade) * inside[..., 0])[..., None]
        desc.append("crease")
    del mx_, my_
    # light: gradient, colour cast, vignetting, shadow, glare
    gx, gy = rng.uniform(-0.35, 0.35), rng.uniform(-0.35, 0.35)
    light = 1 + gx * (xs / W - 0.5) + gy * (ys / H - 0.5)
    light *= rng.uniform(0.75, 1.05)
    vign = rng.uniform(0, 0.45)
    light *= 1 - vign * (((xs / W - 0.5) ** 2 + (ys / H - 0.5) ** 2) * 2)
    if rng.random() < 0.4:  # soft shadow of a hand / phone
        px, py = rng.uniform(0, W), rng.uniform(0, H)
        ang = rng.uniform(0, math.pi)
        dd = (xs - px) * math.cos(ang) + (ys - py) * math.sin(ang)
        soft = rng.uniform(0.02, 0.12) * max(W, H)
        light *= 1 - rng.uniform(0.25, 0.55) * (1 / (1 + np.exp(-dd / soft)))
        desc.append("shadow")
    cast = np.array(
        rng.choice(
            [(1, 1, 1), (1.08, 1.0, 0.85), (1.12, 0.98, 0.78), (0.9, 0.97, 1.1), (0.95, 1.02, 0.95)]
        ),
        np.float32,
    )
    img = img * light[..., None] * cast
    if rng.random() < 0.25:  # glare patch
        px, py = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
        rad = rng.uniform(0.05, 0.18) * max(W, H)
        g = np.exp(-(((xs - px) ** 2 + ((ys - py) * rng.uniform(0.6, 1.5)) ** 2) / (2 * rad * rad)))
        img = img + g[..., None] * rng.uniform(60, 160)
        desc.append("glare")
    del xs, ys, light
    # sensor
    blur = rng.choice([0, 0, 0.6, 1.0, 1.6]) * long_side / 2000
    if blur > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    if rng.random() < 0.2:
        L = int(rng.uniform(3, 9) * long_side / 2000) | 1
        kern = np.zeros((L, L), np.float32)
        kern[L // 2, :] = 1
        M = cv2.getRotationMatrix2D((L / 2 - 0.5, L / 2 - 0.5), rng.uniform(0, 180), 1)
        kern = cv2.warpAffine(kern, M, (L, L))
        kern /= kern.sum()
        img = cv2.filter2D(img, -1, kern)
        desc.append("motion")
    img = img + nrg.normal(0, rng.uniform(1, 9), img.shape).astype(np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    # quarter turns stored with an EXIF tag that undoes them
    exif = None
    r = rng.random()
    if r < 0.25:
        k = rng.choice([1, 2, 3])
        img = np.ascontiguousarray(np.rot90(img, k))  # counter-clockwise k*90 in storage
        exif = {1: 6, 2: 3, 3: 8}[k]  # viewer rotates back
    kind = (
        f"photo rot{rot:.0f} fill{frac:.2f} tilt{tilt:.2f} k1{k1:.2f}"
        + (" curl" if curl else "")
        + ("".join(" " + d for d in desc))
    )
    return img, exif, kind, long_side


# ----------------------------------------------------------------------------- case
def make_case(seed: int) -> dict:
    rng = random.Random(seed)
    lang = rng.choice(["cs", "en"])
    paper = rng.choice(["a4", "a4", "letter"])
    truth = make_truth(rng)
    sheet, ink_name, style, ring, hurry = fill_sheet(rng, truth, lang, paper)
    img, exif, kind, _long_side = photo(rng, sheet)
    CASES.mkdir(parents=True, exist_ok=True)
    q = rng.randint(50, 95)
    fmt = "png" if kind.startswith("scan") and rng.random() < 0.3 else "jpg"
    path = CASES / f"case-{seed}.{fmt}"
    pil = Image.fromarray(img)
    if fmt == "jpg":
        kw = {"quality": q}
        if exif:
            ex = Image.Exif()
            ex[0x0112] = exif
            kw["exif"] = ex.tobytes()
        pil.save(path, **kw)
    else:
        pil.save(path)
        exif = None if exif is None else exif
    info = {
        "seed": seed,
        "lang": lang,
        "paper": paper,
        "ink": ink_name,
        "style": style,
        "ring": ring,
        "hurry": hurry,
        "kind": kind,
        "exif": exif,
        "jpeg_q": q if fmt == "jpg" else None,
        "long_side": max(img.shape[:2]),
        "photo": str(path),
        "truth": truth,
        "boxes": [n for n, _ in marked_boxes(truth)],
    }
    (CASES / f"case-{seed}.json").write_text(json.dumps(info, indent=1, ensure_ascii=False))
    return info


def run_reader(photo_path: str, yaml_out: Path):
    if yaml_out.exists():
        yaml_out.unlink()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    p = subprocess.run(
        [PAPIRNA, "score", "papirove-doupe", photo_path, "--to-yaml", str(yaml_out), "--json"],
        capture_output=True,
        text=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, cpu, time.time() - t0


def listed_boxes(yaml_text: str) -> list[str]:
    out = []
    for line in yaml_text.splitlines():
        if not line.startswith("#"):
            break
        s = line[1:]
        if s.startswith("   ") and ":" in s:
            out.append(s.strip().split(":")[0])
    return out


def evaluate(info: dict, p, yaml_out: Path) -> dict:
    tf = truth_fields(info["truth"])
    res = {
        "seed": info["seed"],
        "long_side": info["long_side"],
        "kind": info["kind"],
        "n_fields": len(tf),
    }
    if p.returncode != 0 or not yaml_out.exists():
        res.update(
            outcome="refused",
            wrong=sorted(tf),
            right=0,
            listed=[],
            stderr=(p.stderr or "").strip()[-300:],
        )
        return res
    text = yaml_out.read_text()
    y = yaml.safe_load(text)
    rf = reading_fields(y)
    listed = listed_boxes(text)
    lf = {field_of_box(b) for b in listed}
    wrong = {k: (tf[k], rf.get(k)) for k in tf if tf[k] != rf.get(k)}
    unl = [k for k in wrong if k not in lf and k.split(".")[0] not in lf]
    outcome = "exact" if not wrong else ("unlisted" if unl else "listed")
    res.update(
        outcome=outcome, wrong=wrong, unlisted=unl, right=len(tf) - len(wrong), listed=listed
    )
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--make-only", action="store_true")
    args = ap.parse_args()
    build_pdfs()
    results, cpus = [], []
    for seed in range(args.start, args.start + args.cases):
        info = make_case(seed)
        if args.make_only:
            print(seed, info["kind"], info["long_side"], flush=True)
            continue
        yo = CASES / f"case-{seed}.yaml"
        p, cpu, wall = run_reader(info["photo"], yo)
        r = evaluate(info, p, yo)
        r["cpu"], r["wall"] = cpu, wall
        results.append(r)
        cpus.append(cpu)
        (CASES / f"case-{seed}.result.json").write_text(
            json.dumps(r, indent=1, ensure_ascii=False, default=str)
        )
        print(
            f"seed {seed}: {r['outcome']} ({r['long_side']} px, {cpu:.1f} s cpu)",
            file=sys.stderr,
            flush=True,
        )
    if args.make_only:
        return
    n = len(results)
    cnt = {
        k: sum(r["outcome"] == k for r in results)
        for k in ("exact", "listed", "unlisted", "refused")
    }
    tot = sum(r["n_fields"] for r in results)
    right = sum(r["right"] for r in results)
    big = [
        len(r["listed"]) for r in results if r["long_side"] >= 1000 and r["outcome"] != "refused"
    ]
    print(f"\nseeds {args.start}..{args.start + args.cases - 1}\n")
    print(
        "| cases | sheets exact | wrong, all listed | wrong, unlisted | refused | fields right | median listed boxes (>=1000 px) | median CPU s/photo |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| {n} | {cnt['exact']} | {cnt['listed']} | {cnt['unlisted']} | {cnt['refused']} | "
        f"{right}/{tot} = {100 * right / max(tot, 1):.2f}% | {statistics.median(big) if big else '-'} | "
        f"{statistics.median(cpus) if cpus else 0:.2f} |"
    )
    print()
    for r in results:
        if r["outcome"] == "exact":
            continue
        ls = r["listed"]
        lss = ", ".join(ls[:8]) + (f", ... ({len(ls)} in all)" if len(ls) > 8 else "")
        if r["outcome"] == "refused":
            print(
                f"- seed {r['seed']} ({r['long_side']} px, {r['kind']}): refused: {r.get('stderr', '')}"
            )
            continue
        wr = "; ".join(
            f"{k}: truth {t!r} read {v!r}" + (" [UNLISTED]" if k in r["unlisted"] else "")
            for k, (t, v) in r["wrong"].items()
        )
        print(
            f"- seed {r['seed']} ({r['long_side']} px, {r['kind']}, cpu {r['cpu']:.1f}s): {r['outcome']}: {wr}; listed: {lss or 'none'}"
        )
    slow = [r for r in results if r["cpu"] > 3 * (statistics.median(cpus) if cpus else 1)]
    for r in slow:
        print(f"- slow: seed {r['seed']} {r['cpu']:.1f} s cpu ({r['long_side']} px)")


if __name__ == "__main__":
    main()
