"""Benchmark: rebuilding a 54-card deck after one text edit, against building it unchanged.

The deck is the acceptance deck of tests/decks/own-game (six card types from an .xlsx sheet and
a CSV, two layouts, three backs by type, an own font and an Inkscape SVG icon), 54 printed cards.
A "build" is what `papirna cards build` does in memory: load the deck (every data file), choose
and check the layouts, draw every card and render the PDF of each language on A4.

Times (medians of --repeat runs, in one process, as a watch loop or an editor plug-in would run):
- first build: the first one in the process (fonts parsed, layouts read);
- build: the deck unchanged, again;
- rebuild after an edit: one card's text changed in cards.csv just before (a different edit
  each run; the PDF is checked to hold the new text).
Goal: rebuild after an edit <= 1.5 x build. The machine may be shared: numbers are noisy.

    python benchmarks/bench_rebuild.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader

from generator.content.deck import load_deck
from generator.output.build import Renderer, plan
from generator.render.pdf import render_pdf
from tests.output.test_own_deck import PRINTED, make_deck

GOAL = 1.5


def build(deck: Path) -> list[bytes]:
    """Every PDF of the deck on A4, in memory."""
    pack = load_deck(deck / "deck.yaml")
    renderer = Renderer()
    return [render_pdf(renderer.document(job)) for job in plan([pack], None, ["a4"])]


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        deck = make_deck(Path("deck"))
        first, pdfs = timed(lambda: build(deck))
        pages = len(PdfReader(__import__("io").BytesIO(pdfs[0])).pages)
        unchanged = [timed(lambda: build(deck))[0] for _ in range(args.repeat)]
        csv = deck / "cards.csv"
        original = csv.read_text(encoding="utf-8")
        edited = []
        for i in range(args.repeat):
            word = f"Bouře{i}"
            csv.write_text(original.replace("storm,event,Bouře", f"storm,event,{word}"), "utf-8")
            seconds, pdfs = timed(lambda: build(deck))
            text = "".join(
                p.extract_text() for p in PdfReader(__import__("io").BytesIO(pdfs[0])).pages
            )
            assert word in text, f"the edit {word!r} is not in the rebuilt PDF"
            edited.append(seconds)
    b, r = statistics.median(unchanged), statistics.median(edited)
    print(f"deck: {PRINTED} cards, {len(pdfs)} PDFs (cs, en on A4), {pages} pages each")
    print(f"first build in the process: {first:.3f} s")
    print(f"build (unchanged, median of {args.repeat}): {b:.3f} s")
    print(f"rebuild after one text edit (median of {args.repeat}): {r:.3f} s")
    print(
        f"ratio rebuild / build: {r / b:.2f} (goal <= {GOAL}); rebuild / first build: {r / first:.2f}"
    )


if __name__ == "__main__":
    main()
