"""Finding a printed sheet in a photo or scan: registration marks, sheet code and homography.

The four corner marks are nested squares (black, a white ring, a black centre). They are found
as contours with exactly that nesting, then every way of pinning them to the sheet's corners is
tried until the 16-bit sheet code under the printed sheet id reads as a sheet the pack knows.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import numpy as np

from generator.errors import PapirnaError
from generator.games.papirove_doupe.scan.template import (
    PX_PER_MM,
    SheetKind,
    raster_size,
    sheet_to_px,
)

CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
WINDOW_MM = 32.0  # windows matched against the blank sheet to refine the alignment
DETECT_SIDE = 1600  # px, the long side of the copy marks are looked for in
SHARP_SIDE = 3200  # px, and of the copy they are looked for in again when they are not found
# a registration mark: 7 mm black, a white square of HOLE_SIDE inside, a black centre inside that
MARK_SIDE = 7.0
HOLE_SIDE = MARK_SIDE - 3.2
CENTRE_SIDE = MARK_SIDE - 5.2
CENTRE_RATIO = (CENTRE_SIDE / HOLE_SIDE) ** 2  # centre area / hole area
INK_SHARES = (0.5, 0.58, 0.66)  # the last passes for marks: ink is darker than this share of paper
FRAME_SCALE = (1.12, 1.7)  # the black frame, as scales of the hole about its centre
# The code is read where the mark beside it shows black and paper well apart: CODE_CONTRAST grey
# levels, or in a deep shadow (which dims both alike) CODE_DIM levels (JPEG noise in the dark is
# a few) with the black at most CODE_SHARE of the paper's brightness. The bits are judged between
# the two, so a shadow reads as well as full light (wild photo 409's top-right corner: paper at 30
# of 255, black at 1, the code plain; the floor of 30 levels alone refused it, and named a found
# mark as missing).
CODE_CONTRAST = 30.0
CODE_DIM = 12.0
CODE_SHARE = 0.5
# where the code bits are looked for around the place the marks put them (mm): a curled or bent
# sheet moves the print between the marks by a millimetre or two
CODE_SHIFTS = sorted(
    ((dx * 0.5, dy * 0.5) for dx in range(-5, 6) for dy in range(-3, 4)),
    key=lambda d: d[0] ** 2 + d[1] ** 2,
)
# and twice as far under a map made of three marks, whose perspective is told from the marks'
# sizes only (corner photo 213: 3.7 mm off at the code, 20-40 mm under an affine map)
CODE_SHIFTS_WIDE = sorted(
    ((dx * 0.5, dy * 0.5) for dx in range(-10, 11) for dy in range(-6, 7)),
    key=lambda d: d[0] ** 2 + d[1] ** 2,
)


class Candidate(NamedTuple):
    """A nested-square mark found in the image: centre (px) and side (px)."""

    x: float
    y: float
    size: float


@dataclass(frozen=True)
class Alignment:
    """A sheet found in an image: which sheet, and the map from image px to sheet mm."""

    sheet_id: str
    lang: str
    homography: np.ndarray  # 3x3, image px -> sheet mm
    marks: tuple[tuple[float, float], ...]  # image px of the four marks, in CORNERS order
    px_per_mm: float  # the sheet's resolution in the image, roughly


def _cv2():
    import cv2

    return cv2


def find_candidates(
    gray: np.ndarray, thorough: bool = False, side: int = DETECT_SIDE
) -> list[Candidate]:
    """Every registration-mark-like nested square in a grey image, in full-image px, looked for
    in a copy whose long side is at most `side` px.

    The later passes run only while fewer than four are found, or always when `thorough` (four
    found may include a stray square while a real mark is still missing).
    """
    cv2 = _cv2()
    h, w = gray.shape
    f = max(h, w) / side
    small = gray
    if f >= 2:  # a whole-number shrink first: the fast way to average, then the rest
        k = int(f)
        small = cv2.resize(gray, (w // k, h // k), interpolation=cv2.INTER_AREA)
    if f > 1:
        small = cv2.resize(small, (round(w / f), round(h / f)), interpolation=cv2.INTER_AREA)
    f = max(f, 1.0)
    found: list[Candidate] = []
    side = max(small.shape)
    # A sheet small in the frame and out of focus blurs its marks' white rings to a grey that
    # the wide windows take for ink: windows about a mark's size, and a smaller offset, find
    # them (tried only when the usual passes find fewer than four marks); last, ink against
    # the paper around it, at a few shares of the paper's level: a small blurred mark (under a
    # shadow, too) whose centre dot a mean over a window shrinks to a speck
    passes = [
        (side // 12 | 1, 25),
        (side // 30 | 1, 25),
        (side // 60 | 1, 25),
        (side // 60 | 1, 10),
        *((side // 30 | 1, share) for share in INK_SHARES),
    ]
    for k, (block, offset) in enumerate(passes):
        if k >= 2 and len(found) >= 4 and not thorough:
            break
        if isinstance(offset, float):
            binary = _normalised_ink(small, block, offset)
        else:
            binary = cv2.adaptiveThreshold(
                small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, offset
            )
        for c in _nested_squares(binary):
            full = Candidate((c.x + 0.5) * f - 0.5, (c.y + 0.5) * f - 0.5, c.size * f)
            if all(math.dist(full[:2], o[:2]) > 0.3 * o.size for o in found):
                found.append(full)
    return sorted((_refine(gray, c) for c in found), key=lambda c: -c.size)


def _normalised_ink(small: np.ndarray, block: int, share: float) -> np.ndarray:
    """Ink (255) where the image is darker than `share` of the paper around it.

    The paper's level is the brightest nearby (a grey closing over `block` px, smoothed), so a
    shadow or dim light drops out; and a threshold halfway to black keeps a small, blurred mark's
    centre dot and white ring at their printed sizes, which a mean over a window (most of it the
    mark's own black frame) does not: under a shadow the dot shrinks to a speck there.
    """
    cv2 = _cv2()
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (block, block))
    paper = cv2.blur(cv2.dilate(small, kernel), (block, block)).astype(np.float32)
    return ((small < share * paper) * 255).astype(np.uint8)


def _nested_squares(binary: np.ndarray) -> list[Candidate]:
    """Registration marks in a binary image (ink = 255): a square white ring in black around a
    black centre. The ring (a hole of some black region) anchors the search, so a mark still
    counts when its black frame runs into a dark table or shadow around it.
    """
    cv2 = _cv2()
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    hier = hierarchy[0]
    total = binary.shape[0] * binary.shape[1]
    out = []
    for j, c in enumerate(contours):
        if hier[j][3] == -1 or hier[j][2] == -1:  # a hole, with something inside
            continue
        area = cv2.contourArea(c)
        if area < 25 or area > total / 100:
            continue
        hull = cv2.contourArea(cv2.convexHull(c))
        if hull <= 0 or area / hull < 0.88:
            continue
        approx = cv2.approxPolyDP(c, 0.08 * cv2.arcLength(c, True), True)
        if len(approx) != 4 or cv2.contourArea(approx) < 0.7 * area:
            continue
        kids, k = [], hier[j][2]
        while k != -1:
            kids.append(k)
            k = hier[k][0]
        areas = [cv2.contourArea(contours[k]) for k in kids]
        centre = kids[int(np.argmax(areas))]
        if not 0.35 * CENTRE_RATIO < max(areas) / area < 2.2 * CENTRE_RATIO:
            continue
        if sum(areas) - max(areas) > 0.05 * area:
            continue
        m1, m2 = cv2.moments(c), cv2.moments(contours[centre])
        if m1["m00"] <= 0 or m2["m00"] <= 0:
            continue
        p1 = (m1["m10"] / m1["m00"], m1["m01"] / m1["m00"])
        p2 = (m2["m10"] / m2["m00"], m2["m01"] / m2["m00"])
        side = math.sqrt(area)
        if math.dist(p1, p2) > 0.15 * side:
            continue
        if _frame_fill(binary, approx.reshape(4, 2).astype(np.float64), p1) < 0.75:
            continue
        out.append(Candidate(p1[0], p1[1], side * MARK_SIDE / HOLE_SIDE))
    return out


def _frame_fill(binary: np.ndarray, quad: np.ndarray, centre) -> float:
    """How much of the band where a mark's black frame should be is ink."""
    cv2 = _cv2()
    c = np.array(centre)
    outer = c + (quad - c) * FRAME_SCALE[1]
    inner = c + (quad - c) * FRAME_SCALE[0]
    x0, y0 = np.floor(outer.min(axis=0)).astype(int)
    x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 1
    h, w = binary.shape
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return 0.0
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round(outer - (x0, y0)).astype(np.int32)], 1)
    cv2.fillPoly(mask, [np.round(inner - (x0, y0)).astype(np.int32)], 0)
    band = mask > 0
    if band.sum() == 0:
        return 0.0
    return float((binary[y0:y1, x0:x1][band] > 0).mean())


def _refine(gray: np.ndarray, c: Candidate) -> Candidate:
    """The mark's centre measured again at full resolution, in a window around it."""
    cv2 = _cv2()
    r = int(c.size * 1.2) + 4
    x0, y0 = max(0, int(c.x) - r), max(0, int(c.y) - r)
    window = gray[y0 : int(c.y) + r + 1, x0 : int(c.x) + r + 1]
    if window.size == 0 or c.size < 20:
        return c
    _, binary = cv2.threshold(window, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    best = None
    for cand in _nested_squares(binary):
        d = math.dist((cand.x + x0, cand.y + y0), (c.x, c.y))
        if d < 0.3 * c.size and (best is None or d < best[0]):
            best = (d, cand)
    if best is None:
        return c
    return Candidate(best[1].x + x0, best[1].y + y0, best[1].size)


def _sample(gray: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Bilinear samples of `gray` at float (x, y) px points."""
    cv2 = _cv2()
    pts = points.astype(np.float32).reshape(-1, 1, 2)
    out = cv2.remap(
        gray, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return out.reshape(-1).astype(np.float32)


def _grid(x: float, y: float, size: float, n: int = 4) -> np.ndarray:
    t = (np.arange(n) + 0.5) / n
    gx, gy = np.meshgrid(x + t * size, y + t * size)
    return np.stack([gx.ravel(), gy.ravel()], axis=1)


def _to_image(sheet_to_image: np.ndarray, pts: np.ndarray) -> np.ndarray:
    ones = np.ones((len(pts), 1))
    p = np.hstack([pts, ones]) @ sheet_to_image.T
    return p[:, :2] / p[:, 2:3]


def read_code(
    gray: np.ndarray,
    kind: SheetKind,
    sheet_to_image: np.ndarray,
    shifts: list[tuple[float, float]] = CODE_SHIFTS,
) -> tuple[int | None, float]:
    """The 16-bit sheet code under a map from sheet mm to image px, and how clearly it read
    (looked for at each of `shifts`, mm, from where the map puts it).

    Returns (None, clarity) when some bit is neither clearly black nor clearly paper.
    """
    mark = kind.marks[1]  # top-right: the code is printed beside it
    mx, my, ms = mark
    band = ms * (1.6 / 7.0)  # the width of the printed black frame of a mark
    black = np.concatenate(
        [
            _sample(gray, _to_image(sheet_to_image, _grid(mx + 0.25, my + 0.25, band - 0.5, 3))),
            _sample(
                gray,
                _to_image(
                    sheet_to_image,
                    _grid(mx + ms - band + 0.25, my + ms - band + 0.25, band - 0.5, 3),
                ),
            ),
        ]
    )
    ring = ms * (1.0 / 7.0)
    paper = np.concatenate(
        [
            _sample(
                gray,
                _to_image(sheet_to_image, _grid(mx + band + 0.2, my + band + 0.2, ring - 0.4, 3)),
            ),
            _sample(
                gray,
                _to_image(
                    sheet_to_image,
                    _grid(mx + ms - band - ring + 0.2, my + ms - band - ring + 0.2, ring - 0.4, 3),
                ),
            ),
        ]
    )
    b, p = float(np.median(black)), float(np.median(paper))
    if p - b < CODE_CONTRAST and (p - b < CODE_DIM or b > CODE_SHARE * p):
        return None, 0.0
    # a shift by a whole bit reads another code just as clearly: a code the pack knows is
    # preferred to a clearer one it does not (which is only reported when no shift reads one)
    best: tuple[int | None, float] = (None, 0.0)
    known: tuple[int | None, float] = (None, 0.0)
    for dx, dy in shifts:
        code, clarity = _bits(gray, kind, sheet_to_image, p, b, dx, dy)
        if code is None:
            continue
        if code in kind.ids and clarity > known[1]:
            known = (code, clarity)
            if clarity > 0.6:
                break
        elif clarity > best[1]:
            best = (code, clarity)
    return known if known[0] is not None else best


_BIT_POINTS: dict[tuple, np.ndarray] = {}


def _bit_points(kind: SheetKind) -> np.ndarray:
    """The sheet mm points sampled in every code bit (a 3 x 3 grid in its middle), bit by bit."""
    if kind.bits not in _BIT_POINTS:
        _BIT_POINTS[kind.bits] = np.concatenate(
            [
                _grid(sq.x + sq.size * 0.3, sq.y + sq.size * 0.3, sq.size * 0.4, 3)
                for sq in kind.bits
            ]
        )
    return _BIT_POINTS[kind.bits]


def _bits(
    gray: np.ndarray,
    kind: SheetKind,
    sheet_to_image: np.ndarray,
    p: float,
    b: float,
    dx: float,
    dy: float,
) -> tuple[int | None, float]:
    """The code read with the bits looked for (dx, dy) mm from where the map puts them."""
    points = _bit_points(kind) + np.array([dx, dy])
    v = _sample(gray, _to_image(sheet_to_image, points))  # all bits at once
    levels = ((p - v.reshape(len(kind.bits), -1).mean(axis=1)) / (p - b)).tolist()
    code, clarity = _by_gap(levels)
    if code is None or code not in kind.ids:
        return _by_book(levels, kind) or (code, clarity)
    return code, clarity


def _by_gap(levels: list[float]) -> tuple[int | None, float]:
    """The code the bits' levels (0 paper, 1 black) read, told apart at their widest gap."""
    # On a small or blurred photo an empty bit's outline greys its inside and a black bit's
    # inside does not reach full black: the two kinds are told apart by the gap between them.
    ordered = sorted(levels)
    gaps = [ordered[k + 1] - ordered[k] for k in range(len(ordered) - 1)]
    k = int(np.argmax(gaps))
    low, high = ordered[k], ordered[k + 1]
    if high < 0.5 or low > 0.5 or high - low < 0.25:
        return None, 0.0
    middle = (low + high) / 2
    code, clarity = 0, 1.0
    for level in levels:
        clarity = min(clarity, abs(level - middle) / (high - middle) * min(1.0, (high - low) * 2))
        code = code << 1 | (level > middle)
    if clarity < 0.3:
        return None, clarity
    return code, clarity


BOOK_MARGIN = 0.25  # a code of the pack is read when all its black bits lie this far above all
# its empty ones (as levels 0 paper .. 1 black), though no single gap tells the bits apart: glare
# or a shadow across the code lightens some black bits or greys some empty ones (fourth set case
# 2727, a sleeve's glare: two black bits at 0.38 and 0.42, the others at 0.86-0.98, the empty
# ones at -0.13 to -0.03; independent case 2996, a shadow: empty bits at 0.25-0.53, black ones at
# 0.98-1.06). Two of this pack's codes differ in 3 bits or more: one is read as another only
# where an empty bit came out darker than a black one, by the margin.


def _by_book(levels: list[float], kind: SheetKind) -> tuple[int, float] | None:
    """The pack's code whose black bits all lie BOOK_MARGIN or more above its empty ones in
    `levels` (the widest such margin), with its clarity as `_by_gap` gives it; None if none."""
    codes, black = _book(tuple(kind.ids), len(levels))
    if not codes:
        return None
    arr = np.array(levels)
    margins = np.where(black, arr, np.inf).min(axis=1) - np.where(black, -np.inf, arr).max(axis=1)
    k = int(np.argmax(margins))
    if margins[k] < BOOK_MARGIN:
        return None
    return codes[k], min(1.0, float(margins[k]) * 2)


@functools.lru_cache(maxsize=8)
def _book(codes: tuple[int, ...], n: int) -> tuple[tuple[int, ...], np.ndarray]:
    """The codes with both black and empty bits among `codes`, and their black bits (n each)."""
    kept = tuple(c for c in codes if 0 < c < (1 << n) - 1)
    return kept, np.array([[(c >> (n - 1 - i)) & 1 for i in range(n)] for c in kept], bool)


def _sheet_points(kind: SheetKind) -> np.ndarray:
    return np.array([m.centre for m in kind.marks], np.float64)


def _similarity(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The scale-rotation-translation taking two points to two points, as a 3x3 matrix."""
    a, b = complex(*src[0]), complex(*src[1])
    c, d = complex(*dst[0]), complex(*dst[1])
    k = (d - c) / (b - a)
    t = c - k * a
    return np.array([[k.real, -k.imag, t.real], [k.imag, k.real, t.imag], [0, 0, 1]])


def _affine(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    cv2 = _cv2()
    m = cv2.getAffineTransform(src.astype(np.float32), dst.astype(np.float32))
    return np.vstack([m, [0, 0, 1]])


def _from_three(src: np.ndarray, found: list[Candidate]) -> np.ndarray:
    """The projective map taking three sheet points to three found marks, its perspective told
    from the marks' sizes (the affine map where they tell none).

    A projective map [[A, t], [g, h, 1]] scales the sheet around a point p by w(p) ** -1.5 (its
    Jacobian's determinant is det / w ** 3), w(p) = g x + h y + 1: the marks' sizes s_i give
    w_i / w_0 = (s_0 / s_i) ** (2 / 3), two equations linear in g and h; then the rest is the
    affine map taking each sheet point to its mark scaled by w_i. A photo taken at a slant makes
    the far marks smaller: the affine map of three puts the fourth corner 20-40 mm off there
    (corner photos 213 and 224), so the code beside it reads wrong or not at all.
    """
    dst = np.array([(c.x, c.y) for c in found], np.float64)
    sizes = np.array([c.size for c in found], np.float64)
    ratio = (sizes[0] / sizes) ** (2.0 / 3.0)
    x, y = src[:, 0], src[:, 1]
    lhs = np.array([[x[i] - ratio[i] * x[0], y[i] - ratio[i] * y[0]] for i in (1, 2)])
    try:
        g, h = np.linalg.solve(lhs, ratio[1:] - 1.0)
        w = g * x + h * y + 1.0
        if not np.all(w > 0.2):  # sizes no camera gives (a mark misread): no perspective
            return _affine(src, dst)
        top = np.linalg.solve(np.column_stack([x, y, np.ones(3)]), dst * w[:, None]).T
    except np.linalg.LinAlgError:
        return _affine(src, dst)
    return np.vstack([top, [g, h, 1.0]])


def _jacobian(m: np.ndarray, x: float, y: float) -> np.ndarray:
    """The derivative of a projective map at (x, y)."""
    u, v, w = m @ np.array([x, y, 1.0])
    return (m[:2, :2] * w - np.outer([u, v], m[2, :2])) / (w * w)


def _plausible(sheet_to_image: np.ndarray, kind: SheetKind, cands: list[Candidate]) -> bool:
    """Whether a map is a camera's (no mirror, similar scale both ways, marks of the right size)."""
    j = _jacobian(sheet_to_image, kind.width / 2, kind.height / 2)
    det = np.linalg.det(j)
    if det <= 0:
        return False
    s = np.linalg.svd(j, compute_uv=False)
    if s[0] > 1.6 * s[1]:  # (no division: a degenerate map has s[1] = 0)
        return False
    scale = math.sqrt(det)
    mark = kind.marks[0].size
    return all(0.55 < c.size / (mark * scale) < 1.8 for c in cands)


def locate(
    gray: np.ndarray, kind: SheetKind, blank: Callable[[], np.ndarray] | None = None
) -> Alignment:
    """Find the sheet in a grey image: its marks, its id (from the code) and its homography.

    `blank` gives the blank sheet (as `template.reference` does); it is asked for only when a mark
    is missing, to tell from the print which corner it is.
    """
    cands = find_candidates(gray)
    best, unknown = _pin(gray, kind, cands)
    if best is None:  # every pass, in case a stray square stopped the search too soon
        more = find_candidates(gray, thorough=True)
        if len(more) > len(cands):
            cands = more
            best, more_unknown = _pin(gray, kind, cands)
            unknown |= more_unknown
    if best is None and (outer := _outermost(cands))[:PIN_FIRST] != cands[:PIN_FIRST]:
        best, more_unknown = _pin(gray, kind, outer)
        unknown |= more_unknown
    if best is None and len(cands) >= 2:
        best = _complete(gray, kind, cands)
    if best is None and max(gray.shape) > DETECT_SIDE:
        # marks blurred (a shaking hand) and small in a large photo lose their white ring in
        # the shrunk copy: looked for again at up to twice its size (third set case 3067: 33 px
        # marks in a 3001 px photo, one found in the copy of 1600, four in one of 3000)
        sharp = find_candidates(gray, True, min(max(gray.shape), SHARP_SIDE))
        if len(sharp) >= 2:
            best, more_unknown = _pin(gray, kind, sharp)
            unknown |= more_unknown
            if best is None:
                best = _complete(gray, kind, sharp)
    if best is None:  # marks shaken or small past any threshold: looked for by their likeness
        like = _likely_marks(gray)
        best = _pin(gray, kind, like)[0] or _pin(gray, kind, _outermost(like))[0]
        if best is None and len(like) >= 2:
            best = _complete(gray, kind, like)
        if best is not None:
            best = _repin(gray, kind, best)
        # places merely like marks may pin the sheet wrong and still read its code beside one
        # (third set case 2849): the print must look like the sheet's under that pinning
        if (
            best is not None
            and blank is not None
            and _print_match(gray, kind, best[2], blank()) < PRINT_MIN_MATCH
        ):
            best = None
    if best is not None:
        _, code, h, img = best
        sid, lang = kind.ids[code]
        inv = np.linalg.inv(h)
        return Alignment(
            sheet_id=sid,
            lang=lang,
            homography=inv / inv[2, 2],
            marks=tuple(tuple(p) for p in img),
            px_per_mm=math.sqrt(abs(np.linalg.det(_jacobian(h, kind.width / 2, kind.height / 2)))),
        )
    # a code that no sheet of the pack has, read from four squares, says the sheet is another
    # pack's; unless three of the squares read a code of this pack: then the fourth square was
    # something else, and this sheet's own mark is missing (corner photo 692: the top-left mark
    # cut off, and a code 0x0001 read from a quad with a printed square in it)
    if unknown and next(_partial_maps(gray, kind, cands[:8], 3), None) is None:
        codes = ", ".join(f"{c:#06x}" for c in sorted(unknown))
        raise PapirnaError(
            f"this is not a Papírové doupě player sheet of this pack (its sheet code reads {codes}, "
            f"known: {', '.join(sid for sid, _ in kind.ids.values())})"
        )
    raise PapirnaError(_missing_message(gray, kind, cands, blank))


PIN_FIRST = 10  # the largest candidates tried as the four marks (a quad of 10 is 210 ways)


COMPLETE_FIRST = 6  # the largest candidates tried as three marks to look for the fourth from
FOURTH_WINDOW = 3.0  # the fourth mark is looked for this many of its sizes round where it lies
# (its centre at most one size less off, so that the whole mark lies in the window)
FOURTH_PX = 40.0  # px: the window is enlarged (up to FOURTH_ZOOM times) for a mark this big
FOURTH_ZOOM = 4
THIRD_WINDOW = 6.0  # and a third, from two, this many
FOURTH_SIZES = (0.6, 1.6)  # and this size, as a share of the size they give it


def _complete(gray: np.ndarray, kind: SheetKind, cands: list[Candidate]) -> tuple | None:
    """Four marks pinned from three found ones whose map reads a known code, and the fourth
    looked for close to where they put it (as `_pin` gives them; None when no fourth is
    there). A mark small in the frame next to the sheet's edge and its title is missed by
    the sheet-wide search (third set cases 1192 and 1193: a 14 px top-left mark between the
    dark table 12 px off and the title 4 px off), and found in a window round its place.
    From two found marks whose map reads a known code, a third is looked for the same way,
    in a wider window (a map of two knows nothing of the camera's slant)."""
    best = _complete_three(gray, kind, cands[:COMPLETE_FIRST])
    if best is not None:
        return best
    tried = set()
    for found, corners, m in _partial_maps(gray, kind, cands[:COMPLETE_FIRST], 2):
        tried.add((found, corners))
        got = _from_two(gray, kind, found, corners, m)
        if got is not None and (best is None or got[0] > best[0]):
            best = got
    if best is not None:
        return best
    # two marks whose map reads no code (too blurred, or too far off under a map of two): the
    # ways their sizes and distance allow, likeliest first, until one reads as a whole
    for found, corners, m in _pair_maps(kind, cands[:COMPLETE_FIRST]):
        if (found, corners) not in tried:
            got = _from_two(gray, kind, found, corners, m)
            if got is not None:
                return got
    return None


def _from_two(
    gray: np.ndarray,
    kind: SheetKind,
    found: tuple[Candidate, ...],
    corners: tuple[int, ...],
    m: np.ndarray,
) -> tuple | None:
    """The clearest pinning of four marks from two pinned to `corners` under the map `m`, a third
    looked for round where the map puts each other corner's, then the fourth (`_complete_three`).
    When marks are found round both other corners, the four are pinned as any four are: a map
    of two may have taken the sheet for upside down, and a map of three (its slant told from
    marks of 16 px, blurred) may put the fourth two sizes off (third set case 2786)."""
    best = None
    others = []
    for k in set(range(4)) - set(corners):
        third = _look_for_mark(gray, kind, m, k, THIRD_WINDOW)
        if third is None:
            continue
        others.append(third)
        got = _complete_three(gray, kind, [*found, third])
        if got is not None and (best is None or got[0] > best[0]):
            best = got
    if best is None and len(others) == 2:
        best = _pin(gray, kind, [*found, *others])[0]
    return best


PAIR_SCALE = 1.3  # two marks' distance and their sizes agree on the sheet's scale within this
PAIR_FIRST = 8  # and the ways that agree best, this many at most, are tried


def _pair_maps(
    kind: SheetKind, cands: list[Candidate]
) -> Iterator[tuple[tuple[Candidate, ...], tuple[int, int], np.ndarray]]:
    """The ways of pinning two of `cands` to two corners whose distance and sizes agree on the
    sheet's scale (within PAIR_SCALE either way), the PAIR_FIRST that agree best, best first:
    for two marks whose map reads no code (the code blurred, or too far off under a map that
    knows no slant)."""
    sheet = _sheet_points(kind)
    mark = kind.marks[0].size
    out = []
    for found in itertools.combinations(cands, 2):
        by_size = (found[0].size + found[1].size) / 2 / mark
        apart = math.dist(found[0][:2], found[1][:2])
        for corners in itertools.permutations(range(4), 2):
            src = sheet[list(corners)]
            ratio = apart / float(np.linalg.norm(src[1] - src[0])) / by_size
            if not 1 / PAIR_SCALE <= ratio <= PAIR_SCALE:
                continue
            m = _similarity(src, np.array([(c.x, c.y) for c in found]))
            if _plausible(m, kind, list(found)):
                out.append((abs(math.log(ratio)), found, corners, m))
    for _, found, corners, m in sorted(out, key=lambda t: t[0])[:PAIR_FIRST]:
        yield found, corners, m


def _complete_three(gray: np.ndarray, kind: SheetKind, cands: list[Candidate]) -> tuple | None:
    """`_complete` from three of `cands`."""
    best: tuple | None = None
    for found, corners, m in _partial_maps(gray, kind, cands, 3):
        (missing,) = set(range(4)) - set(corners)
        fourth = _look_for_mark(gray, kind, m, missing, FOURTH_WINDOW)
        if fourth is None:
            continue
        order: list[Candidate] = [fourth] * 4
        for c, k in zip(found, corners, strict=True):
            order[k] = c
        got = _read_quad(gray, kind, order)
        if got is not None and got[1] in kind.ids and (best is None or got[0] > best[0]):
            best = got
    return best


def _read_quad(gray: np.ndarray, kind: SheetKind, order: list | tuple) -> tuple | None:
    """Four marks pinned to (top-left, top-right, bottom-left, bottom-right): the code read under
    their map, as (clarity, code or None, sheet-to-image map, image points); None where the map
    is no camera's."""
    cv2 = _cv2()
    img = np.array([(c.x, c.y) for c in order], np.float64)
    sheet = _sheet_points(kind)
    h = cv2.getPerspectiveTransform(sheet.astype(np.float32), img.astype(np.float32))
    if not _plausible(h, kind, list(order)):
        return None
    code, clarity = read_code(gray, kind, h)
    return clarity, code, h, img


def _partial_maps(
    gray: np.ndarray,
    kind: SheetKind,
    cands: list[Candidate],
    k: int,
    shifts: list[tuple[float, float]] = CODE_SHIFTS_WIDE,
) -> Iterator[tuple[tuple[Candidate, ...], tuple[int, ...], np.ndarray]]:
    """Every way of pinning k (2 or 3) of `cands` to k of the sheet's corners whose map (a
    similarity from two, `_from_three` from three) is a camera's and reads a code of the pack
    (looked for at `shifts`): the marks, their corners and the map."""
    sheet = _sheet_points(kind)
    for found in itertools.combinations(cands, k):
        for corners in itertools.permutations(range(4), k):
            src = sheet[list(corners)]
            if k == 2:
                m = _similarity(src, np.array([(c.x, c.y) for c in found]))
            else:
                m = _from_three(src, list(found))
            if not _plausible(m, kind, list(found)):
                continue
            if read_code(gray, kind, m, shifts)[0] in kind.ids:
                yield found, corners, m


def _look_for_mark(
    gray: np.ndarray, kind: SheetKind, sheet_to_image: np.ndarray, corner: int, reach: float
) -> Candidate | None:
    """The mark nearest where a map puts a corner's mark, looked for in a window round it
    (enlarged for a small mark, thresholded a few ways), of about the size the map gives."""
    cv2 = _cv2()
    ((x, y),) = _to_image(sheet_to_image, _sheet_points(kind)[corner : corner + 1])
    cx, cy = kind.marks[corner].centre
    size = kind.marks[corner].size * math.sqrt(
        abs(np.linalg.det(_jacobian(sheet_to_image, cx, cy)))
    )
    r = reach * size
    h, w = gray.shape
    x0, y0 = max(0, int(x - r)), max(0, int(y - r))
    x1, y1 = min(w, int(x + r) + 1), min(h, int(y + r) + 1)
    if size < 4 or x1 - x0 < size or y1 - y0 < size:
        return None
    zoom = int(min(FOURTH_ZOOM, max(1, math.ceil(FOURTH_PX / size))))
    window = gray[y0:y1, x0:x1]
    if zoom > 1:
        window = cv2.resize(window, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
    block = int(size * zoom * 1.5) | 1
    binaries = [cv2.threshold(window, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)[1]]
    binaries += [
        cv2.adaptiveThreshold(
            window, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, offset
        )
        for offset in (10, 25)
    ]
    binaries += [_normalised_ink(window, block, share) for share in INK_SHARES]
    best: tuple[float, Candidate] | None = None
    for binary in binaries:
        for c in _nested_squares(binary):
            full = Candidate(
                (c.x + 0.5) / zoom - 0.5 + x0, (c.y + 0.5) / zoom - 0.5 + y0, c.size / zoom
            )
            d = math.dist((full.x, full.y), (x, y))
            if d > (reach - 1.0) * size or not FOURTH_SIZES[0] < full.size / size < FOURTH_SIZES[1]:
                continue
            if best is None or d < best[0]:
                best = (d, full)
    if best is None:
        return _match_mark(gray, _jacobian(sheet_to_image, cx, cy), (x, y), r, size)
    return best[1]


MATCH_MIN = 0.75  # a mark matched as the map draws it correlates with the photo at least this well
MATCH_SCALES = (0.8, 0.9, 1.0, 1.12)  # it is drawn at these shares of the size the map gives
MATCH_BLURS = (0.04, 0.1, 0.18)  # and blurred by these shares of its side (Gaussian sigma)
MATCH_PAPER = 0.65  # its template reaches this share of its side from its centre (paper round it)
MATCH_PX = 24.0  # the match is made on the photo shrunk so that a mark is at most this many px
MATCH_HOLE = 0.005  # and it matches better by this than any plain black square of its size does
# (third set marks, shaken: 0.012-0.054 better; a shaken filled square matches a square better)


def _mark_template(
    j: np.ndarray, blur: float, hole: bool = True, oversample: int = 4
) -> tuple[np.ndarray, int]:
    """A registration mark as the local map `j` (2x2, sheet mm to image px) draws it, blurred
    by `blur` px: black frame, paper hole, black centre, on paper (1 paper, 0 ink; without
    `hole`, a plain black square of its size); and the template's half-width (its centre
    pixel)."""
    cv2 = _cv2()
    half = MATCH_PAPER * MARK_SIDE
    corners = j @ np.array([[half, half, -half, -half], [half, -half, half, -half]])
    r = math.ceil(float(np.abs(corners).max()) + 3 * blur) + 1
    n = 2 * r + 1
    t = (np.arange(n * oversample) + 0.5) / oversample - 0.5 - r
    gx, gy = np.meshgrid(t, t)
    inv = np.linalg.inv(j)
    u, v = inv[0, 0] * gx + inv[0, 1] * gy, inv[1, 0] * gx + inv[1, 1] * gy
    a = np.maximum(np.abs(u), np.abs(v))  # the square "radius" in sheet mm
    ink = (a <= CENTRE_SIDE / 2) | ((a > HOLE_SIDE / 2 * hole) & (a <= MARK_SIDE / 2))
    img = cv2.resize((~ink).astype(np.float32), (n, n), interpolation=cv2.INTER_AREA)
    if blur > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    return img, r


def _match_mark(
    gray: np.ndarray,
    j: np.ndarray,
    at: tuple[float, float],
    reach: float,
    size: float,
) -> Candidate | None:
    """A mark too blurred or small for its white ring to show as a hole (a shaken photo: third
    set cases 1327 and 1348, 15-20 px marks), found by its likeness: the mark drawn as the local
    map `j` shows it (a few sizes and blurs) correlated with the photo within `reach` px of
    `at`; the best match if it reaches MATCH_MIN and is more like a mark than like a plain
    black square (a filled box, blurred as much, matches a blurred mark's template well too)."""
    cv2 = _cv2()
    f = max(1.0, size / MATCH_PX)  # the match is made on the window shrunk by this
    pad = reach + 1.7 * size + 2  # the window: the reach and a template's half-width beyond
    x, y = at
    h, w = gray.shape
    x0, y0 = max(0, int(x - pad)), max(0, int(y - pad))
    x1, y1 = min(w, int(x + pad) + 1), min(h, int(y + pad) + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    window = gray[y0:y1, x0:x1].astype(np.float32)
    if f > 1.0:
        shape = (max(1, round((x1 - x0) / f)), max(1, round((y1 - y0) / f)))
        window = cv2.resize(window, shape, interpolation=cv2.INTER_AREA)
    here = ((x - x0 + 0.5) / f - 0.5, (y - y0 + 0.5) / f - 0.5)
    j, small = j / f, size / f
    best: tuple[float, tuple[float, float], float] | None = None
    for scale in MATCH_SCALES:
        for blur in MATCH_BLURS:
            tmpl = _mark_template(j * scale, blur * small * scale)
            found = _best_match(window, tmpl, here, reach / f)
            if found is not None and found[0] >= MATCH_MIN and (best is None or found[0] > best[0]):
                best = (found[0], found[1], scale)
    if best is None or math.dist(best[1], here) > reach / f:
        return None
    square = max(
        (
            found[0]
            for scale in MATCH_SCALES
            for blur in MATCH_BLURS
            if (
                found := _best_match(
                    window, _mark_template(j * scale, blur * small * scale, hole=False), best[1], 2
                )
            )
            is not None
        ),
        default=-1.0,
    )
    if best[0] <= square + MATCH_HOLE:
        return None
    (bx, by), scale = best[1], best[2]
    return Candidate((bx + 0.5) * f - 0.5 + x0, (by + 0.5) * f - 0.5 + y0, size * scale)


LIKE_SIZES = (12.0, 15.0, 19.0, 24.0, 30.0, 38.0)  # px: marks looked for by likeness at these
# sizes in the copy of DETECT_SIDE (a sheet filling from a third of the frame to all of it)
LIKE_ANGLES = 12  # the mark is drawn turned this many ways over a quarter turn, and averaged
LIKE_BLUR = 0.12  # and blurred by this share of its side (Gaussian sigma)
LIKE_MIN = 0.6  # a place correlates with it at least this well to count
LIKE_FIRST = 16  # the best this many places are tried as marks


REPIN_REACH = 1.5  # marks pinned by likeness are looked for again this many sizes round them


def _repin(gray: np.ndarray, kind: SheetKind, best: tuple) -> tuple:
    """A pinning by places like marks made again from the marks themselves, each looked for as
    the map draws it close round where it lies (the likeness finds a mark's place to a pixel of
    a copy shrunk to 1600 px, and its size to a step of 1.25); the first pinning where any mark
    is not found or the code does not read so."""
    _, _, h, _ = best
    marks = [_look_for_mark(gray, kind, h, k, REPIN_REACH) for k in range(4)]
    if any(m is None for m in marks):
        return best
    again = _read_quad(gray, kind, marks)
    return again if again is not None and again[1] == best[1] else best


def _round_mark(side: float, oversample: int = 4) -> tuple[np.ndarray, int]:
    """A registration mark of `side` px averaged over every turn (a mark whichever way the sheet
    lies), blurred by LIKE_BLUR of its side, on paper (1 paper, 0 ink); and its half-width."""
    cv2 = _cv2()
    r = math.ceil(side * MATCH_PAPER * math.sqrt(2)) + 1
    n = 2 * r + 1
    t = ((np.arange(n * oversample) + 0.5) / oversample - 0.5 - r) * MARK_SIDE / side
    gx, gy = np.meshgrid(t, t)
    paper = np.zeros_like(gx)
    for k in range(LIKE_ANGLES):
        turn = math.pi / 2 * k / LIKE_ANGLES
        u = math.cos(turn) * gx + math.sin(turn) * gy
        v = -math.sin(turn) * gx + math.cos(turn) * gy
        a = np.maximum(np.abs(u), np.abs(v))
        paper += ~((a <= CENTRE_SIDE / 2) | ((a > HOLE_SIDE / 2) & (a <= MARK_SIDE / 2)))
    img = cv2.resize((paper / LIKE_ANGLES).astype(np.float32), (n, n), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(img, (0, 0), LIKE_BLUR * side), r


def _likely_marks(gray: np.ndarray) -> list[Candidate]:
    """Places in the photo that look like a registration mark whichever way it lies, the likest
    first: for marks so shaken or small that no threshold shows their white ring as a hole (third
    set cases 2712 and 3073: 12-20 px marks smeared by a moving hand, none found as a nested
    square). Filled boxes and printed symbols look alike too: only the ways of pinning them that
    read the sheet's code count."""
    cv2 = _cv2()
    h, w = gray.shape
    f = max(1.0, max(h, w) / DETECT_SIDE)
    small = gray.astype(np.float32)
    if f > 1:
        small = cv2.resize(small, (round(w / f), round(h / f)), interpolation=cv2.INTER_AREA)
    peaks = []
    for side in LIKE_SIZES:
        tmpl, r = _round_mark(side)
        if small.shape[0] <= tmpl.shape[0] or small.shape[1] <= tmpl.shape[1]:
            continue
        res = cv2.matchTemplate(small, tmpl, cv2.TM_CCOEFF_NORMED)
        top = cv2.dilate(res, np.ones((int(side) | 1, int(side) | 1), np.uint8))
        for y, x in zip(*np.nonzero((res >= top) & (res >= LIKE_MIN)), strict=True):
            peaks.append(
                (float(res[y, x]), (x + r + 0.5) * f - 0.5, (y + r + 0.5) * f - 0.5, side * f)
            )
    out: list[Candidate] = []
    for _, x, y, side in sorted(peaks, reverse=True):
        if all(math.dist((x, y), (o.x, o.y)) > 0.5 * o.size for o in out):
            out.append(Candidate(x, y, side))
            if len(out) == LIKE_FIRST:
                break
    return out


def _best_match(
    gray: np.ndarray, template: tuple[np.ndarray, int], at: tuple[float, float], reach: float
) -> tuple[float, tuple[float, float]] | None:
    """The best correlation of a template (and its centre's half-width) with the photo at a
    centre within `reach` px of `at` each way, and that centre, to a fraction of a pixel (the
    vertex of a parabola through the correlations beside it each way); None where it does not
    fit."""
    cv2 = _cv2()
    tmpl, r = template
    x, y = at
    h, w = gray.shape
    x0, y0 = max(0, int(x - reach) - r), max(0, int(y - reach) - r)
    x1, y1 = min(w, int(x + reach) + r + 1), min(h, int(y + reach) + r + 1)
    if x1 - x0 <= tmpl.shape[1] or y1 - y0 <= tmpl.shape[0]:
        return None
    res = cv2.matchTemplate(gray[y0:y1, x0:x1].astype(np.float32), tmpl, cv2.TM_CCOEFF_NORMED)
    _, score, _, (bx, by) = cv2.minMaxLoc(res)
    return score, (bx + _vertex(res[by, :], bx) + r + x0, by + _vertex(res[:, bx], by) + r + y0)


def _vertex(line: np.ndarray, k: int) -> float:
    """How far from `k` a peak of `line` at `k` lies, by the parabola through it and its two
    neighbours (0 at an end, or where they do not bend down round it)."""
    if not 0 < k < len(line) - 1:
        return 0.0
    a, b, c = (float(v) for v in line[k - 1 : k + 2])
    bend = a - 2.0 * b + c
    return 0.5 * (a - c) / bend if bend < 0 else 0.0


def _outermost(cands: list[Candidate]) -> list[Candidate]:
    """The candidates on the hull of them all, largest first: the four corner marks lie outside
    everything else printed on the sheet, so a sheet whose filled boxes look like marks (crosses
    in nested squares, third photo set case 95: seven such, larger than two marks at a slant)
    still has its marks among these."""
    cv2 = _cv2()
    if len(cands) <= 4:
        return list(cands)
    points = np.array([(c.x, c.y) for c in cands], np.float32)
    hull = {int(k) for k in cv2.convexHull(points, returnPoints=False).ravel()}
    return [c for k, c in enumerate(cands) if k in hull]


def _pin(gray: np.ndarray, kind: SheetKind, cands: list[Candidate]) -> tuple[tuple | None, set]:
    """The clearest way to pin four of the candidates to the sheet's corners that reads a known
    code, as (clarity, code, sheet-to-image map, image points); and the unknown codes read."""
    best: tuple | None = None
    unknown: set[int] = set()
    if len(cands) < 4:
        return best, unknown
    for quad in itertools.combinations(cands[:PIN_FIRST], 4):
        for order in _cyclic_orders(quad):
            got = _read_quad(gray, kind, order)
            if got is None or got[1] is None:
                continue
            if got[1] not in kind.ids:
                unknown.add(got[1])
                continue
            if best is None or got[0] > best[0]:
                best = got
    return best, unknown


def _cyclic_orders(quad: tuple[Candidate, ...]) -> list[tuple[Candidate, ...]]:
    """The four ways to pin a convex quad of marks to (top-left, top-right, bottom-left, bottom-right)."""
    cx = sum(c.x for c in quad) / 4
    cy = sum(c.y for c in quad) / 4
    ring = sorted(quad, key=lambda c: math.atan2(c.y - cy, c.x - cx))  # clockwise on screen
    out = []
    for r in range(4):
        tl, tr, br, bl = (ring[(r + k) % 4] for k in range(4))
        out.append((tl, tr, bl, br))
    return out


def _missing_message(
    gray: np.ndarray,
    kind: SheetKind,
    cands: list[Candidate],
    blank: Callable[[], np.ndarray] | None = None,
) -> str:
    """Which corners' marks are missing: confirmed by the code, else by the print, else not said.

    Three marks fit the sheet two ways, half a turn apart, and the code beside the top-right mark
    is often too far from the found ones to be read under a map made of three; which way up the
    sheet lies is then seen from the print itself. Nothing is guessed from the marks' shape.
    """
    hint = "photograph the whole sheet, flat, with all four black corner squares visible"

    def named(missing: list[str], why: str = "") -> str:
        s = "" if len(missing) == 1 else "s"
        return f"the {' and '.join(missing)} registration mark{s} of the sheet cannot be found{why}: {hint}"

    for k in (3, 2):
        if len(cands) < k:
            continue
        if k == 2 and blank is not None:
            by_print = _missing_by_print(gray, kind, cands[:6], blank())
            if by_print is not None:
                why = " (the other three are there; the print shows which way up the sheet lies)"
                return named([by_print], why)
        shifts = CODE_SHIFTS if k == 2 else CODE_SHIFTS_WIDE
        for _, corners, _ in _partial_maps(gray, kind, cands[:8], k, shifts):
            return named([CORNERS[i] for i in range(4) if i not in corners])
    n = min(len(cands), 4)
    if n == 0:
        h, w = gray.shape
        if max(h, w) < SMALL_PHOTO:
            # a sheet that fills little of a small photo has marks of a dozen px, too blurred to
            # find (independent cases 3 and 906: a portrait sheet across a 1000 px landscape
            # frame, about 1.7 px per mm); the likelier reason is then worth saying first
            return (
                f"no registration marks found: on a photo of only {w} x {h} px the sheet must "
                f"fill the frame (photograph it closer, flat, with all four black corner squares "
                f"visible)"
            )
        if _dark(gray):
            # a sheet in dim light: a long exposure blurs the marks' white rings into their
            # frames (the third set's held-out case 2491, a 4000 px photo whose paper is grey
            # 130 of 255, shaken: told it did not look like a sheet)
            return (
                "no registration marks found in this dark photo: photograph the sheet again in "
                "brighter, even light, holding the phone still, with all four black corner "
                "squares visible"
            )
        return (
            f"no registration marks found: this does not look like a Papírové doupě sheet ({hint})"
        )
    if n == 4:
        # four (or more) squares, none four of which fit the sheet with its code read: the code or
        # a mark is hidden or mistaken (the third photo set, case 1030: glare over the sheet)
        return (
            "found 4 squares like the registration marks, but no way of fitting them to the sheet "
            "reads its code (is glare, a shadow or a crease over a corner square or the code beside "
            f"the top-right one?): {hint}"
        )
    return f"found {n} of the 4 registration marks but cannot tell which corners they are: {hint}"


SMALL_PHOTO = 1600  # px: on a photo with a shorter long side, a sheet small in the frame is the
# likely reason no mark is found
DARK_PHOTO = 150  # grey level (of 255): a photo whose brightest twentieth is darker than this
# (the paper, in dim light) is dark; photos of sheets read in low light were 135 and up


def _dark(gray: np.ndarray) -> bool:
    """Whether even the brightest twentieth of the photo (where the paper would be) is dim."""
    step = max(1, max(gray.shape) // 1000)  # (a sample is plenty for a percentile)
    return float(np.percentile(gray[::step, ::step], 95)) < DARK_PHOTO


PRINT_PX_PER_MM = 2.0  # the resolution the photo is matched with the blank sheet at
PRINT_MIN_MATCH = 0.3  # the print must match the blank sheet at least this well under the fit
PRINT_MARGIN = 0.15  # and this much better than under any other fit of three marks


def _missing_by_print(
    gray: np.ndarray, kind: SheetKind, cands: list[Candidate], blank: np.ndarray
) -> str | None:
    """Which corner three found marks leave out, from the fit under which the photo looks like
    the blank sheet (its print matched at 2 px per mm, light evened out); None when no fit is
    clearly the one."""
    sheet = _sheet_points(kind)
    ref = _print_at(blank.astype(np.float32), blank.shape)
    fits: list[tuple[float, int]] = []
    for found in itertools.combinations(cands, 3):
        for corners in itertools.permutations(range(4), 3):
            m = _from_three(sheet[list(corners)], list(found))
            if not _plausible(m, kind, list(found)):
                continue
            dark = _straight_dark(gray, kind, m, math.sqrt(abs(np.linalg.det(m[:2, :2]))))
            photo = _print_at(dark, blank.shape)
            missing = next(i for i in range(4) if i not in corners)
            # the quarter of the sheet at the missing mark is left out: three marks fit it least
            # well (a tilted photo's perspective), and a thumb or a tear is there
            keep = np.ones(ref.shape, bool)
            h, w = ref.shape
            right, bottom = sheet[missing] > sheet.mean(axis=0)
            keep[
                h // 2 if bottom else 0 : h if bottom else h // 2,
                w // 2 if right else 0 : w if right else w // 2,
            ] = False
            a, b = photo[keep], ref[keep]
            match = _correlation(a, b)
            fits.append((match, missing))
    if not fits:
        return None
    fits.sort(reverse=True)
    best, missing = fits[0]
    others = [m for m, c in fits[1:] if c != missing]
    if best < PRINT_MIN_MATCH or (others and best - others[0] < PRINT_MARGIN):
        return None
    return CORNERS[missing]


def _print_match(gray: np.ndarray, kind: SheetKind, sheet_to_image: np.ndarray, blank) -> float:
    """How well the photo's print matches the blank sheet's under a map (as `_missing_by_print`
    matches them, over the whole sheet): 1 alike, 0 unrelated."""
    j = _jacobian(sheet_to_image, kind.width / 2, kind.height / 2)
    dark = _straight_dark(gray, kind, sheet_to_image, math.sqrt(abs(np.linalg.det(j))))
    a = _print_at(dark, blank.shape).ravel()
    return _correlation(a, _print_at(blank.astype(np.float32), blank.shape).ravel())


def _straight_dark(
    gray: np.ndarray, kind: SheetKind, sheet_to_image: np.ndarray, px_per_mm: float
) -> np.ndarray:
    """The photo straightened under a map (at `px_per_mm` in the photo), as darkness 0-1."""
    fit = Alignment("", "", np.linalg.inv(sheet_to_image), (), px_per_mm)
    return 1.0 - warp(gray, fit, kind).astype(np.float32) / 255.0


def _print_at(dark: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """A sheet-aligned darkness of the blank sheet's `shape` at PRINT_PX_PER_MM, high-passed."""
    cv2 = _cv2()
    size = (
        round(shape[1] * PRINT_PX_PER_MM / PX_PER_MM),
        round(shape[0] * PRINT_PX_PER_MM / PX_PER_MM),
    )
    return _highpass(cv2.resize(dark, size, interpolation=cv2.INTER_AREA))


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    """The correlation of two equally long arrays (-1 where either is flat)."""
    spread = float(a.std() * b.std())
    return float(((a - a.mean()) * (b - b.mean())).mean()) / spread if spread else -1.0


def _highpass(dark: np.ndarray) -> np.ndarray:
    """Darkness with the light's slow change taken out and blurred over about 3 mm, so a few mm
    of misfit and a shadow change the match little."""
    cv2 = _cv2()
    k = PRINT_PX_PER_MM
    fine = cv2.GaussianBlur(dark, (0, 0), 3.0 * k)
    return fine - cv2.GaussianBlur(dark, (0, 0), 12.0 * k)


def refine(gray: np.ndarray, align: Alignment, kind: SheetKind, ref: np.ndarray) -> Alignment:
    """The alignment corrected by matching the straightened photo to the blank sheet in windows.

    Phase correlation in a grid of windows measures how far the print lies from where the marks
    put it (a fraction of a mm from a mark's centre, lens distortion or a bent sheet); a
    homography fitted to those shifts replaces the one from the marks alone.
    """
    cv2 = _cv2()
    photo = warp(gray, align, kind).astype(np.float32) / 255.0
    size = int(WINDOW_MM * PX_PER_MM)
    hann = cv2.createHanningWindow((size, size), cv2.CV_32F)
    h, w = photo.shape
    src, dst = [], []
    for cy in np.linspace(size / 2, h - size / 2, 6):
        for cx in np.linspace(size / 2, w - size / 2, 4):
            x0, y0 = int(cx - size / 2), int(cy - size / 2)
            a = 1.0 - photo[y0 : y0 + size, x0 : x0 + size]
            b = ref[y0 : y0 + size, x0 : x0 + size].copy()  # phaseCorrelate may write to views
            if float(b.std()) < 0.05:
                continue
            (dx, dy), response = cv2.phaseCorrelate(b, a, hann)
            if response < 0.15 or abs(dx) > size / 8 or abs(dy) > size / 8:
                continue
            # the print at sheet px (cx, cy) shows at (cx + dx, cy + dy) of the straightened photo
            src.append((cx + dx, cy + dy))
            dst.append((cx, cy))
    if len(src) < 6:
        return align
    m, inliers = cv2.findHomography(
        np.array(src, np.float32), np.array(dst, np.float32), cv2.RANSAC, 2.0
    )
    if m is None or inliers.sum() < 6:
        return align
    to_px = sheet_to_px()
    corrected = np.linalg.inv(to_px) @ m @ to_px @ align.homography
    return Alignment(
        sheet_id=align.sheet_id,
        lang=align.lang,
        homography=corrected / corrected[2, 2],
        marks=align.marks,
        px_per_mm=align.px_per_mm,
    )


def warp(gray: np.ndarray, align: Alignment, kind: SheetKind) -> np.ndarray:
    """The sheet cut out of the image and straightened: grey levels at PX_PER_MM, sheet mm (an
    image of several channels, height x width x channels, is straightened channel by channel;
    beyond the photo's edge every channel is white)."""
    cv2 = _cv2()
    h = align.homography
    scale = 1.0
    img = gray
    if align.px_per_mm > PX_PER_MM * 1.4:  # shrink first so thin strokes are averaged, not skipped
        scale = PX_PER_MM * 1.2 / align.px_per_mm
        img = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    # image px -> (shrunk px) -> sheet mm -> px of the sheet-aligned image
    shrink = np.array([[scale, 0, 0.5 * scale - 0.5], [0, scale, 0.5 * scale - 0.5], [0, 0, 1]])
    m = sheet_to_px() @ h @ np.linalg.inv(shrink)
    size = raster_size(kind.width, kind.height)
    white = (255,) * (img.shape[2] if img.ndim == 3 else 1)
    out = cv2.warpPerspective(
        img, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=white
    )
    return out


BEND_WINDOW_MM = 24.0  # windows in which the print's local shift is measured
BEND_GRID = (8, 11)  # columns and rows of those windows
FINE_WINDOW_MM = 12.0  # then again in windows half as wide (a curl bends the print within
FINE_GRID = (16, 22)  # 24 mm by more than the 0.5 mm that reads a box's outline as a mark)
FINE_RESPONSE = 0.2  # a window's shift counts when its phase correlation peaks at least this
FINE_REACH_MM = 1.0  # and when it is no more than this either way (the wide pass took the rest)


def unbend(straight: np.ndarray, ref: np.ndarray) -> tuple[np.ndarray, float]:
    """The straightened photo with what a homography cannot fix taken out: a curled or bent sheet.

    Measured first in wide windows, then, on the photo so corrected, in windows half as wide.
    Returns the corrected photo and the largest shift in mm (of the first pass).
    """
    out, biggest = _unbend(straight, ref, BEND_WINDOW_MM, BEND_GRID)
    out, _ = _unbend(out, ref, FINE_WINDOW_MM, FINE_GRID, FINE_RESPONSE, FINE_REACH_MM, True)
    return out, biggest


def _unbend(
    straight: np.ndarray,
    ref: np.ndarray,
    window_mm: float,
    grid: tuple[int, int],
    response: float = 0.1,
    reach_mm: float | None = None,
    leftover: bool = False,
) -> tuple[np.ndarray, float]:
    """The straightened photo with what a homography cannot fix taken out: a curled or bent sheet.

    The print's shift against the blank sheet is measured in a grid of windows (`grid` columns
    and rows, `window_mm` wide; a window counts when its phase correlation peaks at `response`
    or more and its shift is within `reach_mm`, by default a sixth of the window); the shifts
    (with outliers replaced by their neighbours' median) are interpolated smoothly over the
    sheet and the photo is resampled by them. `leftover`: what is measured is what a first pass
    left. Returns the corrected photo and the largest shift in mm.
    """
    cv2 = _cv2()
    from generator.games.papirove_doupe.scan.marks import Keep, of_ref

    size = int(window_mm * PX_PER_MM)
    reach = size / 6 if reach_mm is None else reach_mm * PX_PER_MM
    h, w = straight.shape
    cols, rows = grid
    xs = np.linspace(size / 2, w - size / 2, cols)
    ys = np.linspace(size / 2, h - size / 2, rows)
    hann = cv2.createHanningWindow((size, size), cv2.CV_32F)
    shift = np.full((rows, cols, 2), np.nan, np.float32)
    windows = of_ref(
        ref,
        f"unbend-{size}-{cols}x{rows}",
        lambda r: _bend_windows(r, size, xs, ys),
        Keep(_windows_arrays, partial(_windows_plan, size=size)),
    )
    for r, c, x0, y0, b in windows:
        a = 1.0 - straight[y0 : y0 + size, x0 : x0 + size].astype(np.float32) / 255.0
        (dx, dy), clear = cv2.phaseCorrelate(b, a, hann)
        if clear < response or abs(dx) > reach or abs(dy) > reach:
            continue
        shift[r, c] = (dx, dy)
    known = ~np.isnan(shift[..., 0])
    if known.sum() < 6:
        return straight, 0.0
    # fill the unknown windows from the known ones, then drop outliers against their neighbours;
    # when what is measured is what a first pass left, an unknown window is not moved and the
    # outliers are judged closer (a few noisy windows spread over the unknown ones around them
    # moved whole rows of boxes on a small, noisy photo)
    filled = np.where(np.isnan(shift), 0.0, shift).astype(np.float32) if leftover else shift.copy()
    for _ in range(max(rows, cols)):
        if not np.isnan(filled[..., 0]).any():
            break
        pad = np.pad(filled, ((1, 1), (1, 1), (0, 0)), constant_values=np.nan)
        stack = np.stack(
            [
                pad[1 + i : 1 + i + rows, 1 + j : 1 + j + cols]
                for i in (-1, 0, 1)
                for j in (-1, 0, 1)
            ]
        )
        known_around = (~np.isnan(stack)).sum(axis=0)
        total = np.where(known_around > 0, np.nansum(stack, axis=0), np.nan)
        around = (total / np.maximum(known_around, 1)).astype(np.float32)
        filled = np.where(np.isnan(filled), around, filled)
    filled = np.nan_to_num(filled)
    med = np.stack([cv2.medianBlur(np.ascontiguousarray(filled[..., k]), 3) for k in (0, 1)], -1)
    bad = np.hypot(*(filled - med).transpose(2, 0, 1)) > (0.25 if leftover else 0.5) * PX_PER_MM
    filled = np.where(bad[..., None], med, filled)
    filled = cv2.GaussianBlur(filled, (0, 0), 0.6, borderType=cv2.BORDER_REPLICATE).astype(
        np.float32
    )
    biggest = float(np.hypot(filled[..., 0], filled[..., 1]).max()) / PX_PER_MM
    if biggest < 0.15:
        return straight, biggest
    # the window grid's coordinates of every pixel, then the shift there by bilinear interpolation
    gx = ((np.arange(w) - xs[0]) / (xs[1] - xs[0])).astype(np.float32)[None, :].repeat(h, 0)
    gy = ((np.arange(h) - ys[0]) / (ys[1] - ys[0])).astype(np.float32)[:, None].repeat(w, 1)
    fx = cv2.remap(filled[..., 0], gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    fy = cv2.remap(filled[..., 1], gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    qx = np.arange(w, dtype=np.float32)[None, :] + fx
    qy = np.arange(h, dtype=np.float32)[:, None] + fy
    out = cv2.remap(
        straight, qx, qy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=255
    )
    return out, biggest


def _bend_windows(
    ref: np.ndarray, size: int, xs: np.ndarray, ys: np.ndarray
) -> list[tuple[int, int, int, int, np.ndarray]]:
    """The windows of the blank sheet that `_unbend` measures in (those with print enough to
    match): row, column, left and top px, and the window of the blank sheet."""
    out = []
    for r, cy in enumerate(ys):
        for c, cx in enumerate(xs):
            x0, y0 = int(cx - size / 2), int(cy - size / 2)
            b = ref[y0 : y0 + size, x0 : x0 + size].copy()
            if float(b.std()) >= 0.05:
                out.append((r, c, x0, y0, b))
    return out


def _windows_arrays(ref: np.ndarray, windows: list) -> dict[str, np.ndarray]:
    """`_bend_windows`' windows as the cache keeps them: their places (the sheet has the rest)."""
    return {"at": np.array([w[:4] for w in windows], np.int64).reshape(-1, 4)}


def _windows_plan(ref: np.ndarray, arrays: dict[str, np.ndarray], size: int) -> list:
    """`_bend_windows`' windows again from their places."""
    at = arrays["at"]
    h, w = ref.shape
    if at.size and (at.min() < 0 or (at[:, 2] + size).max() > w or (at[:, 3] + size).max() > h):
        raise ValueError("a plan of another sheet")
    return [
        (r, c, x0, y0, ref[y0 : y0 + size, x0 : x0 + size].copy()) for r, c, x0, y0 in at.tolist()
    ]


REGISTER_MM = 0.8  # a box is matched against the blank sheet in a window this much wider
REGISTER_REACH = 8  # px: and may be found up to this far off either way (1 mm)
REGISTER_AROUND_MM = 9.0  # a box's shift is the median of the boxes' whose centres lie this close
REGISTER_CELL = 16  # px: the shift field is spread over cells of this size
REGISTER_MIN = 0.5  # px: a box's shift smaller than this is taken for none (the print matches)


def _register_arrays(ref: np.ndarray, plan: tuple) -> dict[str, np.ndarray]:
    """`_register_plan` as the cache keeps it: the windows and each box's neighbours."""
    _, windows, around = plan
    return {
        "windows": np.array(windows, np.int64).reshape(-1, 5),
        "around": np.concatenate(
            [np.asarray(a, np.int64) for a in around] or [np.zeros(0, np.int64)]
        ),
        "counts": np.array([len(a) for a in around], np.int64),
    }


def _register_again(ref: np.ndarray, arrays: dict[str, np.ndarray]) -> tuple:
    """`_register_plan` again from what the cache keeps (the half-size sheet made anew)."""
    cv2 = _cv2()
    h, w = ref.shape
    half = cv2.resize(ref, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    windows = [tuple(row) for row in arrays["windows"].tolist()]
    counts = arrays["counts"]
    if arrays["around"].size and (
        arrays["around"].max() >= counts.size or counts.sum() != arrays["around"].size
    ):
        raise ValueError("a plan of other boxes")
    around = np.split(arrays["around"], np.cumsum(counts)[:-1])
    return half, windows, around


def _register_plan(ref: np.ndarray, boxes) -> tuple:
    """The blank sheet at half resolution, each box's window (those with print to match) and
    each box's neighbours within REGISTER_AROUND_MM (itself included)."""
    cv2 = _cv2()
    from generator.games.papirove_doupe.scan.template import px

    h, w = ref.shape
    half = cv2.resize(ref, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    windows = []
    for i, b in enumerate(boxes):
        x0, y0 = round(px(b.x - REGISTER_MM)) // 2 * 2, round(px(b.y - REGISTER_MM)) // 2 * 2
        x1 = -(-round(px(b.x + b.w + REGISTER_MM)) // 2) * 2
        y1 = -(-round(px(b.y + b.h + REGISTER_MM)) // 2) * 2
        r = REGISTER_REACH + 2
        if x0 - r < 0 or y0 - r < 0 or x1 + r > w or y1 + r > h:
            continue
        if float(ref[y0:y1, x0:x1].std()) >= 0.05:
            windows.append((i, x0, y0, x1, y1))
    centre = np.array([(b.x + b.w / 2, b.y + b.h / 2) for b in boxes])
    around = [np.flatnonzero(np.hypot(*(centre - c).T) <= REGISTER_AROUND_MM) for c in centre]
    return half, windows, around


def box_shifts(photo: np.ndarray, ref: np.ndarray, boxes) -> np.ndarray:
    """Where each box's print lies in the straightened photo against the blank sheet: (n, 2) px.

    Each box's window (its outline and REGISTER_MM around it) of the blank sheet is matched in
    the photo up to REGISTER_REACH px off (normalised correlation, so light and tone drop out):
    first at half resolution (a box found in place there is taken to be in place: within a
    pixel), then at full resolution a pixel either way of that, and to a fraction of a pixel by
    a parabola through the best match and its neighbours. A mark inside
    a box can pull its own match; a box's shift is therefore the median of the shifts of the
    boxes within REGISTER_AROUND_MM, itself included.
    """
    cv2 = _cv2()
    from generator.games.papirove_doupe.scan.marks import Keep, boxes_name, of_ref

    name = f"register-{boxes_name(boxes)}"
    half_ref, windows, around = of_ref(
        ref,
        name,
        lambda r: _register_plan(r, boxes),
        Keep(_register_arrays, _register_again),
    )
    h, w = photo.shape
    half = cv2.resize(photo, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    r2 = -(-REGISTER_REACH // 2)
    found = np.full((len(boxes), 2), np.nan)
    for i, x0, y0, x1, y1 in windows:
        a0, b0, a1, b1 = x0 // 2, y0 // 2, x1 // 2, y1 // 2
        coarse = cv2.matchTemplate(
            half[b0 - r2 : b1 + r2, a0 - r2 : a1 + r2],
            half_ref[b0:b1, a0:a1],
            cv2.TM_CCOEFF_NORMED,
        )
        _, best, _, (cx, cy) = cv2.minMaxLoc(coarse)
        if best < 0.5:
            continue
        dx, dy = 2 * (cx - r2), 2 * (cy - r2)
        if dx == 0 and dy == 0:  # within a pixel: the print matches, as far as it matters
            found[i] = 0.0
            continue
        match = cv2.matchTemplate(
            photo[y0 + dy - 1 : y1 + dy + 1, x0 + dx - 1 : x1 + dx + 1],
            ref[y0:y1, x0:x1],
            cv2.TM_CCOEFF_NORMED,
        )
        _, best, _, (bx, by) = cv2.minMaxLoc(match)
        d = [float(dx + bx - 1), float(dy + by - 1)]
        if abs(d[0]) > REGISTER_REACH or abs(d[1]) > REGISTER_REACH:
            continue
        for k, (c, n) in enumerate(((bx, match.shape[1]), (by, match.shape[0]))):
            if 0 < c < n - 1:
                a = match[by, bx - 1 : bx + 2] if k == 0 else match[by - 1 : by + 2, bx]
                den = a[0] - 2 * a[1] + a[2]
                if den < 0:
                    d[k] += float(np.clip(0.5 * (a[0] - a[2]) / den, -0.5, 0.5))
        found[i] = d
    out = np.zeros((len(boxes), 2))
    ok = ~np.isnan(found[:, 0])
    moved = ok & (np.nan_to_num(found) != 0).any(axis=1)
    for i, near in enumerate(around):
        if not moved[near].any():  # the median of nothing but boxes in place
            continue
        near = near[ok[near]]
        out[i] = np.median(found[near], axis=0)
    return out


def register(straight: np.ndarray, ref: np.ndarray, boxes) -> np.ndarray:
    """The straightened photo resampled so that each box's print lies where the blank sheet has
    it (what the bend correction's windows, 12 mm and more, leave: up to half a millimetre at
    the sheet's edge, where its outline reads as a ring round an empty circle)."""
    cv2 = _cv2()
    from generator.games.papirove_doupe.scan.template import px

    photo = 1.0 - straight.astype(np.float32) / 255.0
    shifts = box_shifts(photo, ref, boxes)
    shifts[np.hypot(shifts[:, 0], shifts[:, 1]) < REGISTER_MIN] = 0.0
    if not len(boxes) or not shifts.any():
        return straight
    h, w = straight.shape
    c = REGISTER_CELL
    gh, gw = -(-h // c), -(-w // c)
    num = np.zeros((gh, gw, 2), np.float32)
    den = np.zeros((gh, gw), np.float32)
    for b, s in zip(boxes, shifts, strict=True):
        gx = min(max(int(px(b.x + b.w / 2) // c), 0), gw - 1)
        gy = min(max(int(px(b.y + b.h / 2) // c), 0), gh - 1)
        num[gy, gx] += s
        den[gy, gx] += 1.0
    sigma = 2.0 * PX_PER_MM / c  # 2 mm
    num = cv2.GaussianBlur(num, (0, 0), sigma)
    den = cv2.GaussianBlur(den, (0, 0), sigma)
    peak = float(den.max())
    # far from any box the field fades to no shift
    field = num / np.maximum(den, 0.05 * peak)[..., None]
    fx = cv2.resize(
        np.ascontiguousarray(field[..., 0]), (gw * c, gh * c), interpolation=cv2.INTER_LINEAR
    )[:h, :w]
    fy = cv2.resize(
        np.ascontiguousarray(field[..., 1]), (gw * c, gh * c), interpolation=cv2.INTER_LINEAR
    )[:h, :w]
    qx = np.arange(w, dtype=np.float32)[None, :] + fx
    qy = np.arange(h, dtype=np.float32)[:, None] + fy
    return cv2.remap(
        straight, qx, qy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=255
    )
