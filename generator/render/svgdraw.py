"""Draws full SVG files (SvgOp) into the PDF as vector, with svglib, in embedded fonts only."""

from __future__ import annotations

import functools

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import STATE_DEFAULTS, Drawing, String
from reportlab.pdfgen.canvas import Canvas

from generator.errors import PapirnaError
from generator.layout.ops import SvgOp
from generator.render.fonts import ensure_font
from generator.units import PT_PER_MM as K

_STYLES = {("normal", "normal"): "regular", ("bold", "normal"): "bold"}
_STYLES.update({("normal", "italic"): "italic", ("bold", "italic"): "bold-italic"})


def _register(fonts: tuple[tuple[str, str], ...]) -> None:
    """Point svglib's font map at papirna's embedded faces for every family the SVG names."""
    from svglib.fonts import get_global_font_map

    font_map = get_global_font_map()
    for svg_family, ours in fonts:
        for (weight, style), face in _STYLES.items():
            name = f"{ours}-{face}"
            ensure_font(name)
            for family in {svg_family, svg_family.split(",")[0].strip().strip("'\"")}:
                font_map.register_font(family, weight=weight, style=style, rlgFontName=name)


@functools.lru_cache(maxsize=128)
def _drawing(path: str, mtime_ns: int, fonts: tuple[tuple[str, str], ...]) -> Drawing:
    from svglib.svglib import svg2rlg

    _register(fonts)
    ensure_font("sans-regular")
    ensure_font("sans-bold")
    try:
        drawing = svg2rlg(path)
    except Exception as e:  # svglib raises many kinds for broken files
        raise PapirnaError(f"SVG cannot be drawn: {e}", file=path) from None
    if drawing is None:
        raise PapirnaError("SVG cannot be drawn", file=path)
    ours = {name for _, family in fonts for name in (f"{family}-regular", f"{family}-bold")}
    _embedded_fonts(drawing, ours)
    return drawing


def _embedded_fonts(node: object, ours: set[str]) -> None:
    """Any text svglib could not match (it falls back to Helvetica, not embedded) set in sans."""
    if isinstance(node, String):
        name = str(node.fontName)
        if not (name in ours or name.startswith(("sans-", "display-"))):
            node.fontName = "sans-bold" if "bold" in name.lower() else "sans-regular"
    for child in getattr(node, "contents", ()):
        _embedded_fonts(child, ours)


def draw_svg(c: Canvas, op: SvgOp, page_height: float) -> None:
    """Draw the SVG file of `op` into its box (mm, y down) on the canvas.

    Drawn in place each time, not as a shared form: reportlab's forms lose the shadings and
    transparency states that gradients and opacity need.
    """
    import os

    drawing = _drawing(op.path, os.stat(op.path).st_mtime_ns, op.fonts)
    c.saveState()
    if op.clip is not None:
        cx, cy, cw, ch = op.clip
        p = c.beginPath()
        p.rect(cx * K, (page_height - cy - ch) * K, cw * K, ch * K)
        c.clipPath(p, stroke=0, fill=0)
    c.translate(op.x * K, (page_height - op.y - op.h) * K)
    c.scale(op.w * K / drawing.width, op.h * K / drawing.height)
    _render(drawing, c)
    c.restoreState()


def _render(drawing: Drawing, c: Canvas) -> None:
    # reportlab starts each drawing in Helvetica, which would add an unembedded font
    default = STATE_DEFAULTS["fontName"]
    STATE_DEFAULTS["fontName"] = "sans-regular"
    try:
        renderPDF.draw(drawing, c, 0, 0, showBoundary=False)
    finally:
        STATE_DEFAULTS["fontName"] = default
