"""Tests for the SVG subset parser; expected values are worked out by hand."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import PapirnaError
from generator.layout.ops import PathOp, Style
from generator.layout.svg import SvgDrawing, SvgShape, load_svg, parse_svg, svg_ops

NS = 'xmlns="http://www.w3.org/2000/svg"'


def svg(body: str, view_box: str = "0 0 100 100", extra: str = "") -> str:
    return f'<svg {NS} viewBox="{view_box}" {extra}>{body}</svg>'


def shapes(body: str, view_box: str = "0 0 100 100") -> tuple[SvgShape, ...]:
    return parse_svg(svg(body, view_box)).shapes


def segs(body: str) -> tuple[tuple, ...]:
    (shape,) = shapes(body)
    return shape.segments


def approx_segs(actual, expected, tol=1e-9):
    assert len(actual) == len(expected), actual
    for a, e in zip(actual, expected, strict=True):
        assert a[0] == e[0], (actual, expected)
        assert a[1:] == pytest.approx(e[1:], abs=tol), (actual, expected)


def cubic_at(p0, seg, t):
    x1, y1, x2, y2, x3, y3 = seg[1:]
    u = 1 - t
    x = u**3 * p0[0] + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3
    y = u**3 * p0[1] + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3
    return x, y


def cubics_with_starts(segments):
    """(start point, 'C' segment) pairs of a path."""
    out, cur = [], None
    for s in segments:
        if s[0] == "C":
            out.append((cur, s))
        if s[0] != "Z":
            cur = s[-2:]
    return out


def error_text(text: str, source: str = "x.svg") -> str:
    with pytest.raises(PapirnaError) as info:
        parse_svg(text, source)
    return str(info.value)


# --- placement ---------------------------------------------------------------------------


def test_rect_contain_centres_a_wide_view_box():
    drawing = parse_svg(
        svg('<rect width="20" height="10"/><rect x="5" y="2" width="10" height="4"/>', "0 0 20 10")
    )
    full, small = svg_ops(drawing, 10, 20, 40, 40)
    # scale 2, the 40×20 drawing is centred vertically in 40×40: y from 30 to 50
    assert full.segments == (("M", 10, 30), ("L", 50, 30), ("L", 50, 50), ("L", 10, 50), ("Z",))
    assert small.segments == (("M", 20, 34), ("L", 40, 34), ("L", 40, 42), ("L", 20, 42), ("Z",))
    assert full.style == Style(fill=(0, 0, 0), stroke=None, width=2.0)


def test_view_box_origin_is_moved_to_the_box():
    drawing = parse_svg(svg('<rect x="-5" y="10" width="10" height="10"/>', "-5 10 10 10"))
    (op,) = svg_ops(drawing, 1, 2, 20, 20)
    assert op.segments == (("M", 1, 2), ("L", 21, 2), ("L", 21, 22), ("L", 1, 22), ("Z",))


def test_rect_cover_and_stretch():
    drawing = parse_svg(svg('<rect width="20" height="10"/>', "0 0 20 10"))
    (cover,) = svg_ops(drawing, 0, 0, 40, 40, fit="cover")
    # scale 4: 80×40 centred horizontally, overflowing by 20 on each side
    assert cover.segments == (("M", -20, 0), ("L", 60, 0), ("L", 60, 40), ("L", -20, 40), ("Z",))
    (stretch,) = svg_ops(drawing, 0, 0, 40, 40, fit="stretch")
    assert stretch.segments == (("M", 0, 0), ("L", 40, 0), ("L", 40, 40), ("L", 0, 40), ("Z",))
    with pytest.raises(PapirnaError, match="fit"):
        svg_ops(drawing, 0, 0, 40, 40, fit="fill")


def test_returns_path_ops():
    ops = svg_ops(parse_svg(svg('<circle cx="50" cy="50" r="50"/>')), 0, 0, 10, 10)
    assert all(isinstance(op, PathOp) for op in ops)


# --- shapes ------------------------------------------------------------------------------


def test_circle_is_four_cubics_through_the_compass_points():
    s = segs('<circle cx="50" cy="40" r="10"/>')
    assert [x[0] for x in s] == ["M", "C", "C", "C", "C", "Z"]
    assert s[0][1:] == pytest.approx((60, 40))
    ends = [x[-2:] for x in s[1:5]]
    assert ends == [pytest.approx(p) for p in [(50, 50), (40, 40), (50, 30), (60, 40)]]
    # first quarter's controls sit 0.5523 r along the tangents
    assert s[1][1:5] == pytest.approx((60, 45.523, 55.523, 50), abs=1e-3)


def test_ellipse():
    s = segs('<ellipse cx="0" cy="0" rx="20" ry="10"/>')
    ends = [x[-2:] for x in s[1:5]]
    assert ends == [pytest.approx(p) for p in [(0, 10), (-20, 0), (0, -10), (20, 0)]]


def test_rounded_rect_corners():
    s = segs('<rect x="0" y="0" width="40" height="20" rx="5"/>')
    approx_segs(
        s,
        [
            ("M", 5, 0),
            ("L", 35, 0),
            ("C", 35 + 2.7614, 0, 40, 5 - 2.7614, 40, 5),
            ("L", 40, 15),
            ("C", 40, 15 + 2.7614, 35 + 2.7614, 20, 35, 20),
            ("L", 5, 20),
            ("C", 5 - 2.7614, 20, 0, 15 + 2.7614, 0, 15),
            ("L", 0, 5),
            ("C", 0, 5 - 2.7614, 5 - 2.7614, 0, 5, 0),
            ("Z",),
        ],
        tol=1e-4,
    )
    # rx larger than half the width is clamped; ry defaults to rx
    s = segs('<rect width="10" height="40" rx="8"/>')
    assert s[0] == ("M", 5, 0) and s[3] == ("L", 10, 40 - 8)


def test_line_polyline_polygon():
    assert segs('<line x1="1" y1="2" x2="3" y2="4" stroke="black"/>') == (("M", 1, 2), ("L", 3, 4))
    (line,) = shapes('<line x2="3" stroke="black"/>')
    assert line.fill is None
    assert segs('<polyline points="0,0 10,0 10 10"/>') == (("M", 0, 0), ("L", 10, 0), ("L", 10, 10))
    assert segs('<polygon points="0,0 10,0 10,10"/>')[-1] == ("Z",)


def test_empty_shapes_are_dropped():
    body = (
        '<rect width="0" height="5"/><circle r="0"/><path d=""/><path d="M1 1"/>'
        '<polygon points=""/>'
    )
    assert shapes(body) == ()


# --- path data ---------------------------------------------------------------------------


def test_relative_path():
    assert segs('<path d="m10 10 h20 v20 z"/>') == (
        ("M", 10, 10),
        ("L", 30, 10),
        ("L", 30, 30),
        ("Z",),
    )


def test_current_point_returns_to_subpath_start_after_z():
    s = segs('<path d="M10 10 L20 10 L20 20 Z l5 5 m1 1 l1 0"/>')
    assert s[3:] == (("Z",), ("M", 10, 10), ("L", 15, 15), ("M", 16, 16), ("L", 17, 16))


def test_implicit_commands_and_number_syntax():
    assert segs('<path d="M0 0 10 0 10 10"/>') == (("M", 0, 0), ("L", 10, 0), ("L", 10, 10))
    assert segs('<path d="m1 1 2 2"/>') == (("M", 1, 1), ("L", 3, 3))
    assert segs('<path d="M-.5.5L1e1,2E-1-3-4"/>') == (
        ("M", -0.5, 0.5),
        ("L", 10, 0.2),
        ("L", -3, -4),
    )
    assert segs('<path d="M0,0H5V5H0"/>') == (("M", 0, 0), ("L", 5, 0), ("L", 5, 5), ("L", 0, 5))
    assert segs('<path d="M 1 1 l 1 1 1 1"/>') == (("M", 1, 1), ("L", 2, 2), ("L", 3, 3))


def test_cubic_and_smooth_cubic():
    s = segs('<path d="M0 0 C0 10 10 10 10 0 S20 -10 20 0 s10 10 10 0"/>')
    assert s[1] == ("C", 0, 10, 10, 10, 10, 0)
    assert s[2] == ("C", 10, -10, 20, -10, 20, 0)  # (10,10) reflected about (10,0)
    assert s[3] == ("C", 20, 10, 30, 10, 30, 0)  # (20,-10) reflected about (20,0); relative rest
    # S without a preceding cubic uses the current point
    assert segs('<path d="M0 0 S5 5 10 0"/>')[1] == ("C", 0, 0, 5, 5, 10, 0)


def test_quadratic_to_cubic():
    s = segs('<path d="M0 0 Q30 60 60 0 T120 0"/>')
    approx_segs(s[1:2], [("C", 20, 40, 40, 40, 60, 0)])
    # T reflects (30,60) about (60,0) to (90,-60)
    approx_segs(s[2:3], [("C", 80, -40, 100, -40, 120, 0)])
    approx_segs(segs('<path d="M0 0 q30 60 60 0"/>')[1:], [("C", 20, 40, 40, 40, 60, 0)])


def test_arc_semicircle_lands_on_the_circle():
    for sweep, mid in ((1, (50, 0)), (0, (50, 100))):
        s = segs(f'<path d="M0 50 A50 50 0 0 {sweep} 100 50"/>')
        assert s[0] == ("M", 0, 50)
        assert len(s) == 3  # two 90° cubics
        assert s[-1][-2:] == (100, 50)
        assert s[1][-2:] == pytest.approx(mid)
        for start, c in cubics_with_starts(s):
            x, y = cubic_at(start, c, 0.5)
            assert math.hypot(x - 50, y - 50) == pytest.approx(50, abs=0.01)


def test_arc_large_flag_radii_correction_and_zero_radius():
    # three-quarter circle about (50,50) from the top to the left point
    s = segs('<path d="M50 0 A50 50 0 1 1 0 50"/>')
    assert len(s) == 4 and s[-1][-2:] == (0, 50)
    for start, c in cubics_with_starts(s):
        x, y = cubic_at(start, c, 0.5)
        assert math.hypot(x - 50, y - 50) == pytest.approx(50, abs=0.01)
        for t in (0.2, 0.8):  # a 90° cubic strays at most 0.027 % of the radius
            x, y = cubic_at(start, c, t)
            assert math.hypot(x - 50, y - 50) == pytest.approx(50, abs=50 * 3e-4)
    # radius 1 is too small for a chord of 10: scaled up to 5, centre (5,0)
    s = segs('<path d="M0 0 a1 1 0 0 1 10 0"/>')
    assert s[-1][-2:] == (10, 0)
    for start, c in cubics_with_starts(s):
        x, y = cubic_at(start, c, 0.5)
        assert math.hypot(x - 5, y) == pytest.approx(5, abs=0.01)
    assert segs('<path d="M0 0 A0 5 0 0 1 10 0"/>') == (("M", 0, 0), ("L", 10, 0))
    # flags may be written without separators
    assert segs('<path d="M0 50a50 50 0 01100 0"/>')[-1][-2:] == (100, 50)


def test_rotated_elliptical_arc_endpoint():
    s = segs('<path d="M10 10 A30 10 45 0 1 40 40"/>')
    assert s[-1][-2:] == (40, 40)


# --- attributes --------------------------------------------------------------------------


def test_translate_then_scale():
    s = segs(
        '<g transform="translate(10,20) scale(2)"><rect x="1" y="1" width="2" height="3"/></g>'
    )
    assert s == (("M", 12, 22), ("L", 16, 22), ("L", 16, 28), ("L", 12, 28), ("Z",))


def test_rotate_about_a_point_and_nested_groups():
    s = segs('<line x1="20" y1="10" x2="10" y2="0" stroke="red" transform="rotate(90 10 10)"/>')
    approx_segs(s, [("M", 10, 20), ("L", 20, 10)])
    s = segs(
        '<g transform="translate(100)"><g transform="scale(2, 3)">'
        '<line x1="1" y1="1" x2="2" y2="1" stroke="red" transform="matrix(1 0 0 1 1 0)"/></g></g>'
    )
    assert s == (("M", 104, 3), ("L", 106, 3))
    approx_segs(
        segs('<line y2="10" stroke="red" transform="skewX(45)"/>'), [("M", 0, 0), ("L", 10, 10)]
    )
    approx_segs(
        segs('<line x2="10" stroke="red" transform="skewY(45)"/>'), [("M", 0, 0), ("L", 10, 10)]
    )


def test_inherited_fill_and_current_color():
    body = '<g fill="currentColor" stroke="#F00"><rect width="1" height="1"/></g>'
    (shape,) = shapes(body)
    assert (shape.fill, shape.stroke) == ("current", "#ff0000")
    (op,) = svg_ops(parse_svg(svg(body)), 0, 0, 100, 100, color=(0.2, 0.4, 0.6))
    assert op.style.fill == (0.2, 0.4, 0.6)
    assert op.style.stroke == (1.0, 0.0, 0.0)


def test_colours_defaults_and_style_attribute():
    fills = [
        s.fill
        for s in shapes(
            '<rect width="1" height="1"/>'
            '<rect width="1" height="1" fill="#abc"/>'
            '<rect width="1" height="1" fill="orange" stroke="grey"/>'
            '<rect width="1" height="1" fill="red" style="fill: blue ; stroke-width:2"/>'
            '<g style="fill:none"><rect width="1" height="1" stroke="black"/></g>'
        )
    ]
    assert fills == ["#000000", "#aabbcc", "#ffa500", "#0000ff", None]
    (shape,) = shapes('<rect width="1" height="1"/>')
    assert (shape.stroke, shape.stroke_width, shape.cap, shape.join) == (None, 1.0, 0, 0)
    assert shapes('<rect width="1" height="1" fill="none"/>') == ()  # invisible: dropped


def test_stroke_width_caps_joins_and_scaling():
    body = (
        '<g transform="scale(3)" stroke-linecap="round" style="stroke-linejoin:bevel">'
        '<line x2="10" stroke="black" stroke-width="2px"/></g>'
    )
    (shape,) = shapes(body)
    assert (shape.stroke_width, shape.cap, shape.join) == (6, 1, 2)
    (op,) = svg_ops(parse_svg(svg(body)), 0, 0, 200, 200)
    assert op.style.width == 12  # 6 user units × scale 2
    (op,) = svg_ops(parse_svg(svg(body, "0 0 10 10")), 0, 0, 40, 10, fit="stretch")
    assert op.style.width == pytest.approx(12)  # sx 4, sy 1: sqrt(4) = 2
    (shape,) = shapes('<line x2="10" stroke="black" transform="rotate(30) scale(2 8)"/>')
    assert shape.stroke_width == pytest.approx(4)


def test_evenodd():
    body = (
        '<g fill-rule="evenodd"><path d="M0 0H10V10H0Z M2 2H8V8H2Z"/></g>'
        '<rect width="1" height="1"/>'
    )
    inner, plain = shapes(body)
    assert inner.evenodd and not plain.evenodd
    assert svg_ops(parse_svg(svg(body)), 0, 0, 10, 10)[0].style.evenodd is True


def test_view_box_from_width_and_height():
    drawing = parse_svg(f'<svg {NS} width="24px" height="12"><rect width="1" height="1"/></svg>')
    assert drawing.view_box == (0, 0, 24, 12)
    assert isinstance(drawing, SvgDrawing)


def test_ignores_comments_metadata_and_foreign_namespaces():
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n'
        f'<svg {NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"'
        ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"'
        ' viewBox="0 0 10 10" inkscape:version="1.3">'
        "<title>icon</title><desc>d</desc><metadata><anything/></metadata>"
        '<sodipodi:namedview inkscape:zoom="1"><inkscape:page/></sodipodi:namedview>'
        '<defs id="defs1"/>'
        '<g inkscape:label="Layer 1" inkscape:groupmode="layer">'
        '<path d="M0 0 L1 1" stroke="black" sodipodi:nodetypes="cc"><title>t</title></path>'
        "</g></svg>"
    )
    (shape,) = parse_svg(text).shapes
    assert shape.segments == (("M", 0, 0), ("L", 1, 1))


def test_display_none_is_skipped():
    assert shapes('<g style="display:none"><rect width="1" height="1"/></g>') == ()


# --- errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "element", ["text", "use", "image", "linearGradient", "style", "clipPath", "mask", "svg"]
)
def test_unsupported_element(element):
    text = svg(f"<g><{element}/></g>")
    assert error_text(text, "assets/icons/x.svg") == (
        f"assets/icons/x.svg: unsupported SVG element <{element}>"
    )


def test_non_empty_defs_is_unsupported():
    text = svg('<defs><linearGradient id="a"/></defs>')
    assert "unsupported SVG element <defs>" in error_text(text)


def test_billion_laughs_is_refused_quickly():
    entities = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    text = (
        f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol0 "lol">{entities}]>'
        f'<svg {NS} viewBox="0 0 1 1"><desc>&lol9;</desc></svg>'
    )
    start = time.perf_counter()
    message = error_text(text)
    assert time.perf_counter() - start < 0.5
    assert message.startswith("x.svg: ") and "DOCTYPE" in message


def test_doctype_and_entity_refused():
    assert "DOCTYPE" in error_text(f'<!DOCTYPE svg><svg {NS} viewBox="0 0 1 1"/>')
    assert "ENTITY" in error_text(f'<!ENTITY x "y"><svg {NS} viewBox="0 0 1 1"/>')


@pytest.mark.parametrize(
    ("body", "attribute"),
    [
        ('<path d="M 10 10 L 5 x"/>', "d"),
        ('<path d="L 10 10"/>', "d"),
        ('<path d="M 1 2 Z 3 4"/>', "d"),
        ('<path d="M 1 2 A 1 1 0 2 1 5 5"/>', "d"),
        ('<path d="M 1 2 L 1e999 3"/>', "d"),
        ('<rect width="1cm" height="1"/>', "width"),
        ('<rect width="-1" height="1"/>', "width"),
        ('<circle r="abc"/>', "r"),
        ('<polygon points="1 2 3"/>', "points"),
        ('<rect width="1" height="1" fill="url(#g)"/>', "fill"),
        ('<rect width="1" height="1" stroke-linecap="wide"/>', "stroke-linecap"),
        ('<rect width="1" height="1" transform="rotate(1 2)"/>', "transform"),
        ('<rect width="1" height="1" transform="spin(1)"/>', "transform"),
        ('<rect width="1" height="1" style="fill"/>', "style"),
    ],
)
def test_malformed_attribute_names_source_and_attribute(body, attribute):
    message = error_text(svg(body), "icons/bad.svg")
    assert message.startswith(f"icons/bad.svg: {attribute}: ")


@pytest.mark.parametrize(
    "body",
    [
        '<rect width="1" height="1" opacity="0.5"/>',
        '<g fill-opacity=".5"><rect width="1" height="1"/></g>',
        '<rect width="1" height="1" style="stroke-opacity:50%"/>',
    ],
)
def test_transparency_is_refused(body):
    assert "transparency" in error_text(svg(body))


def test_opaque_opacity_is_fine():
    assert len(shapes('<rect width="1" height="1" opacity="1" style="fill-opacity:100%"/>')) == 1


def test_root_and_xml_errors():
    assert "viewBox" in error_text(f'<svg {NS}><rect width="1" height="1"/></svg>')
    assert "viewBox" in error_text(f'<svg {NS} width="10mm" height="10mm"/>')
    assert "viewBox" in error_text(f'<svg {NS} viewBox="0 0 0 10"/>')
    assert "root element is <html>" in error_text("<html/>")
    assert error_text(f'<svg {NS} viewBox="0 0 1 1"><g></svg>').startswith("x.svg:1:")


def test_size_depth_and_count_limits():
    assert "larger than" in error_text(svg("<!--" + "x" * 1_000_001 + "-->"))
    deep = "<g>" * 40 + '<rect width="1" height="1"/>' + "</g>" * 40
    assert "nested too deeply" in error_text(svg(deep))
    many = "<g>" + "<g/>" * 20_001 + "</g>"
    assert "too many" in error_text(svg(many))
    ok = "<g>" * 30 + '<rect width="1" height="1"/>' + "</g>" * 30
    assert len(shapes(ok)) == 1


# --- files -------------------------------------------------------------------------------


def test_load_svg_caches_until_the_file_changes(tmp_path):
    path = tmp_path / "icon.svg"
    path.write_text(svg('<rect width="1" height="1"/>'))
    first = load_svg(path)
    assert load_svg(str(path)) is first
    path.write_text(svg('<rect width="1" height="1"/><rect width="2" height="2"/>'))
    os.utime(path, ns=(1, 1))
    assert len(load_svg(path).shapes) == 2


def test_load_svg_errors_name_the_file(tmp_path):
    path = tmp_path / "bad.svg"
    path.write_text(svg("<text>hi</text>"))
    with pytest.raises(PapirnaError, match=r"bad\.svg: unsupported SVG element <text>"):
        load_svg(path)
    with pytest.raises(PapirnaError, match=r"missing\.svg"):
        load_svg(tmp_path / "missing.svg")


def test_module_does_not_import_reportlab():
    code = "import sys, generator.layout.svg; sys.exit('reportlab' in sys.modules)"
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert subprocess.run([sys.executable, "-c", code], cwd=root, check=False).returncode == 0


# --- properties --------------------------------------------------------------------------

coord = st.floats(min_value=-1000, max_value=1000, allow_nan=False)
size = st.floats(min_value=0.01, max_value=1000, allow_nan=False)
frac = st.floats(min_value=0, max_value=1)


@given(
    vb=st.tuples(coord, coord, size, size),
    rect=st.tuples(frac, frac, frac, frac),
    box=st.tuples(coord, coord, size, size),
)
def test_contain_keeps_rects_inside_the_box(vb, rect, box):
    vx, vy, vw, vh = vb
    fx1, fy1, fx2, fy2 = rect
    rx, ry = vx + min(fx1, fx2) * vw, vy + min(fy1, fy2) * vh
    rw, rh = abs(fx2 - fx1) * vw, abs(fy2 - fy1) * vh
    text = svg(
        f'<rect x="{rx!r}" y="{ry!r}" width="{rw!r}" height="{rh!r}"/>',
        f"{vx!r} {vy!r} {vw!r} {vh!r}",
    )
    x, y, w, h = box
    tol = 1e-6 * (1 + abs(x) + abs(y) + w + h)
    for op in svg_ops(parse_svg(text), x, y, w, h):
        for s in op.segments:
            for px, py in zip(s[1::2], s[2::2], strict=True):
                assert x - tol <= px <= x + w + tol
                assert y - tol <= py <= y + h + tol


# --- icons that must not be confused -----------------------------------------------------

ICONS = os.path.join(os.path.dirname(__file__), "..", "..", "assets", "icons")


def _icon_mask(name: str, mm: float = 3.0, dpi: int = 300):
    """The icon's ink at `mm` size, drawn in a dark red and seen in greyscale, as a bool array."""
    import numpy as np
    import pypdfium2 as pdfium

    from generator.layout.ops import Document, Page
    from generator.render.pdf import render_pdf

    red = (0x64 / 255, 0x2E / 255, 0x29 / 255)  # a dark red like the cards' ink
    ops = svg_ops(load_svg(os.path.join(ICONS, f"{name}.svg")), 0, 0, mm, mm, red)
    pdf = pdfium.PdfDocument(render_pdf(Document("t", [Page(mm, mm, ops)])))
    try:
        grey = np.asarray(pdf[0].render(scale=dpi / 72).to_pil().convert("L"))
    finally:
        pdf.close()
    return grey < 160


@pytest.mark.parametrize("mm", [3.0, 4.5])
def test_spirit_and_wound_do_not_look_alike(mm):
    """At card size the flame and the drop overlap much less than two versions of one shape."""
    spirit, wound = _icon_mask("spirit", mm), _icon_mask("wound", mm)
    iou = (spirit & wound).sum() / (spirit | wound).sum()
    # the old flame (a drop-like blob with a drop-shaped hole) had IoU 0.76 with the drop
    assert iou < 0.7


def _runs(row) -> int:
    """How many separate stretches of ink a row of a mask crosses."""
    return int(row[0]) + int(((row[1:].astype(int) - row[:-1].astype(int)) == 1).sum())


def test_spirit_has_three_tongues_and_wound_one_tip():
    """A line across the top quarter of the icons at 3 mm: three flame tongues, one drop tip."""
    spirit, wound = _icon_mask("spirit"), _icon_mask("wound")
    for mask, tips in ((spirit, 3), (wound, 1)):
        rows = mask.any(axis=1).nonzero()[0]
        top, bottom = rows[0], rows[-1]
        y = top + round((bottom - top) * 0.3)
        assert _runs(mask[y]) == tips


def test_load_svg_reads_a_file_replaced_with_the_same_size_and_time(tmp_path):
    # the file is known by its inode too, not by its resolved name alone (issue 25: the
    # name is no longer resolved on every use): a replaced file of the same size and time
    # is read again
    path = tmp_path / "icon.svg"
    path.write_text(svg('<rect width="1" height="1"/>'))
    os.utime(path, ns=(1, 1))
    assert len(load_svg(path).shapes) == 1
    new = tmp_path / "new.svg"
    new.write_text(svg('<rect width="2" height="1"/>'))  # the same length
    os.utime(new, ns=(1, 1))
    keep = tmp_path / "keep.svg"
    os.link(path, keep)  # the old inode stays in use, so the new file cannot reuse it
    os.replace(new, path)
    assert path.stat().st_size == keep.stat().st_size
    assert load_svg(path).shapes[0].segments != load_svg(keep).shapes[0].segments
