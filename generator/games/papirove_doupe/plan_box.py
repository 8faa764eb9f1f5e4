"""Papírové doupě's own layout box type: the dungeon plan with a card's walls and monsters."""

from __future__ import annotations

from typing import Literal

from generator.content.models import FontSize
from generator.errors import PapirnaError
from generator.layout.spec import Styled
from generator.plugins import BoxType


class DungeonPlanBox(Styled):
    """A Papírové doupě plan with a dungeon card's walls and monster positions."""

    type: Literal["dungeon-plan"]
    walls: str = "walls"
    positions: str = "positions"
    features: bool = False  # also draw the sheet's traps, minions and treasures
    label_size: FontSize = 6.0


def draw_dungeon_plan(builder, ops, name, box: DungeonPlanBox, item, x, y) -> None:
    """The plan of the printable's `plan` file, with the card's walls and monster positions."""
    from generator.games.papirove_doupe import plan as pdp
    from generator.layout.sketch import Sketch

    plan = item.files.get("plan")
    if plan is None:
        raise item.error(
            f"box {name!r} needs the deck's plan file in pack.yaml "
            "(files: {plan: {file: plan.yaml, schema: papirove-doupe/plan}})"
        )
    walls = item.lookup(box.walls, name)
    positions = item.lookup(box.positions, name)
    sk = Sketch(builder.env, item.label)
    g = pdp.fit_grid(x, y, box.width, box.height, label=3.2, below=box.height * 0.06)
    try:
        pdp.draw_base(sk, g, plan, label_size=box.label_size)
        if box.features:
            pdp.draw_features(sk, g, plan)
        pdp.draw_walls(sk, g, list(walls), list(positions))
    except PapirnaError as e:
        raise item.error(f"box {name!r}: {e.message}", box.walls) from None
    ops.extend(sk.ops)


BOX_TYPES = {"dungeon-plan": BoxType(DungeonPlanBox, draw_dungeon_plan)}
