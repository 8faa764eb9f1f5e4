"""A fold's crease (a soft dark band across the sheet) through a box is no mark of the box's own:
a box it darkens is only a question; a box marked inside it alone stays surely marked."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import (  # noqa: E402
    blank_photo,
    box_named,
)

SEED = 24


def _crease(photo: np.ndarray, x_mm: float, darkness: float = 0.12, width_mm: float = 1.2):
    """A vertical band of `darkness` (soft-edged, `width_mm` across) down the whole sheet."""
    xs = np.arange(photo.shape[1]) + 0.5
    band = darkness * np.exp(-0.5 * ((xs - px(x_mm)) / (width_mm / 2.5 * PX_PER_MM)) ** 2)
    return photo + band[None, :].astype(np.float32)


def _evidence(photo, ref, sheet_kind):
    found = local.evidence(photo, ref, ref, list(sheet_kind.boxes), marks.BAND)
    return dict(zip(found.names, found.evidence.tolist(), strict=True))


@pytest.mark.parametrize("name", ["ability.glory.-5", "item.3.half.1"])
def test_a_crease_through_a_box_makes_it_a_question_at_most(pd_pack, sheet_kind, name):
    """A 1.2 mm band of darkness 0.12 down the middle of the box (the third photo set, cases 10
    and 30: a crease through the ability's glory -5, read as circled at +1.3 and +5, unlisted):
    the darkness runs on through the paper above and below it, so it is a question at most."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    box = box_named(sheet_kind, name)
    ev = _evidence(_crease(photo, box.x + box.w / 2), ref, sheet_kind)
    assert ev[name] <= local.QUESTION
    d = rules.decide(ev)
    assert name in d.ask or not d.marked[name]


def test_a_box_filled_inside_stays_surely_marked(pd_pack, sheet_kind):
    """The same darkness filling only the box (0.6 mm inside its outline): nothing beyond it is
    darker, so it reads as surely marked, as before."""
    photo, ref = blank_photo(pd_pack, sheet_kind, SEED)
    box = box_named(sheet_kind, "item.3.half.1")
    x0, y0 = round(px(box.x + 0.6)), round(px(box.y + 0.6))
    x1, y1 = round(px(box.x + box.w - 0.6)), round(px(box.y + box.h - 0.6))
    photo[y0:y1, x0:x1] += 0.12
    ev = _evidence(photo, ref, sheet_kind)
    assert ev["item.3.half.1"] > 1.5


def _folded_photo(pd_pack, sheet_kind, name: str, fill: bool = False):
    """A photo (6 px per mm, the whole pipeline) of the cs-A4 sheet folded down the middle of box
    `name`, as the third photo set folds one: a crease darkening the paper by 0.15 at its line
    (falling off over 0.85 mm) and the half beyond it 0.04 darker (the sheet's two halves face
    the light at different angles); with the box filled in pen when `fill`."""
    import random

    from PIL import Image

    from generator.games.papirove_doupe.scan import synth

    page_px = 6.0
    page, offset = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", page_px)
    if fill:
        styles = {name: "fill"}
        page = synth.fill_page(page, page_px, sheet_kind, styles, offset, random.Random(1))
    box = box_named(sheet_kind, name)
    a = np.asarray(page).astype(np.float32)
    d = (np.arange(a.shape[1]) + 0.5) / page_px - offset[0] - (box.x + box.w / 2)
    shade = 0.15 * np.exp(-((d / 0.85) ** 2)) + np.where(d > 0, 0.04, 0.0)
    folded = Image.fromarray(np.clip(a * (1 - shade)[None, :, None], 0, 255).astype(np.uint8))
    photo, _ = synth.photograph(folded, page_px, synth.Damage(px_per_mm=6.0, seed=3))
    return photo


def _reading(pd_pack, photo, name: str):
    from generator.games.papirove_doupe.scan import read

    result = read.read_image(photo, pd_pack, "folded.png")
    return next(b for b in result.boxes if b.name == name)


@pytest.mark.parametrize(
    "name", ["ability.glory.-5", "item.3.half.1", "quest.1.glory.8", "resurrection"]
)
def test_a_fold_through_an_empty_box_leans_empty(pd_pack, sheet_kind, name, monkeypatch):
    """A fold's crease runs on across the sheet, dark far out on both sides of the box: the box is
    judged by how much darker than that paper it is, nothing here, so it reads as empty and is
    asked about (third photo set: the ability read as -5 in cases 10, 25 and 30, items 1 and 5 as
    both halves in case 32, the resurrection in case 47, every one empty). The planted defect,
    the far paper never looked at (as before), reads it as marked."""
    photo = _folded_photo(pd_pack, sheet_kind, name)
    box = _reading(pd_pack, photo, name)
    assert not box.marked and box.ask
    monkeypatch.setattr(local, "LONG_MM", (400.0, 401.0))
    assert _reading(pd_pack, photo, name).marked


def test_a_filled_box_under_a_fold_stays_marked(pd_pack, sheet_kind):
    """A pen fill under the same fold is far darker than the crease's paper: it reads as marked."""
    photo = _folded_photo(pd_pack, sheet_kind, "item.3.half.1", fill=True)
    assert _reading(pd_pack, photo, "item.3.half.1").marked


@pytest.mark.parametrize("name", ["quest.1.glory.8", "resurrection"])
def test_a_fold_is_followed_past_the_boxes_beside_a_circle(pd_pack, sheet_kind, name, monkeypatch):
    """Above or below a glory value or the resurrection, other circles and labels cover the paper
    for a good way: the fold's darkness is looked for past them, up to 30 mm further. The planted
    defect (not that far, as before) reads the empty circle as surely circled, with nothing to
    check: the fold's darker half fills half its ring."""
    photo = _folded_photo(pd_pack, sheet_kind, name)
    monkeypatch.setattr(local, "THROUGH_FARTHEST_MM", 0.0)
    box = _reading(pd_pack, photo, name)
    assert box.marked and box.score > 5 and box.ask != "unsure"


@pytest.mark.parametrize("name", ["quest.2.glory.2", "quest.2.glory.11"])
def test_a_fold_down_a_column_of_glory_values_leans_empty(pd_pack, sheet_kind, name, monkeypatch):
    """Round a glory value in the rows stacked one under another, the paper off the box's
    corners is covered by the circles beside it; the paper beside it across the fold is off
    the fold too (third set case 1617: a crease down the column of glory 2, read as circled in
    quest 2 and the goal, with no ring there). The empty value reads as empty. The planted
    defect, the corners alone (as before), reads it as circled."""
    photo = _folded_photo(pd_pack, sheet_kind, name)
    assert not _reading(pd_pack, photo, name).marked
    monkeypatch.setattr(local, "_off_line", lambda corners, across, round_: corners)
    assert _reading(pd_pack, photo, name).marked


@pytest.mark.parametrize(("darkness", "long"), [(0.03, True), (0.01, False)])
def test_a_crease_must_darken_the_paper_far_out_by_enough(pd_pack, sheet_kind, darkness, long):
    """A band 1.2 mm wide across the whole sheet along item 3, as the reader sees it once the
    background is taken off: at 0.03 (the lightest fold of the third photo set's was 0.02 over
    the paper beside it; this band darkens the paper windows by 0.02) it is a crease; at 0.01,
    as faint pencil marks on grainy paper leave the paper round them (wild holdout case 1039),
    it is not. The planted defect, no least darkness (as
    before), takes the faint one for a crease too."""
    _, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = list(sheet_kind.boxes)
    box = box_named(sheet_kind, "item.3.half.1")
    y = box.y + box.h / 2
    band = np.zeros(ref.shape, np.float32)
    band[round(px(y - 0.6)) : round(px(y + 0.6)), :] = darkness
    image = ref + band
    f = marks.features(image, ref, boxes)
    value = f.inner_photo - f.inner_expected
    marked = np.array([b.name == box.name for b in boxes])
    i = boxes.index(box)
    assert local._through(image, ref, ref, boxes, value, marked)[1][i] == long
    if not long:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(local, "CREASE_MIN", 0.0)
            assert local._through(image, ref, ref, boxes, value, marked)[1][i]


@pytest.mark.parametrize("name", ["quest.2.glory.2", "goal.glory.2"])
def test_a_circle_darkened_more_than_the_crease_paper_is_still_under_a_crease(
    pd_pack, sheet_kind, name, monkeypatch
):
    """A crease 2 mm wide of darkness 0.05 down the column of glory 2 (as the reader sees the
    paper once the background is taken off), and the circle's disc 1.7 times as dark as that
    (the background, carried in from the paper round it, takes part of the crease off the paper
    but not off the disc: third set case 1715, discs 1.3-1.7 times the crease's paper, read as
    circled in three rows). The crease is found running on far out: a circle is judged against
    a share of its darkness divided by CREASE_DISC. The planted defect, the square boxes' share
    (as before), misses it: the paper beside the circle is under 0.6 of the disc's darkness."""
    _, ref = blank_photo(pd_pack, sheet_kind, SEED)
    boxes = list(sheet_kind.boxes)
    box = box_named(sheet_kind, name)
    x = box.x + box.w / 2
    image = ref.copy()
    image[:, round(px(x - 1.0)) : round(px(x + 1.0))] += 0.05
    f = marks.features(image, ref, boxes)
    i = boxes.index(box)
    yy, xx = np.mgrid[0 : image.shape[0], 0 : image.shape[1]]
    r = np.hypot(xx + 0.5 - px(x), yy + 0.5 - px(box.y + box.h / 2)) / PX_PER_MM
    disc = r <= box.w / 2 * marks.INNER_DISC
    image[disc] += 0.085 - float(f.inner_photo[i] - f.inner_expected[i])
    f = marks.features(image, ref, boxes)
    value = f.inner_photo - f.inner_expected
    assert value[i] == pytest.approx(0.085, abs=0.002)
    marked = np.array([b.name == name for b in boxes])
    assert local._through(image, ref, ref, boxes, value, marked)[1][i]
    monkeypatch.setattr(local, "CREASE_DISC", 1.0)
    assert not local._through(image, ref, ref, boxes, value, marked)[1][i]


def test_a_crease_along_an_items_two_marked_halves_is_seen_past_its_picture(pd_pack, sheet_kind):
    """A band 1.2 mm wide of darkness 0.1 across the whole English sheet along item 5's two
    halves, both
    read as marked (third set case 3427: a crease along them, read as item 5 at 2, unlisted).
    Beyond the pair's right end the item's picture and name fill the paper for more than 10 mm;
    the paper is looked for further out, as round a circle, and the crease is seen through both.
    The planted defect, no farther look (THROUGH_FARTHEST_MM 0), sees no paper there and no
    crease."""
    from generator.games.papirove_doupe.scan.template import reference

    ref = reference(pd_pack, sheet_kind, "PD-standard-a4-en", "en")  # (its longer item names)
    boxes = list(sheet_kind.boxes)
    halves = [box_named(sheet_kind, f"item.5.half.{k}") for k in (1, 2)]
    y = halves[0].y + halves[0].h / 2
    band = np.zeros(ref.shape, np.float32)
    band[round(px(y - 0.6)) : round(px(y + 0.6)), :] = 0.1
    exp = cv2.GaussianBlur(ref, (0, 0), SHAKE_MM * PX_PER_MM)  # the print as a shaken photo has it
    image = exp + band
    f = marks.features(image, exp, boxes)
    value = f.inner_photo - f.inner_expected
    marked = np.array([b in halves for b in boxes])
    idx = [boxes.index(b) for b in halves]
    assert np.isfinite(local._through(image, exp, ref, boxes, value, marked)[0][idx]).all()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(local, "THROUGH_FARTHEST_MM", 0.0)
        assert np.isnan(local._through(image, exp, ref, boxes, value, marked)[0][idx]).all()


SHAKE_MM = 0.5  # (third set case 3427 was shaken: its blurred print leaves no paper by the name)
