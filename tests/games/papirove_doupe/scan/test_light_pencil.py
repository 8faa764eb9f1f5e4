"""Light pencil: marks only a few spreads above the empty boxes, but apart from them."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import px, reference  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import pencil_cross  # noqa: E402

SEED = 24
WOUNDS, GEMS, THIEF = 14, 3, 4  # marked: wounds 1-14, gems 1-3, the thief's levels 2-4


def _crossed(pd_pack, sheet_kind, darkness: float):
    """A blank sheet with fixed-seed noise of 0.01, and a light pencil cross (0.3 mm strokes of
    the given darkness, corner to corner 0.6 mm inside) in each of 20 boxes; the blank sheet."""
    ref = np.array(reference(pd_pack, sheet_kind, "PD-standard-a4-cs", "cs"), dtype=np.float32)
    photo = ref + np.random.default_rng(SEED).normal(0.0, 0.01, ref.shape).astype(np.float32)
    names = [f"wound.{k}" for k in range(1, WOUNDS + 1)] + [f"gem.{k}" for k in range(1, GEMS + 1)]
    names += [f"adventurer.thief.level.{k}" for k in range(2, THIEF + 1)]
    ink = np.zeros_like(photo)
    for b in (b for b in sheet_kind.boxes if b.name in names):
        pencil_cross(ink, b, darkness)
    return photo + ink, ref


@pytest.mark.parametrize("darkness", [0.02, 0.03])
def test_light_crosses_apart_from_the_empty_boxes_are_read(pd_pack, sheet_kind, darkness):
    """The crosses (darkness 0.02: 2.7-4.3 spreads above the empty level; 0.03: about 4-6) lie
    below the usual threshold (6 spreads), which read every one of them as empty, the rows
    of wounds and gems and the thief's level lost. The empty boxes reach only 0.8 spread up:
    the threshold moves into the gap between, and all 20 marks are read, none asked about."""
    photo, ref = _crossed(pd_pack, sheet_kind, darkness)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    d = rules.decide(dict(zip(found.names, found.evidence.tolist(), strict=True)))
    assert [k for k in range(1, 41) if d.marked[f"wound.{k}"]] == list(range(1, WOUNDS + 1))
    assert [k for k in range(1, 13) if d.marked[f"gem.{k}"]] == list(range(1, GEMS + 1))
    assert [k for k in range(2, 7) if d.marked[f"adventurer.thief.level.{k}"]] == [2, 3, 4]
    assert not [n for n in d.ask if n.startswith(("wound.", "gem.", "adventurer.thief."))]


def test_no_gap_is_made_of_a_few_strays(pd_pack, sheet_kind):
    """A blank sheet with only 5 such crosses (fewer than GAP_MARKS between the gap and the
    threshold): the threshold stays where it was, and the crosses' means lie below it."""
    photo, ref = _crossed(pd_pack, sheet_kind, 0.0)
    ink = _crossed(pd_pack, sheet_kind, 0.02)[0] - photo
    keep = np.zeros_like(ink)
    for b in (b for b in sheet_kind.boxes if b.name in {f"wound.{k}" for k in range(1, 6)}):
        y0, y1, x0, x1 = (round(px(v)) for v in (b.y, b.y + b.h, b.x, b.x + b.w))
        keep[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo + keep, ref, ref, boxes, marks.BAND)
    # the empty level is the square boxes' (circles have their printed numbers inside)
    square = np.array([not b.round for b in boxes])
    centre, spread = marks.empty_level(found.value[square], local.MIN_SPREAD)
    assert found.threshold == pytest.approx(centre + local.EMPTY_SPREADS * spread)
    # and the crosses' means stay below it (their strokes are another matter: test_strokes.py)
    value = dict(zip(found.names, found.value.tolist(), strict=True))
    assert all(value[f"wound.{k}"] < found.threshold for k in range(1, 6))
