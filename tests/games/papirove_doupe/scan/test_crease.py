"""A fold's crease (a soft dark band across the sheet) through a box is no mark of the box's own:
a box it darkens is only a question; a box marked inside it alone stays surely marked."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import blank_photo, box_named  # noqa: E402

SEED = 24


def _crease(photo: np.ndarray, x_mm: float, darkness: float = 0.12, width_mm: float = 1.2):
    """A vertical band of `darkness` (soft-edged, `width_mm` across) down the whole sheet."""
    xs = np.arange(photo.shape[1]) + 0.5
    band = darkness * np.exp(-0.5 * ((xs - px(x_mm)) / (width_mm / 2.5 * PX_PER_MM)) ** 2)
    return photo + band[None, :].astype(np.float32)


def _evidence(photo, ref, sheet_kind):
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True))


@pytest.mark.parametrize("name", ["ability.glory.-5", "item.3.half.1"])
def test_a_crease_through_a_box_makes_it_a_question_at_most(pd_pack, sheet_kind, name):
    """A 1.2 mm band of darkness 0.12 down the middle of the box (the third photo set, cases 10
    and 30: a crease through the ability's glory -5, read as circled at +1.3 and +5, unlisted):
    the darkness runs on through the paper above and below it, so it is a question at most."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    box = box_named(sheet_kind, name)
    ev = _evidence(_crease(photo, box.x + box.w / 2), ref, sheet_kind)
    assert ev[name] <= local.QUESTION
    d = rules.decide(ev)
    assert name in d.ask or not d.marked[name]


def test_a_box_filled_inside_stays_surely_marked(pd_pack, sheet_kind):
    """The same darkness filling only the box (0.6 mm inside its outline): nothing beyond it is
    darker, so it reads as surely marked, as before."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    box = box_named(sheet_kind, "item.3.half.1")
    x0, y0 = round(px(box.x + 0.6)), round(px(box.y + 0.6))
    x1, y1 = round(px(box.x + box.w - 0.6)), round(px(box.y + box.h - 0.6))
    photo[y0:y1, x0:x1] += 0.12
    ev = _evidence(photo, ref, sheet_kind)
    assert ev["item.3.half.1"] > 1.5
