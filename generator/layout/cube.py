"""Cut-and-fold cube nets with glue tabs, shared by every game's dice."""

from __future__ import annotations

from collections.abc import Callable

from generator.layout.sketch import Sketch

INK = "#231c15"
TAB_FILL = "#f4efe4"
FOLD_DASH = (1.2, 0.9)
# The cross net in a 4 x 3 grid: (column, row) of each face. Faces 2 and 4 (centre and far right)
# are opposite, as are faces 1 and 3, and faces 0 and 5.
NET_CELLS = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
# glue tabs (face index, side): the seven outline edges glued to the other seven
NET_TABS = [
    (1, "top"),
    (3, "top"),
    (4, "top"),
    (1, "bottom"),
    (3, "bottom"),
    (4, "bottom"),
    (4, "right"),
]
OFFSET = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}

FaceDrawer = Callable[[int, float, float, float], None]


def _edge(cx: float, cy: float, side: str, n: float) -> tuple[float, float, float, float]:
    return {
        "top": (cx, cy, cx + n, cy),
        "bottom": (cx, cy + n, cx + n, cy + n),
        "left": (cx, cy, cx, cy + n),
        "right": (cx + n, cy, cx + n, cy + n),
    }[side]


def cube_net(
    sk: Sketch,
    face: FaceDrawer,
    ox: float,
    oy: float,
    n: float,
    tab: float = 5.0,
    tab_fill: str = TAB_FILL,
) -> None:
    """A net of six n-mm faces drawn by `face(index, x, y, n)`; (ox, oy) is its grid's top-left.

    Cut lines are solid, folds dashed (a tab's base too: its fill has no outline, only its three
    cut sides are stroked), and seven trapezoid tabs in `tab_fill` are glued under the other
    edges.
    """
    cells = set(NET_CELLS)
    tabs = set(NET_TABS)
    for k, (col, row) in enumerate(NET_CELLS):
        face(k, ox + col * n, oy + row * n, n)
    for k, (col, row) in enumerate(NET_CELLS):
        fx, fy = ox + col * n, oy + row * n
        for side, (dc, dr) in OFFSET.items():
            x1, y1, x2, y2 = _edge(fx, fy, side, n)
            if (col + dc, row + dr) in cells:
                if dc > 0 or dr > 0:  # each inner fold once
                    sk.line(x1, y1, x2, y2, stroke=INK, width=0.25, dash=FOLD_DASH)
                continue
            if (k, side) in tabs:
                dx, dy = dc * tab, dr * tab
                ix, iy = (tab * 0.8, 0.0) if dy else (0.0, tab * 0.8)
                a, b = (x1 + dx + ix, y1 + dy + iy), (x2 + dx - ix, y2 + dy - iy)
                sk.path(
                    [("M", x1, y1), ("L", *a), ("L", *b), ("L", x2, y2), ("Z",)],
                    fill=tab_fill,
                    stroke=None,
                )
                sk.path(
                    [("M", x1, y1), ("L", *a), ("L", *b), ("L", x2, y2)],
                    stroke=INK,
                    width=0.3,
                )  # the cut: the tab's three outer sides, not its base
                sk.line(x1, y1, x2, y2, stroke=INK, width=0.25, dash=FOLD_DASH)
            else:
                sk.line(x1, y1, x2, y2, stroke=INK, width=0.3)
