"""A tick drawn just beside a box instead of in it: the box reads as empty, and is asked about
(the third photo set's case 2453: a tick under item 1's first half, read as empty with nothing
listed). Handwriting, a path or a neighbour's stroke near a box is not asked about."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
    pencil_cross,
)

CLEAR = [f"gem.{k}" for k in range(1, 7)]  # the sheet's own marks: crosses of darkness 0.6
ITEM = "item.1.half.1"


def _line(photo, points_mm, darkness: float = 0.6, width_mm: float = 0.4) -> None:
    """A pen stroke through `points_mm` (x, y) on a sheet-aligned darkness image."""
    import numpy as np

    pts = np.array([[round(px(x) * 16), round(px(y) * 16)] for x, y in points_mm], np.int32)
    cv2.polylines(photo, [pts], False, darkness, round(width_mm * PX_PER_MM), cv2.LINE_AA, 4)


def _tick_under(photo, box, gap_mm: float) -> None:
    """A tick 4 mm wide and 2 mm deep under `box`, its top `gap_mm` below the box's edge (by the
    arithmetic of its strokes about 0.4 x (2.3 + 3.2) = 2.2 mm² of ink, all within 2.4 mm of the
    edge when `gap_mm` is 0.5)."""
    top = box.y + box.h + gap_mm
    x = box.x + box.w / 2 - 2.0
    _line(photo, [(x, top + 0.6), (x + 1.3, top + 2.0), (x + 4.0, top)])


def _doubts(pd_pack, sheet_kind, draw):
    """The evidence and doubts of a sheet with pen crosses in gems 1-6 and `draw(photo)` on it."""
    photo, ref = blank_photo(pd_pack, sheet_kind)
    for name in CLEAR:
        pencil_cross(photo, box_named(sheet_kind, name), 0.6)
    draw(photo)
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True)), found.doubts


def test_a_tick_just_under_a_box_is_asked_about(pd_pack, sheet_kind):
    """A tick under item 1's first half, its top 0.5 mm below the box: the box reads as empty
    (none of it is inside) and is asked about; item 1's second half, beside it, is not."""
    box = box_named(sheet_kind, ITEM)
    ev, doubts = _doubts(pd_pack, sheet_kind, lambda p: _tick_under(p, box, 0.5))
    assert ev[ITEM] < 0
    assert ITEM in doubts
    assert "item.1.half.2" not in doubts


def test_nothing_drawn_asks_nothing(pd_pack, sheet_kind):
    """The same sheet without the tick: no box beside it is asked about."""
    _, doubts = _doubts(pd_pack, sheet_kind, lambda p: None)
    assert not [d for d in doubts if d.startswith("item.")]


def test_a_tick_well_away_from_the_box_is_not_asked(pd_pack, sheet_kind):
    """The tick 1.5 mm under the box (its nearest stroke beyond STRAY_TOUCH of the edge: a line
    of handwriting above or below a row of boxes lies so) is not asked about."""
    box = box_named(sheet_kind, ITEM)
    _, doubts = _doubts(pd_pack, sheet_kind, lambda p: _tick_under(p, box, 1.5))
    assert ITEM not in doubts


def test_a_long_stroke_past_the_box_is_not_asked(pd_pack, sheet_kind):
    """A line 0.6 mm under the box running 20 mm on past it (a word written or a path drawn
    under a row of boxes, not a mark of the box) is not asked about."""
    box = box_named(sheet_kind, ITEM)
    y = box.y + box.h + 0.6
    _, doubts = _doubts(pd_pack, sheet_kind, lambda p: _line(p, [(box.x, y), (box.x + 20, y)]))
    assert ITEM not in doubts


def _neighbours_stroke(sheet_kind):
    """Item 1's second half crossed, and a stroke run out of it 2.5 mm on under the first half
    (about 1 mm² of ink there, all within STRAY_CLEAR of the marked box)."""
    other = box_named(sheet_kind, "item.1.half.2")

    def draw(photo):
        pencil_cross(photo, other, 0.6)
        y = other.y + other.h
        _line(photo, [(other.x + 1.5, y - 1.0), (other.x - 2.5, y + 0.9)])

    return draw


@pytest.mark.parametrize("defect", [False, True])
def test_a_neighbours_stroke_run_over_its_edge_is_not_asked(
    pd_pack, sheet_kind, monkeypatch, defect
):
    """A stroke run out of the marked second half under the first half is that box's: the first
    half is not asked about. The planted defect, no STRAY_CLEAR (ink by a marked box counts
    too), asks about it."""
    if defect:
        monkeypatch.setattr(local, "STRAY_CLEAR", 0.0)
    ev, doubts = _doubts(pd_pack, sheet_kind, _neighbours_stroke(sheet_kind))
    assert ev["item.1.half.2"] > 0
    assert (ITEM in doubts) == defect


def test_the_planted_defect_asks_about_a_tick_well_away(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, no STRAY_TOUCH (strokes anywhere beyond the side count), asks about
    the box for the tick 1.5 mm under it."""
    monkeypatch.setattr(local, "STRAY_TOUCH", local.STRAY_REACH)
    box = box_named(sheet_kind, ITEM)
    _, doubts = _doubts(pd_pack, sheet_kind, lambda p: _tick_under(p, box, 1.5))
    assert ITEM in doubts


def test_the_planted_defect_asks_about_a_long_stroke(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, no STRAY_HUG (a stroke may run on anywhere), asks about the box for
    the 20 mm line under it."""
    monkeypatch.setattr(local, "STRAY_HUG", 1e3)
    box = box_named(sheet_kind, ITEM)
    y = box.y + box.h + 0.6
    _, doubts = _doubts(pd_pack, sheet_kind, lambda p: _line(p, [(box.x, y), (box.x + 20, y)]))
    assert ITEM in doubts


def test_the_planted_defect_misses_the_tick_under_the_box(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, stray strokes never enough (as before), leaves the ticked box empty
    with nothing asked."""
    monkeypatch.setattr(local, "STRAY_MM2", 1e9)
    box = box_named(sheet_kind, ITEM)
    ev, doubts = _doubts(pd_pack, sheet_kind, lambda p: _tick_under(p, box, 0.5))
    assert ev[ITEM] < 0 and ITEM not in doubts
