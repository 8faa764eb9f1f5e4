"""Lengths: everything is millimetres inside papirna; YAML spells units out ("63.5mm")."""

from __future__ import annotations

import re

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt)\s*$")

# Largest length papirna accepts anywhere (A0 long side is 1189 mm).
MAX_LENGTH_MM = 2000.0

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}

CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.0, 68.0),
    "euro": (59.0, 92.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}


def parse_length(value: object) -> float:
    """Return a length in mm from a string like '63.5mm', '0.25in' or '12pt' (or the number 0)."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length like '10mm', got {value!r}")
    if isinstance(value, int | float):
        if value == 0:
            return 0.0
        raise ValueError(f"expected a length with a unit like '{value}mm', got {value!r}")
    if not isinstance(value, str):
        raise ValueError(f"expected a length like '10mm', got {value!r}")
    m = _LENGTH.match(value)
    if not m:
        raise ValueError(f"expected a length like '10mm', '0.25in' or '12pt', got {value!r}")
    mm = float(m.group(1)) * MM_PER_UNIT[m.group(2)]
    if abs(mm) > MAX_LENGTH_MM:
        raise ValueError(f"length {value!r} is larger than {MAX_LENGTH_MM:g}mm")
    return mm


def parse_font_size(value: object) -> float:
    """Return a font size in points from '9pt' (or a bare positive number of points)."""
    if isinstance(value, bool):
        raise ValueError(f"expected a font size like '9pt', got {value!r}")
    if isinstance(value, int | float):
        pt = float(value)
    elif isinstance(value, str):
        pt = parse_length(value) * PT_PER_MM
    else:
        raise ValueError(f"expected a font size like '9pt', got {value!r}")
    if not 1.0 <= pt <= 500.0:
        raise ValueError(f"font size {value!r} is outside 1pt to 500pt")
    return pt


def mm_to_pt(mm: float) -> float:
    """Convert millimetres to PDF points."""
    return mm * PT_PER_MM
