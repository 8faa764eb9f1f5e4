"""The Runebound hero sheet: attributes, skills, wounds, exhaustion, gold, experience, items
and allies, plain or with form fields (every box and write-in line is a named field)."""

from __future__ import annotations

from generator.games.runebound.models import DIFFICULTIES, HeroSheet
from generator.layout.builders import BuildContext, Drawn
from generator.layout.images import image_ops
from generator.layout.sketch import Sketch
from generator.layout.spec import region

INK = "#231c15"
ACCENT = "#7a2e12"
SHADE = "#efe6d2"
FAINT = "#9c907f"
LINE = "#b9ad9b"
ATTRIBUTES = (("mind", "ranged"), ("body", "melee"), ("spirit", "magic"))
XP_BOXES = 5  # experience tokens per attribute the sheet has room for
TALLY = 5  # adventure tokens won per colour the sheet has room for


def _heading(sk: Sketch, text: str, x, y, w, icon: str | None = None) -> None:
    if icon:
        sk.icon(icon, x, y + 0.2, 4.4, color=ACCENT)
        x, w = x + 5.4, w - 5.4
    sk.text(text, x, y, w, 5, size=9.5, min_size=7, font="display", color=ACCENT, field=text)


def _write(sk: Sketch, x, y, w, h, name: str, *, box: bool = False) -> None:
    """A write-in place: a line (or a box) on paper, a text field when fillable."""
    if box:
        sk.rect(x, y, w, h, stroke=INK, width=0.3, radius=0.8)
    else:
        sk.line(x, y + h, x + w, y + h, stroke=LINE, width=0.25)
    sk.field(x, y, w, h, name)


def _small(sk: Sketch, text: str, x, y, w, h, *, align="center", color=FAINT, bold=False) -> None:
    sk.text(
        text,
        x,
        y,
        w,
        h,
        size=6.2,
        min_size=6,
        align=align,
        color=color,
        style="bold" if bold else "regular",
        line_height=1.0,
        field=text,
    )


def _track(sk: Sketch, x, y, count, size, gap, name: str, *, numbers=True, round_=False) -> None:
    for n in range(1, count + 1):
        bx = x + (n - 1) * (size + gap)
        sk.tag(f"{name} {n}")  # a box and the number printed in it are one element
        sk.checkbox(bx, y, size, name=f"{name}.{n}", width=0.3, round_=round_)
        if numbers:
            sk.text(
                str(n),
                bx,
                y,
                size,
                size,
                size=min(6.0, size * 1.5),
                align="center",
                color=LINE,
                field=name,
            )
    sk.untag()


def sheet_ops(ctx: BuildContext) -> list:
    """All operations of the hero sheet in layout coordinates."""
    data: HeroSheet = ctx.data
    t = {k: v.get(ctx.lang) for k, v in data.text.items()}
    sk = Sketch(ctx.env, "hero sheet")
    lay = ctx.layout
    _header(sk, region(lay, "header"), t)
    _attributes(sk, region(lay, "attributes"), t)
    _skills(sk, region(lay, "skills"), t)
    _wounds(sk, region(lay, "wounds"), data, t)
    _gold(sk, region(lay, "gold"), t)
    _experience(sk, region(lay, "experience"), data, t, ctx)
    _items(sk, region(lay, "items"), data, t)
    _notes(sk, region(lay, "notes"), t)
    _allies(sk, region(lay, "allies"), data, t)
    return sk.ops


def _header(sk: Sketch, r, t: dict) -> None:
    x, y, w, _ = r
    sk.text(
        t["title"], x, y, 80, 9, size=20, min_size=12, font="display", color=ACCENT, field="title"
    )
    sk.text(f"*{t['subtitle']}*", x, y + 9, 80, 4.5, size=7.5, color=FAINT, field="subtitle")
    fx = x + 84
    for i, key in enumerate(("hero", "player")):
        ly = y + 1 + i * 6.5
        sk.text(f"**{t[key]}:**", fx, ly, 22, 5, size=8, field=key)
        _write(sk, fx + 22, ly, w - (fx - x) - 22, 5, key)
    sk.line(x, y + 14.5, x + w, y + 14.5, stroke=ACCENT, width=0.5)


def _attributes(sk: Sketch, r, t: dict) -> None:
    x, y, w, _ = r
    _heading(sk, t["attributes"], x, y, w)
    # columns: name | base | experience tokens | items and cards | total | damage
    cols = [30.0, 13.0, 33.0, 15.0, 13.0, 0.0]
    cols[-1] = w - sum(cols[:-1])
    heads = ["", t["base"], t["experience"], t["bonus"], t["total"], t["damage"]]
    cx = [x]
    for c in cols[:-1]:
        cx.append(cx[-1] + c)
    hy = y + 6
    sk.rect(x, hy, w, 5, fill=SHADE, stroke=None, radius=0.8)
    for i, head in enumerate(heads):
        if head:
            _small(sk, head, cx[i], hy, cols[i], 5, color=INK, bold=True)
    row_h = 7.2
    rows = [(a, d) for a, d in ATTRIBUTES] + [("life", None), ("stamina", None)]
    for k, (attr, dmg) in enumerate(rows):
        ry = hy + 5.6 + k * row_h
        if k:
            sk.line(x, ry - 0.3, x + w, ry - 0.3, stroke=LINE, width=0.2)
        sk.icon(attr, cx[0] + 0.5, ry + 1, 5, color=INK)
        sk.text(
            f"**{t[attr]}**",
            cx[0] + 6.5,
            ry,
            cols[0] - 7,
            row_h - 0.6,
            size=8.5,
            min_size=6,
            field=attr,
        )
        _write(sk, cx[1] + 1.5, ry + 0.8, cols[1] - 3, row_h - 2.2, f"{attr}.base", box=True)
        size = 4.6
        _track(
            sk,
            cx[2] + 2,
            ry + (row_h - 0.6 - size) / 2,
            XP_BOXES,
            size,
            1.4,
            f"{attr}.experience",
            numbers=False,
            round_=True,
        )
        _write(sk, cx[3] + 1.5, ry + 0.8, cols[3] - 3, row_h - 2.2, f"{attr}.bonus", box=True)
        sk.rect(
            cx[4] + 1.2,
            ry + 0.6,
            cols[4] - 2.4,
            row_h - 1.8,
            fill=SHADE,
            stroke=INK,
            width=0.45,
            radius=0.8,
        )
        sk.field(cx[4] + 1.2, ry + 0.6, cols[4] - 2.4, row_h - 1.8, f"{attr}.total")
        if dmg:
            sk.icon(dmg, cx[5] + 2, ry + 1.3, 4.2, color=ACCENT)
            _write(sk, cx[5] + 7.5, ry + 0.8, cols[5] - 9, row_h - 2.2, f"damage.{dmg}", box=True)


def _skills(sk: Sketch, r, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["skills"], x, y, w)
    sk.rect(x, y + 6, w, 5, fill=SHADE, stroke=None, radius=0.8)
    _small(sk, t["skill"], x + 1, y + 6, w - 16, 5, align="left", color=INK, bold=True)
    _small(sk, t["skill_bonus"], x + w - 15, y + 6, 15, 5, color=INK, bold=True)
    rows = 4
    row_h = (h - 11.6 - 7) / rows
    for i in range(rows):
        ry = y + 11.6 + i * row_h
        _write(sk, x + 1, ry, w - 18, row_h - 1.5, f"skill.{i + 1}.name")
        sk.text("+", x + w - 16.6, ry, 3, row_h - 1, size=9, align="center", field="skill")
        _write(sk, x + w - 12.5, ry + 0.4, 11, row_h - 2, f"skill.{i + 1}.bonus", box=True)
    _small(sk, t["skill_note"], x, y + h - 7, w, 7, align="left")


def _wounds(sk: Sketch, r, data: HeroSheet, t: dict) -> None:
    x, y, w, _ = r
    for i, (key, count) in enumerate((("wounds", data.wounds), ("exhaustion", data.exhaustion))):
        ty = y + i * 14
        icon = "wound" if key == "wounds" else "exhaustion"
        _heading(sk, t[key], x, ty, 40, icon)
        size = min(6.0, (w - 42 - (count - 1) * 1.2) / count)
        _track(sk, x + 42, ty, count, size, 1.2, "wound" if key == "wounds" else key)
        _small(sk, t[f"{key}_note"], x + 42, ty + size + 0.6, w - 42, 4, align="left")


def _gold(sk: Sketch, r, t: dict) -> None:
    x, y, w, _ = r
    _heading(sk, t["gold"], x, y, w, "gold")
    sk.rect(x, y + 6.5, 22, 13, stroke=INK, width=0.5, radius=1.5)
    sk.field(x, y + 6.5, 22, 13, "gold")
    _small(sk, t["gold_note"], x + 24, y + 6, w - 24, 6, align="left")
    per_row, rows = 8, 2
    cell = (w - 24) / per_row
    for i in range(per_row * rows):
        row, col = divmod(i, per_row)
        _write(
            sk,
            x + 24 + col * cell + 0.4,
            y + 13 + row * 8,
            cell - 0.8,
            6.5,
            f"gold.ledger.{i + 1}",
            box=True,
        )


def _experience(sk: Sketch, r, data: HeroSheet, t: dict, ctx: BuildContext) -> None:
    x, y, w, _ = r
    _heading(sk, t["xp"], x, y, w, "experience")
    per_row = data.xp if data.xp <= 20 else (data.xp + 1) // 2
    size = min(5.0, (w - (per_row - 1) * 1.0) / per_row)
    for n in range(data.xp):
        row, col = divmod(n, per_row)
        bx, by = x + col * (size + 1.0), y + 6 + row * (size + 1.0)
        sk.tag(f"xp {n + 1}")  # the circle and its number
        sk.checkbox(bx, by, size, name=f"xp.{n + 1}", width=0.3, round_=True)
        sk.text(str(n + 1), bx, by, size, size, size=6, align="center", color=LINE, field="xp")
    sk.untag()
    rows = (data.xp + per_row - 1) // per_row
    ty = y + 6 + rows * (size + 1.0) + 0.5
    _small(sk, t["xp_note"], x, ty, w, 4, align="left")
    # adventure tokens won, per colour: the gem of the colour and a tally
    gy = ty + 5
    cw = w / len(DIFFICULTIES)
    for i, d in enumerate(DIFFICULTIES):
        gx = x + i * cw
        sk.ops.extend(image_ops(f"images/gem-{d}.svg", ctx.env.pack_root, gx, gy, 6, 6, "contain"))
        _small(sk, t[f"tokens_{d}"], gx + 7.0, gy, cw - 7.5, 6, align="left", color=INK)
        _track(sk, gx + 0.5, gy + 7, TALLY, 3.8, 0.8, f"adventure.{d}", numbers=False)


def _items(sk: Sketch, r, data: HeroSheet, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["items"], x, y, w * 0.3)
    _small(sk, t["items_note"], x + w * 0.3, y, w * 0.7, 5, align="right")
    cols = [40.0, 24.0, 0.0, 11.0]
    cols[2] = w - sum(cols)
    heads = [t["item_name"], t["item_type"], t["item_effect"], t["item_active"]]
    sk.rect(x, y + 6, w, 5, fill=SHADE, stroke=None, radius=0.8)
    cx = x
    for c, head in zip(cols, heads, strict=True):
        _small(
            sk,
            head,
            cx + 1,
            y + 6,
            c - 2,
            5,
            align="left" if c > 15 else "center",
            color=INK,
            bold=True,
        )
        cx += c
    row_h = (h - 11.5) / data.items
    for i in range(data.items):
        ry = y + 11.5 + i * row_h
        cx = x
        for c, key in zip(cols, ("name", "type", "effect", "active"), strict=True):
            if key == "active":
                s = min(4.4, row_h - 2)
                sk.checkbox(
                    cx + (c - s) / 2,
                    ry + (row_h - s) / 2,
                    s,
                    name=f"item.{i + 1}.active",
                    width=0.3,
                )
            else:
                _write(sk, cx + 1, ry, c - 2, row_h - 1.2, f"item.{i + 1}.{key}")
            cx += c


def _notes(sk: Sketch, r, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["ability"], x, y, w)
    sk.rect(x, y + 6, w, 22, stroke=INK, width=0.3, radius=1)
    sk.field(x + 0.5, y + 6.5, w - 1, 21, "ability")
    ny = y + 31
    _heading(sk, t["notes"], x, ny, w)
    lines = int((h - 37) // 6)
    for i in range(lines):
        _write(sk, x, ny + 6 + i * 6, w, 5.2, f"note.{i + 1}")


def _allies(sk: Sketch, r, data: HeroSheet, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["allies"], x, y, w * 0.3, "flag")
    _small(sk, t["allies_note"], x + w * 0.3, y, w * 0.7, 5, align="right")
    row_h = (h - 6) / data.allies
    for a in range(1, data.allies + 1):
        ry = y + 6 + (a - 1) * row_h
        sk.rect(x, ry, w, row_h - 1.5, stroke=FAINT, width=0.3, radius=1.2)
        px = x + 1.5
        sk.text(f"**{a}.**", px, ry + 0.8, 4, 5, size=7.5, color=FAINT, field="ally")
        _write(sk, px + 4, ry + 0.5, 38, 5, f"ally.{a}.name")
        # attributes with their damage
        ax = px + 45
        for attr, dmg in ATTRIBUTES:
            sk.icon(attr, ax, ry + 1, 4, color=INK)
            _write(sk, ax + 4.5, ry + 0.6, 6.5, 4.6, f"ally.{a}.{attr}", box=True)
            sk.icon(dmg, ax + 12, ry + 1.2, 3.6, color=ACCENT)
            _write(sk, ax + 16, ry + 0.6, 5.5, 4.6, f"ally.{a}.damage.{dmg}", box=True)
            ax += 24
        for key, icon in (("life", "life"), ("stamina", "stamina")):
            sk.icon(icon, ax, ry + 1, 4, color=INK)
            _write(sk, ax + 4.5, ry + 0.6, 6.5, 4.6, f"ally.{a}.{key}", box=True)
            ax += 13
        ty = ry + 6.5
        sk.icon("wound", px, ty, 3.8, color=ACCENT)
        size = 4.0
        _track(sk, px + 5, ty, data.ally_wounds, size, 0.9, f"ally.{a}.wound")
        ex = px + 5 + data.ally_wounds * (size + 0.9) + 4
        sk.icon("exhaustion", ex, ty, 3.8, color=ACCENT)
        _track(sk, ex + 5, ty, data.ally_exhaustion, size, 0.9, f"ally.{a}.exhaustion")
        ay = ty + 5.0
        sk.text(
            f"{t['ally_ability']}:", px, ay, 20, 4.6, size=6.5, color=FAINT, field="ally_ability"
        )
        _write(sk, px + 18, ay - 0.2, x + w - 1.5 - px - 18, 4.6, f"ally.{a}.ability")


def build_sheet(ctx: BuildContext) -> list[Drawn]:
    """The hero sheet, plain or fillable."""
    return [Drawn(ctx.layout.width, ctx.layout.height, sheet_ops(ctx))]


BUILDERS = {"runebound/sheet": build_sheet}
