"""PJi, nezlob se figures: fold-over standees, four figure types in each party's colour.

A standee is two panels side by side: folded along the vertical line between them, glued back to
back, with a base tab under each panel folded out to opposite sides so that the figure stands.
Both panels face outwards upright, so both show the same art and name. Cut lines are solid, fold
lines dashed.
"""

from __future__ import annotations

from generator.games.pji_nezlob_se.art import (
    FAINT,
    INK,
    WHITE,
    arc,
    mix,
    on_color,
    page_header,
    party_badge,
    pattern_rect,
)
from generator.games.pji_nezlob_se.models import FiguresText, FigureType, Game, Party
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch

PANEL_W = 16.0
PANEL_H = 40.0
TAB = 8.0
CHAMFER = 1.6
CUT = 0.3  # mm, cut line width
FOLD_DASH = (1.4, 1.0)
FOLD_W = 0.3  # mm, the dark dash of a fold line
FOLD_HALO = 0.9  # mm, its white halo: 0.3 mm each side, seen on the dark bands


def standee_size() -> tuple[float, float]:
    """Width and height of one flat standee with its tabs, in mm."""
    return 2 * PANEL_W, PANEL_H + TAB


def _panel_path(x: float, y: float) -> list:
    """One panel's outline: an arched top over a rectangle."""
    r = PANEL_W / 2
    return [
        ("M", x, y + PANEL_H),
        ("L", x, y + r),
        *arc(x + r, y + r, r, -90.0, 90.0, move=False),
        ("L", x + PANEL_W, y + PANEL_H),
        ("Z",),
    ]


def _figure_art(
    sk: Sketch, game: Game, party: Party, figure: FigureType, x: float, y: float, lang: str
) -> None:
    """The art of one panel: a silhouette in the party's colour with the class and race signs."""
    sk.path(_panel_path(x, y), fill=mix(party.color, WHITE, 0.82), stroke=None)
    cx = x + PANEL_W / 2
    ink = on_color(party.color)
    # the body: a cloak widening to the ground, and the head
    body = [
        ("M", cx - 2.6, y + 13.6),
        ("C", cx - 6.6, y + 14.6, cx - 7.0, y + 22.0, cx - 7.2, y + 32.5),
        ("L", cx + 7.2, y + 32.5),
        ("C", cx + 7.0, y + 22.0, cx + 6.6, y + 14.6, cx + 2.6, y + 13.6),
        ("Z",),
    ]
    sk.path(body, fill=party.color, stroke=INK, width=0.25)
    party_badge(sk, game, party, cx, y + 8.6, 4.6)
    s = 9.4
    sk.icon(figure.icon, cx - s / 2, y + 16.0, s, color=ink)
    sk.text(
        f"**{figure.name.get(lang)}**",
        x + 0.6,
        y + 26.2,
        PANEL_W - 1.2,
        5.4,
        size=6.5,
        min_size=6,
        align="center",
        color=ink,
        field=f"{figure.id} name",
    )
    pattern_rect(sk, party, x, y + 32.5, PANEL_W, PANEL_H - 32.5)


def standee(
    sk: Sketch, game: Game, party: Party, figure: FigureType, x: float, y: float, lang: str
) -> None:
    """One flat standee at (x, y): art on both panels, tabs, cut and fold lines."""
    for px in (x, x + PANEL_W):
        _figure_art(sk, game, party, figure, px, y, lang)
    yb = y + PANEL_H
    yt = yb + TAB
    for px in (x, x + PANEL_W):
        tab = [
            ("M", px, yb),
            ("L", px + CHAMFER, yt),
            ("L", px + PANEL_W - CHAMFER, yt),
            ("L", px + PANEL_W, yb),
            ("Z",),
        ]
        sk.path(tab, fill=mix(party.color, WHITE, 0.55), stroke=None)
    r = PANEL_W / 2
    outline = [
        ("M", x, yb),
        ("L", x, y + r),
        *arc(x + r, y + r, r, -90.0, 90.0, move=False),
        *arc(x + PANEL_W + r, y + r, r, -90.0, 90.0, move=False),
        ("L", x + 2 * PANEL_W, yb),
        ("L", x + 2 * PANEL_W - CHAMFER, yt),
        ("L", x + PANEL_W + CHAMFER, yt),
        ("L", x + PANEL_W, yb),
        ("L", x + PANEL_W - CHAMFER, yt),
        ("L", x + CHAMFER, yt),
        ("Z",),
    ]
    sk.path(outline, stroke=INK, width=CUT, join=1)
    fold_line(sk, x + PANEL_W, y + r, x + PANEL_W, yb)
    fold_line(sk, x, yb, x + 2 * PANEL_W, yb)


def fold_line(sk: Sketch, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed fold line that shows on dark art too: dark dashes, each in a white halo."""
    sk.line(x1, y1, x2, y2, stroke=WHITE, width=FOLD_HALO, dash=FOLD_DASH)
    sk.line(x1, y1, x2, y2, stroke=INK, width=FOLD_W, dash=FOLD_DASH)


def figures_ops(game: Game, text: FiguresText, env, lang: str, width: float, height: float) -> list:
    """The standee sheet: one row per party, one column per figure type."""
    t = {k: getattr(text, k).get(lang) for k in type(text).model_fields}
    sk = Sketch(env, "figures")
    page_header(sk, t["title"], t["subtitle"], width)
    sw, _ = standee_size()
    head_w = 30.0
    cols = len(game.figures)
    gap = (width - head_w - cols * sw) / cols
    top = 22.0
    row_h = 55.0
    for r, party in enumerate(game.parties):
        ry = top + r * row_h
        race = game.race(party.race)
        party_badge(sk, game, party, 9.0, ry + 14.0, 8.0)
        sk.text(
            f"**{race.name.get(lang)}**\n{party.name.get(lang)}",
            0,
            ry + 24,
            head_w - 4,
            10,
            size=8.5,
            min_size=6,
            line_height=1.1,
            color=INK,
            field="party",
        )
        for c, figure in enumerate(game.figures):
            sx = head_w + gap / 2 + c * (sw + gap)
            standee(sk, game, party, figure, sx, ry, lang)
    # how to make them
    y = top + len(game.parties) * row_h + 1.0
    sk.line(0, y, width, y, stroke=FAINT, width=0.25)
    legend_w = 46.0
    sk.text(
        t["how"],
        0,
        y + 2.0,
        width - legend_w - 4,
        height - y - 2.0,
        size=8,
        min_size=6,
        valign="top",
        color=INK,
        field="how",
    )
    lx = width - legend_w
    sk.line(lx, y + 5.0, lx + 12, y + 5.0, stroke=INK, width=CUT)
    sk.text(t["cut"], lx + 14, y + 2.8, legend_w - 14, 4.5, size=7.5, color=INK, field="cut")
    fold_line(sk, lx, y + 11.0, lx + 12, y + 11.0)
    sk.text(t["fold"], lx + 14, y + 8.8, legend_w - 14, 4.5, size=7.5, color=INK, field="fold")
    return sk.ops


def build_figures(ctx: BuildContext) -> list[Drawn]:
    """The sheet of sixteen standees."""
    game: Game = ctx.files["game"]
    w, h = ctx.layout.width, ctx.layout.height
    return [Drawn(w, h, figures_ops(game, ctx.data, ctx.env, ctx.lang, w, h))]


BUILDERS = {"pji-nezlob-se/figures": build_figures}
