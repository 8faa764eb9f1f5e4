"""Line-like ink in square boxes: the stroke channel beside a box's mean darkness.

A thin pencil cross, slash or tick darkens only a small share of a square box, so the box's
mean darkness over the local background rises little above the empty boxes' (wild holdout case
266, pencil 0.38 at 3462 px: a quarter of the marked boxes read below the evidence 0). Along
the stroke, though, the residue (photo darkness minus the expected print minus the local
background) is as dark as the pencil made it. This module measures that: the residue averaged
along short diagonal line segments (which keeps a stroke's darkness and averages the photo's
noise and the pencil's grain away), the stronger of the two diagonals at each pixel, and a
high percentile of that in each quarter of the box, off the print (the blank sheet's print
grown by two pixels, and where the expected print, blurred as the photo is, is not light). A
stroke that crosses the box reaches two opposite quarters (a cross all four, a slash or a tick
one diagonal pair); a stroke run over the edge from a neighbour reaches the quarters along one
side or at one corner, and a frame set off by a fraction of a millimetre leaves a band along a
side, which diagonal segments cross in a pixel or two: the measure is the larger of the two
diagonal pairs' weaker quarter. With it comes the box's own level (the median of its paper),
which a stroke covers less than half of and a shadow all of.

`local.evidence` calibrates the measure per sheet against the boxes the mean reads as empty
(their level and spread, as it does the mean), takes off what shading the box's own level
shows, and lets a box whose strokes stand clearly above the empty boxes' count as marked even
when its mean is low.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.games.papirove_doupe.scan import marks
from generator.games.papirove_doupe.scan.template import Box

LINE_PX = 13  # px (1.6 mm at 8 px per mm): the segments the residue is averaged along
ANGLES = (45.0, 135.0)  # degrees: the segments' directions
QUANTILE = 95.0  # percentile of a quarter's line response that measures its strokes
MIN_SIDE_MM = 3.0  # boxes smaller than this are left to the mean (too few pixels a quarter)
PRINT_PX = 5  # the print (numerals, outlines) grown by this (a square, px) is left out
PRINT_LEVEL = 0.03  # darkness of the blank sheet from which a pixel is print
EXP_LEVEL = 0.03  # and so is where the expected print (blurred as the photo is) is this dark
MIN_WEIGHT = 0.25  # a segment with less than this share of paper along it says nothing
MIN_PIXELS = 6  # a quarter with fewer paper pixels than this is measured on all its pixels,
# and one with fewer pixels the paper tells about than this says nothing
_PAD = LINE_PX // 2

_KERNELS: list[np.ndarray] = []


def kernels() -> list[np.ndarray]:
    """The line kernels along ANGLES, LINE_PX long, each summing to 1."""
    if not _KERNELS:
        c = _PAD
        for angle in ANGLES:
            k = np.zeros((LINE_PX, LINE_PX), np.float32)
            t = np.deg2rad(angle)
            for s in np.linspace(-c, c, 4 * LINE_PX):
                k[round(c + s * np.sin(t)), round(c + s * np.cos(t))] = 1.0
            _KERNELS.append(k / k.sum())
    return _KERNELS


@dataclass
class _Group:
    """The measured square boxes whose padded windows have one shape, stacked for filtering."""

    index: np.ndarray  # (n,): the boxes' indices
    corner: np.ndarray  # (n, 2): each inner region's top left pixel (x, y)
    size: tuple[int, int]  # the inner region's height and width
    paper: np.ndarray  # (n * padded height, padded width): the paper masks, stacked (float32)
    quarters: np.ndarray  # (n, 4, height, width): top left, top right, bottom left, bottom right


_WINDOWS: dict[tuple[int, int], list[_Group]] = {}


def _windows(ref: np.ndarray, boxes: list[Box]) -> list[_Group]:
    """The measured square boxes in groups of one window shape: each box's inner region, its
    paper mask padded by half a segment, and the region's four quarters as masks of their paper
    (or of all their pixels where the print leaves too little paper)."""
    key = (hash(tuple(boxes)), id(ref) if not ref.flags.writeable else -1)
    if key in _WINDOWS:
        return _WINDOWS[key]
    import cv2

    h, w = ref.shape
    grow = np.ones((PRINT_PX, PRINT_PX), np.uint8)
    reach = _PAD + PRINT_PX // 2
    found: dict[tuple[int, int], list[tuple[int, int, int, np.ndarray, np.ndarray]]] = {}
    for i, b in enumerate(boxes):
        if b.round or min(b.w, b.h) < MIN_SIDE_MM:
            continue
        x0, y0, x1, y1 = marks.inner_px(b)
        if x0 < reach or y0 < reach or x1 > w - reach or y1 > h - reach:
            continue
        if x1 - x0 < 4 or y1 - y0 < 4:
            continue
        window = ref[y0 - reach : y1 + reach, x0 - reach : x1 + reach]
        grown = cv2.dilate(window, grow)[
            PRINT_PX // 2 : -(PRINT_PX // 2), PRINT_PX // 2 : -(PRINT_PX // 2)
        ]
        padded = (grown < PRINT_LEVEL).astype(np.float32)
        paper = padded[_PAD:-_PAD, _PAD:-_PAD] > 0
        hy, hx = (y1 - y0) // 2, (x1 - x0) // 2
        quarters = np.zeros((4, *paper.shape), bool)
        for k, (ys, xs) in enumerate(
            (ys, xs)
            for ys in (slice(0, hy), slice(hy, None))
            for xs in (slice(0, hx), slice(hx, None))
        ):
            quarters[k, ys, xs] = True
            if (quarters[k] & paper).sum() >= MIN_PIXELS:
                quarters[k] &= paper
        found.setdefault(paper.shape, []).append((i, x0, y0, padded, quarters))
    out = []
    for (gh, gw), rows in found.items():
        paper = np.concatenate([r[3] for r in rows])
        out.append(
            _Group(
                np.array([r[0] for r in rows]),
                np.array([(r[1], r[2]) for r in rows]),
                (gh, gw),
                paper,
                np.stack([r[4] for r in rows]),
            )
        )
    if not ref.flags.writeable:
        _WINDOWS[key] = out
    return out


def _filtered(stack: np.ndarray, kernel: np.ndarray, n: int, h: int, w: int) -> np.ndarray:
    """`stack` (n windows of (h + 2 pad) x (w + 2 pad), one below the other) correlated with
    `kernel`, each window's inner h x w part: (n, h, w). The windows are padded by half a
    kernel, so no inner pixel's response reaches into the next window; the kernel is a line of
    LINE_PX equal weights, so the response is a sum of as many shifted windows."""
    windows = stack.reshape(n, h + 2 * _PAD, w + 2 * _PAD)
    out = np.zeros((n, h, w), np.float32)
    for i, j in np.argwhere(kernel > 0):
        out += windows[:, i : i + h, j : j + w]
    return out * np.float32(kernel[kernel > 0][0])


def _high(values: np.ndarray) -> float:
    """The QUANTILE percentile of `values` (nearest rank)."""
    k = min(round(values.size * QUANTILE / 100.0), values.size - 1)
    return float(np.partition(values, k)[k])


def square_strokes(
    local: np.ndarray, exp: np.ndarray, ref: np.ndarray, boxes: list[Box]
) -> tuple[np.ndarray, np.ndarray]:
    """For each square box of MIN_SIDE_MM or more, the darkness of its strokes over the expected
    print and the local background (`local` is the photo less the background): the larger of
    the two diagonal pairs of quarters' weaker quarter, each quarter measured as the QUANTILE
    percentile of the line response (nan for circles, small boxes and boxes at the image's
    edge); and the median of the box's paper (its level: a stroke covers less than half of it,
    a shading all).

    The line response averages the paper only (a normalised convolution: the print and what a
    print set off by a pixel leaves beside it are no evidence either way), along ANGLES: a
    frame set off by a fraction of a millimetre leaves a band along a side, which a diagonal
    segment crosses in a pixel or two; the players' crosses, slashes, ticks and hatching run
    across the box."""
    out, level = np.full(len(boxes), np.nan), np.zeros(len(boxes))
    ks = kernels()
    for g in _windows(ref, boxes):
        gh, gw = g.size
        n = len(g.index)
        r = np.empty((n, gh + 2 * _PAD, gw + 2 * _PAD), np.float32)
        e = np.empty((n, gh + 2 * _PAD, gw + 2 * _PAD), np.float32)
        for k, (x0, y0) in enumerate(g.corner):
            ys, xs = slice(y0 - _PAD, y0 + gh + _PAD), slice(x0 - _PAD, x0 + gw + _PAD)
            e[k] = exp[ys, xs]
            r[k] = local[ys, xs] - e[k]
        # (on a blurred photo the print's blur reaches past the grown print: a frame's halo,
        # which the expected print has, as far as the photo's blur was measured)
        paper = g.paper * (e.reshape(g.paper.shape) < EXP_LEVEL)
        r = r.reshape(n * (gh + 2 * _PAD), gw + 2 * _PAD) * paper
        line = None
        for kernel in ks:
            weight = _filtered(paper, kernel, n, gh, gw)
            resp = _filtered(r, kernel, n, gh, gw)
            resp = np.where(weight >= MIN_WEIGHT, resp / np.maximum(weight, MIN_WEIGHT), -np.inf)
            line = resp if line is None else np.maximum(line, resp)
        inner = r.reshape(n, gh + 2 * _PAD, gw + 2 * _PAD)[:, _PAD:-_PAD, _PAD:-_PAD]
        paper = paper.reshape(n, gh + 2 * _PAD, gw + 2 * _PAD)[:, _PAD:-_PAD, _PAD:-_PAD] > 0
        for k, i in enumerate(g.index):
            tl, tr, bl, br = (_quarter(line[k][q]) for q in g.quarters[k])
            pairs = [
                min(a, b) for a, b in ((tl, br), (tr, bl)) if np.isfinite(a) and np.isfinite(b)
            ]
            if pairs:
                out[i] = max(pairs)
                own = inner[k][paper[k]]
                if own.size:
                    level[i] = float(np.partition(own, own.size // 2)[own.size // 2])
    return out, level


def _quarter(line: np.ndarray) -> float:
    """A quarter's strokes: the QUANTILE percentile of its line response where the paper tells
    (nan where fewer than MIN_PIXELS of its pixels do)."""
    line = line[np.isfinite(line)]
    if line.size < MIN_PIXELS:
        return float("nan")
    return _high(line)
