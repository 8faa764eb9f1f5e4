"""The gamebook's combat tables I, II and III: one landscape page each, cells computed from the
pack's formula; table II also carries the light-spell columns."""

from __future__ import annotations

from generator.games.gamebook.models import CombatTables
from generator.games.gamebook.rules import TABLES, Tables, combat_tables
from generator.layout.builders import BuildContext, Drawn
from generator.layout.kit import draw_die, texts
from generator.layout.sketch import Sketch

INK = "#231c15"
FAINT = "#9c907f"
SHADE = "#f4efe4"
RULE = "#d8cfbf"
# each table's colour: a glance tells them apart
TABLE_COLORS = {"I": "#8a2f14", "II": "#3b3128", "III": "#6b5a2e"}  # rust, ink, olive


def table_page(ctx: BuildContext, tables: Tables, name: str, t: dict[str, str]) -> Drawn:
    """One combat table on a landscape page."""
    lay = ctx.layout
    sk = Sketch(ctx.env, f"combat table {name}")
    color = TABLE_COLORS[name]
    head = lay.boxes["header"]
    sk.text(
        f"{t['title']} {name}",
        head.x,
        head.y,
        head.width - 40,
        12,
        size=24,
        font="display",
        color=color,
        field="title",
    )
    sk.text(
        f"**{t[f'name_{name}']}** · {t[f'when_{name}']}",
        head.x,
        head.y + 12,
        head.width - 40,
        9,
        size=9.5,
        min_size=7,
        color=INK,
        field=f"when_{name}",
    )
    # the big numeral in the corner
    sk.rect(head.x + head.width - 34, head.y, 34, 21, fill=color, stroke=None, radius=2.5)
    sk.text(
        name,
        head.x + head.width - 34,
        head.y,
        34,
        21,
        size=34,
        font="display",
        color="#ffffff",
        align="center",
        field="numeral",
    )
    box = lay.boxes["table"]
    _grid(sk, box.x, box.y, box.width, box.height, tables, name, t, color)
    side = lay.boxes["side"]
    if name == "II":
        _spells(sk, side.x, side.y, side.width, side.height, tables, t, color)
    else:
        _side_notes(sk, side.x, side.y, side.width, side.height, tables, name, t, color)
    foot = lay.boxes["footer"]
    house_rule(sk, t["footer"], foot.x, foot.y, box.width, color)
    return Drawn(lay.width, lay.height, sk.ops, f"{t['title']} {name}")


def house_rule(sk: Sketch, text: str, x: float, y: float, w: float, color: str) -> None:
    """Our own rule in one short line, in a box of the table's colour."""
    sk.tag("house rule")
    sk.rect(x, y, w, 6.0, fill=SHADE, stroke=color, width=0.4, radius=1.2)
    sk.text(text, x + 2.0, y + 0.6, w - 4.0, 4.8, size=7.5, min_size=6, color=INK, field="footer")
    sk.untag()


def _grid(
    sk: Sketch,
    x: float,
    y: float,
    w: float,
    h: float,
    tables: Tables,
    name: str,
    t: dict[str, str],
    color: str,
) -> None:
    rows = tables.cells[name]
    label_w = 38.0
    head_h = 17.0
    col_w = (w - label_w) / 6
    row_h = (h - head_h) / len(rows)
    sk.rect(x, y, w, head_h, fill=color, stroke=None, radius=1.5)
    sk.text(
        f"**{t['attack']}**",
        x + 2,
        y + 1,
        label_w - 3,
        head_h - 2,
        size=9,
        min_size=7,
        color="#ffffff",
        field="attack",
    )
    sk.text(
        t["roll"],
        x + label_w,
        y + 0.5,
        6 * col_w,
        5,
        size=7.5,
        color="#ffffff",
        align="center",
        field="roll",
    )
    die = 9.0
    for r in range(6):
        cx = x + label_w + r * col_w + (col_w - die) / 2
        draw_die(sk, cx, y + 6.5, die, r + 1, ink=INK)
    for i, row in enumerate(rows):
        ry = y + head_h + i * row_h
        if i % 2 == 0:
            sk.rect(x, ry, w, row_h, fill=SHADE, stroke=None)
        sk.text(
            f"**{tables.band_label(i)}**",
            x + 2,
            ry,
            label_w - 4,
            row_h,
            size=12,
            min_size=8,
            align="right",
            field="band",
        )
        for r, v in enumerate(row):
            sk.text(
                f"**{v}**",
                x + label_w + r * col_w,
                ry,
                col_w,
                row_h,
                size=15,
                min_size=9,
                align="center",
                color=INK if v else FAINT,
                field="cell",
            )
    bottom = y + head_h + len(rows) * row_h
    sk.line(x + label_w, y + head_h, x + label_w, bottom, stroke=color, width=0.5)
    for r in range(1, 6):
        cx = x + label_w + r * col_w
        sk.line(cx, y + head_h, cx, bottom, stroke=RULE, width=0.2)
    sk.line(x, bottom, x + w, bottom, stroke=color, width=0.5)


def _spells(
    sk: Sketch,
    x: float,
    y: float,
    w: float,
    h: float,
    tables: Tables,
    t: dict[str, str],
    color: str,
) -> None:
    sk.text(t["spells"], x, y, w, 7, size=12, font="display", color=color, field="spells")
    sk.text(
        t["spells_how"], x, y + 8, w, 26, size=8.5, min_size=6.5, valign="top", field="spells_how"
    )
    top = y + 36
    n = len(tables.spell_bands)
    die_w = 14.0
    col_w = (w - die_w) / n
    head_h = 13.0
    sk.rect(x, top, w, head_h, fill=color, stroke=None, radius=1.5)
    sk.text(
        t["spell_power"],
        x + die_w,
        top + 0.5,
        w - die_w,
        4.5,
        size=6.5,
        color="#ffffff",
        align="center",
        field="spell_power",
    )
    for c in range(n):
        sk.text(
            f"**{tables.spell_label(c)}**",
            x + die_w + c * col_w,
            top + 5,
            col_w,
            7.5,
            size=10,
            color="#ffffff",
            align="center",
            field="spell band",
        )
    row_h = min(10.0, (h - 36 - head_h - 22) / 6)
    for r in range(6):
        ry = top + head_h + r * row_h
        if r % 2 == 0:
            sk.rect(x, ry, w, row_h, fill=SHADE, stroke=None)
        d = min(row_h - 2, 7.0)
        draw_die(sk, x + (die_w - d) / 2, ry + (row_h - d) / 2, d, r + 1)
        for c in range(n):
            v = tables.spell_cells[c][r]
            sk.text(
                f"**{v}**",
                x + die_w + c * col_w,
                ry,
                col_w,
                row_h,
                size=13,
                align="center",
                color=INK if v else FAINT,
                field="spell cell",
            )
    bottom = top + head_h + 6 * row_h
    sk.line(x, bottom, x + w, bottom, stroke=color, width=0.5)
    sk.text(t["zero"], x, bottom + 4, w, 20, size=8.5, min_size=6.5, valign="top", field="zero")


def _side_notes(
    sk: Sketch,
    x: float,
    y: float,
    w: float,
    h: float,
    tables: Tables,
    name: str,
    t: dict[str, str],
    color: str,
) -> None:
    sk.text(t["how_title"], x, y, w, 7, size=12, font="display", color=color, field="how_title")
    sk.text(t["how"], x, y + 8, w, 48, size=9.5, min_size=7, valign="top", field="how")
    # the same attack on all three tables: how much the table matters
    yy = y + 60
    sk.text(
        t["compare"],
        x,
        yy,
        w,
        9,
        size=8.5,
        min_size=6.5,
        style="bold",
        valign="top",
        field="compare",
    )
    row = tables.band(40)
    assert row is not None
    yy += 10
    cell = (w - 12) / 6
    for r in range(6):
        draw_die(sk, x + 12 + r * cell + (cell - 5) / 2, yy, 5, r + 1)
    yy += 6.5
    for k, other in enumerate(TABLES):
        ry = yy + k * 8
        if other == name:
            sk.rect(x, ry, w, 8, fill=SHADE, stroke=None, radius=1)
        sk.text(
            f"**{other}**",
            x + 1,
            ry,
            10,
            8,
            size=10,
            font="display",
            color=TABLE_COLORS[other],
            field="compare table",
        )
        for r, v in enumerate(tables.cells[other][row]):
            sk.text(
                f"**{v}**" if other == name else str(v),
                x + 12 + r * cell,
                ry,
                cell,
                8,
                size=10,
                align="center",
                field="compare cell",
            )
    sk.text(t["zero"], x, yy + 28, w, 20, size=8.5, min_size=6.5, valign="top", field="zero")


def build_combat_tables(ctx: BuildContext) -> list[Drawn]:
    """Combat tables I, II and III, one landscape page each."""
    data: CombatTables = ctx.data
    tables = combat_tables(data)
    keys = ["title", "attack", "roll", "spells", "spells_how", "spell_power", "zero", "footer"]
    keys += ["how_title", "how", "compare"]
    keys += [f"{k}_{n}" for n in TABLES for k in ("name", "when")]
    t = texts(data, ctx.lang, *keys)
    return [table_page(ctx, tables, name, t) for name in TABLES]


BUILDERS = {"gamebook/combat-tables": build_combat_tables}
