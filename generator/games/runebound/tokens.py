"""Runebound token sheets: round punch-out tokens, printed as front and back page pairs.

Every sheet is a front page and a back page for long-edge duplex. The printer turns the sheet
over its long (vertical) edge, so a token whose front is at x lands behind x' = width - x: the
back page places every token mirrored across the page's vertical centre line, and the page is
centred on the paper, so its centre line is the paper's. Adventure tokens show the gem of their
colour on the front and the experience they are worth (1-4) on the back; every other token shows
the same face on both sides. Cut circles are drawn on the front.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import PapirnaError
from generator.games.runebound.models import XP, TokenGroup, TokenSheet
from generator.layout.builders import BuildContext, Drawn
from generator.layout.images import image_ops
from generator.layout.sketch import Sketch

INK = "#231c15"
PAPER = "#f8f1e1"
FAINT = "#9c907f"
ACCENT = "#7a2e12"
BLEED = 0.8  # art reaches this far past the cut circle, mm
CAPTION = 6.0  # room for a group's caption on the front (text 4.2 mm, then clearance), mm
ROMAN = {1: "I", 5: "V", 10: "X"}
STYLE = {
    "gold": ("#e0b24a", "#7a5708", INK),
    "wound": ("#a42e29", "#5a1410", "#ffffff"),
    "exhaustion": ("#3f5a78", "#1f2f44", "#ffffff"),
    "experience": ("#e9dfc2", "#6d5a2a", INK),
    "failed": ("#4a4038", "#221c17", "#ffffff"),
}


@dataclass(frozen=True)
class Placed:
    """One token on a sheet: its group, its number within the group, its centre and radius."""

    group: TokenGroup
    number: int
    cx: float
    cy: float
    r: float


@dataclass
class SheetPlan:
    """The tokens and captions of one sheet (front coordinates)."""

    tokens: list[Placed]
    captions: list[tuple[str, float]]  # (group kind, y of the caption)


def plan_sheets(data: TokenSheet, width: float, height: float, top: float) -> list[SheetPlan]:
    """Lay the groups out in rows, a caption over each new kind, as many sheets as needed."""
    gap = data.gap
    sheets = [SheetPlan([], [])]
    y = top
    row_d = 0.0  # diameter of the open row, 0 when no row is open
    col = cols = 0
    prev: TokenGroup | None = None
    for group in data.groups:
        d = group.diameter
        pitch = d + gap
        per_row = int((width + gap + 1e-9) // pitch)
        if per_row < 1:
            raise PapirnaError(f"a {d:g} mm token does not fit the {width:g} mm wide sheet")
        same_row = prev is not None and prev.kind == group.kind and prev.diameter == d
        if not same_row and row_d:
            y += row_d + gap
            row_d = 0.0
        new_kind = prev is None or prev.kind != group.kind
        for n in range(1, group.count + 1):
            if row_d and col >= cols:
                y += row_d + gap
                row_d = 0.0
            if not row_d:
                need = d + (CAPTION if new_kind else 0.0)
                if y + need > height + 1e-9:
                    if not sheets[-1].tokens:
                        raise PapirnaError(f"a {d:g} mm token row does not fit the sheet")
                    sheets.append(SheetPlan([], []))
                    y = top
                    new_kind = True  # a kind that goes on over a new sheet is captioned again
                    if y + d + CAPTION > height + 1e-9:
                        raise PapirnaError(f"a {d:g} mm token row does not fit the sheet")
                if new_kind:
                    sheets[-1].captions.append((group.kind, y))
                    y += CAPTION
                    new_kind = False
                row_d, col, cols = d, 0, per_row
            cx = col * pitch + d / 2
            sheets[-1].tokens.append(Placed(group, n, cx, y + d / 2, d / 2))
            col += 1
        prev = group
    return sheets


def _disc(sk: Sketch, cx: float, cy: float, r: float, fill: str, ring: str) -> None:
    sk.circle(cx, cy, r + BLEED, fill=fill, stroke=None)
    sk.circle(cx, cy, r * 0.84, fill=None, stroke=ring, width=max(0.3, r * 0.035))


def _label(
    sk: Sketch, text: str, cx: float, cy: float, r: float, size: float, color: str, *, roman=False
) -> None:
    """A big centred numeral: Roman ones in the display face, digits in bold sans (its 1 is
    unmistakable, the display face's old-style 1 looks like an I)."""
    sk.text(
        text,
        cx - r,
        cy - r * 0.6,
        2 * r,
        r * 1.2,
        size=size,
        min_size=size * 0.6,
        font="display" if roman else "sans",
        style="regular" if roman else "bold",
        align="center",
        color=color,
        line_height=1.0,
        field="token",
    )


def draw_face(sk: Sketch, root: Path | None, t: Placed, back: bool) -> None:
    """One face of a token (the back when `back`), centred at (t.cx, t.cy)."""
    g, cx, cy, r = t.group, t.cx, t.cy, t.r
    pt = r * 2 / 25.4 * 72  # the token's diameter in points, to scale the lettering
    if g.kind == "adventure":
        assert g.difficulty is not None
        d = g.difficulty
        disc = f"images/disc-{d}.svg"
        sk.ops.extend(
            image_ops(
                disc,
                root,
                cx - r - BLEED,
                cy - r - BLEED,
                2 * (r + BLEED),
                2 * (r + BLEED),
                "contain",
            )
        )
        sk.circle(cx, cy, r * 0.72, fill=PAPER, stroke=INK, width=0.3)
        if not back:
            s = r * 1.2
            sk.ops.extend(
                image_ops(f"images/gem-{d}.svg", root, cx - s / 2, cy - s / 2, s, s, "contain")
            )
        else:
            sk.icon("experience", cx - r * 0.62, cy - r * 0.62, r * 1.24, color="#d8ccb0")
            _label(sk, str(XP[d]), cx, cy, r, pt * 0.36, INK)
        return
    fill, ring, ink = STYLE[g.kind]
    _disc(sk, cx, cy, r, fill, ring)
    if g.kind == "gold":
        assert g.value is not None
        _label(sk, ROMAN[g.value], cx, cy, r, pt * 0.42, ink, roman=True)
    elif g.kind in ("wound", "exhaustion"):
        s = r * 1.05
        sk.icon(g.kind, cx - s / 2, cy - s / 2, s, color=ink)
    elif g.kind == "experience":
        sk.icon("experience", cx - r * 0.7, cy - r * 0.7, r * 1.4, color="#cbbb8f")
        s = r * 0.62
        sk.icon(g.attribute or "mind", cx - s / 2, cy - r * 0.5, s, color=ink)
        sk.text(
            "+1",
            cx - r,
            cy + r * 0.08,
            2 * r,
            r * 0.6,
            size=pt * 0.2,
            style="bold",
            align="center",
            color=ink,
            line_height=1.0,
            field="token",
        )
    elif g.kind == "failed":
        _label(sk, str(t.number), cx, cy - r * 0.08, r, pt * 0.34, ink)
        s = r * 0.42
        sk.icon("flee", cx - s / 2, cy + r * 0.4, s, color="#bfb3a6")


def _marks(sk: Sketch, width: float, height: float) -> None:
    """Small crosses in the corners: held against the light, front and back ones coincide."""
    for x in (2.0, width - 2.0):
        for y in (2.0, height - 2.0):
            sk.line(x - 2, y, x + 2, y, stroke=INK, width=0.2)
            sk.line(x, y - 2, x, y + 2, stroke=INK, width=0.2)


def sheet_pages(ctx: BuildContext, sheet: SheetPlan, index: int, total: int) -> list[Drawn]:
    """The front and the mirrored back page of one sheet."""
    data: TokenSheet = ctx.data
    t = {k: v.get(ctx.lang) for k, v in data.text.items()}
    w, h = ctx.layout.width, ctx.layout.height
    box = ctx.layout.boxes["tokens"]
    root = ctx.env.pack_root
    pages = []
    for back in (False, True):
        sk = Sketch(ctx.env, "tokens")
        _marks(sk, w, h)
        side = t.get("back" if back else "front", "")
        sk.text(
            f"{t.get('title', '')} · {side}",
            6,
            0,
            w - 12,
            7,
            size=13,
            font="display",
            color=ACCENT,
            align="center",
            field="title",
        )
        sheet_no = t.get("sheet", "{n}/{total}").format(n=index, total=total)
        note = f"{sheet_no} · *{t.get('note', '')}*" if not back else sheet_no
        sk.text(note, 6, 7, w - 12, 4.5, size=7.5, color=FAINT, align="center", field="note")
        if not back:
            for kind, y in sheet.captions:
                sk.text(
                    t.get(kind, kind),
                    box.x,
                    box.y + y,
                    box.width,
                    CAPTION - 1.8,  # clear of the tokens' bleed below
                    size=8,
                    style="bold",
                    color=ACCENT,
                    valign="bottom",
                    field=kind,
                )
        for tok in sheet.tokens:
            fx = box.x + tok.cx
            cx = w - fx if back else fx
            # a token's art, ring, lettering and cut line are one element, designed together
            sk.tag(f"token {tok.group.kind} {tok.number} at {fx:.0f},{tok.cy:.0f}")
            draw_face(sk, root, Placed(tok.group, tok.number, cx, box.y + tok.cy, tok.r), back)
            if not back:
                sk.circle(cx, box.y + tok.cy, tok.r, stroke=INK, width=0.25)
        sk.untag()
        pages.append(Drawn(w, h, sk.ops, f"{'back' if back else 'front'} {index}"))
    return pages


def build_tokens(ctx: BuildContext) -> list[Drawn]:
    """Every token sheet, each as a front page followed by its mirrored back page."""
    box = ctx.layout.boxes["tokens"]
    sheets = plan_sheets(ctx.data, box.width, box.height, 0.0)
    out: list[Drawn] = []
    for i, sheet in enumerate(sheets, start=1):
        out.extend(sheet_pages(ctx, sheet, i, len(sheets)))
    return out


BUILDERS = {"runebound/tokens": build_tokens}
