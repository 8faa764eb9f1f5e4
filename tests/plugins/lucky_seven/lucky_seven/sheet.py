"""Lucky Seven's score sheet: a row of boxes for the rounds, drawn in Python."""

from __future__ import annotations

from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch
from lucky_seven.models import SheetText


def build_sheet(ctx: BuildContext) -> list[Drawn]:
    """The title and one box a round, in the layout's `rounds` area."""
    data: SheetText = ctx.data
    area = ctx.layout.boxes["rounds"]
    sk = Sketch(ctx.env, "lucky-seven sheet")
    sk.text(data.title.get(ctx.lang), area.x, area.y - 14, area.width, 10, size=16, field="title")
    w = area.width / data.rounds
    for i in range(data.rounds):
        sk.rect(area.x + i * w, area.y, w, area.height, stroke="#222222", width=0.4)
        sk.text(str(i + 1), area.x + i * w, area.y + 1, w, 4, size=7, align="center", field="n")
    return [Drawn(ctx.layout.width, ctx.layout.height, sk.ops)]
