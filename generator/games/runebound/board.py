"""The Runebound board: a hex map of the seven terrains with towns and adventure spots, and two
edge sheets with the places for cards (failed adventures 1-6, the event, the decks, the town
markets) and the hero tokens to cut out.

The map uses pointy-topped hexes in rows; odd rows are shifted half a hex to the right. Each hex
is filled with its terrain's tint and shows the terrain's icon, so a greyscale print still tells
the terrains apart; an adventure spot is a ring of its colour, under the token placed there.
"""

from __future__ import annotations

import math

from generator.errors import PapirnaError
from generator.games.runebound.models import DIFFICULTIES, Board, BoardText, Hero
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch
from generator.layout.spec import region

INK = "#231c15"
ACCENT = "#7a2e12"
FAINT = "#9c907f"
PAPER = "#f8f1e1"
SEA = "#9cc3dc"
# the hex fill (light, so the icon and the token stay readable) and the icon tint per terrain
FILL = {
    "plains": ("#dfe8b0", "#5d7a1e"),
    "road": ("#e9d6b4", "#7a5432"),
    "river": ("#bcd7ee", "#255f9c"),
    "swamp": ("#c9cfb0", "#4f5f3a"),
    "forest": ("#a9cc9b", "#1f5a2c"),
    "hills": ("#ecd18c", "#8a6414"),
    "mountains": ("#c4c3cc", "#4a4a55"),
    "water": (SEA, "#3f6f90"),
    "town": ("#f3e6c8", ACCENT),
}
GEM = {"green": "#2f8a3c", "yellow": "#d9a414", "blue": "#2f5fa8", "red": "#b3322a"}
TERRAIN_ORDER = ("plains", "road", "river", "swamp", "forest", "hills", "mountains")
CARD_W, CARD_H = 63.0, 88.0
TOKEN = 15.0  # hero token diameter, mm (12 fit a card place: 3 x 4)


def hex_size(cols: int, rows: int, w: float, h: float) -> float:
    """The largest hex circumradius that fits `cols` x `rows` offset hexes into w x h mm."""
    return min(w / ((cols + 0.5) * math.sqrt(3)), h / (rows * 1.5 + 0.5))


def hex_centre(r: int, c: int, s: float) -> tuple[float, float]:
    """The centre of the hex in row r, column c, relative to the map's top-left corner."""
    w = math.sqrt(3) * s
    return w / 2 + c * w + (w / 2 if r % 2 else 0.0), s + r * 1.5 * s


def _hex_path(cx: float, cy: float, s: float) -> list:
    pts = [
        (cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]
    return [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]


def _tr(t: BoardText, lang: str) -> dict[str, str]:
    return {k: getattr(t, k).get(lang) for k in type(t).model_fields}


def _legend(sk: Sketch, t: dict[str, str], names: dict[str, str], box) -> None:
    x, y, w, h = box
    items = [(k, names[k]) for k in TERRAIN_ORDER]
    items += [("water", t["water"]), ("town", t["town"]), ("start", t["start"])]
    cols = 6
    cw = w / cols
    rh = h / 2
    for i, (kind, label) in enumerate(items):
        col, row = i % cols, i // cols
        ix, iy = x + col * cw, y + row * rh
        s = rh * 0.48
        fill, tint = FILL["town" if kind == "start" else kind]
        sk.path(_hex_path(ix + s, iy + rh / 2, s), fill=fill, stroke=INK, width=0.25)
        icon = {"water": "water", "town": "tower", "start": "flag"}.get(kind, kind)
        sk.icon(icon, ix + s - s * 0.6, iy + rh / 2 - s * 0.6, s * 1.2, color=tint)
        sk.text(
            label,
            ix + 2 * s + 1.2,
            iy,
            cw - 2 * s - 1.5,
            rh,
            size=8,
            min_size=6,
            color=INK,
            field="legend",
        )
    # the adventure spots, last cell of the second row
    ix, iy = x + (len(items) % cols) * cw, y + rh
    if len(items) % cols == 0:
        ix, iy = x, y + 2 * rh
    for k, d in enumerate(DIFFICULTIES):
        sk.circle(ix + 2.2 + k * 4.6, iy + rh / 2, 1.9, fill=None, stroke=GEM[d], width=0.9)
        sk.circle(ix + 2.2 + k * 4.6, iy + rh / 2, 0.6, fill=GEM[d], stroke=None)
    sk.text(
        t["adventure"],
        ix + 19.5,
        iy,
        cw - 20,
        rh,
        size=7,
        min_size=6,
        line_height=1.0,
        color=INK,
        field="legend",
    )


def map_ops(
    board: Board,
    t: dict[str, str],
    names: dict[str, str],
    lang: str,
    layout,
    env,
) -> list:
    """The map page: title, legend and the hex map with towns and adventure spots."""
    sk = Sketch(env, "board")
    w, h = layout.width, layout.height
    sk.rect(0, 0, w, h, fill=PAPER, stroke=None)
    sk.rect(3, 3, w - 6, h - 6, stroke=ACCENT, width=0.8)
    tx, ty, tw, th = region(layout, "title")
    sk.text(
        t["title"],
        tx,
        ty,
        tw,
        th * 0.62,
        size=24,
        min_size=14,
        font="display",
        color=ACCENT,
        field="title",
    )
    sk.text(
        f"*{t['subtitle']}*",
        tx,
        ty + th * 0.62,
        tw,
        th * 0.38,
        size=9,
        min_size=6,
        color=INK,
        field="subtitle",
    )
    _legend(sk, t, names, region(layout, "legend"))
    mx, my, mw, mh = region(layout, "map")
    grid = board.cells()
    rows, cols = len(grid), len(grid[0])
    s = hex_size(cols, rows, mw, mh)
    ox = mx + (mw - (cols + 0.5) * math.sqrt(3) * s) / 2
    oy = my + (mh - (rows * 1.5 + 0.5) * s) / 2
    towns = {tuple(town.at): town for town in board.towns}
    for r, row in enumerate(grid):
        for c, (terrain, mark) in enumerate(row):
            hx, hy = hex_centre(r, c, s)
            cx, cy = ox + hx, oy + hy
            fill, tint = FILL[terrain]
            sk.path(_hex_path(cx, cy, s), fill=fill, stroke=INK, width=0.35)
            if terrain == "town":
                town = towns[(r, c)]
                inner = s * 0.86
                sk.path(_hex_path(cx, cy, inner), fill=None, stroke=ACCENT, width=0.8)
                # everything stays inside the inner frame: its sides are straight up to half
                # its radius above and below the centre, at the apothem (inner * sqrt(3) / 2)
                sk.icon("tower", cx - s * 0.25, cy - s * 0.55, s * 0.5, color=ACCENT)
                label = f"**{town.name.get(lang)}**"
                if town.start:
                    sk.icon("flag", cx + s * 0.3, cy - s * 0.45, s * 0.3, color=ACCENT)
                half = inner * math.sqrt(3) / 2 - 0.4 - 1.0  # frame stroke, then 1 mm clear
                sk.text(
                    label,
                    cx - half,
                    cy + s * 0.02,
                    2 * half,
                    inner * 0.5 - s * 0.02 - 0.4 - 0.9,
                    size=7.5,
                    min_size=6,
                    align="center",
                    valign="top",
                    line_height=1.0,
                    color=INK,
                    field="town",
                )
                continue
            icon = "water" if terrain == "water" else terrain
            if mark is None:
                k = s * 0.9
                sk.icon(icon, cx - k / 2, cy - k / 2, k, color=tint)
            else:
                # the token covers the middle: the terrain icon sits above it, small
                sk.circle(cx, cy + s * 0.12, s * 0.55, fill=None, stroke=GEM[mark], width=1.2)
                sk.circle(cx, cy + s * 0.12, s * 0.18, fill=GEM[mark], stroke=None)
                k = s * 0.3
                sk.icon(icon, cx - k / 2, cy - s * 0.82, k, color=tint)
    return sk.ops


def _slot(
    sk: Sketch,
    x: float,
    y: float,
    title: str,
    note: str,
    *,
    big: str = "",
    color: str = ACCENT,
    icon: str | None = None,
) -> None:
    """One card place: a rounded card outline with a heading, a big mark and a note."""
    sk.rect(
        x + 0.6,
        y + 0.6,
        CARD_W - 1.2,
        CARD_H - 1.2,
        fill="#fbf7ee",
        stroke=color,
        width=0.5,
        radius=3.0,
    )
    sk.text(
        f"**{title}**",
        x + 4,
        y + 4,
        CARD_W - 8,
        9,
        size=10,
        min_size=7,
        align="center",
        color=color,
        field="slot",
    )
    if big:
        sk.text(
            big,
            x + 4,
            y + 22,
            CARD_W - 8,
            24,
            size=44,
            min_size=20,
            style="bold",
            align="center",
            color=color,
            field="slot number",
        )
    elif icon:
        sk.icon(icon, x + CARD_W / 2 - 10, y + 24, 20, color=color)
    sk.text(
        note,
        x + 5,
        y + 52,
        CARD_W - 10,
        32,
        size=7.5,
        min_size=6,
        align="center",
        valign="top",
        color=INK,
        field="slot note",
    )


def edge_pages(
    board: Board, t: dict[str, str], heroes: list[Hero], lang: str, env, labels: dict[str, str]
) -> list[list]:
    """The two edge sheets: 3 x 3 card places each (196 x 264 mm)."""
    gap = (196 - 3 * CARD_W) / 2
    top = 264 - 3 * CARD_H

    def at(i: int) -> tuple[float, float]:
        return (i % 3) * (CARD_W + gap), top + (i // 3) * CARD_H

    sk = Sketch(env, "board edge 1")
    for i in range(6):
        _slot(sk, *at(i), t["failed"], t["failed_note"], big=str(i + 1), color="#4a4038")
    _slot(sk, *at(6), t["event"], t["event_note"], big="I·II·III")
    # the hero tokens to cut out
    x, y = at(7)
    sk.rect(x + 0.6, y + 0.6, CARD_W - 1.2, CARD_H - 1.2, stroke=FAINT, width=0.3, radius=3.0)
    sk.text(
        f"**{t['heroes']}**",
        x + 3,
        y + 2.5,
        CARD_W - 6,
        6,
        size=8.5,
        min_size=6,
        align="center",
        color=ACCENT,
        field="heroes",
    )
    sk.text(
        t["heroes_note"],
        x + 3,
        y + 8,
        CARD_W - 6,
        6,
        size=6.5,
        min_size=6,
        align="center",
        color=INK,
        field="heroes",
    )
    per_row = 3
    step = (CARD_W - 6) / per_row
    if len(heroes) > 12:
        raise PapirnaError(
            f"the board has room for 12 hero tokens, the pack has {len(heroes)} heroes"
        )
    for k, hero in enumerate(heroes):
        col, row = k % per_row, k // per_row
        cx = x + 3 + step * (col + 0.5)
        cy = y + 14 + TOKEN / 2 + row * (TOKEN + 1.2)
        sk.circle(cx, cy, TOKEN / 2, fill="#f3e6c8", stroke=INK, width=0.3)
        sk.circle(cx, cy, TOKEN / 2 - 0.7, fill=None, stroke=ACCENT, width=0.5)
        first = hero.name.get(lang).split()[0]
        # the name's line stays 1 mm inside the inner ring: a chord 1.3 mm off the centre
        # (half a line of 7 pt) of a circle 1 mm smaller than the ring
        clear = TOKEN / 2 - 0.7 - 0.25 - 1.0
        half = math.sqrt(clear**2 - 1.3**2)
        sk.text(
            f"**{first}**",
            cx - half,
            cy - 3,
            2 * half,
            6,
            size=7,
            min_size=6,
            align="center",
            color=INK,
            field="hero token",
            hyphenate=False,  # a name shrinks rather than breaks
        )
    _slot(sk, *at(8), t["bank"], t["bank_note"], icon="gold", color="#7a5708")

    sk2 = Sketch(env, "board edge 2")
    for i, d in enumerate(DIFFICULTIES):
        _slot(sk2, *at(i), f"{t['deck']}: {labels[d]}", t["deck_note"], icon="gem", color=GEM[d])
    _slot(sk2, *at(4), t["market_deck"], t["market_deck_note"], icon="gold", color="#7a5708")
    others = [town for town in board.towns if not town.start]
    for k, town in enumerate(others[:4]):
        _slot(
            sk2, *at(5 + k), f"{t['market']}: {town.name.get(lang)}", t["market_note"], icon="tower"
        )
    return [sk.ops, sk2.ops]


def build_board(ctx: BuildContext) -> list[Drawn]:
    """The map (A3 size, tiled on smaller paper) and its two edge sheets."""
    board: Board = ctx.data
    t = _tr(board.text, ctx.lang)
    names = {k: v.get(ctx.lang) for k, v in board.terrains.items()}
    labels = {k: v.get(ctx.lang) for k, v in board.colours.items()}
    heroes: list[Hero] = ctx.files["heroes"]
    pages = [
        Drawn(
            ctx.layout.width,
            ctx.layout.height,
            map_ops(board, t, names, ctx.lang, ctx.layout, ctx.env),
        )
    ]
    pages += [
        Drawn(196.0, 264.0, ops) for ops in edge_pages(board, t, heroes, ctx.lang, ctx.env, labels)
    ]
    return pages


BUILDERS = {"runebound/board": build_board}
