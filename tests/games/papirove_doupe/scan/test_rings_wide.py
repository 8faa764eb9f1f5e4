"""Rings drawn round a glory number or the resurrection circle: wide of it, faint, off-centre."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
    draw_ring,
)

SEED = 24


def _read(photo, ref, sheet_kind):
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    return ev, rules.decide(ev)


@pytest.mark.parametrize("darkness", [0.15, 0.25])
def test_a_faint_ring_drawn_wide_round_the_resurrection_circle_is_read(
    pd_pack, sheet_kind, darkness
):
    """A ring of radius 4 mm round the 5 mm resurrection circle (0.8 of its diameter, as players
    draw it) lies 1.5 mm outside the printed outline: beyond the old ring band (which reached
    1.2 mm out), so it read as empty for sure (evidence -1.9, not asked). Now its own outer band
    finds it all round: marked, and surely so."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    photo = draw_ring(photo, box_named(sheet_kind, "resurrection"), 4.0, darkness)
    ev, _ = _read(photo, ref, sheet_kind)
    # (with the five wounds a resurrection needs: without them the rules ask about it)
    d = rules.decide(ev | {f"wound.{k}": 5.0 for k in range(1, 6)})
    assert ev["resurrection"] > 1.0
    assert d.marked["resurrection"] and "resurrection" not in d.ask


def test_an_off_centre_ring_wide_of_a_glory_number_is_read(pd_pack, sheet_kind):
    """A faint ring (darkness 0.12) of radius 3.3 mm round glory 8 of the third quest, its
    centre 0.5 mm off down and right: it reaches 4 mm from the circle's centre on that side.
    Glory 8 is read as marked, and its neighbours, which the ring crosses, are not."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    photo = draw_ring(photo, box_named(sheet_kind, "quest.3.glory.8"), 3.3, 0.12, 0.5, 0.5)
    ev, d = _read(photo, ref, sheet_kind)
    assert ev["quest.3.glory.8"] > 1.0
    assert d.marked["quest.3.glory.8"]
    assert not d.marked["quest.3.glory.7"] and not d.marked["quest.3.glory.9"]
