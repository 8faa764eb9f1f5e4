"""A light tick or slash across a glory number: a question, though neither disc nor ring shows it."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import blank_photo  # noqa: E402

SEED = 216


def _box(kind, name):
    return next(b for b in kind.boxes if b.name == name)


def _slashed(pd_pack, sheet_kind, darkness: float):
    """A blank sheet (noise 0.01) with a slash of `darkness`, 0.25 mm wide, across quest 2's
    glory 14, corner to corner of its inner disc (as in wild holdout case 216, pencil 0.23)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    b = _box(sheet_kind, "quest.2.glory.14")
    cx, cy, r = px(b.x + b.w / 2), px(b.y + b.h / 2), b.w / 2 * 0.6 * PX_PER_MM
    slash = np.zeros_like(photo)
    p = (round((cx - r) * 16), round((cy + r) * 16))
    q = (round((cx + r) * 16), round((cy - r) * 16))
    cv2.line(slash, p, q, darkness, max(1, round(0.25 * PX_PER_MM)), cv2.LINE_AA, 4)
    return photo + slash, ref


def test_a_light_slash_across_a_number_is_asked_about(pd_pack, sheet_kind):
    """A slash of 0.1 darkness across glory 14: its inner disc's mean rises by 0.014 only
    (measured), under the threshold (evidence -0.7, the row reads as not circled, as before),
    but the disc's 95th percentile rises from about the row's median (0.016) to 0.099, 76
    spreads above it: glory 14 is a doubt, and the rules ask about it."""
    photo, ref = _slashed(pd_pack, sheet_kind, 0.1)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    assert max(ev[f"quest.2.glory.{k}"] for k in range(1, 15)) < 0
    assert "quest.2.glory.14" in found.doubts
    d = rules.decide(ev, doubts=found.doubts)
    assert not d.marked["quest.2.glory.14"] and d.ask.get("quest.2.glory.14") == "unsure"


def test_a_blank_sheet_has_no_stroke_doubts(pd_pack, sheet_kind):
    """On the blank sheet (noise only) no circle's strokes stand out of its row."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    assert found.doubts == []


def test_stroke_doubts_worked_by_hand(sheet_kind):
    """A row of 14 values: six strokes of 0.009, seven of 0.011 and glory 5's. Median 0.011,
    MAD 0.001, so a spread of 1.4826 x 0.001 + 0.0001 = 0.00158. Glory 5 at 0.020 stands
    0.009 / 0.00158 = 5.7 spreads above the median and the next value (over STROKE_APART 5 and
    STROKE_NEXT 1.5): a doubt. At 0.017, 3.8: none. Nor in a row with a value read as circled."""
    names = [b.name for b in sheet_kind.boxes]
    row = [names.index(f"quest.1.glory.{k}") for k in range(1, 15)]
    strokes = np.full(len(names), np.nan)
    strokes[row] = [0.009, 0.011] * 7
    ev = np.full(len(names), -2.0)
    strokes[row[4]] = 0.020
    assert local._stroke_doubts(names, ev, strokes) == ["quest.1.glory.5"]
    strokes[row[4]] = 0.017
    assert local._stroke_doubts(names, ev, strokes) == []
    strokes[row[4]] = 0.020
    ev[row[9]] = 1.0
    assert local._stroke_doubts(names, ev, strokes) == []
