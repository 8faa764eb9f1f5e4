"""Runebound test odds: the chance that the dice plus an attribute reach a target number."""

from __future__ import annotations

from fractions import Fraction

from generator.games.runebound.models import RuneboundOdds
from generator.layout.builders import BuildContext, Drawn
from generator.layout.kit import pct, texts
from generator.layout.sketch import Sketch
from generator.rules.odds import at_least, distribution, parse_dice, success_chance

INK = "#231c15"
ACCENT = "#7a2e12"  # Runebound's rust, as on its board, tokens, dice and cards
FAINT = "#9c907f"
SHADE = "#ece0c6"  # the cards' parchment panel

KEYS = ("title", "subtitle", "dice_note", "attribute", "target", "how", "sums", "exactly",
        "at_least", "footer")  # fmt: skip


def shade(p: float) -> tuple[str, str]:
    """A cell's fill and ink for a probability: parchment for unlikely, deep rust for likely."""
    lo, hi = (0xF8, 0xF1, 0xE1), (0x7A, 0x2E, 0x12)
    fill = "#" + "".join(f"{round(a + (b - a) * p):02x}" for a, b in zip(lo, hi, strict=True))
    return fill, ("#ffffff" if p >= 0.55 else INK)


def percent_cell(p: Fraction, lang: str) -> str:
    """An exact chance for a cell: whole percent, never 0 or 100 unless certain."""
    if p == 0:
        return "0"
    if p == 1:
        return "100"
    text = pct(float(p), lang, 0)
    return text.replace(" %", "").replace("%", "")


def build_runebound_odds(ctx: BuildContext) -> list[Drawn]:
    """The Runebound test odds page: attributes by target numbers, and the dice's sums."""
    data: RuneboundOdds = ctx.data
    t = texts(data, ctx.lang, *KEYS)
    dice = data.dice.replace("d", "k") if ctx.lang == "cs" else data.dice  # Czech writes 2k10
    t = {k: v.replace("{dice}", dice) for k, v in t.items()}
    lay = ctx.layout
    sk = Sketch(ctx.env, "runebound odds")
    b = lay.boxes["header"]
    sk.text(
        t["title"], b.x, b.y, b.width - 80, 11, size=22, font="display", color=ACCENT, field="title"
    )
    sk.text(t["subtitle"], b.x, b.y + 11, b.width - 80, 6, size=10, style="bold", field="subtitle")
    sk.rect(b.x + b.width - 78, b.y, 78, b.height, fill=SHADE, stroke=None, radius=2)
    sk.text(
        t["dice_note"],
        b.x + b.width - 76,
        b.y + 1,
        74,
        b.height - 2,
        size=8,
        min_size=6,
        valign="top",
        field="dice_note",
    )
    # the table
    b = lay.boxes["table"]
    a0, a1 = data.attributes
    t0, t1 = data.targets
    cols = t1 - t0 + 1
    rows = a1 - a0 + 1
    lw = 20.0
    head = 12.0
    cw = (b.width - lw) / cols
    rh = (b.height - head) / rows
    sk.rect(b.x, b.y, b.width, head, fill=ACCENT, stroke=None, radius=1.5)
    sk.text(
        f"**{t['target']}** →",
        b.x + lw,
        b.y + 0.3,
        b.width - lw,
        5,
        size=7,
        color="#ffffff",
        align="center",
        field="target",
    )
    sk.text(
        f"**{t['attribute']}** ↓",
        b.x + 1,
        b.y + 0.5,
        lw - 1,
        head - 1,
        size=7,
        min_size=6,
        color="#ffffff",
        field="attribute",
    )
    for j in range(cols):
        sk.text(
            f"**{t0 + j}**",
            b.x + lw + j * cw,
            b.y + 5,
            cw,
            6.5,
            size=9.5,
            color="#ffffff",
            align="center",
            field="target",
        )
    for i in range(rows):
        a = a0 + i
        ry = b.y + head + i * rh
        sk.text(f"**{a}**", b.x, ry, lw - 3, rh, size=11, align="right", field="attribute")
        for j in range(cols):
            p = success_chance(data.dice, a, t0 + j)
            fill, ink = shade(float(p))
            cx = b.x + lw + j * cw
            sk.rect(cx + 0.25, ry + 0.25, cw - 0.5, rh - 0.5, fill=fill, stroke=None)
            sk.text(
                percent_cell(p, ctx.lang),
                cx,
                ry,
                cw,
                rh,
                size=8.5,
                min_size=6,
                align="center",
                color=ink,
                field="cell",
            )
    # the sums of the dice
    b = lay.boxes["sums"]
    dist = distribution(parse_dice(data.dice))
    sk.text(t["sums"], b.x, b.y, b.width, 5, size=8.5, style="bold", field="sums")
    values = sorted(dist)
    n = len(values)
    cw = (b.width - lw) / n
    top = b.y + 6
    rh = 5.2
    label_rows = (("", None), (t["exactly"], "exactly"), (t["at_least"], "at_least"))
    for k, (name, kind) in enumerate(label_rows):
        ry = top + k * rh
        if k == 0:
            sk.rect(b.x, ry, b.width, rh, fill=SHADE, stroke=None)
        else:
            sk.text(name, b.x + 0.5, ry, lw - 1, rh, size=6.5, min_size=6, field="sums row")
        for j, v in enumerate(values):
            cx = b.x + lw + j * cw
            if kind is None:
                text = f"**{v}**"
            elif kind == "exactly":
                text = percent_cell(dist[v], ctx.lang)
            else:
                text = percent_cell(at_least(dist, v), ctx.lang)
            sk.text(text, cx, ry, cw, rh, size=7, min_size=6, align="center", field="sums")
    b = lay.boxes["how"]
    sk.text(t["how"], b.x, b.y, b.width, b.height, size=7.5, min_size=6, valign="top", field="how")
    b = lay.boxes["footer"]
    sk.text(
        t["footer"],
        b.x,
        b.y,
        b.width,
        b.height,
        size=6.5,
        min_size=6,
        color=FAINT,
        valign="top",
        field="footer",
    )
    return [Drawn(lay.width, lay.height, sk.ops)]


BUILDERS = {"runebound/test-odds": build_runebound_odds}
