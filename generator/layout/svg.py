"""A strict subset of SVG, parsed into path operations and placed into a box in mm.

Only the standard library is used, and hostile files are refused before and while parsing:
no DOCTYPE/ENTITY declarations, at most 1 MB, 20,000 elements and 32 levels of nesting.
"""

from __future__ import annotations

import functools
import math
import os
import pathlib
import re
import xml.etree.ElementTree as ET
from typing import NamedTuple

from generator.errors import PapirnaError
from generator.layout.ops import BLACK, Color, PathOp, Style

MAX_BYTES = 1_000_000
MAX_ELEMENTS = 20_000
MAX_DEPTH = 32
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # ≈ 0.5523, control distance of a quarter circle of radius 1

SVG_NS = "http://www.w3.org/2000/svg"
SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
IGNORED = {"title", "desc", "metadata"}
NAMED_COLORS = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#ff0000",
    "green": "#008000",
    "blue": "#0000ff",
    "yellow": "#ffff00",
    "gray": "#808080",
    "grey": "#808080",
    "orange": "#ffa500",
    "purple": "#800080",
    "brown": "#a52a2a",
}
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
RULES = {"nonzero": False, "evenodd": True}
PROPS = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "fill-rule",
    "opacity",
    "fill-opacity",
    "stroke-opacity",
    "display",
)
PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

_NUM = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_NUM_RE = re.compile(r"[\s,]*(" + _NUM + ")")
_FLAG_RE = re.compile(r"[\s,]*([01])")
_CMD_RE = re.compile(r"[\s,]*([MmLlHhVvCcSsQqTtAaZz])")
_END_RE = re.compile(r"[\s,]*\Z")
_LENGTH_RE = re.compile(r"\s*(" + _NUM + r")(?:px)?\s*")
_TRANSFORM_RE = re.compile(r"[\s,]*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)")
_DECL_RE = re.compile(r"<!(?!--|\[CDATA\[)")  # <!DOCTYPE, <!ENTITY, <!ELEMENT, ...

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f, as in SVG matrix()


class SvgShape(NamedTuple):
    """One painted shape in viewBox user units, with its transforms already applied."""

    segments: tuple[tuple, ...]  # absolute ('M', x, y), ('L', x, y), ('C', ...), ('Z',)
    fill: str | None  # 'current', None (no fill) or '#rrggbb'
    stroke: str | None  # same
    stroke_width: float  # user units
    cap: int  # 0 butt, 1 round, 2 square
    join: int  # 0 miter, 1 round, 2 bevel
    evenodd: bool


class SvgDrawing(NamedTuple):
    """A parsed SVG file: its viewBox and its shapes in drawing order."""

    view_box: tuple[float, float, float, float]  # min_x, min_y, width, height
    shapes: tuple[SvgShape, ...]


# --- numbers, colours, transforms ----------------------------------------------------------


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range {text!r}")
    return value


def _length(text: str) -> float:
    m = _LENGTH_RE.fullmatch(text)
    if not m:
        raise ValueError(f"malformed number {text!r} (plain numbers or px only)")
    return _float(m.group(1))


def _numbers(text: str) -> list[float]:
    out, pos = [], 0
    while not _END_RE.match(text, pos):
        m = _NUM_RE.match(text, pos)
        if not m:
            raise ValueError(f"malformed number list {text!r}")
        out.append(_float(m.group(1)))
        pos = m.end()
    return out


def _color(text: str) -> str | None:
    value = text.strip().lower()
    if value == "none":
        return None
    if value == "currentcolor":
        return "current"
    if value in NAMED_COLORS:
        return NAMED_COLORS[value]
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return "#" + "".join(ch * 2 for ch in value[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return value
    raise ValueError(f"unsupported colour {text!r}")


def _choice(options: dict, text: str) -> int | bool:
    value = text.strip().lower()
    if value not in options:
        raise ValueError(f"unsupported value {text!r} (use {', '.join(options)})")
    return options[value]


def _mul(p: Matrix, q: Matrix) -> Matrix:
    """p × q: apply q first, then p."""
    a1, b1, c1, d1, e1, f1 = p
    a2, b2, c2, d2, e2, f2 = q
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def _one_transform(name: str, args: list[float]) -> Matrix:
    counts = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3)}
    if len(args) not in counts.get(name, (1,)):
        raise ValueError(f"wrong number of arguments to {name}()")
    if name == "matrix":
        return tuple(args)  # type: ignore[return-value]
    if name == "translate":
        return (1.0, 0.0, 0.0, 1.0, args[0], args[1] if len(args) == 2 else 0.0)
    if name == "scale":
        return (args[0], 0.0, 0.0, args[1] if len(args) == 2 else args[0], 0.0, 0.0)
    t = math.radians(args[0])
    if name == "skewX":
        return (1.0, 0.0, math.tan(t), 1.0, 0.0, 0.0)
    if name == "skewY":
        return (1.0, math.tan(t), 0.0, 1.0, 0.0, 0.0)
    cos, sin = math.cos(t), math.sin(t)
    rot = (cos, sin, -sin, cos, 0.0, 0.0)
    if len(args) == 1:
        return rot
    cx, cy = args[1], args[2]
    return _mul(_mul((1.0, 0.0, 0.0, 1.0, cx, cy), rot), (1.0, 0.0, 0.0, 1.0, -cx, -cy))


def _transform(text: str) -> Matrix:
    m, pos = IDENTITY, 0
    while not _END_RE.match(text, pos):
        t = _TRANSFORM_RE.match(text, pos)
        if not t:
            raise ValueError(f"malformed transform {text!r}")
        m = _mul(m, _one_transform(t.group(1), _numbers(t.group(2))))
        pos = t.end()
    return m


def _apply(m: Matrix, segments: list[tuple]) -> tuple[tuple, ...]:
    a, b, c, d, e, f = m
    out = []
    for seg in segments:
        pts = seg[1:]
        xy = []
        for i in range(0, len(pts), 2):
            xy += [a * pts[i] + c * pts[i + 1] + e, b * pts[i] + d * pts[i + 1] + f]
        out.append((seg[0], *xy))
    return tuple(out)


# --- geometry ------------------------------------------------------------------------------


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    kx, ky = KAPPA * rx, KAPPA * ry
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def _rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> list[tuple]:
    r, b = x + w, y + h
    if rx == 0 or ry == 0:
        return [("M", x, y), ("L", r, y), ("L", r, b), ("L", x, b), ("Z",)]
    kx, ky = KAPPA * rx, KAPPA * ry
    return [
        ("M", x + rx, y),
        ("L", r - rx, y),
        ("C", r - rx + kx, y, r, y + ry - ky, r, y + ry),
        ("L", r, b - ry),
        ("C", r, b - ry + ky, r - rx + kx, b, r - rx, b),
        ("L", x + rx, b),
        ("C", x + rx - kx, b, x, b - ry + ky, x, b - ry),
        ("L", x, y + ry),
        ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y),
        ("Z",),
    ]


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    phi: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[tuple]:
    """Cubics for an SVG elliptical arc (spec F.6.5 and F.6.6), at most 90° each."""
    if x1 == x2 and y1 == y2:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    lam = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = (rx * ry) ** 2 - (rx * y1p) ** 2 - (ry * x1p) ** 2
    coef = math.sqrt(max(0.0, num / ((rx * y1p) ** 2 + (ry * x1p) ** 2)))
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2
    start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    delta = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / n
    k = 4 / 3 * math.tan(step / 4)

    def at(ux: float, uy: float) -> tuple[float, float]:
        return cx + rx * cos_p * ux - ry * sin_p * uy, cy + rx * sin_p * ux + ry * cos_p * uy

    out = []
    for i in range(n):
        a, b = start + i * step, start + (i + 1) * step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        end = (x2, y2) if i == n - 1 else at(cb, sb)
        out.append(("C", *at(ca - k * sa, sa + k * ca), *at(cb + k * sb, sb - k * cb), *end))
    return out


def _path(d: str) -> list[tuple]:
    """Absolute M/L/C/Z segments for SVG path data."""
    out: list[tuple] = []
    pos = 0
    x = y = sx = sy = 0.0
    cmd, last = "", "M"
    ctrl = (0.0, 0.0)  # last cubic second control or quadratic control, for S and T

    def fail() -> ValueError:
        return ValueError(f"malformed path data near {d[pos : pos + 16].strip()!r}")

    while not _END_RE.match(d, pos):
        m = _CMD_RE.match(d, pos)
        if m:
            cmd, pos = m.group(1), m.end()
        elif cmd in ("", "Z", "z"):
            raise fail()
        elif cmd in "Mm":
            cmd = "l" if cmd == "m" else "L"  # extra pairs after M are lines
        if not out and cmd not in "Mm":
            raise ValueError("path data must start with M")
        v = []
        upper = cmd.upper()
        for i in range(PATH_ARGS[upper]):
            a = (_FLAG_RE if upper == "A" and i in (3, 4) else _NUM_RE).match(d, pos)
            if not a:
                raise fail()
            v.append(_float(a.group(1)))
            pos = a.end()
        ox, oy = (x, y) if cmd.islower() else (0.0, 0.0)
        if upper == "Z":
            out.append(("Z",))
            x, y = sx, sy
        elif upper == "M":
            x, y = sx, sy = ox + v[0], oy + v[1]
            out.append(("M", x, y))
        else:
            if out[-1][0] == "Z":
                out.append(("M", x, y))  # a subpath after Z starts where the last one began
            if upper in "LHV":
                if upper != "V":
                    x = ox + v[0]
                if upper != "H":
                    y = oy + v[-1]
                out.append(("L", x, y))
            elif upper in "CS":
                c1 = (2 * x - ctrl[0], 2 * y - ctrl[1]) if last in "CS" else (x, y)
                if upper == "C":
                    c1, v = (ox + v[0], oy + v[1]), v[2:]
                ctrl = (ox + v[0], oy + v[1])
                x, y = ox + v[2], oy + v[3]
                out.append(("C", *c1, *ctrl, x, y))
            elif upper in "QT":
                q = (2 * x - ctrl[0], 2 * y - ctrl[1]) if last in "QT" else (x, y)
                if upper == "Q":
                    q, v = (ox + v[0], oy + v[1]), v[2:]
                ex, ey = ox + v[0], oy + v[1]
                c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))  # exact quadratic → cubic
                c2 = (ex + 2 / 3 * (q[0] - ex), ey + 2 / 3 * (q[1] - ey))
                out.append(("C", *c1, *c2, ex, ey))
                ctrl, x, y = q, ex, ey
            else:  # A
                ex, ey = ox + v[5], oy + v[6]
                out += _arc(x, y, v[0], v[1], v[2], bool(v[3]), bool(v[4]), ex, ey)
                x, y = ex, ey
        last = upper
    return out


# --- elements ------------------------------------------------------------------------------


def _split(tag: object) -> tuple[str | None, str]:
    if not isinstance(tag, str):
        return "comment", ""
    if tag.startswith("{"):
        ns, local = tag[1:].split("}", 1)
        return ns, local
    return None, tag


def _fail(e: ValueError, source: str, tag: str, attr: str) -> PapirnaError:
    return PapirnaError(f"{e} in <{tag}>", file=source, field=attr)


def _context(el: ET.Element, parent: dict, tag: str, source: str) -> dict | None:
    """The inherited paint state for el, or None when el is not displayed."""
    props = {k: el.get(k) for k in PROPS if el.get(k) is not None}
    for decl in (el.get("style") or "").split(";"):
        if decl.strip():
            name, sep, value = decl.partition(":")
            if not sep:
                raise _fail(ValueError(f"malformed style {decl!r}"), source, tag, "style")
            if name.strip().lower() in PROPS:
                props[name.strip().lower()] = value
    ctx = dict(parent)
    for name, raw in props.items():
        value = raw.replace("!important", "").strip()
        try:
            if value == "inherit":
                continue
            if name == "display":
                if value == "none":
                    return None
            elif name in ("fill", "stroke"):
                ctx[name] = _color(value)
            elif name == "stroke-width":
                ctx[name] = _length(value)
                if ctx[name] < 0:
                    raise ValueError(f"negative stroke width {value!r}")
            elif name == "stroke-linecap":
                ctx["cap"] = _choice(CAPS, value)
            elif name == "stroke-linejoin":
                ctx["join"] = _choice(JOINS, value)
            elif name == "fill-rule":
                ctx["evenodd"] = _choice(RULES, value)
            else:  # opacities
                num = _float(value[:-1]) / 100 if value.endswith("%") else _length(value)
                if num != 1:
                    raise ValueError(f"{name} {value} is not supported (no transparency)")
        except ValueError as e:
            raise _fail(e, source, tag, name) from None
    if el.get("transform") is not None:
        try:
            ctx["m"] = _mul(ctx["m"], _transform(el.get("transform", "")))
        except ValueError as e:
            raise _fail(e, source, tag, "transform") from None
    return ctx


def _shape(el: ET.Element, tag: str, source: str) -> list[tuple]:
    """Untransformed segments for a shape element."""

    def attr(name, parse=_length, default=0.0, positive=False):
        raw = el.get(name)
        if raw is None:
            return default
        try:
            value = parse(raw)
            if positive and value < 0:
                raise ValueError(f"negative {name} {raw!r}")
        except ValueError as e:
            raise _fail(e, source, tag, name) from None
        return value

    if tag == "path":
        return attr("d", _path, [])
    if tag == "rect":
        w, h = attr("width", positive=True), attr("height", positive=True)
        rx, ry = attr("rx", default=None, positive=True), attr("ry", default=None, positive=True)
        rx, ry = rx if rx is not None else ry or 0.0, ry if ry is not None else rx or 0.0
        if w == 0 or h == 0:
            return []
        return _rect(attr("x"), attr("y"), w, h, min(rx, w / 2), min(ry, h / 2))
    if tag in ("circle", "ellipse"):
        if tag == "circle":
            rx = ry = attr("r", positive=True)
        else:
            rx, ry = attr("rx", positive=True), attr("ry", positive=True)
        return _ellipse(attr("cx"), attr("cy"), rx, ry) if rx and ry else []
    if tag == "line":
        return [("M", attr("x1"), attr("y1")), ("L", attr("x2"), attr("y2"))]
    pts = attr("points", _numbers, [])
    if len(pts) % 2:
        raise PapirnaError(f"odd number of coordinates in <{tag}>", file=source, field="points")
    segs = [("L" if i else "M", pts[i], pts[i + 1]) for i in range(0, len(pts), 2)]
    return [*segs, ("Z",)] if tag == "polygon" and segs else segs


def _walk(
    el: ET.Element, parent: dict, depth: int, source: str, out: list[SvgShape], count: list[int]
) -> None:
    """Append el's shapes (and its children's) to out, checking limits and support."""
    ns, tag = _split(el.tag)
    if ns not in (None, SVG_NS) or tag in IGNORED:
        return  # comments, foreign namespaces (inkscape:, sodipodi:), title/desc/metadata
    count[0] += 1
    if count[0] > MAX_ELEMENTS:
        raise PapirnaError(f"too many SVG elements (limit {MAX_ELEMENTS})", file=source)
    if depth > MAX_DEPTH:
        raise PapirnaError(f"SVG elements nested too deeply (limit {MAX_DEPTH})", file=source)
    if tag == "defs" and not len(el) and not (el.text or "").strip():
        return  # the empty <defs/> every Inkscape file has
    if not (tag == "g" or (tag == "svg" and depth == 0) or tag in SHAPES):
        raise PapirnaError(f"unsupported SVG element <{tag}>", file=source)
    ctx = _context(el, parent, tag, source)
    if tag not in SHAPES:
        if ctx is not None:
            for child in el:
                _walk(child, ctx, depth + 1, source, out, count)
        return
    for child in el:
        cns, ctag = _split(child.tag)
        if cns in (None, SVG_NS) and ctag not in IGNORED:
            raise PapirnaError(f"unsupported SVG element <{ctag}> inside <{tag}>", file=source)
    if ctx is None:
        return
    segments = _shape(el, tag, source)
    if not any(s[0] in "LC" for s in segments):
        return
    fill, stroke = (None if tag == "line" else ctx["fill"]), ctx["stroke"]
    if fill is None and stroke is None:
        return
    a, b, c, d = ctx["m"][:4]
    width = ctx["stroke-width"] * math.sqrt(abs(a * d - b * c))
    segs = _apply(ctx["m"], segments)
    out.append(SvgShape(segs, fill, stroke, width, ctx["cap"], ctx["join"], ctx["evenodd"]))


def _view_box(root: ET.Element, source: str) -> tuple[float, float, float, float]:
    raw = root.get("viewBox")
    try:
        if raw is not None:
            box = _numbers(raw)
            if len(box) != 4:
                raise ValueError(f"viewBox needs 4 numbers, got {raw!r}")
        elif root.get("width") and root.get("height"):
            box = [0.0, 0.0, _length(root.get("width", "")), _length(root.get("height", ""))]
        else:
            raise ValueError("SVG root needs a viewBox (or plain width and height)")
        if box[2] <= 0 or box[3] <= 0:
            raise ValueError(f"viewBox width and height must be positive, got {raw!r}")
    except ValueError as e:
        raise PapirnaError(str(e), file=source, field="viewBox") from None
    return box[0], box[1], box[2], box[3]


# --- public API ----------------------------------------------------------------------------


def parse_svg(text: str, source: str = "<svg>") -> SvgDrawing:
    """Parse SVG text into a drawing; PapirnaError naming `source` for anything unsupported."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise PapirnaError(f"SVG file larger than {MAX_BYTES} bytes", file=source)
    if _DECL_RE.search(text):
        raise PapirnaError("DOCTYPE/ENTITY declarations are not allowed in SVG", file=source)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        line, column = e.position
        message = str(e).split(": line ")[0]
        raise PapirnaError(
            f"malformed SVG: {message}", file=source, line=line, column=column + 1
        ) from None
    ns, tag = _split(root.tag)
    if ns not in (None, SVG_NS) or tag != "svg":
        raise PapirnaError(f"not an SVG file: root element is <{tag}>", file=source)
    view_box = _view_box(root, source)
    ctx = {
        "fill": "#000000",
        "stroke": None,
        "stroke-width": 1.0,
        "cap": 0,
        "join": 0,
        "evenodd": False,
        "m": IDENTITY,
    }
    shapes: list[SvgShape] = []
    _walk(root, ctx, 0, source, shapes, [0])
    return SvgDrawing(view_box, tuple(shapes))


def load_svg(path: str | pathlib.Path) -> SvgDrawing:
    """Read and parse an SVG file, reusing the result while the file is unchanged.

    The file is known by its name and what stat says of it (device, inode, size, time): a
    changed or replaced file is parsed again, without resolving the path on every use (a
    card's icons are placed thousands of times).
    """
    name = os.fspath(path)
    try:
        st = os.stat(name)
    except OSError as e:
        raise PapirnaError(f"cannot read SVG file: {e.strerror}", file=_shown(name)) from None
    if st.st_size > MAX_BYTES:
        raise PapirnaError(f"SVG file larger than {MAX_BYTES} bytes", file=_shown(name))
    return _load(st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size, name)


def _shown(name: str) -> str:
    """A file name as the errors show it (as pathlib spells it)."""
    return str(pathlib.Path(name))


@functools.lru_cache(maxsize=256)
def _load(dev: int, ino: int, mtime_ns: int, size: int, name: str) -> SvgDrawing:
    return _read(name)


def _read(name: str) -> SvgDrawing:
    source = _shown(name)
    try:
        data = pathlib.Path(name).read_bytes()
    except OSError as e:
        raise PapirnaError(f"cannot read SVG file: {e.strerror}", file=source) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PapirnaError("SVG file is not UTF-8", file=source) from None
    return parse_svg(text, source)


def _paint(value: str | None, color: Color) -> Color | None:
    if value is None:
        return None
    if value == "current":
        return color
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)


def svg_ops(
    drawing: SvgDrawing,
    x: float,
    y: float,
    w: float,
    h: float,
    color: Color = BLACK,
    fit: str = "contain",
) -> list[PathOp]:
    """Path operations drawing `drawing` into the mm box (x, y, w, h), currentColor as `color`."""
    vx, vy, vw, vh = drawing.view_box
    sx, sy = w / vw, h / vh
    if fit in ("contain", "cover"):
        sx = sy = min(sx, sy) if fit == "contain" else max(sx, sy)
    elif fit != "stretch":
        raise PapirnaError(f"unknown SVG fit {fit!r} (use contain, cover or stretch)")
    ox, oy = x + (w - vw * sx) / 2 - vx * sx, y + (h - vh * sy) / 2 - vy * sy
    width_scale = sx if sx == sy else math.sqrt(sx * sy)
    m = (sx, 0.0, 0.0, sy, ox, oy)
    return [
        PathOp(
            _apply(m, list(s.segments)),
            Style(
                fill=_paint(s.fill, color),
                stroke=_paint(s.stroke, color),
                width=s.stroke_width * width_scale,
                cap=s.cap,
                join=s.join,
                evenodd=s.evenodd,
            ),
        )
        for s in drawing.shapes
    ]
