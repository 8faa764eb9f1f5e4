"""The PJi, nezlob se board: a round castle whose battlements are the track, four courtyards
leading to the tower, and the four base camps in the corners.

The board is drawn at its real size (the layout's size, 280 x 400 mm: one A3 sheet); the output
layer centres it on A3 and tiles it across A4 or Letter sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.errors import PapirnaError
from generator.games.pji_nezlob_se.art import (
    ACCENT,
    FAINT,
    INK,
    PAPER,
    STONE,
    STONE_DARK,
    WHITE,
    arc,
    mix,
    on_color,
    party_badge,
    pattern_circle,
    polar,
)
from generator.games.pji_nezlob_se.models import BoardText, Game, Party
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch
from generator.layout.spec import LayoutSpec
from generator.layout.spec import region as _region

COURTYARD = "#efe6d0"
FLAGSTONE = "#ddd0b4"
MERLON = 5.5  # mm the merlons stand out of the wall
WALL = 28.0  # mm from the inner to the outer face of the wall
CAMP = 30.0  # base camp radius


@dataclass(frozen=True)
class Geometry:
    """Where everything on the board is, in mm from its top-left corner."""

    width: float
    height: float
    fields: int
    cx: float
    cy: float
    outer: float  # outer face of the wall
    inner: float  # inner face of the wall
    track: float  # radius of the field centres
    field: float  # field radius
    yard: tuple[float, ...]  # radii of the courtyard fields, from the gate inwards
    tower: float

    def angle(self, i: int) -> float:
        """The angle of battlements field i; field 0 is the first party's gate, top left."""
        return -45.0 + 360.0 * i / self.fields

    def gate(self, k: int, parties: int) -> int:
        """Index of party k's gate field (its start field is the next one)."""
        return k * self.fields // parties

    def camp(self, k: int) -> tuple[float, float]:
        """Centre of base camp k: top left, top right, bottom right, bottom left."""
        m = 9.0 + CAMP
        return [
            (m, m),
            (self.width - m, m),
            (self.width - m, self.height - m),
            (m, self.height - m),
        ][k]


def geometry(width: float, height: float, fields: int) -> Geometry:
    """The board's geometry for a page of width x height and a ring of `fields` fields."""
    outer = min(width, height) / 2 - 7.5 - MERLON
    inner = outer - WALL
    track = (outer + inner) / 2
    pitch = 2 * math.pi * track / fields
    field = min(8.6, pitch / 2 - 0.35)
    if field < 7.0:
        raise PapirnaError(
            f"{fields} battlements fields do not fit a {width:g}x{height:g}mm board "
            f"(fields of {2 * field:.1f}mm, at least 14mm needed)"
        )
    yard = tuple(inner - 11.0 - j * 17.5 for j in range(4))
    return Geometry(
        width,
        height,
        fields,
        width / 2,
        height / 2,
        outer,
        inner,
        track,
        field,
        yard,
        tower=yard[-1] - 8.2 - 3.3,
    )


def board_ops(layout: LayoutSpec, game: Game, text: BoardText, env, lang: str) -> list:
    """Every operation of the board, in board mm."""
    t = {k: getattr(text, k).get(lang) for k in type(text).model_fields}
    g = geometry(layout.width, layout.height, game.board.fields)
    sk = Sketch(env, "board")
    sk.rect(0, 0, g.width, g.height, fill=PAPER, stroke=None)
    sk.rect(3, 3, g.width - 6, g.height - 6, stroke=ACCENT, width=0.9, radius=4)
    sk.rect(4.6, 4.6, g.width - 9.2, g.height - 9.2, stroke=ACCENT, width=0.25, radius=3)
    sk.tag("castle walls", layered=True)  # the art the fields are painted on
    _walls(sk, g)
    sk.tag("courtyard", layered=True)
    _courtyard(sk, g, game, t)
    sk.untag()
    _fields(sk, g, game)
    for k, party in enumerate(game.parties):
        with sk.element(f"camp {party.id}"):  # the camp's disc, rings and fields
            _camp(sk, g, game, party, k, t, lang)
    _title(sk, layout, t)
    _legend(sk, layout, game, t, lang)
    return sk.ops


def _walls(sk: Sketch, g: Geometry) -> None:
    """The wall: a stone ring with merlons on the outside."""
    n = g.fields * 2
    for i in range(n):
        a0 = -45.0 + 360.0 * i / n - 1.25
        a1 = a0 + 2.5
        pts = [
            polar(g.cx, g.cy, g.outer - 0.5, a0),
            polar(g.cx, g.cy, g.outer + MERLON, a0),
            polar(g.cx, g.cy, g.outer + MERLON, a1),
            polar(g.cx, g.cy, g.outer - 0.5, a1),
        ]
        segs = [("M", *pts[0]), *[("L", *p) for p in pts[1:]], ("Z",)]
        sk.path(segs, fill=STONE, stroke=INK, width=0.3)
    sk.circle(g.cx, g.cy, g.outer, fill=STONE, stroke=INK, width=0.45)
    sk.circle(g.cx, g.cy, g.inner, fill=COURTYARD, stroke=INK, width=0.45)
    # joints between the stones of the walkway
    for i in range(g.fields):
        a = g.angle(i) + 180.0 / g.fields
        sk.line(
            *polar(g.cx, g.cy, g.inner, a),
            *polar(g.cx, g.cy, g.outer, a),
            stroke=STONE_DARK,
            width=0.3,
        )
    for r in (g.inner + 2.2, g.outer - 2.2):
        sk.circle(g.cx, g.cy, r, stroke=STONE_DARK, width=0.2)


def _courtyard(sk: Sketch, g: Geometry, game: Game, t: dict) -> None:
    """Flagstones, direction arrows, the tower and the courtyard label."""
    step = 17.5
    r = g.tower + step
    while r < g.inner - 3:
        sk.circle(g.cx, g.cy, r, stroke=FLAGSTONE, width=0.3)
        r += step
    for k in range(24):
        a = k * 15.0 + 7.5
        sk.line(
            *polar(g.cx, g.cy, g.tower, a),
            *polar(g.cx, g.cy, g.inner, a),
            stroke=FLAGSTONE,
            width=0.3,
        )
    # clockwise arrows inside the wall, one per side
    ra = g.inner - 5.0
    for side in range(4):
        a0, a1 = side * 90.0 - 28.0, side * 90.0 + 24.0
        sk.path(arc(g.cx, g.cy, ra, a0, a1), stroke=FAINT, width=1.1)
        tip = polar(g.cx, g.cy, ra, a1 + 5.0)
        back = (math.cos(math.radians(a1 + 5.0)), math.sin(math.radians(a1 + 5.0)))
        nrm = (-back[1], back[0])
        bx, by = tip[0] - 5.0 * back[0], tip[1] - 5.0 * back[1]
        sk.path(
            [
                ("M", *tip),
                ("L", bx + 2.2 * nrm[0], by + 2.2 * nrm[1]),
                ("L", bx - 2.2 * nrm[0], by - 2.2 * nrm[1]),
                ("Z",),
            ],
            fill=FAINT,
            stroke=None,
        )
    # the tower
    sk.circle(g.cx, g.cy, g.tower, fill=STONE, stroke=INK, width=0.6)
    sk.circle(g.cx, g.cy, g.tower - 1.6, stroke=STONE_DARK, width=0.3)
    s = g.tower * 1.05
    sk.icon("tower", g.cx - s / 2, g.cy - s / 2 - 3.0, s, color=INK)
    sk.text(
        t["tower"],
        g.cx - 14,
        g.cy + s / 2 - 2.2,
        28,
        4.5,
        size=8,
        style="bold",
        align="center",
        color=INK,
        field="tower",
    )
    # the word "courtyard" above and below the tower
    for dy in (-1, 1):
        y = g.cy + dy * (g.tower + 21.0) - 3.5
        sk.text(
            t["courtyard"].upper(),
            g.cx - 28,
            y,
            56,
            7,
            size=11,
            font="display",
            align="center",
            color=mix(COURTYARD, INK, 0.35),
            field="courtyard",
        )


def _fields(sk: Sketch, g: Geometry, game: Game) -> None:
    """The battlements fields, each party's start and gate, and its courtyard fields."""
    parties = game.parties
    starts = {g.gate(k, len(parties)) + 1: p for k, p in enumerate(parties)}
    gates = {g.gate(k, len(parties)): p for k, p in enumerate(parties)}
    for i in range(g.fields):
        x, y = polar(g.cx, g.cy, g.track, g.angle(i))
        sk.tag(f"field {i + 1}")  # a field's ring, pattern and flag: one element
        if i in starts:
            start_field(sk, starts[i], x, y, g.field, f"field {i + 1}")
        elif i in gates:
            gate_field(sk, gates[i], x, y, g.field)
        else:
            sk.circle(x, y, g.field, fill=WHITE, stroke=INK, width=0.45)
    sk.untag()
    for k, party in enumerate(parties):
        a = g.angle(g.gate(k, len(parties)))
        _gate_arrow(sk, g, a, party)
        for r in g.yard:
            x, y = polar(g.cx, g.cy, r, a)
            party_badge(sk, game, party, x, y, 8.2)


def start_field(sk: Sketch, party: Party, x: float, y: float, r: float, name: str) -> None:
    """A party's start field: its pattern, a disc of its colour and a flag."""
    pattern_circle(sk, party, x, y, r, name)
    sk.circle(x, y, r, stroke=INK, width=0.5)
    s = r * 1.25
    sk.circle(x, y, s * 0.5, fill=party.color, stroke=None)
    sk.icon("flag", x - s / 2, y - s / 2, s, color=on_color(party.color))


def gate_field(sk: Sketch, party: Party, x: float, y: float, r: float, k: float = 1.0) -> None:
    """A party's gate: a white field with a thick ring of the party's colour (k scales it)."""
    sk.circle(x, y, r, fill=WHITE, stroke=INK, width=0.45)
    sk.circle(x, y, r - 1.0 * k, stroke=party.color, width=1.6 * k)


def _gate_arrow(sk: Sketch, g: Geometry, a: float, party: Party) -> None:
    """An arrow from a party's gate field down into its courtyard."""
    r0 = g.track - g.field - 0.5  # from just outside the gate field's ring
    r1 = g.yard[0] + 8.2 + 0.4
    x0, y0 = polar(g.cx, g.cy, r0, a)
    x1, y1 = polar(g.cx, g.cy, r1, a)
    ux, uy = (x1 - x0), (y1 - y0)
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    nx, ny = -uy, ux
    head = 3.2
    bx, by = x1 - head * ux, y1 - head * uy
    sk.line(x0, y0, bx, by, stroke=party.color, width=1.6)
    sk.path(
        [
            ("M", x1, y1),
            ("L", bx + 2.3 * nx, by + 2.3 * ny),
            ("L", bx - 2.3 * nx, by - 2.3 * ny),
            ("Z",),
        ],
        fill=party.color,
        stroke=None,
    )


def _camp(sk: Sketch, g: Geometry, game: Game, party: Party, k: int, t: dict, lang: str) -> None:
    """A base camp: four places for the party's figures around its race sign."""
    cx, cy = g.camp(k)
    pattern_circle(sk, party, cx, cy, CAMP, f"camp {party.id}")
    sk.circle(cx, cy, CAMP - 4.0, fill=mix(party.color, WHITE, 0.86), stroke=None)
    sk.circle(cx, cy, CAMP, stroke=INK, width=0.5)
    sk.circle(cx, cy, CAMP - 4.0, stroke=INK, width=0.3)
    d = 15.0
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = cx + sx * d / math.sqrt(2), cy + sy * d / math.sqrt(2)
        sk.circle(x, y, g.field, fill=WHITE, stroke=INK, width=0.45)
        sk.circle(x, y, g.field - 1.0, stroke=party.color, width=0.6)
    race = game.race(party.race)
    s = 9.5
    sk.icon(race.icon, cx - s / 2, cy - s / 2, s, color=party.color)
    y = cy + CAMP + 1.5 if k in (0, 1) else cy - CAMP - 12.0
    label = f"**{race.name.get(lang)}** · {party.name.get(lang)}\n*{t['camp']}*"
    sk.text(
        label,
        cx - 32,
        y,
        64,
        10.5,
        size=8,
        min_size=6,
        align="center",
        valign="bottom" if k in (2, 3) else "top",
        line_height=1.1,
        color=INK,
        field="camp",
    )


def _title(sk: Sketch, layout: LayoutSpec, t: dict) -> None:
    x, y, w, h = _region(layout, "title")
    sk.text(
        t["title"],
        x,
        y,
        w,
        h * 0.6,
        size=30,
        min_size=18,
        font="display",
        align="center",
        valign="bottom",
        color=ACCENT,
        field="title",
    )
    sk.text(
        f"*{t['subtitle']}*",
        x,
        y + h * 0.62,
        w,
        h * 0.38,
        size=9,
        min_size=7,
        align="center",
        valign="top",
        color=FAINT,
        field="subtitle",
    )


def _legend(sk: Sketch, layout: LayoutSpec, game: Game, t: dict, lang: str) -> None:
    """How to move, and which colour is which race (with its greyscale pattern)."""
    x, y, w, _ = _region(layout, "legend")
    sk.text(
        f"**{t['legend']}**", x, y, w, 5.5, size=10, align="center", color=ACCENT, field="legend"
    )
    yy = y + 6.5
    sk.text(
        f"**{t['battlements']}:** {t['direction']}",
        x,
        yy,
        w,
        6.0,
        size=8.5,
        min_size=6,
        align="center",
        valign="top",
        color=INK,
        field="legend",
    )
    yy += 6.0
    # the start and the gate drawn as on the board (in the first party's colour), each with
    # what it means
    party = game.parties[0]
    r = 3.8
    keys = (
        (x + 4.0, 52.0, f"**{t['start']}:** {t['start_note']}", "start"),
        (x + 60.0, w - 60.0, f"**{t['gate']}:** {t['entry']}", "gate"),
    )
    for kx, kw, text, what in keys:
        sx, sy = kx + r, yy + 4.2
        if what == "start":
            sk.tag("legend start")
            start_field(sk, party, sx, sy, r, "legend start")
        else:
            sk.tag("legend gate")
            gate_field(sk, party, sx, sy, r, 0.7)
            # its arrow into the courtyard, pointing down as from a gate at the top
            tip = sy + r + 3.0
            sk.line(sx, sy + r + 0.3, sx, tip - 1.4, stroke=party.color, width=1.0)
            sk.path(
                [("M", sx, tip), ("L", sx - 1.3, tip - 1.6), ("L", sx + 1.3, tip - 1.6), ("Z",)],
                fill=party.color,
                stroke=None,
            )
        sk.untag()
        sk.text(
            text,
            kx + 2 * r + 2.0,
            yy,
            kw - 2 * r - 2.0,
            8.4,
            size=8.5,
            min_size=6,
            valign="middle",
            line_height=1.1,
            color=INK,
            field="legend",
        )
    yy += 13.0
    cols = 2
    cw = w / cols
    for k, party in enumerate(game.parties):
        r, c = divmod(k, cols)
        px, py = x + c * cw + 14.0, yy + r * 14.0
        party_badge(sk, game, party, px + 6.0, py + 6.0, 6.0)
        race = game.race(party.race)
        sk.text(
            f"**{race.name.get(lang)}** · {party.name.get(lang)}",
            px + 14.5,
            py,
            cw - 28,
            12,
            size=9,
            min_size=6,
            color=INK,
            field="legend",
        )


def build_board(ctx: BuildContext) -> list[Drawn]:
    """The board at its real size, one page."""
    game: Game = ctx.files["game"]
    text: BoardText = ctx.data
    ops = board_ops(ctx.layout, game, text, ctx.env, ctx.lang)
    return [Drawn(ctx.layout.width, ctx.layout.height, ops, text.name.get(ctx.lang))]


BUILDERS = {"pji-nezlob-se/board": build_board}
