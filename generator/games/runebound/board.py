"""The Runebound board: a hex map of the seven terrains with towns and adventure spots, and three
edge sheets with the spaces for cards (failed adventures 1-6, the event, the decks, the town
markets) and the hero tokens to cut out.

The map uses pointy-topped hexes in rows; odd rows are shifted half a hex to the right. Each hex
is filled with its terrain's tint (plains, forest and swamp also differ in pattern: plain, dots,
reed strokes) and shows the terrain's icon, so a greyscale print still tells the terrains apart.
An adventure spot is a ring of its colour under the 16 mm token placed there; the terrain's icon
is repeated small in three of the hex's corners, outside the token, so it stays readable.
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
SEA = "#3f76a6"  # lakes and seas: much darker than a river
# the hex fill and the icon tint per terrain: plains a yellow-green, forest a deep green with
# dots, swamp a grey teal with reed strokes; rivers pale blue, lakes dark blue with pale waves
FILL = {
    "plains": ("#e6ecb0", "#5d7a1e"),
    "road": ("#e9d6b4", "#7a5432"),
    "river": ("#cfe4f5", "#255f9c"),
    "swamp": ("#b5cbc4", "#35574c"),
    "forest": ("#8fc28a", "#1d4f27"),
    "hills": ("#ecd18c", "#8a6414"),
    "mountains": ("#c4c3cc", "#4a4a55"),
    "water": (SEA, "#d6e6f3"),
    "town": ("#f3e6c8", ACCENT),
}
# a pattern of small fills over the tint: (mark colour, kind), kind "dot" or "reed"
PATTERN = {"forest": ("#6aa465", "dot"), "swamp": ("#86a89d", "reed")}
GEM = {"green": "#2f8a3c", "yellow": "#d9a414", "blue": "#2f5fa8", "red": "#b3322a"}
TERRAIN_ORDER = ("plains", "road", "river", "swamp", "forest", "hills", "mountains")
CARD = (63.5, 88.9)  # the cards laid on the card spaces, mm
SPACE_W, SPACE_H = CARD[0] + 2.0, CARD[1] + 2.0  # a card space: 1 mm around a card
HEAD = 6.0  # room above a space for its heading, mm
NOTE = 13.0  # room below a space for its note, mm
EDGE_W = 199.0  # an edge sheet: 3 spaces across, 1.25 mm apart (clear of A4's 5 mm margins)
EDGE_H = 2 * (HEAD + SPACE_H + NOTE) + 4.0
TOKEN = 15.0  # hero token diameter, mm (12 fit a card space: 3 x 4)
SPOT = 16.0  # adventure (and failed-adventure) token diameter, mm, as tokens.yaml cuts them
CORNER_ICON = 3.0  # mm: the terrain icon in the corners of a hex with a token
CORNER_AT = 10.4  # mm from the hex centre to a corner icon's centre
# each hero token's own colour (white names on all of them), in the order of heroes.yaml
HERO_COLOURS = (
    "#9b2d24",
    "#2c5d8f",
    "#2f7a3c",
    "#6a3d8c",
    "#a05a10",
    "#1d6e6e",
    "#8c2f68",
    "#4a4a58",
    "#6b4528",
    "#5a6e1a",
    "#c0462a",
    "#23386b",
)


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


def _inside(dx: float, dy: float, apothem: float) -> bool:
    """Whether a point (relative to a pointy-topped hex's centre) lies within `apothem`."""
    return abs(dx) <= apothem and abs(dx) * 0.5 + abs(dy) * math.sqrt(3) / 2 <= apothem


def _pattern(sk: Sketch, terrain: str, cx: float, cy: float, s: float, clear: list[tuple]) -> None:
    """The terrain's pattern of small fills (if it has one) over a hex of circumradius s,
    keeping 0.8 mm inside the hex and off the circles (x, y, r) in `clear`."""
    if terrain not in PATTERN:
        return
    colour, kind = PATTERN[terrain]
    step = max(s * 0.2, 1.2)  # lattice pitch: about 2.7 mm on the board's hexes
    apothem = s * math.sqrt(3) / 2 - max(0.8, s * 0.08)
    n = int(s / step) + 1
    for j in range(-n, n + 1):
        for i in range(-n, n + 1):
            dx, dy = (i + (0.5 if j % 2 else 0.0)) * step, j * step * math.sqrt(3) / 2
            if not _inside(dx, dy, apothem):
                continue
            x, y = cx + dx, cy + dy
            if any(math.hypot(x - ox, y - oy) < r for ox, oy, r in clear):
                continue
            if kind == "dot":
                sk.circle(x, y, step * 0.16, fill=colour, stroke=None)
            else:  # a short reed stroke, as a thin filled bar
                w, h = step * 0.55, step * 0.12
                sk.rect(x - w / 2, y - h / 2, w, h, fill=colour, stroke=None, radius=h / 2)


def corner_icons(cx: float, cy: float) -> list[tuple[float, float]]:
    """Centres of the three small terrain icons of a hex with a token: the top corner and the
    two lower ones, outside the token (SPOT / 2 = 8 mm from the centre)."""
    return [
        (cx + CORNER_AT * math.cos(math.radians(a)), cy + CORNER_AT * math.sin(math.radians(a)))
        for a in (-90, 30, 150)
    ]


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
        sk.path(_hex_path(ix + s, iy + rh / 2, s), fill=fill, stroke=None)
        _pattern(sk, kind, ix + s, iy + rh / 2, s, [])
        sk.path(_hex_path(ix + s, iy + rh / 2, s), fill=None, stroke=INK, width=0.25)
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
            sk.path(_hex_path(cx, cy, s), fill=fill, stroke=None)
            k = s * 0.9  # the icon of a hex without a token
            if terrain != "town":
                if mark is None:
                    clear = [(cx, cy, k * 0.5)]
                else:
                    clear = [(cx, cy, SPOT / 2 - 0.3)]
                    clear += [(x, y, CORNER_ICON * 0.75) for x, y in corner_icons(cx, cy)]
                _pattern(sk, terrain, cx, cy, s, clear)
            sk.path(_hex_path(cx, cy, s), fill=None, stroke=INK, width=0.35)
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
                sk.icon(icon, cx - k / 2, cy - k / 2, k, color=tint)
            else:
                # the 16 mm token covers the ring; the terrain shows in three corners outside it
                ring = SPOT / 2 - 1.2
                sk.circle(cx, cy, ring, fill="#fbf7ee", stroke=GEM[mark], width=1.2)
                sk.circle(cx, cy, ring * 0.3, fill=GEM[mark], stroke=None)
                for x, y in corner_icons(cx, cy):
                    c = CORNER_ICON
                    sk.icon(icon, x - c / 2, y - c / 2, c, color=tint)
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
    """One card space at (x, y + HEAD): 1 mm larger than a card all round; its heading above
    and its note below stay readable with the card on it. A big mark or icon inside shows
    while the space is empty."""
    sk.text(f"**{title}**", x, y, SPACE_W, HEAD - 0.8, size=9, min_size=6.5, align="center",
            valign="bottom", color=color, field="slot")  # fmt: skip
    top = y + HEAD
    sk.rect(x, top, SPACE_W, SPACE_H, fill="#fbf7ee", stroke=color, width=0.5, radius=3.5)
    if big:
        sk.text(big, x + 4, top + 30, SPACE_W - 8, 26, size=44, min_size=20, style="bold",
                align="center", color=color, field="slot number")  # fmt: skip
    elif icon:
        sk.icon(icon, x + SPACE_W / 2 - 10, top + 34, 20, color=color)
    sk.text(note, x + 1, top + SPACE_H + 1.2, SPACE_W - 2, NOTE - 1.4, size=7, min_size=6,
            align="center", valign="top", color=INK, field="slot note")  # fmt: skip


def _hero_tokens(sk: Sketch, x: float, y: float, t: dict[str, str], heroes: list[Hero], lang: str):
    """The hero tokens to cut out, in a space's place: each its own colour, its name inside
    the ring."""
    sk.text(f"**{t['heroes']}**", x, y, SPACE_W, HEAD - 0.8, size=9, min_size=6.5,
            align="center", valign="bottom", color=ACCENT, field="heroes")  # fmt: skip
    top = y + HEAD
    sk.rect(x, top, SPACE_W, SPACE_H, stroke=FAINT, width=0.3, radius=3.5)
    sk.text(t["heroes_note"], x + 1, top + SPACE_H + 1.2, SPACE_W - 2, NOTE - 1.4, size=7,
            min_size=6, align="center", valign="top", color=INK, field="heroes")  # fmt: skip
    if len(heroes) > len(HERO_COLOURS):
        raise PapirnaError(
            f"the board has room for {len(HERO_COLOURS)} hero tokens, the pack has "
            f"{len(heroes)} heroes"
        )
    per_row = 3
    step_x, step_y = SPACE_W / per_row, (SPACE_H - 2.0) / 4
    ring = TOKEN / 2 - 0.6  # a thin pale ring near the edge, the hero's colour inside and out
    for k, hero in enumerate(heroes):
        col, row = k % per_row, k // per_row
        cx = x + step_x * (col + 0.5)
        cy = top + 1.0 + step_y * (row + 0.5)
        sk.tag(f"hero token {k + 1}")  # the disc, its ring and its name: one design
        sk.circle(cx, cy, TOKEN / 2 + 0.6, fill=HERO_COLOURS[k], stroke=None)  # 0.6 mm bleed
        sk.circle(cx, cy, ring, fill=None, stroke="#f8f1e1", width=0.45)
        sk.circle(cx, cy, TOKEN / 2, fill=None, stroke=INK, width=0.25)  # the cut
        first = hero.name.get(lang).split()[0]
        # the name's box (1.3 mm above and below the centre line) keeps 1.2 mm inside the
        # ring's inner edge: its corners lie on a circle 1.2 mm smaller than that edge
        clear = ring - 0.225 - 1.2
        half = math.sqrt(clear**2 - 1.3**2)
        sk.text(
            f"**{first}**",
            cx - half,
            cy - 1.3,
            2 * half,
            2.6,
            size=6.5,
            min_size=6,
            align="center",
            valign="middle",
            color="#ffffff",
            field="hero token",
            line_height=1.0,
            hyphenate=False,  # a name shrinks, never breaks
        )
    sk.untag()


def edge_pages(
    board: Board, t: dict[str, str], heroes: list[Hero], lang: str, env, labels: dict[str, str]
) -> list[list]:
    """The three edge sheets (EDGE_W x EDGE_H): 3 x 2 card spaces each, 1 mm larger than a card
    all round, headings above and notes below the spaces."""
    gap = (EDGE_W - 3 * SPACE_W) / 2
    row_h = HEAD + SPACE_H + NOTE + 4.0

    def at(i: int) -> tuple[float, float]:
        return (i % 3) * (SPACE_W + gap), (i // 3) * row_h

    sk = Sketch(env, "board edge 1")
    for i in range(6):
        _slot(sk, *at(i), f"{t['failed']} {i + 1}", t["failed_note"], big=str(i + 1),
              color="#4a4038")  # fmt: skip
    sk2 = Sketch(env, "board edge 2")
    for i, d in enumerate(DIFFICULTIES):
        _slot(sk2, *at(i), f"{t['deck']}: {labels[d]}", t["deck_note"], icon="gem", color=GEM[d])
    _slot(sk2, *at(4), t["event"], t["event_note"], big="I·II·III")
    _slot(sk2, *at(5), t["bank"], t["bank_note"], icon="gold", color="#7a5708")
    sk3 = Sketch(env, "board edge 3")
    _slot(sk3, *at(0), t["market_deck"], t["market_deck_note"], icon="gold", color="#7a5708")
    others = [town for town in board.towns if not town.start]
    for k, town in enumerate(others[:4]):
        _slot(sk3, *at(1 + k), f"{t['market']}: {town.name.get(lang)}", t["market_note"],
              icon="tower")  # fmt: skip
    _hero_tokens(sk3, *at(5), t, heroes, lang)
    return [sk.ops, sk2.ops, sk3.ops]


def build_board(ctx: BuildContext) -> list[Drawn]:
    """The map (A3 size, tiled on smaller paper) and its three edge sheets."""
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
        Drawn(EDGE_W, EDGE_H, ops)
        for ops in edge_pages(board, t, heroes, ctx.lang, ctx.env, labels)
    ]
    return pages


BUILDERS = {"runebound/board": build_board}
