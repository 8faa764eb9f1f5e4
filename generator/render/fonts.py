"""Registers the bundled TrueType fonts with reportlab under papirna's names (e.g. 'sans-bold')."""

from __future__ import annotations

from functools import cache

from pydantic import TypeAdapter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.resources import assets_dir

DEFAULT_FONT = "sans-regular"
_FONTS = TypeAdapter(dict[str, dict[str, str]])


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every bundled face once; return the registered names."""
    folder = assets_dir() / "fonts"
    doc = load_yaml_file(folder / "fonts.yaml")
    families = validate(_FONTS, doc)
    names = []
    loaded: dict[str, TTFont] = {}
    for family, styles in families.items():
        for style, filename in styles.items():
            name = f"{family}-{style}"
            path = folder / filename
            if not path.is_file():
                raise doc.error((family, style), f"font file {filename!r} not found")
            if filename in loaded:
                # Same file under another name: register a second font object for it.
                pass
            font = TTFont(name, str(path))
            loaded[filename] = font
            pdfmetrics.registerFont(font)
            names.append(name)
    if DEFAULT_FONT not in names:
        raise PapirnaError(f"fonts.yaml must define {DEFAULT_FONT!r}", file=doc.file)
    return tuple(names)
