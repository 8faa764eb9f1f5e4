"""Runebound movement dice: a reference page (terrains, faces, counts) and cut-and-fold nets."""

from __future__ import annotations

from generator.games.runebound.models import TERRAINS, RuneboundDice
from generator.layout.builders import BuildContext, Drawn
from generator.layout.cube import cube_net
from generator.layout.sketch import Sketch
from generator.layout.spec import region

INK = "#231c15"
ACCENT = "#7a2e12"
FAINT = "#9c907f"
SHADE = "#efe6d2"
TAB_FILL = "#c8c8c8"  # neutral grey: the nets note says "glue by the grey tabs"
# a dark tint per terrain: the icons differ in shape, the tint only helps in colour
TINT = {
    "plains": "#5d7a1e",
    "road": "#7a5432",
    "river": "#255f9c",
    "swamp": "#4f5f3a",
    "forest": "#1f5a2c",
    "hills": "#8a6414",
    "mountains": "#4a4a55",
}
# where the icons of a face sit: (x, y) of each icon's centre as a share of the face, and the
# icon size as a share of the face, for faces with 1, 2, 3 and 4 terrains
ARRANGE = {
    1: ([(0.5, 0.5)], 0.66),
    2: ([(0.3, 0.3), (0.7, 0.7)], 0.42),
    3: ([(0.28, 0.29), (0.72, 0.29), (0.5, 0.72)], 0.4),
    4: ([(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)], 0.38),
}
NET = 20.0  # cube edge of the nets, mm
TAB = 5.0  # glue tab depth, mm


def draw_face(
    sk: Sketch, terrains: list[str], x: float, y: float, size: float, *, frame: bool = True
) -> None:
    """One die face: its terrain icons on white, framed when `frame`."""
    sk.rect(
        x,
        y,
        size,
        size,
        fill="#ffffff",
        stroke=INK if frame else None,
        width=0.3,
        radius=size * 0.12 if frame else 0.0,
    )
    spots, share = ARRANGE[len(terrains)]
    s = size * share
    for terrain, (fx, fy) in zip(terrains, spots, strict=False):
        sk.icon(terrain, x + fx * size - s / 2, y + fy * size - s / 2, s, color=TINT[terrain])


def face_counts(dice: RuneboundDice) -> list[dict[str, int]]:
    """For each die, how many of its six faces show each terrain."""
    return [{t: sum(t in face for face in die.faces) for t in TERRAINS} for die in dice.dice]


def reference_page(ctx: BuildContext) -> list:
    """Terrain legend, the dice and their faces, face counts and how to use the dice."""
    dice: RuneboundDice = ctx.data
    lang = ctx.lang
    t = {k: v.get(lang) for k, v in dice.text.items()}
    names = {k: v.get(lang) for k, v in dice.terrain_names.items()}
    sk = Sketch(ctx.env, "movement dice")
    x, y, w, _ = region(ctx.layout, "title")
    sk.text(t["title"], x, y, w, 10, size=22, font="display", color=ACCENT, field="title")
    sk.text(f"*{t['subtitle']}*", x, y + 10, w, 5, size=9, color=FAINT, field="subtitle")

    x, y, w, _ = region(ctx.layout, "legend")
    sk.text(t["terrains"], x, y, w, 6, size=11, font="display", color=ACCENT, field="terrains")
    cell = w / len(TERRAINS)
    for i, terrain in enumerate(TERRAINS):
        cx = x + i * cell
        sk.rect(cx + 1, y + 7, cell - 2, 20, fill=SHADE, stroke=None, radius=1.5)
        sk.icon(terrain, cx + cell / 2 - 5.5, y + 8, 11, color=TINT[terrain])
        sk.text(
            names.get(terrain, terrain),
            cx + 1,
            y + 20,
            cell - 2,
            6,
            size=8,
            min_size=6,
            style="bold",
            align="center",
            field=f"terrain_names.{terrain}",
        )

    x, y, w, _ = region(ctx.layout, "dice")
    sk.text(t["dice"], x, y, w, 6, size=11, font="display", color=ACCENT, field="dice")
    size, gap = 18.0, 3.0
    left = x + (w - (26 + 6 * size + 5 * gap)) / 2  # the block of dice centred
    for r, die in enumerate(dice.dice):
        ry = y + 8 + r * (size + gap)
        sk.text(f"**{t['die']} {r + 1}**", left, ry, 22, size, size=10, align="right", field="die")
        for k, face in enumerate(die.faces):
            draw_face(sk, list(face), left + 26 + k * (size + gap), ry, size)

    x, y, w, _ = region(ctx.layout, "counts")
    sk.text(t["counts"], x, y, w, 6, size=11, font="display", color=ACCENT, field="counts")
    sk.text(f"*{t['counts_note']}*", x, y + 6, w, 4.5, size=7.5, color=FAINT, field="counts_note")
    counts = face_counts(dice)
    label_w, row_h = 26.0, 7.0
    col_w = (w - label_w) / len(TERRAINS)
    top = y + 12
    sk.rect(x, top, w, row_h, fill=SHADE, stroke=None)
    for i, terrain in enumerate(TERRAINS):
        sk.icon(
            terrain,
            x + label_w + i * col_w + col_w / 2 - 2.75,
            top + 0.75,
            5.5,
            color=TINT[terrain],
        )
    rows = [(f"{t['die']} {r + 1}", c) for r, c in enumerate(counts)]
    totals = {terr: sum(c[terr] for c in counts) for terr in TERRAINS}
    rows.append((t["total"], totals))
    for r, (label, row) in enumerate(rows, start=1):
        ry = top + r * row_h
        last = r == len(rows)
        sk.text(
            label,
            x + 1.5,
            ry,
            label_w - 2,
            row_h,
            size=8,
            style="bold" if last else "regular",
            field="counts",
        )
        for i, terrain in enumerate(TERRAINS):
            value = f"{row[terrain]}" if last else f"{row[terrain]}/6"
            sk.text(
                value,
                x + label_w + i * col_w,
                ry,
                col_w,
                row_h,
                size=8.5,
                align="center",
                style="bold" if last else "regular",
                field="counts",
            )
        sk.line(
            x, ry, x + w, ry, stroke=FAINT if not last else INK, width=0.2 if not last else 0.35
        )
    bottom = top + len(rows) * row_h + row_h
    sk.line(x, bottom, x + w, bottom, stroke=INK, width=0.35)

    x, y, w, h = region(ctx.layout, "rules")
    sk.text(
        t["rules_title"], x, y, w, 6, size=11, font="display", color=ACCENT, field="rules_title"
    )
    sk.text(
        t["rules"],
        x,
        y + 7,
        w,
        h - 7,
        size=9,
        min_size=6.5,
        valign="top",
        line_height=1.3,
        field="rules",
    )
    return sk.ops


def nets_page(ctx: BuildContext) -> list:
    """Nets of the five dice, two to a row."""
    dice: RuneboundDice = ctx.data
    t = {k: v.get(ctx.lang) for k, v in dice.text.items()}
    sk = Sketch(ctx.env, "movement dice nets")
    x, y, w, _ = region(ctx.layout, "nets")
    sk.text(t["nets"], x, y, w, 8, size=16, font="display", color=ACCENT, field="nets")
    sk.text(f"*{t['nets_note']}*", x, y + 8, w, 5, size=8, color=FAINT, field="nets_note")
    net_w, net_h = 4 * NET + 2 * TAB, 3 * NET + 2 * TAB
    cols = 2
    gap_x = (w - cols * net_w) / (cols + 1)
    for i, die in enumerate(dice.dice):
        r, c = divmod(i, cols)
        ox = x + gap_x + c * (net_w + gap_x) + TAB
        if i == len(dice.dice) - 1 and c == 0:  # a last net alone in its row is centred
            ox = x + (w - net_w) / 2 + TAB
        oy = y + 22 + r * (net_h + 10) + TAB
        sk.text(
            f"{t['die']} {i + 1}",
            ox - TAB,
            oy - TAB - 6,
            40,
            5,
            size=9,
            style="bold",
            color=FAINT,
            field="die",
        )
        faces = [list(f) for f in die.faces]
        cube_net(
            sk,
            lambda k, fx, fy, n, faces=faces: draw_face(sk, faces[k], fx, fy, n, frame=False),
            ox,
            oy,
            NET,
            TAB,
            TAB_FILL,
        )
    return sk.ops


def build_dice(ctx: BuildContext) -> list[Drawn]:
    """The dice reference page and the page of nets."""
    w, h = ctx.layout.width, ctx.layout.height
    return [Drawn(w, h, reference_page(ctx), "reference"), Drawn(w, h, nets_page(ctx), "nets")]


BUILDERS = {"runebound/dice": build_dice}
