"""PJi, nezlob se stats card: Combat, Agility and Magic of each figure type with the race bonuses,
one cut-out card per race with its figures' values, and the odds of a contest."""

from __future__ import annotations

from generator.games.pji_nezlob_se.art import (
    ACCENT,
    FAINT,
    INK,
    WHITE,
    mix,
    on_color,
    page_header,
    party_badge,
    pattern_rect,
)
from generator.games.pji_nezlob_se.models import STATS, Game, Party, StatsText
from generator.games.pji_nezlob_se.rules import contest_odds, duel_odds
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch

SHADE = "#efe6d2"
LINE = "#b9ad98"


def percent(value) -> str:
    """A chance as a whole percentage."""
    return f"{round(float(value) * 100)} %"


def _figure_table(sk: Sketch, game: Game, t: dict, lang: str, x, y, w) -> float:
    """Base values of each figure type and the race that is best at it; returns the height."""
    widths = [38.0, 22.0, 22.0, 22.0]
    widths.append(w - sum(widths))
    head_h, row_h = 10.0, 9.0
    sk.rect(x, y, w, head_h, fill=SHADE, stroke=None)
    heads = [
        f"**{t['figure']}**",
        *[
            f"**{getattr(game.stats, s).get(lang)}**\n*{getattr(game.stats, s + '_use').get(lang)}*"
            for s in STATS
        ],
        f"**{t['bonus']}**",
    ]
    cx = x
    for i, (head, cw) in enumerate(zip(heads, widths, strict=True)):
        align = "center" if 0 < i < 4 else "left"
        sk.text(
            head,
            cx + 1.5,
            y + 0.9,
            cw - 3,
            head_h - 1.6,
            size=7.5,
            min_size=6,
            align=align,
            line_height=1.05,
            color=INK,
            field="table header",
        )
        cx += cw
    for r, fig in enumerate(game.figures):
        ry = y + head_h + r * row_h
        if r % 2:
            sk.rect(x, ry, w, row_h, fill=mix(SHADE, WHITE, 0.5), stroke=None)
        sk.icon(fig.icon, x + 1.5, ry + 1.5, row_h - 3, color=INK)
        sk.text(
            f"**{fig.name.get(lang)}**",
            x + row_h,
            ry,
            widths[0] - row_h,
            row_h,
            size=9,
            min_size=6,
            color=INK,
            field=f"{fig.id} name",
        )
        cx = x + widths[0]
        for s, cw in zip(STATS, widths[1:4], strict=True):
            sk.text(
                str(fig.stats.get(s)),
                cx,
                ry,
                cw,
                row_h,
                size=12,
                style="bold",
                align="center",
                color=INK,
                field=f"{fig.id} {s}",
            )
            cx += cw
        race = next((rc for rc in game.races if rc.speciality == fig.id), None)
        if race is not None:
            sk.icon(race.icon, cx + 1.5, ry + 1.8, row_h - 3.6, color=INK)
            sk.text(
                race.extended.get(lang),
                cx + row_h + 0.5,
                ry,
                widths[4] - row_h - 1,
                row_h,
                size=7.5,
                min_size=6,
                color=INK,
                field=f"{race.id} extended",
            )
    total = head_h + len(game.figures) * row_h
    sk.rect(x, y, w, total, stroke=LINE, width=0.3)
    cx = x
    for cw in widths[:-1]:
        cx += cw
        sk.line(cx, y, cx, y + total, stroke=LINE, width=0.2)
    return total


def _race_card(sk: Sketch, game: Game, party: Party, t: dict, lang: str, x, y, w, h) -> None:
    """A player's card: the party's figures with race bonuses applied, and the race rules."""
    race = game.race(party.race)
    sk.rect(x, y, w, h, fill=mix(party.color, WHITE, 0.92), stroke=None)
    sk.rect(x, y, w, 10.5, fill=party.color, stroke=None)
    pattern_rect(sk, party, x, y + 10.5, w, 2.5)
    party_badge(sk, game, party, x + 6.5, y + 6.5, 5.2)
    sk.text(
        race.name.get(lang),
        x + 13.5,
        y + 0.5,
        w - 40,
        10,
        size=14,
        min_size=9,
        font="display",
        color=on_color(party.color),
        field=f"{race.id} name",
    )
    sk.text(
        party.name.get(lang),
        x + w - 28,
        y + 0.5,
        26,
        10,
        size=8,
        min_size=6,
        align="right",
        color=on_color(party.color),
        field=f"{party.id} name",
    )
    # the party's values
    ty = y + 15.0
    col_w = 15.0
    name_w = w - 4 - 3 * col_w
    for i, s in enumerate(STATS):
        sk.text(
            f"**{getattr(game.stats, s).get(lang)}**",
            x + 2 + name_w + i * col_w,
            ty,
            col_w,
            4,
            size=6.5,
            min_size=6,
            align="center",
            color=INK,
            field=s,
        )
    ty += 4.5
    row_h = 6.0
    for r, fig in enumerate(game.figures):
        ry = ty + r * row_h
        if r % 2 == 0:
            sk.rect(x + 2, ry, w - 4, row_h, fill=mix(party.color, WHITE, 0.8), stroke=None)
        sk.icon(fig.icon, x + 3, ry + 0.9, row_h - 1.8, color=INK)
        sk.text(
            fig.name.get(lang),
            x + 3 + row_h,
            ry,
            name_w - row_h,
            row_h,
            size=7.5,
            min_size=6,
            color=INK,
            field=f"{fig.id} name",
        )
        eff = game.effective(race.id, fig.id)
        for i, s in enumerate(STATS):
            value, base = eff.get(s), fig.stats.get(s)
            label = f"**{value}**" if value == base else f"**{value}** *(+{value - base})*"
            sk.text(
                label,
                x + 2 + name_w + i * col_w,
                ry,
                col_w,
                row_h,
                size=8.5,
                min_size=6,
                align="center",
                color=INK,
                field=f"{fig.id} {s}",
            )
    ty += len(game.figures) * row_h + 2.0
    low, high = game.starting_mana(race.id)
    plus = game.mana.plus + race.mana
    mana = f"{game.mana.dice}k6+{plus}" if lang == "cs" else f"{game.mana.dice}d6+{plus}"
    body = (
        f"**{t['normal']}:** {race.basic.get(lang)}\n"
        f"**{t['extended']}:** {race.extended.get(lang)}\n"
        f":wizard: **{t['mana']}:** {mana} ({low}–{high})"
    )
    sk.text(
        body,
        x + 2.5,
        ty,
        w - 5,
        y + h - ty - 1.5,
        size=7.5,
        min_size=6,
        valign="top",
        line_height=1.15,
        color=INK,
        field=f"{race.id} rules",
    )
    sk.rect(x, y, w, h, stroke=party.color, width=0.6)


def _odds(sk: Sketch, t: dict, odds: dict, x, y, w, h) -> None:
    """The contest rule, and the attacker's chances by stat difference."""
    sk.text(t["contest"], x, y, 74, h, size=8, min_size=6, valign="top", color=INK, field="contest")
    ox = x + 78
    ow = w - 78
    sk.text(f"**{odds['title']}**", ox, y, ow, 5, size=8.5, color=ACCENT, field="odds title")
    diffs = list(range(-3, 4))
    label_w = 40.0
    cw = (ow - label_w) / len(diffs)
    ry = y + 6.0
    rh = 7.5
    sk.rect(ox, ry, ow, rh, fill=SHADE, stroke=None)
    sk.text(
        odds["difference"],
        ox + 1,
        ry,
        label_w - 2,
        rh,
        size=6.5,
        min_size=6,
        line_height=1.0,
        color=INK,
        field="difference",
    )
    for i, d in enumerate(diffs):
        sk.text(
            f"**{d:+d}**".replace("-", "\u2212") if d else "**0**",
            ox + label_w + i * cw,
            ry,
            cw,
            rh,
            size=8,
            align="center",
            color=INK,
            field="difference",
        )
    for r, (key, func) in enumerate((("single", contest_odds), ("duel", duel_odds))):
        yy = ry + rh + r * 10.0
        sk.text(
            odds[key],
            ox + 1,
            yy,
            label_w - 2,
            10,
            size=6.5,
            min_size=6,
            line_height=1.0,
            color=INK,
            field=key,
        )
        for i, d in enumerate(diffs):
            sk.text(
                percent(func(d)),
                ox + label_w + i * cw,
                yy,
                cw,
                10,
                size=8,
                align="center",
                color=INK,
                field=key,
            )
    bottom = ry + rh + 20.0
    sk.rect(ox, ry, ow, bottom - ry, stroke=LINE, width=0.3)
    sk.line(ox + label_w, ry, ox + label_w, bottom, stroke=LINE, width=0.2)
    sk.line(ox, ry + rh + 10.0, ox + ow, ry + rh + 10.0, stroke=LINE, width=0.2)
    sk.text(
        f"*{odds['note']}*",
        ox,
        bottom + 1.0,
        ow,
        y + h - bottom - 1.0,
        size=6.5,
        min_size=6,
        valign="top",
        color=FAINT,
        field="note",
    )


def stats_ops(game: Game, text: StatsText, env, lang: str, width: float, height: float) -> list:
    """The stats page: figure table, four race cards and the contest odds."""
    t = {k: getattr(text, k).get(lang) for k in type(text).model_fields if k != "odds"}
    odds = {k: getattr(text.odds, k).get(lang) for k in type(text.odds).model_fields}
    sk = Sketch(env, "stats")
    page_header(sk, t["title"], t["subtitle"], width)
    sk.text(f"**{t['table']}**", 0, 19, width, 5, size=10, color=ACCENT, field="table")
    y = 25.0
    y += _figure_table(sk, game, t, lang, 0, y, width) + 5.0
    gap = 4.0
    cw = (width - gap) / 2
    ch = 68.0
    for k, party in enumerate(game.parties):
        r, c = divmod(k, 2)
        _race_card(sk, game, party, t, lang, c * (cw + gap), y + r * (ch + gap), cw, ch)
    # dotted cut guides between the race cards
    y += 2 * ch + gap + 5.0
    _odds(sk, t, odds, 0, y, width, height - y)
    return sk.ops


def build_stats(ctx: BuildContext) -> list[Drawn]:
    """The stats page."""
    game: Game = ctx.files["game"]
    w, h = ctx.layout.width, ctx.layout.height
    return [Drawn(w, h, stats_ops(game, ctx.data, ctx.env, ctx.lang, w, h))]


BUILDERS = {"pji-nezlob-se/stats": build_stats}
