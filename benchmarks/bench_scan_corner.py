"""Benchmark: does a photo of a sheet with one corner missing name that corner (issue 24)?

An independent check from the player's side: it shares no code with the photo reader or its photo
generators. It rasterises the real built score sheet, marks some boxes by hand-drawn strokes,
removes exactly one corner the way a player does it (torn off, cut off, folded under or over,
covered by a thumb or a coin, or left outside the photo frame), photographs it (quarter turns and
small angles, perspective, EXIF orientation, light falloff, a soft shadow, noise, JPEG at
1000-4000 px on a table) and runs `papirna score papirove-doupe PHOTO` as a subprocess. A case is
right when the command exits non-zero without a traceback and its message names the missing
corner of the SHEET as printed, whichever way the photo was taken.

Run: python benchmarks/bench_scan_corner.py [--start S] [--cases N] [--keep DIR] [--pdfs DIR]
                                            [--turns 0-3]

Seeds 0-39 are the development set; seeds 40-99 are held out for the lead engineer.
"""

from __future__ import annotations

import argparse
import io
import itertools
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import pypdfium2
from PIL import Image

CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
METHODS = ("torn", "cut", "folded under", "folded over", "thumb", "coin", "frame")
SHEETS = ("cs-a4", "en-a4", "cs-letter", "en-letter")
MIN_PX_PER_MM = 3.5  # below about 3 px/mm the reader refuses any photo (docs/scan.md)
PAD_MM = 45.0  # room around the sheet for a thumb or a coin that reaches off the paper
EXIF_ORIENTATION = 0x0112
# EXIF tag -> how many quarter turns counter-clockwise (np.rot90) the stored pixels are from the
# picture as displayed: a viewer turns tag 6 by 90 degrees clockwise to show it
EXIF_STORED_TURNS = {1: 0, 3: 2, 6: 1, 8: 3}
CORNER_WORDS = re.compile(r"\b(top|bottom|upper|lower)[- ](left|right)\b", re.IGNORECASE)


@dataclass
class Photo:
    """One generated photo and what was done to make it."""

    seed: int
    jpeg: bytes
    corner: str
    method: str
    sheet: str
    long_px: int
    px_per_mm: float
    turns: int
    angle: float
    exif: int
    notes: list[str] = field(default_factory=list)

    @property
    def rotation(self) -> str:
        """The sheet's rotation in the displayed photo, and the EXIF tag if any."""
        text = f"{self.turns * 90:>3}{self.angle:+5.1f}°"
        return text + (f" exif{self.exif}" if self.exif != 1 else "")


# ------------------------------------------------------------------------------ the sheet itself


def build_sheets(out: Path) -> Path:
    """`papirna build papirove-doupe` into out (as a player does); the folder of the PDFs."""
    exe = Path(sys.executable).with_name("papirna")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "generator.cli"]
    subprocess.run(
        [*cmd, "build", "papirove-doupe", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    return out / "papirove-doupe"


def rasterise(pdf: bytes, dpi: float) -> np.ndarray:
    """The first page of a PDF as an RGB array at dpi."""
    doc = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = doc[0].render(scale=dpi / 72.0)
        return np.asarray(bitmap.to_pil().convert("RGB")).copy()
    finally:
        doc.close()


@dataclass
class Landmarks:
    """Where the printed corner marks and the sheet code are, in mm from the sheet's top left."""

    width: float
    height: float
    marks: dict[str, tuple[float, float, float, float]]  # corner -> x0, y0, x1, y1
    code: tuple[float, float, float, float]


def find_landmarks(rgb: np.ndarray, dpi: float) -> Landmarks:
    """The four solid corner squares and the code row beside the top-right one, from the print."""
    mm = 25.4 / dpi
    gray = rgb.min(axis=2)
    dark = (gray < 100).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(dark)
    h, w = gray.shape
    found: dict[str, tuple[float, float, float, float]] = {}
    best: dict[str, float] = {}
    for i in range(1, count):
        x, y, bw, bh, _ = stats[i]
        if not (6.8 < bw * mm < 7.3 and 6.8 < bh * mm < 7.3):
            continue
        name = ("top-" if y < h / 2 else "bottom-") + ("left" if x < w / 2 else "right")
        far = min(y, h - y - bh) + min(x, w - x - bw)  # from the paper's corner, in pixels
        if far < best.get(name, np.inf):
            best[name] = far
            found[name] = (x * mm, y * mm, (x + bw) * mm, (y + bh) * mm)
    if sorted(found) != sorted(CORNERS):
        raise SystemExit(f"the four corner marks are not where expected: {sorted(found)}")
    x0, y0, _, y1 = found["top-right"]
    # the code row: small squares left of the top-right mark, at its height
    left, top = int((x0 - 60) / mm), int(y0 / mm)
    band = dark[top : int((y1 + 3) / mm), left : int((x0 - 0.3) / mm)]
    n, _, st, _ = cv2.connectedComponentsWithStats(band)
    squares = [st[i] for i in range(1, n) if 1.0 < st[i][2] * mm < 3 and 1.0 < st[i][3] * mm < 3]
    if len(squares) < 8:
        raise SystemExit("the sheet code beside the top-right mark is not where expected")
    code = (
        (left + min(q[0] for q in squares)) * mm,
        (top + min(q[1] for q in squares)) * mm,
        (left + max(q[0] + q[2] for q in squares)) * mm,
        (top + max(q[1] + q[3] for q in squares)) * mm,
    )
    return Landmarks(w * mm, h * mm, found, code)


def box_outlines(rgb: np.ndarray, dpi: float) -> list[tuple[int, int, int, int]]:
    """Printed tick boxes (square outlines 4-8 mm), as x, y, w, h in pixels."""
    mm = 25.4 / dpi
    dark = (rgb.min(axis=2) < 110).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(dark)
    boxes = []
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        if 4.0 < bw * mm < 8.5 and 0.8 < bw / bh < 1.25 and area < 0.45 * bw * bh:
            boxes.append((int(x), int(y), int(bw), int(bh)))
    return boxes


# ------------------------------------------------------------------------- the player's marks


def draw_marks(rgb: np.ndarray, dpi: float, rng: np.random.Generator) -> int:
    """Crosses, ticks, slashes and fills in a random choice of boxes; how many."""
    boxes = box_outlines(rgb, dpi)
    px = dpi / 25.4
    ink = [(25, 25, 30), (20, 40, 140), (60, 60, 70)][rng.integers(3)]
    width = max(1, round(rng.uniform(0.35, 0.7) * px))
    chosen = rng.choice(len(boxes), size=min(len(boxes), int(rng.integers(12, 50))), replace=False)
    for i in chosen:
        x, y, w, h = boxes[i]
        kind = rng.choice(["cross", "tick", "slash", "fill"])
        pts = {
            "cross": [((0.15, 0.15), (0.85, 0.85)), ((0.85, 0.15), (0.15, 0.85))],
            "slash": [((0.8, 0.12), (0.2, 0.88))],
            "tick": [((0.15, 0.55), (0.4, 0.85)), ((0.4, 0.85), (0.9, 0.1))],
            "fill": [((0.15, 0.2 + k * 0.12), (0.85, 0.15 + k * 0.12)) for k in range(6)],
        }[kind]
        for (ax, ay), (bx, by) in pts:
            jx, jy, kx, ky = rng.uniform(-0.12, 0.12, 4) * w  # a hand is never exact
            a = (int(x + ax * w + jx), int(y + ay * h + jy))
            b = (int(x + bx * w + kx), int(y + by * h + ky))
            cv2.line(rgb, a, b, ink, width, lineType=cv2.LINE_AA)
    return len(chosen)


# -------------------------------------------------------------------------- losing one corner


def corner_point(land: Landmarks, corner: str) -> np.ndarray:
    """The paper's own corner, in mm."""
    return np.array(
        [land.width if "right" in corner else 0.0, land.height if "bottom" in corner else 0.0]
    )


def inward(corner: str) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors along the sheet's two edges from that corner into the sheet."""
    ex = np.array([-1.0 if "right" in corner else 1.0, 0.0])
    ey = np.array([0.0, -1.0 if "bottom" in corner else 1.0])
    return ex, ey


class Canvas:
    """Colour and alpha over a rectangle of the sheet's plane, with mm <-> pixel conversion.

    The whole canvas is the sheet padded by PAD_MM on all sides (room for a thumb or a coin off
    the paper); a window of it is a corner's neighbourhood, worked on and pasted back.
    """

    def __init__(self, rgb: np.ndarray | None, alpha: np.ndarray, px: float, origin: np.ndarray):
        self.rgb, self.alpha, self.px, self.origin = rgb, alpha, px, origin

    @classmethod
    def of_sheet(cls, rgb: np.ndarray, dpi: float) -> Canvas:
        """The sheet raster padded by PAD_MM, alpha 1 on the paper."""
        px = dpi / 25.4
        pad = round(PAD_MM * px)
        h, w, _ = rgb.shape
        colour = np.zeros((h + 2 * pad, w + 2 * pad, 3), np.float32)
        colour[pad : pad + h, pad : pad + w] = rgb
        alpha = np.zeros(colour.shape[:2], np.float32)
        alpha[pad : pad + h, pad : pad + w] = 1.0
        return cls(colour, alpha, px, np.array([-pad / px, -pad / px]))

    def to_px(self, pts_mm: np.ndarray) -> np.ndarray:
        """mm from the sheet's top left -> this canvas's pixels (float)."""
        return (np.asarray(pts_mm, float) - self.origin) * self.px

    def window(self, x0: float, y0: float, x1: float, y1: float, px: float | None = None):
        """A copy of the part of this canvas between two points (mm); alpha only if px is given."""
        (c0, r0), (c1, r1) = np.clip(
            np.round(self.to_px(np.array([[x0, y0], [x1, y1]]))).astype(int),
            0,
            [self.alpha.shape[1], self.alpha.shape[0]],
        )
        origin = self.origin + np.array([c0, r0]) / self.px
        if px is not None:  # a coarse mask-only canvas, to try shapes on quickly
            shape = (round((r1 - r0) / self.px * px), round((c1 - c0) / self.px * px))
            return Canvas(None, np.zeros(shape, np.float32), px, origin)
        sub = Canvas(
            self.rgb[r0:r1, c0:c1].copy(), self.alpha[r0:r1, c0:c1].copy(), self.px, origin
        )
        sub.at = (r0, c0)
        return sub

    def paste(self, sub: Canvas) -> None:
        """Write a window back."""
        r0, c0 = sub.at
        h, w = sub.alpha.shape
        self.rgb[r0 : r0 + h, c0 : c0 + w] = sub.rgb
        self.alpha[r0 : r0 + h, c0 : c0 + w] = sub.alpha

    def poly_mask(self, pts_mm: np.ndarray) -> np.ndarray:
        """A filled polygon (mm) as a 0/1 float mask over the canvas."""
        mask = np.zeros(self.alpha.shape, np.uint8)
        cv2.fillPoly(mask, [np.round(self.to_px(pts_mm) * 16).astype(np.int32)], 1, cv2.LINE_AA, 4)
        return mask.astype(np.float32)


def region_share(mask: np.ndarray, canvas: Canvas, rect: tuple[float, ...]) -> float:
    """The share of a rectangle (mm) that a mask covers."""
    x0, y0, x1, y1 = canvas.to_px(np.array(rect).reshape(2, 2)).ravel()
    h, w = mask.shape
    x0, x1 = np.clip([int(x0), int(np.ceil(x1))], 0, w)
    y0, y1 = np.clip([int(y0), int(np.ceil(y1))], 0, h)
    part = mask[y0:y1, x0:x1]
    return float((part > 0.5).mean()) if part.size else 0.0


def grow(rect: tuple[float, ...], by: float) -> tuple[float, ...]:
    """A rectangle grown by `by` mm on every side."""
    x0, y0, x1, y1 = rect
    return (x0 - by, y0 - by, x1 + by, y1 + by)


def acceptable(mask: np.ndarray, canvas: Canvas, land: Landmarks, corner: str) -> bool:
    """The corner's mark is gone (its centre and 75 % of it), the rest of the print intact."""
    mark = land.marks[corner]
    cx, cy = (mark[0] + mark[2]) / 2, (mark[1] + mark[3]) / 2
    if region_share(mask, canvas, (cx - 1.2, cy - 1.2, cx + 1.2, cy + 1.2)) < 0.99:
        return False
    if region_share(mask, canvas, mark) < 0.75:
        return False
    keep = [grow(land.marks[c], 2.0) for c in CORNERS if c != corner] + [grow(land.code, 1.0)]
    return all(region_share(mask, canvas, r) == 0.0 for r in keep)


def tear_line(a: np.ndarray, b: np.ndarray, rng: np.random.Generator, rough: float) -> np.ndarray:
    """A jagged line from a to b (mm): midpoint displacement, as paper tears."""
    pts = [a, b]
    amp = rough
    for _ in range(6):
        new = [pts[0]]
        for p, q in itertools.pairwise(pts):
            d = q - p
            normal = np.array([-d[1], d[0]]) / (np.hypot(*d) + 1e-9)
            new += [(p + q) / 2 + normal * rng.normal(0, amp), q]
        pts, amp = new, amp * 0.55
    return np.array(pts)


def remove_corner(
    canvas: Canvas, land: Landmarks, corner: str, method: str, rng: np.random.Generator
) -> list[str]:
    """Take the corner away on the sheet itself (all methods but `frame`); notes on how."""
    p = corner_point(land, corner)
    ex, ey = inward(corner)
    far = p + (ex + ey) * 90
    near = p - (ex + ey) * (PAD_MM - 1)
    x0, x1 = sorted([far[0], near[0]])
    y0, y1 = sorted([far[1], near[1]])
    full = canvas.window(x0, y0, x1, y1)
    coarse = canvas.window(x0, y0, x1, y1, px=5.0)
    for _ in range(400):
        a_len, b_len = rng.uniform(14, 42), rng.uniform(14, 42)
        a, b = p + ex * a_len, p + ey * b_len
        if method in ("torn", "cut", "folded under", "folded over"):
            out = ex * -6 + ey * -6  # beyond the paper's edge, so the polygon closes outside
            if method == "torn":
                edge = tear_line(a, b, rng, rough=rng.uniform(1.5, 3.5))
            else:
                edge = np.array([a, b])
            poly = np.vstack([a + ex * -0.0 + ey * -6, edge, b + ex * -6, p + out])
            gone = coarse.poly_mask(poly)
            flap = None
            if method == "folded over":
                # the corner folded onto the sheet: its blank back lies mirrored over the fold
                d = (b - a) / np.hypot(*(b - a))
                r = p - a
                mirrored = a + 2 * d * (r @ d) - r
                flap = coarse.poly_mask(np.array([a, b, mirrored]))
                covered = np.maximum(gone, flap)
            else:
                covered = gone
            if not acceptable(covered, coarse, land, corner):
                continue
            gone = full.poly_mask(poly)
            if flap is not None:
                flap = full.poly_mask(np.array([a, b, mirrored]))
            apply_cut(full, gone, edge, method, rng, flap)
            canvas.paste(full)
            return [f"{a_len:.0f}x{b_len:.0f}mm"]
        if method in ("thumb", "coin"):
            mark = land.marks[corner]
            centre = np.array([(mark[0] + mark[2]) / 2, (mark[1] + mark[3]) / 2])
            if method == "coin":
                radius = rng.uniform(9.5, 13.5)
                at = centre + rng.uniform(-1, 1, 2) * 5 - (ex + ey) * rng.uniform(0, 4)
                ang = np.linspace(0, 2 * np.pi, 90, endpoint=False)
                poly = at + radius * np.c_[np.cos(ang), np.sin(ang)]
            else:
                # a thumb from outside the sheet, its tip over the mark
                come = -(ex * rng.uniform(0.2, 1) + ey * rng.uniform(0.2, 1))
                come /= np.hypot(*come)
                half_w, length = rng.uniform(8.5, 11.5), rng.uniform(45, 60)
                tip = centre - come * rng.uniform(3, 8)  # tip past the mark's centre
                at = tip + come * (length / 2)
                side = np.array([-come[1], come[0]])
                ang = np.linspace(0, 2 * np.pi, 120, endpoint=False)
                poly = (
                    at
                    + np.outer(np.cos(ang), come * length / 2)
                    + np.outer(np.sin(ang), side * half_w)
                )
            if not acceptable(coarse.poly_mask(poly), coarse, land, corner):
                continue
            paint_occluder(full, full.poly_mask(poly), method, rng)
            canvas.paste(full)
            size = f"r{radius:.0f}mm" if method == "coin" else f"{2 * half_w:.0f}mm wide"
            return [size]
    raise RuntimeError(f"no way to {method} the {corner} corner that spares the rest")


def apply_cut(
    canvas: Canvas,
    gone: np.ndarray,
    edge: np.ndarray,
    method: str,
    rng: np.random.Generator,
    flap: np.ndarray | None,
) -> None:
    """Paper removed where `gone`; a torn edge shows white fibres, a fold a soft crease."""
    keep = 1.0 - gone
    if method == "torn":
        rim = cv2.GaussianBlur(gone, (0, 0), 0.6 * canvas.px)
        fibres = np.clip(rim * 2.2, 0, 1) * keep
        canvas.rgb += (248 - canvas.rgb) * fibres[..., None] * 0.85
        ragged = cv2.GaussianBlur(
            (rng.random(gone.shape) < 0.5).astype(np.float32), (0, 0), 0.25 * canvas.px
        )
        keep = keep * np.where(fibres > 0.3, ragged > 0.35, 1.0)
    if method in ("folded under", "folded over"):
        crease = cv2.GaussianBlur(gone, (0, 0), 0.8 * canvas.px) * keep
        canvas.rgb *= 1.0 - 0.35 * np.clip(crease * 2, 0, 1)[..., None]
    canvas.alpha *= keep
    if flap is not None:
        # the back of the paper: blank, a little grey, darker towards the fold
        tone = rng.uniform(215, 245)
        show = np.clip(flap, 0, 1)[..., None]
        shade = cv2.GaussianBlur(flap, (0, 0), 3 * canvas.px)[..., None]
        back = np.full_like(canvas.rgb, tone) * (0.9 + 0.1 * shade)
        canvas.rgb = canvas.rgb * (1 - show) + back * show
        drop = cv2.GaussianBlur(flap, (0, 0), 1.2 * canvas.px)[..., None] * (1 - show)
        canvas.rgb *= 1 - 0.25 * drop
        canvas.alpha = np.maximum(canvas.alpha, flap)


def paint_occluder(
    canvas: Canvas, cover: np.ndarray, method: str, rng: np.random.Generator
) -> None:
    """A thumb (skin, shaded) or a coin (metal, rimmed) over the corner, with a soft shadow."""
    shadow = cv2.GaussianBlur(cover, (0, 0), 2.0 * canvas.px)
    shift = np.roll(np.roll(shadow, int(1.5 * canvas.px), 0), int(1.5 * canvas.px), 1)
    canvas.rgb *= 1 - 0.45 * (shift * (1 - cover))[..., None]
    dist = cv2.distanceTransform((cover > 0.5).astype(np.uint8), cv2.DIST_L2, 5) / canvas.px
    if method == "thumb":
        base = np.array([rng.uniform(190, 230), rng.uniform(140, 175), rng.uniform(115, 150)])
        light = np.clip(dist / 6, 0, 1) ** 0.5  # round: darker at its sides
        colour = base * (0.6 + 0.4 * light[..., None])
    else:
        base = np.array(
            [[200, 170, 90], [185, 185, 180], [170, 120, 80]][rng.integers(3)], np.float32
        )
        rim = (dist < 1.2).astype(np.float32)
        grain = cv2.GaussianBlur(rng.normal(0, 1, cover.shape).astype(np.float32), (0, 0), 2)
        colour = base * (0.85 - 0.25 * rim[..., None] + 0.1 * grain[..., None])
    show = cv2.GaussianBlur(cover, (0, 0), 0.3 * canvas.px)[..., None]
    canvas.rgb = canvas.rgb * (1 - show) + colour.astype(np.float32) * show
    canvas.alpha = np.maximum(canvas.alpha, show[..., 0])


# ------------------------------------------------------------------------------- the photograph


def table(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table top: wood with grain, dark grey, light laminate or green felt."""
    h, w = shape
    kind = rng.integers(4)
    base = np.array([[150, 100, 60], [60, 60, 65], [205, 200, 190], [40, 90, 60]][kind], np.float32)
    img = np.ones((h, w, 3), np.float32) * base
    if kind == 0:
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        grain = np.sin(yy / rng.uniform(6, 14) + np.sin(xx / rng.uniform(80, 200)) * 3)
        img *= (1 + 0.08 * grain)[..., None]
    small = rng.normal(0, 6, (h // 8 + 1, w // 8 + 1, 3)).astype(np.float32)
    img += cv2.resize(small, (w, h))[:h, :w]
    return img


def photograph(
    canvas: Canvas,
    land: Landmarks,
    corner: str,
    frame_cut: bool,
    rng,
    long_px: int | None,
    turns: int | None = None,
):
    """Put the sheet on a table and take a photo of it; the displayed image and its geometry."""
    drawn = int(rng.integers(1000, 4001))
    long_px = long_px or drawn
    aspect = float(rng.choice([4 / 3, 3 / 2, 16 / 9]))
    drawn = int(rng.integers(4))
    turns = drawn if turns is None else turns
    angle = float(rng.uniform(-8, 8))
    portrait = turns % 2 == 0
    w_out, h_out = (long_px / aspect, long_px) if portrait else (long_px, long_px / aspect)
    # the sheet fills most of the frame; at least MIN_PX_PER_MM, so that the photo is not
    # refused for its resolution alone (a bigger frame when a small one cannot give that)
    sheet_w, sheet_h = (land.width, land.height) if portrait else (land.height, land.width)
    fill = rng.uniform(0.86, 0.97) if not frame_cut else rng.uniform(0.9, 1.0)
    scale = fill * min(w_out / sheet_w, h_out / sheet_h)
    if scale < MIN_PX_PER_MM:
        w_out, h_out, scale = (
            w_out * MIN_PX_PER_MM / scale,
            h_out * MIN_PX_PER_MM / scale,
            MIN_PX_PER_MM,
        )
    # sheet corners (mm) -> photo: quarter turn, small angle, perspective, placement
    src_mm = np.array([[0, 0], [land.width, 0], [land.width, land.height], [0, land.height]])
    centred = src_mm - [land.width / 2, land.height / 2]
    theta = np.deg2rad(turns * 90 + angle)
    rot = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    dst = centred @ rot.T * scale
    dst += rng.normal(0, 0.02, dst.shape) * scale * land.height  # perspective: corners jitter
    tilt = rng.uniform(-0.06, 0.06)  # one side of the sheet nearer the camera
    dst[:, 0] *= 1 + tilt * dst[:, 1] / (scale * land.height)
    # the whole sheet in the frame (a frame crop comes later): widen the frame if it is not
    span = dst.max(axis=0) - dst.min(axis=0)
    w_out, h_out = max(w_out, span[0] * 1.03 + 20), max(h_out, span[1] * 1.03 + 20)
    w_out, h_out = int(w_out), int(h_out)
    slack = (np.array([w_out, h_out]) - span) / 2 - 8
    dst += -(dst.max(axis=0) + dst.min(axis=0)) / 2 + [w_out / 2, h_out / 2]
    dst += rng.uniform(-1, 1, 2) * slack
    src_px = canvas.to_px(src_mm).astype(np.float32)
    homography = cv2.getPerspectiveTransform(src_px, dst.astype(np.float32))
    size = (w_out, h_out)
    layer = cv2.warpPerspective(canvas.rgb, homography, size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(canvas.alpha, homography, size, flags=cv2.INTER_LINEAR)[..., None]
    img = table((h_out, w_out), rng) * (1 - alpha) + layer * alpha
    # light: falloff from a point, a soft shadow (a hand or a phone), a colour cast
    yy, xx = np.mgrid[0:h_out, 0:w_out].astype(np.float32)
    lx, ly = rng.uniform(0, w_out), rng.uniform(0, h_out)
    falloff = 1 - rng.uniform(0.1, 0.35) * (np.hypot(xx - lx, yy - ly) / np.hypot(w_out, h_out))
    img *= falloff[..., None]
    # drawn and blurred at an eighth of the size: it is soft anyway
    small = (w_out // 8 + 1, h_out // 8 + 1)
    shadow = np.zeros(small[::-1], np.float32)
    blob = rng.uniform([0, 0], small, (5, 2)).astype(np.int32)
    cv2.fillPoly(shadow, [cv2.convexHull(blob)], 1.0)
    shadow = cv2.GaussianBlur(shadow, (0, 0), small[0] * rng.uniform(0.02, 0.05) * long_px / w_out)
    shadow = cv2.resize(shadow, (w_out, h_out), interpolation=cv2.INTER_LINEAR)
    img *= (1 - rng.uniform(0.1, 0.35) * shadow)[..., None]
    img *= rng.uniform(0.92, 1.06, 3)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0))
    img += rng.normal(0, rng.uniform(1.5, 5), img.shape).astype(np.float32)
    notes = []
    offset = (0, 0)
    if frame_cut:
        img, note, offset = crop_out(img, homography, canvas, land, corner, rng)
        notes.append(note)
    check_in_frame(img.shape[:2], homography, offset, canvas, land, corner)
    photo = np.clip(img, 0, 255).astype(np.uint8)
    return photo, turns, angle, scale / 1.0, notes


class NoCrop(Exception):
    """The photo's frame cannot leave this corner out and keep the rest (the code beside it)."""


def check_in_frame(shape, homography, offset, canvas: Canvas, land: Landmarks, corner: str):
    """The other three marks and the code are in the photo (3 mm spare): else a generator bug."""
    h, w = shape
    for name, rect in [*((c, land.marks[c]) for c in CORNERS if c != corner), ("code", land.code)]:
        x0, y0, x1, y1 = grow(rect, 3.0)
        pts = canvas.to_px(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))
        pts = cv2.perspectiveTransform(pts[None].astype(np.float32), homography)[0] - offset
        if pts.min() < 0 or (pts[:, 0] > w).any() or (pts[:, 1] > h).any():
            raise RuntimeError(f"the {name} mark left the photo: the generator is wrong")


def crop_out(img, homography, canvas: Canvas, land: Landmarks, corner: str, rng):
    """Leave the corner outside the photo: crop one or two sides of the frame past its mark."""

    def to_photo(rect, by=0.0):
        x0, y0, x1, y1 = grow(rect, by)
        pts = canvas.to_px(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))
        return cv2.perspectiveTransform(pts[None].astype(np.float32), homography)[0]

    mark = to_photo(land.marks[corner])
    centre = mark.mean(axis=0)
    keep = np.vstack([to_photo(land.marks[c], 3.0) for c in CORNERS if c != corner])
    keep = np.vstack([keep, to_photo(land.code, 0.7)])
    best = None
    for side in ("left", "right", "top", "bottom"):
        axis = 0 if side in ("left", "right") else 1
        m_lo, m_hi = mark[:, axis].min(), mark[:, axis].max()
        if side in ("right", "bottom"):  # keeps what is before the line
            lo, hi = keep[:, axis].max(), min(centre[axis], m_lo + 0.25 * (m_hi - m_lo))
        else:  # keeps what is after the line
            lo, hi = max(centre[axis], m_hi - 0.25 * (m_hi - m_lo)), keep[:, axis].min()
        if hi - lo > 2 and (best is None or hi - lo > best[2] - best[1]):
            best = (side, lo, hi)
    if best is None:
        raise NoCrop("no crop of the frame leaves only that corner out")
    side, lo, hi = best
    line = int(rng.uniform(lo + 0.3 * (hi - lo), hi - 0.2 * (hi - lo)))
    if side == "left":
        img, offset = img[:, line:], (line, 0)
    elif side == "right":
        img, offset = img[:, :line], (0, 0)
    elif side == "top":
        img, offset = img[line:, :], (0, line)
    else:
        img, offset = img[:line, :], (0, 0)
    return img, f"cropped at the {side}", offset


def make_photo(
    seed: int,
    pdfs: dict[str, bytes],
    *,
    corner: str | None = None,
    method: str | None = None,
    sheet: str | None = None,
    long_px: int | None = None,
    turns: int | None = None,
) -> Photo:
    """The photo of seed: a sheet with one corner gone, photographed; reproducible.

    The seed draws everything; corner, method, sheet, long_px and turns (quarter turns of the
    sheet in the photo), when given, replace the draw (the tests' fixed cases).
    """
    rng = np.random.default_rng([24, seed])
    corner = corner or CORNERS[seed % 4]
    drawn = METHODS[int(rng.integers(len(METHODS)))]
    method = method or drawn
    drawn = SHEETS[int(rng.integers(len(SHEETS)))]
    sheet = sheet or drawn
    dpi = float(rng.choice([200, 250, 300]))
    rgb = rasterise(pdfs[sheet], dpi)
    land = find_landmarks(rgb, dpi)
    rgb = (rgb * rng.uniform(0.93, 1.0, 3)).astype(np.uint8)  # paper is never quite white
    marked = draw_marks(rgb, dpi, rng)
    canvas = Canvas.of_sheet(rgb, dpi)
    notes = [f"{marked} marks"]
    if method != "frame":
        notes += remove_corner(canvas, land, corner, method, rng)
    try:
        photo, turns, angle, scale, more = photograph(
            canvas, land, corner, method == "frame", rng, long_px, turns
        )
    except NoCrop:  # the sheet code is too near that mark for this view: cut the corner off
        method = "cut"
        notes += [
            "no frame crop spares the code",
            *remove_corner(canvas, land, corner, method, rng),
        ]
        photo, turns, angle, scale, more = photograph(
            canvas, land, corner, False, rng, long_px, turns
        )
    notes += more
    exif = int(rng.choice([1, 1, 3, 6, 8]))
    stored = np.rot90(photo, EXIF_STORED_TURNS[exif])
    image = Image.fromarray(np.ascontiguousarray(stored))
    buf = io.BytesIO()
    tags = Image.Exif()
    if exif != 1:
        tags[EXIF_ORIENTATION] = exif
    image.save(buf, "JPEG", quality=int(rng.integers(55, 93)), exif=tags.tobytes())
    return Photo(
        seed=seed,
        jpeg=buf.getvalue(),
        corner=corner,
        method=method,
        sheet=sheet,
        long_px=max(photo.shape[:2]),
        px_per_mm=scale,
        turns=turns,
        angle=angle,
        exif=exif,
        notes=notes,
    )


# ------------------------------------------------------------------------------ the player's run


@dataclass
class Outcome:
    """What the command said about one photo."""

    code: int
    message: str
    said: str  # the corner it named, or a short description
    right: bool
    wrong_kind: str = ""  # how it was wrong, for the totals


def papirna_command() -> list[str]:
    """The installed `papirna` command beside this interpreter."""
    exe = Path(sys.executable).with_name("papirna")
    return (
        [str(exe)]
        if exe.exists()
        else [sys.executable, "-c", "from generator.cli import script; script()"]
    )


def judge(code: int, stdout: str, stderr: str, expected: str) -> Outcome:
    """Right: non-zero exit, one clear message, no traceback, naming exactly the sheet's corner."""
    text = (stderr.strip() or stdout.strip()).splitlines()
    message = text[-1] if text else ""
    if "Traceback" in stderr:
        return Outcome(code, message, "TRACEBACK", False, "a traceback")
    if code == 0:
        return Outcome(code, message, "scored it (exit 0)", False, "scored the sheet")
    if len(stderr.strip().splitlines()) != 1 or not stderr.startswith("papirna: error: "):
        return Outcome(code, message, "not one error line", False, "not one error line")
    named = {
        f"{a.lower()}-{b.lower()}".replace("upper", "top").replace("lower", "bottom")
        for a, b in CORNER_WORDS.findall(stderr)
    }
    said = "/".join(sorted(named))
    if not named:
        return Outcome(code, message, "no corner named", False, "no corner named")
    if re.search(r"(corner|mark)s? of the (photo|picture|image)", stderr, re.IGNORECASE):
        return Outcome(code, message, f"photo's corner: {said}", False, "the photo's corner")
    if named == {expected}:
        return Outcome(code, message, said, True)
    if expected in named:
        return Outcome(code, message, said, False, "this corner and another (intact) one")
    opposite = CORNERS[(CORNERS.index(expected) + 2) % 4]
    kind = "the opposite corner" if named == {opposite} else "another corner"
    return Outcome(code, message, said, False, kind)


def run_case(photo: Photo, folder: Path) -> Outcome:
    """`papirna score papirove-doupe PHOTO` as a player runs it."""
    path = folder / f"sheet-{photo.seed}.jpg"
    path.write_bytes(photo.jpeg)
    done = subprocess.run(
        [*papirna_command(), "score", "papirove-doupe", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return judge(done.returncode, done.stdout, done.stderr, photo.corner)


def load_pdfs(folder: Path) -> dict[str, bytes]:
    """The four plain score sheets of a build folder, by language-paper."""
    return {s: (folder / f"papirove-doupe-sheet-{s}.pdf").read_bytes() for s in SHEETS}


def main() -> int:
    """Generate and run the cases; print one line each and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--cases", type=int, default=40)
    parser.add_argument("--keep", type=Path, help="keep the photos in this folder")
    parser.add_argument(
        "--turns", type=int, choices=range(4), help="force this many quarter turns of the sheet"
    )
    parser.add_argument("--pdfs", type=Path, help="a `papirna build` papirove-doupe folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        pdfs = load_pdfs(args.pdfs or build_sheets(Path(tmp) / "build"))
        print(
            f"{'seed':>4} {'px':>5} {'px/mm':>5} {'sheet':<9} {'removed':<13} {'rotation':<16} "
            f"{'expected':<12} {'said':<24} verdict"
        )
        totals: Counter[str] = Counter()
        by_kind: dict[str, Counter[str]] = {}
        wrong_kinds: Counter[str] = Counter()
        started = time.perf_counter()
        for seed in range(args.start, args.start + args.cases):
            try:
                photo = make_photo(seed, pdfs, turns=args.turns)
            except RuntimeError as err:  # a bug of this generator, not of the reader
                totals["skipped"] += 1
                print(f"{seed:>4} SKIPPED: the generator could not make it: {err}", flush=True)
                continue
            out = run_case(photo, folder)
            verdict = "right" if out.right else "WRONG"
            totals[verdict] += 1
            by_kind.setdefault(photo.method, Counter())[verdict] += 1
            by_kind.setdefault(photo.corner, Counter())[verdict] += 1
            if not out.right:
                wrong_kinds[out.wrong_kind] += 1
            print(
                f"{seed:>4} {photo.long_px:>5} {photo.px_per_mm:>5.1f} {photo.sheet:<9} "
                f"{photo.method:<13} {photo.rotation:<16} {photo.corner:<12} {out.said:<24} "
                f"{verdict}  (exit {out.code}; {'; '.join(photo.notes)})",
                flush=True,
            )
            if not out.right:
                print(f"      said: {out.message}", flush=True)
        n = sum(totals.values())
        print(
            f"\nright {totals['right']} of {n - totals['skipped']}, wrong {totals['WRONG']}, "
            f"skipped (generator) {totals['skipped']}  "
            f"({time.perf_counter() - started:.0f} s)"
        )
        for kind in (*METHODS, *CORNERS):
            if kind in by_kind:
                c = by_kind[kind]
                print(f"  {kind:<13} right {c['right']} of {c['right'] + c['WRONG']}")
        for kind, k in wrong_kinds.most_common():
            print(f"  wrong: names {kind}: {k}")
    return 0 if totals["WRONG"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
