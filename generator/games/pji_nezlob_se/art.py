"""Shared drawing for PJi, nezlob se: party colours with greyscale patterns, polar geometry, dice.

Every party has a colour and a pattern (stripes, dots, bars or grid) so that a greyscale print
still tells the four colours apart; the race icon is a third cue.
"""

from __future__ import annotations

import math

from generator.games.pji_nezlob_se.models import Game, Party
from generator.layout.ops import GroupOp
from generator.layout.sketch import Sketch, rgb

INK = "#231c15"
ACCENT = "#7a2e12"
FAINT = "#8f8473"
PAPER = "#f7f1e3"
STONE = "#d9d1bf"
STONE_DARK = "#a89c84"
WHITE = "#ffffff"
PATTERN_STEP = 2.4  # mm between pattern lines
PATTERN_WIDTH = 0.5


def mix(color: str, other: str, t: float) -> str:
    """`color` moved a share `t` of the way towards `other`, as '#rrggbb'."""
    a, b = rgb(color), rgb(other)
    assert a is not None and b is not None
    return "#" + "".join(f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(a, b, strict=True))


def luminance(color: str) -> float:
    """Perceived brightness of a colour, 0 (black) to 1 (white), as greyscale printers see it."""
    r, g, b = rgb(color) or (0.0, 0.0, 0.0)
    return 0.299 * r + 0.587 * g + 0.114 * b


def is_light(color: str) -> bool:
    """Whether dark ink reads better than white on this colour."""
    return luminance(color) > 0.55


def on_color(color: str) -> str:
    """Ink for icons and text drawn on a party colour."""
    return INK if is_light(color) else WHITE


def pattern_ink(color: str) -> str:
    """The colour of the pattern lines over a party colour."""
    return mix(color, INK, 0.45) if is_light(color) else mix(color, WHITE, 0.5)


def polar(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    """The point at distance r and `angle` degrees clockwise from north (y grows down)."""
    a = math.radians(angle)
    return cx + r * math.sin(a), cy - r * math.cos(a)


def arc(cx: float, cy: float, r: float, a0: float, a1: float, *, move: bool = True) -> list:
    """Path segments of a circular arc from angle a0 to a1 (degrees clockwise from north)."""
    pieces = max(1, math.ceil(abs(a1 - a0) / 45.0))
    step = (a1 - a0) / pieces
    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4.0) * r
    segs: list = []
    x0, y0 = polar(cx, cy, r, a0)
    if move:
        segs.append(("M", x0, y0))
    for i in range(pieces):
        b0, b1 = a0 + i * step, a0 + (i + 1) * step
        p0, p3 = polar(cx, cy, r, b0), polar(cx, cy, r, b1)
        t0 = (math.cos(math.radians(b0)), math.sin(math.radians(b0)))
        t1 = (math.cos(math.radians(b1)), math.sin(math.radians(b1)))
        p1 = (p0[0] + k * t0[0], p0[1] + k * t0[1])
        p2 = (p3[0] - k * t1[0], p3[1] - k * t1[1])
        segs.append(("C", p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]))
    return segs


def _directions(pattern: str) -> list[float]:
    """Line directions in degrees from the x axis (y down) for the line patterns."""
    return {"stripes": [-45.0], "bars": [0.0], "grid": [0.0, 90.0]}.get(pattern, [])


def _chords(cx, cy, r, theta, step, inset) -> list[tuple[float, float, float, float]]:
    """Parallel lines across a circle, clipped to it."""
    u = (math.cos(math.radians(theta)), math.sin(math.radians(theta)))
    n = (-u[1], u[0])
    out = []
    rr = r - inset
    k = math.floor(rr / step)
    for i in range(-k, k + 1):
        d = i * step
        if abs(d) >= rr:
            continue
        t = math.sqrt(rr * rr - d * d)
        mx, my = cx + d * n[0], cy + d * n[1]
        out.append((mx - t * u[0], my - t * u[1], mx + t * u[0], my + t * u[1]))
    return out


def pattern_circle(
    sk: Sketch, party: Party, cx: float, cy: float, r: float, name: str | None = None
) -> None:
    """A disc in the party's colour with its pattern: one element (`name`) for `lint`."""
    with sk.element(name or f"{party.id} disc at {cx:.1f},{cy:.1f}"):
        _pattern_circle(sk, party, cx, cy, r)


def _pattern_circle(sk: Sketch, party: Party, cx: float, cy: float, r: float) -> None:
    sk.circle(cx, cy, r, fill=party.color, stroke=None)
    ink = pattern_ink(party.color)
    step = PATTERN_STEP
    if party.pattern == "dots":
        dot = 0.55
        k = math.ceil(r / step)
        for i in range(-k, k + 1):
            for j in range(-k, k + 1):
                x = cx + i * step + (step / 2 if j % 2 else 0.0)
                y = cy + j * step * 0.87
                if math.hypot(x - cx, y - cy) <= r - dot - 0.3:
                    sk.circle(x, y, dot, fill=ink, stroke=None)
        return
    for theta in _directions(party.pattern):
        for x1, y1, x2, y2 in _chords(cx, cy, r, theta, step, 0.2):
            sk.line(x1, y1, x2, y2, stroke=ink, width=PATTERN_WIDTH)


def pattern_rect(sk: Sketch, party: Party, x: float, y: float, w: float, h: float) -> None:
    """A rectangle in the party's colour with its pattern (clipped): a background, layered."""
    with sk.element(f"{party.id} band at {x:.1f},{y:.1f}", layered=True):
        _pattern_rect(sk, party, x, y, w, h)


def _pattern_rect(sk: Sketch, party: Party, x: float, y: float, w: float, h: float) -> None:
    sk.rect(x, y, w, h, fill=party.color, stroke=None)
    inner = Sketch(sk.env, sk.what)
    cx, cy = x + w / 2, y + h / 2
    r = math.hypot(w, h) / 2 + PATTERN_STEP
    if party.pattern == "dots":
        ink = pattern_ink(party.color)
        step = PATTERN_STEP
        for j in range(math.ceil(h / (step * 0.87)) + 1):
            off = step / 2 if j % 2 else 0.0
            for i in range(math.ceil(w / step) + 1):
                px, py = x + step / 2 + off + i * step, y + step / 2 + j * step * 0.87
                if px < x + w - 0.5 and py < y + h - 0.5:
                    inner.circle(px, py, 0.55, fill=ink, stroke=None)
    else:
        for theta in _directions(party.pattern):
            for x1, y1, x2, y2 in _chords(cx, cy, r, theta, PATTERN_STEP, 0.0):
                inner.line(x1, y1, x2, y2, stroke=pattern_ink(party.color), width=PATTERN_WIDTH)
    sk.ops.append(GroupOp(0.0, 0.0, tuple(inner.ops), (x, y, w, h)))


def party_badge(sk: Sketch, game: Game, party: Party, cx: float, cy: float, r: float) -> None:
    """A patterned disc with the party's race icon: the party's sign wherever it appears."""
    name = f"{party.id} badge at {cx:.1f},{cy:.1f}"
    with sk.element(name):
        pattern_circle(sk, party, cx, cy, r, name)
        sk.circle(cx, cy, r, stroke=INK, width=0.3)
        s = r * 1.25
        sk.circle(cx, cy, s * 0.62, fill=party.color, stroke=None)
        sk.icon(game.race(party.race).icon, cx - s / 2, cy - s / 2, s, color=on_color(party.color))


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def die_face(sk: Sketch, n: int, x: float, y: float, size: float, *, ink: str = INK) -> None:
    """A die face showing n pips, drawn with our own shapes."""
    sk.rect(x, y, size, size, fill=WHITE, stroke=ink, width=0.25, radius=size * 0.18)
    for px, py in PIPS[n]:
        sk.circle(x + px * size, y + py * size, size * 0.085, fill=ink, stroke=None)


def page_header(sk: Sketch, title: str, subtitle: str, width: float) -> None:
    """A page's title, its subtitle in italics and a rule under them (17 mm tall)."""
    sk.text(
        title, 0, 0, width, 10, size=20, min_size=12, font="display", color=ACCENT, field="title"
    )
    sk.text(f"*{subtitle}*", 0, 10, width, 5, size=9, min_size=7, color=FAINT, field="subtitle")
    sk.line(0, 16.5, width, 16.5, stroke=ACCENT, width=0.5)
