"""Form fields' fixed font sizes: what suits a box for the values a player types into it."""

from __future__ import annotations

import math

from generator.units import PT_PER_MM

# The form font (DejaVu Sans Condensed) from an accented capital's top to a descender's foot,
# and from a digit's top to its foot, in em; its digits are 0.56 em wide.
TEXT_LINE_EM = 1.17
DIGIT_LINE_EM = 0.95
DIGIT_WIDTH_EM = 0.56
PAD_PT = 2.0  # viewers keep this much free inside a field's edge (1 pt each side and more)
MIN_PT = 6.0
MAX_TEXT_PT = 11.0  # a name or a word: larger only wastes the box
MAX_NUMBER_PT = 12.0  # a number in a big box may be bigger, never 23-36 pt as auto size gives
NOTES_PT = 9.0
KINDS = ("text", "number", "notes")


def field_font_size(w_mm: float, h_mm: float, kind: str = "text", digits: int = 2) -> float:
    """The fixed size in pt (a multiple of 0.5) for a field of w x h mm holding `kind` values.

    'text' is one line of words, 'number' a whole number of up to `digits` digits, 'notes'
    lines of free text.
    """
    if kind not in KINDS:
        raise ValueError(f"field kind {kind!r} is not one of {', '.join(KINDS)}")
    h, w = h_mm * PT_PER_MM, w_mm * PT_PER_MM
    if kind == "notes":
        return max(MIN_PT, min(NOTES_PT, _half((h - PAD_PT) / TEXT_LINE_EM)))
    if kind == "number":
        tall = (h - PAD_PT) / DIGIT_LINE_EM
        wide = (w - 2 * PAD_PT) / (max(digits, 1) * DIGIT_WIDTH_EM)
        return max(MIN_PT, min(MAX_NUMBER_PT, _half(min(tall, wide))))
    return max(MIN_PT, min(MAX_TEXT_PT, _half((h - PAD_PT) / TEXT_LINE_EM)))


def _half(v: float) -> float:
    return math.floor(v * 2) / 2
