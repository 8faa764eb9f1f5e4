"""Registers the bundled TrueType fonts with reportlab under papirna's names (e.g. 'sans-bold').

Fonts are parsed when first used: a deck that uses two faces does not pay for eight.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import TypeAdapter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.resources import assets_dir

DEFAULT_FONT = "sans-regular"
_FONTS = TypeAdapter(dict[str, dict[str, str]])
_registered: set[str] = set()


@cache
def font_files() -> dict[str, Path]:
    """Every font name papirna knows ('family-style') and its file, from assets/fonts/fonts.yaml."""
    folder = assets_dir() / "fonts"
    doc = load_yaml_file(folder / "fonts.yaml")
    families = validate(_FONTS, doc)
    files: dict[str, Path] = {}
    for family, styles in families.items():
        for style, filename in styles.items():
            path = folder / filename
            if not path.is_file():
                raise doc.error((family, style), f"font file {filename!r} not found")
            files[f"{family}-{style}"] = path
    if DEFAULT_FONT not in files:
        raise PapirnaError(f"fonts.yaml must define {DEFAULT_FONT!r}", file=doc.file)
    return files


def ensure_font(name: str) -> None:
    """Register one font with reportlab, parsing its file the first time it is needed."""
    if name in _registered:
        return
    files = font_files()
    if name not in files:
        raise PapirnaError(f"unknown font {name!r}; known: {', '.join(sorted(files))}")
    font = TTFont(name, str(files[name]))
    _remember_subsets(font)
    pdfmetrics.registerFont(font)
    _registered.add(name)


def _remember_subsets(font: TTFont) -> None:
    """Make each font subset (a list of glyphs) once: A4 and Letter, cs and en, share most.

    The bytes are those reportlab's subsetter gives for the same glyphs, so files do not change.
    """
    face = font.face
    make = face.makeSubset
    made: dict[tuple[int, ...], bytes] = {}

    def make_subset(subset: list[int]) -> bytes:
        key = tuple(subset)
        data = made.get(key)
        if data is None:
            if len(made) > 512:
                made.clear()
            data = made[key] = make(subset)
        return data

    face.makeSubset = make_subset


def register_fonts() -> tuple[str, ...]:
    """Register every bundled face; return the registered names."""
    for name in font_files():
        ensure_font(name)
    return tuple(font_files())
