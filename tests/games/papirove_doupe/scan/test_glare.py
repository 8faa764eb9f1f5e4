"""Glare washes the print out, and a mark with it: a box whose printed outline shows only a share
of the sheet's contrast is judged by that share, and a box with hardly any contrast left is asked
about however it reads (the third photo set, cases 72, 80 and 83: adventurers' levels under a
glare spot read as level 1 with confidence, unlisted)."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
    fill_box,
)

SEED = 24
ROW = [f"gem.{k}" for k in range(1, 13)]


def _glare(photo: np.ndarray, boxes, keep: float, grow_mm: float = 1.5) -> np.ndarray:
    """`photo` with the darkness over these boxes (and `grow_mm` round them) scaled to `keep`:
    light added on top of the print, as a glare spot does, leaves that share of its contrast."""
    out = photo.copy()
    for b in boxes:
        x0, y0 = round(px(b.x - grow_mm)), round(px(b.y - grow_mm))
        x1, y1 = round(px(b.x + b.w + grow_mm)), round(px(b.y + b.h + grow_mm))
        out[y0:y1, x0:x1] = photo[y0:y1, x0:x1] * keep
    return out


def _read(photo, ref, sheet_kind):
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True)), found.doubts


def test_print_contrast_is_one_on_a_clean_photo_and_the_glare_share_under_glare(
    pd_pack, sheet_kind
):
    """On the clean photo every outline shows the sheet's contrast (1 within the noise); under a
    glare keeping 0.25 of the darkness, the gem boxes' outlines show 0.25 / 1 = 0.25 of it."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = list(sheet_kind.boxes)
    clean = local.print_contrast(photo, ref, ref, boxes)
    assert np.all(np.abs(clean - 1.0) < 0.1)
    gems = [box_named(sheet_kind, n) for n in ROW]
    glared = local.print_contrast(_glare(photo, gems, 0.25), ref, ref, boxes)
    at = [b.name for b in boxes]
    for n in ROW:
        assert glared[at.index(n)] == pytest.approx(0.25, abs=0.05)
    assert glared[at.index("wound.1")] == pytest.approx(1.0, abs=0.1)


def test_marks_washed_out_by_glare_are_asked_about(pd_pack, sheet_kind):
    """Gems 1-7 filled at 0.3 under a glare keeping 0.2 of the darkness (0.3 x 0.2 = 0.06 left,
    about the print's own scatter there): the mean can no longer tell them, so every glared
    gem is a question (|evidence| within QUESTION + GRADED) and listed whatever the track reads;
    without the glare the same fills read surely marked."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    for n in ROW[:7]:
        fill_box(photo, box_named(sheet_kind, n), 0.3)
    ev, _ = _read(photo, ref, sheet_kind)
    assert all(ev[n] > local.QUESTION + local.GRADED for n in ROW[:7])
    gems = [box_named(sheet_kind, n) for n in ROW]
    ev, doubts = _read(_glare(photo, gems, 0.2), ref, sheet_kind)
    for n in ROW:
        assert abs(ev[n]) <= local.QUESTION + local.GRADED, n
        assert n in doubts
    d = rules.decide(ev, doubts=doubts)
    assert all(n in d.ask for n in ROW)


def test_a_glared_empty_box_is_not_read_as_a_mark(pd_pack, sheet_kind):
    """Contrast halved (0.5, above WASHED): the threshold comes down by that share, so a fill of
    0.3 (0.15 left) still reads marked, and the empty gems beside it still read empty."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    for n in ROW[:4]:
        fill_box(photo, box_named(sheet_kind, n), 0.3)
    gems = [box_named(sheet_kind, n) for n in ROW]
    ev, doubts = _read(_glare(photo, gems, 0.5), ref, sheet_kind)
    assert all(ev[n] > 0 for n in ROW[:4])
    assert all(ev[n] < 0 for n in ROW[4:])
    assert not set(ROW) & set(doubts)


def _band(shape, y_mm: float, x0_mm: float, x1_mm: float, darkness: float = 0.1):
    """Darkness images of `shape`: a band 1.2 mm high round y_mm from x0_mm to x1_mm (a crease
    as the reader sees it once the background is taken off)."""
    out = np.zeros(shape, np.float32)
    out[round(px(y_mm - 0.6)) : round(px(y_mm + 0.6)), round(px(x0_mm)) : round(px(x1_mm))] = (
        darkness
    )
    return out


def _through(sheet_kind, ref, names, band):
    """Which of the boxes `names` (read as marked by their mean) the crease check finds."""
    boxes = list(sheet_kind.boxes)
    local_img = ref + band
    f = marks.features(local_img, ref, boxes)
    value = f.inner_photo - f.inner_expected
    marked = np.array([b.name in names for b in boxes])
    level, _ = local._through(local_img, ref, ref, boxes, value, marked)
    return {b.name for b, t in zip(boxes, level, strict=True) if not np.isnan(t)}


@pytest.mark.parametrize(
    ("names", "reach_mm"),
    [(("item.3.half.1", "item.3.half.2"), 6.0), (("monster.1.visited",), 20.0)],
)
def test_a_crease_along_a_row_or_past_a_label_is_found(pd_pack, sheet_kind, names, reach_mm):
    """A crease along an item's two halves has paper only beyond the row's two ends (third set
    case 32); one through a fight's "visited" box has its label just to its right, paper only
    further out (case 108): both are found running through, each box of them. (The label case
    passes with paper just beyond the side too, on this sharp image; on the blurred photo of
    case 108 the label's print covered it.)"""
    _, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = [box_named(sheet_kind, n) for n in names]
    y = boxes[0].y + boxes[0].h / 2
    x0, x1 = boxes[0].x - reach_mm, boxes[-1].x + boxes[-1].w + reach_mm
    assert _through(sheet_kind, ref, names, _band(ref.shape, y, x0, x1)) == set(names)
    # planted defect: the same darkness inside the boxes only runs on through nothing
    inside = _band(ref.shape, y, boxes[0].x + 0.3, boxes[-1].x + boxes[-1].w - 0.3)
    assert _through(sheet_kind, ref, names, inside) == set()
