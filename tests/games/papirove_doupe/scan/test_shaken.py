"""A photo taken with a moving hand is named so: the reader's fitted motion blur becomes a note on
the reading and a cause of a refusal ("the photo is shaken"), so that the player knows to hold
the phone still (third photo set, case 4175: 3003 px, a 1.2 mm shake, 17 questions, refused with
no cause named)."""

from __future__ import annotations

import random

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import marks, synth  # noqa: E402
from generator.games.papirove_doupe.scan.read import read_image  # noqa: E402

MARKED = ["dungeon.E", "adventurer.cleric.level.2", "wound.1", "wound.2", "gem.1", "minion.1"]


def _photo(pack, kind, shake_px: float):
    """A sheet with a few crosses, photographed at 6 px per mm, smeared `shake_px` at 20°."""
    from PIL import Image

    rng = random.Random(7)
    page, offset = synth.printed_page(pack, kind, "cs", "a4", 6.0)
    page = synth.fill_page(page, 6.0, kind, dict.fromkeys(MARKED, "cross"), offset, rng)
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=6.0, angle=3))
    if not shake_px:
        return photo
    grey = np.asarray(photo.convert("L"), dtype=np.float32)
    kernel = marks.motion_kernel(shake_px, 20.0)
    smeared = cv2.filter2D(grey, -1, kernel, borderType=cv2.BORDER_REPLICATE)
    return Image.fromarray(np.clip(smeared, 0, 255).astype(np.uint8))


def _shaken(result) -> list[str]:
    return [n for n in [*result.notes, *result.causes] if "shaken" in n]


def test_a_shaken_photo_is_named_so_and_a_steady_one_is_not(pd_pack, sheet_kind, monkeypatch):
    # a 7.2 px smear at 6 px per mm is 1.2 mm of the sheet: the reader fits a motion blur of
    # 0.6-1.5 mm (its lengths) to the print, and says so in a note and a cause, in mm
    shaken = read_image(_photo(pd_pack, sheet_kind, 7.2), pd_pack, "shaken.jpg")
    note, cause = _shaken(shaken)
    assert note.startswith("the photo is shaken (the print is smeared by about ")
    assert "hold the phone still" in note
    mm = float(cause.split("about ")[1].split(" mm")[0])
    assert 0.6 <= mm <= 1.6
    assert {b.name for b in shaken.boxes if b.marked} == set(MARKED)
    steady = read_image(_photo(pd_pack, sheet_kind, 0.0), pd_pack, "steady.jpg")
    assert not _shaken(steady)
    # the planted defect: a reader that fits no motion blur names no shake
    fit = marks.fit_blur
    monkeypatch.setattr(marks, "fit_blur", lambda *a: marks.Blur(fit(*a).sigma))
    assert not _shaken(read_image(_photo(pd_pack, sheet_kind, 7.2), pd_pack, "shaken.jpg"))
