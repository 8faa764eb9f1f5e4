"""The duplex calibration sheet: crosses on the front, millimetre scales on the back."""

from __future__ import annotations

from generator.layout.engine import Env
from generator.layout.ops import Page
from generator.layout.sketch import Sketch
from generator.layout.text import Metrics

INK = "#000000"
RED = "#c0262d"
SPAN = 6  # the scales run from -SPAN to +SPAN mm

TEXT = {
    "cs": {
        "front": "papirna · kalibrace oboustranného tisku · LÍC",
        "back": "papirna · kalibrace oboustranného tisku · RUB",
        "steps": (
            "1. Vytiskni oba listy oboustranně ({flip}), bez zmenšení (100 %, „skutečná velikost“).\n"
            "2. Podívej se na rub proti světlu. Červené stupnice jsou v milimetrech.\n"
            "3. Odečti, kde se kříž z lícu protíná se stupnicemi: X na vodorovné (vpravo +), "
            "Y na svislé (dolů +).\n"
            "4. Tiskni karty s volbou --back-offset X,Y (např. --back-offset 1.5,-0.5).\n"
            "Rohové kříže ukazují, zda se list při tisku neotáčí: všude by mělo vyjít totéž."
        ),
        "long": "přes dlouhou hranu",
        "short": "přes krátkou hranu",
    },
    "en": {
        "front": "papirna · duplex calibration · FRONT",
        "back": "papirna · duplex calibration · BACK",
        "steps": (
            "1. Print both pages double-sided ({flip}) at 100 % (actual size, no fit to page).\n"
            "2. Hold the back against a light. The red scales are in millimetres.\n"
            "3. Read where the front's cross meets the scales: X on the horizontal one (right +), "
            "Y on the vertical one (down +).\n"
            "4. Print your cards with --back-offset X,Y (e.g. --back-offset 1.5,-0.5).\n"
            "The corner crosses show whether the sheet turns in the printer: all should read the same."
        ),
        "long": "flip on the long edge",
        "short": "flip on the short edge",
    },
}


def _targets(w: float, h: float) -> list[tuple[float, float]]:
    return [
        (w / 2, h / 2),
        (w * 0.22, h * 0.2),
        (w * 0.78, h * 0.2),
        (w * 0.22, h * 0.8),
        (w * 0.78, h * 0.8),
    ]


def calibration_pages(
    paper: tuple[float, float],
    duplex: str,
    lang: str,
    metrics: Metrics,
    notices: list[str] | None = None,
) -> list[Page]:
    """A front with crosses and a back with scales exactly behind them, for the chosen flip."""
    from generator.layout.owntext import own_text

    w, h = paper
    t = own_text(TEXT, lang, "calibration sheet", notices)
    env = Env(metrics)
    front = Sketch(env, "calibration")
    for x, y in _targets(w, h):
        front.line(x - 14, y, x + 14, y, stroke=INK, width=0.12)
        front.line(x, y - 14, x, y + 14, stroke=INK, width=0.12)
        front.circle(x, y, 4, stroke=INK, width=0.12)
    front.text(t["front"], 15, 12, w - 30, 8, size=11, style="bold", field="title")
    steps = t["steps"].format(flip=t[duplex])
    front.text(steps, 20, h / 2 + 22, w - 40, 40, size=9, min_size=7, field="steps")
    back = Sketch(env, "calibration")
    for x, y in _targets(w, h):
        bx, by = (w - x, y) if duplex == "long" else (x, h - y)
        _scales(back, bx, by)
    back.text(t["back"], 15, 12, w - 30, 8, size=11, style="bold", field="title")
    back.text(steps, 20, h / 2 + 22, w - 40, 40, size=9, min_size=7, field="steps")
    return [Page(w, h, front.ops), Page(w, h, back.ops)]


def _scales(sk: Sketch, x: float, y: float) -> None:
    """Horizontal and vertical mm scales crossing at (x, y), ticks every 0.5 mm."""
    sk.line(x - SPAN, y, x + SPAN, y, stroke=RED, width=0.1)
    sk.line(x, y - SPAN, x, y + SPAN, stroke=RED, width=0.1)
    for i in range(-2 * SPAN, 2 * SPAN + 1):
        d = i / 2
        long_tick = i % 2 == 0
        size = 1.6 if long_tick else 0.8
        sk.line(x + d, y - size, x + d, y + size, stroke=RED, width=0.08)
        sk.line(x - size, y + d, x + size, y + d, stroke=RED, width=0.08)
        if long_tick and i % 4 == 0 and i != 0:
            # labels sit in opposite quadrants so the two scales' numbers never collide
            label = f"{int(d):+d}"
            ly = y + 1.8 if d > 0 else y - 4.0
            sk.text(
                label, x + d - 2, ly, 4, 2.2, size=4.5, align="center", color=RED, field="scale"
            )
            lx, align = (x + 1.9, "left") if d < 0 else (x - 5.9, "right")
            sk.text(label, lx, y + d - 1.1, 4, 2.2, size=4.5, align=align, color=RED, field="scale")
