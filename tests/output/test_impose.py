"""Imposition: how many cards fit, where they go, where the marks are, and the backs."""

from __future__ import annotations

import pytest

from generator.errors import PapirnaError
from generator.layout.ops import GroupOp, LineOp, TextOp
from generator.output.impose import PrintOptions, choose_grid, crop_marks, impose, plan_grid

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


LETTER = (215.9, 279.4)
EURO = (59.0, 92.0)


def _marks_keep_out(grid, paper, margin: float) -> None:
    """Every mark is >= 3 mm long, starts outside the trim and ends `margin` from the edge."""
    pw, ph = paper
    left, top = grid.x0, grid.y0
    right = grid.x0 + grid.cols * grid.card_w + (grid.cols - 1) * grid.gap
    bottom = grid.y0 + grid.rows * grid.card_h + (grid.rows - 1) * grid.gap
    marks = crop_marks(grid, paper)
    assert marks
    for op in marks:
        length = abs(op.x2 - op.x1) + abs(op.y2 - op.y1)
        assert length >= 3.0 - 1e-9, op
        xs, ys = (op.x1, op.x2), (op.y1, op.y2)
        outside = max(xs) < left or min(xs) > right or max(ys) < top or min(ys) > bottom
        assert outside, op
        assert min(xs) >= margin and max(xs) <= pw - margin, op
        assert min(ys) >= margin and max(ys) <= ph - margin, op


def test_nine_poker_cards_do_not_fit_letter_with_margins_so_eight_in_landscape() -> None:
    # upright: 3 x 88.9 = 266.7 mm of 279.4 leaves 6.35 mm a side, less than the 9.3 mm that
    # 1 mm gap + 3 mm mark + 5 mm margin + 0.3 mm need, so 3 x 2 = 6; turned: 4 x 63.5 = 254 of
    # 279.4 (12.7 a side) and 2 x 88.9 = 177.8 of 215.9 (19.05 a side) gives 8
    grid, note = choose_grid(LETTER, POKER, 3.0, 0.0, 5.0)
    assert (grid.cols, grid.rows, grid.landscape) == (4, 2, True)
    assert (
        note == "63.5x88.9mm cards: 8 a sheet in landscape (6 in portrait with 5mm printer margins)"
    )
    _marks_keep_out(grid, (LETTER[1], LETTER[0]), 5.0)
    # a print shop (no margin) gets its nine upright, and nothing to say
    shop, quiet = choose_grid(LETTER, POKER, 3.0, 0.0, 0.0)
    assert (shop.cols, shop.rows, shop.landscape, quiet) == (3, 3, False, "")


def test_euro_cards_on_letter_eight_in_landscape() -> None:
    # upright 3 x 59 and 2 x 92 = 6; turned 4 x 59 = 236 of 279.4, 2 x 92 = 184 of 215.9 = 8
    grid, _ = choose_grid(LETTER, EURO, 3.0, 0.0, 5.0)
    assert (grid.cols, grid.rows, grid.landscape) == (4, 2, True)


def test_a4_keeps_nine_poker_cards_with_marks_outside_the_margin() -> None:
    grid, note = choose_grid(A4, POKER, 3.0, 0.0, 5.0)
    assert (grid.cols, grid.rows, grid.landscape, note) == (3, 3, False, "")
    # 9.75 mm side borders: the outer bleed shrinks to 9.75 - 9.3 = 0.45 mm for the marks
    assert grid.outer_bleed == pytest.approx(0.45)
    _marks_keep_out(grid, A4, 5.0)


def test_sheet_label_stays_out_of_the_margin_and_between_the_marks() -> None:
    fronts = [[TextOp(0, 0, str(i), "sans-regular", 8)] for i in range(3)]
    notes: list[str] = []
    opts = PrintOptions(printer_margin=5.0)
    pages = impose(
        fronts, None, LETTER, POKER, 3.0, "A long deck title " * 6, opts=opts, notes=notes
    )
    assert pages[0].width > pages[0].height  # turned
    assert notes and "8 a sheet in landscape" in notes[0]
    grid, _ = choose_grid(LETTER, POKER, 3.0, 0.0, 5.0)
    label = [op for op in pages[0].ops if isinstance(op, TextOp)][-1]
    assert label.y <= pages[0].height - 5.0 - 0.5
    assert label.size >= 6.0 and label.text.endswith("…")
    assert grid.x0 < label.x < grid.x0 + POKER[0]
