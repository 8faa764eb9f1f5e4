"""PJi, nezlob se contest odds: one opposed roll (1d6 + bonus against 1d6 + bonus, ties rolled
again), and the knock-off duel where the roles swap until one figure falls."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

# PJi's own palette (art.py): the rust of the board's title and the stone of its walls
from generator.games.pji_nezlob_se.art import ACCENT, INK, STONE_DARK
from generator.games.pji_nezlob_se.models import PjiOdds
from generator.layout.builders import BuildContext, Drawn
from generator.layout.kit import draw_die, number, pct, texts
from generator.layout.sketch import Sketch
from generator.rules.odds import contest, duel

FAINT = "#9c907f"
SHADE = "#f4efe4"
BAR = STONE_DARK

KEYS = ("title", "subtitle", "tie_rule", "difference", "contest_title", "contest_how",
        "duel_title", "duel_how", "chance", "exact", "rolls", "footer")  # fmt: skip


def fraction_text(p: Fraction) -> str:
    """An exact chance as a fraction ('21/31'), or 0 and 1."""
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _section(
    sk: Sketch,
    box: tuple[float, float, float, float],
    title: str,
    how: str,
    diffs: list[int],
    chance: Callable[[int], Fraction],
    rolls: Callable[[int], Fraction],
    t: dict[str, str],
    lang: str,
) -> None:
    x, y, w, h = box
    sk.text(title, x, y, w, 6.5, size=12, font="display", color=ACCENT, field="title")
    sk.line(x, y + 6.8, x + w, y + 6.8, stroke=ACCENT, width=0.3)
    sk.text(how, x, y + 8, w, 12, size=7.8, min_size=6, valign="top", field="how")
    lw = 24.0
    cw = (w - lw) / len(diffs)
    rh = 5.6
    bars_top = y + 21
    table_h = 4 * rh
    bars_h = h - 21 - table_h - 2
    base = bars_top + bars_h
    for k in (0.25, 0.5, 0.75, 1.0):
        gy = base - k * (bars_h - 6)
        sk.line(x + lw, gy, x + w, gy, stroke="#e4dccd" if k != 0.5 else FAINT, width=0.2)
        sk.text(
            pct(k, lang), x, gy - 2, lw - 2, 4, size=6, align="right", color=FAINT, field="axis"
        )
    for j, d in enumerate(diffs):
        p = chance(d)
        cx = x + lw + j * cw
        bh = float(p) * (bars_h - 6)
        sk.rect(cx + cw * 0.18, base - bh, cw * 0.64, bh, fill=BAR if d else ACCENT, stroke=None)
        # the label knocks the grid lines out behind it, so that none runs through it
        sk.rect(cx + cw * 0.12, base - bh - 4.2, cw * 0.76, 3.9, fill="#ffffff", stroke=None)
        sk.text(
            f"**{pct(float(p), lang, 0)}**",
            cx,
            base - bh - 4.6,
            cw,
            4.4,
            size=7.5,
            align="center",
            field="bar",
        )
    sk.line(x + lw, base, x + w, base, stroke=INK, width=0.35)
    rows = [
        (t["difference"], lambda d: f"**{d:+d}**".replace("-", "−") if d else "**0**"),
        (t["chance"], lambda d: pct(float(chance(d)), lang, 1)),
        (t["exact"], lambda d: fraction_text(chance(d))),
        (t["rolls"], lambda d: number(float(rolls(d)), lang, 2)),
    ]
    for k, (name, cell) in enumerate(rows):
        ry = base + 1 + k * rh
        if k % 2 == 0:
            sk.rect(x, ry, w, rh, fill=SHADE, stroke=None)
        sk.text(name, x + 0.5, ry, lw - 1, rh, size=6.3, min_size=6, field="row")
        for j, d in enumerate(diffs):
            sk.text(
                cell(d),
                x + lw + j * cw,
                ry,
                cw,
                rh,
                size=7.2,
                min_size=6,
                align="center",
                field="cell",
            )


def build_pji_odds(ctx: BuildContext) -> list[Drawn]:
    """The contest odds page of PJi, nezlob se."""
    data: PjiOdds = ctx.data
    t = texts(data, ctx.lang, *KEYS)
    lay = ctx.layout
    sk = Sketch(ctx.env, "contest odds")
    b = lay.boxes["header"]
    sk.text(
        t["title"], b.x, b.y, b.width - 30, 11, size=22, font="display", color=ACCENT, field="title"
    )
    sk.text(t["subtitle"], b.x, b.y + 11, b.width - 30, 6, size=9, min_size=7, field="subtitle")
    draw_die(sk, b.x + b.width - 25, b.y + 2, 11, 5, ink=ACCENT)
    draw_die(sk, b.x + b.width - 12, b.y + 5, 11, 2)
    b = lay.boxes["tie"]
    sk.rect(b.x, b.y, b.width, b.height, fill=SHADE, stroke=ACCENT, width=0.4, radius=2)
    sk.text(
        t["tie_rule"], b.x + 3, b.y, b.width - 6, b.height, size=8.5, min_size=6.5, field="tie_rule"
    )
    diffs = list(range(data.differences[0], data.differences[1] + 1))
    b = lay.boxes["contest"]
    _section(
        sk,
        (b.x, b.y, b.width, b.height),
        t["contest_title"],
        t["contest_how"],
        diffs,
        lambda d: contest(d, 0).wins,
        lambda d: contest(d, 0).rolls,
        t,
        ctx.lang,
    )
    b = lay.boxes["duel"]
    _section(
        sk,
        (b.x, b.y, b.width, b.height),
        t["duel_title"],
        t["duel_how"],
        diffs,
        lambda d: duel(d, 0).wins,
        lambda d: duel(d, 0).rolls,
        t,
        ctx.lang,
    )
    b = lay.boxes["footer"]
    sk.text(
        t["footer"],
        b.x,
        b.y,
        b.width,
        b.height,
        size=7,
        min_size=6,
        color=FAINT,
        valign="top",
        field="footer",
    )
    return [Drawn(lay.width, lay.height, sk.ops)]


BUILDERS = {"pji-nezlob-se/contest-odds": build_pji_odds}
