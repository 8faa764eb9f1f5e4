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
    got = colour.box_colour(channels, boxes)
    assert got.chroma[0] == pytest.approx(0.45, abs=0.01)
    assert got.chroma[1] == pytest.approx(0.0, abs=0.01)
    assert np.isnan(got.chroma[2]) and np.isnan(got.chroma[3])
    # the fill colours all of its box's inside, the smudge and the empty box none of it
    assert got.cover[0] == 1.0 and got.cover[1] == 0.0 and got.cover[2] == 0.0
    assert np.isnan(got.cover[3])


def test_a_fill_spilling_over_a_divider_covers_little_of_the_next_box(sheet_kind):
    """A highlighter stroke over item 2's first half that runs 1.2 mm into its second half (the
    halves' insides are about 4.1 mm wide less 0.8 mm each side, 2.5 mm: the spill colours
    (1.2 - 0.8) / 2.5 = 0.16 of it; its coloured pixels are as colourful as a fill's, so the
    colour alone cannot tell a spill, the share covered can."""
    channels = _channels(sheet_kind)
    first, second = box_named(sheet_kind, "item.2.half.1"), box_named(sheet_kind, "item.2.half.2")
    _paint(channels, first, YELLOW)
    x0, x1 = round(px(second.x)), round(px(second.x + 1.2))
    y0, y1 = round(px(second.y + 0.5)), round(px(second.y + second.h - 0.5))
    for c, share in zip(channels, YELLOW, strict=True):
        c[y0:y1, x0:x1] *= share
    got = colour.box_colour(channels, [first, second])
    assert got.cover[0] == 1.0 and got.cover[1] < local.COVER_BARE
    assert got.chroma[1] == pytest.approx(got.chroma[0], abs=0.02)


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
    chroma = _Known({name: (c, 1.0 if c > 0.1 else 0.0) for name, c in shown.items()})
    return photo, ref, chroma


class _Known:
    """`colour.Colours` with each box's colour given: name -> (chroma, cover); nan for others."""

    def __init__(self, known: dict[str, tuple[float, float]]) -> None:
        self.known, self.reading, self.asked = known, None, 0

    def some(self, boxes):
        self.asked += 1
        pairs = [self.known.get(b.name, (np.nan, np.nan)) for b in boxes]
        return colour.BoxColour(*(np.array(v) for v in zip(*pairs, strict=True)))

    def __call__(self, boxes):
        self.reading = self.some(boxes)
        return self.reading


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
    chroma = _Known({})
    local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND, chroma)
    assert chroma.asked == 0


def test_a_highlighters_fills_and_bare_boxes_read_plainly():
    """On a sheet whose six clear marks (+10) are coloured (0.5), a box read as marked at +1.5
    and covered 0.8 reads plainly marked (CAP); one read as empty (-1) and covered 0.8 is a fill
    the grey missed: marked, a question (+QUESTION); one read as empty and covered 0.1 plainly
    empty (-CAP); one read as marked (+3) and covered 0.1 keeps its reading (a tick in another
    pen), and so does one covered 0.5, between. With the clear marks grey (0.02) nothing
    changes. The planted defect, no cover limits, changes nothing either."""
    ev = np.array([10.0] * 6 + [1.5, -1.0, -1.0, 3.0, 1.2])
    reading = colour.BoxColour(
        np.array([0.5] * 6 + [0.5, 0.5, 0.0, 0.0, 0.4]),
        np.array([0.9] * 6 + [0.8, 0.8, 0.1, 0.1, 0.5]),
    )
    clear = ev >= local.FAINT_CLEAR
    got = local.colour_fills(ev, reading, clear)
    assert got[6:].tolist() == [local.CAP, local.QUESTION, -local.CAP, 3.0, 1.2]
    grey = colour.BoxColour(np.full(len(ev), 0.02), reading.cover)
    assert local.colour_fills(ev, grey, clear).tolist() == ev.tolist()


def test_the_planted_defect_reads_no_fill(monkeypatch):
    """COVER_FILLED over 1 and COVER_BARE under 0 (no use of the cover): nothing changes."""
    monkeypatch.setattr(local, "COVER_FILLED", 2.0)
    monkeypatch.setattr(local, "COVER_BARE", -1.0)
    ev = np.array([10.0] * 6 + [1.5, -1.0])
    reading = colour.BoxColour(np.full(8, 0.5), np.array([0.9] * 6 + [0.8, 0.1]))
    assert local.colour_fills(ev, reading, ev >= local.FAINT_CLEAR).tolist() == ev.tolist()


def test_fills_the_grey_cannot_see_are_read_by_their_colour():
    """A yellow highlighter in dim light: no box reads as marked in grey (-0.5 for the six
    fills, -1 for the rest). Six boxes covered 0.9 by a colour of 0.5 (FAINT_MIN of them, over
    INK_CHROMA) show the ink: those read plainly marked (CAP), the bare ones plainly empty. With
    only four so covered there is no ink to tell, and nothing changes."""
    ev = np.array([-0.5] * 6 + [-1.0, -1.0])
    reading = colour.BoxColour(
        np.array([0.5] * 6 + [np.nan, 0.01]), np.array([0.9] * 6 + [0.0, 0.1])
    )
    clear = ev >= local.FAINT_CLEAR
    got = local.colour_fills(ev, reading, clear)
    assert got.tolist() == [local.CAP] * 6 + [-local.CAP, -local.CAP]
    few = colour.BoxColour(reading.chroma, np.array([0.9] * 4 + [0.3] * 4))
    assert local.colour_fills(ev, few, clear).tolist() == ev.tolist()


def test_the_colour_is_read_where_the_grey_shows_too_few_marks(pd_pack, sheet_kind):
    """A sheet with nothing the grey reads as a clear mark (a highlighter in dim light, or a
    blank sheet): the colour is read, once."""
    photo, ref = blank_photo(pd_pack, sheet_kind)
    chroma = _Known({})
    local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND, chroma)
    assert chroma.asked == 1


def test_a_light_sheet_in_grey_pencil_reads_only_its_clear_marks_colour(pd_pack, sheet_kind):
    """A sheet of light marks (the fills of `_sheet`, darkness 0.12) drawn in grey pencil: the
    colour of its clear marks is read (0.02, under INK_CHROMA) and that is all; the whole
    sheet's colour is never read, so light pencil costs the one decoding, not every box."""
    photo, ref, _ = _sheet(pd_pack, sheet_kind)
    chroma = _Known({f"gem.{k}": (0.02, 0.0) for k in range(1, 9)})
    local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND, chroma)
    assert chroma.asked == 1 and chroma.reading is None
