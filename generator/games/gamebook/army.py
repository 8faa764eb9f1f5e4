"""The gamebook army battle sheet: the five orders A–E, the order-against-order modifiers, unit
boxes (strength, morale, order) and the morale check."""

from __future__ import annotations

from fractions import Fraction

from generator.games.gamebook.journal import heading, label
from generator.games.gamebook.models import ORDERS, ArmySheet
from generator.layout.builders import BuildContext, Drawn
from generator.layout.kit import pct, texts
from generator.layout.sketch import Sketch
from generator.layout.spec import region

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
SHADE = "#f4efe4"
GOOD = "#dfe9d3"
BAD = "#f1d9cf"

KEYS = (
    "title", "subtitle", "orders", "matrix", "matrix_how", "you", "enemy", "morale",
    "morale_how", "morale_value", "scatter", "units", "unit", "base", "current", "order",
    "scattered", "regroup", "strength",
)  # fmt: skip


def scatter_chance(morale: int, sides: int = 6) -> Fraction:
    """The chance a unit scatters: a die roll higher than its morale."""
    return Fraction(max(0, min(sides, sides - morale)), sides)


def _orders(sk: Sketch, r, data: ArmySheet, t: dict, lang: str) -> None:
    x, y, w, h = r
    heading(sk, t["orders"], x, y, w, "orders")
    rh = (h - 8) / len(data.orders)
    for i, o in enumerate(data.orders):
        ry = y + 8 + i * rh
        sk.rect(x, ry + 0.8, 9, 9, fill=ACCENT, stroke=None, radius=1.5)
        sk.text(
            o.letter,
            x,
            ry + 0.8,
            9,
            9,
            size=15,
            font="display",
            color="#ffffff",
            align="center",
            field="letter",
        )
        sk.text(f"**{o.name.get(lang)}**", x + 12, ry, w - 12, 5, size=9.5, field="name")
        sk.text(
            o.hint.get(lang),
            x + 12,
            ry + 5,
            w - 12,
            rh - 5.5,
            size=8,
            min_size=6,
            valign="top",
            line_height=1.08,
            field=f"orders.{o.letter}.hint",
        )


def _matrix(sk: Sketch, r, data: ArmySheet, t: dict) -> None:
    x, y, w, h = r
    heading(sk, t["matrix"], x, y, w, "matrix")
    lw = 22.0
    top = y + 8 + 6
    cell = min((w - lw) / 5, 12.0)
    sk.text(
        f"**{t['enemy']}** →", x + lw, y + 8, 5 * cell, 5, size=7, align="center", field="enemy"
    )
    sk.text(f"**{t['you']}** ↓", x, top, lw - 1, cell, size=7, field="you")
    for j, letter in enumerate(ORDERS):
        cx = x + lw + j * cell
        sk.rect(cx + 0.5, top, cell - 1, cell - 1, fill=INK, stroke=None, radius=1)
        sk.text(
            letter,
            cx,
            top,
            cell,
            cell - 1,
            size=11,
            font="display",
            color="#ffffff",
            align="center",
            field="order",
        )
    for i, mine in enumerate(ORDERS):
        ry = top + (i + 1) * cell
        sk.rect(
            x + lw - cell + 0.5, ry + 0.5, cell - 1, cell - 1, fill=ACCENT, stroke=None, radius=1
        )
        sk.text(
            mine,
            x + lw - cell,
            ry,
            cell,
            cell,
            size=11,
            font="display",
            color="#ffffff",
            align="center",
            field="order",
        )
        for j, v in enumerate(data.modifiers[mine]):  # type: ignore[index]
            cx = x + lw + j * cell
            fill = GOOD if v > 0 else BAD if v < 0 else "#ffffff"
            sk.rect(
                cx + 0.5, ry + 0.5, cell - 1, cell - 1, fill=fill, stroke=FAINT, width=0.2, radius=1
            )
            text = f"+{v}" if v > 0 else ("−" + str(-v) if v < 0 else "0")
            sk.text(
                f"**{text}**",
                cx,
                ry,
                cell,
                cell,
                size=11,
                align="center",
                color=INK if v else FAINT,
                field="modifier",
            )
    below = top + 6 * cell + 3
    sk.text(
        t["matrix_how"],
        x,
        below,
        w,
        y + h - below,
        size=7.8,
        min_size=6,
        valign="top",
        field="matrix_how",
    )


def _morale(sk: Sketch, r, t: dict, lang: str) -> None:
    x, y, w, _h = r
    heading(sk, t["morale"], x, y, w, "morale")
    sk.text(t["morale_how"], x, y + 8, w, 15, size=8, min_size=6, valign="top", field="morale_how")
    top = y + 24
    lw = 26.0
    cw = (w - lw) / 6
    rh = 6.5
    sk.rect(x, top, w, rh, fill=SHADE, stroke=None)
    label(sk, t["morale_value"], x + 1, top, lw - 2, rh, size=6.8, color=INK)
    label(sk, t["scatter"], x + 1, top + rh, lw - 2, rh, size=6.8, color=INK)
    for m in range(1, 7):
        cx = x + lw + (m - 1) * cw
        sk.text(f"**{m}**", cx, top, cw, rh, size=9, align="center", field="morale")
        sk.text(
            pct(float(scatter_chance(m)), lang),
            cx,
            top + rh,
            cw,
            rh,
            size=8,
            align="center",
            field="scatter",
        )
    sk.line(x, top + 2 * rh, x + w, top + 2 * rh, stroke=FAINT, width=0.2)


def _units(sk: Sketch, r, data: ArmySheet, t: dict) -> None:
    x, y, w, h = r
    heading(sk, t["units"], x, y, w, "units")
    cols = [
        (t["unit"], 0.34),
        (f"{t['strength']}: {t['base']}", 0.14),
        (t["current"], 0.14),
        (t["morale"], 0.1),
        (t["order"], 0.2),
        (t["scattered"], 0.08),
    ]
    top = y + 8
    hh = 6.0
    foot = 9.5  # the regroup note below the rows stays inside the region
    rh = (h - 8 - hh - foot) / data.units
    sk.rect(x, top, w, hh, fill=INK, stroke=None, radius=1)
    cx = x
    edges = []
    for name, share in cols:
        cw = w * share
        sk.text(
            f"**{name}**",
            cx + 1,
            top,
            cw - 2,
            hh,
            size=6.5,
            min_size=6,
            color="#ffffff",
            align="center",
            field="column",
        )
        edges.append((cx, cw))
        cx += cw
    for i in range(data.units):
        ry = top + hh + i * rh
        if i % 2:
            sk.rect(x, ry, w, rh, fill=SHADE, stroke=None)
        sk.line(x, ry + rh, x + w, ry + rh, stroke=FAINT, width=0.2)
        p = f"unit.{i + 1}"
        names = ["name", "base_strength", "strength", "morale"]
        for (ex, ew), key in zip(edges[:4], names, strict=True):
            sk.field(ex + 0.8, ry + 0.8, ew - 1.6, rh - 1.6, f"{p}.{key}")
        ox, ow = edges[4]
        step = ow / 5
        box = min(5.0, step - 1.5, rh - 1.5)
        for j, letter in enumerate(ORDERS):
            bx = ox + j * step + (step - box) / 2
            sk.checkbox(bx, ry + (rh - box) / 2, box, name=f"{p}.order.{letter}", width=0.25)
            sk.text(
                letter,
                bx,
                ry + (rh - box) / 2,
                box,
                box,
                size=7,
                align="center",
                color=FAINT,
                field="order",
            )
        sx, sw = edges[5]
        sk.checkbox(sx + (sw - 4.5) / 2, ry + (rh - 4.5) / 2, 4.5, name=f"{p}.scattered", width=0.3)
    for ex, _ in edges[1:]:
        sk.line(ex, top + hh, ex, top + hh + data.units * rh, stroke=FAINT, width=0.2)
    sk.text(
        t["regroup"],
        x,
        top + hh + data.units * rh + 1.5,
        w,
        8,
        size=6.8,
        min_size=6,
        color=FAINT,
        valign="top",
        field="regroup",
    )


def build_army(ctx: BuildContext) -> list[Drawn]:
    """The army battle sheet on one page."""
    data: ArmySheet = ctx.data
    t = texts(data, ctx.lang, *KEYS)
    lay = ctx.layout
    sk = Sketch(ctx.env, "army sheet")
    x, y, w, _ = region(lay, "header")
    sk.text(t["title"], x, y, w, 11, size=22, font="display", color=ACCENT, field="title")
    sk.text(f"*{t['subtitle']}*", x, y + 11, w, 5, size=8.5, color=FAINT, field="subtitle")
    _orders(sk, region(lay, "orders"), data, t, ctx.lang)
    _matrix(sk, region(lay, "matrix"), data, t)
    _morale(sk, region(lay, "morale"), t, ctx.lang)
    _units(sk, region(lay, "units"), data, t)
    return [Drawn(lay.width, lay.height, sk.ops)]


BUILDERS = {"gamebook/army": build_army}
