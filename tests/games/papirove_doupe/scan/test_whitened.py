"""Glare that whitens part of a sheet takes faint marks away there entirely: on a photo whose
marks are all faint, the boxes on whitened paper (the photo's paper at WHITE, 250 of 255, or
more) whose printed outline lost contrast against the rest of the sheet are asked about. The
third photo set's case 3721 (light pencil, a glare on the lower right): the marks read at
0.02-0.05 elsewhere and at 0.00 in the fights, whose outlines showed 0.51-0.68 of the print's
contrast elsewhere; every fight read as not visited, unlisted."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import local
from generator.games.papirove_doupe.scan.template import px

GLARED = "monster."  # the boxes under the glare in these tests: the three fights'


def _case(sheet_kind, *, mark=0.04, paper_there=255.0, paper_rest=235.0, print_there=0.6):
    """3721's numbers in round figures: the fights' paper at `paper_there`, the rest of the
    sheet's at `paper_rest`; 23 boxes elsewhere read as marked at darkness `mark` (evidence 3),
    the rest read empty (darkness 0, evidence -2); the fights' outlines show `print_there` of
    the contrast the others show (1.0). Returns the boxes `local.whitened` picks."""
    boxes = list(sheet_kind.boxes)
    names = [b.name for b in boxes]
    h = int(px(max(b.y + b.h for b in boxes))) + 20
    w = int(px(max(b.x + b.w for b in boxes))) + 20
    paper = np.full((h, w), paper_rest, np.float32)
    glared = [b for b in boxes if b.name.startswith(GLARED)]
    for b in glared:  # the paper round each fight box whitened
        paper[
            int(px(b.y)) - 5 : int(px(b.y + b.h)) + 5, int(px(b.x)) - 5 : int(px(b.x + b.w)) + 5
        ] = paper_there
    value, ev = np.zeros(len(boxes)), np.full(len(boxes), -2.0)
    contrast = np.ones(len(boxes))
    elsewhere = [i for i, n in enumerate(names) if n.startswith(("minion.", "gem."))][:23]
    value[elsewhere], ev[elsewhere] = mark, 3.0
    for i, n in enumerate(names):
        if n.startswith(GLARED):
            contrast[i] = print_there
    out = local.whitened(paper, boxes, value, ev, contrast)
    return {names[i] for i in np.flatnonzero(out)}


def _fights(sheet_kind) -> set[str]:
    return {b.name for b in sheet_kind.boxes if b.name.startswith(GLARED)}


def test_faint_marks_under_a_whitening_glare_are_asked_about(sheet_kind):
    # 3721: marks 0.04 dark elsewhere (under WHITE_MARK 0.1), the fights' paper at 255 (WHITE
    # 250 or more), their outlines at 0.6 of the print's contrast (under WHITE_SHARE 0.9)
    assert _fights(sheet_kind) and _case(sheet_kind) == _fights(sheet_kind)


def test_dark_marks_show_through_the_glare(sheet_kind):
    # ballpoint at 0.3 loses a share of its contrast, not all of it: nothing asked
    assert _case(sheet_kind, mark=0.3) == set()
    assert _case(sheet_kind, mark=0.1) == set()  # WHITE_MARK itself is dark enough


def test_paper_short_of_white_is_not_whitened(sheet_kind):
    # a brighter patch that the sensor still shows (249 of 255): a mark there keeps its
    # contrast, and the reader's usual glare handling (the threshold lowered) is enough
    assert _case(sheet_kind, paper_there=249.0) == set()


def test_outlines_that_keep_their_contrast_are_not_asked_about(sheet_kind):
    # whitened paper whose print shows as it does elsewhere (0.95 of it): a bright but not
    # overexposed part of the photo, the marks there as visible as the rest
    assert _case(sheet_kind, print_there=0.95) == set()


def test_a_sheet_white_all_over_has_nothing_to_tell_it_by(sheet_kind):
    # a scan (the scanner's paper at 255 everywhere): no unwhitened part to take the print's
    # and the marks' level from, so nothing is asked on that account
    assert _case(sheet_kind, paper_there=255.0, paper_rest=255.0) == set()


def test_the_planted_defect_asks_nothing(sheet_kind, monkeypatch):
    # with the outline's share set to nothing, the same numbers as the first test ask nothing:
    # the first test can fail
    monkeypatch.setattr(local, "WHITE_SHARE", 0.0)
    assert _case(sheet_kind) == set()


def _glared_photo(pack, kind, path, gain: float):
    """The refusal tests' sheet in the lightest pencil (16 % of full strength), photographed at
    4.8 px/mm with its paper at 90 % of white, and a glare spot on the lower right whose middle
    brightens the photo `gain` times (1.3: the paper there goes past white and is cut off at
    255; 0.9: no glare at all)."""
    import random

    from PIL import Image

    from generator.games.papirove_doupe.scan import synth
    from tests.games.papirove_doupe.scan.test_refuse_unsure import FAINT_MARKED

    rng = random.Random(5)
    blank, offset = synth.printed_page(pack, kind, "cs", "a4", 6.0)
    styles = synth.mark_styles(kind, FAINT_MARKED, rng)
    page = synth.fill_page(blank.copy(), 6.0, kind, styles, offset, rng)
    page = Image.blend(blank.convert(page.mode), page, 0.16)
    damage = synth.Damage(px_per_mm=4.8, angle=-4, blur=0.8, noise=4, background="wood")
    shot, _ = synth.photograph(page, 6.0, damage)
    a = np.asarray(shot, dtype=np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    spot = np.exp(-((xx - 0.72 * w) ** 2 + (yy - 0.62 * h) ** 2) / (0.22 * max(w, h)) ** 2)
    light = 0.9 + (gain - 0.9) * spot
    a = np.clip(a * (light[..., None] if a.ndim == 3 else light), 0, 255).astype(np.uint8)
    Image.fromarray(a).save(path, quality=92)
    return path


def test_a_photo_with_a_whitening_glare_asks_about_the_boxes_under_it(
    pd_pack, sheet_kind, tmp_path
):
    from generator.games.papirove_doupe.scan.read import read_sheet

    glare = read_sheet(_glared_photo(pd_pack, sheet_kind, tmp_path / "glare.jpg", 1.3), pd_pack)
    assert "glare whitens part of the sheet, where faint marks do not show" in glare.causes
    assert any(n.startswith("glare whitens part of the sheet") for n in glare.notes)
    asked = {b.name for b in glare.uncertain}
    assert {"monster.2.visited", "monster.3.visited"} <= asked  # marked, lost in the glare
    # the planted contrast: the same sheet in the same light without the spot names no glare
    even = read_sheet(_glared_photo(pd_pack, sheet_kind, tmp_path / "even.jpg", 0.9), pd_pack)
    assert not any("glare" in c for c in even.causes)
