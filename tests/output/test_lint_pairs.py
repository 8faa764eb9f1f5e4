"""`check_shapes` finds exactly what the plain spatial hash it replaced found.

The reference below is that hash's algorithm written as a plain O(n^2) loop over all pairs: a
pair is compared when its shapes are of different elements, share a CELL mm cell (a text grown
by the clearance) and their bounds are no further apart than the clearance along x and y; pairs
are compared in the hash's order (cells in the order they were first filled, pairs of a cell in
drawing order, each pair in the first cell it shares), and per pair of elements the first
pair that finds the worst is reported. Its geometry is the package's distance functions
without any of `check_shapes`' shortcuts.
"""

from __future__ import annotations

import random

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from generator.output import lint
from generator.output.lint import CELL, EPS, TEXT_CLEARANCE, Element, Shape, check_shapes


def _cells(s: Shape) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = s.bbox(TEXT_CLEARANCE if s.kind == "text" else 0.0)
    return int(x0 // CELL), int(x1 // CELL), int(y0 // CELL), int(y1 // CELL)


def _reference_pair(a: Shape, b: Shape) -> tuple[str, float, float] | None:
    """What two shapes do to each other, measured in full (the hash's `_pair`)."""
    if lint._allowed(a.element, b.element):
        return None
    if a.is_box and b.is_box:
        d, x, y = lint._box_box(a, b)
        return ("overlap", x, y) if d <= 0 and lint._area_overlap(a, b) > EPS * EPS else None
    if a.is_box or b.is_box:
        box, seg = (a, b) if a.is_box else (b, a)
        d, x, y = lint._box_seg(box, seg)
        d -= seg.half
        if d < -EPS:
            return ("grid" if seg.element.grid else "overlap", x, y)
        if box.kind == "text" and d < TEXT_CLEARANCE - 1e-6 and lint._inside(box, seg.frame):
            return ("close", x, y)
        return None
    if not (a.element.grid or b.element.grid) and a.kind != "ring" and b.kind != "ring":
        return None
    if a.element.grid and b.element.grid:
        return None
    d, x, y = lint._seg_seg(a, b)
    if d - a.half - b.half < -EPS and d < 1e-9:
        return ("grid" if a.element.grid or b.element.grid else "overlap", x, y)
    return None


def reference(
    shapes: list[Shape], covers=(), hashed: bool = True
) -> list[tuple[str, float, float]]:
    """The spatial hash's findings, pair by pair in its order (`hashed`; else drawing order)."""
    cells = [_cells(s) for s in shapes]
    first: dict[tuple[int, int], int] = {}  # each cell's first shape: the order cells are filled
    for i, (gx0, gx1, gy0, gy1) in enumerate(cells):
        for gx in range(gx0, gx1 + 1):
            for gy in range(gy0, gy1 + 1):
                first.setdefault((gx, gy), i)
    far = TEXT_CLEARANCE + 0.01
    pairs = []
    for p, a in enumerate(shapes):
        ax0, ay0, ax1, ay1 = a.bbox()
        for q in range(p + 1, len(shapes)):
            b = shapes[q]
            if a.element.key == b.element.key:
                continue
            ca, cb = cells[p], cells[q]
            shared = [
                (first[(gx, gy)], gx, gy)
                for gx in range(max(ca[0], cb[0]), min(ca[1], cb[1]) + 1)
                for gy in range(max(ca[2], cb[2]), min(ca[3], cb[3]) + 1)
            ]
            if not shared:
                continue
            bx0, by0, bx1, by1 = b.bbox()
            if bx0 - ax1 > far or ax0 - bx1 > far or by0 - ay1 > far or ay0 - by1 > far:
                continue
            pairs.append((min(shared) if hashed else (), p, q))
    pairs.sort()
    rank = {"close": 0, "grid": 1, "overlap": 2}
    worst: dict[tuple[int, int], tuple[int, str, float, float]] = {}
    for _, p, q in pairs:
        a, b = shapes[p], shapes[q]
        els = (min(a.element.key, b.element.key), max(a.element.key, b.element.key))
        found = _reference_pair(a, b)
        if found is None:
            continue
        kind, x, y = found
        if rank[kind] <= worst.get(els, (-1,))[0]:
            continue
        if covers and lint._hidden(covers, a, b, x, y):
            continue
        worst[els] = (rank[kind], lint._message(kind, a, b), x, y)
    return [(msg, x, y) for _, msg, x, y in sorted(worst.values(), key=lambda w: (w[3], w[2]))]


NAMES = ("title", "frame", "plan", "badge", "")


def _element(key: int, rnd) -> Element:
    name = rnd.choice(NAMES)
    over = tuple(n for n in NAMES[:4] if rnd.random() < 0.15)
    return Element(key, name, rnd.random() < 0.1, over, rnd.random() < 0.2)


def _shapes(rnd, n: int, span: float, step: float) -> tuple[list[Shape], list]:
    """Random shapes on a span x span mm area, coordinates on a `step` mm lattice (so that
    shapes touch, share edges and meet cell borders exactly), of a few elements."""
    elements = [_element(k, rnd) for k in range(1, rnd.randint(2, 7))]

    def at() -> float:
        return round(rnd.randint(0, int(span / step)) * step, 6)

    shapes, covers = [], []
    for i in range(n):
        el = rnd.choice(elements)
        kind = rnd.choice(("text", "text", "solid", "line", "line", "curve", "ring"))
        x0, y0 = at(), at()
        if kind in ("text", "solid"):
            x1, y1, half = x0 + rnd.choice((0.5, 2.0, 5.0, 13.0)), y0 + rnd.choice((1.0, 3.0)), 0.0
            frame = None
        else:
            x1, y1 = (
                (x0, at()) if rnd.random() < 0.3 else (at(), y0 if rnd.random() < 0.3 else at())
            )
            half = rnd.choice((0.05, 0.125, 0.3))
            frame = rnd.choice(
                (None, None, (x0 - 3.0, y0 - 3.0, x0 + 9.0, y0 + 6.0), (0, 0, span, span))
            )
        shapes.append(Shape(kind, x0, y0, x1, y1, half, el, f"{kind} {i}", frame, i))
        if rnd.random() < 0.1:
            cx, cy = at(), at()
            covers.append((i + 1, cx, cy, cx + rnd.choice((2.0, 8.0)), cy + rnd.choice((2.0, 8.0))))
    return shapes, covers


@seed(25)
@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 45), st.sampled_from((0.05, 0.25, 1.0)))
def test_check_shapes_equals_the_plain_hash(rnd, n: int, step: float) -> None:
    shapes, covers = _shapes(rnd, n, 30.0, step)
    assert check_shapes(shapes, covers) == reference(shapes, covers)
    assert check_shapes(shapes) == reference(shapes)


def test_the_random_sets_find_much_and_tie_often() -> None:
    # the comparison above is only worth something if the sets find things, of every kind, and
    # if pairs of elements are often found by several pairs of shapes (where the order decides)
    rnd = random.Random(7)
    kinds = {"overlaps": 0, "crosses a grid line": 0, "is closer than": 0}
    tied = 0
    for _ in range(100):
        shapes, covers = _shapes(rnd, 40, 30.0, 0.25)
        found = check_shapes(shapes, covers)
        assert found == reference(shapes, covers)
        for msg, _, _ in found:
            for k in kinds:
                kinds[k] += k in msg
        hits: dict[tuple[int, int], int] = {}
        for p, a in enumerate(shapes):
            for b in shapes[p + 1 :]:
                if a.element.key != b.element.key and _reference_pair(a, b) is not None:
                    key = (min(a.element.key, b.element.key), max(a.element.key, b.element.key))
                    hits[key] = hits.get(key, 0) + 1
        tied += sum(1 for h in hits.values() if h > 1)
    assert min(kinds.values()) >= 10, kinds
    assert tied >= 100, tied


def test_a_changed_order_is_caught() -> None:
    # planted: the same pairs compared in drawing order instead of the hash's report other
    # pairs of shapes for some pairs of elements, and the comparison tells them apart
    rnd = random.Random(11)
    differ = 0
    for _ in range(60):
        shapes, covers = _shapes(rnd, 40, 30.0, 0.25)
        differ += reference(shapes, covers, hashed=False) != check_shapes(shapes, covers)
    assert differ >= 5, differ
