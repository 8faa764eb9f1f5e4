"""Lucky Seven's one score rule: every roll counts, a seven counts double, each card 3."""

from __future__ import annotations

from generator.rules.scoring import Score, SheetError
from lucky_seven.models import FilledSheet


def score(sheet: FilledSheet) -> Score:
    """Rolls (sevens doubled) and 3 glory a kept card."""
    for i, r in enumerate(sheet.rolls):
        if not 2 <= r <= 12:
            raise SheetError(("rolls", i), f"two dice sum to 2..12, got {r}")
    rolls = sum(2 * r if r == 7 else r for r in sheet.rolls)
    return Score(sheet.player, {"rolls": rolls, "cards": 3 * sheet.cards})
