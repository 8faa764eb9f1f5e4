"""A size group of boxes of two kinds: its scatter is measured about each kind's own level."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    fill_box,
    raise_inside,
)

SEED = 172
ITEM_RAISED = 0.003  # inside every item half, more than the print and the paper around it
# (2 of the sheet's spreads of 0.0015; from 0.0045 up, the step at the raised part's edge reads
# as a stroke)
WOUNDS = {f"wound.{k}" for k in range(1, 11)}  # filled in pen (0.5): the clear marks


def _read(pd_pack, sheet_kind, raise_by):
    """A blank sheet with wounds 1-10 filled in pen and each item half and minion box raised
    inside by `raise_by(name)`; the evidence of every box by name, and the Evidence."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = list(sheet_kind.boxes)
    for b in boxes:
        if b.name in WOUNDS:
            fill_box(photo, b, 0.5)
        elif b.name.startswith(("item.", "minion.")):
            raise_inside(photo, b, raise_by(b.name))
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True)), found


def _size(box):
    return round(box.w * 2), round(box.h * 2), box.round


def test_item_halves_and_minions_share_a_size_group(sheet_kind):
    """As planted: the item halves and the minion boxes are one size group (so one level)."""
    minion = {_size(b) for b in sheet_kind.boxes if b.name == "minion.1"}
    assert {_size(b) for b in sheet_kind.boxes if b.name.startswith("item.")} == minion


def test_a_kind_raised_within_its_size_group_is_not_read_as_scatter(pd_pack, sheet_kind):
    """Empty item halves 0.003 above their print, the empty minion boxes of their size not: 2 of
    the sheet's spreads apart, each kind tight about its own level. Measured about the group's
    one level, that offset was taken for the group's scatter and the empty item halves came out
    unsure (-0.72 at most, 8 asked about); about each kind's own level they read as plainly
    empty as the other empty boxes (under -1.9), and nothing is asked about."""
    ev, found = _read(pd_pack, sheet_kind, lambda n: ITEM_RAISED if n.startswith("item.") else 0)
    items = [n for n in ev if n.startswith("item.")]
    minions = [n for n in ev if n.startswith("minion.")]
    value = dict(zip(found.names, found.value.tolist(), strict=True))
    # as planted: the items sit apart from the minions
    gap = np.median([value[n] for n in items]) - np.median([value[n] for n in minions])
    assert gap > 1.5 * found.spread
    d = rules.decide(ev)
    assert not any(d.marked[n] for n in items + minions)
    assert not [n for n in d.ask if n in items or n in minions]
    assert max(ev[n] for n in items + minions) < -1.5
