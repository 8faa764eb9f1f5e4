"""Shared colours and small drawing helpers of the Spící bohové printables (no builders here)."""

from __future__ import annotations

from generator.layout.sketch import Sketch

INK = "#1d2327"
ACCENT = "#1f5468"  # deep sea blue
GOLD = "#8c6420"
SHADE = "#e4edf0"
PALE = "#f3f7f8"
FAINT = "#7d8a90"
MUTED = "#4f5b61"  # notes: lighter than ink, still crisp in print
DEFEAT = "#9b2226"
WHITE = "#ffffff"


def heading(sk: Sketch, text: str, x, y, w, icon: str | None = None, size=9.5) -> None:
    """A section heading in the accent colour, with an optional icon before it."""
    h = size * 0.55
    if icon:
        sk.icon(icon, x, y + 0.2, h - 0.6, color=ACCENT)
        x, w = x + h + 0.4, w - h - 0.4
    sk.text(text, x, y, w, h, size=size, min_size=6.5, style="bold", color=ACCENT, field=text)


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: +2, −10, 0."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"
