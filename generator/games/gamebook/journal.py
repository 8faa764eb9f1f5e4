"""The gamebook character journal (osobní deník): equipment on a figure, backpack, strength,
level ladder, special abilities, food, money, the current paragraph and enemy, and friends;
plain or fillable.

Form field names follow `papirna score gamebook` where they overlap: name, experience, level,
base_strength, strength, food, money, armour_value.
"""

from __future__ import annotations

from generator.games.gamebook.models import JournalData
from generator.games.gamebook.rules import MAX_FOOD, START_STRENGTH, threshold
from generator.layout.builders import BuildContext, Drawn
from generator.layout.kit import texts
from generator.layout.ops import EllipseOp, Style
from generator.layout.sketch import Sketch, rgb
from generator.layout.spec import region

INK = "#231c15"
ACCENT = "#8a2f14"
FAINT = "#9c907f"
SHADE = "#f4efe4"
BODY = "#d9cdb8"
LINE = "#b9ab95"
MIN_PT = 6.0  # the smallest text the journal prints

KEYS = (
    "title", "subtitle", "name", "equipment", "helmet", "body_armour", "weapon", "shield",
    "boot", "two_handed", "bonus", "backpack", "backpack_note", "strength", "base", "current",
    "start", "armour_value", "armour_note", "level", "experience", "ladder", "ladder_rule",
    "ladder_xp", "ladder_base", "abilities", "abilities_note", "no_levels", "food", "food_rule",
    "money", "money_note", "friends", "friend", "profession", "friend_strength", "friend_food",
    "notes", "once_a_day", "friends_note", "spell_power", "spell_power_tip", "now", "now_note",
    "paragraph", "enemy", "enemy_strength", "enemy_armour_value", "enemy_table", "table_you",
    "table_enemy",
)  # fmt: skip


def heading(sk: Sketch, text: str, x: float, y: float, w: float, field: str) -> None:
    """A section heading with a rule under it."""
    sk.text(text, x, y, w, 5.5, size=11, min_size=8, font="display", color=ACCENT, field=field)
    sk.line(x, y + 5.8, x + w, y + 5.8, stroke=ACCENT, width=0.3)


def noted_heading(
    sk: Sketch, t: dict, key: str, x: float, y: float, w: float, split: float
) -> None:
    """A section heading on the left `split` of the width, its note right-aligned, a full rule."""
    heading(sk, t[key], x, y, w * split, key)
    sk.text(
        t[f"{key}_note"],
        x + w * split,
        y,
        w * (1 - split),
        5.5,
        size=6.5,
        min_size=MIN_PT,
        color=FAINT,
        align="right",
        field=f"{key}_note",
    )
    sk.line(x, y + 5.8, x + w, y + 5.8, stroke=ACCENT, width=0.3)


def label(sk: Sketch, text: str, x, y, w, h=3.6, *, size=6.5, color=FAINT, align="left") -> None:
    """A small label (never below 6 pt, the least that prints legibly)."""
    sk.text(
        text,
        x,
        y,
        w,
        h,
        size=max(size, MIN_PT),
        min_size=MIN_PT,
        color=color,
        align=align,
        field=text[:20],
    )


def write_box(
    sk: Sketch,
    x,
    y,
    w,
    h,
    name: str,
    caption: str | None = None,
    *,
    reserve=0.0,
    kind: str = "number",
    tooltip: str = "",
    **kw,
) -> None:
    """A box to write in, with a caption in its corner and a form field when fillable.

    `reserve` mm at the right are kept out of the field (for a smaller box drawn inside).
    """
    sk.rect(x, y, w, h, stroke=INK, width=0.35, radius=1.2, **kw)
    if caption:
        label(sk, caption, x + 1.2, y + 0.9, w - 2.4)  # Ú and Š keep 0.8 mm from the frame
    top = 3.9 if caption else 0.6
    fw, fh = w - 1.6 - reserve, h - top - 0.6
    sk.field(x + 0.8, y + top, fw, fh, name, tooltip=tooltip or caption or "", kind=kind, digits=3)


def _header(sk: Sketch, r, t: dict) -> None:
    x, y, w, _h = r
    sk.text(
        t["title"], x, y, 90, 10, size=22, min_size=14, font="display", color=ACCENT, field="title"
    )
    sk.text(f"*{t['subtitle']}*", x, y + 9.5, 100, 4.5, size=7.5, color=FAINT, field="subtitle")
    nx = x + 104
    sk.text(f"**{t['name']}:**", nx, y + 3, 16, 6, size=9, field="name")
    sk.line(nx + 16, y + 8.5, x + w, y + 8.5, stroke=INK, width=0.3)
    sk.field(nx + 16, y + 2, w - 120, 6.3, "name", tooltip=t["name"])


# The figure, in mm from the top of its drawing and its centre line (x < 0 is its right side,
# on your left). Everything stays within 15.5 mm of the centre, clear of the boxes beside it.
_TORSO = (
    ("M", -2.9, 14.5), ("C", -2.9, 17.0, -3.0, 18.4, -3.2, 19.4), ("C", -6.0, 20.4, -9.0, 20.9, -11.2, 21.8),
    ("C", -12.4, 22.4, -12.2, 26.0, -11.6, 30.0), ("L", -9.6, 43.0),
    ("C", -9.8, 45.0, -10.2, 47.5, -10.2, 50.6), ("L", 10.2, 50.6),
    ("C", 10.2, 47.5, 9.8, 45.0, 9.6, 43.0), ("L", 11.6, 30.0),
    ("C", 12.2, 26.0, 12.4, 22.4, 11.2, 21.8), ("C", 9.0, 20.9, 6.0, 20.4, 3.2, 19.4),
    ("C", 3.0, 18.4, 2.9, 17.0, 2.9, 14.5), ("Z",),
)  # fmt: skip
_ARM = (  # the right arm; the left one is its mirror image
    ("M", -11.0, 21.9), ("C", -13.4, 22.0, -14.6, 24.0, -14.7, 27.0), ("L", -15.3, 38.0),
    ("L", -15.0, 50.4), ("L", -11.8, 50.4), ("L", -12.1, 38.4), ("L", -11.5, 30.5), ("Z",),
)  # fmt: skip
_LEG = (
    ("M", -10.2, 50.0), ("C", -10.2, 58.0, -8.6, 64.0, -8.0, 68.0), ("L", -7.4, 78.5),
    ("L", -2.4, 78.5), ("L", -1.8, 68.0), ("C", -1.4, 62.0, -0.9, 56.0, -0.5, 50.0), ("Z",),
)  # fmt: skip
_BOOT = (
    ("M", -7.8, 76.2), ("L", -2.2, 76.2), ("L", -2.0, 81.4),
    ("C", -2.0, 82.2, -2.6, 82.6, -3.4, 82.6), ("L", -9.8, 82.6),
    ("C", -11.0, 82.6, -11.2, 81.2, -10.0, 80.6), ("L", -7.9, 79.4), ("Z",),
)  # fmt: skip
HAND = (-13.4, 52.7, 2.0, 2.7)  # the right hand: centre x, y and radii
OUTLINE = "#a99a82"


def _place(segs, cx: float, y0: float, side: int = 1) -> list:
    """Figure segments moved to (cx, y0), mirrored when side is -1."""
    out = []
    for seg in segs:
        op, *v = seg
        pts = [(cx + side * v[i], y0 + v[i + 1]) for i in range(0, len(v), 2)]
        out.append((op, *(c for p in pts for c in p)))
    return out


def figure_extent() -> float:
    """How far the figure reaches from its centre line, in mm (hands included)."""
    xs = [abs(v) for segs in (_TORSO, _ARM, _LEG, _BOOT) for seg in segs for v in seg[1::2]]
    return max(*xs, abs(HAND[0]) + HAND[2])


def _ellipse(sk: Sketch, cx: float, cy: float, rx: float, ry: float) -> None:
    st = Style(fill=rgb(BODY), stroke=rgb(OUTLINE), width=0.3)
    sk.ops.append(EllipseOp(cx, cy, rx, ry, st))


def draw_figure(sk: Sketch, cx: float, y0: float) -> None:
    """A standing adventurer facing you, in soft colours, 82.6 mm tall."""
    style = {"fill": BODY, "stroke": OUTLINE, "width": 0.3, "join": 1}
    for side in (-1, 1):
        sk.path(_place(_LEG, cx, y0, side), **style)
    for side in (-1, 1):
        sk.path(_place(_BOOT, cx, y0, side), fill=LINE, stroke=OUTLINE, width=0.3, join=1)
    sk.path(_place(_TORSO, cx, y0), **style)
    sk.rect(cx - 9.75, y0 + 43.6, 19.5, 2.2, fill=LINE, stroke=None)  # the belt
    sk.rect(cx - 1.4, y0 + 43.9, 2.8, 1.6, fill=BODY, stroke=OUTLINE, width=0.25)
    for side in (-1, 1):
        sk.path(_place(_ARM, cx, y0, side), **style)
        hx, hy, rx, ry = HAND
        _ellipse(sk, cx + side * hx, y0 + hy, rx, ry)
    _ellipse(sk, cx, y0 + 9.6, 5.4, 6.7)


def _figure(sk: Sketch, r, t: dict) -> None:
    x, y, w, _h = r
    heading(sk, t["equipment"], x, y, w, "equipment")
    y0 = y + 8
    cx = x + w / 2
    sk.tag("figure", layered=True)  # the art the leader lines point into
    draw_figure(sk, cx, y0)
    sk.untag()
    bw = 27.0
    left, right = x, x + w - bw
    hx, hy = HAND[0], HAND[1]
    slots = [
        ("helmet", t["helmet"], left, y0 + 1, 17, (cx - 3.0, y0 + 5.5)),
        ("body_armour", t["body_armour"], right, y0 + 22, 18, (cx + 5.0, y0 + 31)),
        ("weapon", t["weapon"], left, y0 + 44, 18, (cx + hx, y0 + hy)),
        ("shield", t["shield"], right, y0 + 44, 18, (cx - hx, y0 + hy)),
        ("boot", t["boot"], right, y0 + 70.5, 12, (cx + 5.5, y0 + 80.6)),
    ]
    for key, caption, bx, by, bh, (tx, ty) in slots:
        ex = bx + bw if bx == left else bx
        sk.line(ex, by + bh / 2, tx, ty, stroke=ACCENT, width=0.25, dash=(0.8, 0.7))
        sk.circle(tx, ty, 0.7, fill=ACCENT, stroke=None)
        bonus = key != "boot"
        reserve = 6.6 if bonus else 0.0  # the bonus box and a gap
        name = f"equipment.{key}"
        write_box(sk, bx, by, bw, bh, name, caption, reserve=reserve, kind="notes", fill="#ffffff")
        if bonus:
            s = 5.0
            sk.rect(
                bx + bw - s - 0.8, by + bh - s - 0.8, s, s, stroke=FAINT, width=0.25, radius=0.6
            )
            label(sk, "+", bx + bw - s - 4, by + bh - s - 0.6, 3, s, size=7, color=FAINT)
            sk.field(
                bx + bw - s - 0.6,
                by + bh - s - 0.6,
                s - 0.4,
                s - 0.4,
                f"equipment.{key}_bonus",
                tooltip=f"{caption} +",
                kind="number",
                digits=1,
            )
    label(sk, t["bonus"], left, y0 + 63.5, bw + 4, 4, size=6.5)
    sk.text(
        t["two_handed"],
        left,
        y0 + 68,
        cx - 11.5 - 2.5 - left,
        16,
        size=6.5,
        min_size=MIN_PT,
        color=INK,
        valign="top",
        field="two_handed",
    )


def _backpack(sk: Sketch, r, data: JournalData, t: dict) -> None:
    x, y, w, h = r
    noted_heading(sk, t, "backpack", x, y, w, 0.45)
    rows = (data.backpack + 1) // 2
    top = y + 8
    gap = 1.3
    cw = (w - gap) / 2
    rh = (h - 8 - (rows - 1) * gap) / rows
    for n in range(data.backpack):
        col, row = divmod(n, rows)
        bx, by = x + col * (cw + gap), top + row * (rh + gap)
        sk.rect(bx, by, cw, rh, stroke=INK, width=0.3, radius=1)
        sk.text(f"{n + 1}", bx + 1.2, by, 4.6, rh, size=7, style="bold", color=FAINT, field="slot")
        tip = f"{t['backpack']} {n + 1}"
        sk.field(bx + 5.5, by + 0.5, cw - 6.2, rh - 1, f"backpack.{n + 1}", tooltip=tip)


def _strength(sk: Sketch, r, t: dict) -> None:
    x, y, w, h = r
    sw = w * 0.52
    heading(sk, t["strength"], x, y, sw - 3, "strength")
    heading(sk, t["armour_value"], x + sw, y, w - sw, "armour_value")
    bh = h - 8
    gap = 1.6
    half = (sw - 3 - gap) / 2
    write_box(sk, x, y + 8, half, bh, "base_strength", t["base"])
    write_box(sk, x + half + gap, y + 8, half, bh, "strength", t["current"])
    label(sk, t["start"].format(n=START_STRENGTH), x + 1.2, y + 8 + bh - 4, half - 2)
    label(sk, t["start"].format(n=START_STRENGTH), x + half + gap + 1.2, y + 8 + bh - 4, half - 2)
    write_box(sk, x + sw, y + 8, 15, bh, "armour_value", tooltip=t["armour_value"])
    sk.text(
        t["armour_note"],
        x + sw + 16.5,
        y + 8,
        w - sw - 16.5,
        bh,
        size=6.5,
        min_size=MIN_PT,
        color=FAINT,
        field="armour_note",
    )


def _level(sk: Sketch, r, data: JournalData, t: dict) -> None:
    x, y, w, _h = r
    heading(sk, t["level"], x, y, w, "level")
    write_box(sk, x, y + 8, 20, 12, "level", t["level"])
    write_box(sk, x + 22, y + 8, 30, 12, "experience", t["experience"])
    sk.text(
        t["ladder_rule"],
        x + 54,
        y + 7.5,
        w - 54,
        13,
        size=6.5,
        min_size=MIN_PT,
        color=INK,
        field="ladder_rule",
    )
    top = y + 23
    levels = data.ladder
    lw = 17.0
    cw = (w - lw) / levels
    rh = 4.6
    rows = (
        (t["level"], [str(n) for n in range(1, levels + 1)], True),
        (t["ladder_xp"], [str(threshold(n)) for n in range(1, levels + 1)], False),
        (t["ladder_base"], [str(START_STRENGTH + n - 1) for n in range(1, levels + 1)], False),
    )
    for k, (name, cells, bold) in enumerate(rows):
        ry = top + k * rh
        if k == 0:
            sk.rect(x, ry, w, rh, fill=SHADE, stroke=None)
        label(sk, name, x + 0.5, ry + 0.4, lw - 1, rh - 0.8, size=6, color=INK)
        for i, c in enumerate(cells):
            sk.text(
                f"**{c}**" if bold else c,
                x + lw + i * cw,
                ry,
                cw,
                rh,
                size=7,
                align="center",
                field="ladder",
            )
    bottom = top + 3 * rh
    sk.line(x, bottom, x + w, bottom, stroke=LINE, width=0.25)
    for i in range(levels):
        sk.checkbox(
            x + lw + i * cw + cw / 2 - 1.6,
            bottom + 0.9,
            3.2,
            name=f"level_reached.{i + 1}",
            width=0.25,
            round_=True,
        )
    label(sk, t["ladder"], x + 0.5, bottom + 0.6, lw - 1, 3.6, size=6)


def _abilities(sk: Sketch, r, data: JournalData, t: dict, lang: str) -> None:
    x, y, w, h = r
    noted_heading(sk, t, "abilities", x, y, w, 0.5)
    top = y + 7.5
    plain = [a for a in data.abilities if not a.levels]  # no skill levels: all in one row
    levelled = [a for a in data.abilities if a.levels]
    rows = (1 if plain else 0) + len(levelled)
    rh = (h - 7.5) / rows
    nw = 35.0
    cw = (w - nw) / 3
    box = 3.8
    ry = top
    if plain:
        sk.rect(x, ry, w, rh, fill=SHADE, stroke=None)
        pw = 27.0  # each: its box and its name
        for k, a in enumerate(plain):
            px = x + 1 + k * pw
            sk.checkbox(px, ry + (rh - 3.4) / 2, 3.4, name=f"ability.{a.id}", width=0.3)
            sk.text(
                f"**{a.name.get(lang)}**",
                px + 4.6,
                ry,
                pw - 5.6,
                rh,
                size=7.8,
                min_size=6,
                field=f"abilities.{a.id}",
            )
        lx = x + 1 + len(plain) * pw
        label(sk, t["no_levels"], lx, ry, x + w - lx - 1, rh, size=6.5)
        ry += rh
    for i, a in enumerate(levelled):
        if (i + (1 if plain else 0)) % 2 == 0:
            sk.rect(x, ry, w, rh, fill=SHADE, stroke=None)
        note = a.note.get(lang) if a.note else ""
        name_h = 3.6 if note else rh
        sk.text(
            f"**{a.name.get(lang)}**",
            x + 1,
            ry + (0.3 if note else 0),
            nw - 2,
            name_h,
            size=7.8,
            min_size=6,
            field=f"abilities.{a.id}",
        )
        if note:
            sk.text(
                note,
                x + 1,
                ry + 3.9,
                nw - 2,
                rh - 4.1,
                size=6,
                min_size=MIN_PT,
                color=INK,
                valign="top",
                line_height=1.0,
                field=f"abilities.{a.id}.note",
            )
        for k, effect in enumerate(a.levels):
            lx = x + nw + k * cw
            sk.tag(f"ability {a.id} {k + 1}")  # the box and the number in it: one element
            sk.checkbox(lx, ry + (rh - box) / 2, box, name=f"ability.{a.id}.{k + 1}", width=0.3)
            sk.text(
                str(k + 1),
                lx,
                ry + (rh - box) / 2,
                box,
                box,
                size=MIN_PT,
                align="center",
                color=FAINT,
                field="level",
            )
            sk.untag()
            # the text stops well short of the next level's box
            sk.text(
                effect.get(lang),
                lx + box + 0.9,
                ry + 0.3,
                cw - box - 2.4,
                rh - 0.6,
                size=6.8,
                min_size=MIN_PT,
                line_height=1.02,
                field=f"abilities.{a.id}.levels.{k}",
            )
        ry += rh


def _food_money(sk: Sketch, food_r, money_r, t: dict) -> None:
    x, y, w, h = food_r
    heading(sk, t["food"], x, y, w * 0.4, "food")
    sk.line(x, y + 5.8, x + w, y + 5.8, stroke=ACCENT, width=0.3)
    write_box(sk, x + w - 14, y - 0.5, 14, 5.8, "food", tooltip=t["food"])
    label(sk, f"≤ {MAX_FOOD}", x + w - 27, y + 0.8, 12, 4, size=6.5, align="right")
    size = min(4.2, (w - (MAX_FOOD - 1) * 0.35) / MAX_FOOD)
    step = (w - size) / (MAX_FOOD - 1)
    for n in range(MAX_FOOD):
        bx = x + n * step
        sk.tag(f"food {n + 1}")  # the box and the number in it: one element
        sk.checkbox(bx, y + 7.5, size, name=f"food_track.{n + 1}", width=0.25)
        sk.text(
            str(n + 1),
            bx,
            y + 7.5,
            size,
            size,
            size=MIN_PT,
            align="center",
            color=FAINT,
            field="food",
        )
        sk.untag()
    sk.text(
        t["food_rule"],
        x,
        y + 8 + size + 0.5,
        w,
        h - size - 8.5,
        size=6.3,
        min_size=MIN_PT,
        color=INK,
        valign="top",
        line_height=1.05,
        field="food_rule",
    )
    x, y, w, h = money_r
    heading(sk, t["money"], x, y, w * 0.3, "money")
    sk.line(x, y + 5.8, x + w * 0.3, y + 5.8, stroke=ACCENT, width=0.3)
    bw = w * 0.34
    sk.text(
        t["money_note"],
        x + w * 0.3 + 2,
        y,
        w - bw - w * 0.3 - 4,
        h,
        size=6.3,
        min_size=MIN_PT,
        color=FAINT,
        field="money_note",
    )
    write_box(sk, x + w - bw, y + 0.5, bw, h - 0.5, "money", tooltip=t["money"])


def _now(sk: Sketch, r, t: dict) -> None:
    """Right now: the paragraph you are at, the enemy you fight, and notes."""
    x, y, w, h = r
    noted_heading(sk, t, "now", x, y, w, 0.4)
    top, bh, gap = y + 8, h - 8, 2.0
    bx = x
    boxes = (
        ("paragraph", t["paragraph"], 20.0),
        ("enemy", t["enemy"], 42.0),
        ("enemy_strength", t["enemy_strength"], 22.0),
        ("enemy_armour_value", t["enemy_armour_value"], 17.0),
    )
    for key, caption, bw in boxes:
        kind = "notes" if key == "enemy" else "number"
        write_box(sk, bx, top, bw, bh, f"now.{key}", caption, kind=kind)
        bx += bw + gap
    # the combat table each side fights on: I, II or III
    tw = 38.0
    sk.rect(bx, top, tw, bh, stroke=INK, width=0.35, radius=1.2)
    label(sk, t["enemy_table"], bx + 1.2, top + 0.9, tw - 2.4)
    lw = 13.0
    cw = (tw - lw - 1.0) / 3
    for row, (who, caption) in enumerate((("you", t["table_you"]), ("enemy", t["table_enemy"]))):
        ry = top + 4.6 + row * 5.6
        label(sk, caption, bx + 1.2, ry, lw - 1.4, 4.4, size=6.5, color=INK)
        for k, name in enumerate(("I", "II", "III")):
            px = bx + lw + k * cw
            sk.tag(f"now table {who} {name}")  # the circle and its numeral: one element
            sk.checkbox(px, ry + 0.5, 3.4, name=f"now.table_{who}.{name}", width=0.3, round_=True)
            sk.text(
                f"**{name}**", px + 4.3, ry, cw - 4.4, 4.4, size=7, color=INK, field="now table"
            )
            sk.untag()
    bx += tw + gap
    nw = x + w - bx
    sk.rect(bx, top, nw, bh, stroke=INK, width=0.35, radius=1.2)
    label(sk, t["notes"], bx + 1.2, top + 0.9, nw - 2.4)
    for k in (1, 2):
        ly = top + 3.9 + k * (bh - 4.5) / 2.0
        sk.line(bx + 1.5, ly, bx + nw - 1.5, ly, stroke=LINE, width=0.2)
    sk.field(bx + 0.8, top + 3.9, nw - 1.6, bh - 4.5, "now.notes", tooltip=t["notes"], kind="notes")


def _friends(sk: Sketch, r, data: JournalData, t: dict, lang: str) -> None:
    x, y, w, h = r
    noted_heading(sk, t, "friends", x, y, w, 0.4)
    n = data.friends
    gap = 5.0
    fw = (w - gap * (n - 1)) / n
    top = y + 8
    fh = h - 8
    for i in range(n):
        _friend(sk, x + i * (fw + gap), top, fw, fh, i + 1, data, t, lang)


def _friend(sk: Sketch, x, y, w, h, n: int, data: JournalData, t: dict, lang: str) -> None:
    p = f"friend.{n}"
    sk.rect(x, y, w, h, stroke=LINE, width=0.3, radius=1.5)
    ix, iw = x + 2, w - 4
    sk.text(f"**{t['friend']} {n}**", ix, y + 1, 22, 5, size=8.5, color=ACCENT, field="friend")
    sk.text(f"{t['name']}:", ix + 22, y + 1, 12, 5, size=7, field="name")
    sk.line(ix + 33, y + 5.6, ix + iw, y + 5.6, stroke=INK, width=0.25)
    tip = f"{t['friend']} {n}: {t['name']}"
    sk.field(ix + 33, y + 0.8, iw - 33, 4.8, f"{p}.name", tooltip=tip)
    # profession
    yy = y + 8
    label(sk, t["profession"], ix, yy, 20, 4, size=6.5, color=INK)
    pw = (iw - 20) / 3
    for k, prof in enumerate(("warrior", "wizard", "alchemist")):
        px = ix + 20 + k * pw
        sk.checkbox(px, yy + 0.2, 3.4, name=f"{p}.profession.{prof}", width=0.3, round_=True)
        sk.text(
            data.professions[prof].get(lang),
            px + 4.4,
            yy,
            pw - 4.6,
            4,
            size=6.8,
            min_size=MIN_PT,
            field=f"professions.{prof}",
        )
    # numbers: a warrior or alchemist heals up to its base strength, as you do
    yy += 6
    bw = (iw - 6) / 4
    boxes = (
        ("armour_value", t["armour_value"]),
        ("base_strength", f"{t['friend_strength']}: {t['base']}"),
        ("strength", f"{t['friend_strength']}: {t['current']}"),
        ("food", t["friend_food"]),
    )
    for k, (key, caption) in enumerate(boxes):
        tip = f"{t['friend']} {n}: {caption}"
        write_box(sk, ix + k * (bw + 2), yy, bw, 11, f"{p}.{key}", caption, tooltip=tip)
    # once a day
    yy += 13.5
    label(sk, t["once_a_day"], ix, yy, iw, 4, size=6.5, color=INK)
    yy += 4.5
    for k, prof in enumerate(("wizard", "alchemist")):
        items = [o for o in data.once_a_day if o.profession == prof]
        ry = yy + k * 5
        sk.text(
            f"*{data.professions[prof].get(lang)}:*",
            ix,
            ry,
            17,
            4.2,
            size=6.3,
            min_size=MIN_PT,
            color=FAINT,
            field=f"professions.{prof}",
        )
        spell = 31.0 if prof == "wizard" else 0.0  # the wizard's spell power at the row's end
        ow = (iw - 17 - spell) / max(len(items), 2)
        if spell:
            sx = ix + iw - 12.0
            sk.text(
                t["spell_power"],
                ix + iw - spell,
                ry,
                spell - 13.0,
                4.2,
                size=6.5,
                min_size=MIN_PT,
                align="right",
                color=INK,
                field="spell_power",
            )
            tip = f"{t['friend']} {n}: {t['spell_power_tip']}"
            write_box(sk, sx, ry - 0.4, 12.0, 5.0, f"{p}.spell_power", tooltip=tip)
        for j, o in enumerate(items):
            ox = ix + 17 + j * ow
            sk.checkbox(ox, ry + 0.4, 3.2, name=f"{p}.{o.id}", width=0.3)
            sk.text(
                o.name.get(lang),
                ox + 4,
                ry,
                ow - 4.2,
                4.2,
                size=6.5,
                min_size=MIN_PT,
                field=f"once_a_day.{o.id}",
            )
    # notes
    yy += 11.5
    label(sk, t["notes"], ix, yy, iw, 4, size=6.5, color=INK)
    lines_top = yy + 4.5
    step = 6.0
    count = int((y + h - 1.5 - lines_top) // step)
    for k in range(count):
        ly = lines_top + (k + 1) * step
        sk.line(ix, ly, ix + iw, ly, stroke=LINE, width=0.2)
    tip = f"{t['friend']} {n}: {t['notes']}"
    sk.field(ix, lines_top, iw, count * step, f"{p}.notes", tooltip=tip, kind="notes", size=9)


def build_journal(ctx: BuildContext) -> list[Drawn]:
    """The character journal on one page."""
    data: JournalData = ctx.data
    t = texts(data, ctx.lang, *KEYS)
    lay = ctx.layout
    sk = Sketch(ctx.env, "journal")
    _header(sk, region(lay, "header"), t)
    _figure(sk, region(lay, "figure"), t)
    _backpack(sk, region(lay, "backpack"), data, t)
    _strength(sk, region(lay, "strength"), t)
    _level(sk, region(lay, "level"), data, t)
    _abilities(sk, region(lay, "abilities"), data, t, ctx.lang)
    _food_money(sk, region(lay, "food"), region(lay, "money"), t)
    _now(sk, region(lay, "now"), t)
    _friends(sk, region(lay, "friends"), data, t, ctx.lang)
    return [Drawn(lay.width, lay.height, sk.ops)]


BUILDERS = {"gamebook/journal": build_journal}
