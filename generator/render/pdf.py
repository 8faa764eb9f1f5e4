"""Draws a Document (pages of display-list operations in mm) into PDF bytes."""

from __future__ import annotations

import hashlib
import io
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager

from reportlab import rl_config
from reportlab.lib import rl_accel
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas

from generator import flate
from generator.layout.ops import (
    Document,
    EllipseOp,
    FieldOp,
    GroupOp,
    ImageOp,
    LineOp,
    PathOp,
    RectOp,
    Style,
    SvgOp,
    TextOp,
)
from generator.render.fonts import DEFAULT_FONT, ensure_font
from generator.render.form import FormWriter
from generator.units import PT_PER_MM as K


class _Painter:
    """Draws operations on one canvas, emitting graphics-state changes only when they change."""

    def __init__(
        self, canvas: Canvas, height_mm: float, forms: dict, fields: FormWriter, cmyk: bool = False
    ) -> None:
        self.c = canvas
        self.h = height_mm
        self.forms = forms  # (shared ops, page height) -> form name, for the whole file
        self.fields = fields  # the form fields of the whole file
        self.cmyk = cmyk  # every colour as DeviceCMYK (see cmyk.py)
        self.reset()

    def fill_color(self, rgb: tuple) -> None:
        """Set the fill colour, in CMYK when the file is for a print shop."""
        c = self.c
        if self.cmyk:
            from generator.render.cmyk import to_cmyk

            c.setFillColorCMYK(*to_cmyk(rgb))
        elif c._enforceColorSpace is None and type(rgb) is tuple and len(rgb) == 3:
            c._fillColorObj = rgb  # what setFillColorRGB does for a plain (r, g, b)
            c._code.append(f"{fp_str(rgb)} rg")
        else:
            c.setFillColorRGB(*rgb)

    def stroke_color(self, rgb: tuple) -> None:
        """Set the stroke colour, in CMYK when the file is for a print shop."""
        c = self.c
        if self.cmyk:
            from generator.render.cmyk import to_cmyk

            c.setStrokeColorCMYK(*to_cmyk(rgb))
        elif c._enforceColorSpace is None and type(rgb) is tuple and len(rgb) == 3:
            c._strokeColorObj = rgb  # what setStrokeColorRGB does for a plain (r, g, b)
            c._code.append(f"{fp_str(rgb)} RG")
        else:
            c.setStrokeColorRGB(*rgb)

    def reset(self) -> None:
        """Forget the remembered graphics state (after restoreState or a new page)."""
        self.stroke = self.fill = self.width = self.dash = self.cap = self.join = None
        self.font: tuple[str, float] | None = None

    def style(self, st: Style) -> tuple[int, int]:
        c = self.c
        if st.stroke is not None:
            if st.stroke != self.stroke:
                self.stroke_color(st.stroke)
                self.stroke = st.stroke
            if st.width != self.width:
                c._lineWidth = width = st.width * K  # c.setLineWidth, without the call
                c._code.append(f"{fp_str(width)} w")
                self.width = st.width
            if st.dash != self.dash:
                c.setDash([d * K for d in st.dash] if st.dash else [])
                self.dash = st.dash
            if st.cap != self.cap:
                c.setLineCap(st.cap)
                self.cap = st.cap
            if st.join != self.join:
                c.setLineJoin(st.join)
                self.join = st.join
        if st.fill is not None and st.fill != self.fill:
            self.fill_color(st.fill)
            self.fill = st.fill
        return (1 if st.stroke is not None and st.width > 0 else 0, 1 if st.fill is not None else 0)

    def draw(self, ops) -> None:
        c, h = self.c, self.h
        for op in ops:
            t = type(op)
            if t is TextOp:
                if op.color != self.fill:
                    self.fill_color(op.color)
                    self.fill = op.color
                if self.font != (op.font, op.size):
                    ensure_font(op.font)
                    c.setFont(op.font, op.size)
                    self.font = (op.font, op.size)
                _draw_string(c, op.font, op.size, op.x * K, (h - op.y) * K, op.text)
            elif t is RectOp:
                stroke, fill = self.style(op.style)
                if not (stroke or fill):
                    continue
                x, y = op.x * K, (h - op.y - op.h) * K
                if op.radius > 0:
                    key = ("round", x, y, op.w, op.h, op.radius)  # apart from ellipses
                    lines = _SHAPES.get(key)
                    if lines is None:
                        lines = []
                        _round_rect(lines, x, y, op.w * K, op.h * K, op.radius * K)
                        _remember_shape(key, tuple(lines))
                    c._code.extend(lines)
                    c._code.append(PATH_OPS[stroke, fill, c._fillMode])
                else:  # c.rect
                    c._code.append(
                        f"n {fp_str(x, y, op.w * K, op.h * K)} re {PATH_OPS[stroke, fill, c._fillMode]}"
                    )
            elif t is LineOp:
                if self.style(op.style)[0]:  # c.line
                    a = fp_str(op.x1 * K, (h - op.y1) * K)
                    c._code.append(f"n {a} m {fp_str(op.x2 * K, (h - op.y2) * K)} l S")
            elif t is EllipseOp:
                stroke, fill = self.style(op.style)
                if stroke or fill:
                    key = (op.cx, op.cy, op.rx, op.ry, h)
                    lines = _SHAPES.get(key)
                    if lines is None:
                        lines = _ellipse(
                            (op.cx - op.rx) * K,
                            (h - op.cy - op.ry) * K,
                            (op.cx + op.rx) * K,
                            (h - op.cy + op.ry) * K,
                        )
                        _remember_shape(key, lines)
                    c._code.extend(lines)  # type: ignore[arg-type]
                    c._code.append(PATH_OPS[stroke, fill, FILL_EVEN_ODD])  # reportlab's default
            elif t is PathOp:
                stroke, fill = self.style(op.style)
                if not (stroke or fill):
                    continue
                key = (op.segments, h)
                path = _SHAPES.get(key)
                if path is None:
                    path = _path_code(op.segments, h)
                    _remember_shape(key, path)
                c._code.append(path)  # type: ignore[arg-type]
                mode = FILL_EVEN_ODD if op.style.evenodd else FILL_NON_ZERO
                c._code.append(PATH_OPS[stroke, fill, mode])
            elif t is GroupOp:
                c.saveState()
                c.translate(op.dx * K, -op.dy * K)
                if op.clip is not None:
                    cx, cy, cw, ch = op.clip
                    p = c.beginPath()
                    p.rect(cx * K, (h - cy - ch) * K, cw * K, ch * K)
                    c.clipPath(p, stroke=0, fill=0)
                if op.shared:
                    self.form(op.ops)
                else:
                    self.draw(op.ops)
                c.restoreState()
                self.reset()
            elif t is ImageOp:
                c.saveState()
                if op.clip is not None:
                    cx, cy, cw, ch = op.clip
                    p = c.beginPath()
                    p.rect(cx * K, (h - cy - ch) * K, cw * K, ch * K)
                    c.clipPath(p, stroke=0, fill=0)
                if self.cmyk:
                    from generator.render.cmyk import image_reader

                    image = image_reader(op.path)
                else:
                    image = op.path
                c.drawImage(image, op.x * K, (h - op.y - op.h) * K, op.w * K, op.h * K, mask="auto")
                c.restoreState()
                self.reset()
            elif t is SvgOp:
                from generator.render.svgdraw import draw_svg

                draw_svg(c, op, h)
                self.reset()
            elif t is FieldOp:
                self.fields.add(op, h)
                self.reset()

    def form(self, ops: tuple) -> None:
        """Show shared operations as a form XObject, drawn into the file the first time only.

        Forms are found by what they draw (not by which tuple holds it), so that the file is
        the same whichever caches made the operations.
        """
        shared = _ops_key(ops)
        key = (shared, self.h)
        name = self.forms.get(key)
        if name is None:
            name = self.forms[key] = f"papirna-shared-{len(self.forms)}"
            self.c.beginForm(name, -FORM_REACH, -FORM_REACH, FORM_REACH, FORM_REACH)
            self.reset()
            code = self.c._code
            drawn = _FORM_CODE.get((shared, self.h, self.cmyk))
            if drawn is not None:
                code.extend(drawn)
            else:
                start = len(code)
                self.draw(ops)
                if _vector_only(ops):
                    _remember_form((shared, self.h, self.cmyk), code[start:])
            self.c.endForm()
            self.reset()
        self.c.doForm(name)


class _OpsKey:
    """Shared operations as a dict key whose hash is worked out once.

    A tuple works out its hash anew from all its items every time it is looked up, and a card
    face's operations are thousands of them: that took a tenth of a full build. Keys are equal
    when the operations are (the same form whichever tuple holds them), as with the tuple.
    """

    __slots__ = ("hash", "ops")

    def __init__(self, ops: tuple) -> None:
        self.ops = ops
        self.hash = hash(ops)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _OpsKey):
            return NotImplemented
        return self.ops is other.ops or (self.hash == other.hash and self.ops == other.ops)


_OPS_KEYS: dict[int, _OpsKey] = {}  # id of shared operations -> their key (which keeps them)
_OPS_KEYS_LIMIT = 50_000


def _ops_key(ops: tuple) -> _OpsKey:
    """The key of shared operations, made once per tuple (it holds the tuple: the id stays)."""
    key = _OPS_KEYS.get(id(ops))
    if key is None or key.ops is not ops:
        if len(_OPS_KEYS) >= _OPS_KEYS_LIMIT:
            _OPS_KEYS.clear()
        key = _OPS_KEYS[id(ops)] = _OpsKey(ops)
    return key


_FORM_CODE: dict[tuple, list[str]] = {}  # (ops' key, page height, cmyk) -> a vector form's code
_FORM_CODE_LIMIT = 20_000  # forms kept


def _vector_only(ops: tuple) -> bool:
    """Whether operations draw only shapes (no text, image, field, SVG file or inner form).

    Such a form's operators depend on nothing but the operations, the page height and the
    colour space, so another file (the other paper, the other language) can take them as
    they are; text is encoded by each file's own font subsets, so it cannot.
    """
    for op in ops:
        t = type(op)
        if t is TextOp or t is ImageOp or t is FieldOp or t is SvgOp:
            return False
        if t is GroupOp and (op.shared or not _vector_only(op.ops)):
            return False
    return True


def _remember_form(key: tuple, code: list[str]) -> None:
    """Keep a vector form's operators for the next file that shows the same form."""
    if len(_FORM_CODE) >= _FORM_CODE_LIMIT:
        _FORM_CODE.clear()
    _FORM_CODE[key] = code


def _draw_string(c: Canvas, font_name: str, size: float, x: float, y: float, text: str) -> None:
    """canvas.drawString for a TrueType font, writing the same operators with less work.

    reportlab's drawString also measures the string (for right-to-left text) and builds a text
    object; for papirna's fonts the operators are: the text origin, for each run of one font
    subset its name and size, the escaped run, then T*. Other fonts go through drawString.
    A string shown again in the same file (a label on every sheet, a number) is encoded once:
    its characters keep the codes the file's font subsets gave them the first time.
    """
    doc = c._doc
    shown = doc.__dict__.setdefault("_papirna_shown", {})
    key = (font_name, size, text)
    runs = shown.get(key)
    if runs is None:
        font = pdfmetrics.getFont(font_name)
        if not getattr(font, "_dynamicFont", False):
            c.drawString(x, y, text)
            return
        size_code = f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"  # setFont's leading: 1.2 x size
        parts = []
        current = -1
        for subset, part in font.splitString(text, doc):
            if subset != current:
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {size_code}")
                current = subset
            parts.append(f"({escapePDF(part)}) Tj")
        runs = shown[key] = " ".join(parts)
    c.addLiteral(f"BT 1 0 0 1 {fp_str(x, y)} Tm {runs} T* ET")


_SHAPES: dict[tuple, str | tuple[str, ...]] = {}  # operators of a path, ellipse, round rectangle
_SHAPES_LIMIT = 200_000  # shapes kept


def _remember_shape(key: tuple, code: str | tuple[str, ...]) -> None:
    """Keep a shape's operators: the other language's file draws it at the same place."""
    if len(_SHAPES) >= _SHAPES_LIMIT:
        _SHAPES.clear()
    _SHAPES[key] = code


def _path_code(segments: tuple, h: float) -> str:
    """The operators reportlab's path object writes for a path, without a call per segment."""
    code = ["n"]
    add = code.append
    for seg in segments:
        kind = seg[0]
        if kind == "M":
            add(fp_str(seg[1] * K, (h - seg[2]) * K) + " m")
        elif kind == "L":
            add(fp_str(seg[1] * K, (h - seg[2]) * K) + " l")
        elif kind == "C":
            add(
                fp_str(
                    seg[1] * K,
                    (h - seg[2]) * K,
                    seg[3] * K,
                    (h - seg[4]) * K,
                    seg[5] * K,
                    (h - seg[6]) * K,
                )
                + " c"
            )
        else:
            add("h")
    return " ".join(code)


def _round_rect(code: list, x: float, y: float, width: float, height: float, r: float) -> None:
    """The path of canvas.roundRect(x, y, width, height, r): the same numbers, fewer calls."""
    t = 0.4472 * r  # reportlab's control-point factor
    xlo, xhi = min(x, x + width), max(x, x + width)
    ylo, yhi = min(y, y + height), max(y, y + height)
    code.append("n")
    code.append(f"{fp_str(xlo + r, ylo)} m")
    code.append(f"{fp_str(xhi - r, ylo)} l")
    code.append(f"{fp_str(xhi - t, ylo, xhi, ylo + t, xhi, ylo + r)} c")
    code.append(f"{fp_str(xhi, yhi - r)} l")
    code.append(f"{fp_str(xhi, yhi - t, xhi - t, yhi, xhi - r, yhi)} c")
    code.append(f"{fp_str(xlo + r, yhi)} l")
    code.append(f"{fp_str(xlo + t, yhi, xlo, yhi - t, xlo, yhi - r)} c")
    code.append(f"{fp_str(xlo, ylo + r)} l")
    code.append(f"{fp_str(xlo, ylo + t, xlo + t, ylo, xlo + r, ylo)} c")
    code.append("h")


def _unit_arcs() -> tuple[tuple[float, ...], ...]:
    """Per quarter of a full ellipse, the unit terms reportlab's bezierArc(0, 360) uses."""
    frag = 90.0
    half = frag * math.pi / 360.0
    kappa = abs(4.0 / 3.0 * (1.0 - math.cos(half)) / math.sin(half))
    arcs = []
    for i in range(4):
        t0 = (0 + i * frag) * math.pi / 180.0
        t1 = (0 + (i + 1) * frag) * math.pi / 180.0
        c0, s0, c1, s1 = math.cos(t0), math.sin(t0), math.cos(t1), math.sin(t1)
        arcs.append(
            (c0, s0, c0 - kappa * s0, s0 + kappa * c0, c1 + kappa * s1, s1 - kappa * c1, c1, s1)
        )
    return tuple(arcs)


_ARCS = _unit_arcs()


def _ellipse(x1: float, y1: float, x2: float, y2: float) -> tuple[str, ...]:
    """The path lines of canvas.ellipse(x1, y1, x2, y2), the same numbers, without its work."""
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    xc, yc = (x1 + x2) / 2.0, (y1 + y2) / 2.0
    rx, ry = (x2 - x1) / 2.0, (y2 - y1) / 2.0
    c0, s0 = _ARCS[0][:2]
    lines = ["n", fp_str(xc + rx * c0, yc - ry * s0) + " m"]
    for _, _, a, b, d, e, c1, s1 in _ARCS:
        lines.append(
            fp_str(xc + rx * a, yc - ry * b, xc + rx * d, yc - ry * e, xc + rx * c1, yc - ry * s1)
            + " c"
        )
    return tuple(lines)


FORM_REACH = 14400.0  # pt (200 in): a shared form's bounding box reaches this far every way


def accelerated() -> bool:
    """Whether reportlab's C accelerator (the rl_accel package) is installed and in use."""
    return not rl_accel.fp_str.__name__.startswith("_py_")


# libdeflate's level for streams: the same bytes on every CPU (see generator.flate); about as
# quick as ISA-L's level 3 was and as small (fonts, pages and forms of a full build: 6.4 MB)
LEVEL = 1
_COMPRESSED: dict[bytes, bytes] = {}  # sha-1 of a stream -> its Flate bytes
_COMPRESSED_LIMIT = 64_000_000  # bytes of compressed streams kept
_compressed_size = 0


def _compress(data: str | bytes) -> bytes:
    """Flate (zlib format) as reportlab asks for it, quicker, remembering streams seen before.

    The same font subset or form appears in the A4 and the Letter file, in Czech and English;
    it is compressed once. The bytes are those the compressor gives, so a remembered stream is
    the same as one compressed anew.
    """
    global _compressed_size
    raw = data.encode("utf8") if isinstance(data, str) else data
    if len(raw) < 512:
        return flate.compress(raw, LEVEL)
    key = hashlib.sha1(raw).digest()
    packed = _COMPRESSED.get(key)
    if packed is None:
        packed = flate.compress(raw, LEVEL)
        if _compressed_size + len(packed) > _COMPRESSED_LIMIT:
            _COMPRESSED.clear()
            _compressed_size = 0
        _COMPRESSED[key] = packed
        _compressed_size += len(packed)
    return packed


_FORMAT = pdfdoc.format  # reportlab's own, for everything but plain numbers, strings and bytes
_PDF_NAME = pdfdoc.PDFName
_ENCODED: dict[str, bytes] = {}  # str -> its bytes in reportlab's PDFDocEncoding
_NAMES: dict[str, str] = {}  # PDFName's results
# a number -> its bytes (equal numbers, such as 1 and 1.0 or 0.0 and -0.0, format alike)
_NUMBERS: dict[float, bytes] = {}
_MEMO_LIMIT = 200_000  # entries of each of the memos above


def _format(element: object, document: object, toplevel: int = 0) -> bytes:
    """pdfdoc.format with the common cases first: the same bytes, less work per call.

    Saving a file formats every number of every font's width array and every dictionary key
    through reportlab's generic `format`; strings repeat (keys, names), so their encoding is
    remembered. Everything else is reportlab's own `format`.
    """
    t = type(element)
    if t is str:
        encoded = _ENCODED.get(element)  # type: ignore[arg-type]
        if encoded is None:
            encoded = element.encode("extpdfdoc")  # type: ignore[union-attr]
            if len(_ENCODED) < _MEMO_LIMIT:
                _ENCODED[element] = encoded  # type: ignore[index]
        return encoded
    if t is float or t is int:  # widths and boxes: the same few numbers in every file
        number = _NUMBERS.get(element)  # type: ignore[call-overload]
        if number is None:
            number = fp_str(element).encode()  # digits, '.' and '-': the same in PDFDocEncoding
            if len(_NUMBERS) < _MEMO_LIMIT:
                _NUMBERS[element] = number  # type: ignore[index]
        return number
    if t is bytes:
        return element  # type: ignore[return-value]
    if t is pdfdoc.PDFDictionary:
        return _dictionary_format(element, document)  # type: ignore[arg-type]
    if t is pdfdoc.PDFArray:
        return _array_format(element, document)  # type: ignore[arg-type]
    if t is pdfdoc.PDFObjectReference:
        n, v = document.idToObjectNumberAndVersion[element.name]  # type: ignore[attr-defined]
        return (
            b"%d %d R" % (n, v) if type(n) is int and type(v) is int else _FORMAT(element, document)
        )
    return _FORMAT(element, document, toplevel)


_KEYS: dict[str, bytes] = {}  # a dictionary key -> its name and the space after it, as bytes


def _dictionary_format(d: pdfdoc.PDFDictionary, document: object) -> bytes:
    """PDFDictionary.format, the same bytes: keys sorted, six to a line."""
    items = d.dict
    keys = list(items)
    if not isinstance(items, pdfdoc.OrderedDict):
        keys.sort()
    parts = []
    for k in keys:
        key = _KEYS.get(k)
        if key is None:
            key = _format(_pdf_name(k), document) + b" "
            if len(_KEYS) < _MEMO_LIMIT:
                _KEYS[k] = key
        parts.append(key + _format(items[k], document))
    if (d.multiline and rl_config.pdfMultiLine) or d.multiline == "forced":
        return b"<<\n" + b"\n ".join(parts) + b"\n>>"
    for i in reversed(range(6, len(parts), 6)):
        parts.insert(i, b"\n ")
    return b"<<\n" + b" ".join(parts) + b"\n>>"


def _array_format(a: pdfdoc.PDFArray, document: object) -> bytes:
    """PDFArray.format, the same bytes: elements ten to a line."""
    parts = [_format(e, document) for e in a.sequence]
    if (a.multiline and rl_config.pdfMultiLine) or a.multiline == "forced":
        return b"[ " + b"\n ".join(parts) + b" ]"
    for i in reversed(range(10, len(parts), 10)):
        parts.insert(i, b"\n ")
    return b"[ " + b" ".join(parts) + b" ]"


def _pdf_name(data: str, lo: str = "!", hi: str = "~") -> str:
    """pdfdoc.PDFName, remembered: the same few names are written thousands of times."""
    if lo != "!" or hi != "~":
        return _PDF_NAME(data, lo, hi)
    name = _NAMES.get(data)
    if name is None:
        name = _PDF_NAME(data)
        if len(_NAMES) < _MEMO_LIMIT:
            _NAMES[data] = name
    return name


_PDFDOC_ENC = pdfdoc.pdfdocEnc
# the ASCII characters reportlab's PDFDocEncoding does not map to themselves (it refuses them)
_PDFDOC_ODD = re.compile("[\x18-\x1f]")


def _pdfdoc_enc(x: object) -> object:
    """pdfdoc.pdfdocEnc, quicker for ASCII text (a form's operators): the same bytes or error.

    reportlab's codec looks up every character in a table; ASCII but for \\x18-\\x1f is
    written as itself in PDFDocEncoding, so such text is encoded as ASCII.
    """
    if type(x) is str and x.isascii() and _PDFDOC_ODD.search(x) is None:
        return x.encode("ascii")
    return _PDFDOC_ENC(x)


_CMAPS: dict[tuple[str, tuple[int, ...]], str] = {}  # (font name, subset) -> ToUnicode CMap
_CMAPS_LIMIT = 4096
_MAKE_CMAP = ttfonts.makeToUnicodeCMap


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's makeToUnicodeCMap, remembered: the same subset is in every paper's file.

    The text depends on nothing but the subset's name and its characters, so it is made once.
    """
    key = (fontname, tuple(subset))
    text = _CMAPS.get(key)
    if text is None:
        if len(_CMAPS) >= _CMAPS_LIMIT:
            _CMAPS.clear()
        text = _CMAPS[key] = _MAKE_CMAP(fontname, subset)
    return text


@contextmanager
def binary_streams() -> Iterator[None]:
    """Streams written while this is open are Flate-compressed binary, not ASCII85 text.

    ASCII85 makes every stream a quarter larger and costs time to encode; PDF needs neither.
    reportlab reads the setting when a file is saved, so it is switched back afterwards; the
    same goes for the compression of repeated streams (see _compress) and for the quicker
    formatting of numbers, strings and names when the file is saved (see _format), which
    writes the same bytes as reportlab's own.
    """
    before = rl_config.useA85
    zstream = pdfdoc.PDFStreamFilterZCompress  # the class: acroform makes instances of its own
    encode = zstream.__dict__["encode"]
    formatter, namer, encoder = pdfdoc.format, pdfdoc.PDFName, pdfdoc.pdfdocEnc
    cmap = ttfonts.makeToUnicodeCMap
    rl_config.useA85 = 0
    zstream.encode = staticmethod(_compress)  # type: ignore[assignment]
    pdfdoc.pdfdocEnc = _pdfdoc_enc
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    if not rl_config.pdfComments:  # reportlab's comments are written by its own format only
        pdfdoc.format, pdfdoc.PDFName = _format, _pdf_name
    try:
        yield
    finally:
        rl_config.useA85 = before
        pdfdoc.format, pdfdoc.PDFName, pdfdoc.pdfdocEnc = formatter, namer, encoder
        ttfonts.makeToUnicodeCMap = cmap
        zstream.encode = encode  # type: ignore[method-assign]


def render_pdf(doc: Document, color: str = "rgb") -> bytes:
    """Render a document to PDF bytes: fonts embedded, byte-identical for the same input.

    `color` "cmyk": every colour and image in DeviceCMYK, with an OutputIntent (see cmyk.py).
    """
    with binary_streams():
        return _render_pdf(doc, color)


def _render_pdf(doc: Document, color: str) -> bytes:
    ensure_font(DEFAULT_FONT)
    buf = io.BytesIO()
    first = doc.pages[0]
    canvas = Canvas(
        buf,
        pagesize=(first.width * K, first.height * K),
        invariant=1,
        pageCompression=1,
        initialFontName=DEFAULT_FONT,
        initialFontSize=9,
    )
    canvas.setTitle(doc.title)
    canvas.setAuthor("papirna")
    canvas.setCreator("papirna")
    canvas.setSubject(doc.title)
    forms: dict = {}
    fields = FormWriter(canvas)
    for page in doc.pages:
        canvas.setPageSize((page.width * K, page.height * K))
        for name, box in (("trim", page.trim_box), ("bleed", page.bleed_box)):
            if box is None:
                canvas.setCropBox(None, name=name)
            else:
                x, y, w, h = box
                y0 = page.height - y - h
                canvas.setCropBox((x * K, y0 * K, (x + w) * K, (y0 + h) * K), name=name)
        painter = _Painter(canvas, page.height, forms, fields, cmyk=color == "cmyk")
        moved = page.turned or page.offset != (0.0, 0.0)
        if moved:
            canvas.saveState()
            canvas.translate(page.offset[0] * K, -page.offset[1] * K)
            if page.turned:
                canvas.translate(page.width * K, page.height * K)
                canvas.rotate(180)
        painter.draw(page.ops)
        if moved:
            canvas.restoreState()
        canvas.showPage()
    fields.finish()
    canvas.save()
    if color == "cmyk":
        from generator.render.cmyk import add_output_intent

        return add_output_intent(buf.getvalue())
    return buf.getvalue()
