"""Deciding which boxes of a straightened sheet are marked, with a confidence for each.

The straightened photo is turned into darkness (0 paper .. 1 black) against the paper around it,
so uneven light drops out. The blank sheet, rasterised at the same scale, is blurred and
tone-mapped until it looks like the photo would without pen marks: this is the expected print.
Each box is then measured as the mean darkness of a region inset from its printed outline; the
excess over the expected print is the ink a player added. Means do not change with blur, and the
printed shading and numbers are in the expected print, so neither reads as a mark. Circles are
also measured in twelve sectors of a ring around them, which a circled number fills.

The decision threshold comes from the sheet itself: the empty boxes form a tight cluster of
excesses near zero, whose centre and spread are estimated robustly (the densest quarter of the
values, and the spread of its lower side, which marks never reach). A box's score is its excess
in units of that spread; its confidence says how far the score is from the threshold.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple
from zipfile import BadZipFile

import numpy as np

from generator.games.papirove_doupe.scan.template import PX_PER_MM, Box, plan_file, px, save_plan

INSET_MM = 0.5  # the measured region stays this far inside a box's printed outline
CENTRE_INSET = 0.28  # a square box's middle: this share of its side in from each edge
INNER_DISC = 0.6  # a circle's inner region, as a fraction of its radius
RING_MM = (1.3, 1.2)  # a circle's ring: from this radius to the circle's radius plus this
OUTER_MM = (0.8, 1.9)  # and its outer band, from the circle's radius plus this to plus this
SECTORS = 12
SECTOR_Z = (3.0, 9.0)  # a ring sector is partly (clearly) inked from this many spreads up
RING_COVERED = 6.5  # inked sectors from which a ring counts as circled (a hand-drawn circle has
RING_MARGIN = 2.0  # gaps, a neighbour's circle crosses up to 4); this many fewer or more is clear
NEIGHBOUR_DEG = 50.0  # sectors this close to the direction of a circled neighbour are left out
LEVEL_STEP = 0.02  # printed tones are told apart in steps of this darkness
BLURS = (0.0, 0.5, 1.0, 1.5, 2.0, 2.6, 3.3, 4.2)  # px, tried to match the photo's blur
MOTION_ANGLES = tuple(22.5 * k for k in range(8))  # degrees: directions a motion blur is tried in
MOTION_LENGTHS_MM = (0.6, 1.0, 1.5)  # lengths of motion blur tried (a hand's shake at 1/30 s)
MOTION_SIGMA = 0.5  # share of the round blur's fit kept under a motion blur (a start; refined)
MOTION_GAIN = 0.9  # a motion blur is taken only where it fits the print this much better: on the
# third photo set, the photos with none fit no direction better than the round blur alone
PAPER_BLOCK = 6.0  # mm: the paper level is measured in blocks of this size
PAPER_QUANTILE = 0.75  # and is this quantile of the block's paper pixels
MIN_SPREAD = 0.004  # darkness: the spread of empty boxes is taken to be at least this
THRESHOLD = 10.0  # score (spreads above the empty level) from which a box counts as marked
BAND = 5.0  # scores within this of the threshold are uncertain (confidence < 1/2 within half)
GROUP_MIN = 12  # values below the empty level from which a box size gets its own band


def _cv2():
    import cv2

    return cv2


def paper_level(gray: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """The photo's paper brightness everywhere, from the pixels the blank sheet says are paper.

    Per block, an upper quantile of those pixels (pen marks are darker, and fill at most part of
    a block); then a closing over blocks, so a block full of marks takes its neighbours' level.
    """
    cv2 = _cv2()
    h, w = gray.shape
    small = cv2.resize(gray, (w // 2, h // 2), interpolation=cv2.INTER_AREA).astype(np.float32)
    paper = of_ref(ref, "paper-half", _paper_half, MASK)
    k = int(PAPER_BLOCK * PX_PER_MM / 2)
    bh, bw = small.shape[0] // k, small.shape[1] // k
    values = np.where(paper, small, -1.0)[: bh * k, : bw * k]
    blocks = values.reshape(bh, k, bw, k).transpose(0, 2, 1, 3).reshape(bh, bw, k * k)
    blocks = -np.sort(-blocks, axis=2)  # brightest first
    count = (blocks >= 0).sum(axis=2)
    idx = np.minimum((count * (1 - PAPER_QUANTILE)).astype(int), k * k - 1)
    level = np.take_along_axis(blocks, idx[..., None], axis=2)[..., 0]
    valid = count >= 0.2 * k * k
    level = np.where(valid, level, 0.0).astype(np.float32)
    cross = np.ones((3, 3), np.uint8)
    closed = cv2.erode(cv2.dilate(level, cross), cross)
    level = np.where(valid, np.maximum(level, closed), 0.0).astype(np.float32)
    weight = valid.astype(np.float32)
    num = cv2.GaussianBlur(level * weight, (0, 0), 1.0)
    den = cv2.GaussianBlur(weight, (0, 0), 1.0)
    fallback = float(np.median(level[valid])) if valid.any() else 255.0
    level = np.where(den > 1e-3, num / np.maximum(den, 1e-3), fallback).astype(np.float32)
    full = cv2.resize(level, (bw * k * 2, bh * k * 2), interpolation=cv2.INTER_LINEAR)
    full = cv2.copyMakeBorder(
        full, 0, h - full.shape[0], 0, w - full.shape[1], cv2.BORDER_REPLICATE
    )
    return np.maximum(full, 1.0)


def _paper_half(ref: np.ndarray) -> np.ndarray:
    """Where the blank sheet is paper (well away from the print), at half resolution."""
    cv2 = _cv2()
    h, w = ref.shape
    paper = cv2.dilate(ref, np.ones((7, 7), np.uint8)) < 0.02
    return cv2.resize(paper.astype(np.uint8), (w // 2, h // 2), interpolation=cv2.INTER_NEAREST) > 0


def darkness(gray: np.ndarray, ref: np.ndarray, paper: np.ndarray | None = None) -> np.ndarray:
    """The photo as darkness: about 0 on paper, 1 on black (not clipped at 0, so noise averages),
    against `paper` (the photo's paper brightness everywhere, `paper_level`, measured if not
    given)."""
    paper = paper_level(gray, ref) if paper is None else paper
    return np.minimum(1.0 - gray.astype(np.float32) / paper, 1.0)


_OF_REF: dict[tuple[int, str], tuple[np.ndarray, object]] = {}


class Keep(NamedTuple):
    """How a plan of the blank sheet is kept in the cache folder between runs: its arrays, and
    the plan again from them and the sheet."""

    arrays: Callable[[np.ndarray, Any], dict[str, np.ndarray]]
    plan: Callable[[np.ndarray, dict[str, np.ndarray]], Any]


def of_ref(ref: np.ndarray, what: str, make, keep: Keep | None = None):
    """`make(ref)`, kept for a read-only blank sheet (the template's own, made once per run)
    and, with `keep`, in the cache folder too (where the blank sheet is, in a file named by
    `what`: letters, digits and dashes): each `papirna score` is a new process, and these plans
    are a tenth of a second of its CPU."""
    if ref.flags.writeable:
        return make(ref)
    key = (id(ref), what)
    if key not in _OF_REF:
        _OF_REF[key] = (ref, _kept(ref, what, make, keep))  # the sheet is held: its id stays
    return _OF_REF[key][1]


def _kept(ref: np.ndarray, what: str, make, keep: Keep | None):
    """The plan from the cache folder when it is there and whole, else made (and stored)."""
    path = plan_file(ref, what) if keep else None
    if path is None:
        return make(ref)
    try:
        with np.load(path, allow_pickle=False) as stored:
            return keep.plan(ref, {k: stored[k] for k in stored.files})
    except (OSError, ValueError, KeyError, IndexError, EOFError, BadZipFile):  # none, or damaged
        pass
    value = make(ref)
    save_plan(path, keep.arrays(ref, value))
    return value


def packed(mask: np.ndarray) -> dict[str, np.ndarray]:
    """A boolean image as the arrays `unpacked` takes (a bit a pixel)."""
    return {"bits": np.packbits(mask, axis=None), "shape": np.array(mask.shape)}


def unpacked(arrays: dict[str, np.ndarray]) -> np.ndarray:
    """The boolean image `packed` stored."""
    shape = tuple(int(n) for n in arrays["shape"])
    return np.unpackbits(arrays["bits"], count=math.prod(shape)).reshape(shape).view(bool)


def boxes_name(boxes) -> str:
    """A name for a list of boxes that stays the same from run to run (unlike `hash`)."""
    key = tuple(boxes)
    if key not in _BOX_NAMES:
        import hashlib

        _BOX_NAMES[key] = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
    return _BOX_NAMES[key]


_BOX_NAMES: dict[tuple, str] = {}


def _mask_again(ref: np.ndarray, arrays: dict[str, np.ndarray]) -> np.ndarray:
    mask = unpacked(arrays)
    h, w = ref.shape
    if mask.shape not in ((h, w), (h // 2, w // 2)):
        raise ValueError("a plan of another sheet")
    return mask


MASK = Keep(lambda ref, mask: packed(mask), _mask_again)  # a boolean image of the sheet or half


def _flat_bins(ref: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The flat areas of the print (as flat indices) and their printed level bins (x 1024)."""
    cv2 = _cv2()
    k = np.ones((5, 5), np.uint8)
    flat = np.flatnonzero((cv2.dilate(ref, k) - cv2.erode(ref, k)) < 0.01)
    bins = np.round(ref.ravel()[flat] / LEVEL_STEP).astype(np.int64)
    nb = int(bins.max()) + 1 if bins.size else 1
    return flat, bins * 1024, nb


def _flat_arrays(ref: np.ndarray, plan: tuple[np.ndarray, np.ndarray, int]) -> dict:
    flat, bins, nb = plan
    mask = np.zeros(ref.size, bool)
    mask[flat] = True
    small = np.uint8 if nb <= 256 else np.uint16
    return {"flat": np.packbits(mask), "bins": (bins // 1024).astype(small), "nb": np.array(nb)}


def _flat_plan(ref: np.ndarray, arrays: dict) -> tuple[np.ndarray, np.ndarray, int]:
    flat = np.flatnonzero(np.unpackbits(arrays["flat"], count=ref.size))
    bins = arrays["bins"].astype(np.int64) * 1024
    if bins.shape != flat.shape:
        raise ValueError("a damaged plan")
    return flat, bins, int(arrays["nb"])


FLAT = Keep(_flat_arrays, _flat_plan)


def tone_curve(photo: np.ndarray, ref: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How the printed tones of the blank sheet came out in the photo: (ref levels, photo levels).

    Measured on flat areas of the print (paper, shading, solid ink) as the median photo darkness
    where the blank sheet has each level; pen marks cover too little of those areas to move it.
    """
    flat, bins, nb = of_ref(ref, "flat", _flat_bins, FLAT)
    values = photo.ravel()[flat]
    q = np.clip((values + 0.5) * 512 + 0.5, 0, 1023).astype(np.int64)
    hist = np.bincount(bins + q, minlength=nb * 1024).reshape(nb, 1024)
    counts = hist.sum(axis=1)
    xs, ys = [0.0], [0.0]
    for b in np.flatnonzero(counts >= 300):
        level = float(np.searchsorted(np.cumsum(hist[b]), counts[b] / 2)) / 512 - 0.5
        if b == 0:
            ys[0] = level
        else:
            xs.append(b * LEVEL_STEP)
            ys.append(level)
    return np.array(xs), np.maximum.accumulate(np.array(ys))


TONE_STEPS = 8192  # the tone curve is applied as a table over the blank sheet's darkness 0..1


def tone_table(curve: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The tone curve as a table over the blank sheet's darkness 0..1 in TONE_STEPS steps."""
    return np.interp(np.linspace(0.0, 1.0, TONE_STEPS + 1), *curve).astype(np.float32)


def tone(values: np.ndarray, table: np.ndarray) -> np.ndarray:
    """The tone curve (as `tone_table` gives it) applied to darkness values of the blank sheet."""
    idx = np.clip(values * TONE_STEPS + 0.5, 0, TONE_STEPS).astype(np.int32)
    return table[idx]


def _windows(photo: np.ndarray, ref: np.ndarray, boxes: list[Box]):
    step = max(1, len(boxes) // 40)
    for b in boxes[::step]:
        x0, y0 = max(0, int(px(b.x - 1))), max(0, int(px(b.y - 1)))
        x1, y1 = int(px(b.x + b.w + 1)), int(px(b.y + b.h + 1))
        yield photo[y0:y1, x0:x1], ref[y0:y1, x0:x1]


@functools.lru_cache(maxsize=64)
def motion_kernel(length: float, angle: float) -> np.ndarray:
    """A straight blur of `length` px at `angle` degrees (a hand moving during the exposure),
    as a normalised kernel: the line sampled finely and spread bilinearly over the pixels.

    Kept (read-only): fitting a photo's blur asks for a few kernels 20-odd times each."""
    n = max(3, math.ceil(length) | 1) + 2
    kern = np.zeros((n, n), np.float32)
    c = (n - 1) / 2
    t = math.radians(angle)
    steps = np.linspace(-(length - 1) / 2, (length - 1) / 2, 4 * n)
    x, y = c + steps * math.cos(t), c + steps * math.sin(t)
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    for dx, dy, w in (
        (0, 0, (1 - fx) * (1 - fy)),
        (1, 0, fx * (1 - fy)),
        (0, 1, (1 - fx) * fy),
        (1, 1, fx * fy),
    ):
        np.add.at(kern, (y0 + dy, x0 + dx), w)
    kern = kern / kern.sum()
    kern.setflags(write=False)
    return kern


@dataclass(frozen=True)
class Blur:
    """How the photo blurs the print: a round Gaussian of `sigma` px, then (if any) a straight
    motion blur of `length` px at `angle` degrees."""

    sigma: float
    length: float = 0.0
    angle: float = 0.0

    def apply(self, image: np.ndarray) -> np.ndarray:
        """`image` blurred so."""
        cv2 = _cv2()
        out = cv2.GaussianBlur(image, (0, 0), self.sigma) if self.sigma > 0 else image
        if self.length > 0:
            kern = motion_kernel(self.length, self.angle)
            out = cv2.filter2D(out, -1, kern, borderType=cv2.BORDER_REPLICATE)
        return out


def _misfit(windows: list, table: np.ndarray, blur: Blur) -> float:
    """How far the blank sheet blurred so and tone-mapped lies from the photo in these windows
    (the sum of absolute differences)."""
    return sum(float(np.abs(wp - tone(blur.apply(wr), table)).sum()) for wp, wr in windows)


def blur_sigma(photo: np.ndarray, ref: np.ndarray, boxes: list[Box], curve) -> float:
    """The Gaussian blur (px) that makes the blank sheet look most like the photo around boxes."""
    windows = list(_windows(photo, ref, boxes))
    table = tone_table(curve)
    errors = [_misfit(windows, table, Blur(s)) for s in BLURS]
    i = int(np.argmin(errors))
    if 0 < i < len(BLURS) - 1:  # the bottom of a parabola through the best and its neighbours
        (x0, x1, x2), (e0, e1, e2) = BLURS[i - 1 : i + 2], errors[i - 1 : i + 2]
        den = (x0 - x1) * (x0 - x2) * (x1 - x2)
        a = (x2 * (e1 - e0) + x1 * (e0 - e2) + x0 * (e2 - e1)) / den
        b = (x2 * x2 * (e0 - e1) + x1 * x1 * (e2 - e0) + x0 * x0 * (e1 - e2)) / den
        if a > 0:
            return float(np.clip(-b / (2 * a), x0, x2))
    return BLURS[i]


def fit_blur(photo: np.ndarray, ref: np.ndarray, boxes: list[Box], curve) -> Blur:
    """The blur that makes the blank sheet look most like the photo around boxes: a round one
    (`blur_sigma`), or with a motion blur where one fits the print MOTION_GAIN better."""
    base = Blur(blur_sigma(photo, ref, boxes, curve))
    table = tone_table(curve)
    windows = list(_windows(photo, ref, boxes))
    # a motion blur widens the round fit: the search starts from half of it, each direction at
    # a middle length over half the windows, and goes on only if one direction stands out
    few = windows[::2]
    half = base.sigma * MOTION_SIGMA
    mid = MOTION_LENGTHS_MM[1] * PX_PER_MM
    tried = {a: _misfit(few, table, Blur(half, mid, a)) for a in MOTION_ANGLES}
    angle = min(tried, key=lambda a: tried[a])
    if tried[angle] > MOTION_GAIN * _misfit(few, table, base):
        return base
    # then its length and direction (half a step either way), then the round blur under it
    step = MOTION_ANGLES[1] - MOTION_ANGLES[0]
    options = [
        Blur(half, length * PX_PER_MM, (angle + turn) % 180.0)
        for length in MOTION_LENGTHS_MM
        for turn in (-step / 2, 0.0, step / 2)
    ]
    errors = [_misfit(windows, table, b) for b in options]
    k = int(np.argmin(errors))
    best, best_err = options[k], errors[k]
    for share in (0.5, 1.5):
        blur = replace(options[k], sigma=half * share)
        err = _misfit(windows, table, blur)
        if err < best_err:
            best, best_err = blur, err
    best, _ = _refine_motion(few, table, best, _misfit(few, table, best))
    best_err = _misfit(windows, table, best)
    return best if best_err < _misfit(windows, table, base) else base


MOTION_REFINE = (0.25, 5.625, 0.25)  # first steps of the motion fit's refinement: length (mm),
# direction (degrees) and round blur (share of it); halved when no step fits better
MOTION_ROUNDS = 4  # steps tried at most (each six fits, on half the windows)


def _refine_motion(windows: list, table: np.ndarray, blur: Blur, err: float) -> tuple[Blur, float]:
    """The motion blur moved step by step to where it fits the print better, in its length,
    direction and round blur: the coarse search's 0.5 mm of length and 11 degrees leave the
    outlines of boxes along the motion doubled (third photo set, case 117: 1.0 mm found, 1.3 mm
    fitting a sixth better; the boxes of a fight's column read as marked, 13 questions)."""
    dl, da, ds = MOTION_REFINE[0] * PX_PER_MM, MOTION_REFINE[1], MOTION_REFINE[2]
    for _ in range(MOTION_ROUNDS):
        trials = [
            replace(blur, length=max(blur.length + sign * dl, PX_PER_MM * 0.3)) for sign in (-1, 1)
        ]
        trials += [replace(blur, angle=(blur.angle + sign * da) % 180.0) for sign in (-1, 1)]
        trials += [replace(blur, sigma=max(0.0, blur.sigma * (1 + sign * ds))) for sign in (-1, 1)]
        errors = [_misfit(windows, table, t) for t in trials]
        k = int(np.argmin(errors))
        if errors[k] < err:
            blur, err = trials[k], errors[k]
        else:
            dl, da, ds = dl / 2, da / 2, ds / 2
    return blur, err


def expected(photo: np.ndarray, ref: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """The blank sheet as this photo would show it: blurred and tone-mapped alike."""
    return expected_and_blur(photo, ref, boxes)[0]


def expected_and_blur(
    photo: np.ndarray, ref: np.ndarray, boxes: list[Box]
) -> tuple[np.ndarray, Blur]:
    """`expected`, and the blur fitted to make it (a shaken photo's has a motion `length`)."""
    curve = tone_curve(photo, ref)
    blur = fit_blur(photo, ref, boxes, curve)
    return tone(blur.apply(ref), tone_table(curve)), blur


@dataclass
class Features:
    """Mean darkness per box (photo and expected print) and per ring sector for circles."""

    inner_photo: np.ndarray  # (n,)
    inner_expected: np.ndarray  # (n,)
    ring_photo: np.ndarray  # (n, 2 SECTORS): the ring's sectors, then its outer band's;
    ring_expected: np.ndarray  # nan for square boxes and cut-off sectors


def _round_masks(
    box: Box, ox: int, oy: int, size: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The inner disc mask and the sector maps (-1 outside) of a round box's window: of its ring,
    and of the ring's outer band (numbered on from SECTORS)."""
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) + 0.5
    dx = xx + ox - px(box.x + box.w / 2)
    dy = yy + oy - px(box.y + box.h / 2)
    r = np.hypot(dx, dy) / PX_PER_MM
    radius = box.w / 2
    inner = r <= radius * INNER_DISC
    ring = (r >= RING_MM[0]) & (r <= radius + RING_MM[1])
    outer = (r > radius + OUTER_MM[0]) & (r <= radius + OUTER_MM[1])
    sector = ((np.arctan2(dy, dx) + np.pi) / (2 * np.pi) * SECTORS).astype(int) % SECTORS
    return inner, np.where(ring, sector, -1), np.where(outer, sector + SECTORS, -1)


_MASKS: dict[Box, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def inner_px(box: Box, shape: tuple[int, int] | None = None) -> tuple[int, int, int, int]:
    """The region a square box is measured over (x0, y0, x1, y1 in px: INSET_MM or 12 % of its
    side inside its outline), clipped to an image of `shape` (height, width) when given."""
    inset = max(INSET_MM, 0.12 * min(box.w, box.h))
    x0, y0 = round(px(box.x + inset)), round(px(box.y + inset))
    x1, y1 = round(px(box.x + box.w - inset)), round(px(box.y + box.h - inset))
    if shape is None:
        return x0, y0, x1, y1
    return max(x0, 0), max(y0, 0), min(x1, shape[1]), min(y1, shape[0])


def features(photo: np.ndarray, exp: np.ndarray, boxes: list[Box]) -> Features:
    """Mean darkness of every box's inner region and ring sectors, in photo and expected print."""
    n = len(boxes)
    inner_p, inner_e = np.zeros(n), np.zeros(n)
    ring_p = np.full((n, 2 * SECTORS), np.nan)
    ring_e = np.full((n, 2 * SECTORS), np.nan)
    h, w = photo.shape
    for i, b in enumerate(boxes):
        if b.round:
            reach = b.w / 2 + OUTER_MM[1] + 0.2
            cx, cy = b.x + b.w / 2, b.y + b.h / 2
            ox, oy = int(px(cx - reach)), int(px(cy - reach))
            size = int(2 * reach * PX_PER_MM) + 2
            if b not in _MASKS:
                inner, ring, outer = _round_masks(b, ox, oy, size)
                sector = np.stack([ring, outer])  # a pixel can lie in both bands
                full = np.bincount(sector[sector >= 0], minlength=2 * SECTORS)
                _MASKS[b] = (inner, sector, full)
            inner, sector, full = _MASKS[b]
            sx, sy = max(0, -ox), max(0, -oy)  # the part of the window inside the image
            wp = photo[oy + sy : oy + size, ox + sx : ox + size]
            we = exp[oy + sy : oy + size, ox + sx : ox + size]
            inner = inner[sy : sy + wp.shape[0], sx : sx + wp.shape[1]]
            sector = sector[:, sy : sy + wp.shape[0], sx : sx + wp.shape[1]]
            inner_p[i] = wp[inner].mean()
            inner_e[i] = we[inner].mean()
            idx = sector.ravel()
            keep = idx >= 0
            counts = np.bincount(idx[keep], minlength=2 * SECTORS)
            seen = counts >= 0.8 * full
            c = np.maximum(counts, 1)
            vp, ve = np.tile(wp.ravel(), 2)[keep], np.tile(we.ravel(), 2)[keep]
            ring_p[i] = np.where(seen, np.bincount(idx[keep], vp, 2 * SECTORS) / c, np.nan)
            ring_e[i] = np.where(seen, np.bincount(idx[keep], ve, 2 * SECTORS) / c, np.nan)
        else:
            x0, y0, x1, y1 = inner_px(b, (h, w))
            if x1 > x0 and y1 > y0:
                inner_p[i] = photo[y0:y1, x0:x1].mean(dtype=np.float64)
                inner_e[i] = exp[y0:y1, x0:x1].mean(dtype=np.float64)
    return Features(inner_p, inner_e, ring_p, ring_e)


def empty_level(values: np.ndarray, floor: float = MIN_SPREAD) -> tuple[float, float]:
    """Centre and spread of the empty boxes' values: the densest quarter, and its lower side."""
    v = np.sort(values[np.isfinite(values)])
    if v.size < 8:
        return 0.0, floor
    m = max(v.size // 4, 4)
    spans = v[m:] - v[:-m]
    start = int(np.argmin(spans))
    centre = float(np.median(v[start : start + m]))
    below = centre - v[v <= centre]
    spread = 1.4826 * float(np.median(below)) if below.size >= 4 else floor
    return centre, max(spread, floor)


@dataclass
class Reading:
    """Every box's decision: marked, score (spreads above the empty level) and confidence."""

    names: list[str]
    marked: np.ndarray  # bool
    score: np.ndarray
    confidence: np.ndarray  # 0 (a coin toss) .. 1 (clear)
    spread: tuple[float, float]  # of empty boxes' inner regions and ring sectors


def _sector_angles() -> np.ndarray:
    """The direction of each ring sector's middle (as _round_masks numbers them)."""
    return -np.pi + (np.arange(SECTORS) + 0.5) * 2 * np.pi / SECTORS


def _ring_scores(
    z: np.ndarray, hidden: np.ndarray, sector_z: tuple[float, float] = SECTOR_Z
) -> tuple[np.ndarray, np.ndarray]:
    """Scores from ring sectors' excess (in spreads), leaving out hidden sectors; and how many
    sectors were left to judge by."""
    part = np.clip((z - sector_z[0]) / (sector_z[1] - sector_z[0]), 0.0, 1.0)
    part = np.where(np.isnan(z) | hidden, np.nan, part)
    seen = (~np.isnan(part)).sum(axis=1)
    covered = np.nansum(part, axis=1) * SECTORS / np.maximum(seen, 1)
    return THRESHOLD + (covered - RING_COVERED) * (BAND / 2) / RING_MARGIN, seen


def decide(
    f: Features,
    boxes: list[Box],
    band: float = BAND,
    floor: float = MIN_SPREAD,
    sector_z: tuple[float, float] = SECTOR_Z,
) -> Reading:
    """Marked or empty for every box, against the empty level measured on this sheet.

    `band` is the width of scores around the threshold that are uncertain (wider for photos of
    low resolution, where thin marks and noise are harder to tell apart).
    """
    inner = f.inner_photo - f.inner_expected
    c_in, s_in = empty_level(inner)
    score = (inner - c_in) / s_in
    # Boxes of one size may scatter wider below the empty level (where marks never reach, however
    # many are marked) than the sheet as a whole: small boxes are measured over few pixels. Their
    # scores are as sure as that wider scatter allows, so the uncertain band widens for them.
    bands = np.full(len(boxes), float(band))
    sizes = [(round(b.w * 2), round(b.h * 2), b.round) for b in boxes]
    for size in set(sizes):
        group = np.array([i for i, s in enumerate(sizes) if s == size])
        below = c_in - inner[group][inner[group] <= c_in]
        if below.size >= GROUP_MIN:
            bands[group] = band * max(1.0, 1.4826 * float(np.median(below)) / s_in)
    confidence_cap = np.ones(len(boxes))
    rounds = np.flatnonzero([b.round for b in boxes])
    s_ring = MIN_SPREAD
    if rounds.size:
        # A ring is drawn close round the printed circle or wide of it (or off-centre, both by
        # turns): the ring and its outer band are each measured against their own empty level
        # (the ring holds the printed outline, the outer band mostly paper), and each sector
        # counts the one where it looks more inked (a ring drawn wide lies outside the first)
        ring = f.ring_photo[rounds] - f.ring_expected[rounds]
        inner_band, outer_band = ring[:, :SECTORS], ring[:, SECTORS:]
        c_ring, s_ring = empty_level(inner_band.ravel(), floor)
        c_out, s_out = empty_level(outer_band.ravel(), floor)
        z = np.fmax((inner_band - c_ring) / s_ring, (outer_band - c_out) / s_out)
        hidden = np.zeros(z.shape, bool)
        first, _ = _ring_scores(z, hidden, sector_z)
        # A circled neighbour's ring crosses into the sectors facing it: those sectors say
        # nothing about this circle, so they are left out, and a circle left with too few
        # sectors to judge is only as sure as the rest of the sheet allows.
        strong = np.maximum(first, score[rounds]) > THRESHOLD
        centre = np.array(
            [(boxes[i].x + boxes[i].w / 2, boxes[i].y + boxes[i].h / 2) for i in rounds]
        )
        radius = np.array([boxes[i].w / 2 for i in rounds])
        angles = _sector_angles()
        for a in range(len(rounds)):
            d = np.hypot(*(centre - centre[a]).T)
            reach = radius[a] + radius + RING_MM[1] + 1.0
            for b in np.flatnonzero(strong & (d < reach) & (d > 0)):
                phi = np.arctan2(*(centre[b] - centre[a])[::-1])
                off = np.abs((angles - phi + np.pi) % (2 * np.pi) - np.pi)
                hidden[a] |= off < np.radians(NEIGHBOUR_DEG)
        ring_score, seen = _ring_scores(z, hidden, sector_z)
        score[rounds] = np.maximum(score[rounds], ring_score)
        doubtful = (seen < SECTORS // 2) & (ring_score > THRESHOLD - band)
        confidence_cap[rounds[doubtful]] = 0.4
    marked = score > THRESHOLD
    confidence = np.minimum(np.clip(np.abs(score - THRESHOLD) / bands, 0.0, 1.0), confidence_cap)
    return Reading([b.name for b in boxes], marked, score, confidence, (s_in, s_ring))
