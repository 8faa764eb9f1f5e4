"""A neighbour's stroke run over the edge into a box: the box reads as marked, not plainly, and is
asked about (the independent photo set's case 2628: wound 25's hatching run on into the empty
wound 26, read at +7.2 with nothing listed). A mark of the box's own is not asked about."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local
from generator.games.papirove_doupe.scan.template import px
from tests.games.papirove_doupe.scan.conftest import blank_photo, box_named


def _ink(photo, box, x0_share: float, x1_share: float, darkness: float = 0.3) -> None:
    """Ink over the box's whole height, from `x0_share` to `x1_share` of its width."""
    a, b = round(px(box.x + x0_share * box.w)), round(px(box.x + x1_share * box.w))
    photo[round(px(box.y)) : round(px(box.y + box.h)), a:b] += darkness


def _case(pd_pack, sheet_kind, x0_share: float, x1_share: float, ev_26: float = 7.2):
    """Wound 25 read at +14, wound 26 at `ev_26` with ink from `x0_share` to `x1_share` of its
    width, every other box read as empty; the boxes asked about."""
    photo, ref = blank_photo(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    names = [b.name for b in boxes]
    ev = np.full(len(boxes), -1.0)
    ev[names.index("wound.25")], ev[names.index("wound.26")] = 14.0, ev_26
    _ink(photo, box_named(sheet_kind, "wound.26"), x0_share, x1_share)
    return names, ev, photo, ref, boxes


def _asked(names, ev, photo, ref, boxes) -> set[str]:
    return {names[i] for i in np.flatnonzero(local.overrun_marks(photo, ref, boxes, ev))}


def test_a_stroke_run_over_from_the_neighbour_is_asked_about(pd_pack, sheet_kind):
    """All of wound 26's ink in the quarter of it by wound 25 (over OVERRUN_SHARE 0.6 of it in
    the third by that side), wound 27 read as empty: asked about."""
    assert _asked(*_case(pd_pack, sheet_kind, 0.0, 0.25)) == {"wound.26"}


def test_a_mark_of_its_own_is_not_asked(pd_pack, sheet_kind):
    """Ink over the whole box (a fill: a third of it in each third) is the box's own mark."""
    assert _asked(*_case(pd_pack, sheet_kind, 0.0, 1.0)) == set()


def test_a_plain_mark_or_a_run_on_both_sides_is_not_asked(pd_pack, sheet_kind):
    """Read plainly (at CAP 8 or more), or with wound 27 beyond it read as marked (inside a run
    of marks, a mark drawn off-centre is still its own): not asked."""
    assert _asked(*_case(pd_pack, sheet_kind, 0.0, 0.25, ev_26=8.0)) == set()
    names, ev, photo, ref, boxes = _case(pd_pack, sheet_kind, 0.0, 0.25)
    ev[names.index("wound.27")] = 3.0
    assert _asked(names, ev, photo, ref, boxes) == set()


def test_the_planted_defect_misses_the_overrun(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, a share never reached, leaves the overrun unasked."""
    monkeypatch.setattr(local, "OVERRUN_SHARE", 1.01)
    assert _asked(*_case(pd_pack, sheet_kind, 0.0, 0.25)) == set()
