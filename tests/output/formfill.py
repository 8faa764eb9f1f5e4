"""Filling fillable PDFs the way viewers do (pypdf, PDFium, poppler) and reading what they draw."""

from __future__ import annotations

import ctypes
import io
import json
import math
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject

CZECH = "Řehoř Šťastný, ďábelské ódy, úl, ŮŽĚČ"


@dataclass(frozen=True)
class Widget:
    """One widget of a form: its field's name, kind, page and rectangle in PDF points."""

    name: str
    kind: str  # "text", "checkbox" or "radio"
    page: int
    rect: tuple[float, float, float, float]  # left, bottom, right, top
    export: str = ""  # radio buttons: the state the button turns on

    @property
    def key(self) -> str:
        """The name scoring reads it by: a radio button as GROUP.EXPORT, as if it were a box."""
        return f"{self.name}.{self.export}" if self.kind == "radio" else self.name


def widgets(pdf: bytes) -> list[Widget]:
    """Every widget of the form, page by page in /Annots order."""
    return list(_widgets(pdf))


@lru_cache(maxsize=64)
def _widgets(pdf: bytes) -> tuple[Widget, ...]:
    """`widgets`, read once per PDF (the tests ask again and again for the same built sheets)."""
    found = []
    for p, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        for ref in page.get("/Annots", []):
            annot = ref.get_object()
            if annot.get("/Subtype") != "/Widget":
                continue
            field = annot if "/T" in annot else annot["/Parent"].get_object()
            rect = tuple(float(v) for v in annot["/Rect"])
            if field["/FT"] == "/Tx":
                found.append(Widget(str(field["/T"]), "text", p, rect))
            elif int(field.get("/Ff", 0)) & (1 << 15):
                states = [k[1:] for k in annot["/AP"]["/N"] if k != "/Off"]
                found.append(Widget(str(field["/T"]), "radio", p, rect, states[0]))
            else:
                found.append(Widget(str(field["/T"]), "checkbox", p, rect))
    return tuple(found)


def fill_pypdf(pdf: bytes, texts: dict[str, str], on: Iterable[Widget]) -> bytes:
    """The form filled by pypdf (it writes the text fields' appearance streams)."""
    on = set(on)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    ticked = {(w.name, w.export) for w in on}
    for page in writer.pages:
        for ref in page.get("/Annots", []):
            annot = ref.get_object()
            field = annot if "/T" in annot else annot["/Parent"].get_object()
            if field.get("/FT") != "/Btn":
                continue
            states = [k for k in annot["/AP"]["/N"] if k != "/Off"]
            if (str(field["/T"]), "" if "/T" in annot else states[0][1:]) in ticked:
                annot[NameObject("/AS")] = NameObject(states[0])
                field[NameObject("/V")] = NameObject(states[0])
        names = {str(ref.get_object().get("/T")) for ref in page.get("/Annots", [])}
        typed = {k: v for k, v in texts.items() if k in names}
        if typed:
            writer.update_page_form_field_values(page, typed, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def fill_pdfium(pdf: bytes, texts: dict[str, str], on: Iterable[Widget]) -> bytes:
    """The form filled by PDFium's form filler: a click into each field, then typing, as in Chrome."""
    on = set(on)
    doc = pdfium.PdfDocument(pdf)
    doc.init_forms()
    env = doc.formenv.raw
    clicks: dict[int, list[tuple[float, float, str | None]]] = {}
    for w in widgets(pdf):
        text = texts.get(w.name) if w.kind == "text" else None
        if w.kind == "text" and text is None:
            continue
        if w.kind != "text" and w not in on:
            continue
        x, y = (w.rect[0] + w.rect[2]) / 2, (w.rect[1] + w.rect[3]) / 2
        clicks.setdefault(w.page, []).append((x, y, text))
    for p, todo in sorted(clicks.items()):
        page = doc[p]
        for x, y, text in todo:
            raw.FORM_OnMouseMove(env, page.raw, 0, x, y)
            raw.FORM_OnLButtonDown(env, page.raw, 0, x, y)
            raw.FORM_OnLButtonUp(env, page.raw, 0, x, y)
            if text is not None:
                buf = ctypes.create_string_buffer((text + "\0").encode("utf-16-le"))
                raw.FORM_ReplaceSelection(env, page.raw, ctypes.cast(buf, raw.FPDF_WIDESTRING))
            raw.FORM_ForceToKillFocus(env)
        page.close()
    out = io.BytesIO()
    doc.save(out)
    doc.close()
    return out.getvalue()


_POPPLER_FILL = """
import json
import sys

import gi

gi.require_version("Poppler", "0.18")
from gi.repository import Gio, Poppler

job = json.load(sys.stdin)
doc = Poppler.Document.new_from_file(Gio.File.new_for_path(job["src"]).get_uri(), None)
for i in range(doc.get_n_pages()):
    for m in doc.get_page(i).get_form_field_mapping():
        f, a = m.field, m.area
        kind = f.get_field_type()
        if kind == Poppler.FormFieldType.TEXT and f.get_name() in job["texts"]:
            f.text_set_text(job["texts"][f.get_name()])
        elif kind == Poppler.FormFieldType.BUTTON:
            for p, x, y in job["buttons"]:
                if p == i and a.x1 <= x <= a.x2 and a.y1 <= y <= a.y2:
                    f.button_set_state(True)
doc.save(Gio.File.new_for_path(job["dst"]).get_uri())
"""


def poppler_python() -> str | None:
    """A Python that can import poppler-glib (a system package), or None."""
    for candidate in ("/usr/bin/python3", shutil.which("python3")):
        if not candidate or Path(candidate).resolve() == Path(sys.executable).resolve():
            continue
        probe = (
            "import gi; gi.require_version('Poppler', '0.18'); from gi.repository import Poppler"
        )
        try:
            ok = subprocess.run([candidate, "-c", probe], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if ok.returncode == 0:
            return candidate
    return None


def fill_poppler(pdf: bytes, texts: dict[str, str], on: Iterable[Widget], python: str) -> bytes:
    """The form filled by poppler-glib (as Evince and Okular fill it)."""
    buttons = [(w.page, (w.rect[0] + w.rect[2]) / 2, (w.rect[1] + w.rect[3]) / 2) for w in on]
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "in.pdf", Path(tmp) / "out.pdf"
        src.write_bytes(pdf)
        job = {"src": str(src), "dst": str(dst), "texts": texts, "buttons": buttons}
        subprocess.run(
            [python, "-c", _POPPLER_FILL], input=json.dumps(job).encode(), check=True, timeout=300
        )
        return dst.read_bytes()


@dataclass(frozen=True)
class Glyph:
    """One character a page shows: its text, the font PDFium says draws it, its box in points."""

    char: str
    font: str
    box: tuple[float, float, float, float]  # left, bottom, right, top
    flags: int = 0  # the font descriptor's /Flags


def shown_glyphs(pdf: bytes, page_index: int) -> list[Glyph]:
    """Every character on a page with the form's appearance streams merged in (as printed)."""
    doc = pdfium.PdfDocument(pdf)
    page = doc[page_index]
    assert raw.FPDFPage_Flatten(page.raw, raw.FLAT_PRINT) != raw.FLATTEN_FAIL
    page.close()
    page = doc[page_index]  # reloaded: the flattened content
    text = page.get_textpage()
    glyphs = []
    buf = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    for i in range(text.count_chars()):
        code = raw.FPDFText_GetUnicode(text.raw, i)
        if code in (0, 0xFFFE, 0xFFFF) or chr(code).isspace():
            continue
        n = raw.FPDFText_GetFontInfo(text.raw, i, buf, len(buf), ctypes.byref(flags))
        name = buf.raw[: max(n - 1, 0)].decode("utf-8", "replace")
        glyphs.append(Glyph(chr(code), name, text.get_charbox(i), flags.value))
    text.close()
    page.close()
    doc.close()
    return glyphs


def render_pdfium(pdf: bytes, page_index: int, dpi: int) -> Image.Image:
    """A page as PDFium (Chrome, Edge) shows it, form fields drawn, in greyscale."""
    doc = pdfium.PdfDocument(pdf)
    doc.init_forms()
    page = doc[page_index]
    image = page.render(scale=dpi / 72, may_draw_forms=True, grayscale=True).to_pil().convert("L")
    page.close()
    doc.close()
    return image


def render_poppler(pdf: bytes, page_index: int, dpi: int) -> Image.Image | None:
    """A page as poppler (Evince, Okular) shows it, in greyscale; None without pdftoppm."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        return None
    n = str(page_index + 1)
    with tempfile.TemporaryDirectory() as tmp:
        src, root = Path(tmp) / "in.pdf", Path(tmp) / "page"
        src.write_bytes(pdf)
        # PGM, not PNG: the same pixels without pdftoppm's deflate (a fifth of the CPU)
        args = [exe, "-r", str(dpi), "-f", n, "-l", n, "-gray", "-singlefile"]
        subprocess.run([*args, str(src), str(root)], capture_output=True, check=True)
        with Image.open(root.with_suffix(".pgm")) as image:
            return image.convert("L")


def ink(
    image: Image.Image, box: tuple[float, float, float, float], page_height: float, pad: int = 0
) -> float:
    """Mean darkness (0 white .. 1 black) of a box in PDF points on a page raster.

    `pad` device pixels are added on every side, so that the anti-aliased edge of a thin glyph
    is counted wherever the pixel grid falls.
    """
    scale = image.height / page_height
    left, bottom, right, top = box
    x0, y0 = math.floor(left * scale) - pad, math.floor((page_height - top) * scale) - pad
    x1 = math.ceil(right * scale) + pad
    y1 = math.ceil((page_height - bottom) * scale) + pad
    crop = image.crop((x0, y0, max(x1, x0 + 1), max(y1, y0 + 1)))
    return 1.0 - float(np.asarray(crop, dtype=np.float64).mean()) / 255.0


def tick(writer: PdfWriter, on: Iterable[str], as_only: bool = False) -> set[str]:
    """Tick the boxes named in `on` (a radio button as GROUP.EXPORT) as a viewer saves them.

    `as_only` sets only the widget's /AS, as some viewers do, not the field's /V. Returns the
    names found.
    """
    wanted, found = set(on), set()
    for page in writer.pages:
        for ref in page.get("/Annots", []):
            annot = ref.get_object()
            if "/T" in annot:
                field, key, state = annot, str(annot["/T"]), "/Yes"
            elif "/Parent" in annot and "/AP" in annot:
                field = annot["/Parent"].get_object()
                states = [k for k in annot["/AP"]["/N"] if k != "/Off"]
                key, state = f"{field['/T']}.{states[0][1:]}", states[0]
            else:
                continue
            if key in wanted:
                found.add(key)
                annot[NameObject("/AS")] = NameObject(state)
                if not as_only:
                    field[NameObject("/V")] = NameObject(state)
    return found
