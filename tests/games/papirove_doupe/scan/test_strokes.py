"""The stroke channel of square boxes: light pencil strokes that a box's mean hardly shows."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules, strokes  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import blank_photo, pencil_cross  # noqa: E402

SEED = 24
CROSSED = [f"wound.{k}" for k in range(1, 6)]


def _box(kind, name):
    return next(b for b in kind.boxes if b.name == name)


def _line(image, box, p, q, darkness: float) -> None:
    """A 0.3 mm stroke of `darkness` from p to q (in mm from the box's top left corner)."""
    a = tuple(round(px(v) * 16) for v in (box.x + p[0], box.y + p[1]))
    b = tuple(round(px(v) * 16) for v in (box.x + q[0], box.y + q[1]))
    cv2.line(image, a, b, darkness, round(0.3 * PX_PER_MM), cv2.LINE_AA, 4)


def _without_strokes(monkeypatch):
    """The reader as it was before the stroke channel: the mean evidence only."""
    monkeypatch.setattr(
        local, "stroke_evidence", lambda local_, exp, ref, boxes, empty, shade, vary: -np.inf
    )


def test_a_slash_reaches_two_opposite_quarters_a_stroke_along_a_side_does_not(pd_pack, sheet_kind):
    """On a noise-free blank sheet (the residue is 0 on paper) wound 10 gets a slash of darkness
    0.1 from its bottom left to its top right corner (0.6 mm inside), wound 11 a stroke of 0.1
    along its top side (0.9 mm below it), wound 12 both a slash and a stroke along its left
    side. The slash lies along the 135-degree segments: in the top right and bottom left
    quarters, pixels on it average 0.1 along the 13 px segment, and they are more than 5 % of
    each quarter (a 2 px wide line across a 13 px quarter: about 2/13), so both quarters measure
    about 0.1. The stroke along a side darkens the two top quarters only; the bottom quarters'
    segments (6 px long to each side) do not reach 13 px up to it, so each diagonal pair has an
    empty quarter: 0 exactly. Wound 12's side stroke does not lift its slash's measure."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    photo = ref.copy()
    ink = np.zeros_like(photo)
    ten, eleven, twelve = (_box(sheet_kind, f"wound.{k}") for k in (10, 11, 12))
    s = ten.w - 0.6
    _line(ink, ten, (0.6, s), (s, 0.6), 0.1)
    _line(ink, eleven, (0.9, 0.9), (eleven.w - 0.9, 0.9), 0.1)
    _line(ink, twelve, (0.6, s), (s, 0.6), 0.1)
    _line(ink, twelve, (0.9, 0.9), (0.9, twelve.h - 0.9), 0.1)
    boxes = list(sheet_kind.boxes)
    measure, _ = strokes.square_strokes(photo + ink, ref, ref, boxes)
    at = {b.name: i for i, b in enumerate(boxes)}
    assert measure[at["wound.10"]] == pytest.approx(0.1, abs=0.02)
    assert measure[at["wound.11"]] == pytest.approx(0.0, abs=1e-6)
    assert measure[at["wound.12"]] == pytest.approx(measure[at["wound.10"]], abs=0.01)
    assert measure[at["wound.13"]] == pytest.approx(0.0, abs=1e-6)
    assert np.isnan(measure[at["quest.1.glory.1"]])  # circles are the disc strokes' business


def _crossed(pd_pack, sheet_kind, darkness: float):
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    ink = np.zeros_like(photo)
    for b in (b for b in sheet_kind.boxes if b.name in CROSSED):
        pencil_cross(ink, b, darkness)
    return photo + ink, ref


def test_a_thin_light_cross_the_mean_reads_empty_is_read_by_its_strokes(
    pd_pack, sheet_kind, monkeypatch
):
    """Light pencil crosses (0.3 mm strokes of darkness 0.03) in wounds 1-5 of a blank sheet
    with noise 0.01; too few for the gap between light marks and empty boxes (GAP_MARKS).

    The mean: wound's inner region is 4.4 - 2 x 0.53 = 3.34 mm (27 px) a side; the two
    diagonals, 2 px wide and anti-aliased, cover about 27 % of it, so the mean rises by about
    0.27 x 0.03 = 0.008 over the empty boxes', 5.4 of their spread (its floor, 0.0015): below
    the threshold of 6 spreads, evidence about -0.2 to 0 (the old reading: not sure of any).
    The strokes: along a diagonal the 13 px segment averages the stroke, 0.03; an empty box's
    quarters measure the 95th percentile of the noise averaged over 13 px (0.01 / 13 ** 0.5 =
    0.0028), about 0.007; the spread is the floor, 0.002. So a cross stands (0.031 - 0.007) /
    0.002 = 12 spreads up, evidence (12 - 6) / 2 = 3: read as marked, surely."""
    photo, ref = _crossed(pd_pack, sheet_kind, 0.03)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    assert min(ev[n] for n in CROSSED) > 2.0
    assert max(ev[f"wound.{k}"] for k in range(6, 41)) < -1.0
    d = rules.decide(ev)
    assert [k for k in range(1, 41) if d.marked[f"wound.{k}"]] == [1, 2, 3, 4, 5]
    assert not [n for n in d.ask if n.startswith("wound.")]
    # the mean alone reads none of them surely
    _without_strokes(monkeypatch)
    old = local.evidence(photo, ref, ref, boxes, marks.BAND)
    old_ev = dict(zip(old.names, old.evidence.tolist(), strict=True))
    assert max(old_ev[n] for n in CROSSED) < 0.5


def test_a_cross_run_over_the_corners_into_its_neighbours_is_not_theirs(pd_pack, sheet_kind):
    """Wounds 1-3 crossed in light pencil (0.03), wound 3's cross drawn in a box grown by half
    (running 1.1 mm over each corner, into the corners of wounds 2, 4, 22-24): in wound 4 it
    darkens one quarter only (the one at the corner it came in by), so each diagonal pair has
    an empty quarter, and wound 4's strokes read empty (evidence below -1)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    ink = np.zeros_like(photo)
    three = _box(sheet_kind, "wound.3")
    grown = three._replace(
        x=three.x - three.w / 4, y=three.y - three.h / 4, w=1.5 * three.w, h=1.5 * three.h
    )
    for b in (_box(sheet_kind, "wound.1"), _box(sheet_kind, "wound.2"), grown):
        pencil_cross(ink, b, 0.03)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo + ink, ref, ref, boxes, marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    assert min(ev[f"wound.{k}"] for k in (1, 2, 3)) > 2.0
    assert max(ev[f"wound.{k}"] for k in (4, 22, 23, 24)) < -1.0


def test_a_print_set_off_by_a_pixel_is_no_stroke(pd_pack, sheet_kind):
    """The photo is the blank sheet moved 1 px right and 1 px down (1/8 mm; per-box
    registration leaves about that), with noise 0.01: every outline and numeral leaves a dark
    1 px band beside it. The numerals' bands lie beside print, where the paper mask (the print
    grown by 2 px) leaves them out and the segments average only the paper; the outlines' bands
    run along a side, which a diagonal segment crosses in a pixel or two. No square box's
    strokes stand out (all evidence below 0)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    moved = np.roll(np.roll(ref, 1, axis=1), 1, axis=0) + (photo - ref)
    boxes = list(sheet_kind.boxes)
    bg = local.background(moved - ref, ref, boxes)
    empty = np.ones(len(boxes), bool)
    flat = np.zeros(len(boxes))
    ev = local.stroke_evidence(moved - bg, ref, ref, boxes, empty, flat, flat)
    square = [i for i, b in enumerate(boxes) if not b.round and min(b.w, b.h) >= 3]
    seen = ev[square][np.isfinite(ev[square])]  # (boxes filled with print tell nothing)
    assert seen.size >= 150
    assert seen.max() < 0


def _shadowed(pd_pack, sheet_kind):
    """A blank sheet with noise 0.01 under a shadow's soft edge: darkness rising from 0 to 0.2
    over 15 mm, from 10 mm right of wound 1's left side on (and 0.2 beyond), over the paper
    and the print alike (multiplied into the paper's lightness)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    x0 = px(_box(sheet_kind, "wound.1").x + 10)
    xx = np.arange(photo.shape[1], dtype=np.float32)
    ramp = np.clip((xx - x0) / (15 * PX_PER_MM), 0.0, 1.0) * 0.2
    return photo + ramp[None, :] * (1.0 - ref), ref


def test_a_smooth_shadow_edge_over_empty_boxes_is_no_stroke(pd_pack, sheet_kind):
    """Under the shadow's edge (0.013 darkness per mm) the background, carried into a 6 mm box
    from the paper around it, misses some of the shading inside: adventurer level 2 boxes'
    paper lies about 0.02 over it, a smooth rise that the strokes' measure shows as well as the
    mean. There the background changes by about 0.06 inside the box: the box's own level (the
    median of its paper, which a stroke covers less than half of) is taken off, by 0.4 of that
    at most, and its strokes are only as sure as 0.3 of it allows. No square box reads as
    marked, and the rules mark no adventurer level. The planted defect: judged as if the
    background were even there, the level 2 boxes' strokes read as marked."""
    photo, ref = _shadowed(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    square = [b.name for b in boxes if not b.round and min(b.w, b.h) >= 3]
    assert max(ev[n] for n in square) < 0
    d = rules.decide(ev)
    assert not [n for n in d.marked if n.startswith("adventurer.") and d.marked[n]]
    bg = local.background(photo - ref, ref, boxes)
    empty = np.ones(len(boxes), bool)
    shade, vary, flat = local._shade(bg, boxes), local._vary(bg, boxes), np.zeros(len(boxes))
    kept = local.stroke_evidence(photo - bg, ref, ref, boxes, empty, shade, vary)
    even = local.stroke_evidence(photo - bg, ref, ref, boxes, empty, flat, flat)
    at = {b.name: i for i, b in enumerate(boxes)}
    level2 = [at[f"adventurer.{c}.level.2"] for c in ("wizard", "cleric")]
    assert kept[level2].max() < 0 < even[level2].min()
    assert vary[level2].min() > 0.03


def test_light_crosses_under_the_shadow_edge_are_read_or_asked(pd_pack, sheet_kind):
    """The crosses of the test above (0.03, wounds 1-5) with the shadow's edge: wound 1 lies
    in the light (read surely: evidence over 1), wounds 3-5 on the edge, where their strokes
    are only as sure as the background's change inside them allows (evidence 0-0.9 there,
    against -0.1 to 0 for the mean alone in even light): all five are read as marked, the
    unsure ones on the edge asked about, and no wound after them is read."""
    photo, ref = _shadowed(pd_pack, sheet_kind)
    ink = np.zeros_like(photo)
    for b in (b for b in sheet_kind.boxes if b.name in CROSSED):
        pencil_cross(ink, b, 0.03)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo + ink, ref, ref, boxes, marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    assert ev["wound.1"] > 1.0
    d = rules.decide(ev)
    assert [k for k in range(1, 41) if d.marked[f"wound.{k}"]] == [1, 2, 3, 4, 5]
    assert all(ev[n] > 0 for n in CROSSED)
