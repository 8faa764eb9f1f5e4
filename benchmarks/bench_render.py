"""Benchmark: a 100-card deck imposed 9 per A4 page, papirna against a plain reportlab script.

Each card has a rounded frame, a title, 3 lines of Czech text and 10 small shapes. Both sides use
the same bundled TrueType fonts, registered before timing. papirna's time covers layout (text
fitting included), imposition with crop marks, and rendering to PDF bytes; loading and validating
the YAML pack is reported on its own line. Both run under the same reportlab settings: the C
accelerator (rl_accel) when it is installed, and binary streams (no ASCII85), as papirna writes.

Run: python benchmarks/bench_render.py [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.content.pack import load_pack
from generator.output.build import Job, Renderer
from generator.render.fonts import register_fonts
from generator.render.pdf import accelerated, binary_streams, render_pdf
from generator.units import PT_PER_MM as K

CARDS = 100
LINES = [
    "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "a řeřicha ve sklepě tiše roste",
    "Dobrodruzi vstoupí do třetí místnosti",
]

LAYOUT = """extends: cards/poker
boxes:
  frame: {type: rect, x: 2mm, y: 2mm, width: 59.5mm, height: 84.9mm, radius: 3mm, stroke: ink, stroke_width: 0.4mm}
  title: {type: text, x: 5mm, y: 5mm, width: 53.5mm, height: 8mm, text: "{title}", font: display, size: 12pt}
  body: {type: text, x: 5mm, y: 16mm, width: 53.5mm, height: 20mm, text: "{body}", size: 8pt}
"""


def make_pack(root: Path) -> None:
    """Write the benchmark deck as a user content pack."""
    shapes = "".join(
        f"  s{i}: {{type: {'circle' if i % 2 else 'rect'}, x: {5 + i * 5.2:.1f}mm, y: 70mm, "
        f"width: 4mm, height: 4mm, stroke: ink, fill: shade}}\n"
        for i in range(10)
    )
    (root / "layouts" / "bench").mkdir(parents=True)
    (root / "layouts" / "bench" / "card.yaml").write_text(LAYOUT + shapes, encoding="utf-8")
    (root / "pack.yaml").write_text(
        "name: Bench\nlanguages: [cs]\nprintables:\n  deck: {kind: deck, title: Balíček, "
        "cards: cards.yaml, layout: bench/card}\n",
        encoding="utf-8",
    )
    body = "\\n".join(LINES)
    cards = "".join(f'- title: "Karta č. {i + 1}"\n  body: "{body}"\n' for i in range(CARDS))
    (root / "cards.yaml").write_text(cards, encoding="utf-8")


def plain_reportlab() -> bytes:
    """The same cards drawn straight onto a reportlab canvas, with binary streams as papirna's."""
    with binary_streams():
        return _plain_reportlab()


def _plain_reportlab() -> bytes:
    buf = io.BytesIO()
    pw, ph = 210 * K, 297 * K
    c = Canvas(buf, pagesize=(pw, ph), invariant=1, initialFontName="sans-regular")
    cw, ch = 63.5 * K, 88.9 * K
    x0, y0 = (pw - 3 * cw) / 2, (ph - 3 * ch) / 2
    for i in range(CARDS):
        slot = i % 9
        if i and slot == 0:
            c.showPage()
        col, row = slot % 3, slot // 3
        x, top = x0 + col * cw, ph - y0 - row * ch
        c.setLineWidth(0.4 * K)
        c.roundRect(x + 2 * K, top - 86.9 * K, 59.5 * K, 84.9 * K, 3 * K)
        c.setFont("display-bold", 12)
        c.drawString(x + 5 * K, top - 9 * K, f"Karta č. {i + 1}")
        c.setFont("sans-regular", 8)
        for j, line in enumerate(LINES):
            c.drawString(x + 5 * K, top - (19 + j * 3.4) * K, line)
        c.setFillColorRGB(0.9, 0.88, 0.85)
        for s in range(10):
            sx, sy = x + (5 + s * 5.2) * K, top - 74 * K
            if s % 2:
                c.circle(sx + 2 * K, sy + 2 * K, 2 * K, fill=1)
            else:
                c.rect(sx, sy, 4 * K, 4 * K, fill=1)
        c.setFillColorRGB(0, 0, 0)
    c.showPage()
    c.save()
    return buf.getvalue()


def best_of(func, repeat: int) -> tuple[float, object]:
    """Median wall time of `repeat` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def main() -> int:
    """Run both sides and print times and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    register_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "bench"
        root.mkdir()
        make_pack(root)
        load_time, pack = best_of(lambda: load_pack(root), args.repeat)
        job = Job(pack, pack.printables["deck"], "cs", "a4")
        Renderer().document(job)  # parse the layout and fonts once, as a build of many files would
        # a new Renderer each run: it keeps a deck it has drawn, and the cards must be drawn
        papirna_time, pdf = best_of(lambda: render_pdf(Renderer().document(job)), args.repeat)
    plain_time, plain_pdf = best_of(plain_reportlab, args.repeat)
    ratio = papirna_time / plain_time
    accel = "rl_accel C accelerator" if accelerated() else "pure Python (no rl_accel)"
    print(f"cards: {CARDS}, 9 per A4 sheet, median of {args.repeat} runs")
    print(f"reportlab on both sides: {accel}, binary streams")
    print(f"plain reportlab : {plain_time * 1000:7.1f} ms  {len(plain_pdf) / 1024:6.0f} KiB")
    print(f"papirna render  : {papirna_time * 1000:7.1f} ms  {len(pdf) / 1024:6.0f} KiB")
    print(f"papirna load    : {load_time * 1000:7.1f} ms  (YAML pack, validated)")
    print(f"ratio papirna/plain: {ratio:.2f}x (goal <= 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
