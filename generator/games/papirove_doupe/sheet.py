"""The Papírové doupě player sheet: dice boxes, adventurers, tracks, items, fights, plan, scoring.

Every scoring input is a mark (a box or a circle), four registration marks sit in the corners and
a sheet id is printed, so that a photographed sheet can be read back by machine.
"""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.games.papirove_doupe.models import (
    ADVENTURERS,
    LEGEND_KEYS,
    SCORING_CATEGORIES,
    Plan,
    SheetData,
)
from generator.games.papirove_doupe.plan import (
    PORTAL,
    TREASURE_ICONS,
    draw_base,
    draw_features,
    fit_grid,
    wave,
)
from generator.layout.builders import BuildContext, Drawn
from generator.layout.engine import Env
from generator.layout.sketch import Sketch
from generator.layout.spec import LayoutSpec, region

INK = "#231c15"
ACCENT = "#8a2f14"
SHADE = "#efe6d2"
FAINT = "#9c907f"
WATER = "#2f6fb0"
MARK = 7.0  # registration mark size, mm
STRENGTH_W = 10.0  # mm: the width of a monster fight's strength box
LEGEND_SIZE = 6.5  # pt: the legend's text, down to LEGEND_MIN to keep it on one line
LEGEND_MIN = 5.5
NUMBER_SIZE = 6.0  # pt: the faint numbers in boxes and circles, the smallest text on the sheet
REWARD_ICONS = {
    "gem": "gem",
    "level": "level-up",
    "item-half": "item-half",
    "glory": "glory",
    "heal": "health",
    "potion": "potion",
    "potions": "potion",
}
CATEGORIES = SCORING_CATEGORIES
NBSP = "\u00a0"


def sheet_ops(
    layout: LayoutSpec, data: SheetData, plan: Plan, env: Env, lang: str, sheet_id: str
) -> list:
    """All operations of one sheet in layout coordinates."""
    t = {k: v.get(lang) for k, v in data.text.items()}
    sk = Sketch(env, f"sheet {sheet_id}")
    _frame(sk, layout, t, sheet_id)
    _dice(sk, region(layout, "dice"), data, t)
    _adventurers(sk, region(layout, "adventurers"), data, t, lang)
    _health(sk, region(layout, "health"), data, t)
    _potions(sk, region(layout, "potions"), data, t)
    _items(sk, region(layout, "items"), data, t, lang)
    _tracks(sk, region(layout, "tracks"), data, t)
    _plan(sk, region(layout, "plan"), plan, t)
    _fights(sk, region(layout, "fights"), data, t)
    _cards(sk, region(layout, "cards"), data, t)
    legend, scoring = region(layout, "legend"), region(layout, "scoring")
    _legend(sk, legend, plan, t)
    # the legend may sit between the score heading and its table (far from the glory circles,
    # whose reading a nearby line of print unsettles): the table then starts under it
    inside = scoring[1] < legend[1] < scoring[1] + scoring[3]
    top = legend[1] + legend[3] + 0.6 - scoring[1] if inside else 5.5
    _scoring(sk, scoring, data, t, top)
    return sk.ops


def _heading(sk: Sketch, text: str, x, y, w, icon: str | None = None) -> None:
    if icon:
        sk.icon(icon, x, y + 0.3, 4.0, color=ACCENT)
        x, w = x + 5.0, w - 5.0
    sk.text(
        text,
        x,
        y,
        w,
        4.6,
        size=9,
        min_size=6,
        font="display",
        style="bold",
        color=ACCENT,
        field=text,
    )


def _frame(sk: Sketch, layout: LayoutSpec, t: dict, sheet_id: str) -> None:
    w, h = layout.width, layout.height
    for mx, my in ((0, 0), (w - MARK, 0), (0, h - MARK), (w - MARK, h - MARK)):
        sk.rect(mx, my, MARK, MARK, fill=INK, stroke=None)
        sk.rect(mx + 1.6, my + 1.6, MARK - 3.2, MARK - 3.2, fill="#ffffff", stroke=None)
        sk.rect(mx + 2.6, my + 2.6, MARK - 5.2, MARK - 5.2, fill=INK, stroke=None)
    sk.text(t["title"], MARK + 3, 0, 62, 8, size=17, min_size=11, font="display", color=ACCENT)
    sk.text(t["subtitle"], MARK + 3, 7.6, 62, 4, size=7, color=FAINT, field="subtitle")
    x = MARK + 68
    sk.text(t["player"] + ":", x, 1, 14, 5, size=7.5, style="bold", field="player")
    sk.line(x + 14, 5.8, x + 64, 5.8, stroke=FAINT, width=0.25)
    sk.field(x + 14, 1, 50, 5, "player", tooltip=t["player"])
    sk.text(t["dungeon"] + ":", x, 7, 26, 5, size=7, style="bold", field="dungeon")
    for i, letter in enumerate("ABCDEFGHIJKL"):
        bx = x + 27 + i * 4.6
        sk.tag(f"dungeon {letter}")  # the box and its letter are one element
        sk.checkbox(
            bx,
            7.6,
            3.6,
            name=f"dungeon.{letter}",
            width=0.25,
            one_of=True,
            tooltip=t["dungeon"],
            label=f"{t['dungeon']} {letter}",
        )
        sk.text(letter, bx, 7.6, 3.6, 3.6, size=6, align="center", color=FAINT, field="dungeon")
    sk.untag()
    # the sheet id: printed, and as 16 bits under it for a scanner
    sk.text(sheet_id, w - MARK - 40, 0.5, 38, 3.5, size=6, align="right", color=FAINT, field="id")
    code = sum(ord(c) * 31**i for i, c in enumerate(sheet_id)) & 0xFFFF
    for bit in range(16):
        bx = w - MARK - 2 - (16 - bit) * 2.2
        sk.rect(
            bx, 4.6, 1.8, 1.8, fill=INK if code >> (15 - bit) & 1 else None, stroke=INK, width=0.15
        )


def _dice(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, _ = r
    _heading(sk, t["dice"], x, y, w, "die")
    box, gap = 6.0, 0.8
    group = data.actions * box + (data.actions - 1) * gap
    spacing = (w - data.rounds * group) / (data.rounds - 1)
    for rd in range(data.rounds):
        gx = x + rd * (group + spacing)
        monster = rd + 1 in data.monster_rounds
        label = f"{t['round']} {rd + 1}"
        sk.text(
            label,
            gx,
            y + 5,
            group - (4.5 if monster else 0),
            3.8,
            size=6.5,
            style="bold",
            align="center" if not monster else "left",
            field="round",
        )
        if monster:
            sk.icon("monster", gx + group - 4, y + 4.9, 4, color=ACCENT)
        for a in range(data.actions):
            bx = gx + a * (box + gap)
            sk.rect(bx, y + 9.5, box, box, fill=SHADE if monster else None, stroke=INK, width=0.3)
            name, tip = f"round.{rd + 1}.action.{a + 1}", f"{label} ({a + 1})"
            sk.field(bx, y + 9.5, box, box, name, tooltip=tip, kind="number", digits=1)


def _adventurers(sk: Sketch, r, data: SheetData, t: dict, lang: str) -> None:
    x, y, w, h = r
    _heading(sk, t["adventurers"], x, y, w * 0.5)
    # what the small square by each adventurer is for: the goal card's training method
    sk.rect(x + 27.5, y + 1.2, 2.6, 2.6, stroke=FAINT, width=0.25)
    sk.text(t["training"], x + 31, y, 35, 4.6, size=6, min_size=6, color=FAINT, field="training")
    sk.text(t["at4"], x + 60.5, y, 26, 4.6, size=6, color=FAINT, align="center", field="at4")
    sk.text(t["at6"], x + w - 12, y, 12, 4.6, size=6, color=FAINT, align="center", field="at6")
    row_h = (h - 5.5 - 5.0) / 4  # four adventurers, then the lowest adventurer's glory
    for i, adv in enumerate(ADVENTURERS):
        ry = y + 5.5 + i * row_h
        a = data.adventurers[adv]
        sk.icon(adv, x, ry + 0.5, 7.5, color=INK)
        sk.checkbox(x + 8.5, ry + 2.2, 3.6, name=f"adventurer.{adv}.training.black", width=0.35)
        for lv in range(1, 7):
            bx = x + 14 + (lv - 1) * 7.2
            fill = SHADE if lv == 1 else None
            sk.checkbox(bx, ry + 1, 6, name=f"adventurer.{adv}.level.{lv}", fill=fill, width=0.35)
            sk.text(str(lv), bx, ry + 1, 6, 6, size=6.5, align="center", color=FAINT, field="level")
        sk.rect(x + 14 + 3 * 7.2 - 0.7, ry + 0.3, 7.4, 7.4, stroke=ACCENT, width=0.35, radius=1)
        sk.icon(a.ability_icon, x + 58.5, ry + 1.2, 5.2, color=ACCENT)
        sk.text(
            a.ability.get(lang),
            x + 64.5,
            ry + 0.3,
            w - 64.5 - 13,
            7.4,
            size=6,
            min_size=4.5,
            line_height=1.05,
            field=f"adventurers.{adv}.ability",
        )
        sk.text(
            f"**+{a.level6_glory}** :glory:",
            x + w - 12,
            ry + 1,
            12,
            6,
            size=7.5,
            align="center",
            field=f"adventurers.{adv}.level6_glory",
        )
    # the glory of the lowest adventurer, under the level it is on
    ly = y + 5.5 + 4 * row_h + 0.4
    sk.icon("glory", x + 8.4, ly + 0.2, 3.8, color=ACCENT)
    for lv, glory in enumerate(data.scoring.lowest_adventurer, start=1):
        bx = x + 14 + (lv - 1) * 7.2
        sk.text(
            f"+{glory}" if glory > 0 else str(glory),
            bx - 0.6,
            ly,
            7.2,
            4.2,
            size=7,
            style="bold",
            align="center",
            color=ACCENT,
            field="scoring.lowest_adventurer",
        )
    sk.text(
        t["lowest"],
        x + 58.5,
        ly,
        w - 58.5,
        4.2,
        size=6.5,
        min_size=6,
        color=ACCENT,
        field="lowest",
    )


def _track(
    sk: Sketch,
    x,
    y,
    count,
    size,
    gap,
    per_row,
    name,
    *,
    round_=False,
    shade_first=0,
    numbers=True,
    row_gap=None,
) -> None:
    for n in range(count):
        rr, cc = divmod(n, per_row)
        bx = x + cc * (size + gap)
        by = y + rr * (size + (gap if row_gap is None else row_gap))
        sk.tag(f"{name} {n + 1}")  # a box and the number printed in it are one element
        sk.checkbox(
            bx,
            by,
            size,
            name=f"{name}.{n + 1}",
            round_=round_,
            width=0.3,
            fill=SHADE if n < shade_first else None,
        )
        if numbers:
            sk.text(
                str(n + 1),
                bx,
                by,
                size,
                size,
                size=NUMBER_SIZE,
                align="center",
                color=FAINT,
                field=name,
            )
    sk.untag()


def _health(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, _ = r
    _heading(sk, t["health"], x, y, w, "health")
    n = data.health_track
    size = min(4.2, (w - (n - 1) * 0.5) / n)
    _track(sk, x, y + 5, n, size, 0.5, n, "health", shade_first=4)
    _heading(sk, t["wounds"], x, y + 11, w * 0.6, "wound")
    per_row = (data.wound_track + 1) // 2
    size = min(4.4, (w - (per_row - 1) * 0.45) / per_row)
    _track(sk, x, y + 16, data.wound_track, size, 0.45, per_row, "wound")
    ry = y + 16 + 2 * size + 1.2
    sk.text(
        t["wound_rule"],
        x,
        ry,
        w - 34,
        6.5,
        size=6,
        min_size=4.5,
        line_height=1.05,
        field="wound_rule",
    )
    sk.checkbox(x + w - 33, ry + 0.75, 5, name="resurrection", round_=True, width=0.4)
    sk.text(
        f"{t['resurrection']}\n**{data.scoring.resurrection}** :glory:",
        x + w - 27,
        ry,
        27,
        6.5,
        size=6.5,
        min_size=4.5,
        line_height=1.0,
        field="resurrection",
    )


def _potions(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, _ = r
    _heading(sk, t["potions"], x, y, w * 0.4, "potion")
    sk.text(
        t["potion_rule"],
        x + w * 0.4,
        y,
        w * 0.6,
        4.6,
        size=6,
        min_size=6,
        color=FAINT,
        line_height=1.0,
        field="potion_rule",
    )
    per_row = (data.potion_track + 1) // 2
    bonus_at = {b.after: b for b in data.potion_bonuses}
    cell = (w - 4) / per_row
    size = min(4.6, cell - 1.6)
    for n in range(data.potion_track):
        rr, cc = divmod(n, per_row)
        bx = x + cc * cell
        by = y + 5.5 + rr * 10
        sk.tag(f"potion {n + 1}")  # the circle and its number are one element
        sk.checkbox(bx, by, size, name=f"potion.{n + 1}", round_=True, width=0.3)
        sk.text(
            str(n + 1),
            bx,
            by,
            size,
            size,
            size=NUMBER_SIZE,
            align="center",
            color=FAINT,
            field="potion",
        )
        sk.untag()
        half = (size - 0.6) / 2
        for k in range(2):
            sk.checkbox(
                bx + k * (half + 0.6),
                by + size + 0.6,
                half,
                name=f"potion.{n + 1}.absorbed.{k + 1}",
                width=0.2,
            )
        b = bonus_at.get(n + 1)
        if b is not None:
            sk.icon(REWARD_ICONS[b.kind], bx + size + 0.1, by - 0.6, 2.6, color=ACCENT)


def _items(sk: Sketch, r, data: SheetData, t: dict, lang: str) -> None:
    x, y, w, h = r
    _heading(sk, t["items"], x, y, w)
    cw, ch = (w - 2) / 2, (h - 5.5) / 4
    for i, item in enumerate(data.items):
        col, row = divmod(i, 4)
        cx, cy = x + col * (cw + 2), y + 5.5 + row * ch
        sk.rect(cx, cy, cw, ch - 1.2, stroke=FAINT, width=0.25, radius=1)
        sk.text(
            f"{i + 1}.",
            cx + 1.1,
            cy + 0.6,
            3.6,
            4,
            size=6.5,
            style="bold",
            color=FAINT,
            field="item",
        )
        sk.checkbox(cx + 4.8, cy + 0.7, 3.8, name=f"item.{i + 1}.half.1", width=0.35)
        sk.checkbox(cx + 9.0, cy + 0.7, 3.8, name=f"item.{i + 1}.half.2", width=0.35)
        nx = cx + 13.6
        if item.symbol:
            sk.rect(nx, cy + 0.5, 4.2, 4.2, stroke=INK, width=0.25, radius=0.8)
            sk.icon(item.symbol, nx + 0.4, cy + 0.9, 3.4)
            nx += 5
        sk.icon(item.kind, cx + cw - 4.6, cy + 0.8, 3.6, color=ACCENT)
        sk.text(
            f"**{item.name.get(lang)}**",
            nx,
            cy + 0.3,
            cx + cw - 5.2 - nx,
            4.6,
            size=7,
            min_size=5,
            field=f"items[{i}].name",
        )
        glory = f"  **{item.glory:+d}** :glory:" if item.glory else ""
        sk.text(
            item.effect.get(lang) + glory,
            cx + 1.2,
            cy + 5.2,
            cw - 2.4,
            ch - 6.8,
            size=6.3,
            min_size=4.5,
            line_height=1.05,
            field=f"items[{i}].effect",
        )


def _tracks(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, h = r
    half = (h - 1) / 2
    for k, (label, icon, count, name) in enumerate(
        (
            (t["gems"], "gem", data.gem_track, "gem"),
            (t["minions"], "minion", data.minion_track, "minion"),
        )
    ):
        ty = y + k * half
        _heading(sk, label, x, ty, 34, icon)
        size = min(4.6, (w - 36 - (count - 1) * 0.6) / count)
        _track(sk, x + 36, ty + 0.2, count, size, 0.6, count, name)


def _plan(sk: Sketch, r, plan: Plan, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["plan"], x, y, w)
    g = fit_grid(x, y + 5.5, w, h - 5.5)
    draw_base(sk, g, plan)
    draw_features(sk, g, plan)


def _fights(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, h = r
    _heading(sk, t["fights"], x, y, w, "monster")
    bw = (w - 4) / 3
    rows = [
        ("visited", t["visited"]),
        ("fled", t["fled"]),
        ("range.1", f"{t['range']} 1"),
        ("range.2", f"{t['range']} 2"),
        ("range.3", f"{t['range']} 3"),
        ("strongest", t["strongest"]),
    ]
    for m in range(3):
        bx = x + m * (bw + 2)
        sk.rect(bx, y + 5.5, bw, h - 5.5, stroke=FAINT, width=0.25, radius=1)
        sk.text(
            f"**{'①②③'[m]}** {t['round']} {data.monster_rounds[m]}",
            bx + 1,
            y + 6,
            bw - 15,
            4.2,
            size=7,
            color=ACCENT,
            field="fights",
        )
        # the glory of this fight, written down at once: the monster card leaves the game
        sk.icon("glory", bx + bw - 14.2, y + 6.5, 3.4, color=ACCENT)
        sk.rect(bx + bw - 10.2, y + 6.3, 8.8, 4.0, stroke=INK, width=0.3, radius=0.6)
        tip = t[f"cat_monster{m + 1}"]
        sk.field(
            bx + bw - 10.0, y + 6.4, 8.4, 3.8, f"monster.{m + 1}.glory", tooltip=tip, kind="number"
        )
        lh = (h - 11) / len(rows)
        for k, (key, label) in enumerate(rows):
            ry = y + 10.6 + k * lh
            sk.checkbox(
                bx + 1.2,
                ry + (lh - 3.4) / 2,
                3.4,
                name=f"monster.{m + 1}.{key}",
                width=0.3,
                one_of=key.startswith("range."),  # one range per fight
                tooltip=f"{t[f'cat_monster{m + 1}']}: {t['range'] if key.startswith('range.') else label}",
                label=f"{t[f'cat_monster{m + 1}']}: {label}",
            )
            beside = STRENGTH_W + 0.8 if key.startswith("range.") else 0.0  # the strength box
            sk.text(
                label,
                bx + 5.6,
                ry,
                bw - 6.2 - beside,
                lh,
                size=6,
                min_size=4.5,
                field=f"fights.{key}",
            )
        # the party's strength, written in: it decides the range and, at the table, the reward
        sx, top = bx + bw - 1.0 - STRENGTH_W, y + 10.6 + 2 * lh
        sk.text(
            t["strength"],
            sx,
            top,
            STRENGTH_W,
            lh,
            size=6,
            min_size=4.5,
            align="center",
            color=ACCENT,
            field="fights.strength",
        )
        sk.rect(sx, top + lh, STRENGTH_W, 2 * lh - 0.4, stroke=INK, width=0.3, radius=0.6)
        sk.field(
            sx + 0.2,
            top + lh + 0.2,
            STRENGTH_W - 0.4,
            2 * lh - 0.8,
            f"monster.{m + 1}.strength",
            tooltip=f"{tip}: {t['strength']}",
            kind="number",
            digits=3,
        )


def _circles(sk: Sketch, x, y, values, name: str, size=4.0, gap=0.7, tooltip: str = "") -> None:
    """Glory values to circle, one of them: a radio group on a fillable sheet."""
    for i, v in enumerate(values):
        bx = x + i * (size + gap)
        sk.tag(f"{name} {v}")  # a circle and the number printed in it are one element
        sk.checkbox(
            bx,
            y,
            size,
            name=f"{name}.{v}",
            round_=True,
            width=0.25,
            one_of=True,
            tooltip=tooltip,
            label=f"{tooltip} {v:+d}".strip(),
        )
        sk.text(
            f"{v:+d}" if v < 0 else str(v),
            bx,
            y,
            size,
            size,
            size=NUMBER_SIZE,
            align="center",
            color=FAINT,
            field=name,
        )
    sk.untag()


def _span(pair: list[int]) -> range:
    return range(pair[0], pair[1] + 1)


def _cards(sk: Sketch, r, data: SheetData, t: dict) -> None:
    x, y, w, _ = r
    c = data.circles
    _heading(sk, t["cards"], x, y, w * 0.4, "quest")
    # a once-per-game ability (its card says "mark it when used"): informational, not scored;
    # on the heading's line, 5 mm clear of every box the scan reader reads
    sk.checkbox(x + w * 0.4, y + 0.8, 3.0, name="ability.once", width=0.3, tooltip=t["once"])
    sk.text(
        t["once"],
        x + w * 0.4 + 3.8,
        y + 0.5,
        w * 0.6 - 3.8,
        3.6,
        size=6,
        min_size=5,
        color=FAINT,
        field="once",
    )
    sk.text(t["quests"], x, y + 5, w, 3.6, size=6, min_size=6, color=FAINT, field="quests")
    for q in range(3):
        qy = y + 9 + q * 5
        sk.text(f"{q + 1}.", x, qy, 3.5, 4, size=6, style="bold", field="quests")
        tip = f"{t['quests'].split(':')[0]} {q + 1}"
        _fit_circles(sk, x + 4, qy, w - 4, _span(c.quest), f"quest.{q + 1}.glory", tip)
    sk.text(t["goal"], x, y + 23.2, w, 3.6, size=6, min_size=6, color=FAINT, field="goal")
    _fit_circles(sk, x + 4, y + 27, w - 4, _span(c.goal), "goal.glory", t["goal"].split(":")[0])
    sk.text(t["ability"], x, y + 31.3, w, 3.6, size=6, min_size=6, color=FAINT, field="ability")
    tip = t["ability"].split(":")[0]
    _fit_circles(sk, x + 4, y + 35, w - 4, _span(c.ability), "ability.glory", tip)


def _legend(sk: Sketch, r, plan: Plan, t: dict) -> None:
    """One line under the plan: each symbol the plan uses, drawn as on the plan, and its meaning."""
    x, y, w, h = r
    kinds = {f.treasure.kind for f in plan.rooms.values() if f.treasure}
    used = {
        "minion": any(f.minion for f in plan.rooms.values()),
        "trap": any(f.trap for f in plan.rooms.values()),
        "gem": "gem" in kinds,
        "potion": bool(kinds & {"potion", "potions"}),
        "level": "level" in kinds,
        "item_half": "item-half" in kinds,
        "teleport": bool(plan.teleports),
        "water": bool(plan.water),
        "entrance": True,
    }
    entries = [k for k in LEGEND_KEYS if used[k]]
    icon, gap, sep = h * 0.9, 0.6, 2.0  # mm: symbol size, symbol to text, entry to entry
    wide = {"water": icon * 1.6}  # the wave is drawn wider than it is high
    metrics = sk.env.metrics

    def width(text: str, style: str, size: float) -> float:
        return metrics.width(text, f"sans-{style}", size) / 2.835

    head = t["legend"]
    texts = [t[f"legend_{k}"] for k in entries]
    pad = 0.4  # mm added to each text's measured width
    # everything but the texts: symbols, their gaps, the separators and pads (the line ends at w)
    fixed = sum(wide.get(k, icon) + gap for k in entries) + sep * (len(entries) - 0.4)
    fixed += pad * (len(entries) + 1)
    natural = width(head, "bold", LEGEND_SIZE) + sum(
        width(s, "regular", LEGEND_SIZE) for s in texts
    )
    size = min(LEGEND_SIZE, LEGEND_SIZE * (w - fixed) / natural)
    if size < LEGEND_MIN:
        raise PapirnaError(
            f"the plan legend needs {fixed + natural * LEGEND_MIN / LEGEND_SIZE:.0f} mm on one "
            f"line, the sheet has {w:.0f} mm: shorten the legend_* texts",
            field="text.legend",
        )
    sk.tag("plan legend")
    hw = width(head, "bold", size) + pad
    sk.text(head, x, y, hw, h, size=size, min_size=size, style="bold", color=ACCENT, field="legend")
    cx, iy = x + hw + sep * 0.6, y + (h - icon) / 2
    for key, text in zip(entries, texts, strict=True):
        iw = wide.get(key, icon)
        if key == "water":
            wave(sk, cx, y + h / 2, cx + iw, y + h / 2, amp=0.35)
        elif key in ("gem", "potion", "level", "item_half"):
            ring = icon / 2
            sk.circle(cx + ring, iy + ring, ring, stroke=FAINT, width=0.2)
            inner = icon * 0.66
            kind = {"level": "level", "item_half": "item-half"}.get(key, key)
            off = (icon - inner) / 2
            sk.icon(TREASURE_ICONS[kind], cx + off, iy + off, inner, color=INK)
        else:
            color = PORTAL if key == "teleport" else INK
            sk.icon(key, cx, iy, icon, color=color)
        cx += iw + gap
        tw = width(text, "regular", size) + pad
        sk.text(text, cx, y, tw, h, size=size, min_size=size, field=f"legend_{key}")
        cx += tw + sep
    sk.untag()


def _fit_circles(sk: Sketch, x, y, w, values: range, name: str, tooltip: str = "") -> None:
    """Circles of 4 mm (down to 3.6 mm when there are many) in a row no wider than w."""
    n = len(values)
    gap = 0.7 if n * 4.7 <= w else 0.45
    size = min(4.0, (w - (n - 1) * gap) / n)
    if size < 3.6:
        raise PapirnaError(f"{n} glory circles do not fit in {w:.0f} mm", field=name)
    _circles(sk, x, y, values, name, size=size, gap=gap, tooltip=tooltip)


def _scoring(sk: Sketch, r, data: SheetData, t: dict, top: float = 5.5) -> None:
    x, y, w, h = r
    table = data.scoring
    per = {
        "halves": table.item_half,
        "gems": table.gem,
        "minions": table.minion,
        "wounds": table.wound,
    }
    _heading(sk, t["scoring"], x, y, w, "glory")
    cats = (*CATEGORIES, "total")
    per_row = (len(cats) + 1) // 2
    cw = w / per_row
    row_h = (h - top) / 2
    for i, cat in enumerate(cats):
        rr, cc = divmod(i, per_row)
        cx, cy = x + cc * cw, y + top + rr * row_h
        if cat == "total":  # the total takes the rest of the second row
            cx, cw_cat = x + cc * cw, w - cc * cw
        else:
            cw_cat = cw
        # a header's name stays on one line (no break at its spaces); its ×points go under it
        label = (t["total"] if cat == "total" else t[f"cat_{cat}"]).replace(" ", NBSP)
        if cat in per:  # the points per mark, so that the sheet can be scored without the rules
            label += f"\n**×{per[cat]}**".replace("-", "−")
        head = row_h * 0.5
        sk.tag(f"scoring {cat} head")  # a header cell and its label: one element
        sk.rect(
            cx,
            cy,
            cw_cat,
            head,
            fill=SHADE if cat == "total" else "#f6f1e6",
            stroke=INK,
            width=0.25,
        )
        sk.text(
            label,
            cx + 0.5,
            cy + 0.2,
            cw_cat - 1,
            head - 0.4,
            size=6.5,
            min_size=6,
            align="center",
            line_height=1.0,
            style="bold" if cat == "total" else "regular",
            field=f"scoring.{cat}",
            hyphenate=False,
        )
        sk.untag()
        sk.rect(
            cx,
            cy + head,
            cw_cat,
            row_h - head,
            fill=SHADE if cat == "total" else None,
            stroke=INK,
            width=0.6 if cat == "total" else 0.25,
        )
        sk.field(
            cx + 0.5,
            cy + head + 0.3,
            cw_cat - 1,
            row_h - head - 0.6,
            f"score.{cat}",
            tooltip=t["total"] if cat == "total" else t[f"cat_{cat}"],
            kind="number",
            digits=3,
        )


def build_sheet(ctx: BuildContext) -> list[Drawn]:
    """The player sheet for the printable's plan (files: plan), plain or fillable."""
    plan = ctx.files["plan"]
    sheet_id = f"PD-{plan.id}-{ctx.paper}-{ctx.lang}" + ("-F" if ctx.fillable else "")
    ops = sheet_ops(ctx.layout, ctx.data, plan, ctx.env, ctx.lang, sheet_id)
    return [Drawn(ctx.layout.width, ctx.layout.height, ops)]


BUILDERS = {"papirove-doupe/sheet": build_sheet}
