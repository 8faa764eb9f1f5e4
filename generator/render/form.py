"""Form fields of fillable PDFs, written as PDF objects with an embedded Czech-capable font.

reportlab's own AcroForm uses non-embedded Helvetica in PDFDocEncoding, which has no ř ě ů č ď
ť ň: viewers then draw the player's name with blanks or dots. Here every text field's default
appearance (/DA) names one Type0 font, DejaVu Sans Condensed with a fixed character set
(assets/fonts/DejaVuSansCondensed-Form.ttf, made by make_form_font.py), embedded once per file
with a ToUnicode map and listed in the AcroForm's /DR, so any viewer can encode what is typed.
Every widget carries its own appearance streams (an empty text field, a checkbox cross on and
off), so no viewer needs /NeedAppearances and every engine draws the same cross.
"""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObject,
    PDFStream,
    PDFStreamFilterZCompress,
    PDFString,
)
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.layout.ops import FieldOp
from generator.resources import assets_dir
from generator.units import PT_PER_MM as K

FORM_FONT_FILE = "DejaVuSansCondensed-Form.ttf"
# The font's name in /DR and in every /DA. Only the key is "Wingdings": the font it names is
# DejaVu Sans Condensed. PDFium (Chrome, Edge) types a letter in the /DA font only when the
# letter's Windows charset matches the font's, and it takes an embedded font to be Western
# (cp1252) unless its key is one of the Windows symbol fonts; under any other key it writes
# ř ě ů č ď ť ň with a system font that is not embedded. Under this key it writes every
# letter the font covers with the embedded font. Other viewers look the key up in /DR.
FONT_KEY = "Wingdings"
BASE_FONT = "DejaVuSansCondensed"
INK = "0 g"  # text colour of the fields: black
CROSS_INSET = 0.2  # of the box size, each side
CROSS_WIDTH = 0.1  # of the box size
ZAPF_CROSS = "8"  # /MK /CA: the ZapfDingbats cross; PDFium draws a tick for "5" or "4"

FLAG_PRINT = 4
FF_MULTILINE = 1 << 12
FF_RADIO = 1 << 15
FF_DO_NOT_SPELL_CHECK = 1 << 22


class _Raw(PDFObject):
    """PDF syntax written as given (numbers and arrays formatted here, not by reportlab)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def format(self, document) -> bytes:
        return self.text.encode("latin-1")


def _num(v: float) -> str:
    """A number with at most 3 decimals and no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _stream(content: bytes | str, extra: dict | None = None) -> PDFStream:
    d = PDFDictionary(extra or {})
    data = content.encode("latin-1") if isinstance(content, str) else content
    return PDFStream(d, data, filters=[PDFStreamFilterZCompress()])


@cache
def form_font() -> FormFont:
    """The form font, parsed once per process."""
    return FormFont(TTFontFile(str(assets_dir() / "fonts" / FORM_FONT_FILE)))


class FormFont:
    """The glyphs, widths and Unicode map of the form font, as PDF objects are made of them."""

    def __init__(self, ttf: TTFontFile) -> None:
        self.ttf = ttf
        self.data: bytes = ttf._ttf_data
        self.glyphs = ttf.numGlyphs
        scale = 1000.0 / ttf.unitsPerEm
        self.widths = [round(ttf.hmetrics[g][0] * scale) for g in range(self.glyphs)]
        # one character per glyph for the ToUnicode map: the lowest code point that uses it
        self.unicode: dict[int, int] = {}
        for char, gid in sorted(ttf.charToGlyph.items()):
            if gid and char < 0xFFFE and gid not in self.unicode:
                self.unicode[gid] = char
        self.cmap: dict[int, int] = dict(ttf.charToGlyph)

    def covers(self, text: str) -> bool:
        """Whether every character of text has a glyph."""
        return all(ord(ch) in self.cmap for ch in text)

    def encode(self, text: str) -> str:
        """Text as a hex string of 2-byte glyph ids (Identity-H); unknown characters as .notdef."""
        return "<" + "".join(f"{self.cmap.get(ord(ch), 0):04X}" for ch in text) + ">"

    def width(self, text: str, size: float) -> float:
        """Advance width of text in points at size."""
        return sum(self.widths[self.cmap.get(ord(ch), 0)] for ch in text) * size / 1000.0

    def to_unicode(self) -> bytes:
        """The ToUnicode CMap: glyph id -> character."""
        lines = [
            "/CIDInit /ProcSet findresource begin",
            "12 dict begin",
            "begincmap",
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
            f"/CMapName /{BASE_FONT}-UCS def",
            "/CMapType 2 def",
            "1 begincodespacerange",
            "<0000> <FFFF>",
            "endcodespacerange",
        ]
        pairs = sorted(self.unicode.items())
        for i in range(0, len(pairs), 100):
            chunk = pairs[i : i + 100]
            lines.append(f"{len(chunk)} beginbfchar")
            lines.extend(f"<{g:04X}> <{u:04X}>" for g, u in chunk)
            lines.append("endbfchar")
        lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
        return ("\n".join(lines) + "\n").encode("ascii")

    def w_array(self) -> str:
        """The CIDFont /W array: runs of glyph widths."""
        return "[0 [" + " ".join(str(w) for w in self.widths) + "]]"


class FormWriter:
    """Collects the fields of one PDF and writes the AcroForm, its font and appearances once."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self.doc = canvas._doc
        self.fields: list = []
        self.radios: dict[str, tuple[PDFDictionary, list]] = {}
        self.streams: dict[tuple, object] = {}  # appearance content -> shared reference
        self._font_ref = None

    # objects shared by all fields

    def font_ref(self):
        """The Type0 form font, registered with the document the first time it is asked for."""
        if self._font_ref is not None:
            return self._font_ref
        font = form_font()
        ttf = font.ttf
        ref = self.doc.Reference
        file = _stream(font.data, {"Length1": len(font.data)})
        bbox = " ".join(str(round(v)) for v in ttf.bbox)
        descriptor = PDFDictionary(
            {
                "Type": PDFName("FontDescriptor"),
                "FontName": PDFName(BASE_FONT),
                "Flags": 32,  # nonsymbolic: the glyphs are Latin text
                "FontBBox": _Raw(f"[{bbox}]"),
                "ItalicAngle": 0,
                "Ascent": round(ttf.ascent),
                "Descent": round(ttf.descent),
                "CapHeight": round(ttf.capHeight),
                "StemV": round(ttf.stemV),
                "FontFile2": ref(file),
            }
        )
        cid = PDFDictionary(
            {
                "Type": PDFName("Font"),
                "Subtype": PDFName("CIDFontType2"),
                "BaseFont": PDFName(BASE_FONT),
                "CIDSystemInfo": _Raw("<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"),
                "FontDescriptor": ref(descriptor),
                "DW": 1000,
                "W": _Raw(font.w_array()),
                "CIDToGIDMap": PDFName("Identity"),
            }
        )
        type0 = PDFDictionary(
            {
                "Type": PDFName("Font"),
                "Subtype": PDFName("Type0"),
                "BaseFont": PDFName(BASE_FONT),
                "Encoding": PDFName("Identity-H"),
                "DescendantFonts": PDFArray([ref(cid)]),
                "ToUnicode": ref(_stream(font.to_unicode())),
            }
        )
        self._font_ref = ref(type0)
        return self._font_ref

    def appearance(self, w: float, h: float, content: str, font: bool = False):
        """A form XObject of size w x h pt drawing content, one object per distinct appearance."""
        key = (_num(w), _num(h), content, font)
        found = self.streams.get(key)
        if found is None:
            extra = {
                "Type": PDFName("XObject"),
                "Subtype": PDFName("Form"),
                "BBox": _Raw(f"[0 0 {key[0]} {key[1]}]"),
            }
            if font:
                extra["Resources"] = PDFDictionary(
                    {"Font": PDFDictionary({FONT_KEY: self.font_ref()})}
                )
            found = self.streams[key] = self.doc.Reference(_stream(content, extra))
        return found

    # fields

    def add(self, op: FieldOp, page_height_mm: float) -> None:
        """Add one field on the current page; op is in mm from the page's top left."""
        x, y = op.x * K, (page_height_mm - op.y - op.h) * K
        w, h = op.w * K, op.h * K
        rect = _Raw(f"[{_num(x)} {_num(y)} {_num(x + w)} {_num(y + h)}]")
        common = {
            "Type": PDFName("Annot"),
            "Subtype": PDFName("Widget"),
            "Rect": rect,
            "F": FLAG_PRINT,
            "P": self.doc.thisPageRef(),
        }
        if op.kind == "text":
            self._text(op, w, h, common)
        elif op.kind == "checkbox":
            self._checkbox(op, w, h, common)
        elif op.kind == "radio":
            self._radio(op, w, h, common)
        else:
            raise ValueError(f"unknown field kind {op.kind!r}")

    def _da(self, size: float) -> PDFString:
        return PDFString(f"/{FONT_KEY} {_num(size)} Tf {INK}")

    def _text(self, op: FieldOp, w: float, h: float, common: dict) -> None:
        self.font_ref()  # the font must be in the file for /DA to name it
        ff = FF_DO_NOT_SPELL_CHECK | (FF_MULTILINE if op.multiline else 0)
        field = PDFDictionary(
            {
                **common,
                "FT": PDFName("Tx"),
                "T": PDFString(op.name),
                "TU": PDFString(op.tooltip or op.name),
                "Ff": ff,
                "DA": self._da(op.size),
                "Q": {"left": 0, "center": 1, "right": 2}[op.align],
                "AP": PDFDictionary({"N": self.appearance(w, h, "/Tx BMC\nEMC\n")}),
            }
        )
        if op.max_length:
            field["MaxLen"] = op.max_length
        self.canvas._addAnnotation(field)
        self.fields.append(self.doc.Reference(field))

    def _states(self, w: float, h: float, on: str) -> PDFDictionary:
        """The /N appearances of a box: a cross for `on`, nothing for Off."""
        s = min(w, h)
        inset, lw = s * CROSS_INSET, s * CROSS_WIDTH
        x0, y0 = (w - s) / 2 + inset, (h - s) / 2 + inset
        x1, y1 = x0 + s - 2 * inset, y0 + s - 2 * inset
        cross = (
            f"q 0 G {_num(lw)} w 1 J\n"
            f"{_num(x0)} {_num(y0)} m {_num(x1)} {_num(y1)} l\n"
            f"{_num(x0)} {_num(y1)} m {_num(x1)} {_num(y0)} l S Q\n"
        )
        return PDFDictionary({on: self.appearance(w, h, cross), "Off": self.appearance(w, h, "")})

    def _checkbox(self, op: FieldOp, w: float, h: float, common: dict) -> None:
        field = PDFDictionary(
            {
                **common,
                "FT": PDFName("Btn"),
                "T": PDFString(op.name),
                "TU": PDFString(op.tooltip or op.name),
                "V": PDFName("Off"),
                "AS": PDFName("Off"),
                "MK": PDFDictionary({"CA": PDFString(ZAPF_CROSS)}),
                "AP": PDFDictionary({"N": self._states(w, h, "Yes")}),
            }
        )
        self.canvas._addAnnotation(field)
        self.fields.append(self.doc.Reference(field))

    def _radio(self, op: FieldOp, w: float, h: float, common: dict) -> None:
        """One button of the radio group op.name; op.value is its export name."""
        group = self.radios.get(op.name)
        if group is None:
            parent = PDFDictionary(
                {
                    "FT": PDFName("Btn"),
                    "T": PDFString(op.name),
                    "TU": PDFString(op.tooltip or op.name),
                    "Ff": FF_RADIO,
                    "V": PDFName("Off"),
                }
            )
            group = self.radios[op.name] = (parent, [])
            self.fields.append(self.doc.Reference(parent))
        parent, kids = group
        widget = PDFDictionary(
            {
                **common,
                "Parent": self.doc.Reference(parent),
                "AS": PDFName("Off"),
                "MK": PDFDictionary({"CA": PDFString(ZAPF_CROSS)}),
                "AP": PDFDictionary({"N": self._states(w, h, op.value)}),
            }
        )
        if op.label:
            widget["TU"] = PDFString(op.label)
        self.canvas._addAnnotation(widget)
        kids.append(self.doc.Reference(widget))

    def finish(self) -> None:
        """Put the AcroForm in the catalog (call before the canvas is saved)."""
        if not self.fields:
            return
        for parent, kids in self.radios.values():
            parent["Kids"] = PDFArray(kids)
        form = PDFDictionary({"Fields": PDFArray(self.fields)})
        if self._font_ref is not None:  # only text fields need the font
            form["DR"] = PDFDictionary({"Font": PDFDictionary({FONT_KEY: self._font_ref})})
            form["DA"] = self._da(10)
        self.doc._catalog.AcroForm = self.doc.Reference(form)
