"""A highlighter's fill is as light in grey as an erased pencil mark's smudge; by its colour it is
told apart: on a sheet whose clear marks are light and coloured, a grey box read as marked
leans empty and is asked about (the fourth photo set's cases 1303, 1307 and 1429: erased
ghosts among a highlighter's fills read as marked, misscores with nothing listed)."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import colour, local, marks  # noqa: E402
from generator.games.papirove_doupe.scan.template import px, raster_size  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
    fill_box,
    raise_inside,
)

PAPER = (236.0, 222.0, 196.0)  # a warm cast: the paper itself is far from grey
YELLOW = (1.0, 0.97, 0.55)  # a yellow highlighter's fill, each channel as a share of the paper's
GREY = (0.86, 0.86, 0.86)  # an erased pencil mark's smudge


def _paint(channels, box, shares, inset_mm=0.5) -> None:
    """Multiply each channel inside `box` (inset_mm in from its outline) by its share."""
    x0, y0 = round(px(box.x + inset_mm)), round(px(box.y + inset_mm))
    x1, y1 = round(px(box.x + box.w - inset_mm)), round(px(box.y + box.h - inset_mm))
    for c, s in zip(channels, shares, strict=True):
        c[y0:y1, x0:x1] *= s


def _channels(sheet_kind):
    w, h = raster_size(sheet_kind.width, sheet_kind.height)
    return [np.full((h, w), p, np.float32) for p in PAPER]


def test_a_highlighters_fill_is_colourful_and_a_smudge_is_grey(sheet_kind):
    """Under a warm cast (paper 236/222/196), a yellow fill of gem 1 (blue at 0.55 of the
    paper's) reads its largest share less its smallest, 1.0 - 0.55 = 0.45; a grey smudge
    (every channel at 0.86) reads 0: the cast drops out, each channel taken over its paper's.
    An empty box has no drawn pixels, and a circle is not measured: both nan."""
    channels = _channels(sheet_kind)
    fill, smudge = box_named(sheet_kind, "gem.1"), box_named(sheet_kind, "item.3.half.1")
    _paint(channels, fill, YELLOW)
    _paint(channels, smudge, GREY)
    boxes = [fill, smudge, box_named(sheet_kind, "gem.5"), box_named(sheet_kind, "resurrection")]
    got = colour.box_chroma(channels, boxes)
    assert got[0] == pytest.approx(0.45, abs=0.01)
    assert got[1] == pytest.approx(0.0, abs=0.01)
    assert np.isnan(got[2]) and np.isnan(got[3])


def test_grey_marks_among_coloured_ones_are_found():
    """Six clear marks (evidence 10) of colour 0.5 and a box read as marked at +6 of colour
    0.02: the grey one is found (0.02 < GREY_SHARE 0.4 x 0.5). A light true mark of colour 0.3
    (0.6 of the ink's) and an empty box (-2) of colour 0.02 are not. With the clear marks at
    0.2 (under INK_CHROMA: a grey or pencil sheet under a colour cast) nothing is; nor with
    fewer than FAINT_MIN clear marks of known colour."""
    ev = np.array([10.0] * 6 + [6.0, 3.5, -2.0])
    chroma = np.array([0.5] * 6 + [0.02, 0.3, 0.02])
    clear = ev >= local.FAINT_CLEAR
    assert np.flatnonzero(local.grey_marks(chroma, ev, clear)).tolist() == [6]
    dull = np.where(np.arange(len(ev)) < 6, 0.2, chroma)
    assert not local.grey_marks(dull, ev, clear).any()
    # (the boxes at +6 and +3.5 are clear marks too, FAINT_CLEAR 3 or more: 8 in all)
    unknown = chroma.copy()
    unknown[: 9 - local.FAINT_MIN] = np.nan
    assert not local.grey_marks(unknown, ev, clear).any()


def test_the_planted_defect_finds_no_grey_mark(monkeypatch):
    """GREY_SHARE 0 (no colour check, as before): the grey box of the test above is not found."""
    monkeypatch.setattr(local, "GREY_SHARE", 0.0)
    ev = np.array([10.0] * 6 + [6.0])
    chroma = np.array([0.5] * 6 + [0.02])
    assert not local.grey_marks(chroma, ev, ev >= local.FAINT_CLEAR).any()


def _sheet(pd_pack, sheet_kind):
    """A sheet filled with light fills (darkness 0.12, as a highlighter comes out in grey) in
    gems 1-8 and a grey smudge of 0.07 in item 3's first half, as darkness, with the colour each
    box would show."""
    photo, ref = blank_photo(pd_pack, sheet_kind)
    fills = [f"gem.{k}" for k in range(1, 9)]
    for name in fills:
        fill_box(photo, box_named(sheet_kind, name), 0.12)
    raise_inside(photo, box_named(sheet_kind, "item.3.half.1"), 0.07)
    shown = dict.fromkeys(fills, 0.45) | {"item.3.half.1": 0.01}

    def chroma(boxes):
        return np.array([shown.get(b.name, np.nan) for b in boxes])

    return photo, ref, chroma


def test_a_smudge_among_a_highlighters_fills_leans_empty_and_is_asked(pd_pack, sheet_kind):
    """Read in grey only, the smudge (0.07 against the fills' 0.12, its darkest strokes over half
    the fills', so not faint by FAINT_PEAK) reads as marked, with nothing to ask. Told its
    colour (grey among yellow fills), it reads as empty and is asked about; the fills still
    read as marked."""
    photo, ref, chroma = _sheet(pd_pack, sheet_kind)
    boxes = list(sheet_kind.boxes)
    grey = local.evidence(photo, ref, ref, boxes, marks.BAND)
    ev = dict(zip(grey.names, grey.evidence.tolist(), strict=True))
    assert ev["item.3.half.1"] >= local.FAINT_ASK and "item.3.half.1" not in grey.doubts
    found = local.evidence(photo, ref, ref, boxes, marks.BAND, chroma)
    ev = dict(zip(found.names, found.evidence.tolist(), strict=True))
    assert ev["item.3.half.1"] <= -local.QUESTION and "item.3.half.1" in found.doubts
    assert all(ev[f"gem.{k}"] > local.FAINT_CLEAR for k in range(1, 9))


def test_the_colour_is_read_only_on_a_sheet_of_light_marks(pd_pack, sheet_kind):
    """Colour costs a second decoding of the photo: it is asked for only where the clear marks
    are light (under LIGHT_INK). With the fills dark (0.6, a pen's), it is never asked for."""
    photo, ref, _ = _sheet(pd_pack, sheet_kind)
    for k in range(1, 9):
        fill_box(photo, box_named(sheet_kind, f"gem.{k}"), 0.6)
    asked = []

    def chroma(boxes):
        asked.append(len(boxes))
        return np.full(len(boxes), np.nan)

    local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND, chroma)
    assert asked == []
