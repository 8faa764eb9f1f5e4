"""`--ink low`: a card back redrawn to use little ink, as outlines on white.

The automatic version of any back (a layout may name its own with `low_ink:` instead): what
covers the whole card (a dark fill, a pattern image) is left out, and a thin frame is drawn in
its place unless the back has a frame of its own; every other fill that is not near white becomes its outline;
light strokes and text (meant for a dark ground) are drawn in the back's darkest colour.
"""

from __future__ import annotations

from generator.layout.ops import (
    BLACK,
    Color,
    EllipseOp,
    GroupOp,
    ImageOp,
    LineOp,
    PathOp,
    RectOp,
    Style,
    SvgOp,
    TextOp,
)

DARK = 0.7  # a colour darker than this (luminance 0..1) is dark: it shows on white
PALE = 0.92  # a fill lighter than this is ink too: it is drawn as its outline
COVER = 0.8  # a shape or picture over this share of the card is the back's ground
FRAMED = 0.6  # an unfilled rectangle over this share of the card is the back's own frame
OUTLINE = 0.3  # mm: the width of an outline that replaces a fill
FRAME = 0.5  # mm: the width of the frame that replaces a dark ground
INSET = 3.0  # mm: the frame inside the trim


def luminance(color: Color) -> float:
    """Relative brightness of an RGB colour, 0 (black) to 1 (white)."""
    r, g, b = color
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _colors(ops: list | tuple) -> list[Color]:
    """Every colour the operations paint with, in drawing order."""
    out: list[Color] = []
    for op in ops:
        if isinstance(op, GroupOp):
            out.extend(_colors(op.ops))
        elif isinstance(op, RectOp | EllipseOp | PathOp | LineOp):
            out.extend(c for c in (op.style.fill, op.style.stroke) if c is not None)
        elif isinstance(op, TextOp):
            out.append(op.color)
    return out


def _covers(op: object, area: float) -> bool:
    """Whether a shape or picture is the back's ground: over COVER of the card."""
    if isinstance(op, RectOp | ImageOp | SvgOp):
        return op.w * op.h >= COVER * area
    if isinstance(op, GroupOp) and op.shared:  # a picture drawn from an SVG file
        if op.clip is not None:
            return op.clip[2] * op.clip[3] >= COVER * area
        box = _extent(op.ops)
        return box is not None and (box[2] - box[0]) * (box[3] - box[1]) >= COVER * area
    return False


def _extent(ops: list | tuple) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1) the shapes of `ops` span, roughly (curves by their handles)."""
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        if isinstance(op, GroupOp):
            inner = _extent(op.ops)
            if inner is not None:
                xs += [inner[0] + op.dx, inner[2] + op.dx]
                ys += [inner[1] + op.dy, inner[3] + op.dy]
        elif isinstance(op, RectOp):
            xs += [op.x, op.x + op.w]
            ys += [op.y, op.y + op.h]
        elif isinstance(op, EllipseOp):
            xs += [op.cx - op.rx, op.cx + op.rx]
            ys += [op.cy - op.ry, op.cy + op.ry]
        elif isinstance(op, LineOp):
            xs += [op.x1, op.x2]
            ys += [op.y1, op.y2]
        elif isinstance(op, PathOp):
            for seg in op.segments:
                xs += list(seg[1::2])
                ys += list(seg[2::2])
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def low_ink(ops: list, card: tuple[float, float]) -> list:
    """The low-ink version of a drawn back (its operations at the card's trim origin)."""
    cw, ch = card
    area = cw * ch
    colors = _colors(ops)
    grounds = [
        op.style.fill
        for op in ops
        if isinstance(op, RectOp) and _covers(op, area) and op.style.fill
    ]
    dark = [c for c in colors if luminance(c) < DARK]
    ground = next((c for c in grounds if luminance(c) < DARK), None)
    ink = ground or (min(dark, key=luminance) if dark else BLACK)
    pictures = [op for op in ops if not isinstance(op, RectOp) and _covers(op, area)]
    if ground is None and not pictures:
        return ops  # a light back (text on paper, say) uses little ink as it is
    state = {"ground": False, "frame": False}

    def outline(style: Style) -> Style:
        stroke = style.stroke
        if style.fill is not None and luminance(style.fill) < PALE:
            own = style.fill if luminance(style.fill) < DARK else ink
            stroke = own if stroke is None or luminance(stroke) >= DARK else stroke
            width = OUTLINE if style.stroke is None else min(style.width, OUTLINE)
            return style._replace(fill=None, stroke=stroke, width=width)
        if stroke is not None and luminance(stroke) >= DARK:
            return style._replace(stroke=ink)
        return style

    def walk(items: list | tuple) -> list:
        out: list = []
        for op in items:
            if isinstance(op, GroupOp) and not _covers(op, area):
                out.append(op._replace(ops=tuple(walk(op.ops))))
            elif _covers(op, area):
                if isinstance(op, RectOp) and op.style.fill is None:
                    state["frame"] = True  # the back's own frame
                    out.append(op._replace(style=outline(op.style)))
                    continue
                if isinstance(op, RectOp) and op.style.stroke is not None and op.style.width > 0:
                    state["frame"] = True
                    out.append(op._replace(style=op.style._replace(fill=None, stroke=ink)))
                    continue
                state["ground"] = True  # left out: the ground is the white paper
            elif isinstance(op, RectOp | EllipseOp | PathOp | LineOp):
                if (
                    isinstance(op, RectOp)
                    and op.style.fill is None
                    and op.w * op.h >= FRAMED * area
                ):
                    state["frame"] = True
                out.append(op._replace(style=outline(op.style)))
            elif isinstance(op, TextOp) and luminance(op.color) >= DARK:
                out.append(op._replace(color=ink))
            else:
                out.append(op)
        return out

    drawn = walk(ops)
    if state["ground"] and not state["frame"]:
        radius = min(2.5, cw / 4, ch / 4)
        frame = RectOp(
            INSET, INSET, cw - 2 * INSET, ch - 2 * INSET, Style(stroke=ink, width=FRAME), radius
        )
        drawn.append(frame)
    return drawn
