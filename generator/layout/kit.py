"""Small helpers that game builders share: numbers in the language's style, die faces, texts."""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.layout.sketch import Sketch

INK = "#231c15"


def pct(value: float, lang: str, digits: int = 0) -> str:
    """A probability as a percentage in the language's style ('68,6 %' or '68.6%').

    A value that is not 0 or 1 never prints as 0 or 100: it prints as '< 0,1 %' or '> 99,9 %'.
    """
    unit = 10.0**-digits / 100
    prefix = ""
    if 0 < value < unit / 2:
        value, prefix = unit, "< "
    elif 1 - unit / 2 < value < 1:
        value, prefix = 1 - unit, "> "
    text = f"{value * 100:.{digits}f}"
    return prefix + (f"{text.replace('.', ',')} %" if lang == "cs" else f"{text}%")


def number(value: float, lang: str, digits: int = 1) -> str:
    """A decimal number in the language's style."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "cs" else text


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)],
}


def draw_die(
    sk: Sketch, x: float, y: float, size: float, n: int, *, ink: str = INK, fill: str = "#ffffff"
) -> None:
    """A die face showing n (1-6) with pips."""
    sk.rect(x, y, size, size, fill=fill, stroke=ink, width=0.3, radius=size * 0.18)
    for px, py in PIPS[n]:
        sk.circle(x + px * size, y + py * size, size * 0.085, fill=ink, stroke=None)


def texts(data: object, lang: str, *keys: str) -> dict[str, str]:
    """The model's `text` in one language, refusing a page whose required texts are missing."""
    t = {k: v.get(lang) for k, v in getattr(data, "text", {}).items()}
    missing = [k for k in keys if k not in t]
    if missing:
        raise PapirnaError(f"text: missing {', '.join(missing)}")
    return t
