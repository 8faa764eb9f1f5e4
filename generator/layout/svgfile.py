"""Full SVG files (Inkscape's defs, use, gradients, opacity, text) placed as an SvgOp.

papirna's own path reader (layout.svg) draws simple icons and takes the box's colour; a file it
cannot read comes here, is checked (size, no DOCTYPE, nothing that cannot stay vector) and is
drawn by the render layer with svglib. This module only reads the file's size and fonts.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

from generator.errors import PapirnaError
from generator.layout.ops import SvgOp
from generator.layout.svg import _DECL_RE, MAX_BYTES, MAX_DEPTH, MAX_ELEMENTS

# elements that svglib cannot draw as vector, or that reach outside the file
REFUSED = {
    "filter": "a filter (blur, shadow)",
    "mask": "a mask",
    "foreignObject": "foreign content",
    "script": "a script",
    "image": "an embedded or linked picture",
    "pattern": "a pattern fill",
    "switch": "a <switch>",
    "font": "an SVG font",
    "animate": "animation",
}
_UNITS_MM = {
    "mm": 1.0,
    "cm": 10.0,
    "in": 25.4,
    "pt": 25.4 / 72,
    "pc": 25.4 / 6,
    "px": 25.4 / 96,
    "": 25.4 / 96,
}
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*(mm|cm|in|pt|pc|px|)\s*$")
_FAMILY = re.compile(r"font-family\s*[:=]\s*[\"']?([^;\"'>]+)")


class SvgInfo(NamedTuple):
    """What placing an SVG file needs: its viewport size (mm, or viewBox units) and fonts."""

    width: float
    height: float
    families: tuple[str, ...]


def _length(value: str | None) -> float | None:
    if value is None:
        return None
    m = _LENGTH.match(value)
    return float(m.group(1)) * _UNITS_MM[m.group(2)] if m else None


def inspect_svg(path: Path) -> SvgInfo:
    """Check an SVG file for what cannot print and return its size and font families."""
    try:
        st = path.stat()
    except OSError as e:
        raise PapirnaError(f"cannot read SVG file: {e.strerror}", file=str(path)) from None
    return _inspect(str(path.resolve()), st.st_mtime_ns, st.st_size, path.name)


@functools.lru_cache(maxsize=256)
def _inspect(resolved: str, mtime_ns: int, size: int, name: str) -> SvgInfo:
    if size > MAX_BYTES:
        raise PapirnaError(f"SVG {name!r} is larger than {MAX_BYTES} bytes")
    try:
        text = Path(resolved).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PapirnaError(f"SVG {name!r} is not UTF-8") from None
    if _DECL_RE.search(text):
        raise PapirnaError(f"SVG {name!r}: DOCTYPE/ENTITY declarations are not allowed")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise PapirnaError(f"SVG {name!r} is malformed: {str(e).split(': line ')[0]}") from None
    count = 0
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        count += 1
        if count > MAX_ELEMENTS or depth > MAX_DEPTH:
            raise PapirnaError(f"SVG {name!r} has too many or too deeply nested elements")
        tag = el.tag.rsplit("}", 1)[-1] if isinstance(el.tag, str) else ""
        if tag in REFUSED:
            raise PapirnaError(
                f"SVG {name!r} uses <{tag}> ({REFUSED[tag]}), which cannot print as vector; "
                "in Inkscape remove it or use Path > Object to Path, or export a 300 dpi PNG"
            )
        for key, value in el.attrib.items():
            if key.endswith("href") and not value.startswith("#"):
                raise PapirnaError(f"SVG {name!r} links to another file ({value[:40]!r})")
        stack.extend((child, depth + 1) for child in el)
    if root.tag.rsplit("}", 1)[-1] != "svg":
        raise PapirnaError(f"{name!r} is not an SVG file")
    box = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v]
    w, h = _length(root.get("width")), _length(root.get("height"))
    if w is None or h is None:
        if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
            raise PapirnaError(f"SVG {name!r} needs a viewBox or a width and height")
        w, h = box[2], box[3]
    if w <= 0 or h <= 0:
        raise PapirnaError(f"SVG {name!r} has no size")
    families = tuple(dict.fromkeys(f.strip().strip("'\"") for f in _FAMILY.findall(text)))
    return SvgInfo(w, h, families)


def _key(family: str) -> str:
    return re.sub(r"[^a-z0-9]", "", family.lower())


def svg_file_ops(
    path: Path,
    x: float,
    y: float,
    w: float,
    h: float,
    fit: str = "contain",
    fonts: dict[str, str] | None = None,
) -> list:
    """An SvgOp drawing the file into the box; its text in a pack font of the same name or sans."""
    info = inspect_svg(path)
    scale = min(w / info.width, h / info.height)
    if fit == "cover":
        scale = max(w / info.width, h / info.height)
    dw, dh = info.width * scale, info.height * scale
    own = {_key(k): v for k, v in (fonts or {}).items()}
    mapping = tuple((f, own.get(_key(f.split(",")[0]), "sans")) for f in info.families)
    clip = (x, y, w, h) if fit == "cover" else None
    return [SvgOp(str(path), x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, clip, mapping)]
