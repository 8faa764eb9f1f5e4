"""Papírové doupě dice: a reference of the six dice, stickers for blank dice, and cube nets."""

from __future__ import annotations

from generator.games.papirove_doupe.models import DiceSet, DieFace
from generator.layout.builders import BuildContext, Drawn
from generator.layout.cube import cube_net
from generator.layout.engine import Env
from generator.layout.sketch import Sketch
from generator.layout.spec import LayoutSpec
from generator.layout.spec import region as _region

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
SKULL_BG = "#d9d2c5"
CLOVER_BG = "#cfe3c4"
BOOTS_BG = "#f0dca8"
NET = 16.0  # cube edge for the nets, mm
TAB = 5.0


def draw_face(
    sk: Sketch, face: DieFace, x: float, y: float, size: float, *, frame: bool = True
) -> None:
    """One die face: white or black for adventurers, tinted for skull, clover and boots."""
    if face.color == "black":
        bg, ink = INK, "#ffffff"
    elif face.symbol == "skull":
        bg, ink = SKULL_BG, INK
    elif face.symbol == "clover":
        bg, ink = CLOVER_BG, INK
    elif face.symbol == "boots":
        bg, ink = BOOTS_BG, INK
    else:
        bg, ink = "#ffffff", INK
    sk.rect(
        x,
        y,
        size,
        size,
        fill=bg,
        stroke=INK if frame else None,
        width=0.3,
        radius=size * 0.12 if frame else 0,
    )
    pad = size * 0.16
    sk.icon(face.symbol, x + pad, y + pad, size - 2 * pad, color=ink)


def reference_page(layout: LayoutSpec, dice: DiceSet, env: Env, lang: str) -> list:
    """The dice reference and the sticker sheet."""
    t = {k: v.get(lang) for k, v in dice.text.items()}
    sk = Sketch(env, "dice")
    x, y, w, _ = _region(layout, "reference")
    sk.text(t["title"], x, y, w, 10, size=22, font="display", color=ACCENT, field="title")
    sk.text(f"*{t['subtitle']}*", x, y + 10, w, 5, size=9, color=FAINT, field="subtitle")
    size, gap = 13.0, 2.0
    top = y + 19
    for i, die in enumerate(dice.dice):
        ry = top + i * (size + gap)
        sk.text(f"**{t['die']} {die.number}**", x, ry, 22, size, size=10, field="die")
        for k, face in enumerate(die.faces):
            draw_face(sk, face, x + 24 + k * (size + gap), ry, size)
    lx = x + 24 + 6 * (size + gap) + 6
    lw = w - (lx - x)
    sk.text(t["legend"], lx, top, lw, 6, size=11, font="display", color=ACCENT, field="legend")
    yy = top + 8
    for key in ("adventurer", "skull", "clover", "boots", "invalid"):
        used = 16 if key in ("adventurer", "invalid") else 11
        sk.text(t[key], lx, yy, lw, used, size=8.5, min_size=6.5, valign="top", field=key)
        yy += used + 2
    x, y, w, _ = _region(layout, "stickers")
    sk.text(t["stickers"], x, y, w, 6, size=10, font="display", color=ACCENT, field="stickers")
    face = 15.0
    cols = 6
    grid_w = len(dice.dice) * face * 0 + cols * face
    sx = x + (w - grid_w) / 2
    sy = y + 9
    for r, die in enumerate(dice.dice):
        for c, f in enumerate(die.faces):
            draw_face(sk, f, sx + c * face, sy + r * face, face, frame=False)
        sk.text(
            str(die.number),
            sx - 6,
            sy + r * face,
            5,
            face,
            size=8,
            color=FAINT,
            align="right",
            field="die",
        )
    # cut lines between the stickers, and marks outside the block
    rows = len(dice.dice)
    for c in range(cols + 1):
        sk.line(sx + c * face, sy, sx + c * face, sy + rows * face, stroke=FAINT, width=0.15)
    for r in range(rows + 1):
        sk.line(sx, sy + r * face, sx + cols * face, sy + r * face, stroke=FAINT, width=0.15)
    return sk.ops


def nets_page(layout: LayoutSpec, dice: DiceSet, env: Env, lang: str) -> list:
    """Cut-and-fold nets of the dice, 16 mm cubes."""
    t = {k: v.get(lang) for k, v in dice.text.items()}
    sk = Sketch(env, "dice nets")
    x, y, w, _ = _region(layout, "nets")
    sk.text(t["nets"], x, y, w, 7, size=11, font="display", color=ACCENT, field="nets")
    net_w, net_h = 4 * NET + 2 * TAB, 3 * NET + 2 * TAB
    cols = 2
    gap_x = (w - cols * net_w) / (cols + 1)
    for i, die in enumerate(dice.dice):
        r, c = divmod(i, cols)
        ox = x + gap_x + c * (net_w + gap_x) + TAB
        oy = y + 12 + r * (net_h + 12) + TAB
        sk.text(
            f"{t['die']} {die.number}",
            ox - TAB,
            oy - TAB - 5,
            40,
            4.5,
            size=8,
            style="bold",
            color=FAINT,
            field="die",
        )
        faces = die.faces
        cube_net(
            sk,
            lambda k, fx, fy, n, faces=faces: draw_face(sk, faces[k], fx, fy, n, frame=False),
            ox,
            oy,
            NET,
            TAB,
        )
    return sk.ops


def build_dice(ctx: BuildContext) -> list[Drawn]:
    """The dice reference with stickers, and the dice nets."""
    w, h = ctx.layout.width, ctx.layout.height
    return [
        Drawn(w, h, reference_page(ctx.layout, ctx.data, ctx.env, ctx.lang)),
        Drawn(w, h, nets_page(ctx.layout, ctx.data, ctx.env, ctx.lang)),
    ]


BUILDERS = {"papirove-doupe/dice": build_dice}
