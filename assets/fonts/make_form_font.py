"""Makes DejaVuSansCondensed-Form.ttf, the fixed-character-set font of fillable sheets' fields.

The player types arbitrary text into a form field, so the field font cannot be a subset of the
glyphs a page happens to use: it holds a fixed character set (FORM_CHARACTERS) instead, small
enough to embed in every fillable PDF. Run it after changing the character set or the source
font (needs fontTools):

    python assets/fonts/make_form_font.py

The output is byte-identical for the same fontTools version, source font and character set.
"""

from __future__ import annotations

import io
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "DejaVuSansCondensed.ttf"
TARGET = HERE / "DejaVuSansCondensed-Form.ttf"

# Basic Latin, Latin-1 Supplement, Latin Extended-A, the usual punctuation and spaces, the euro.
FORM_CHARACTERS: tuple[int, ...] = (
    *range(0x20, 0x7F),
    *range(0xA0, 0x100),
    *range(0x100, 0x180),
    0x2009,  # thin space
    0x200A,  # hair space
    *range(0x2010, 0x2016),  # hyphens and dashes
    *range(0x2018, 0x2020),  # quotation marks
    0x2020,  # dagger
    0x2021,  # double dagger
    0x2022,  # bullet
    0x2026,  # ellipsis
    0x202F,  # narrow no-break space
    0x2030,  # per mille
    0x2032,  # prime
    0x2033,  # double prime
    0x2039,  # single angle quotation marks
    0x203A,
    0x20AC,  # euro
    0x2116,  # numero
    0x2122,  # trade mark
    0x2190,  # arrows
    0x2192,
    0x2212,  # minus
    0x2264,  # less-than or equal
    0x2265,  # greater-than or equal
)


def make_form_font(source: Path = SOURCE) -> bytes:
    """The subset font file: FORM_CHARACTERS only, no hinting, no layout tables, no glyph names."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.glyph_names = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.name_languages = [0x409]
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "DSIG", "gasp", "MATH"]
    font = TTFont(str(source), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=FORM_CHARACTERS)
    subsetter.subset(font)
    font["head"].modified = font["head"].created  # no build time in the file
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


if __name__ == "__main__":
    data = make_form_font()
    TARGET.write_bytes(data)
    print(f"{TARGET.name}: {len(data)} bytes, {len(FORM_CHARACTERS)} characters")
