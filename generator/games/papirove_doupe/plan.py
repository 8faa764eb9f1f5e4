"""The Papírové doupě dungeon plan, drawn on the sheet (with its features) and on dungeon cards
(with walls and monster positions)."""

from __future__ import annotations

from typing import NamedTuple

from generator.games.papirove_doupe.models import COLUMNS, ROWS, Plan
from generator.layout.sketch import Sketch

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
GRID = "#8c8070"  # dark enough to read as lines to draw on, lighter than the ink
WATER = "#2f6fb0"
PORTAL = "#c9bfae"
TELEPORT_LABEL = 6.0  # pt: "↔ F2" under a teleport, only where a room is big enough for it
PAD = 1.5  # mm between a room's symbols and its grid lines (less on a card's small plan)
WAVE = 0.5  # mm: the water's amplitude, so that its waves stay clear of the symbols
GRID_TAG = "plan grid"
TREASURE_ICONS = {
    "gem": "gem",
    "potion": "potion",
    "potions": "potion",
    "level": "level-up",
    "item-half": "item-half",
}


class Grid(NamedTuple):
    """Where the plan's rooms are: the top-left of column A, row 7, and the room size."""

    x: float
    y: float
    cell: float

    def room(self, room: str) -> tuple[float, float]:
        """Top-left corner of a room such as 'C4'."""
        return (
            self.x + COLUMNS.index(room[0]) * self.cell,
            self.y + (ROWS - int(room[1:])) * self.cell,
        )

    def edge(self, edge: str) -> tuple[float, float, float, float]:
        """The line of an edge 'B2|B3' or 'C1|south'."""
        a, b = edge.split("|")
        ax, ay = self.room(a)
        c = self.cell
        sides = {
            "south": (ax, ay + c, ax + c, ay + c),
            "north": (ax, ay, ax + c, ay),
            "west": (ax, ay, ax, ay + c),
            "east": (ax + c, ay, ax + c, ay + c),
        }
        if b in sides:
            return sides[b]
        bx, by = self.room(b)
        if ax == bx:  # vertical neighbours: a horizontal line between them
            yy = max(ay, by)
            return (ax, yy, ax + c, yy)
        xx = max(ax, bx)
        return (xx, ay, xx, ay + c)


def fit_grid(
    x: float, y: float, w: float, h: float, label: float = 4.0, below: float = 6.0
) -> Grid:
    """The largest plan with square rooms, labels and entrances that fits the box."""
    cell = min((w - label) / len(COLUMNS), (h - label - below) / ROWS)
    gx = x + label + (w - label - cell * len(COLUMNS)) / 2
    return Grid(gx, y + label, cell)


def draw_base(
    sk: Sketch, g: Grid, plan: Plan, *, label_size: float = 7.5, entrances: bool = True
) -> None:
    """Labels, teleports, the faint room grid, the outer wall, water and the entrances."""
    c = g.cell
    label = 4.0
    sk.tag("plan labels")
    for i, col in enumerate(COLUMNS):
        sk.text(
            col,
            g.x + i * c,
            g.y - label,
            c,
            label,
            size=label_size,
            style="bold",
            align="center",
            field="plan",
        )
    for row in range(1, ROWS + 1):
        sk.text(
            str(row),
            g.x - label,
            g.y + (ROWS - row) * c,
            label - 0.6,
            c,
            size=label_size,
            style="bold",
            align="center",
            field="plan",
        )
    for a, b in plan.teleports:
        for room, other in ((a, b), (b, a)):
            sk.tag(f"teleport {room}")
            rx, ry = g.room(room)
            sk.icon("teleport", rx + c * 0.22, ry + c * 0.18, c * 0.56, color=PORTAL)
            if c * 0.26 < TELEPORT_LABEL * 0.3528 * 1.2:
                continue  # a small plan (a card): the label would be too small to read
            sk.text(
                f"↔ {other}",
                rx,
                ry + c * 0.72,
                c,
                c * 0.26,
                size=TELEPORT_LABEL,
                align="center",
                color=FAINT,
                field="teleport",
            )
    gw, gh = c * len(COLUMNS), c * ROWS
    sk.tag(GRID_TAG, grid=True)
    for i in range(1, len(COLUMNS)):
        sk.line(g.x + i * c, g.y, g.x + i * c, g.y + gh, stroke=GRID, width=0.25, dash=(0.8, 0.8))
    for i in range(1, ROWS):
        sk.line(g.x, g.y + i * c, g.x + gw, g.y + i * c, stroke=GRID, width=0.25, dash=(0.8, 0.8))
    sk.rect(g.x, g.y, gw, gh, stroke=INK, width=0.8)
    sk.tag("water", over=(GRID_TAG,))  # water runs along the rooms' edges
    for e in plan.water:
        wave(sk, *g.edge(e), amp=min(c * 0.09, WAVE))
    if entrances:
        for i in range(len(COLUMNS)):
            sk.tag(f"entrance {COLUMNS[i]}")
            ex, ey, size = _entrance(g, i)
            sk.icon("entrance", ex, ey, size, color=INK)
    sk.untag()


def _entrance(g: Grid, column: int) -> tuple[float, float, float]:
    """Where the entrance icon under a column sits: x, y and size."""
    size = min(5.2, g.cell * 0.5)
    return g.x + column * g.cell + (g.cell - size) / 2, g.y + g.cell * ROWS + 0.8, size


def draw_features(sk: Sketch, g: Grid, plan: Plan) -> None:
    """Traps, minions and treasures in their corners of each room, clear of its grid lines.

    In a room of side c, with padding p from every grid line: the minion (top left), its
    adventurer and level (top right), the trap (bottom left), the treasure in its circle
    (bottom right) with its letter (or "2×") centred above the circle.
    """
    c = g.cell
    p = min(PAD, c * 0.11)
    q = c * 0.25  # a symbol's size
    ring = q * 0.6  # the treasure circle's radius: its icon (0.76 q) fits inside
    for room, f in plan.rooms.items():
        cx, cy = g.room(room)
        if f.trap:
            sk.tag(f"{room} trap")
            sk.icon("trap", cx + p, cy + c - p - q, q, color=INK)
        if f.minion:
            sk.tag(f"{room} minion")
            sk.icon("minion", cx + p, cy + p, q, color=INK)
            level_w = 2.6
            sk.text(
                f"**{f.minion.level}**",
                cx + c - p - level_w,
                cy + p,
                level_w,
                q,
                size=7.5,
                align="right",
                field="minion",
            )
            a = q * 0.8
            sk.icon(
                f.minion.adventurer,
                cx + c - p - level_w - 0.3 - a,
                cy + p + (q - a) / 2,
                a,
                color=INK,
            )
        if f.treasure:
            tk = f.treasure
            sk.tag(f"{room} treasure")
            ox, oy = cx + c - p - ring, cy + c - p - ring
            sk.circle(ox, oy, ring, stroke=FAINT, width=0.2)
            icon = q * 0.76
            sk.icon(TREASURE_ICONS[tk.kind], ox - icon / 2, oy - icon / 2, icon, color=INK)
            if tk.letter or tk.kind == "potions":
                h = 2.6
                sk.text(
                    f"**{tk.letter or '2×'}**",
                    ox - 2.5,
                    oy - ring - 0.9 - h,
                    5.0,
                    h,
                    size=6.5,
                    align="center",
                    valign="bottom",
                    color=ACCENT if tk.letter else INK,
                    field="treasure",
                    line_height=1.0,
                )
    sk.untag()


def draw_walls(
    sk: Sketch, g: Grid, walls: list[str], positions: list[str], *, color: str = INK
) -> None:
    """The card's walls as thick lines and the monsters as circled numbers ①②③."""
    width = max(0.9, g.cell * 0.11)
    sk.tag("walls", over=(GRID_TAG, "water"))  # walls are drawn on the grid lines
    for w in walls:
        x1, y1, x2, y2 = g.edge(w)
        sk.line(x1, y1, x2, y2, stroke=color, width=width, cap=2)
        if w.endswith("|south"):  # a walled-off entrance: its arrow is crossed out as well
            sk.tag(f"walled entrance {w[0]}", over=(f"entrance {w[0]}",))
            ex, ey, size = _entrance(g, COLUMNS.index(w[0]))
            pad = size * 0.05
            for ya, yb in ((ey - pad, ey + size + pad), (ey + size + pad, ey - pad)):
                sk.line(ex - pad, ya, ex + size + pad, yb, stroke=ACCENT, width=width * 0.8, cap=1)
            sk.tag("walls", over=(GRID_TAG, "water"))
    r = g.cell * 0.3
    for i, room in enumerate(positions):
        sk.tag(f"monster {i + 1}")
        rx, ry = g.room(room)
        cx, cy = rx + g.cell / 2, ry + g.cell / 2
        sk.circle(cx, cy, r, fill=ACCENT, stroke=None)
        sk.text(
            f"**{i + 1}**",
            cx - r,
            cy - r,
            2 * r,
            2 * r,
            size=r * 2.835 * 1.25,
            align="center",
            color="#ffffff",
            field="positions",
        )
    sk.untag()


def wave(sk: Sketch, x1: float, y1: float, x2: float, y2: float, amp: float = 0.9) -> None:
    """A wavy water line along one edge of a room (or a horizontal line, in the legend)."""
    n = 4
    horizontal = y1 == y2
    step = ((x2 - x1) if horizontal else (y2 - y1)) / n
    segs: list[tuple] = [("M", x1, y1)]
    for i in range(n):
        s = -1.5 * amp if i % 2 else 1.5 * amp
        if horizontal:
            a = x1 + i * step
            segs.append(("C", a + step / 3, y1 - s, a + 2 * step / 3, y1 - s, a + step, y1))
        else:
            a = y1 + i * step
            segs.append(("C", x1 - s, a + step / 3, x1 - s, a + 2 * step / 3, x1, a + step))
    sk.path(segs, stroke=WATER, width=max(0.6, amp), cap=1)
