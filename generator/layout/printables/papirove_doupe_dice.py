"""Papírové doupě dice: a reference of the six dice, stickers for blank dice, and cube nets."""

from __future__ import annotations

from generator.content.games.papirove_doupe import DiceSet, DieFace
from generator.layout.engine import Env
from generator.layout.printables.registry import BuildContext, Drawn
from generator.layout.sketch import Sketch
from generator.layout.spec import LayoutSpec

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
SKULL_BG = "#d9d2c5"
CLOVER_BG = "#cfe3c4"
BOOTS_BG = "#f0dca8"
NET = 16.0  # cube edge for the nets, mm
TAB = 5.0


def _region(layout: LayoutSpec, name: str) -> tuple[float, float, float, float]:
    b = layout.boxes[name]
    return (b.x, b.y, b.width, b.height)


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


# the cross net: (column, row) of each face in a 4 x 3 grid
NET_CELLS = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
# glue tabs: (face index, side)
NET_TABS = [
    (1, "top"),
    (3, "top"),
    (4, "top"),
    (1, "bottom"),
    (3, "bottom"),
    (4, "bottom"),
    (4, "right"),
]
FOLDS = [
    ((1, 0), "bottom"),
    ((0, 1), "right"),
    ((1, 1), "right"),
    ((2, 1), "right"),
    ((1, 1), "bottom"),
]


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
        _net(sk, die.faces, ox, oy)
    return sk.ops


def _side(cx: float, cy: float, side: str) -> tuple[float, float, float, float]:
    return {
        "top": (cx, cy, cx + NET, cy),
        "bottom": (cx, cy + NET, cx + NET, cy + NET),
        "left": (cx, cy, cx, cy + NET),
        "right": (cx + NET, cy, cx + NET, cy + NET),
    }[side]


def _net(sk: Sketch, faces: list[DieFace], ox: float, oy: float) -> None:
    for (col, row), face in zip(NET_CELLS, faces, strict=True):
        draw_face(sk, face, ox + col * NET, oy + row * NET, NET, frame=False)
    for k, side in NET_TABS:
        col, row = NET_CELLS[k]
        x1, y1, x2, y2 = _side(ox + col * NET, oy + row * NET, side)
        dx, dy = {"top": (0, -TAB), "bottom": (0, TAB), "left": (-TAB, 0), "right": (TAB, 0)}[side]
        ix, iy = (TAB * 0.8, 0) if dy else (0, TAB * 0.8)
        pts = [
            ("M", x1, y1),
            ("L", x1 + dx + ix, y1 + dy + iy),
            ("L", x2 + dx - ix, y2 + dy - iy),
            ("L", x2, y2),
            ("Z",),
        ]
        sk.path(pts, fill="#f4efe4", stroke=INK, width=0.25)
        sk.line(x1, y1, x2, y2, stroke=INK, width=0.25, dash=(1.2, 0.9))
    tabs = {(NET_CELLS[k], s) for k, s in NET_TABS}
    folds = {((c, r), s) for (c, r), s in FOLDS}
    for col, row in NET_CELLS:
        for side in ("top", "bottom", "left", "right"):
            if ((col, row), side) in tabs or ((col, row), side) in folds:
                continue
            neighbour = {
                "top": (col, row - 1),
                "bottom": (col, row + 1),
                "left": (col - 1, row),
                "right": (col + 1, row),
            }[side]
            if neighbour in NET_CELLS:
                continue  # a fold drawn from the other face
            sk.line(*_side(ox + col * NET, oy + row * NET, side), stroke=INK, width=0.3)
    for (col, row), side in FOLDS:
        sk.line(
            *_side(ox + col * NET, oy + row * NET, side), stroke=INK, width=0.25, dash=(1.2, 0.9)
        )


def build_dice(ctx: BuildContext) -> list[Drawn]:
    """The dice reference with stickers, and the dice nets."""
    w, h = ctx.layout.width, ctx.layout.height
    return [
        Drawn(w, h, reference_page(ctx.layout, ctx.data, ctx.env, ctx.lang)),
        Drawn(w, h, nets_page(ctx.layout, ctx.data, ctx.env, ctx.lang)),
    ]


BUILDERS = {"papirove-doupe/dice": build_dice}
