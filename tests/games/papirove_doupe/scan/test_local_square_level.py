"""The empty level is measured on the square boxes: circles' printed numbers scatter wider."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, px, reference  # noqa: E402
from tests.games.papirove_doupe.scan.conftest import pencil_cross  # noqa: E402

SEED = 2424
WOUNDS = 12  # marked: wounds 1-12, in light pencil
SQUARE_SD = 0.003


def _sheet(pd_pack, sheet_kind, circle_sd: float, darkness: float):
    """A blank sheet with fixed-seed noise of 0.01 and each square box's inside offset by a
    fixed-seed normal of SQUARE_SD (light that varies box by box); each circle's number a little
    darker or lighter than printed (its inner disc offset by a normal of `circle_sd`); a light
    pencil cross (0.3 mm strokes of `darkness`, 0.6 mm inside the corners) in wounds 1-12."""
    ref = np.array(reference(pd_pack, sheet_kind, "PD-standard-a4-cs", "cs"), dtype=np.float32)
    rng = np.random.default_rng(SEED)
    photo = ref + rng.normal(0.0, 0.01, ref.shape).astype(np.float32)
    for b in (b for b in sheet_kind.boxes if not b.round):
        y0, y1, x0, x1 = (round(px(v)) for v in (b.y, b.y + b.h, b.x, b.x + b.w))
        photo[y0:y1, x0:x1] += np.float32(rng.normal(0.0, SQUARE_SD))
    for b in (b for b in sheet_kind.boxes if b.round):
        centre = (round(px(b.x + b.w / 2) * 16), round(px(b.y + b.h / 2) * 16))
        radius = round(b.w / 2 * marks.INNER_DISC * PX_PER_MM * 16)
        disc = np.zeros_like(photo)
        cv2.circle(disc, centre, radius, 1.0, -1, cv2.LINE_AA, 4)
        photo += disc * np.float32(rng.normal(0.0, circle_sd))
    names = {f"wound.{k}" for k in range(1, WOUNDS + 1)}
    for b in (b for b in sheet_kind.boxes if b.name in names):
        pencil_cross(photo, b, darkness)
    return photo, ref


def _read(pd_pack, sheet_kind, circle_sd: float):
    """The evidence of `_sheet` with crosses of 0.15, and the empty level's spread measured on
    the squares alone and on all boxes."""
    photo, ref = _sheet(pd_pack, sheet_kind, circle_sd, 0.15)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, ref, ref, boxes, marks.BAND)
    square = np.array([not b.round for b in boxes])
    _, spread = marks.empty_level(found.value[square], local.MIN_SPREAD)
    _, spread_all = marks.empty_level(found.value, local.MIN_SPREAD)
    return found, spread, spread_all


def test_circles_scattering_wide_do_not_raise_the_squares_threshold(pd_pack, sheet_kind):
    """Squares scatter by about 0.0026 when empty (SQUARE_SD, and the noise averaged over a
    box); circles' inner discs, offset by 0.015 (sd), scatter several times as wide. Measured
    over all boxes, the empty level's spread came out 0.0043, the threshold (6 spreads, 0.025)
    above most light crosses (means 0.027-0.038): 8 of 12 wounds read, 7 asked about. Measured on
    the squares (spread 0.0026), the threshold is about half the crosses' means: all 12 are read
    and none needs asking about."""
    found, spread, spread_all = _read(pd_pack, sheet_kind, 0.015)
    assert spread_all > 1.5 * spread  # the circles do scatter wider: the case is as planted
    assert found.spread == pytest.approx(spread)
    d = rules.decide(dict(zip(found.names, found.evidence.tolist(), strict=True)))
    assert [k for k in range(1, 41) if d.marked[f"wound.{k}"]] == list(range(1, WOUNDS + 1))
    assert not [n for n in d.ask if n.startswith("wound.")]


def test_circles_scattering_less_keep_the_smaller_spread(pd_pack, sheet_kind):
    """Circles printed exactly as expected (no offset) scatter less than the squares: the
    squares keep the all-boxes' (smaller) spread, as before, so that a light mark that cleared
    that threshold still does (the squares' own spread would raise it)."""
    found, spread, spread_all = _read(pd_pack, sheet_kind, 0.0)
    assert spread_all < spread  # as planted
    assert found.spread == pytest.approx(spread_all)
