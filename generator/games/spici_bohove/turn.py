"""The Spící bohové turn reference: a half-page panel, one page per side, two copies per page.

Every box of the layout named `panel-N` gets one copy of the side; print the pages back to back
and cut along the frames to get double-sided panels. The text of a side shrinks as one until
all its columns fit (never below MIN_SIZE).
"""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.games.spici_bohove.models import RefBlock, RefSide, TurnReference
from generator.games.spici_bohove.style import ACCENT, FAINT, INK, PALE, WHITE
from generator.layout.builders import BuildContext, Drawn
from generator.layout.engine import Env
from generator.layout.sketch import Sketch
from generator.layout.text import TextFitError, wrap_lines

MAX_SIZE = 10.5
MIN_SIZE = 6.5
STEP = 0.25
LINE = 1.14
HEAD = 5.2  # height of a block's heading row, mm
PAD = 4.0  # inner margin of the panel
GAP = 6.0  # between columns
BAND = 11.0  # title band
FOOT = 5.0


def _body_height(env: Env, text: str, width: float, size: float, what: str) -> float:
    try:
        lines = wrap_lines(
            text,
            width,
            env.metrics,
            lang=env.lang,
            size=size,
            line_height=LINE,
            icon_ops=env.inline_icon,
            what=what,
        )
    except TextFitError as e:
        raise PapirnaError(e.message) from None
    return sum(ln.gap + ln.height for ln in lines)


def _fit(env: Env, side: RefSide, lang: str, col_w: float, room: float, what: str):
    """The largest text size at which every column fits `room`, and the block heights."""
    size = MAX_SIZE
    while size >= MIN_SIZE - 1e-9:
        heights = [
            [HEAD + _body_height(env, b.body.get(lang), col_w, size, what) for b in col]
            for col in side.columns
        ]
        if all(sum(hs) + 1.5 * (len(hs) - 1) <= room for hs in heights):
            return size, heights
        size -= STEP
    raise PapirnaError(
        f"{what}: the text does not fit the panel even at {MIN_SIZE:g}pt; shorten it"
    )


def _block(sk: Sketch, b: RefBlock, x, y, w, body_h, size, lang: str, what: str) -> None:
    if b.step is not None:
        d = HEAD - 0.6
        sk.circle(x + d / 2, y + d / 2, d / 2, fill=ACCENT, stroke=None)
        sk.text(
            str(b.step),
            x,
            y,
            d,
            d,
            size=8.5,
            style="bold",
            align="center",
            color=WHITE,
            field=f"{what}.step",
        )
        hx = x + d + 1.6
    elif b.icon:
        sk.icon(b.icon, x, y + 0.2, HEAD - 1.0, color=ACCENT)
        hx = x + HEAD + 0.8
    else:
        hx = x
    sk.text(
        b.heading.get(lang),
        hx,
        y,
        x + w - hx,
        HEAD - 0.6,
        size=11,
        min_size=7,
        style="bold",
        color=ACCENT,
        field=f"{what}.heading",
    )
    sk.text(
        b.body.get(lang),
        x,
        y + HEAD,
        w,
        body_h + 0.3,
        size=size,
        min_size=size,
        line_height=LINE,
        valign="top",
        color=INK,
        field=f"{what}.body",
    )


def _panel(
    sk: Sketch, env: Env, side: RefSide, r, footer: str, mark: str, lang: str, what: str
) -> None:
    x, y, w, h = r
    sk.rect(x, y, w, h, fill=None, stroke=ACCENT, width=0.4, radius=3)
    sk.path(
        [
            ("M", x, y + BAND),
            ("L", x, y + 3),
            ("C", x, y + 1.3, x + 1.3, y, x + 3, y),
            ("L", x + w - 3, y),
            ("C", x + w - 1.3, y, x + w, y + 1.3, x + w, y + 3),
            ("L", x + w, y + BAND),
            ("Z",),
        ],
        fill=ACCENT,
        stroke=None,
    )
    sk.text(
        side.title.get(lang),
        x + PAD,
        y + 0.8,
        w - 2 * PAD - 20,
        BAND - 1.6,
        size=16,
        min_size=10,
        font="display",
        color=WHITE,
        field=f"{what}.title",
    )
    sk.text(
        mark, x + w - PAD - 20, y, 20, BAND, size=8, align="right", color=PALE, field=f"{what}.mark"
    )
    cols = len(side.columns)
    col_w = (w - 2 * PAD - (cols - 1) * GAP) / cols
    top = y + BAND + 3
    room = h - BAND - 3 - FOOT - 1
    size, heights = _fit(env, side, lang, col_w, room, what)
    for c, (col, hs) in enumerate(zip(side.columns, heights, strict=True)):
        cx = x + PAD + c * (col_w + GAP)
        spare = room - sum(hs)
        gap = min(5.0, spare / (len(hs) - 1)) if len(hs) > 1 else 0.0
        by = top
        for i, (b, bh) in enumerate(zip(col, hs, strict=True)):
            _block(sk, b, cx, by, col_w, bh - HEAD, size, lang, f"{what}.columns[{c}][{i}]")
            by += bh + gap
        if c:
            sk.line(cx - GAP / 2, top, cx - GAP / 2, top + room, stroke=FAINT, width=0.25)
    sk.text(
        footer,
        x + PAD,
        y + h - FOOT,
        w - 2 * PAD,
        FOOT - 0.8,
        size=6.5,
        color=FAINT,
        align="right",
        field="footer",
    )


def build_turn(ctx: BuildContext) -> list[Drawn]:
    """One page per side of the turn reference, each with a copy of the side in every panel."""
    data: TurnReference = ctx.data
    layout = ctx.layout
    panels = sorted(
        (n for n in layout.boxes if n.startswith("panel-")), key=lambda n: int(n.split("-")[1])
    )
    if not panels:
        raise PapirnaError(f"layout {layout.name!r} has no box 'panel-1'")
    pages = []
    for s, side in enumerate(data.sides):
        sk = Sketch(ctx.env, f"turn reference, side {s + 1}")
        mark = f"{s + 1}/{len(data.sides)}"
        for k, name in enumerate(panels):
            b = layout.boxes[name]
            _panel(
                sk,
                ctx.env,
                side,
                (b.x, b.y, b.width, b.height),
                data.footer.get(ctx.lang),
                mark,
                ctx.lang,
                f"sides[{s}]",
            )
            if k:  # a dashed cut line between neighbouring panels
                prev = layout.boxes[panels[k - 1]]
                cy = (prev.y + prev.height + b.y) / 2
                sk.line(0, cy, layout.width, cy, stroke=FAINT, width=0.25, dash=[2, 1.5])
        pages.append(Drawn(layout.width, layout.height, sk.ops))
    return pages


BUILDERS = {"spici-bohove/turn": build_turn}
