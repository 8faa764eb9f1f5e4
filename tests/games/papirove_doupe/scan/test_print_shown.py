"""The print check after straightening: a sheet filled thickly under a deep shadow is still its
sheet (wild holdout case 2347: refused as "the print does not look like that sheet", match
0.37, its print in place), while a print moved from where the sheet has it, or a photo dark all
over, is not."""

from __future__ import annotations

import numpy as np
import pytest

from generator.games.papirove_doupe.scan import read
from tests.games.papirove_doupe.scan.conftest import blank_photo, fill_box

MOVE_PX = 20  # 2.5 mm at 8 px per mm: another version of the sheet, its print moved so


@pytest.fixture(scope="module")
def blank(pd_pack, sheet_kind):
    """The blank sheet as a flawless photo shows it, and as expected."""
    return blank_photo(pd_pack, sheet_kind)


def _thick_and_shaded(photo: np.ndarray, kind) -> np.ndarray:
    """Every box filled in pen (0.7 dark), and blotchy shade over the sheet (as the straightened
    photo keeps some of a deep shadow's edge): darkness up to about 2, in patches of about
    10 mm (a fixed-seed smooth field, its lower half cut off)."""
    import cv2

    out = photo.copy()
    for box in kind.boxes:
        fill_box(out, box, 0.7)
    field = np.random.default_rng(24).normal(0.0, 1.0, out.shape).astype(np.float32)
    field = cv2.GaussianBlur(field, (0, 0), 80.0)
    return out + np.clip(field / field.std(), 0.0, None) * 0.75


def test_a_thick_fill_under_a_shadow_is_its_own_sheet(blank, sheet_kind):
    """The fills and the shade take the correlation with the expected print below MIN_MATCH
    (0.42), but the print is all there, far more than where it would lie moved 2 mm."""
    photo, exp = blank
    thick = _thick_and_shaded(photo, sheet_kind)
    assert read._match(thick, exp) < read.MIN_MATCH
    assert read._print_shown(thick, exp)


def test_a_print_moved_from_where_the_sheet_has_it_is_not_its_sheet(blank):
    """Another version's print, moved 2.5 mm: it correlates poorly and is not shown in place."""
    photo, exp = blank
    moved = np.roll(photo, MOVE_PX, axis=1)
    assert read._match(moved, exp) < read.MIN_MATCH
    assert not read._print_shown(moved, exp)


def test_a_photo_dark_all_over_does_not_show_the_print(blank, monkeypatch):
    """Dark everywhere is dark where the print is, and as dark where it is not: no match. The
    planted defect, no margin over the print moved, takes it for the sheet."""
    _, exp = blank
    dark = np.full_like(exp, 0.8)
    assert not read._print_shown(dark, exp)
    monkeypatch.setattr(read, "PRINT_APART", -1.0)
    assert read._print_shown(dark, exp)
