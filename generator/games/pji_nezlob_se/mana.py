"""PJi, nezlob se mana trackers: one strip per wizard with 1d6 + 2 boxes (+1 for elves) and the
cost of each spell."""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.games.pji_nezlob_se.art import (
    FAINT,
    INK,
    WHITE,
    die_face,
    mix,
    page_header,
    party_badge,
    pattern_rect,
)
from generator.games.pji_nezlob_se.models import Game, ManaText, Party
from generator.layout.builders import BuildContext, Drawn
from generator.layout.sketch import Sketch

BOX = 10.0
GAP = 2.2
STRIP_H = 27.0
COPIES = 2  # trackers per party on the sheet (a second game, or a spare)


def unit(forms: str, n: int, lang: str) -> str:
    """The word for `n` mana from 'one|few|many' forms (Czech: 1 mag, 2 magy, 5 magů)."""
    parts = forms.split("|")
    if len(parts) != 3:
        raise PapirnaError(f"mana unit {forms!r} needs three forms like 'mag|magy|magů'")
    one, few, many = parts
    if n == 1:
        return one
    if lang == "cs" and 2 <= n <= 4:
        return few
    return many


def tracker_boxes(game: Game, party: Party) -> list[tuple[str, int]]:
    """The boxes of one tracker, in order: ('plus', k) fixed, ('die', face), ('race', k)."""
    race = game.race(party.race)
    boxes = [("plus", k + 1) for k in range(game.mana.plus)]
    boxes += [("die", f) for f in range(1, 6 * game.mana.dice + 1)]
    boxes += [("race", k + 1) for k in range(race.mana)]
    return boxes


def _tracker(sk: Sketch, game: Game, party: Party, t: dict, lang: str, x, y, w, copy: int) -> None:
    """One wizard's strip: who it is for, the mana boxes, and the spells with their costs."""
    race = game.race(party.race)
    h = STRIP_H
    sk.rect(x, y, w, h, fill=mix(party.color, WHITE, 0.9), stroke=None)
    pattern_rect(sk, party, x, y, 4.0, h)
    sk.rect(x, y, w, h, stroke=FAINT, width=0.25)  # cut line
    party_badge(sk, game, party, x + 12.5, y + 9.5, 6.0)
    sk.icon("wizard", x + 7.5, y + 16.5, 9.5, color=INK)
    sk.text(
        f"**{race.name.get(lang)}**\n{party.name.get(lang)}",
        x + 19.5,
        y + 2.5,
        26,
        9,
        size=8,
        min_size=6,
        line_height=1.1,
        color=INK,
        field="party",
    )
    sk.text(
        f"*{t['tracker']}*",
        x + 19.5,
        y + 12,
        26,
        8,
        size=6.5,
        min_size=6,
        line_height=1.05,
        color=INK,
        field="tracker",
    )
    # the boxes
    bx = x + 47.0
    by = y + 4.0
    boxes = tracker_boxes(game, party)
    for i, (kind, n) in enumerate(boxes):
        cx = bx + i * (BOX + GAP)
        fill = WHITE if kind != "race" else mix(party.color, WHITE, 0.7)
        sk.checkbox(
            cx, by, BOX, name=f"mana.{party.id}.{copy}.{i + 1}", fill=fill, stroke=INK, width=0.4
        )
        ly = by + BOX + 1.5
        if kind == "die":
            die_face(sk, n, cx + (BOX - 6.0) / 2, ly, 6.0)
        elif kind == "race":
            sk.icon(race.icon, cx + 0.5, ly, 5.0, color=INK)
            sk.text(
                "**+1**", cx + 5.2, ly, 5, 6, size=6.5, min_size=6, color=INK, field="race bonus"
            )
    plus = sum(1 for k, _ in boxes if k == "plus")
    if plus:
        # a bracket under the fixed boxes
        left, right = bx, bx + plus * (BOX + GAP) - GAP
        ly = by + BOX + 2.0
        sk.path(
            [("M", left, ly), ("L", left, ly + 1.5), ("L", right, ly + 1.5), ("L", right, ly)],
            stroke=INK,
            width=0.35,
        )
        sk.text(
            f"**+{plus}**",
            left,
            ly + 1.8,
            right - left,
            4,
            size=7,
            align="center",
            color=INK,
            field="plus",
        )
    if race.mana:
        rx = bx + (len(boxes) - race.mana) * (BOX + GAP)
        sk.text(
            f"*{t['race_bonus']}*",
            rx - 8,
            by + BOX + 7.8,
            BOX + 16,
            4.0,
            size=6,
            min_size=6,
            align="center",
            color=INK,
            field="race bonus",
        )
    # the spells
    sx = bx + 9 * (BOX + GAP) + 2.0
    sw = x + w - sx - 2.0
    sk.line(sx - 2.0, y + 3, sx - 2.0, y + h - 3, stroke=FAINT, width=0.25)
    lines = [f"**{t['spells']}**"]
    for spell in game.spells:
        cost = f"{spell.cost} {unit(t['units'], spell.cost, lang)}"
        note = f" *({t['optional']})*" if spell.optional else ""
        lines.append(f"{spell.name.get(lang)}: **{cost}**{note}")
    sk.text(
        "\n".join(lines),
        sx,
        y + 2.5,
        sw,
        h - 5,
        size=8.5,
        min_size=6,
        valign="top",
        line_height=1.2,
        color=INK,
        field="spells",
    )


def mana_ops(game: Game, text: ManaText, env, lang: str, width: float, height: float) -> list:
    """The sheet of mana trackers: two per party, with how to use them."""
    t = {k: getattr(text, k).get(lang) for k in type(text).model_fields}
    sk = Sketch(env, "mana")
    page_header(sk, t["title"], t["subtitle"], width)
    start = (
        f"{game.mana.dice}k6 + {game.mana.plus}"
        if lang == "cs"
        else (f"{game.mana.dice}d6 + {game.mana.plus}")
    )
    how = t["how"].replace("{start}", start)
    sk.text(how, 0, 19, width, 22, size=8.5, min_size=6.5, valign="top", color=INK, field="how")
    y = 43.0
    gap = (height - y - len(game.parties) * COPIES * STRIP_H) / (len(game.parties) * COPIES - 1)
    gap = min(gap, 4.0)
    n = 0
    for copy in range(COPIES):
        for party in game.parties:
            _tracker(sk, game, party, t, lang, 0, y + n * (STRIP_H + gap), width, copy + 1)
            n += 1
    return sk.ops


def build_mana(ctx: BuildContext) -> list[Drawn]:
    """The mana tracker sheet."""
    game: Game = ctx.files["game"]
    w, h = ctx.layout.width, ctx.layout.height
    return [Drawn(w, h, mana_ops(game, ctx.data, ctx.env, ctx.lang, w, h))]


BUILDERS = {"pji-nezlob-se/mana": build_mana}
