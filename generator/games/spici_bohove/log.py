"""The Spící bohové ship's log: campaign record, sacred items, final score, and a voyage journal.

Page 1 holds everything `papirna score spici-bohove` reads from a filled fillable log; page 2 is
a journal of the evenings. Field names: campaign, version.normal / version.ruthless, player.N,
crew.N, defeat.N, pass.N, ending, sacred.N, the counts of LOG_COUNT_FIELDS, score.CATEGORY and
score.total (the players' own sums), journal.N.date / .pass / .location / .notes, notes.N.
"""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.games.spici_bohove.models import LOG_COUNT_FIELDS, SCORE_CATEGORIES, LogData
from generator.games.spici_bohove.sheets import SpiciBohoveScoring
from generator.games.spici_bohove.style import (
    ACCENT,
    DEFEAT,
    FAINT,
    GOLD,
    INK,
    MUTED,
    PALE,
    SHADE,
    heading,
    signed,
)
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch
from generator.layout.spec import region

DERIVED = {  # score lines whose count comes from another part of the log
    "sacred_items": "from_sacred",
    "ending": "from_ending",
    "defeats": "from_defeats",
    "ruthless": "from_version",
}


def rule_numbers(table: SpiciBohoveScoring) -> dict[str, str]:
    """The scoring table as the words the rules print: signed points, plain coins per point."""
    out = {k: signed(v) for k, v in table.model_dump().items()}
    out["coins_per_point"] = str(table.coins_per_point)
    return out


def score_rules(data: LogData, table: SpiciBohoveScoring, lang: str) -> dict[str, str]:
    """Each final-score line's rule with the numbers of the scoring table filled in."""
    numbers = rule_numbers(table)
    out = {}
    for cat in SCORE_CATEGORIES:
        template = data.score[cat].rule.get(lang)
        try:
            out[cat] = template.format(**numbers)
        except (KeyError, IndexError, ValueError) as e:
            raise PapirnaError(
                f"score.{cat}.rule: cannot fill {template!r} ({e}); "
                f"known numbers: {', '.join('{' + k + '}' for k in numbers)}"
            ) from None
    return out


def _labelled_field(sk: Sketch, label: str, x, y, w, name: str, *, label_w: float) -> None:
    sk.text(label + ":", x, y, label_w, 6, size=8.5, style="bold", field=name)
    sk.line(x + label_w, y + 5.6, x + w, y + 5.6, stroke=FAINT, width=0.3)
    sk.field(x + label_w, y, w - label_w, 5.8, name, tooltip=label)


def _header(sk: Sketch, r, t: dict[str, str]) -> None:
    x, y, w, h = r
    sk.text(t["title"], x, y, 92, 10.5, size=24, min_size=14, font="display", color=ACCENT)
    sk.text(t["subtitle"], x, y + 10.5, 96, 4.5, size=7.5, min_size=5.5, color=FAINT)
    rx = x + 100
    _labelled_field(sk, t["campaign"], rx, y + 0.5, w - 100, "campaign", label_w=18)
    sk.text(t["version"] + ":", rx, y + 8.5, 18, 6, size=8.5, style="bold", field="version")
    for i, key in enumerate(("normal", "ruthless")):
        bx = rx + 18 + i * 34
        sk.checkbox(
            bx,
            y + 9.3,
            4.4,
            name=f"version.{key}",
            width=0.4,
            one_of=True,
            tooltip=t["version"],
            label=f"{t['version']}: {t[key]}",
        )
        sk.text(t[key], bx + 5.8, y + 8.5, 27, 6, size=8.5, field=f"version.{key}")
    sk.line(x, y + h - 0.5, x + w, y + h - 0.5, stroke=ACCENT, width=0.6)


def _crew(sk: Sketch, r, data: LogData, t: dict[str, str]) -> None:
    x, y, w, h = r
    heading(sk, t["crew"], x, y, w)
    top = y + 6
    note_h = 6.5
    head_h = 4.5
    row_h = (h - 6 - head_h - note_h - 1) / data.crew_rows
    cols = (7.0, 40.0, w - 47.0)
    sk.rect(x, top, w, head_h, fill=SHADE, stroke=None)
    cx = x
    for cw, label in zip(cols, ("#", t["player"], t["characters"]), strict=True):
        sk.text(label, cx + 1, top, cw - 2, head_h, size=7, style="bold", color=INK, field=label)
        cx += cw
    for n in range(data.crew_rows):
        ry = top + head_h + n * row_h
        sk.line(x, ry + row_h, x + w, ry + row_h, stroke=FAINT, width=0.3)
        sk.text(f"{n + 1}.", x + 1, ry, cols[0] - 2, row_h, size=8, color=FAINT, field="crew")
        tip = f"{t['player']} {n + 1}", f"{t['characters']} {n + 1}"
        cw1, cw2 = cols[1] - 1, cols[2] - 1
        sk.field(x + cols[0] + 0.5, ry + 0.5, cw1, row_h - 1, f"player.{n + 1}", tooltip=tip[0])
        sk.field(
            x + cols[0] + cols[1] + 0.5, ry + 0.5, cw2, row_h - 1, f"crew.{n + 1}", tooltip=tip[1]
        )
    sk.line(x + cols[0], top, x + cols[0], top + head_h + data.crew_rows * row_h, stroke=FAINT)
    sk.line(
        x + cols[0] + cols[1],
        top,
        x + cols[0] + cols[1],
        top + head_h + data.crew_rows * row_h,
        stroke=FAINT,
    )
    sk.text(
        t["crew_note"],
        x,
        y + h - note_h,
        w,
        note_h,
        size=6.5,
        min_size=5,
        color=MUTED,
        line_height=1.05,
        field="crew_note",
    )


def _passes(sk: Sketch, r, data: LogData, t: dict[str, str]) -> None:
    x, y, w, _h = r
    heading(sk, t["passes"], x, y, w)
    box, num = 7.0, 4.0
    step = box + num + 1.5
    for n in range(data.event_passes):
        bx = x + n * step
        sk.text(
            f"{n + 1}.",
            bx,
            y + 7,
            num - 0.6,
            box,
            size=7.5,
            align="right",
            color=FAINT,
            field="passes",
        )
        last = n == data.event_passes - 1
        sk.checkbox(
            bx + num,
            y + 7,
            box,
            name=f"pass.{n + 1}",
            width=0.6 if last else 0.4,
            stroke=GOLD if last else INK,
        )
    nx = x + data.event_passes * step + 1
    sk.text(
        t["passes_note"],
        nx,
        y + 6.5,
        x + w - nx,
        box + 1,
        size=6.5,
        min_size=5,
        color=MUTED,
        line_height=1.05,
        field="passes_note",
    )


def _ending(sk: Sketch, r, t: dict[str, str]) -> None:
    x, y, w, h = r
    heading(sk, t["ending"], x, y, w, "check")
    bw, bh = 24.0, h - 7
    sk.rect(x, y + 6.5, bw, bh, stroke=INK, width=0.6, radius=1.2)
    sk.text(t["number"], x + 1.4, y + 7.3, 8, 4, size=6.5, color=FAINT, field="number")
    sk.field(x + 5, y + 7, bw - 5.5, bh - 1, "ending", tooltip=t["ending"], kind="number")
    sk.text(
        t["ending_note"],
        x + bw + 2.5,
        y + 6,
        w - bw - 2.5,
        h - 6,
        size=6.5,
        min_size=5,
        color=MUTED,
        line_height=1.05,
        field="ending_note",
    )


def _defeats(sk: Sketch, r, data: LogData, t: dict[str, str], table: SpiciBohoveScoring) -> None:
    x, y, w, h = r
    heading(sk, t["defeats"], x, y, 60, "skull")
    box, cell = 7.0, 10.6
    for n in range(data.defeat_boxes):
        bx = x + n * cell
        sk.checkbox(bx, y + 6.5, box, name=f"defeat.{n + 1}", width=0.45, stroke=DEFEAT)
        sk.text(
            signed(table.defeat),
            bx - 1,
            y + 6.5 + box + 0.3,
            box + 2,
            3.6,
            size=6,
            align="center",
            color=DEFEAT,
            field="defeats",
        )
    nx = x + data.defeat_boxes * cell + 2
    sk.text(
        t["defeats_note"],
        nx,
        y + 0.5,
        x + w - nx,
        h - 0.5,
        size=6.5,
        min_size=5,
        color=MUTED,
        line_height=1.05,
        field="defeats_note",
    )


def _sacred(sk: Sketch, r, data: LogData, t: dict[str, str]) -> None:
    x, y, w, h = r
    heading(sk, t["sacred"], x, y, 62, "glory")
    sk.text(
        t["sacred_note"],
        x + 62,
        y,
        w - 62,
        5.5,
        size=6.5,
        min_size=5,
        color=MUTED,
        line_height=1.0,
        field="sacred_note",
    )
    per_row = data.sacred_per_row
    rows = -(-data.sacred_items // per_row)
    top = y + 7
    cw, ch = w / per_row, (h - 7) / rows
    for n in range(data.sacred_items):
        rr, cc = divmod(n, per_row)
        cx, cy = x + cc * cw, top + rr * ch
        sk.rect(
            cx + 0.6, cy + 0.6, cw - 1.2, ch - 1.2, fill=PALE, stroke=FAINT, width=0.25, radius=1
        )
        sk.text(
            str(n + 1),
            cx + 1.6,
            cy + 0.6,
            cw - 10,
            ch - 1.2,
            size=10,
            style="bold",
            color=ACCENT,
            field="sacred",
        )
        size = min(6.5, ch - 3)
        sk.checkbox(
            cx + cw - size - 2, cy + (ch - size) / 2, size, name=f"sacred.{n + 1}", width=0.4
        )


def _score(
    sk: Sketch,
    r,
    data: LogData,
    t: dict[str, str],
    labels: dict[str, str],
    rules: dict[str, str],
) -> None:
    x, y, w, h = r
    heading(sk, t["score"], x, y, 60, "glory")
    sk.text(
        t["score_note"],
        x + 60,
        y,
        w - 60,
        5.5,
        size=6.5,
        min_size=5,
        color=MUTED,
        field="score_note",
    )
    # columns: label, rule, count, '=', points
    cl, cr, cc, ce = 58.0, 82.0, 22.0, 7.0
    cp = w - cl - cr - cc - ce
    xs = (x, x + cl, x + cl + cr, x + cl + cr + cc, x + cl + cr + cc + ce)
    top = y + 7.5
    head_h = 4.5
    rows = len(SCORE_CATEGORIES)
    total_h = 11.0
    row_h = (h - 7.5 - head_h - total_h - 1.5) / rows
    sk.rect(x, top, w, head_h, fill=SHADE, stroke=None)
    for cx, cw, label, align in (
        (xs[1], cr, t["rule"], "left"),
        (xs[2], cc, t["count"], "center"),
        (xs[4], cp, t["points"], "center"),
    ):
        sk.text(label, cx + 1, top, cw - 2, head_h, size=7, style="bold", align=align, field=label)
    for i, cat in enumerate(SCORE_CATEGORIES):
        ry = top + head_h + i * row_h
        if i % 2:
            sk.rect(x, ry, w, row_h, fill=PALE, stroke=None)
        line = data.score[cat]
        label = labels.get(f"score_{cat}")
        if label is None:
            raise PapirnaError(f"pack.yaml has no label score_{cat} for the final score")
        icon = min(5.0, row_h - 2)
        sk.icon(line.icon, x + 1, ry + (row_h - icon) / 2, icon, color=ACCENT)
        sk.text(
            f"**{label}**",
            x + icon + 2.5,
            ry,
            cl - icon - 3,
            row_h,
            size=8.5,
            min_size=6,
            field=f"score.{cat}",
        )
        sk.text(
            rules[cat],
            xs[1] + 1,
            ry,
            cr - 2,
            row_h,
            size=7.5,
            min_size=5.5,
            line_height=1.05,
            field=f"score.{cat}.rule",
        )
        bx, by, bh = xs[2] + 2, ry + 1, row_h - 2
        if cat in DERIVED:
            sk.rect(bx, by, cc - 4, bh, fill=SHADE, stroke=FAINT, width=0.25, radius=0.8)
            sk.text(
                f"↑ {t[DERIVED[cat]]}",
                bx,
                by,
                cc - 4,
                bh,
                size=6,
                min_size=4.5,
                align="center",
                color=FAINT,
                style="italic",
                field=f"score.{cat}",
            )
        else:
            sk.rect(bx, by, cc - 4, bh, fill="#ffffff", stroke=INK, width=0.35, radius=0.8)
            tip = f"{label}: {t['count']}"
            sk.field(
                bx + 0.5,
                by + 0.3,
                cc - 5,
                bh - 0.6,
                LOG_COUNT_FIELDS[cat],
                tooltip=tip,
                kind="number",
                digits=3,
            )
        sk.text("=", xs[3], ry, ce, row_h, size=9, align="center", color=FAINT, field="=")
        sk.rect(xs[4] + 1, by, cp - 2, bh, fill="#ffffff", stroke=INK, width=0.35, radius=0.8)
        tip = f"{label}: {t['points']}"
        sk.field(
            xs[4] + 1.5,
            by + 0.3,
            cp - 3,
            bh - 0.6,
            f"score.{cat}",
            tooltip=tip,
            kind="number",
            digits=4,
        )
    ty = top + head_h + rows * row_h + 1.5
    sk.line(x, ty - 0.8, x + w, ty - 0.8, stroke=ACCENT, width=0.6)
    sk.text(  # right-aligned, ending 4 mm before the total's box
        t["total"],
        xs[2],
        ty,
        cc + ce - 3,
        total_h,
        size=11,
        style="bold",
        align="right",
        color=ACCENT,
        field="total",
    )
    sk.rect(
        xs[4] + 1, ty + 0.5, cp - 2, total_h - 1, fill=SHADE, stroke=ACCENT, width=0.8, radius=1
    )
    sk.field(
        xs[4] + 1.5,
        ty + 1,
        cp - 3,
        total_h - 2,
        "score.total",
        tooltip=t["total"],
        kind="number",
        digits=4,
    )
    sk.text(
        t["score_hint"],
        x,
        ty,
        xs[2] - x - 4,
        total_h,
        size=6.5,
        color=FAINT,
        font="sans",
        style="italic",
        field="footer",
    )


def _journal(sk: Sketch, r, data: LogData, t: dict[str, str]) -> None:
    x, y, w, h = r
    sk.text(t["journal"], x, y, 100, 10.5, size=20, min_size=14, font="display", color=ACCENT)
    sk.text(
        t["journal_note"],
        x + 100,
        y + 0.5,
        w - 100,
        9.5,
        size=7,
        min_size=5.5,
        color=MUTED,
        line_height=1.05,
        field="journal_note",
    )
    sk.line(x, y + 11.5, x + w, y + 11.5, stroke=ACCENT, width=0.6)
    top = y + 14
    head_h = 5.0
    notes_h = 38.0
    row_h = (h - 14 - head_h - notes_h - 4) / data.journal_rows
    cols = (
        ("#", t["evening"], 13.0),
        ("date", t["date"], 24.0),
        ("pass", t["journal_pass"], 15.0),
        ("location", t["location"], 42.0),
        ("notes", t["notes"], w - 94.0),
    )
    sk.rect(x, top, w, head_h, fill=SHADE, stroke=None)
    cx = x
    for _key, label, cw in cols:
        sk.text(label, cx + 1, top, cw - 2, head_h, size=7, min_size=5.5, style="bold", field=label)
        cx += cw
    tips = {key: label for key, label, _cw in cols}
    bottom = top + head_h + data.journal_rows * row_h
    for n in range(data.journal_rows):
        ry = top + head_h + n * row_h
        if n % 2:
            sk.rect(x, ry, w, row_h, fill=PALE, stroke=None)
        sk.line(x, ry + row_h, x + w, ry + row_h, stroke=FAINT, width=0.25)
        cx = x
        for key, _label, cw in cols:
            if key == "#":
                sk.text(
                    f"{n + 1}.", cx + 1, ry, cw - 2, row_h, size=7.5, color=FAINT, field="journal"
                )
            else:
                sk.field(
                    cx + 0.5,
                    ry + 0.4,
                    cw - 1,
                    row_h - 0.8,
                    f"journal.{n + 1}.{key}",
                    tooltip=f"{t['evening']} {n + 1}: {tips[key]}",
                )
            cx += cw
    cx = x
    for _key, _label, cw in cols[:-1]:
        cx += cw
        sk.line(cx, top, cx, bottom, stroke=FAINT, width=0.25)
    ny = bottom + 4
    heading(sk, t["more_notes"], x, ny, w)
    lines = 5
    lh = (notes_h - 6) / lines
    for n in range(lines):
        ly = ny + 6 + (n + 1) * lh
        sk.line(x, ly, x + w, ly, stroke=FAINT, width=0.25)
        tip = f"{t['more_notes']} {n + 1}"
        sk.field(x, ly - lh + 0.4, w, lh - 0.6, f"notes.{n + 1}", tooltip=tip)


def build_log(ctx: BuildContext) -> list[Drawn]:
    """The ship's log: campaign record with the final score, then the voyage journal."""
    data: LogData = ctx.data
    table = ctx.files.get("scoring")
    if table is None:
        raise PapirnaError("the log printable needs files: {scoring: ...} (the point table)")
    t = {k: v.get(ctx.lang) for k, v in data.text}
    rules = score_rules(data, table, ctx.lang)
    layout = ctx.layout
    sk = Sketch(ctx.env, "ship's log")
    _header(sk, region(layout, "header"), t)
    _crew(sk, region(layout, "crew"), data, t)
    _passes(sk, region(layout, "passes"), data, t)
    _ending(sk, region(layout, "ending"), t)
    _defeats(sk, region(layout, "defeats"), data, t, table)
    _sacred(sk, region(layout, "sacred"), data, t)
    _score(sk, region(layout, "score"), data, t, ctx.labels, rules)
    first = Drawn(layout.width, layout.height, sk.ops)
    sk2 = Sketch(ctx.env, "ship's log, journal")
    _journal(sk2, region(layout, "journal"), data, t)
    return [first, Drawn(layout.width, layout.height, sk2.ops)]


BUILDERS = {"spici-bohove/log": build_log}
