"""Fight-odds charts of the gamebook: win probability against enemy strength, as vector lines.

Used by the `fight-odds` printable (typical fights, from the pack) and by `papirna fight --chart`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from generator.errors import PapirnaError
from generator.games.gamebook.models import FightChart, FightOddsPage
from generator.games.gamebook.rules import Fight, FightSolver, Side, Tables
from generator.layout.builders import BuildContext, Drawn
from generator.layout.engine import Env
from generator.layout.kit import number, pct
from generator.layout.ops import PathOp, Style
from generator.layout.sketch import Sketch, rgb

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
GRID = "#d8cfbf"
SHADE = "#f4efe4"
LEATHER = "#6b4a1f"  # the gamebook's palette: rust, leather, ochre, ink, olive
OCHRE = "#c08a2a"
OLIVE = "#7d7a3a"
# colour, dash (mm) and width of successive lines: distinct in colour and in black and white
LINE_STYLES: list[tuple[str, tuple[float, ...] | None, float]] = [
    (ACCENT, None, 0.8),
    (LEATHER, (2.2, 1.2), 0.7),
    (OCHRE, (0.5, 1.0), 0.9),
    (INK, (3.0, 1.0, 0.6, 1.0), 0.6),
    (OLIVE, (1.2, 1.2), 0.7),
]


class Series(NamedTuple):
    """One line of a chart: its label and a value (0..1) for each x from the chart's low end."""

    label: str
    values: Sequence[float]


def _step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50):
        if span / step <= 12:
            return step
    return 100


def draw_chart(
    sk: Sketch,
    box: tuple[float, float, float, float],
    lo: int,
    series: Sequence[Series],
    lang: str,
    *,
    x_label: str,
    y_label: str,
    marker: tuple[int, float] | None = None,
) -> None:
    """A line chart of probabilities (0-100 %) against whole x values from `lo`."""
    x, y, w, h = box
    n = max(len(s.values) for s in series)
    if n < 2:
        raise PapirnaError("a chart needs at least two points")
    hi = lo + n - 1
    left, bottom, top, right = 13.0, 11.0, 2.0, 2.0
    px, py, pw, ph = x + left, y + top, w - left - right, h - top - bottom

    def X(v: float) -> float:
        return px + (v - lo) / (hi - lo) * pw

    def Y(p: float) -> float:
        return py + (1 - p) * ph

    sk.rect(px, py, pw, ph, fill="#ffffff", stroke=None)
    for k in range(11):
        gy = Y(k / 10)
        strong = k in (0, 5, 10)
        sk.line(px, gy, px + pw, gy, stroke=INK if k == 5 else GRID, width=0.35 if strong else 0.15)
        sk.text(
            pct(k / 10, lang),
            x,
            gy - 2,
            left - 1.5,
            4,
            size=6.5,
            align="right",
            color=FAINT,
            field="y axis",
        )
    step = _step(hi - lo)
    first = ((lo + step - 1) // step) * step
    ticks = sorted({lo, *range(first, hi + 1, step)})
    for v in ticks:
        gx = X(v)
        sk.line(gx, py, gx, py + ph, stroke=GRID, width=0.15)
        sk.text(
            str(v),
            gx - 6,
            py + ph + 0.8,
            12,
            4,
            size=6.5,
            align="center",
            color=FAINT,
            field="x axis",
        )
    sk.rect(px, py, pw, ph, stroke=INK, width=0.3)
    sk.text(x_label, px, py + ph + 5, pw, 5, size=7.5, style="bold", align="center", field="x")
    sk.text(y_label, x, y - 5.5, 60, 5, size=7.5, style="bold", field="y")
    for i, s in enumerate(series):
        color, dash, width = LINE_STYLES[i % len(LINE_STYLES)]
        segs: list[tuple] = [("M", X(lo), Y(s.values[0]))]
        segs += [("L", X(lo + k), Y(v)) for k, v in enumerate(s.values) if k]
        style = Style(stroke=rgb(color), width=width, dash=dash, cap=1, join=1)
        sk.ops.append(PathOp(tuple(segs), style))
    if marker is not None:
        mx, mp = marker
        if lo <= mx <= hi:
            cx, cy = X(mx), Y(mp)
            sk.line(cx, cy, cx, py + ph, stroke=ACCENT, width=0.3, dash=(0.8, 0.8))
            sk.circle(cx, cy, 1.4, fill=ACCENT, stroke="#ffffff", width=0.3)
            label = pct(mp, lang, 1)
            lx = cx + 2 if cx + 24 < px + pw else cx - 24
            ly = cy - 6 if cy - 6 > py else cy + 1.5
            sk.text(
                f"**{label}**",
                lx,
                ly,
                22,
                4.5,
                size=8,
                color=ACCENT,
                align="left" if lx > cx else "right",
                field="marker",
            )
    if len(series) > 1 or series[0].label:
        _legend(sk, series, px + pw - 62, py + 3, 59)


def _legend(sk: Sketch, series: Sequence[Series], x: float, y: float, w: float) -> None:
    row = 4.6
    sk.rect(x, y, w, row * len(series) + 2, fill="#ffffff", stroke=GRID, width=0.2, radius=1)
    for i, s in enumerate(series):
        color, dash, width = LINE_STYLES[i % len(LINE_STYLES)]
        ly = y + 1 + i * row + row / 2
        sk.line(x + 2, ly, x + 11, ly, stroke=color, width=width, dash=dash, cap=1)
        sk.text(s.label, x + 13, ly - row / 2, w - 14, row, size=6.5, min_size=6, field="legend")


def setup_text(t: dict[str, str], fight: Fight) -> str:
    """Both sides of a fight in words, from the page's text templates."""
    y, e = fight.you, fight.enemy
    parts = [
        t["you_side"].format(strength=y.strength, armour_value=y.armour_value, table=y.table),
        t["enemy_side"].format(strength=e.strength, armour_value=e.armour_value, table=e.table),
        t[f"initiative_{fight.initiative}"],
    ]
    for f in fight.friends:
        if f.profession == "wizard":
            parts.append(t["friend_wizard"].format(power=f.power))
        else:
            name = t.get(f"profession_{f.profession}", f.profession)
            parts.append(
                t["friend"].format(name=name, strength=f.strength, armour_value=f.armour_value)
            )
    if fight.spellcasting:
        parts.append(t["spellcasting"].format(level=fight.spellcasting))
    if fight.flee_at is not None:
        parts.append(t["flee"].format(strength=fight.flee_at))
    return " · ".join(parts)


def _texts(page: FightOddsPage, lang: str) -> dict[str, str]:
    return {k: v.get(lang) for k, v in page.text.items()}


def _need(t: dict[str, str], *keys: str) -> None:
    missing = [k for k in keys if k not in t]
    if missing:
        raise PapirnaError(f"text: missing {', '.join(missing)}")


def fight_chart_page(
    env: Env,
    page: FightOddsPage,
    tables: Tables,
    fight: Fight,
    solver: FightSolver,
    lang: str,
) -> Drawn:
    """A landscape page for `papirna fight --chart`: this fight's win odds by enemy strength."""
    t = _texts(page, lang)
    _need(t, "cli_title", "x_label", "y_label", "win", "lose", "escape", "rounds", "cli_note")
    w, h = 264.0, 196.0
    sk = Sketch(env, "fight chart")
    sk.text(t["cli_title"], 0, 0, w, 11, size=20, font="display", color=ACCENT, field="cli_title")
    sk.text(setup_text(t, fight), 0, 11, w, 9, size=8.5, min_size=6, color=INK, field="setup")
    e0 = fight.enemy.strength
    hi = min(200, max(2 * e0, 20))
    solver.solve(hi)
    values = [solver.odds(e).win for e in range(1, hi + 1)]
    odds = solver.odds()
    draw_chart(
        sk,
        (0, 28, w, 130),
        1,
        [Series("", values)],
        lang,
        x_label=t["x_label"],
        y_label=t["y_label"],
        marker=(e0, odds.win),
    )
    facts = [(t["win"], pct(odds.win, lang, 1)), (t["lose"], pct(odds.lose, lang, 1))]
    if fight.flee_at is not None:
        facts.append((t["escape"], pct(odds.escape, lang, 1)))
    facts.append((t["rounds"], number(odds.rounds, lang, 2)))
    cw = w / len(facts)
    for i, (label, value) in enumerate(facts):
        fx = i * cw
        sk.rect(fx + 1, 166, cw - 2, 14, fill=SHADE, stroke=None, radius=1.5)
        sk.text(label, fx + 3, 166.5, cw - 6, 5, size=7.5, color=FAINT, field="fact")
        sk.text(f"**{value}**", fx + 3, 171.5, cw - 6, 8, size=13, color=INK, field="fact")
    sk.text(
        t["cli_note"],
        0,
        183,
        w,
        13,
        size=7,
        min_size=6,
        color=FAINT,
        valign="top",
        field="cli_note",
    )
    return Drawn(w, h, sk.ops, "fight")


def _chart_fight(chart: FightChart, line_index: int) -> Fight:
    line = chart.lines[line_index]
    you = chart.you
    return Fight(
        you=Side(you.strength, you.armour_value, line.you_table or you.table),
        enemy=Side(chart.enemy_strength[1], line.armour_value, line.table),
        initiative=line.initiative or chart.initiative,
    )


_WINS: dict[tuple, list[float]] = {}  # (tables, fight, strengths) -> win odds, any language


def chart_series(chart: FightChart, tables: Tables, lang: str) -> list[Series]:
    """The lines of one chart of the page: win odds for each enemy strength in its range.

    The odds are solved once per fight and tables: the page in the other language (and on
    the other paper) shows the same numbers.
    """
    lo, hi = chart.enemy_strength
    out = []
    for i, line in enumerate(chart.lines):
        fight = _chart_fight(chart, i)
        key = (repr(tables), fight, lo, hi)
        wins = _WINS.get(key)
        if wins is None:
            solver = FightSolver(tables, fight)
            solver.solve(hi)
            wins = _WINS[key] = [solver.odds(e).win for e in range(lo, hi + 1)]
            if len(_WINS) > 1024:
                _WINS.clear()
        out.append(Series(line.label.get(lang), list(wins)))
    return out


def build_fight_odds(ctx: BuildContext) -> list[Drawn]:
    """The fight-odds page: charts of typical fights, from the pack's setups."""
    from generator.games.gamebook.rules import combat_tables

    page: FightOddsPage = ctx.data
    tables = combat_tables(ctx.files["tables"])
    t = _texts(page, ctx.lang)
    _need(t, "title", "subtitle", "x_label", "y_label", "note")
    lay = ctx.layout
    sk = Sketch(ctx.env, "fight odds")
    b = lay.boxes["title"]
    sk.text(t["title"], b.x, b.y, b.width, 11, size=22, font="display", color=ACCENT, field="title")
    sk.text(f"*{t['subtitle']}*", b.x, b.y + 11, b.width, 5, size=9, color=FAINT, field="subtitle")
    area = lay.boxes["charts"]
    n = len(page.charts)
    gap = 6.0
    each = (area.height - gap * (n - 1)) / n
    for i, chart in enumerate(page.charts):
        cy = area.y + i * (each + gap)
        sk.text(
            f"**{chart.title.get(ctx.lang)}**",
            area.x,
            cy,
            area.width,
            5,
            size=9.5,
            color=INK,
            field=f"charts.{i}.title",
        )
        draw_chart(
            sk,
            (area.x, cy + 11, area.width, each - 11),
            chart.enemy_strength[0],
            chart_series(chart, tables, ctx.lang),
            ctx.lang,
            x_label=t["x_label"],
            y_label=t["y_label"],
        )
    b = lay.boxes["note"]
    sk.text(
        t["note"],
        b.x,
        b.y,
        b.width,
        b.height,
        size=7.5,
        min_size=6,
        valign="top",
        color=INK,
        field="note",
    )
    return [Drawn(lay.width, lay.height, sk.ops)]


BUILDERS = {"gamebook/fight-odds": build_fight_odds}
