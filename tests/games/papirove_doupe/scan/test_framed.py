"""Ink all round a box read as marked and none in its middle: the print's own outline, smeared
into the box by motion blur or shifted by a curl, is asked about (the third photo set's case
3518: item 4's empty second half read at +12.4, its ink 0.29-0.47 by each side and 0.03 in the
middle, unlisted). A mark of the box's own reaches its middle or leaves a side bare."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks
from tests.games.papirove_doupe.scan.conftest import blank_photo, box_named

BOX = "item.4.half.2"


def _case(pd_pack, sheet_kind, draw, ev_box: float = 12.4):
    """Item 4's first half read at +30, its second at `ev_box` with ink drawn by `draw(region)`
    over its inner region (a view of the photo), every other box read as empty."""
    photo, ref = blank_photo(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    names = [b.name for b in boxes]
    ev = np.full(len(boxes), -1.0)
    ev[names.index("item.4.half.1")], ev[names.index(BOX)] = 30.0, ev_box
    x0, y0, x1, y1 = marks.inner_px(box_named(sheet_kind, BOX), photo.shape)
    draw(photo[y0:y1, x0:x1])
    return {names[i] for i in np.flatnonzero(local.framed_marks(photo, ref, boxes, ev))}


def _frame(region) -> None:
    """A band a fifth of the side wide all round (the outline smeared in)."""
    h, w = region.shape
    a, b = h // 5, w // 5
    region[:a] += 0.3
    region[h - a :] += 0.3
    region[a : h - a, :b] += 0.3
    region[a : h - a, w - b :] += 0.3


def _cross(region) -> None:
    """Two diagonals, a pixel and a half wide each way."""
    h, w = region.shape
    for k in range(min(h, w)):
        for d in (-1, 0, 1):
            for x in (k, w - 1 - k):
                if 0 <= x + d < w:
                    region[k * h // min(h, w), x + d] += 0.3


def _corner_tick(region) -> None:
    """A tick in the lower left corner: ink by the left and bottom sides only."""
    h, w = region.shape
    region[h // 2 :, : w // 2] += 0.3


def test_ink_all_round_and_none_in_the_middle_is_asked_about(pd_pack, sheet_kind):
    """Each side's third holds over FRAME_SIDE 0.25 of the ink (the top: a fifth of the height
    over the whole width, and the side bands' top parts), the middle ninth none of it."""
    assert _case(pd_pack, sheet_kind, _frame) == {BOX}


def test_a_mark_of_its_own_is_not_asked(pd_pack, sheet_kind):
    """A cross crosses the middle; a fill puts a ninth of its ink there; a tick in a corner
    leaves two sides bare; a box read as empty is not asked about for it."""
    assert _case(pd_pack, sheet_kind, _cross) == set()
    assert _case(pd_pack, sheet_kind, lambda r: r.__iadd__(0.3)) == set()
    assert _case(pd_pack, sheet_kind, _corner_tick) == set()
    assert _case(pd_pack, sheet_kind, _frame, ev_box=-1.0) == set()


def test_the_planted_defect_misses_the_frame(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, a side share never reached, leaves the smeared outline unasked."""
    monkeypatch.setattr(local, "FRAME_SIDE", 1.01)
    assert _case(pd_pack, sheet_kind, _frame) == set()
