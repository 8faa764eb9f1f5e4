"""The Spící bohové ship damage tracker: the ship in profile with a compartment per location.

Each location (from the pack's ship data) sits in the layout box `location-ID` with its fate
number, its ship action and one box per damage it holds; under the ship a damage count runs from
1 to the defeat line. Field names: ship.ID.N (location boxes) and damage.N (the count).
"""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.games.spici_bohove.models import ShipData, ShipLocation
from generator.games.spici_bohove.style import (
    ACCENT,
    DEFEAT,
    FAINT,
    GOLD,
    INK,
    MUTED,
    PALE,
    SHADE,
    WHITE,
    heading,
)
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch
from generator.layout.spec import region

SEA = "#cfe0e6"
DAMAGE_BOX = 8.0
HOUSE_H = 5.5  # mm: the boxed house-rule line


def _header(sk: Sketch, r, t: dict[str, str], data: ShipData) -> None:
    x, y, w, h = r
    sk.text(t["title"], x, y, 150, 10, size=24, min_size=14, font="display", color=ACCENT)
    sk.text(t["subtitle"], x, y + 10, 150, 4, size=7.5, min_size=6, color=MUTED)
    fates = sorted(loc.fate for loc in data.locations)
    d = 8.0
    lx = x + w - 52
    sk.circle(lx + d / 2, y + 3 + d / 2, d / 2, fill=ACCENT, stroke=None)
    sk.text(
        f"{fates[0]}–{fates[-1]}" if len(fates) > 1 else str(fates[0]),
        lx,
        y + 3,
        d,
        d,
        size=7,
        style="bold",
        align="center",
        color=WHITE,
        field="fate",
    )
    sk.text(f"= {t['fate']}", lx + d + 1.5, y + 3, 42, d, size=9, color=INK, field="fate")
    sk.line(x, y + h - 0.5, x + w, y + h - 0.5, stroke=ACCENT, width=0.6)


def _ship(sk: Sketch, r) -> None:
    """The ship in profile, bow to the right, drawn to the region (designed for 264 x 106)."""
    x0, y0, w, h = r
    sx, sy = w / 264.0, h / 106.0

    def p(x: float, y: float) -> tuple[float, float]:
        return (x0 + x * sx, y0 + y * sy)

    def poly(points, **style) -> None:
        segs = [("M", *p(*points[0]))] + [("L", *p(*q)) for q in points[1:]] + [("Z",)]
        sk.path(segs, **style)

    # the sea behind the hull
    for k, wy in enumerate((88.0, 95.0, 102.0)):
        segs = [("M", *p(0, wy))]
        for i in range(22):
            ax = i * 12.0
            segs.append(("C", *p(ax + 3, wy - 1.6), *p(ax + 9, wy + 1.6), *p(ax + 12, wy)))
        sk.path(segs, stroke=SEA if k else ACCENT, width=0.5 if k else 0.35)
    # masts and rigging
    sk.line(*p(238, 48), *p(238, 4), stroke=INK, width=0.8)
    sk.line(*p(34, 53), *p(34, 8), stroke=INK, width=0.8)
    for a, b in (
        ((238, 6), (258, 46)),
        ((238, 6), (218, 36)),
        ((34, 10), (12, 52)),
        ((34, 10), (62, 20)),
        ((34, 10), (238, 6)),
    ):
        sk.line(*p(*a), *p(*b), stroke=FAINT, width=0.3)
    # funnel
    poly([(132, 36), (134, 8), (152, 8), (154, 36)], fill=ACCENT, stroke=INK, width=0.5)
    poly([(133.4, 14), (152.6, 14), (152.9, 19), (133.1, 19)], fill=GOLD, stroke=None)
    # superstructure: aft deckhouse, long deckhouse, bridge house
    poly([(62, 20), (126, 20), (126, 54), (62, 54)], fill=PALE, stroke=INK, width=0.5)
    poly([(60, 36), (230, 36), (230, 54), (60, 54)], fill=PALE, stroke=INK, width=0.5)
    poly([(162, 4), (226, 4), (230, 10), (230, 36), (162, 36)], fill=PALE, stroke=INK, width=0.5)
    # the hull: sheer rising to the bow, a raked stem, a rounded stern
    sk.path(
        [
            ("M", *p(10, 52)),
            ("L", *p(120, 55)),
            ("C", *p(180, 55), *p(230, 52), *p(258, 44)),
            ("C", *p(250, 70), *p(240, 92), *p(222, 104)),
            ("L", *p(46, 104)),
            ("C", *p(26, 100), *p(12, 76), *p(10, 52)),
            ("Z",),
        ],
        fill=SHADE,
        stroke=INK,
        width=0.7,
    )
    # the deck line
    sk.path(
        [("M", *p(11, 56)), ("L", *p(120, 59)), ("C", *p(180, 59), *p(228, 56), *p(254, 49))],
        stroke=INK,
        width=0.35,
    )


def _location(sk: Sketch, r, loc: ShipLocation, lang: str) -> None:
    x, y, w, h = r
    sk.rect(x, y, w, h, fill=WHITE, stroke=ACCENT, width=0.7, radius=1.8)
    d = 6.5
    sk.circle(x + 1.8 + d / 2, y + 1.8 + d / 2, d / 2, fill=ACCENT, stroke=None)
    sk.text(
        str(loc.fate),
        x + 1.8,
        y + 1.8,
        d,
        d,
        size=9,
        style="bold",
        align="center",
        color=WHITE,
        field=f"locations.{loc.id}.fate",
    )
    boxes_w = loc.capacity * DAMAGE_BOX + (loc.capacity - 1) * 1.6
    short = h < 20  # a low compartment keeps its boxes beside the text
    name_w = w - d - 5.5 - (boxes_w + 2 if short else 0)
    sk.text(
        f"**{loc.name.get(lang)}**",
        x + d + 3.2,
        y + 1.6,
        name_w,
        d,
        size=10.5,
        min_size=7,
        field=f"locations.{loc.id}.name",
    )
    if short:
        tx, ty, tw, th = x + 2, y + d + 2.4, w - boxes_w - 6, h - d - 3.4
    else:
        tx, ty, tw, th = x + 2, y + d + 2.6, w - 4, h - d - DAMAGE_BOX - 5.6
    sk.text(
        loc.action.get(lang),
        tx,
        ty,
        tw,
        th,
        size=8,
        min_size=5.5,
        line_height=1.05,
        valign="top",
        color=MUTED,
        field=f"locations.{loc.id}.action",
    )
    bx = x + w - boxes_w - 2
    by = y + h - DAMAGE_BOX - 2 if not short else y + (h - DAMAGE_BOX) / 2
    for n in range(loc.capacity):
        sk.checkbox(
            bx + n * (DAMAGE_BOX + 1.6),
            by,
            DAMAGE_BOX,
            name=f"ship.{loc.id}.{n + 1}",
            width=0.6,
            stroke=DEFEAT,
        )


def _count(sk: Sketch, r, data: ShipData, t: dict[str, str]) -> None:
    x, y, w, h = r
    heading(sk, t["count"], x, y, 70, "skull", size=9)
    sk.text(
        t["count_note"],
        x,
        y + 6,
        66,
        h - 6,
        size=7,
        min_size=5.5,
        color=MUTED,
        line_height=1.05,
        valign="top",
        field="count_note",
    )
    n = data.defeat_at
    label_w = 33.0  # the arrow, the word and the skull after it
    gap = 2.6
    size = min(13.0, (w - 70 - label_w - (n - 1) * gap) / n)
    top = y + (h - size) / 2
    for k in range(1, n + 1):
        bx = x + 70 + (k - 1) * (size + gap)
        last = k == n
        sk.text(
            str(k),
            bx,
            top,
            size,
            size,
            size=11,
            style="bold",
            align="center",
            color=DEFEAT if last else "#b9c6cb",
            field="count",
        )
        sk.checkbox(
            bx,
            top,
            size,
            name=f"damage.{k}",
            width=1.0 if last else 0.5,
            stroke=DEFEAT if last else INK,
        )
    lx = x + 70 + n * (size + gap)
    used = sk.text(
        f"←\u00a0**{t['defeat']}**",
        lx,
        top,
        x + w - lx - 7,
        size,
        size=11,
        min_size=7,
        color=DEFEAT,
        field="defeat",
        hyphenate=False,
    )
    # the skull after the word, clear of the last box (not behind its number)
    word = sk.env.metrics.width(f"←\u00a0{t['defeat']}", "sans-bold", used) / 2.835
    icon = min(5.5, x + w - lx - word - 1.2)
    sk.icon("skull", lx + word + 1.2, top + (size - icon) / 2, icon, color=DEFEAT)


def _rules(sk: Sketch, r, data: ShipData, t: dict[str, str]) -> None:
    x, y, w, h = r
    gap = 7.0
    cw = (w - 2 * gap) / 3
    for i, (head, body, icon) in enumerate(
        (
            (t["damage"], t["damage_rule"], "die"),
            (t["repair"], t["repair_rule"], "flag"),
            (t["defeat"].capitalize(), t["defeat_rule"], "skull"),
        )
    ):
        cx = x + i * (cw + gap)
        heading(sk, head, cx, y, cw, icon, size=9.5)
        text = body.replace("{defeat_at}", str(data.defeat_at))
        sk.text(
            text,
            cx,
            y + 6.5,
            cw,
            h - 6.5 - HOUSE_H - 1.5,
            size=8,
            min_size=6,
            line_height=1.12,
            valign="top",
            field=f"text.{('damage', 'repair', 'defeat')[i]}_rule",
        )
    # the rule the rulebook does not give, in one boxed line at the foot of the page
    hy = y + h - HOUSE_H
    sk.rect(x, hy, w, HOUSE_H, fill=PALE, stroke=ACCENT, width=0.4, radius=1)
    sk.text(
        t["house_rule"],
        x + 2,
        hy,
        w - 4,
        HOUSE_H,
        size=8,
        min_size=6.5,
        color=INK,
        field="text.house_rule",
    )


def build_ship(ctx: BuildContext) -> list[Drawn]:
    """The ship damage tracker page, plain or fillable."""
    data: ShipData = ctx.data
    layout = ctx.layout
    t = {k: v.get(ctx.lang) for k, v in data.text}
    sk = Sketch(ctx.env, "ship damage")
    _header(sk, region(layout, "header"), t, data)
    _ship(sk, region(layout, "ship"))
    for loc in data.locations:
        name = f"location-{loc.id}"
        if name not in layout.boxes:
            raise PapirnaError(
                f"layout {layout.name!r} has no box {name!r} for location {loc.id!r}"
            )
        _location(sk, region(layout, name), loc, ctx.lang)
    _count(sk, region(layout, "count"), data, t)
    _rules(sk, region(layout, "rules"), data, t)
    return [Drawn(layout.width, layout.height, sk.ops)]


BUILDERS = {"spici-bohove/ship": build_ship}
