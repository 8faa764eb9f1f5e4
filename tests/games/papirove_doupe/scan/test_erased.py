"""An erased pencil mark leaves a grey smudge in the box, as dark on average as a light cross
but with no stroke nearly as dark as the sheet's own marks: it leans empty and is asked about
(the fourth photo set: such ghosts were read as surely marked, misscores with nothing listed)."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
    pencil_cross,
    raise_inside,
)

SEED = 24
CLEAR = [f"gem.{k}" for k in range(1, 7)]  # the sheet's own marks: crosses of darkness 0.6


def _evidence(pd_pack, sheet_kind, smudge: float, light: float = 0.0, px_per_mm=None):
    """The evidence and doubts of a sheet with pen crosses in gems 1-6, a grey smudge of
    darkness `smudge` over the inside of item 3's first half, and, when `light` is given, a
    light cross of that darkness in item 5's first half (read as from a photo of `px_per_mm`)."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    for name in CLEAR:
        pencil_cross(photo, box_named(sheet_kind, name), 0.6)
    raise_inside(photo, box_named(sheet_kind, "item.3.half.1"), smudge)
    if light:
        pencil_cross(photo, box_named(sheet_kind, "item.5.half.1"), light)
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND, None, px_per_mm)
    return dict(zip(found.names, found.evidence.tolist(), strict=True)), found.doubts


def test_a_grey_smudge_among_dark_marks_leans_empty_and_is_asked(pd_pack, sheet_kind):
    """A smudge of darkness 0.06 (a tenth of the crosses' strokes; a cross of 0.3 mm strokes
    covers about a sixth of an item box, so the smudge is as dark on average as a cross of
    0.36) reads as empty and is asked about. A light cross of 0.25 beside it (0.42 of the
    crosses' strokes) still reads as marked."""
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.06, light=0.25)
    assert all(ev[name] > local.FAINT_CLEAR for name in CLEAR)
    assert ev["item.3.half.1"] <= -local.QUESTION and "item.3.half.1" in doubts
    assert ev["item.5.half.1"] > 0 and "item.5.half.1" not in doubts


def test_a_faint_box_read_as_marked_unsurely_is_left_to_the_rules(pd_pack, sheet_kind, monkeypatch):
    """The smudge read as marked at FAINT_ASK or more is asked about whatever the rules read;
    below it, it still leans empty but is left to the rules (which ask about a box that unsure
    where another reading is nearly as likely): with FAINT_ASK above its evidence it is not
    among the doubts."""
    monkeypatch.setattr(local, "FAINT_ASK", 1e9)
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.06)
    assert ev["item.3.half.1"] <= -local.QUESTION and "item.3.half.1" not in doubts


def test_the_planted_defect_reads_the_smudge_as_marked(pd_pack, sheet_kind, monkeypatch):
    """The planted defect, no faint limit (as before), reads the same smudge as marked, with
    nothing to ask."""
    monkeypatch.setattr(local, "FAINT_PEAK", 0.0)
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.06)
    assert ev["item.3.half.1"] > 0 and "item.3.half.1" not in doubts


@pytest.mark.parametrize(("px_per_mm", "faint"), [(4.0, True), (2.5, False), (None, False)])
def test_a_smudge_a_third_as_dark_is_faint_on_a_sharp_photo(pd_pack, sheet_kind, px_per_mm, faint):
    """A smudge of 0.16, whose darkest pixels reach about 0.3 of the crosses' (over FAINT_PEAK,
    under FAINT_PEAK_SHARP): on a photo of 4 px per mm it is faint (leans empty, asked about);
    under FAINT_SHARP_PX, where true marks' darkest pixels come out as low, or where the
    resolution is not known, it reads as marked."""
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.16, px_per_mm=px_per_mm)
    if faint:
        assert ev["item.3.half.1"] <= -local.QUESTION and "item.3.half.1" in doubts
    else:
        assert ev["item.3.half.1"] > local.FAINT_CLEAR and "item.3.half.1" not in doubts


def test_the_planted_defect_reads_that_smudge_as_marked_on_a_sharp_photo(
    pd_pack, sheet_kind, monkeypatch
):
    """The planted defect, the sharp photo's share no higher than FAINT_PEAK (as before),
    reads the same smudge at 4 px per mm as marked (where it leans empty), only asked about as
    nearly faint."""
    monkeypatch.setattr(local, "FAINT_PEAK_SHARP", local.FAINT_PEAK)
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.16, px_per_mm=4.0)
    assert ev["item.3.half.1"] > 0 and "item.3.half.1" in doubts


@pytest.mark.parametrize(
    ("clear", "faint"), [(local.FAINT_MIN, True), (local.FAINT_MIN - 1, False)]
)
def test_faintness_needs_enough_clear_marks(pd_pack, sheet_kind, clear, faint):
    """The smudge is judged against the median of the sheet's clear marks: with FAINT_MIN of
    them it is faint; with one fewer there is nothing to judge by, and nothing is faint."""
    import numpy as np

    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = list(sheet_kind.boxes)
    ev = np.zeros(len(boxes))
    for name in CLEAR[:clear]:
        box = box_named(sheet_kind, name)
        pencil_cross(photo, box, 0.6)
        ev[boxes.index(box)] = 2 * local.FAINT_CLEAR
    smudge = box_named(sheet_kind, "item.3.half.1")
    raise_inside(photo, smudge, 0.06)
    ev[boxes.index(smudge)] = 1.0
    found = local.faint_marks(photo, ref, boxes, ev, np.ones(len(boxes)))
    assert {b.name for b, f in zip(boxes, found, strict=True) if f} == (
        {"item.3.half.1"} if faint else set()
    )


def _rows():
    """Quest 1's and quest 2's glory values, each read as plainly not circled, none fitted."""
    import numpy as np

    names = [f"quest.{q}.glory.{v}" for q in (1, 2) for v in range(1, 15)]
    return names, np.full(len(names), -2.0), np.zeros(len(names))


def test_a_ring_fitted_in_few_directions_beside_clear_rings_is_asked_about(monkeypatch):
    """Quest 1's glory 4 ringed clearly (evidence 2.75, its ring fitted in 36 directions) and
    quest 2's glory 12 read as circled at 1.07 with a ring fitted in 7 (the fourth set's case
    21, an erased ring): the faint one is asked about; so it is read at 2.07 and fitted in 24
    (case 1920: 24 < FAINT_FIT 0.8 x 36 = 28.8). Fitted in 30 directions it is not; nor with no
    clear ring on the sheet to judge by. The planted defect, no faint limit, asks about
    nothing."""
    names, ev, fits = _rows()
    ev[3], fits[3] = 2.75, 36
    ev[14 + 11], fits[14 + 11] = 1.07, 7
    assert local._faint_rings(names, ev, fits) == ["quest.2.glory.12"]
    ev[14 + 11], fits[14 + 11] = 2.07, 24
    assert local._faint_rings(names, ev, fits) == ["quest.2.glory.12"]
    fits[14 + 11] = 30
    assert local._faint_rings(names, ev, fits) == []
    fits[14 + 11], ev[3] = 7, 2.0
    assert local._faint_rings(names, ev, fits) == []
    ev[3] = 2.75
    monkeypatch.setattr(local, "FAINT_FIT", 0.0)
    monkeypatch.setattr(local, "LOW_FIT", 0.0)
    assert local._faint_rings(names, ev, fits) == []


def test_a_coffee_rings_edge_through_values_is_asked_about(monkeypatch):
    """The fourth set's case 1079: three values ringed (evidence 2.75, fitted in 36 directions)
    and a coffee ring's edge across five values, read as circled at +0.6 to +3.5, each fitted
    in 13-16 directions. The clear rings' (ev >= RING_CLEAR 2.5) fits are 36, 36, 36, 16, 13,
    13, 14: their upper quartile is 36 and FAINT_FIT 0.8 of it 28.8, so the five edge values
    are asked about (ev under RING_PLAIN 8). A value read at +6 fitted in 13 (case 1218) is
    asked about too; one read plainly, at +13 (over NEAR_PLAIN 1.5 x 8 = 12), is not. The
    planted defect, the clear rings' median (16, 0.8 of it 12.8): none of them is asked
    about."""
    names, ev, fits = _rows()
    for k in (0, 13, 14 + 3):  # quest 1 glory 1 and 14, quest 2 glory 4
        ev[k], fits[k] = 2.75, 36
    edge = {5: (3.17, 16), 8: (3.5, 13), 10: (2.74, 13), 14 + 6: (3.34, 14), 14 + 9: (0.62, 13)}
    for k, (e, f) in edge.items():
        ev[k], fits[k] = e, f
    asked = sorted(names[k] for k in edge)
    assert sorted(local._faint_rings(names, ev, fits)) == asked
    ev[8] = 6.0  # read surely, as case 1218's ability 3, but not plainly
    assert sorted(local._faint_rings(names, ev, fits)) == asked
    ev[8] = 13.0  # plainly circled: its fit is no doubt
    assert names[8] not in local._faint_rings(names, ev, fits)
    ev[8] = 3.5
    monkeypatch.setattr(local, "RING_QUANTILE", 50)
    assert local._faint_rings(names, ev, fits) == []


@pytest.mark.parametrize(("px_per_mm", "asked"), [(4.0, True), (2.5, False), (None, False)])
def test_a_smudge_just_over_the_faint_limit_is_asked_on_a_sharp_photo(
    pd_pack, sheet_kind, px_per_mm, asked
):
    """A smudge of 0.2, whose darkest pixels reach about 0.36 of the crosses' (over
    FAINT_PEAK_SHARP 0.32, under FAINT_DOUBT 0.40): it reads as marked, and on a photo of 4 px
    per mm it is asked about (a stain's edge or a ghost that close to the limit); under
    FAINT_SHARP_PX, or with the resolution unknown, it is not."""
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.2, px_per_mm=px_per_mm)
    assert ev["item.3.half.1"] > local.FAINT_CLEAR
    assert ("item.3.half.1" in doubts) == asked


def test_the_planted_defect_leaves_the_smudge_over_the_limit_unasked(
    pd_pack, sheet_kind, monkeypatch
):
    """The planted defect, FAINT_DOUBT at the faint limit itself (as before), reads the same
    smudge as marked with nothing to ask on a sharp photo."""
    monkeypatch.setattr(local, "FAINT_DOUBT", local.FAINT_PEAK_SHARP)
    ev, doubts = _evidence(pd_pack, sheet_kind, 0.2, px_per_mm=4.0)
    assert ev["item.3.half.1"] > 0 and "item.3.half.1" not in doubts


def test_a_resurrection_read_as_circled_by_a_faint_ring_is_asked_about():
    """Wild holdout 2348: the resurrection empty, its printed outline come out bolder than the
    blank's, read as circled at 1.84 with a ring fitted in 15 directions, while the sheet's
    clear rings are fitted in 36: 15 < FAINT_FIT 0.8 x 36 = 28.8, so it is asked about (it was
    not: only glory values were). A resurrection ringed as the glory values are (36) is not;
    nor one read plainly (13, over NEAR_PLAIN 1.5 x RING_PLAIN 8 = 12), nor one on a sheet
    with no clear glory ring to judge its ring by."""
    import numpy as np

    names, ev, fits = _rows()
    names, ev, fits = [*names, "resurrection"], np.append(ev, 1.84), np.append(fits, 15)
    ev[3], fits[3] = 2.75, 36
    assert local._faint_rings(names, ev, fits) == ["resurrection"]
    fits[-1] = 36
    assert local._faint_rings(names, ev, fits) == []
    ev[-1], fits[-1] = 13.0, 15
    assert local._faint_rings(names, ev, fits) == []
    # no clear glory ring: nothing to judge the resurrection's ring by
    ev[-1], ev[3] = 1.84, 2.0
    assert local._faint_rings(names, ev, fits) == []


def test_a_circle_read_as_circled_with_no_ring_fitted_round_it_is_asked_about(monkeypatch):
    """Third set case 3101: the resurrection empty, read as circled at +2.61 under glare with no
    ring fitted round it in any direction, on a sheet with no clear glory ring (so
    `_faint_rings` had nothing to judge it by): unlisted. A circle read as circled but not
    plainly, round which no ring shows at all, is asked about (a glory value too); not one with
    a ring fitted in a single direction, nor one read plainly (over RING_PLAIN 8), nor one read
    as empty. The planted defect, `_unringed` left out of the glory doubts, lists nothing."""
    import numpy as np

    names, ev, fits = _rows()
    names, ev, fits = [*names, "resurrection"], np.append(ev, 2.61), np.append(fits, 0)
    assert not (ev[:-1] >= local.RING_CLEAR).any()  # no clear glory ring on the sheet
    assert local._unringed(names, ev, fits) == ["resurrection"]
    ev[2], fits[2] = 1.74, 0
    assert local._unringed(names, ev, fits) == [names[2], "resurrection"]
    ev[2] = -1.0
    fits[-1] = 1
    assert local._unringed(names, ev, fits) == []
    ev[-1], fits[-1] = 9.0, 0
    assert local._unringed(names, ev, fits) == []
    # as the glory measures are judged: asked about; and not with the planted defect
    ev[-1] = 2.61
    n = len(names)
    nan = np.full(n, np.nan)
    glory = local.Glory(ev.copy(), fits.astype(int), nan, nan, np.zeros(n, int), np.nan)
    assert "resurrection" in local.glory_evidence(names, ev, glory, {})[1]
    monkeypatch.setattr(local, "_unringed", lambda names, ev, fits: [])
    assert "resurrection" not in local.glory_evidence(names, ev, glory, {})[1]


def test_a_ring_fitted_round_another_value_than_the_one_read_is_asked_about(monkeypatch):
    """Independent case 2914: quest 1's glory 2 read as circled at +4.48 (a smudge over glory
    1-3, a ring fitted round it in 6 directions), glory 8 read at -0.87 with a ring fitted in
    20, the row's next 7: 20 - 7 = 13 >= FIT_LEAD 10, so both are asked about. Not with the fit
    16 (9 ahead); nor when the fitted value is the one read; nor in a row read as not circled.
    The planted defect, a lead no fit reaches, asks about nothing."""
    import numpy as np

    names, ev, fits = _rows()
    ev[1], fits[1] = 4.48, 6
    ev[7], fits[7] = -0.87, 20
    fits[8] = 7
    assert local._fitted_elsewhere(names, ev, fits) == ["quest.1.glory.8", "quest.1.glory.2"]
    fits[7] = 16
    assert local._fitted_elsewhere(names, ev, fits) == []
    fits[7], fits[1] = 20, 30
    assert local._fitted_elsewhere(names, ev, fits) == []
    fits[1], ev[1] = 6, -0.5
    assert local._fitted_elsewhere(names, ev, fits) == []
    ev[1] = 4.48
    assert not np.isnan(ev).any()
    monkeypatch.setattr(local, "FIT_LEAD", 100)
    assert local._fitted_elsewhere(names, ev, fits) == []


def test_a_value_read_just_over_plain_with_a_poorly_fitted_ring_is_asked_about(monkeypatch):
    """The fourth set's case 2924: two values ringed (fitted in 36 directions; its quest 2's
    glory 8 and quest 3's glory 5, here quest 1's and quest 2's), and a coffee ring's edge through goal 12, read at +8.21, over RING_PLAIN 8,
    fitted in 16: under LOW_FIT 0.5 x 36 = 18 and under NEAR_PLAIN 1.5 x 8 = 12, asked about.
    Fitted in 18 it is not (a ring drawn round it shows), nor read at +12 (plainly circled).
    The planted defect, no low-fit limit: nothing is asked about."""
    import numpy as np

    names, ev, fits = _rows()
    names = names + [f"goal.glory.{v}" for v in range(1, 13)]
    ev = np.concatenate([ev, np.full(12, -2.0)])
    fits = np.concatenate([fits, np.zeros(12)])
    for k in (7, 14 + 4):  # quest 1 glory 8, quest 2 glory 5
        ev[k], fits[k] = 2.75, 36
    goal = names.index("goal.glory.12")
    ev[goal], fits[goal] = 8.21, 16
    assert local._faint_rings(names, ev, fits) == ["goal.glory.12"]
    fits[goal] = 18
    assert local._faint_rings(names, ev, fits) == []
    ev[goal], fits[goal] = 12.0, 16
    assert local._faint_rings(names, ev, fits) == []
    ev[goal] = 8.21
    monkeypatch.setattr(local, "LOW_FIT", 0.0)
    assert local._faint_rings(names, ev, fits) == []
