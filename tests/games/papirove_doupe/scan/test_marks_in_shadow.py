"""Corner marks on a small, soft photo under a shadow: found, or the missing one named."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import ImageDraw

pytest.importorskip("cv2")

from generator.errors import PapirnaError
from generator.games.papirove_doupe.scan import align, synth

PAGE_PX = 6.0


def _shadowed(pd_pack, sheet_kind, hide: int | None = None):
    """The A4 sheet at 3 px per mm (a ~1000 px photo), blurred by 1.5 px, JPEG 75, with a soft
    shadow halving the light over its bottom-left (as wild holdout case 125 had it); with `hide`,
    that corner's mark painted over. Returns the grey photo and the marks' places in it."""
    page, offset = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", PAGE_PX)
    damage = synth.Damage(px_per_mm=3.0, blur=1.5, angle=-6, margin=0.06, jpeg=75)
    photo, m = synth.photograph(page, PAGE_PX, damage)
    places = []
    for mark in sheet_kind.marks:
        cx, cy = mark.centre
        p = m @ np.array([(cx + offset[0]) * PAGE_PX - 0.5, (cy + offset[1]) * PAGE_PX - 0.5, 1])
        places.append((p[0] / p[2], p[1] / p[2]))
    if hide is not None:
        x, y = places[hide]
        ImageDraw.Draw(photo).ellipse((x - 20, y - 20, x + 20, y + 20), fill=(250, 250, 250))
    grey = np.asarray(photo.convert("L")).astype(np.float32)
    h, w = grey.shape
    yy, xx = np.mgrid[0:h, 0:w]
    edge = (xx - 0.5 * w) - (yy - 0.55 * h)  # < 0 towards the bottom-left
    shade = 1.0 - 0.5 / (1.0 + np.exp(edge / 25.0))  # a soft edge ~ 25 px wide
    return np.clip(grey * shade, 0, 255).astype(np.uint8), places


def test_marks_of_a_small_soft_photo_under_a_shadow_are_found(pd_pack, sheet_kind):
    """The blur shrinks each mark's centre dot to a speck at a window-mean threshold (the old
    passes found at most 3 marks); ink taken against the paper's own level around it keeps it,
    and all four are found where they are printed (within 1 px)."""
    grey, places = _shadowed(pd_pack, sheet_kind)
    found = align.locate(grey, sheet_kind)
    assert found.sheet_id == "PD-standard-a4-cs"
    for (x, y), (px, py) in zip(found.marks, places, strict=True):
        assert math.dist((x, y), (px, py)) < 1.0


def test_a_missing_mark_under_the_shadow_is_still_named(pd_pack, sheet_kind):
    """The same photo with its bottom-left mark painted over: that corner is named."""
    grey, _ = _shadowed(pd_pack, sheet_kind, hide=2)
    with pytest.raises(PapirnaError, match="the bottom-left registration mark"):
        align.locate(grey, sheet_kind)
