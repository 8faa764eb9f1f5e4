"""Each box's print registered against the blank sheet: what the bend windows leave at the edge."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import align, local, marks  # noqa: E402
from generator.games.papirove_doupe.scan.template import px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import blank_photo  # noqa: E402

SEED = 199
STRETCH = 6.0  # px (0.75 mm): how far the print at the image's right edge is moved right


def _box(kind, name):
    return next(b for b in kind.boxes if b.name == name)


def _stretched(pd_pack, sheet_kind):
    """A blank sheet whose print is stretched to the right from 1 mm left of ability glory 9 on,
    by up to STRETCH px at the image's right edge (as in wild holdout case 199: a curl at the
    sheet's edge that the 12 mm bend windows did not measure, ability glory 9-12 moved by 3-5
    px), as the straightened photo (grey, 0-255) and the blank sheet (darkness)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    h, w = photo.shape
    x0 = round(px(_box(sheet_kind, "ability.glory.9").x - 1))
    xx = np.arange(w, dtype=np.float32)
    qx = np.where(xx < x0, xx, xx - STRETCH * (xx - x0) / (w - x0)).astype(np.float32)
    mx = np.repeat(qx[None, :], h, 0)
    my = np.repeat(np.arange(h, dtype=np.float32)[:, None], w, 1)
    bent = cv2.remap(photo, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return np.clip((1.0 - bent) * 255, 0, 255).astype(np.uint8), ref


def _evidence(straight, ref, boxes):
    photo = 1.0 - straight.astype(np.float32) / 255.0
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True))


def test_each_box_is_found_where_its_print_lies(pd_pack, sheet_kind):
    """The print moves right by the stretch at each place, worked out from the map above: about
    0.8 px at ability glory 9's centre, 4.2 px at glory 12's. A box's shift is the median of the
    boxes within 9 mm, so glory 11's lies between those two (and well off 0); it is not moved
    up or down, and glory 1, left of the stretch, is not moved at all."""
    straight, ref = _stretched(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    shifts = align.box_shifts(1.0 - straight.astype(np.float32) / 255.0, ref, boxes)
    at = {b.name: i for i, b in enumerate(boxes)}
    w = straight.shape[1]
    x0 = round(px(_box(sheet_kind, "ability.glory.9").x - 1))

    def moved(name: str) -> float:
        # the print at c lies at x where x - STRETCH (x - x0) / (w - x0) = c
        b = _box(sheet_kind, name)
        c = px(b.x + b.w / 2)
        return (c - x0) * (w - x0) / (w - x0 - STRETCH) + x0 - c

    low, high = moved("ability.glory.9"), moved("ability.glory.12")
    assert 0.5 < low < high < 5.0  # as the docstring has them
    assert low <= shifts[at["ability.glory.11"], 0] <= high
    assert shifts[at["ability.glory.11"], 0] > 2.0
    assert abs(shifts[at["ability.glory.11"], 1]) < 0.3
    assert np.hypot(*shifts[at["ability.glory.1"]]) < 0.3


def test_the_outline_moved_off_an_empty_circle_is_not_read_as_a_ring(pd_pack, sheet_kind):
    """Unregistered, the outline of ability glory 12 moved half a millimetre reads as a ring
    round it (at least a question, evidence > 0); registered, it is empty (evidence < 0), and
    so is every box of the sheet."""
    straight, ref = _stretched(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    assert _evidence(straight, ref, boxes)["ability.glory.12"] > 0
    ev = _evidence(align.register(straight, ref, boxes), ref, boxes)
    assert max(ev.values()) < 0


def test_a_sheet_that_matches_is_left_as_it_is(pd_pack, sheet_kind):
    """Shifts under REGISTER_MIN (noise) move nothing: the very same image comes back."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    straight = np.clip((1.0 - photo) * 255, 0, 255).astype(np.uint8)
    assert align.register(straight, ref, list(sheet_kind.boxes)) is straight
