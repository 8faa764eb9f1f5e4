"""The page checker behind `papirna lint`: collisions, text too close to its frame, grid lines
crossed, ink in the printer's dead zone, one-letter words at line ends and signs the typesetter
would have set (straight quotes and apostrophes, a hyphen for a minus).

Every drawn operation becomes bounding shapes in page mm: a text line is the box of its glyphs,
an icon one solid box, a stroke (line, rectangle or ellipse outline, path) a chain of segments
with its width. Fills alone are backgrounds and never collide. Shapes of one element (a layout
box, or what a builder tagged with one name) never collide with each other; an element tagged
`layered` may overlap anything, and `over` names the elements it may overlap.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from generator.layout.ops import (
    EllipseOp,
    GroupOp,
    ImageOp,
    LineOp,
    Page,
    PathOp,
    RectOp,
    SolidOp,
    TagOp,
    TextOp,
)
from generator.layout.typography import is_one_letter

TEXT_CLEARANCE = 0.8  # mm between a text and any line (its frame, a rule, a ring)
CELL = 6.0  # mm: the spatial hash's cell
EPS = 0.05  # mm of contact that is not yet a collision (shapes that merely touch)
PT = 25.4 / 72


class Element(NamedTuple):
    """One element of a page: its key (unique), shown name, and declarations."""

    key: int
    name: str
    layered: bool = False
    over: tuple[str, ...] = ()
    grid: bool = False


class Shape(NamedTuple):
    """A bounding shape: a box ('text', 'solid') or a segment ('line' straight, 'curve')."""

    kind: str  # 'text' | 'solid' | 'line' | 'curve' | 'ring'
    x0: float
    y0: float
    x1: float
    y1: float
    half: float  # half the stroke width (segments), 0 for boxes
    element: Element
    what: str  # e.g. "text 'Železná Brána'"
    frame: tuple[float, float, float, float] | None = None  # the outline this segment is part of
    order: int = 0  # drawing order: a filled shape drawn later hides what lies under it

    @property
    def is_box(self) -> bool:
        return self.kind in ("text", "solid")

    def bbox(self, grow: float = 0.0) -> tuple[float, float, float, float]:
        """Axis-aligned bounds, grown by the stroke and `grow`."""
        g = self.half + grow
        return (
            min(self.x0, self.x1) - g,
            min(self.y0, self.y1) - g,
            max(self.x0, self.x1) + g,
            max(self.y0, self.y1) + g,
        )


class Finding(NamedTuple):
    """One defect: where and what."""

    file: str
    page: int
    message: str
    x: float
    y: float

    def line(self) -> str:
        """The finding as one line of the report."""
        return f"{self.file}: page {self.page}: {self.message} at ({self.x:.1f}, {self.y:.1f}) mm"


_new = tuple.__new__  # a Shape without NamedTuple's keyword handling (the hot path)
_ARCS: dict[tuple, list[tuple[float, float]]] = {}  # (a0, a1, n): cos and sin of each step
_BEZIER = [  # t = i / 6: the four Bernstein weights, as `_path` multiplies them
    (u**3, 3 * u * u * t, 3 * u * t * t, t**3) for t, u in ((i / 6, 1 - i / 6) for i in range(1, 7))
]


@dataclass
class _Collector:
    metrics: object
    shapes: list[Shape] = field(default_factory=list)
    texts: list[tuple[Element, TextOp, float, float]] = field(default_factory=list)
    covers: list[tuple[int, float, float, float, float]] = field(default_factory=list)
    _keys: int = 0
    # bounds of paths and groups by id(op), kept with the op (so that the id stays its own):
    # an icon is one tuple of ops placed many times, so its bounds are computed once
    bounds: dict[int, tuple] = field(default_factory=dict)

    def element(self, name: str = "", **kw) -> Element:
        self._keys += 1
        if not kw:  # an untagged operation's own element (the common case)
            return _new(Element, (self._keys, name, False, (), False))
        return Element(self._keys, name, **kw)

    def walk(self, ops: Iterable, dx: float, dy: float, clip, owner: Element | None) -> None:
        """Shapes of `ops` moved by (dx, dy), clipped to `clip` (page mm) when given."""
        current = owner
        named: dict[str, Element] = {}  # one name in one list is one element
        solid_left = 0
        solid_box: list[float] | None = None
        solid_owner: Element | None = None
        seg = self._seg
        for op in ops:
            t = type(op)
            if t is TagOp:
                if not op.name:
                    current = owner
                elif op.name in named:
                    current = named[op.name]
                else:
                    current = named[op.name] = self.element(
                        op.name, layered=op.layered, over=op.over, grid=op.grid
                    )
                continue
            if t is SolidOp:
                solid_left = op.count
                solid_box = [math.inf, math.inf, -math.inf, -math.inf]
                solid_owner = current or self.element("icon")
                if solid_left == 0:
                    solid_box = None
                continue
            if solid_box is not None:
                b = self._bounds(op)
                if b is not None:
                    solid_box[0] = min(solid_box[0], b[0] + dx)
                    solid_box[1] = min(solid_box[1], b[1] + dy)
                    solid_box[2] = max(solid_box[2], b[2] + dx)
                    solid_box[3] = max(solid_box[3], b[3] + dy)
                solid_left -= 1
                if solid_left == 0:
                    x0, y0, x1, y1 = solid_box
                    if x0 < x1:
                        self._box("solid", x0, y0, x1, y1, solid_owner, "icon", clip)
                    solid_box = None
                continue
            if t is GroupOp:
                inner = clip
                if op.clip is not None:
                    cx, cy, cw, ch = op.clip
                    box = (cx + dx + op.dx, cy + dy + op.dy, cx + cw + dx + op.dx)
                    box = (*box, cy + ch + dy + op.dy)
                    inner = (
                        box
                        if clip is None
                        else (
                            max(box[0], clip[0]),
                            max(box[1], clip[1]),
                            min(box[2], clip[2]),
                            min(box[3], clip[3]),
                        )
                    )
                self.walk(op.ops, dx + op.dx, dy + op.dy, inner, current)
                continue
            el = current or self.element()
            if t is TextOp:
                self._text(op, dx, dy, clip, el)
            elif t is LineOp:
                style = op.style
                if style.stroke is not None and style.width > 0:
                    w = style.width / 2
                    seg("line", op.x1 + dx, op.y1 + dy, op.x2 + dx, op.y2 + dy, w, el, "line", clip)
            elif t is RectOp:
                style = op.style
                if style.fill is not None and op.w > 0 and op.h > 0:
                    r = min(op.radius, op.w / 2, op.h / 2) * 0.3  # the corners hide less
                    self.covers.append(
                        (
                            len(self.shapes),
                            op.x + dx + r,
                            op.y + dy + r,
                            op.x + op.w + dx - r,
                            op.y + op.h + dy - r,
                        )
                    )
                if style.stroke is not None and style.width > 0:
                    x0, y0, x1, y1 = op.x + dx, op.y + dy, op.x + op.w + dx, op.y + op.h + dy
                    w = style.width / 2
                    r = min(op.radius, op.w / 2, op.h / 2)
                    what = f"frame {op.w:.1f}x{op.h:.1f}mm"
                    box = (x0, y0, x1, y1)
                    seg("line", x0 + r, y0, x1 - r, y0, w, el, what, clip, box)
                    seg("line", x1, y0 + r, x1, y1 - r, w, el, what, clip, box)
                    seg("line", x1 - r, y1, x0 + r, y1, w, el, what, clip, box)
                    seg("line", x0, y1 - r, x0, y0 + r, w, el, what, clip, box)
                    if r > 0:  # the corners, as quarter rings
                        for cx, cy, a0 in (
                            (x1 - r, y0 + r, -90),
                            (x1 - r, y1 - r, 0),
                            (x0 + r, y1 - r, 90),
                            (x0 + r, y0 + r, 180),
                        ):
                            self._arc(cx, cy, r, r, a0, a0 + 90, 3, w, el, what, clip, "line", box)
            elif t is EllipseOp:
                if op.style.stroke is not None and op.style.width > 0:
                    what = f"ring r={op.rx:.1f}mm"
                    w = op.style.width / 2
                    self._arc(op.cx + dx, op.cy + dy, op.rx, op.ry, 0, 360, 24, w, el, what, clip)
            elif t is PathOp:
                if op.style.stroke is not None and op.style.width > 0:
                    self._path(op, dx, dy, el, clip)
            elif t is ImageOp:
                pass  # pictures are art: text on them is what they are for

    def _bounds(self, op) -> tuple[float, float, float, float] | None:
        """`_op_bounds(op)`, computed once per path or group object."""
        t = type(op)
        if t is not PathOp and t is not GroupOp:
            return _op_bounds(op)
        hit = self.bounds.get(id(op))
        if hit is None or hit[0] is not op:
            hit = self.bounds[id(op)] = (op, _op_bounds(op))
        return hit[1]

    def _box(self, kind, x0, y0, x1, y1, el, what, clip) -> bool:
        """Add a box shape (cut to `clip`); whether it was added."""
        shapes = self.shapes
        if clip is not None:
            g = 0.0 + 0.0  # what Shape.bbox() grows a box by
            if (
                max(x0, x1) + g <= clip[0]
                or min(x0, x1) - g >= clip[2]
                or max(y0, y1) + g <= clip[1]
                or min(y0, y1) - g >= clip[3]
            ):
                return False
            x0, y0, x1, y1 = max(x0, clip[0]), max(y0, clip[1]), min(x1, clip[2]), min(y1, clip[3])
        shapes.append(_new(Shape, (kind, x0, y0, x1, y1, 0.0, el, what, None, len(shapes))))
        return True

    def _seg(self, kind, x0, y0, x1, y1, half, el, what, clip, frame=None) -> None:
        shapes = self.shapes
        if clip is not None:
            g = half + 0.0  # Shape.bbox()
            if (
                max(x0, x1) + g <= clip[0]
                or min(x0, x1) - g >= clip[2]
                or max(y0, y1) + g <= clip[1]
                or min(y0, y1) - g >= clip[3]
            ):
                return
            cut = _clip_segment(x0, y0, x1, y1, clip)
            if cut is None:
                return
            x0, y0, x1, y1 = cut
        shapes.append(_new(Shape, (kind, x0, y0, x1, y1, half, el, what, frame, len(shapes))))

    def _arc(
        self, cx, cy, rx, ry, a0, a1, n, half, el, what, clip, kind="ring", frame=None
    ) -> None:
        steps = _ARCS.get((a0, a1, n))
        if steps is None:
            steps = []
            for i in range(n + 1):
                a = math.radians(a0 + (a1 - a0) * i / n)
                steps.append((math.cos(a), math.sin(a)))
            _ARCS[(a0, a1, n)] = steps
        frame = frame or (cx - rx, cy - ry, cx + rx, cy + ry)
        if clip is None:  # the common case, without a call per segment
            shapes = self.shapes
            pts = [(cx + rx * c, cy + ry * s) for c, s in steps]
            base = len(shapes)
            shapes.extend(
                [
                    _new(Shape, (kind, ax, ay, bx, by, half, el, what, frame, base + k))
                    for k, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(pts))
                ]
            )
            return
        seg = self._seg
        c, s = steps[0]
        ax, ay = cx + rx * c, cy + ry * s
        for c, s in steps[1:]:
            bx, by = cx + rx * c, cy + ry * s
            seg(kind, ax, ay, bx, by, half, el, what, clip, frame)
            ax, ay = bx, by

    def _path(self, op: PathOp, dx: float, dy: float, el: Element, clip) -> None:
        half = op.style.width / 2
        frame = None
        if any(seg[0] == "Z" for seg in op.segments):  # a closed outline frames what is inside
            b = self._bounds(op)
            if b is not None:
                frame = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        add = self._seg
        start = cur = None
        for seg in op.segments:
            k = seg[0]
            if k == "M":
                start = cur = (seg[1] + dx, seg[2] + dy)
            elif k == "L" and cur is not None:
                nxt = (seg[1] + dx, seg[2] + dy)
                add("curve", *cur, *nxt, half, el, "path", clip, frame)
                cur = nxt
            elif k == "C" and cur is not None:
                x0, y0 = cur
                x1, y1, x2, y2 = seg[1] + dx, seg[2] + dy, seg[3] + dx, seg[4] + dy
                x3, y3 = seg[5] + dx, seg[6] + dy
                px, py = x0, y0
                for k0, k1, k2, k3 in _BEZIER:
                    qx = k0 * x0 + k1 * x1 + k2 * x2 + k3 * x3
                    qy = k0 * y0 + k1 * y1 + k2 * y2 + k3 * y3
                    add("curve", px, py, qx, qy, half, el, "path", clip, frame)
                    px, py = qx, qy
                cur = (x3, y3)
            elif k == "Z" and cur is not None and start is not None:
                if cur != start:
                    add("curve", *cur, *start, half, el, "path", clip, frame)
                cur = start

    def _text(self, op: TextOp, dx: float, dy: float, clip, el: Element) -> None:
        text = op.text.rstrip()
        if not text.strip():
            return
        width = self.metrics.width(text, op.font, op.size) * PT  # type: ignore[attr-defined]
        lead = len(text) - len(text.lstrip())
        x0 = op.x + dx + (self.metrics.width(text[:lead], op.font, op.size) * PT if lead else 0)  # type: ignore[attr-defined]
        top, bottom = _glyph_extent(text)
        y = op.y + dy
        what = f"text {_short(text)!r}"
        x1 = op.x + dx + width
        y0, y1 = y - top * op.size * PT, y + bottom * op.size * PT
        if self._box("text", x0, y0, x1, y1, el, what, clip):
            self.texts.append((el, op, op.x + dx, y))


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 30 else text[:29] + "…"


_TALL = set("ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽÄÖÜÅÇ")
_DESC = set("gjpqyQ,;()[]{}|/@$ţşçęąµ")


def _glyph_extent(text: str) -> tuple[float, float]:
    """Top above and bottom below the baseline, per 1 pt of size, of the ink of `text`."""
    top = 0.76 if _TALL.isdisjoint(text) else 0.92
    bottom = 0.02 if _DESC.isdisjoint(text) else 0.23
    return top, bottom


def _op_bounds(op) -> tuple[float, float, float, float] | None:
    t = type(op)
    if t is PathOp:
        xs, ys = [], []
        for seg in op.segments:
            if len(seg) > 1:
                xs.extend(seg[1::2])
                ys.extend(seg[2::2])
        if not xs:
            return None
        return min(xs), min(ys), max(xs), max(ys)
    if t is RectOp:
        return op.x, op.y, op.x + op.w, op.y + op.h
    if t is EllipseOp:
        return op.cx - op.rx, op.cy - op.ry, op.cx + op.rx, op.cy + op.ry
    if t is LineOp:
        return min(op.x1, op.x2), min(op.y1, op.y2), max(op.x1, op.x2), max(op.y1, op.y2)
    if t is GroupOp:
        boxes = [b for b in (_op_bounds(o) for o in op.ops) if b is not None]
        if not boxes:
            return None
        return (
            min(b[0] for b in boxes) + op.dx,
            min(b[1] for b in boxes) + op.dy,
            max(b[2] for b in boxes) + op.dx,
            max(b[3] for b in boxes) + op.dy,
        )
    return None


def _clip_segment(x0, y0, x1, y1, clip):
    """Liang-Barsky: the part of a segment inside the clip box, or None."""
    cx0, cy0, cx1, cy1 = clip
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - cx0), (dx, cx1 - x0), (-dy, y0 - cy0), (dy, cy1 - y0)):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy


# --- distances -------------------------------------------------------------------------------


def _seg_seg(a: Shape, b: Shape) -> tuple[float, float, float]:
    """Distance between two segments' centre lines and a point near the closest approach."""
    p, q = (a.x0, a.y0), (a.x1, a.y1)
    r, s = (b.x0, b.y0), (b.x1, b.y1)
    if _segments_cross(p, q, r, s):
        x, y = _cross_point(p, q, r, s)
        return 0.0, x, y
    best = (math.inf, 0.0, 0.0)
    for pt, (u, v) in ((p, (r, s)), (q, (r, s)), (r, (p, q)), (s, (p, q))):
        d, x, y = _point_seg(pt, u, v)
        if d < best[0]:
            best = (d, (pt[0] + x) / 2, (pt[1] + y) / 2)
    return best


def _point_seg(pt, u, v) -> tuple[float, float, float]:
    ux, uy = u
    vx, vy = v
    dx, dy = vx - ux, vy - uy
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((pt[0] - ux) * dx + (pt[1] - uy) * dy) / ll))
    x, y = ux + t * dx, uy + t * dy
    return math.hypot(pt[0] - x, pt[1] - y), x, y


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_cross(p, q, r, s) -> bool:
    d1, d2 = _orient(r, s, p), _orient(r, s, q)
    d3, d4 = _orient(p, q, r), _orient(p, q, s)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 * d2 < 0 and d3 * d4 < 0


def _cross_point(p, q, r, s) -> tuple[float, float]:
    d1, d2 = _orient(r, s, p), _orient(r, s, q)
    t = d1 / (d1 - d2)
    return p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])


def _box_seg(box: Shape, seg: Shape) -> tuple[float, float, float]:
    """Distance between a box and a segment's centre line (0 when it passes through)."""
    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
    p, q = (seg.x0, seg.y0), (seg.x1, seg.y1)
    for pt in (p, q):
        if x0 <= pt[0] <= x1 and y0 <= pt[1] <= y1:
            return 0.0, pt[0], pt[1]
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    best = (math.inf, 0.0, 0.0)
    for u, v in zip(corners, corners[1:] + corners[:1], strict=True):
        if _segments_cross(p, q, u, v):
            x, y = _cross_point(p, q, u, v)
            return 0.0, x, y
        for pt, (a, b) in ((p, (u, v)), (q, (u, v)), (u, (p, q)), (v, (p, q))):
            d, x, y = _point_seg(pt, a, b)
            if d < best[0]:
                best = (d, (pt[0] + x) / 2, (pt[1] + y) / 2)
    return best


def _box_box(a: Shape, b: Shape) -> tuple[float, float, float]:
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.y0 - b.y1, b.y0 - a.y1, 0.0)
    cx = (max(a.x0, b.x0) + min(a.x1, b.x1)) / 2
    cy = (max(a.y0, b.y0) + min(a.y1, b.y1)) / 2
    return math.hypot(dx, dy), cx, cy


def _allowed(a: Element, b: Element) -> bool:
    """Whether two elements may overlap: one and the same, layered, or declared."""
    if a.key == b.key:
        return True
    if a.layered or b.layered:
        return True
    return bool(a.name and b.name and (a.name in b.over or b.name in a.over))


def _label(el: Element, shape: Shape) -> str:
    return f"{el.name} ({shape.what})" if el.name else shape.what


def _hidden(covers, a: Shape, b: Shape, x: float, y: float) -> bool:
    """Whether the point where a and b meet is painted over after the earlier of them."""
    first = min(a.order, b.order)
    return any(
        order > first and x0 <= x <= x1 and y0 <= y <= y1 for order, x0, y0, x1, y1 in covers
    )


def check_shapes(shapes: list[Shape], covers=()) -> list[tuple[str, float, float]]:
    """Collisions, clearance and grid findings among shapes: (message, x, y).

    One finding per pair of elements: the worst (an overlap or a crossed grid line before a
    text that is merely too close).

    Which pairs are compared is fixed by a spatial hash of CELL mm cells (a text grown by the
    clearance): two shapes of different elements that share a cell and whose bounds are no
    further apart than the clearance along x or y. Of several pairs of one pair of elements
    that find the worst, the first in the hash's order is reported (`_hash_order`). The pairs
    are found element by element: elements whose bounds are far apart, that may overlap, or
    whose shapes can meet without a finding (plain strokes) are never looked into.
    """
    if len(shapes) < 2:
        return []
    far = TEXT_CLEARANCE + 0.01  # the hash's own cut (see below)
    reach = far + 0.01  # the element stage's, a little wider: it only narrows the search
    # per element: [x0, y0, x1, y1 (its shapes' Shape.bbox()), element, active, plain], where
    # a row is (index, Shape.bbox()) and a pair of plain strokes (no text, icon or ring, no grid
    # line) never finds anything
    groups: dict[int, list] = {}
    last = None
    for i, (kind, x0, y0, x1, y1, half, el, _, _, _) in enumerate(shapes):
        g = half + 0.0
        lx, hx = (x0 - g, x1 + g) if x0 <= x1 else (x1 - g, x0 + g)
        ly, hy = (y0 - g, y1 + g) if y0 <= y1 else (y1 - g, y0 + g)
        if last is None or last[4] is not el:
            last = groups.get(id(el))
            if last is None:
                last = groups[id(el)] = [lx, ly, hx, hy, el, [], []]
        if lx < last[0]:
            last[0] = lx
        if ly < last[1]:
            last[1] = ly
        if hx > last[2]:
            last[2] = hx
        if hy > last[3]:
            last[3] = hy
        if kind == "text" or kind == "solid" or kind == "ring" or el.grid:
            last[5].append((i, lx, ly, hx, hy))
        else:
            last[6].append((i, lx, ly, hx, hy))
    els = sorted(groups.values(), key=lambda e: e[0])
    x0s = [e[0] for e in els]
    y0s = [e[1] for e in els]
    y1s = [e[3] for e in els]
    active = [k for k, e in enumerate(els) if e[5]]
    active_x0s = [els[k][0] for k in active]
    found: dict[tuple[int, int], list] = {}
    for ai, (ax0, ay0, ax1, ay1, ael, aact, aplain) in enumerate(els):
        # the elements after it that reach it along x (any if it has active shapes, else only
        # those that have), then along y
        if aact:
            others = range(ai + 1, bisect.bisect_right(x0s, ax1 + reach))
        else:
            lo = bisect.bisect_right(active, ai)
            others = active[lo : bisect.bisect_right(active_x0s, ax1 + reach)]
        low, high = ay0 - reach, ay1 + reach
        for bi in [k for k in others if y0s[k] <= high and y1s[k] >= low]:
            bx0, by0, bx1, by1, bel, bact, bplain = els[bi]
            if ael.key == bel.key or _allowed(ael, bel):
                continue
            # the shapes of each that reach the other's bounds
            wx0, wy0 = max(ax0, bx0) - reach, max(ay0, by0) - reach
            wx1, wy1 = min(ax1, bx1) + reach, min(ay1, by1) + reach
            near = [
                rs
                if len(rs) < 2
                else [r for r in rs if r[3] >= wx0 and r[1] <= wx1 and r[4] >= wy0 and r[2] <= wy1]
                for rs in (aact, aplain, bact, bplain)
            ]
            for one, other in ((near[0], near[2] + near[3]), (near[1], near[2])):
                for ra in one:
                    for rb in other:
                        if ra[0] < rb[0]:
                            p, px0, py0, px1, py1 = ra
                            q, qx0, qy0, qx1, qy1 = rb
                        else:
                            p, px0, py0, px1, py1 = rb
                            q, qx0, qy0, qx1, qy1 = ra
                        if qx0 - px1 > far or px0 - qx1 > far or qy0 - py1 > far or py0 - qy1 > far:
                            continue
                        a, b = shapes[p], shapes[q]
                        hit = _touch(a, b)
                        if hit is not None and _share_cell(a, b):
                            ka, kb = a.element.key, b.element.key
                            key = (ka, kb) if ka < kb else (kb, ka)
                            found.setdefault(key, []).append((p, q, *hit))
    if not found:
        return []
    rank = {"close": 0, "grid": 1, "overlap": 2}
    order = _hash_order(shapes)
    worst = []
    for hits in found.values():
        kept = [
            h for h in hits if not (covers and _hidden(covers, shapes[h[0]], shapes[h[1]], *h[3:]))
        ]
        if not kept:
            continue
        top = max(rank[h[2]] for h in kept)
        best = [h for h in kept if rank[h[2]] == top]
        p, q, kind, x, y = best[0] if len(best) == 1 else min(best, key=lambda h: order(*h[:2]))
        worst.append((y, x, kept, _message(kind, shapes[p], shapes[q])))
    if len({(w[0], w[1]) for w in worst}) < len(worst):
        # findings at one point: in the order their element pairs were first found
        worst.sort(key=lambda w: min(order(*h[:2]) for h in w[2]))
    worst.sort(key=lambda w: (w[0], w[1]))
    return [(msg, x, y) for y, x, _, msg in worst]


def _cells(s: Shape) -> tuple[int, int, int, int]:
    """The hash's cells a shape is in: gx0, gx1, gy0, gy1 (a text grown by the clearance)."""
    x0, y0, x1, y1 = s.bbox(TEXT_CLEARANCE if s.kind == "text" else 0.0)
    return int(x0 // CELL), int(x1 // CELL), int(y0 // CELL), int(y1 // CELL)


def _share_cell(a: Shape, b: Shape) -> bool:
    """Whether the hash compares a and b at all: they are in one cell."""
    ax0, ax1, ay0, ay1 = _cells(a)
    bx0, bx1, by0, by1 = _cells(b)
    return ax0 <= bx1 and bx0 <= ax1 and ay0 <= by1 and by0 <= ay1


def _hash_order(shapes: list[Shape]):
    """The order in which a hash of cells compares pairs: `order(p, q)` sorts like it.

    Cells are visited in the order they were first filled (shapes in order, each over its
    cells column by column) and the pairs of a cell in drawing order; a pair is compared in
    the first cell it shares. The cells' first shapes are found when first asked for.
    """
    first: dict[tuple[int, int], int] = {}

    def order(p: int, q: int) -> tuple:
        if not first:
            for i, s in enumerate(shapes):
                gx0, gx1, gy0, gy1 = _cells(s)
                for gx in range(gx0, gx1 + 1):
                    for gy in range(gy0, gy1 + 1):
                        first.setdefault((gx, gy), i)
        a, b = _cells(shapes[p]), _cells(shapes[q])
        cells = (
            (first[(gx, gy)], gx, gy)
            for gx in range(max(a[0], b[0]), min(a[1], b[1]) + 1)
            for gy in range(max(a[2], b[2]), min(a[3], b[3]) + 1)
        )
        return (min(cells), p, q)

    return order


def _message(kind: str, a: Shape, b: Shape) -> str:
    """The finding `kind` between a and b (a drawn first), as the report says it."""
    if kind == "close":
        text, other = (a, b) if a.kind == "text" else (b, a)
        return (
            f"{_label(text.element, text)} is closer than {TEXT_CLEARANCE:g} mm "
            f"to {_label(other.element, other)}"
        )
    if kind == "grid":
        line, other = (a, b) if a.element.grid else (b, a)
        return (
            f"{_label(other.element, other)} crosses a grid line of "
            f"{line.element.name or line.what}"
        )
    names = sorted((_label(a.element, a), _label(b.element, b)))
    return f"{names[0]} overlaps {names[1]}"


def _pair(a: Shape, b: Shape) -> tuple[str, float, float] | None:
    """What two shapes do to each other: ('overlap'|'close'|'grid', x, y) or None."""
    if _allowed(a.element, b.element):
        return None
    return _touch(a, b)


def _touch(a: Shape, b: Shape) -> tuple[str, float, float] | None:
    """`_pair` of two shapes whose elements may not overlap.

    Before any distance is measured, a pair whose bounds are clearly too far apart for what
    it could find (a gap over the limit by 1e-6 mm, where rounding errs by about 1e-13) is let go.
    """
    if a.is_box and b.is_box:
        d, x, y = _box_box(a, b)
        return ("overlap", x, y) if d <= 0 and _area_overlap(a, b) > EPS * EPS else None
    if a.is_box or b.is_box:
        box, seg = (a, b) if a.is_box else (b, a)
        text_in_frame = box.kind == "text" and _inside(box, seg.frame)
        if box.x0 <= box.x1 and box.y0 <= box.y1:
            limit = seg.half + (TEXT_CLEARANCE if text_in_frame else -EPS) + 1e-6
            if (
                min(seg.x0, seg.x1) - box.x1 > limit
                or box.x0 - max(seg.x0, seg.x1) > limit
                or min(seg.y0, seg.y1) - box.y1 > limit
                or box.y0 - max(seg.y0, seg.y1) > limit
            ):
                return None
        d, x, y = _box_seg(box, seg)
        d -= seg.half
        if d < -EPS:
            return ("grid" if seg.element.grid else "overlap", x, y)
        if text_in_frame and d < TEXT_CLEARANCE - 1e-6:
            return ("close", x, y)  # a text too close to the frame around it
        return None
    # two strokes: rules, frames and drawn outlines may meet and cross (a die net's folds, a
    # table's rules); a ring (a circle to mark) and a grid line may not be crossed
    gridded = a.element.grid or b.element.grid
    if not gridded and a.kind != "ring" and b.kind != "ring":
        return None
    if a.element.grid and b.element.grid:
        return None
    if (  # centre lines that cross have bounds that meet
        min(a.x0, a.x1) - max(b.x0, b.x1) > 1e-6
        or min(b.x0, b.x1) - max(a.x0, a.x1) > 1e-6
        or min(a.y0, a.y1) - max(b.y0, b.y1) > 1e-6
        or min(b.y0, b.y1) - max(a.y0, a.y1) > 1e-6
    ):
        return None
    d, x, y = _seg_seg(a, b)
    if d - a.half - b.half < -EPS and d < 1e-9:  # their centre lines cross
        return ("grid" if a.element.grid or b.element.grid else "overlap", x, y)
    return None


def _inside(box: Shape, frame: tuple[float, float, float, float] | None) -> bool:
    """Whether the middle of a text lies inside the outline `frame` (its frame)."""
    if frame is None:
        return False
    mx, my = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return frame[0] <= mx <= frame[2] and frame[1] <= my <= frame[3]


def _area_overlap(a: Shape, b: Shape) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return max(0.0, w) * max(0.0, h)


def check_line_ends(texts: list[tuple[Element, TextOp, float, float]]) -> list:
    """Lines of one element that end with a one-letter word while the text goes on below."""
    by_element: dict[int, list[tuple[float, float, TextOp]]] = defaultdict(list)
    for el, op, x, y in texts:
        by_element[el.key].append((round(y, 2), x, op))
    out = []
    names = {el.key: el for el, _, _, _ in texts}
    for key, runs in by_element.items():
        lines: dict[float, list[tuple[float, TextOp]]] = defaultdict(list)
        for y, x, op in runs:
            lines[y].append((x, op))
        ys = sorted(lines)
        for i, y in enumerate(ys[:-1]):
            row = sorted(lines[y], key=lambda r: r[0])
            words = " ".join(op.text for _, op in row).split()
            below = lines[ys[i + 1]]
            if (
                len(words) >= 2
                and is_one_letter(words[-1])
                and _continues(row, below, y, ys[i + 1])
            ):
                x, op = row[-1]
                el = names[key]
                name = el.name or "text"
                out.append((f"{name}: line ends with the one-letter word {words[-1]!r}", x, y))
    return out


_STRAIGHT = re.compile(r"(?<=[^\W\d_])'|\"|(?<![\w\-:.,])-(?=\d)")
_SIGNS = {
    "'": "a straight apostrophe (’)",
    '"': "a straight quote („…“ or “…”)",
    "-": "a hyphen for a minus (−)",
}


def check_signs(texts: list[tuple[Element, TextOp, float, float]]) -> list:
    """Text printed with a straight apostrophe or quote, or a hyphen for a minus sign: what the
    text engine's typesetting turns into true signs, so a builder set this text some other way."""
    out, seen = [], set()
    for el, op, x, y in texts:
        m = _STRAIGHT.search(op.text)
        if m and (el.key, m.group(0)) not in seen:
            seen.add((el.key, m.group(0)))
            name = el.name or "text"
            out.append((f"{name}: {_short(op.text)!r} has {_SIGNS[m.group(0)]}", x, y))
    return out


def _continues(row, below, y: float, y2: float) -> bool:
    """Whether the line below is the same paragraph going on (close under it, same column)."""
    size = row[-1][1].size * PT
    if y2 - y > 2.2 * size:
        return False
    x0 = min(x for x, _ in row)
    return any(abs(x - x0) < 40.0 for x, _ in below)


def check_margin(shapes: list[Shape], page: Page, margin: float) -> list:
    """Ink closer than `margin` mm to the paper edge."""
    out = []
    seen = set()
    limit = margin - 0.05
    width, height = page.width, page.height
    for s in shapes:
        _, x0, y0, x1, y1, half, el = s[:7]
        g = half + 0.0  # Shape.bbox()
        lx, hx = (x0 - g, x1 + g) if x0 <= x1 else (x1 - g, x0 + g)
        ly, hy = (y0 - g, y1 + g) if y0 <= y1 else (y1 - g, y0 + g)
        if lx >= limit and ly >= limit and width - hx >= limit and height - hy >= limit:
            continue  # clear of the dead zone
        d = min(lx, ly, width - hx, height - hy)
        if d < limit and el.key not in seen:
            seen.add(el.key)
            out.append(
                (
                    f"{_label(el, s)} is {max(d, 0.0):.1f} mm from the paper edge, inside "
                    f"the {margin:g} mm printers leave blank",
                    (lx + hx) / 2,
                    (ly + hy) / 2,
                )
            )
    return out


def _stroke_reach(shapes: list[Shape]) -> float:
    """How far beyond a clip box the shapes cut to it can reach: the widest stroke's half
    width, or infinity when a box is drawn inside out (its cut would not stay in the clip)."""
    widest = 0.0
    for s in shapes:
        if s.is_box and (s.x0 > s.x1 or s.y0 > s.y1):
            return math.inf
        widest = max(widest, s.half)
    return widest


def lint_pages(
    pages: list[Page], file: str, metrics, margin: float = 0.0, bounds: dict | None = None
) -> list[Finding]:
    """Every finding on the pages of one file; `margin`: the printer's dead zone (0: none).

    `bounds`: the bounds of paths and groups already measured (shared by the files of a run).
    """
    findings: list[Finding] = []
    shared: dict[int, list[tuple[str, float, float]]] = {}
    reach: dict[int, float] = {}  # per board: how far its strokes reach past what they are cut to
    known = {} if bounds is None else bounds
    for n, page in enumerate(pages, 1):
        col = _Collector(metrics, bounds=known)
        rest = []
        for op in page.ops:
            if type(op) is GroupOp and op.shared:
                # a board on tiles: checked once, in the board's own mm
                if id(op.ops) not in shared:
                    inner = _Collector(metrics, bounds=known)
                    inner.walk(op.ops, 0.0, 0.0, None, None)
                    shared[id(op.ops)] = (
                        check_shapes(inner.shapes, inner.covers)
                        + check_line_ends(inner.texts)
                        + check_signs(inner.texts)
                    )
                    for msg, x, y in shared[id(op.ops)]:
                        findings.append(Finding(file, n, f"{msg} (board mm)", x, y))
                    reach[id(op.ops)] = _stroke_reach(inner.shapes)
                clip = op.clip
                if clip is not None and margin > 0:
                    cx, cy, cw, ch = clip
                    box = (cx + op.dx, cy + op.dy, cx + cw + op.dx, cy + ch + op.dy)
                    # what is cut to the tile lies in it, strokes reaching out by half their
                    # width at most: a tile that far inside the dead zone's edge is clear
                    edge = min(box[0], box[1], page.width - box[2], page.height - box[3])
                    if edge - reach[id(op.ops)] <= margin - 0.05 + 1e-6:
                        outline = _Collector(metrics, bounds=known)
                        outline.walk(op.ops, op.dx, op.dy, box, None)
                        for msg, x, y in check_margin(outline.shapes, page, margin):
                            findings.append(Finding(file, n, msg, x, y))
                continue
            rest.append(op)
        col.walk(rest, 0.0, 0.0, None, None)
        found = check_shapes(col.shapes, col.covers) + check_line_ends(col.texts)
        for msg, x, y in found + check_signs(col.texts):
            findings.append(Finding(file, n, msg, x, y))
        if margin > 0 and page.trim_box is None:
            for msg, x, y in check_margin(col.shapes, page, margin):
                findings.append(Finding(file, n, msg, x, y))
    return findings


def lint_jobs(jobs: list, options=None, progress=None) -> list[Finding]:
    """Render every job's pages (not the PDF) and check them; findings in job order."""
    from generator.output.build import Renderer
    from generator.output.impose import PrintOptions

    opts = options or PrintOptions()
    renderer = Renderer(opts)
    findings: list[Finding] = []
    bounds: dict = {}  # icons are drawn once per run: their bounds are measured once too
    for job in jobs:
        doc = renderer.document(job)
        margin = 0.0 if job.single else opts.printer_margin
        findings.extend(lint_pages(doc.pages, job.filename, renderer.metrics, margin, bounds))
        if progress is not None:
            progress(job)
    return findings
