"""An independent benchmark of the Papírové doupě photo reader, from the player's side.

For each seed: a rule-abiding filled sheet (its truth), the printed sheet PDF rasterised with
the player's marks drawn as hand strokes, photographed in ways the usual test sets do not cover
(erased pencil, highlighters, folds, crumpling, a plastic sleeve, flash, low light, strong
perspective, fit-to-page and faded prints, busy backgrounds, objects on the margin, stains).
Then `papirna score papirove-doupe PHOTO --to-yaml Y --json` is run once and each scored field
is compared with the truth.

    python benchmarks/bench_scan_fourth.py --start 0 --cases 60

Standalone: builds the sheets with the CLI, reads box positions from the fillable sheet's form
widgets, never imports the reader. Same seed, same bytes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pypdf
import pypdfium2
import yaml

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
PAPIRNA = str(VENV_BIN / "papirna") if (VENV_BIN / "papirna").exists() else "papirna"
WORK = Path("/tmp/fourth")
OUT = WORK / "out"
CASES = WORK / "cases"
PT = 25.4 / 72.0  # mm per PDF point

cv2.setNumThreads(1)

ADV = ["warrior", "wizard", "cleric", "thief"]

EFFECT_GROUPS = [
    "erased",  # erased pencil ghosts in empty boxes, corrected boxes
    "pens",  # highlighter fills, or blue / red ballpoint
    "paper",  # folded in quarters, or crumpled and smoothed
    "reflection",  # glossy plastic sleeve, or phone flash
    "lowlight",  # sensor noise + denoise smear + tungsten white balance
    "perspective",  # phone tilted 20-35 degrees
    "print",  # fit-to-page print (93-97 %, off-centre), or faded / banding inkjet
    "background",  # wood, tablecloth, newspaper; dice or a pencil on the margin
    "stain",  # coffee ring or water stain
]


# --------------------------------------------------------------------------- sheets and boxes


def sheet_pdfs(lang: str, paper: str) -> tuple[Path, Path]:
    d = OUT / f"{lang}-{paper}" / "papirove-doupe"
    plain = d / f"papirove-doupe-sheet-{lang}-{paper}.pdf"
    fill = d / f"papirove-doupe-sheet-fillable-{lang}-{paper}.pdf"
    if not plain.exists() or not fill.exists():
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
                str(OUT / f"{lang}-{paper}"),
                "-j",
                "1",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    return plain, fill


_BOX_CACHE: dict = {}


def box_map(lang: str, paper: str) -> dict:
    """Field name -> rectangle in mm from the page's top-left (x0, y0, x1, y1)."""
    key = (lang, paper)
    if key in _BOX_CACHE:
        return _BOX_CACHE[key]
    _, fill = sheet_pdfs(lang, paper)
    r = pypdf.PdfReader(str(fill))
    page = r.pages[0]
    W = float(page.mediabox.width)
    H = float(page.mediabox.height)
    boxes = {}
    for a in page.get("/Annots", []):
        a = a.get_object()
        rect = [float(v) for v in a["/Rect"]]
        x0, y0, x1, y1 = (
            min(rect[0], rect[2]),
            min(rect[1], rect[3]),
            max(rect[0], rect[2]),
            max(rect[1], rect[3]),
        )
        mm = (x0 * PT, (H - y1) * PT, x1 * PT, (H - y0) * PT)
        name = a.get("/T")
        if name is None and a.get("/Parent") is not None:
            parent = a["/Parent"].get_object()
            states = [str(k)[1:] for k in a["/AP"]["/N"] if str(k) != "/Off"]
            name = f"{parent.get('/T')}.{states[0]}"
        boxes[str(name)] = mm
    _BOX_CACHE[key] = {"boxes": boxes, "size": (W * PT, H * PT)}
    return _BOX_CACHE[key]


# --------------------------------------------------------------------------- truth


def make_truth(rng: np.random.Generator) -> dict:
    """A plausible end-of-game sheet that keeps the rules (tracks from the left, one card, ...)."""
    t: dict = {}
    t["dungeon"] = "ABCDEFGHIJKL"[rng.integers(12)]
    # levels: 24 actions in a game, some go to level-ups
    ups = int(rng.integers(3, 14))
    levels = {a: 1 for a in ADV}
    for _ in range(ups):
        cand = [a for a in ADV if levels[a] < 6]
        w = np.array([1.0 + 0.6 * (levels[a] - 1) for a in cand])  # players push favourites
        a = cand[rng.choice(len(cand), p=w / w.sum())]
        levels[a] += 1
    t["levels"] = levels
    t["training_black"] = {a: bool(rng.random() < 0.5) for a in ADV}
    # items: halves, the second after the first
    items = [0] * 8
    for _ in range(int(rng.integers(0, 8))):
        i = int(rng.integers(8))
        if items[i] < 2:
            items[i] += 1
    t["items"] = items
    health = sum(levels.values())
    # potions: actions make two, a treasure one or two
    potions = int(
        min(24, 2 * rng.integers(0, 6) + (rng.integers(0, 3) if rng.random() < 0.4 else 0))
    )
    wounds_taken = int(rng.integers(0, 22))
    absorbed = int(min(2 * potions, rng.integers(0, wounds_taken + 1)))
    wounds = min(40, wounds_taken - absorbed)
    t["potions"] = potions
    t["absorbed"] = absorbed
    t["unused_potions"] = int(sum(1 for p in range(potions) if 2 * p >= absorbed))
    t["wounds"] = int(wounds)
    # if not dead now, may have died earlier, when health was lower
    res = True if wounds > health else bool(wounds >= 5 and rng.random() < 0.1)
    t["resurrection"] = res
    t["health"] = health
    t["gems"] = int(min(12, rng.integers(0, 9)))
    t["minions"] = int(min(14, rng.integers(0, 11)))
    fights = []
    for i in range(3):
        pvis = [0.92, 0.8, 0.7][i]
        if rng.random() > pvis:
            fights.append(
                {
                    "visited": False,
                    "fled": True,
                    "range": None,
                    "strongest": False,
                    "tick_fled": bool(rng.random() < 0.7),
                }
            )
        elif rng.random() < 0.15:
            fights.append(
                {
                    "visited": True,
                    "fled": True,
                    "range": None,
                    "strongest": False,
                    "tick_fled": True,
                }
            )
        else:
            r = int(rng.choice([1, 2, 3], p=[0.35, 0.4, 0.25]))
            fights.append(
                {
                    "visited": True,
                    "fled": False,
                    "range": r,
                    "strongest": bool(rng.random() < 0.25),
                    "tick_fled": False,
                }
            )
    t["fights"] = fights
    t["ability"] = (
        int(rng.choice(np.arange(-6, 13), p=_ability_p())) if rng.random() < 0.55 else None
    )
    t["goals"] = [int(rng.integers(1, 13))] if rng.random() < 0.6 else []
    quests = {}
    for q in (1, 2, 3):
        if rng.random() < 0.45:
            quests[q] = int(rng.integers(1, 15))
    t["quest_rows"] = quests
    t["quests"] = sorted(quests.values())
    t["ability_once"] = bool(rng.random() < 0.3)
    return t


def _ability_p():
    v = np.arange(-6, 13)
    p = np.exp(-((v - 3) ** 2) / 30.0)
    return p / p.sum()


def truth_fields(t: dict) -> dict:
    f = {"dungeon": t["dungeon"]}
    for a in ADV:
        f[f"levels.{a}"] = t["levels"][a]
    for i in range(8):
        f[f"items.{i + 1}"] = t["items"][i]
    f["gems"] = t["gems"]
    f["minions"] = t["minions"]
    f["wounds"] = t["wounds"]
    f["resurrection"] = t["resurrection"]
    for i, fg in enumerate(t["fights"]):
        f[f"fight.{i + 1}.visited"] = fg["visited"]
        f[f"fight.{i + 1}.outcome"] = "fled" if fg["fled"] else f"range {fg['range']}"
        f[f"fight.{i + 1}.strongest"] = fg["strongest"]
    f["ability"] = t["ability"]
    f["goals"] = sorted(t["goals"])
    f["quests"] = sorted(t["quests"])
    return f


def read_fields(y: dict) -> dict:
    f = {"dungeon": str(y.get("dungeon")).upper() if y.get("dungeon") is not None else None}
    lv = y.get("levels") or {}
    for a in ADV:
        f[f"levels.{a}"] = int(lv.get(a, 1))
    items = list(y.get("items") or [0] * 8) + [0] * 8
    for i in range(8):
        f[f"items.{i + 1}"] = int(items[i])
    for k in ("gems", "minions", "wounds"):
        f[k] = int(y.get(k) or 0)
    f["resurrection"] = bool(y.get("resurrection", False))
    fights = list(y.get("fights") or []) + [{"fled": True}] * 3
    for i in range(3):
        fg = fights[i] or {}
        fled = bool(fg.get("fled", False))
        rng_ = fg.get("range")
        f[f"fight.{i + 1}.visited"] = bool(fg.get("visited", not fled or rng_ is not None))
        f[f"fight.{i + 1}.outcome"] = "fled" if (fled or rng_ is None) else f"range {int(rng_)}"
        f[f"fight.{i + 1}.strongest"] = bool(fg.get("strongest", False))
    ab = y.get("ability")
    f["ability"] = (
        int(ab)
        if isinstance(ab, (int, float)) and not isinstance(ab, bool)
        else (int(ab) if isinstance(ab, str) and ab.lstrip("-").isdigit() else ab)
    )
    f["goals"] = sorted(int(g) for g in (y.get("goals") or []) if not isinstance(g, dict))
    qs = []
    for q in y.get("quests") or []:
        qs.append(
            int(q["glory"])
            if isinstance(q, dict) and "glory" in q
            else int(q)
            if not isinstance(q, dict)
            else q
        )
    f["quests"] = sorted(qs)
    return f


def box_field(box: str) -> set[str]:
    """Which compared fields a box named in the reader's "uncertain" list is about."""
    p = box.split(".")
    if p[0] == "dungeon":
        return {"dungeon"}
    if p[0] == "adventurer" and len(p) >= 3 and p[2] == "level":
        return {f"levels.{p[1]}"}
    if p[0] == "item":
        return {f"items.{p[1]}"}
    if p[0] in ("gem", "gems"):
        return {"gems"}
    if p[0] in ("minion", "minions"):
        return {"minions"}
    if p[0] in ("wound", "wounds"):
        return {"wounds"}
    if p[0] == "resurrection":
        return {"resurrection"}
    if p[0] == "monster" and len(p) >= 2:
        n = p[1]
        return {f"fight.{n}.visited", f"fight.{n}.outcome", f"fight.{n}.strongest"}
    if p[0] == "ability" and len(p) >= 2 and p[1] == "glory":
        return {"ability"}
    if p[0] == "goal":
        return {"goals"}
    if p[0] == "quest":
        return {"quests"}
    return set()


# --------------------------------------------------------------------------- drawing marks


class Ink:
    """Per-pen coverage layers at the sheet raster's resolution, composited at the end."""

    def __init__(self, shape, pxmm):
        self.shape = shape
        self.pxmm = pxmm
        self.layers: list[tuple[np.ndarray, tuple, str]] = []

    def layer(self, color, kind):
        cov = np.zeros(self.shape, np.float32)
        self.layers.append((cov, color, kind))
        return cov


def _smooth_path(rng, pts_mm, wobble_mm, n_per_mm=3.0):
    pts = np.asarray(pts_mm, np.float64)
    out = [pts[0]]
    for a, b in itertools.pairwise(pts):
        L = float(np.hypot(*(b - a)))
        n = max(2, int(L * n_per_mm))
        ts = np.linspace(0, 1, n)[1:]
        seg = a[None] + (b - a)[None] * ts[:, None]
        if L > 1e-6 and wobble_mm > 0:
            nrm = np.array([-(b - a)[1], (b - a)[0]]) / L
            ph = rng.uniform(0, 6.28)
            fr = rng.uniform(0.8, 2.0)
            seg = seg + nrm[None] * (wobble_mm * np.sin(ph + fr * 6.28 * ts))[:, None]
        out.extend(seg)
    return np.array(out)


def draw_stroke(cov, pxmm, rng, pts_mm, width_mm, opacity, wobble_mm=0.08, skip=0.0, taper=True):
    """A pen stroke: a polyline with wobble, pressure (width and opacity) varying along it."""
    path = _smooth_path(rng, pts_mm, wobble_mm) * pxmm
    if len(path) < 2:
        return
    pad = int(width_mm * pxmm * 2 + 4)
    x0 = int(max(0, math.floor(path[:, 0].min()) - pad))
    y0 = int(max(0, math.floor(path[:, 1].min()) - pad))
    x1 = int(min(cov.shape[1], math.ceil(path[:, 0].max()) + pad))
    y1 = int(min(cov.shape[0], math.ceil(path[:, 1].max()) + pad))
    if x1 <= x0 or y1 <= y0:
        return
    patch = np.zeros((y1 - y0, x1 - x0), np.uint8)
    n = len(path)
    sh = 16
    for i in range(n - 1):
        t = i / max(1, n - 2)
        press = 1.0
        if taper:
            press = min(1.0, 0.55 + 3.0 * t, 0.55 + 3.0 * (1 - t))
        if skip and rng.random() < skip:
            continue
        w = max(1, round(width_mm * pxmm * (0.75 + 0.25 * press)))
        val = int(255 * min(1.0, opacity * (0.8 + 0.2 * press)))
        p0 = ((path[i] - (x0, y0)) * sh).astype(np.int64)
        p1 = ((path[i + 1] - (x0, y0)) * sh).astype(np.int64)
        seg = np.zeros_like(patch)
        cv2.line(seg, tuple(int(v) for v in p0), tuple(int(v) for v in p1), val, w, cv2.LINE_AA, 4)
        np.maximum(patch, seg, out=patch)
    sub = cov[y0:y1, x0:x1]
    np.maximum(sub, patch.astype(np.float32) / 255.0, out=sub)


def mark_box(ink_cov, pxmm, rng, rect, style, pen):
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    wd, op = pen["width"], pen["opacity"]
    j = lambda s: rng.normal(0, s)  # noqa: E731
    ins = min(w, h) * rng.uniform(0.12, 0.22)
    if pen["kind"] == "highlighter":
        # one or two flat swipes across the box, within it (a careful player)
        hw = min(h * rng.uniform(0.7, 0.95), pen["width"])
        n = 1 if hw > h * 0.6 else 2
        for k in range(n):
            yy = cy + (0 if n == 1 else (k - 0.5) * h * 0.4) + j(0.15)
            draw_stroke(
                ink_cov,
                pxmm,
                rng,
                [(x0 + w * 0.12 + j(0.2), yy + j(0.2)), (x1 - w * 0.12 + j(0.2), yy + j(0.2))],
                hw,
                op,
                wobble_mm=0.05,
                taper=False,
            )
        return
    if style == "cross":
        draw_stroke(
            ink_cov,
            pxmm,
            rng,
            [(x0 + ins + j(0.3), y0 + ins + j(0.3)), (x1 - ins + j(0.3), y1 - ins + j(0.3))],
            wd,
            op,
        )
        draw_stroke(
            ink_cov,
            pxmm,
            rng,
            [(x1 - ins + j(0.3), y0 + ins + j(0.3)), (x0 + ins + j(0.3), y1 - ins + j(0.3))],
            wd,
            op,
        )
    elif style == "tick":
        draw_stroke(
            ink_cov,
            pxmm,
            rng,
            [
                (x0 + ins + j(0.2), cy + j(0.3)),
                (cx - w * 0.1 + j(0.2), y1 - ins + j(0.2)),
                (x1 - ins * 0.5 + j(0.3), y0 + ins * 0.6 + j(0.3)),
            ],
            wd,
            op,
        )
    elif style == "slash":
        draw_stroke(
            ink_cov,
            pxmm,
            rng,
            [(x0 + ins + j(0.3), y1 - ins + j(0.3)), (x1 - ins + j(0.3), y0 + ins + j(0.3))],
            wd * 1.1,
            op,
        )
    elif style == "fill":
        n = max(3, int(h / max(0.35, wd * 1.3)))
        pts = []
        for k in range(n + 1):
            yy = y0 + ins * 0.6 + (h - 1.2 * ins) * k / n
            pts.append(
                (x0 + ins * 0.6 + j(0.2), yy) if k % 2 == 0 else (x1 - ins * 0.6 + j(0.2), yy)
            )
        draw_stroke(ink_cov, pxmm, rng, pts, wd * 1.2, op, wobble_mm=0.03)
    elif style == "ring":
        ring(ink_cov, pxmm, rng, cx, cy, min(w, h) * 0.62, pen)


def ring(ink_cov, pxmm, rng, cx, cy, r, pen):
    cx += rng.normal(0, 0.2)
    cy += rng.normal(0, 0.2)
    a0 = rng.uniform(0, 2 * math.pi)
    span = 2 * math.pi * rng.uniform(1.02, 1.2)
    ax = r * rng.uniform(1.0, 1.15)
    ay = r * rng.uniform(0.9, 1.05)
    rot = rng.uniform(-0.4, 0.4)
    n = 36
    pts = []
    for k in range(n + 1):
        a = a0 + span * k / n
        rr = 1.0 + 0.04 * math.sin(3 * a + a0)
        x, y = ax * rr * math.cos(a), ay * rr * math.sin(a)
        pts.append(
            (cx + x * math.cos(rot) - y * math.sin(rot), cy + x * math.sin(rot) + y * math.cos(rot))
        )
    draw_stroke(ink_cov, pxmm, rng, pts, pen["width"], pen["opacity"], wobble_mm=0.03)


def hand_text(ink_cov, pxmm, rng, text, x_mm, y_mm, h_mm, pen):
    """Handwriting (not read by the reader): dice numbers, name, scores, strengths."""
    scale = h_mm * pxmm / 22.0
    th = max(1, round(pen["width"] * pxmm * 0.9))
    font = cv2.FONT_HERSHEY_SCRIPT_SIMPLEX
    (tw, tht), _ = cv2.getTextSize(text, font, scale, th)
    pad = th * 3 + 4
    patch = np.zeros((tht * 2 + 2 * pad, tw + 2 * pad), np.uint8)
    cv2.putText(
        patch, text, (pad, pad + tht), font, scale, int(255 * pen["opacity"]), th, cv2.LINE_AA
    )
    sh = rng.uniform(-0.25, 0.1)
    M = np.float32([[1, sh, -sh * (pad + tht)], [0, 1, 0]])
    patch = cv2.warpAffine(patch, M, (patch.shape[1], patch.shape[0]))
    X = int(x_mm * pxmm) - pad
    Y = int(y_mm * pxmm) - pad - tht
    H, W = ink_cov.shape
    px0, py0 = max(0, -X), max(0, -Y)
    X0, Y0 = max(0, X), max(0, Y)
    X1, Y1 = min(W, X + patch.shape[1]), min(H, Y + patch.shape[0])
    if X1 <= X0 or Y1 <= Y0:
        return
    sub = ink_cov[Y0:Y1, X0:X1]
    np.maximum(
        sub, patch[py0 : py0 + Y1 - Y0, px0 : px0 + X1 - X0].astype(np.float32) / 255.0, out=sub
    )


PENS = {
    "black ballpoint": dict(kind="pen", color=(0.12, 0.12, 0.16), opacity=0.9),
    "blue ballpoint": dict(kind="pen", color=(0.12, 0.22, 0.62), opacity=0.9),
    "red ballpoint": dict(kind="pen", color=(0.78, 0.12, 0.14), opacity=0.9),
    "pencil": dict(kind="pencil", color=(0.28, 0.28, 0.31), opacity=0.85),
    "yellow highlighter": dict(kind="highlighter", color=(1.0, 0.93, 0.28), opacity=0.85),
    "pink highlighter": dict(kind="highlighter", color=(1.0, 0.55, 0.78), opacity=0.8),
    "green highlighter": dict(kind="highlighter", color=(0.62, 0.95, 0.45), opacity=0.8),
}


def draw_sheet_marks(rng, t, bm, shape, pxmm, pen_name, circle_pen_name, erased: bool, notes: list):
    """Draw the player's marks of truth t; returns the Ink with its layers."""
    boxes = bm["boxes"]
    ink = Ink(shape, pxmm)
    pen = dict(PENS[pen_name])
    pen["width"] = rng.uniform(0.3, 0.5) if pen["kind"] != "highlighter" else rng.uniform(3.0, 4.5)
    if pen["kind"] == "pencil":
        pen["width"] = rng.uniform(0.35, 0.55)
    cpen = dict(PENS[circle_pen_name])
    cpen["width"] = rng.uniform(0.3, 0.5) if cpen["kind"] != "highlighter" else pen["width"]
    hand = dict(
        PENS[
            "pencil"
            if pen["kind"] == "pencil"
            else (circle_pen_name if cpen["kind"] != "highlighter" else "black ballpoint")
        ]
    )
    hand["width"] = rng.uniform(0.3, 0.45)
    cov = ink.layer(pen["color"], pen["kind"])
    ccov = cov if circle_pen_name == pen_name else ink.layer(cpen["color"], cpen["kind"])
    hcov = ink.layer(hand["color"], hand["kind"] if hand["kind"] != "highlighter" else "pen")
    ghost = ink.layer(PENS["pencil"]["color"], "ghost") if erased else None
    styles = ["cross", "tick", "slash", "fill"]
    sw = rng.dirichlet(np.ones(4) * 0.7)
    main_style = lambda: styles[rng.choice(4, p=sw)]  # noqa: E731

    def mark(name, style=None):
        mark_box(cov, pxmm, rng, boxes[name], style or main_style(), pen)

    def ring_round(layer, name, ring_pen, widest):
        """A loose ring round box `name`, 1.2 to `widest` times its radius."""
        x0, y0, x1, y1 = boxes[name]
        r = (x1 - x0) / 2 * rng.uniform(1.2, widest)
        ring(layer, pxmm, rng, (x0 + x1) / 2, (y0 + y1) / 2, r, ring_pen)

    def circle(name):
        x0, y0, x1, y1 = boxes[name]
        if cpen["kind"] == "highlighter":
            draw_stroke(
                ccov,
                pxmm,
                rng,
                [
                    (x0 + 0.5, (y0 + y1) / 2 + rng.normal(0, 0.2)),
                    (x1 - 0.5, (y0 + y1) / 2 + rng.normal(0, 0.2)),
                ],
                min(cpen["width"], (y1 - y0) * 0.95),
                cpen["opacity"],
                wobble_mm=0.03,
                taper=False,
            )
        else:
            ring_round(ccov, name, cpen, 1.45)

    ghosts: list[str] = []

    def ghost_mark(name, as_circle=False):
        if ghost is None or name not in boxes:
            return
        gp = dict(PENS["pencil"])
        gp["width"] = float(rng.uniform(0.35, 0.55))
        gp["kind"] = "pencil"
        if as_circle:
            ring_round(ghost, name, gp, 1.4)
        else:
            mark_box(ghost, pxmm, rng, boxes[name], main_style(), gp)
        ghosts.append(name)

    mark(f"dungeon.{t['dungeon']}")
    for a in ADV:
        if t["training_black"][a]:
            mark(f"adventurer.{a}.training.black", "fill")
        for lv in range(2, t["levels"][a] + 1):
            mark(f"adventurer.{a}.level.{lv}")
    for h in range(5, min(24, t["health"]) + 1):
        mark(f"health.{h}")
    for w in range(1, t["wounds"] + 1):
        mark(f"wound.{w}")
    if t["resurrection"]:
        if rng.random() < 0.6 or cpen["kind"] == "highlighter":
            circle("resurrection")
        else:
            mark("resurrection", "cross")
    for p in range(1, t["potions"] + 1):
        mark(
            f"potion.{p}",
            rng.choice(["cross", "slash", "fill"]) if pen["kind"] != "highlighter" else None,
        )
    for k in range(t["absorbed"]):
        mark(
            f"potion.{k // 2 + 1}.absorbed.{k % 2 + 1}",
            "slash" if pen["kind"] != "highlighter" else None,
        )
    for i, n in enumerate(t["items"]):
        for hh in range(1, n + 1):
            mark(f"item.{i + 1}.half.{hh}")
    for g in range(1, t["gems"] + 1):
        mark(f"gem.{g}")
    for m in range(1, t["minions"] + 1):
        mark(f"minion.{m}")
    for i, fg in enumerate(t["fights"]):
        n = i + 1
        if fg["visited"]:
            mark(f"monster.{n}.visited")
        if fg["fled"] and fg["tick_fled"]:
            mark(f"monster.{n}.fled")
        if fg["range"]:
            mark(f"monster.{n}.range.{fg['range']}")
        if fg["strongest"]:
            mark(f"monster.{n}.strongest")
    if t["ability_once"]:
        mark("ability.once")
    if t["ability"] is not None:
        circle(f"ability.glory.{t['ability']}")
    for g in t["goals"]:
        circle(f"goal.glory.{g}")
    for q, v in t["quest_rows"].items():
        circle(f"quest.{q}.glory.{v}")

    # erased pencil: corrections next to real marks, and ghosts in empty boxes
    if erased:
        cands = []
        tracks = [("gem", t["gems"], 12), ("minion", t["minions"], 14), ("wound", t["wounds"], 40)]
        tracks += [(f"adventurer.{a}.level", t["levels"][a], 6) for a in ADV]
        for pre, n, mx in tracks:
            if n < mx:
                cands.append(("box", f"{pre}.{n + 1}"))
        letters = "ABCDEFGHIJKL"
        k = letters.index(t["dungeon"])
        for d in (-1, 1):
            if 0 <= k + d < 12:
                cands.append(("box", f"dungeon.{letters[k + d]}"))
        for q, v in t["quest_rows"].items():
            for d in (-1, 1, 2):
                if 1 <= v + d <= 14:
                    cands.append(("circle", f"quest.{q}.glory.{v + d}"))
        for g in t["goals"]:
            for d in (-1, 1):
                if 1 <= g + d <= 12:
                    cands.append(("circle", f"goal.glory.{g + d}"))
        if t["ability"] is not None:
            for d in (-1, 1):
                if -6 <= t["ability"] + d <= 12:
                    cands.append(("circle", f"ability.glory.{t['ability'] + d}"))
        for i, fg in enumerate(t["fights"]):
            if fg["range"]:
                for r in (1, 2, 3):
                    if r != fg["range"]:
                        cands.append(("box", f"monster.{i + 1}.range.{r}"))
            if not fg["strongest"]:
                cands.append(("box", f"monster.{i + 1}.strongest"))
        for i, n in enumerate(t["items"]):
            if n < 2:
                cands.append(("box", f"item.{i + 1}.half.{n + 1}"))
        # empty boxes far from marks too
        for q in (1, 2, 3):
            if q not in t["quest_rows"]:
                cands.append(("circle", f"quest.{q}.glory.{int(rng.integers(1, 15))}"))
        rng.shuffle(cands)
        nghost = int(rng.integers(3, 8))
        used = set()
        for kind, name in cands:
            if len(ghosts) >= nghost:
                break
            base = name.rsplit(".", 1)[0]
            if base in used and name.split(".")[0] in ("quest", "goal", "ability"):
                continue
            used.add(base)
            ghost_mark(name, as_circle=(kind == "circle"))
        notes.append("erased ghosts: " + ", ".join(ghosts))

    # handwriting the reader ignores: dice numbers, name, scores, strengths, the plan
    for r in range(1, 9):
        for a in range(1, 4):
            nm = f"round.{r}.action.{a}"
            if nm in boxes:
                x0, y0, x1, y1 = boxes[nm]
                hand_text(
                    hcov,
                    pxmm,
                    rng,
                    str(int(rng.integers(0, 6))),
                    x0 + (x1 - x0) * 0.3,
                    y1 - (y1 - y0) * 0.25,
                    (y1 - y0) * 0.6,
                    hand,
                )
    if "player" in boxes:
        x0, y0, x1, y1 = boxes["player"]
        name = ["Anna", "Petr", "Eva", "Jan", "Klara", "Ondra", "Zuzka", "Tom"][rng.integers(8)]
        hand_text(hcov, pxmm, rng, name, x0 + 3, y1 - 1.0, (y1 - y0) * 0.7, hand)
    for i, fg in enumerate(t["fights"]):
        nm = f"monster.{i + 1}.strength"
        if fg["range"] and nm in boxes:
            x0, y0, x1, y1 = boxes[nm]
            hand_text(
                hcov,
                pxmm,
                rng,
                str(int(rng.integers(8, 30))),
                x0 + 1.5,
                y1 - 2.0,
                (y1 - y0) * 0.5,
                hand,
            )
        nm = f"monster.{i + 1}.glory"
        if nm in boxes:
            x0, y0, x1, y1 = boxes[nm]
            hand_text(
                hcov,
                pxmm,
                rng,
                str(int(rng.integers(-7, 12))),
                x0 + 1.0,
                y1 - 0.6,
                (y1 - y0) * 0.8,
                hand,
            )
    for nm, (x0, y0, x1, y1) in boxes.items():
        if nm.startswith("score.") and rng.random() < 0.9:
            hand_text(
                hcov,
                pxmm,
                rng,
                str(int(rng.integers(-9, 25))),
                x0 + (x1 - x0) * 0.4,
                y1 - 1.0,
                (y1 - y0) * 0.65,
                hand,
            )
    return ink, pen, cpen, ghosts


def draw_plan(ink: Ink, rng, bm, hand):
    """A path and wall strokes in the dungeon plan (not read)."""
    boxes = bm["boxes"]
    # the plan lies right of the adventurers, above the monster fights: find it from the boxes
    fx0 = boxes["monster.1.visited"][0]
    fy = boxes["monster.1.glory"][1]
    W, _ = bm["size"]
    top = boxes["adventurer.warrior.level.1"][1]
    x0, x1 = fx0 + 6, W - 12
    y0, y1 = top + 4, fy - 18
    cov = ink.layer(hand["color"], "pen")
    cw, ch = (x1 - x0) / 6, (y1 - y0) / 7
    c, r = int(rng.integers(6)), 6
    pts = []
    for _ in range(int(rng.integers(8, 20))):
        pts.append(
            (x0 + (c + 0.5) * cw + rng.normal(0, 1.2), y0 + (r + 0.5) * ch + rng.normal(0, 1.2))
        )
        if rng.random() < 0.5:
            c = int(np.clip(c + rng.choice([-1, 1]), 0, 5))
        else:
            r = int(np.clip(r + rng.choice([-1, 1]), 0, 6))
    draw_stroke(cov, ink.pxmm, rng, pts, hand["width"], hand["opacity"] * 0.9, wobble_mm=0.2)
    for _ in range(int(rng.integers(2, 6))):
        cx, cy = int(rng.integers(6)), int(rng.integers(7))
        if rng.random() < 0.5:
            a, b = (x0 + cx * cw, y0 + cy * ch), (x0 + (cx + 1) * cw, y0 + cy * ch)
        else:
            a, b = (x0 + cx * cw, y0 + cy * ch), (x0 + cx * cw, y0 + (cy + 1) * ch)
        draw_stroke(
            cov, ink.pxmm, rng, [a, b], hand["width"] * 2.2, hand["opacity"], wobble_mm=0.15
        )


def composite_ink(img, ink: Ink, rng):
    for cov, color, kind in ink.layers:
        if not cov.any():
            continue
        c = cov
        if kind in ("pencil", "ghost"):
            grain = rng.uniform(0.55, 1.0, cov.shape).astype(np.float32)
            grain = cv2.GaussianBlur(grain, (0, 0), 0.6)
            c = cov * grain
        if kind == "ghost":
            # an erased pencil mark: most graphite gone, the rest smudged
            # (peak darkness about a fifth to a third of a pencil mark's, and a grey haze round it)
            c = cv2.GaussianBlur(c, (0, 0), ink.pxmm * rng.uniform(0.12, 0.25))
            c *= float(rng.uniform(0.08, 0.15)) / max(
                1e-6, float(np.percentile(c[c > 0.02], 99)) if (c > 0.02).any() else 1.0
            )
            smudge = cv2.GaussianBlur(cov, (0, 0), ink.pxmm * 1.2)
            smudge *= float(rng.uniform(0.03, 0.05)) / max(1e-6, float(smudge.max()))
            c = np.maximum(c, smudge)
        if kind == "highlighter":
            c = cv2.GaussianBlur(c, (0, 0), ink.pxmm * 0.08)
        col = np.array(color, np.float32)
        img *= 1.0 - c[..., None] * (1.0 - col[None, None, :])
    return img


# --------------------------------------------------------------------------- paper effects


def smooth_noise(rng, shape, cells, amp=1.0):
    h, w = shape
    gh, gw = max(2, int(cells * h / max(h, w)) + 2), max(2, int(cells * w / max(h, w)) + 2)
    g = rng.normal(0, 1, (gh, gw)).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC) * amp


def printer_effect(img, rng, variant, pxmm):
    if variant == "faded":
        d = 1.0 - img
        fade = rng.uniform(0.62, 0.8)
        H = img.shape[0]
        y = np.arange(H, dtype=np.float32)[:, None] / pxmm
        period = rng.uniform(3, 9)
        band = 1.0 - rng.uniform(0.12, 0.25) * (
            np.mod(y + rng.uniform(0, period), period) < rng.uniform(0.5, 1.2)
        )
        band = (
            cv2.GaussianBlur(band.astype(np.float32), (1, 0), 0, sigmaY=pxmm * 0.15)
            if False
            else band
        )
        tint = np.array(
            [rng.uniform(0.85, 1.0), rng.uniform(0.85, 1.0), rng.uniform(0.9, 1.0)], np.float32
        )
        grad = (
            1.0
            - rng.uniform(0.0, 0.15) * np.linspace(0, 1, img.shape[1], dtype=np.float32)[None, :]
        )
        d = d * fade * band[..., None] * tint[None, None] * grad[..., None]
        return 1.0 - d
    return img


def fit_to_page(img, rng, pxmm):
    """The print scaled 93-97 % and off-centre on the paper."""
    H, W = img.shape[:2]
    k = rng.uniform(0.93, 0.97)
    ox = (1 - k) * W * rng.uniform(0.1, 0.9)
    oy = (1 - k) * H * rng.uniform(0.1, 0.9)
    M = np.float32([[k, 0, ox], [0, k, oy]])
    return cv2.warpAffine(
        img, M, (W, H), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT, borderValue=(1, 1, 1)
    ), (k, ox / pxmm, oy / pxmm)


def paper_texture(img, rng, pxmm):
    H, W = img.shape[:2]
    tone = np.array(
        [rng.uniform(0.95, 1.0), rng.uniform(0.94, 0.99), rng.uniform(0.9, 0.97)], np.float32
    )
    fib = smooth_noise(rng, (H, W), 300, 0.006) + smooth_noise(rng, (H, W), 25, 0.006)
    img *= tone[None, None]
    img *= (1.0 + fib)[..., None]
    return img


def fold_quarters(img, rng, pxmm):
    H, W = img.shape[:2]
    xs = np.arange(W, dtype=np.float32)[None, :]
    ys = np.arange(H, dtype=np.float32)[:, None]
    fx = W / 2 + rng.normal(0, 2.0) * pxmm
    fy = H / 2 + rng.normal(0, 2.0) * pxmm
    sx = rng.normal(0, 0.008)
    sy = rng.normal(0, 0.008)
    dx = xs - (fx + sx * (ys - H / 2))  # signed distance to the vertical fold
    dy = ys - (fy + sy * (xs - W / 2))
    tw = rng.uniform(3, 10) * pxmm
    lit = rng.uniform(0.8, 1.04, 4).astype(np.float32)
    lit[rng.integers(4)] = rng.uniform(0.78, 0.86)  # one panel turned away from the light
    ax = 0.5 + 0.5 * np.tanh(dx / tw)
    ay = 0.5 + 0.5 * np.tanh(dy / tw)
    light = (
        lit[0] * (1 - ax) * (1 - ay)
        + lit[1] * ax * (1 - ay)
        + lit[2] * (1 - ax) * ay
        + lit[3] * ax * ay
    )
    # the creases: a thin dark valley with a light ridge beside it
    cw = rng.uniform(0.25, 0.5) * pxmm
    depth = rng.uniform(0.12, 0.22)
    crease = 1.0 - depth * (np.exp(-((dx / cw) ** 2)) + np.exp(-((dy / cw) ** 2)))
    crease += 0.03 * (
        np.exp(-(((dx - 2.5 * cw) / (2 * cw)) ** 2)) + np.exp(-(((dy + 2.5 * cw) / (2 * cw)) ** 2))
    )
    img *= (light * crease).astype(np.float32)[..., None]
    # the sheet does not lie quite flat: a tent-shaped bend along each fold
    amp = rng.uniform(0.2, 0.5) * pxmm
    ex = amp * np.exp(-np.abs(dy) / (40 * pxmm)) * rng.choice([-1, 1])
    ey = amp * np.exp(-np.abs(dx) / (40 * pxmm)) * rng.choice([-1, 1])
    mapx = np.broadcast_to(xs, (H, W)).astype(np.float32) + (ey * 0.3).astype(np.float32)
    mapy = np.broadcast_to(ys, (H, W)).astype(np.float32) + ex.astype(np.float32)
    return cv2.remap(img, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def crumple(img, rng, pxmm):
    H, W = img.shape[:2]
    sc = 4
    h, w = H // sc, W // sc
    shade = np.ones((h, w), np.float32)
    lines = np.zeros((H, W), np.uint8)
    n = int(rng.integers(25, 45))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(n):
        x0, y0 = rng.uniform(0, W), rng.uniform(0, H)
        ang = rng.uniform(0, math.pi)
        L = rng.uniform(30, 160) * pxmm
        x1, y1 = x0 + L * math.cos(ang), y0 + L * math.sin(ang)
        # side shading decaying from the crease, only along its length
        nx, ny = -math.sin(ang), math.cos(ang)
        d = ((xx * sc - x0) * nx + (yy * sc - y0) * ny) / (pxmm * rng.uniform(4, 12))
        along = ((xx * sc - x0) * math.cos(ang) + (yy * sc - y0) * math.sin(ang)) / L
        inside = np.clip(np.minimum(along, 1 - along) * 6, 0, 1)
        s = rng.uniform(0.02, 0.06) * rng.choice([-1, 1])
        shade *= 1.0 + s * np.sign(d) * np.exp(-np.abs(d)) * inside
        cv2.line(
            lines,
            (int(x0), int(y0)),
            (int(x1), int(y1)),
            int(rng.uniform(60, 140)),
            max(1, int(0.25 * pxmm)),
            cv2.LINE_AA,
        )
    shade *= 1.0 + smooth_noise(rng, (h, w), 12, 0.025)
    shade = cv2.resize(shade, (W, H), interpolation=cv2.INTER_LINEAR)
    lines_f = cv2.GaussianBlur(lines.astype(np.float32) / 255.0, (0, 0), 0.3 * pxmm)
    img *= (shade * (1.0 - 0.35 * lines_f))[..., None]
    amp = rng.uniform(0.25, 0.5) * pxmm
    dxm = smooth_noise(rng, (H, W), 14, amp)
    dym = smooth_noise(rng, (H, W), 14, amp)
    xs = np.arange(W, dtype=np.float32)[None, :] + dxm
    ys = np.arange(H, dtype=np.float32)[:, None] + dym
    return cv2.remap(
        img,
        xs.astype(np.float32),
        ys.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )


def stain(img, rng, pxmm, variant, size_mm):
    H, W = img.shape[:2]
    sc = 2
    h, w = H // sc, W // sc
    R = rng.uniform(24, 42) * pxmm / sc
    cx = rng.uniform(0.15, 0.85) * w
    cy = rng.uniform(0.15, 0.85) * h
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = np.arctan2(yy - cy, xx - cx)
    rad = np.hypot(xx - cx, yy - cy)
    ph = rng.uniform(0, 6.28, 4)
    if variant == "coffee":
        rr = R * (1 + 0.03 * np.sin(3 * ang + ph[0]) + 0.02 * np.sin(7 * ang + ph[1]))
        ew = rng.uniform(0.5, 1.3) * pxmm / sc
        edge = np.exp(-(((rad - rr) / ew) ** 2)) * (rad < rr + 3 * ew)
        edge += 0.5 * np.exp(-np.clip(rr - rad, 0, None) / (3 * ew)) * (rad <= rr)
        arc = np.clip(np.cos(ang - ph[2]) * 2 + rng.uniform(0.5, 2.0), 0, 1)  # a partial ring
        inner = (rad < rr).astype(np.float32) * rng.uniform(0.03, 0.07)
        k = np.clip(edge * arc * rng.uniform(0.22, 0.35) + inner, 0, 0.5).astype(np.float32)
        col = np.array([0.55, 0.36, 0.18], np.float32)
    else:
        rr = (
            R
            * 1.3
            * (
                1
                + 0.12 * np.sin(2 * ang + ph[0])
                + 0.06 * np.sin(5 * ang + ph[1])
                + 0.03 * np.sin(11 * ang + ph[2])
            )
        )
        ew = rng.uniform(0.6, 1.5) * pxmm / sc
        edge = np.exp(-(((rad - rr) / ew) ** 2))
        inner = (rad < rr).astype(np.float32) * (0.02 + smooth_noise(rng, (h, w), 30, 0.01))
        k = np.clip(edge * rng.uniform(0.10, 0.18) + inner, 0, 0.3).astype(np.float32)
        col = np.array([0.62, 0.58, 0.48], np.float32)
    k = cv2.resize(k, (W, H), interpolation=cv2.INTER_LINEAR)
    img *= 1.0 - k[..., None] * (1.0 - col[None, None])
    return img, (float(cx * sc / pxmm), float(cy * sc / pxmm), float(R * sc / pxmm))


def margin_objects(img, rng, pxmm, kinds):
    """Dice or a pencil lying on the paper's bottom or top strip, clear of all print and marks."""
    H, W = img.shape[:2]
    dark = img.min(axis=2) < 0.8
    rows = np.where(dark.any(axis=1))[0]
    top_ink, bot_ink = int(rows.min()), int(rows.max())
    placed = []
    strips = []
    gap = int(1.5 * pxmm)
    if H - bot_ink - gap > 9 * pxmm:
        strips.append((bot_ink + gap, H - int(0.5 * pxmm)))
    if top_ink - gap > 9 * pxmm:
        strips.append((int(0.5 * pxmm), top_ink - gap))
    if not strips:
        return img, placed
    for kind in kinds:
        y0, y1 = strips[rng.integers(len(strips))]
        sh = y1 - y0
        if kind == "die":
            s = int(min(sh * 0.9, rng.uniform(11, 15) * pxmm))
            cx = int(rng.uniform(0.2, 0.8) * W)
            cy = int(y0 + sh / 2)
            ang = rng.uniform(0, 90)
            face = np.array(
                rng.choice(
                    [(0.85, 0.15, 0.12), (0.95, 0.95, 0.93), (0.15, 0.35, 0.75), (0.1, 0.1, 0.1)]
                ),
                np.float32,
            )
            mask = np.zeros((H, W), np.uint8)
            box = cv2.boxPoints(((cx, cy), (s, s), ang)).astype(np.int32)
            cv2.fillConvexPoly(mask, box, 255, cv2.LINE_AA)
            shadow = cv2.GaussianBlur(
                np.roll(np.roll(mask, int(s * 0.12), 0), int(s * 0.1), 1).astype(np.float32) / 255,
                (0, 0),
                s * 0.08,
            )
            img *= (1 - 0.45 * shadow)[..., None]
            m = mask.astype(np.float32)[..., None] / 255
            shade = 1.0 - 0.15 * smooth_noise(rng, (H, W), 3, 1)[..., None] * 0
            img[:] = img * (1 - m) + face[None, None] * shade * m
            pip = np.zeros((H, W), np.uint8)
            pc = (
                (0.95, 0.95, 0.93)
                if face.mean() < 0.5 or (face[0] > 0.6 and face[1] < 0.3)
                else (0.1, 0.1, 0.1)
            )
            n = int(rng.integers(1, 7))
            offs = {
                1: [(0, 0)],
                2: [(-1, -1), (1, 1)],
                3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, 1), (-1, 1), (1, -1)],
                5: [(-1, -1), (1, 1), (-1, 1), (1, -1), (0, 0)],
                6: [(-1, -1), (1, 1), (-1, 1), (1, -1), (-1, 0), (1, 0)],
            }[n]
            ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
            for ox, oy in offs:
                px = cx + s * 0.28 * (ox * ca - oy * sa)
                py = cy + s * 0.28 * (ox * sa + oy * ca)
                cv2.circle(pip, (int(px), int(py)), max(1, int(s * 0.09)), 255, -1, cv2.LINE_AA)
            pm = pip.astype(np.float32)[..., None] / 255
            img[:] = img * (1 - pm) + np.array(pc, np.float32)[None, None] * pm
            placed.append(("die", cx / pxmm, cy / pxmm))
        else:
            L = rng.uniform(110, 150) * pxmm
            d = min(sh * 0.8, 7.5 * pxmm)
            cy = y0 + sh / 2 + rng.uniform(-0.1, 0.1) * sh
            cx = rng.uniform(0.35, 0.65) * W
            ang = math.radians(rng.uniform(-1.2, 1.2))
            body = np.zeros((H, W), np.uint8)
            tipm = np.zeros((H, W), np.uint8)
            ca, sa = math.cos(ang), math.sin(ang)

            def P(u, v, cx=cx, cy=cy, ca=ca, sa=sa):
                return (int(cx + u * ca - v * sa), int(cy + u * sa + v * ca))

            poly = np.array(
                [
                    P(-L / 2, -d / 2),
                    P(L / 2 - 18 * pxmm, -d / 2),
                    P(L / 2 - 18 * pxmm, d / 2),
                    P(-L / 2, d / 2),
                ],
                np.int32,
            )
            cv2.fillConvexPoly(body, poly, 255, cv2.LINE_AA)
            tri = np.array(
                [P(L / 2 - 18 * pxmm, -d / 2), P(L / 2, 0), P(L / 2 - 18 * pxmm, d / 2)], np.int32
            )
            cv2.fillConvexPoly(tipm, tri, 255, cv2.LINE_AA)
            allm = np.maximum(body, tipm)
            shadow = cv2.GaussianBlur(
                np.roll(allm, int(d * 0.35), 0).astype(np.float32) / 255, (0, 0), d * 0.25
            )
            img *= (1 - 0.4 * shadow)[..., None]
            col = np.array(
                rng.choice([(0.95, 0.78, 0.1), (0.15, 0.45, 0.2), (0.75, 0.1, 0.1)]), np.float32
            )
            # a hexagonal body: light and dark facets across it
            yy, xx = np.mgrid[0:H, 0:W]
            v = ((xx - cx) * -sa + (yy - cy) * ca) / (d / 2)
            facet = np.where(np.abs(v) < 0.33, 1.0, np.where(v < 0, 1.1, 0.8)).astype(np.float32)
            bm_ = body.astype(np.float32)[..., None] / 255
            img[:] = img * (1 - bm_) + np.clip(col[None, None] * facet[..., None], 0, 1) * bm_
            tm = tipm.astype(np.float32)[..., None] / 255
            u = (xx - cx) * ca + (yy - cy) * sa
            wood = np.where(u > L / 2 - 5 * pxmm, 0.25, 0.85).astype(np.float32)
            woodc = np.stack([wood * 1.0, wood * 0.85, wood * 0.65], -1)
            img[:] = img * (1 - tm) + woodc * tm
            placed.append(("pencil", cx / pxmm, cy / pxmm))
    return img, placed


# --------------------------------------------------------------------------- the photo


def background(rng, H, W, variant, pxmm):
    if variant == "wood":
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = rng.uniform(-0.3, 0.3) + (math.pi / 2 if rng.random() < 0.5 else 0)
        u = xx * math.cos(ang) + yy * math.sin(ang)
        v = -xx * math.sin(ang) + yy * math.cos(ang)
        warp = smooth_noise(rng, (H, W), 6, 1.0) * 25 * pxmm / 4
        period = rng.uniform(2.0, 5.0) * pxmm
        g = 0.5 + 0.5 * np.sin(2 * math.pi * (v + warp) / period + 0.4 * np.sin(u / (60 * pxmm)))
        g = g**2
        fine = smooth_noise(rng, (H, W), 400, 0.04)
        plank = (np.mod(v, rng.uniform(80, 140) * pxmm) < 0.6 * pxmm).astype(np.float32)
        base = np.array(
            rng.choice([(0.55, 0.36, 0.2), (0.7, 0.52, 0.33), (0.38, 0.24, 0.14)]), np.float32
        )
        dark = base * 0.6
        img = base[None, None] * (1 - g[..., None]) + dark[None, None] * g[..., None]
        img *= (1 + fine)[..., None]
        img *= (1 - 0.5 * plank)[..., None]
        return img.astype(np.float32)
    if variant == "tablecloth":
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        ang = rng.uniform(-0.5, 0.5)
        u = xx * math.cos(ang) + yy * math.sin(ang)
        v = -xx * math.sin(ang) + yy * math.cos(ang)
        s = rng.uniform(8, 20) * pxmm
        col = np.array(
            rng.choice([(0.75, 0.1, 0.12), (0.12, 0.25, 0.6), (0.15, 0.45, 0.2)]), np.float32
        )
        if rng.random() < 0.6:  # gingham
            a = (np.mod(u, 2 * s) < s).astype(np.float32)
            b = (np.mod(v, 2 * s) < s).astype(np.float32)
            k = (a + b) / 2
        else:  # polka dots / flowers
            k = (
                (np.mod(u, s) - s / 2) ** 2 + (np.mod(v, s) - s / 2) ** 2 < (s * 0.28) ** 2
            ).astype(np.float32)
        k = cv2.GaussianBlur(k, (0, 0), 0.8)
        white = np.array([0.93, 0.92, 0.88], np.float32)
        img = white[None, None] * (1 - k[..., None]) + col[None, None] * k[..., None]
        img *= (1 + smooth_noise(rng, (H, W), 8, 0.05))[..., None]  # folds of the cloth
        return img.astype(np.float32)
    if variant == "newspaper":
        img = np.full((H, W), 0.82, np.float32)
        tmp = np.zeros((H, W), np.uint8)
        lh = max(3.0, rng.uniform(3.0, 3.6) * pxmm)
        colw = rng.uniform(45, 60) * pxmm
        scale = lh / 30.0
        letters = "abcdefghijklmnoprstuvyz        "
        y = rng.uniform(0, lh)
        while y < H:
            x = 0.0
            while x < W:
                if rng.random() < 0.04:
                    hs = scale * 2.5
                    txt = "".join(
                        letters[rng.integers(len(letters))]
                        for _ in range(int(colw / (hs * 22)) + 1)
                    ).upper()
                    cv2.putText(
                        tmp,
                        txt,
                        (int(x), int(y + lh * 2)),
                        cv2.FONT_HERSHEY_DUPLEX,
                        hs,
                        255,
                        max(1, int(hs * 2)),
                        cv2.LINE_AA,
                    )
                else:
                    n = int(colw / (scale * 17)) + 1
                    txt = "".join(letters[rng.integers(len(letters))] for _ in range(n))
                    cv2.putText(
                        tmp,
                        txt,
                        (int(x), int(y)),
                        cv2.FONT_HERSHEY_SIMPLEX,
                        scale,
                        255,
                        max(1, int(scale * 1.6)),
                        cv2.LINE_AA,
                    )
                x += colw + 4 * pxmm
            y += lh * (2.5 if rng.random() < 0.02 else 1.0)
        img -= tmp.astype(np.float32) / 255 * 0.7
        img = np.stack([img * 0.98, img * 0.97, img * 0.92], -1)
        ang = rng.uniform(-8, 8)
        M = cv2.getRotationMatrix2D((W / 2, H / 2), ang, 1.0)
        img = cv2.warpAffine(img, M, (W, H), borderMode=cv2.BORDER_REFLECT)
        return img.astype(np.float32)
    # a plain table: grey, dark or light
    base = np.array(
        rng.choice([(0.35, 0.35, 0.37), (0.22, 0.2, 0.19), (0.6, 0.58, 0.55), (0.45, 0.4, 0.33)]),
        np.float32,
    )
    img = np.broadcast_to(base, (H, W, 3)).astype(np.float32).copy()
    img *= (1 + smooth_noise(rng, (H, W), 5, 0.05) + smooth_noise(rng, (H, W), 200, 0.02))[
        ..., None
    ]
    return img


def camera_quad(rng, sheet_wh, frame_wh, tilt_deg, fill):
    """Project the sheet's corners through a pinhole camera tilted by tilt_deg."""
    Wm, Hm = sheet_wh
    FW, FH = frame_wh
    D = rng.uniform(320, 420)
    t = math.radians(tilt_deg)
    yaw = rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.uniform(-6, 6))
    corners = np.array(
        [[-Wm / 2, -Hm / 2, 0], [Wm / 2, -Hm / 2, 0], [Wm / 2, Hm / 2, 0], [-Wm / 2, Hm / 2, 0]],
        np.float64,
    )
    # tilt about an axis in the sheet plane at angle yaw
    ax = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    K = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    R = np.eye(3) + math.sin(t) * K + (1 - math.cos(t)) * K @ K
    Rz = np.array(
        [[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]]
    )
    P = (Rz @ R @ corners.T).T + np.array([0, 0, D])
    uv = P[:, :2] / P[:, 2:3]
    lo, hi = uv.min(0), uv.max(0)
    s = min(FW * fill / (hi[0] - lo[0]), FH * fill / (hi[1] - lo[1]))
    uv = (uv - lo) * s
    size = hi - lo
    off = np.array(
        [(FW - size[0] * s) * rng.uniform(0.3, 0.7), (FH - size[1] * s) * rng.uniform(0.3, 0.7)]
    )
    return (uv + off).astype(np.float32)


def make_case(seed: int) -> dict:
    rng = np.random.default_rng([seed, 4444])
    lang = "cs" if rng.random() < 0.5 else "en"
    paper = "a4" if rng.random() < 0.7 else "letter"
    bm = box_map(lang, paper)
    plain, _ = sheet_pdfs(lang, paper)
    ngroups = 1 if rng.random() < 0.45 else 2
    groups = sorted(rng.choice(len(EFFECT_GROUPS), ngroups, replace=False).tolist())
    groups = [EFFECT_GROUPS[g] for g in groups]
    kind: dict = {"groups": groups}
    long_side = round(math.exp(rng.uniform(math.log(1000), math.log(4000))))
    if "perspective" in groups:
        long_side = max(long_side, 1800)  # the far edge must stay readable
    t = make_truth(rng)

    # --- the print
    Wm, Hm = bm["size"]
    photo_pxmm = long_side * 0.85 / Hm
    pxmm = float(min(12.0, max(6.0, 1.6 * photo_pxmm)))
    doc = pypdfium2.PdfDocument(str(plain))
    page = doc[0]
    pil = page.render(scale=pxmm * 25.4 / 72).to_pil().convert("RGB")
    page.close()
    doc.close()
    img = np.asarray(pil, np.float32) / 255.0
    img = np.ascontiguousarray(img)
    notes: list[str] = []
    if "print" in groups:
        pv = "fit-to-page" if rng.random() < 0.5 else "faded"
        kind["print"] = pv
        if pv == "faded":
            img = printer_effect(img, rng, "faded", pxmm)

    # --- the player's marks
    if "erased" in groups and "pens" not in groups:
        pen_name = "pencil"
        circle_name = "pencil"
    elif "pens" in groups:
        pen_name = str(
            rng.choice(
                [
                    "yellow highlighter",
                    "pink highlighter",
                    "green highlighter",
                    "blue ballpoint",
                    "red ballpoint",
                ],
                p=[0.25, 0.2, 0.2, 0.2, 0.15],
            )
        )
        if "highlighter" in pen_name:
            circle_name = (
                pen_name
                if rng.random() < 0.4
                else str(rng.choice(["blue ballpoint", "red ballpoint", "black ballpoint"]))
            )
        else:
            circle_name = pen_name
    else:
        pen_name = str(rng.choice(["black ballpoint", "blue ballpoint"], p=[0.5, 0.5]))
        circle_name = pen_name
    kind["pen"] = pen_name
    kind["circles"] = circle_name
    ink, _pen, _cpen, ghosts = draw_sheet_marks(
        rng, t, bm, img.shape[:2], pxmm, pen_name, circle_name, "erased" in groups, notes
    )
    hand = dict(
        PENS[
            "pencil"
            if pen_name == "pencil"
            else ("black ballpoint" if "highlighter" in pen_name else pen_name)
        ]
    )
    hand["width"] = 0.35
    draw_plan(ink, rng, bm, hand)
    img = composite_ink(img, ink, rng)
    if ghosts:
        kind["erased_ghosts"] = ghosts
    if kind.get("print") == "fit-to-page":
        img, fit = fit_to_page(img, rng, pxmm)
        kind["fit"] = [round(v, 3) for v in fit]

    # --- the paper
    img = paper_texture(img, rng, pxmm)
    if "stain" in groups:
        sv = "coffee" if rng.random() < 0.55 else "water"
        img, _where = stain(img, rng, pxmm, sv, (Wm, Hm))
        kind["stain"] = sv
    if "background" in groups and rng.random() < 0.7:
        objs = ["die"] * int(rng.integers(1, 3)) if rng.random() < 0.6 else ["pencil"]
        img, placed = margin_objects(img, rng, pxmm, objs)
        kind["objects"] = [p[0] for p in placed]
    if "paper" in groups:
        pv = "folded" if rng.random() < 0.5 else "crumpled"
        kind["paper"] = pv
        img = fold_quarters(img, rng, pxmm) if pv == "folded" else crumple(img, rng, pxmm)

    # --- the photo
    FH = long_side
    FW = round(long_side * 0.75)
    if "background" in groups:
        bgv = str(rng.choice(["wood", "tablecloth", "newspaper"]))
    else:
        bgv = "plain"
    kind["background"] = bgv
    photo_pxmm = FH / Hm
    bg = background(rng, FH, FW, bgv, photo_pxmm * 0.9)
    tilt = rng.uniform(20, 35) if "perspective" in groups else rng.uniform(0, 8)
    kind["tilt_deg"] = round(float(tilt), 1)
    fill = rng.uniform(0.86, 0.95) if long_side < 1500 else rng.uniform(0.78, 0.93)
    quad = camera_quad(rng, (Wm, Hm), (FW, FH), tilt, fill)
    sh, sw = img.shape[:2]
    src = np.float32([[0, 0], [sw, 0], [sw, sh], [0, sh]])
    Hm_ = cv2.getPerspectiveTransform(src, quad)
    # area-average when shrinking a lot: pre-shrink the sheet
    scale_est = math.sqrt(abs(cv2.contourArea(quad)) / (sw * sh))
    if scale_est < 0.6:
        f = scale_est / 0.7
        img = cv2.resize(img, (int(sw * f), int(sh * f)), interpolation=cv2.INTER_AREA)
        src = np.float32(
            [[0, 0], [img.shape[1], 0], [img.shape[1], img.shape[0]], [0, img.shape[0]]]
        )
        Hm_ = cv2.getPerspectiveTransform(src, quad)
    warped = cv2.warpPerspective(
        img,
        Hm_,
        (FW, FH),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0),
    )
    mask = cv2.warpPerspective(
        np.ones(img.shape[:2], np.float32), Hm_, (FW, FH), flags=cv2.INTER_LINEAR
    )
    del img
    # the sheet's shadow on the table
    sm = cv2.GaussianBlur(mask, (0, 0), max(2.0, FH * 0.006))
    sm = np.roll(np.roll(sm, int(FH * 0.004), 0), int(FH * 0.003), 1)
    bg *= (1 - 0.35 * sm)[..., None]
    photo = bg * (1 - mask[..., None]) + warped * mask[..., None]
    del bg, warped

    yy, xx = np.mgrid[0:FH, 0:FW].astype(np.float32)
    xn, yn = (xx - FW / 2) / (FH / 2), (yy - FH / 2) / (FH / 2)
    # ordinary uneven room light
    g = rng.uniform(0, 2 * math.pi)
    light = 1.0 - rng.uniform(0.0, 0.15) * (0.5 + 0.5 * (xn * math.cos(g) + yn * math.sin(g)))
    light *= 1.0 - rng.uniform(0.03, 0.12) * (xn**2 + yn**2)
    if "reflection" in groups:
        rv = "sleeve" if rng.random() < 0.5 else "flash"
        kind["reflection"] = rv
        if rv == "flash":
            light = 1.0 - rng.uniform(0.35, 0.5) * np.clip(xn**2 + yn**2, 0, 1.6) / 1.6 * 1.6
            light = np.clip(light, 0.35, 1)
            photo *= light[..., None]
            hx, hy = rng.normal(0, 0.12), rng.normal(0, 0.15)
            sig = rng.uniform(0.08, 0.15)
            hot = np.exp(-((xn - hx) ** 2 + (yn - hy) ** 2) / (2 * sig**2)) * rng.uniform(0.4, 0.65)
            photo = 1 - (1 - photo) * (1 - hot[..., None])
            photo *= np.array([0.97, 0.99, 1.03], np.float32)[None, None]
        else:
            photo *= light[..., None]
            veil = rng.uniform(0.03, 0.07)
            photo = photo * (1 - veil) + veil * 0.95
            spec = np.zeros((FH, FW), np.float32)
            for _ in range(int(rng.integers(2, 5))):
                ang = rng.uniform(-1.2, 1.2) + math.pi / 2 * rng.integers(2)
                cx, cy = rng.uniform(-0.45, 0.45), rng.uniform(-0.6, 0.6)
                wd = rng.uniform(0.015, 0.06)
                ln = rng.uniform(0.3, 1.0)
                u = (xn - cx) * math.cos(ang) + (yn - cy) * math.sin(ang)
                v = -(xn - cx) * math.sin(ang) + (yn - cy) * math.cos(ang)
                spec += np.exp(-((v / wd) ** 2) - (u / ln) ** 4) * rng.uniform(0.3, 0.55)
            spec = np.clip(spec, 0, 0.6)
            photo = 1 - (1 - photo) * (1 - spec[..., None])
            # the sleeve's edges: a thin bright line a few mm outside the paper
    else:
        photo *= light[..., None]
    del xx, yy

    # optics
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.4, 0.9))
    # camera: exposure, noise, denoise, white balance
    if "lowlight" in groups:
        kind["lowlight"] = True
        expo = rng.uniform(0.12, 0.22)
        photons = rng.uniform(60, 140)
        sig = photo * expo
        noisy = (
            sig
            + rng.normal(0, 1, sig.shape).astype(np.float32)
            * np.sqrt(np.maximum(sig, 1e-4) / photons)
            + rng.normal(0, 0.004, sig.shape).astype(np.float32)
        )
        # tungsten light: warm, the phone's auto white balance corrects only part of it
        wb = np.array([1.0, rng.uniform(0.76, 0.84), rng.uniform(0.52, 0.62)], np.float32)
        photo = np.clip(noisy / expo * 0.85, 0, 1.2) * wb[None, None]
        # the phone's noise reduction: chroma smeared, luminance bilateral
        # (float32: a float64 exposure scalar promotes the photo, which OpenCV cannot convert)
        ycc = cv2.cvtColor(np.clip(photo, 0, 1).astype(np.float32), cv2.COLOR_RGB2YCrCb)
        csig = max(1.5, FH / 600)
        ycc[..., 1] = cv2.GaussianBlur(ycc[..., 1], (0, 0), csig)
        ycc[..., 2] = cv2.GaussianBlur(ycc[..., 2], (0, 0), csig)
        ycc[..., 0] = cv2.bilateralFilter(ycc[..., 0], 5, 0.08, max(1.5, FH / 1500))
        photo = cv2.cvtColor(ycc, cv2.COLOR_YCrCb2RGB)
        q = int(rng.integers(70, 86))
    else:
        photo = photo + rng.normal(0, rng.uniform(0.006, 0.015), photo.shape).astype(np.float32)
        q = int(rng.integers(80, 94))
    # a mild S tone curve
    photo = np.clip(photo, 0, 1)
    photo = photo + 0.08 * photo * (1 - photo) * (2 * photo - 1) * -1
    out8 = np.clip(photo * 255 + 0.5, 0, 255).astype(np.uint8)
    del photo
    CASES.mkdir(parents=True, exist_ok=True)
    path = CASES / f"case-{seed}.jpg"
    _ok, buf = cv2.imencode(
        ".jpg", cv2.cvtColor(out8, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, q]
    )
    path.write_bytes(buf.tobytes())
    kind["jpeg_quality"] = q
    truth = {k: v for k, v in t.items()}
    meta = {
        "seed": seed,
        "lang": lang,
        "paper": paper,
        "long_side": long_side,
        "size": [FW, FH],
        "kind": kind,
        "truth": truth,
        "fields": truth_fields(t),
        "notes": notes,
    }
    (CASES / f"case-{seed}.json").write_text(
        json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True)
    )
    return {"photo": path, "meta": meta}


# --------------------------------------------------------------------------- running the reader


def run_reader(photo: Path) -> dict:
    y = photo.with_suffix(".yaml")
    if y.exists():
        y.unlink()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(
        [PAPIRNA, "score", "papirove-doupe", str(photo), "--to-yaml", str(y), "--json"],
        capture_output=True,
        text=True,
    )
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    res = {"rc": p.returncode, "stderr": p.stderr.strip(), "cpu": cpu, "yaml": None, "json": None}
    if p.returncode == 0:
        try:
            res["json"] = json.loads(p.stdout)
        except ValueError:
            res["json"] = None
        if y.exists():
            res["yaml"] = yaml.safe_load(y.read_text())
    return res


def classify(meta: dict, res: dict) -> dict:
    truth = meta["fields"]
    if res["rc"] == 2 and res["yaml"] is None:
        return {"outcome": "refused", "right": 0, "total": len(truth), "wrong": [], "listed": 0}
    if res["rc"] != 0 or res["yaml"] is None or res["json"] is None:
        return {"outcome": "error", "right": 0, "total": len(truth), "wrong": [], "listed": 0}
    read = read_fields(res["yaml"])
    unc = []
    for pl in res["json"].get("players", []):
        unc.extend(u.get("box", "") for u in pl.get("uncertain", []))
    if not unc:
        unc = [u.get("box", "") for u in res["json"].get("uncertain", [])]
    listed_fields = set()
    for b in unc:
        listed_fields |= box_field(b)
    wrong = []
    for k, v in truth.items():
        if read.get(k) != v:
            wrong.append((k, v, read.get(k), k in listed_fields))
    right = len(truth) - len(wrong)
    if not wrong:
        out = "exact"
    elif all(w[3] for w in wrong):
        out = "listed"
    else:
        out = "unlisted"
    return {"outcome": out, "right": right, "total": len(truth), "wrong": wrong, "listed": len(unc)}


def describe_kind(k: dict) -> str:
    parts = []
    for g in k["groups"]:
        if g == "erased":
            parts.append(
                ("" if "pens" in k["groups"] else "pencil, ")
                + f"{len(k.get('erased_ghosts', []))} erased ghosts"
            )
        elif g == "pens":
            parts.append(k["pen"] + ("" if k["circles"] == k["pen"] else f"/{k['circles']} rings"))
        elif g == "paper":
            parts.append(k["paper"])
        elif g == "reflection":
            parts.append(k["reflection"])
        elif g == "lowlight":
            parts.append("low light")
        elif g == "perspective":
            parts.append(f"tilt {k['tilt_deg']}°")
        elif g == "print":
            parts.append(k["print"])
        elif g == "background":
            parts.append(
                k["background"] + ("+" + "+".join(k["objects"]) if k.get("objects") else "")
            )
        elif g == "stain":
            parts.append(k["stain"] + " stain")
    return ", ".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument(
        "--only-make", action="store_true", help="make the photos, do not run the reader"
    )
    a = ap.parse_args(argv)
    rows = []
    for seed in range(a.start, a.start + a.cases):
        t0 = time.time()
        case = make_case(seed)
        if a.only_make:
            print(
                f"seed {seed}: {case['photo']} {describe_kind(case['meta']['kind'])} ({time.time() - t0:.1f} s)",
                flush=True,
            )
            continue
        res = run_reader(case["photo"])
        c = classify(case["meta"], res)
        c.update(
            seed=seed,
            long_side=case["meta"]["long_side"],
            kind=describe_kind(case["meta"]["kind"]),
            cpu=res["cpu"],
            stderr=res["stderr"] if c["outcome"] in ("refused", "error") else "",
        )
        rows.append(c)
        print(
            f"seed {seed}: {c['outcome']} ({len(c['wrong'])} wrong, {c['listed']} listed, {res['cpu']:.1f} s cpu, "
            f"{time.time() - t0:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
    if a.only_make:
        return 0
    n = len(rows)
    cnt = {
        o: sum(1 for r in rows if r["outcome"] == o)
        for o in ("exact", "listed", "unlisted", "refused", "error")
    }
    right = sum(r["right"] for r in rows)
    total = sum(r["total"] for r in rows)
    listed = [
        r["listed"]
        for r in rows
        if r["outcome"] not in ("refused", "error") and r["long_side"] >= 1000
    ]
    cpu = [r["cpu"] for r in rows]
    print(f"\nseeds {a.start}-{a.start + a.cases - 1}\n")
    hdr = (
        "| cases | exact | listed | unlisted | refused |"
        + (" error |" if cnt["error"] else "")
        + " fields right | median listed boxes (≥1000 px) | median CPU s/photo |"
    )
    print(hdr)
    print("|" + "---:|" * (hdr.count("|") - 1))
    print(
        f"| {n} | {cnt['exact']} | {cnt['listed']} | **{cnt['unlisted']}** | {cnt['refused']} |"
        + (f" {cnt['error']} |" if cnt["error"] else "")
        + f" {100.0 * right / max(1, total):.2f} % ({right}/{total}) | "
        f"{statistics.median(listed) if listed else '-'} | {statistics.median(cpu) if cpu else 0:.2f} |"
    )
    print()
    for r in rows:
        if r["outcome"] == "exact":
            continue
        ws = "; ".join(
            f"{k}: {tv!r} read {rv!r} ({'listed' if li else 'NOT listed'})"
            for k, tv, rv, li in r["wrong"]
        )
        line = f"- seed {r['seed']}, {r['long_side']} px, {r['kind']}: {r['outcome']}"
        if ws:
            line += f"; wrong: {ws}"
        if r["outcome"] != "refused":
            line += f"; {r['listed']} boxes listed"
        if r["stderr"]:
            line += f"; stderr: {r['stderr']}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
