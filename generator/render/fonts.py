"""Registers the bundled TrueType fonts with reportlab under papirna's names (e.g. 'sans-bold').

Fonts are parsed when first used: a deck that uses two faces does not pay for eight.
"""

from __future__ import annotations

import copy
import hashlib
import re
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
_parsed: dict[Path, TTFont] = {}  # font file -> the font first parsed from it


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
    path = files.get(name) or _pack_files.get(name)
    if path is None:
        raise PapirnaError(f"unknown font {name!r}; known: {', '.join(sorted(files))}")
    first = _parsed.get(path)
    if first is None:
        font = _parsed[path] = TTFont(name, str(path))
        _remember_subsets(font)
    else:  # another name for a file parsed already (display-bold is display-regular's file)
        font = copy.copy(first)  # reportlab maps the name to the first font of the face
        font.fontName = name
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


_pack_files: dict[str, Path] = {}
_STYLE_WORDS = {
    "regular": "regular",
    "": "regular",
    "book": "regular",
    "normal": "regular",
    "bold": "bold",
    "italic": "italic",
    "oblique": "italic",
    "bolditalic": "bold-italic",
    "boldoblique": "bold-italic",
}
_LICENCE = ("licen", "ofl", "copying", "copyright")


def _family_and_style(stem: str) -> tuple[str, str | None]:
    """'Merriweather-BoldItalic' -> ('merriweather', 'bold-italic'); an unknown style -> None."""
    family, _, style = stem.rpartition("-") if "-" in stem else (stem, "", "")
    word = style.lower().replace("_", "").replace(" ", "")
    if word not in _STYLE_WORDS:
        return stem.lower(), "regular" if not family else None
    name = re.sub(r"[^a-z0-9]+", "-", family.lower()).strip("-")
    return name, _STYLE_WORDS[word]


def register_font_folder(folder: Path) -> dict[str, str]:
    """A pack's own fonts (fonts/*.ttf, *.otf, with their licence file) by family name.

    Returns {family: registered family}: text in family 'merriweather' is set in the faces
    registered as 'merriweather-<hash>-regular' and so on, the hash from the files' bytes so
    that two packs' fonts of one name never mix and output stays the same for the same files.
    A family without a bold or italic face uses its regular face for them.
    """
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    if not files:
        return {}
    names = [p.name.lower() for p in folder.iterdir()]
    if not any(n.startswith(_LICENCE) or "licen" in n for n in names):
        raise PapirnaError(
            "a pack's fonts need their licence file beside them (e.g. OFL.txt or LICENSE.txt)",
            file=str(folder),
        )
    families: dict[str, dict[str, Path]] = {}
    for path in files:
        family, style = _family_and_style(path.stem)
        if style is None:
            raise PapirnaError(
                "font file names end in -Regular, -Bold, -Italic or -BoldItalic", file=str(path)
            )
        if family in ("sans", "display"):
            raise PapirnaError(
                f"font family {family!r} is papirna's own; rename the file", file=str(path)
            )
        families.setdefault(family, {})[style] = path
    out: dict[str, str] = {}
    for family, faces in sorted(families.items()):
        if "regular" not in faces:  # a display font with one weight serves every style
            faces["regular"] = faces.get("bold") or next(iter(faces.values()))
        faces.setdefault("bold", faces["regular"])
        faces.setdefault("italic", faces["regular"])
        faces.setdefault("bold-italic", faces["bold"])
        digest = hashlib.sha1(
            b"".join(p.read_bytes() for p in sorted(set(faces.values())))
        ).hexdigest()
        registered = f"{family}-{digest[:8]}"
        for style, path in faces.items():
            name = f"{registered}-{style}"
            _pack_files[name] = path
            try:
                ensure_font(name)
            except PapirnaError:
                raise
            except Exception as e:  # reportlab's TTFError and friends
                _pack_files.pop(name, None)
                text = str(e)
                if "postscript" in text.lower() or "cff" in text.lower():
                    text = "PostScript (CFF) outlines cannot be embedded; use the font's TTF files"
                raise PapirnaError(f"cannot use this font: {text}", file=str(path)) from None
        out[family] = registered
    return out
