"""Imposition: how many cards fit, where they go, where the marks are, and the backs."""

from __future__ import annotations

import pytest

from generator.errors import PapirnaError
from generator.layout.ops import GroupOp, LineOp, TextOp
from generator.output.impose import crop_marks, impose, plan_grid

A4 = (210.0, 297.0)
POKER = (63.5, 88.9)


def test_nine_poker_cards_on_a4_centred() -> None:
    g = plan_grid(A4, POKER, 3.0)
    assert (g.cols, g.rows) == (3, 3)
    assert g.x0 == pytest.approx((210 - 3 * 63.5) / 2)  # 9.75 mm
    assert g.y0 == pytest.approx((297 - 3 * 88.9) / 2)  # 15.15 mm


def test_card_larger_than_paper_is_refused() -> None:
    with pytest.raises(PapirnaError, match="does not fit"):
        plan_grid(A4, (300.0, 100.0), 3.0)


def test_marks_stay_in_the_margin() -> None:
    g = plan_grid(A4, POKER, 3.0)
    right = g.x0 + 3 * 63.5
    bottom = g.y0 + 3 * 88.9
    for op in crop_marks(g, A4):
        assert isinstance(op, LineOp)
        xs, ys = (op.x1, op.x2), (op.y1, op.y2)
        outside = max(xs) <= g.x0 - g.outer_bleed or min(xs) >= right + g.outer_bleed
        outside |= max(ys) <= g.y0 - g.outer_bleed or min(ys) >= bottom + g.outer_bleed
        assert outside, op
        assert min(xs) >= 0 and max(xs) <= 210 and min(ys) >= 0 and max(ys) <= 297


def test_exactly_full_last_sheet_is_kept_and_backs_mirror() -> None:
    fronts = [[TextOp(0, 0, str(i), "sans-regular", 8)] for i in range(18)]
    backs = [[TextOp(0, 0, f"b{i}", "sans-regular", 8)] for i in range(18)]
    pages = impose(fronts, backs, A4, POKER, 3.0, "deck")
    assert len(pages) == 4  # 2 sheets, each with a back
    front_groups = [op for op in pages[0].ops if isinstance(op, GroupOp)]
    back_groups = [op for op in pages[1].ops if isinstance(op, GroupOp)]
    assert len(front_groups) == len(back_groups) == 9
    # card 0 is top-left on the front and top-right on the back (long-edge flip)
    assert front_groups[0].dx == pytest.approx(9.75)
    assert back_groups[0].dx == pytest.approx(210 - 9.75 - 63.5)
    assert back_groups[0].dy == front_groups[0].dy
