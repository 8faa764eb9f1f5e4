"""PJi, nezlob se reference card: the card layout filled from a text document, two to a sheet
with a cut line between them."""

from __future__ import annotations

from generator.content.models import to_context
from generator.games.pji_nezlob_se.art import FAINT
from generator.layout.builders import BuildContext, Drawn
from generator.layout.engine import Builder, Item
from generator.layout.ops import GroupOp
from generator.layout.sketch import Sketch

SHEET = (196.0, 264.0)  # the sheet the cards are placed on, centred on A4 or Letter
COPIES = 2


def card_ops(ctx: BuildContext) -> list:
    """One reference card in card coordinates."""
    data = to_context(ctx.data, ctx.lang)
    assert isinstance(data, dict)
    return Builder(ctx.layout, ctx.env).build(Item({**data, "lang": ctx.lang}, "card"))


def build_card(ctx: BuildContext) -> list[Drawn]:
    """A sheet with two reference cards, one above the other, and cut marks between them."""
    w, h = ctx.layout.width, ctx.layout.height
    sw, sh = SHEET
    gap = (sh - COPIES * h) / (COPIES - 1) if COPIES > 1 else 0.0
    x = (sw - w) / 2
    one = tuple(card_ops(ctx))
    ops: list = []
    sk = Sketch(ctx.env, "card")
    for i in range(COPIES):
        y = i * (h + gap)
        ops.append(GroupOp(x, y, one))
        if i:
            cut = y - gap / 2
            sk.line(0, cut, sw, cut, stroke=FAINT, width=0.2, dash=(2.0, 1.5))
    return [Drawn(sw, sh, ops + sk.ops)]


BUILDERS = {"pji-nezlob-se/card": build_card}
