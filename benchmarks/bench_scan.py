"""Benchmark: reading photographed Papírové doupě sheets, accuracy and speed on one core.

Synthetic photos (generator/scan/synth.py): a random end-of-game sheet is filled with pen marks
(crosses, ticks, slashes, fills, scribbles, circled values; black or blue ink, 0.3-0.75 mm pens),
hand-written dice numbers, a name, scores and a path in the plan; then photographed (rotation up
to 10 degrees, perspective, blur, noise, JPEG, uneven light, gamma, a table around the page) or
scanned. Every box is compared with what was drawn. Reported per resolution: boxes read wrong,
boxes flagged for checking, wrong boxes that were not flagged, and sheets whose score would be
wrong with no box flagged. Timing: reading one photo from its JPEG file (decoding included),
warm (the blank sheet already rasterised) and cold (first photo of a run), on one core.

Run: python benchmarks/bench_scan.py [--cases N] [--quick]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import io
import random
import statistics
import time
from pathlib import Path

import cv2

from generator.cli.common import load_packs
from generator.content.sheets_io import papirove_doupe_from_fields
from generator.errors import PapirnaError
from generator.games.papirove_doupe.scan import synth
from generator.games.papirove_doupe.scan.read import load_image, read_image, sheet_data
from generator.games.papirove_doupe.scan.template import _REFERENCES, sheet_kinds

cv2.setNumThreads(1)

# (label, px per mm of the sheet in the image, scan?, page raster px per mm, share of cases)
SETS = [
    ("photo, 3.5 px/mm (a far phone photo)", 3.5, False, 5.0, 1.0),
    ("photo, 4.5 px/mm", 4.5, False, 6.0, 1.0),
    ("photo, 6 px/mm", 6.0, False, 8.0, 1.0),
    ("photo, 10 px/mm (12 MP phone)", 10.0, False, 12.0, 0.3),
    ("scan 150 dpi", 150 / 25.4, True, 8.0, 0.5),
    ("scan 300 dpi", 300 / 25.4, True, 12.0, 0.2),
    ("scan 600 dpi", 600 / 25.4, True, 24.0, 0.05),
]


def _case(pack, kind, seed: int, ppm: float, scan: bool, page_px: float):
    rng = random.Random(seed)
    lang, paper = rng.choice(["cs", "en"]), rng.choice(["a4", "letter"])
    page, offset = synth.printed_page(pack, kind, lang, paper, page_px)
    marked = synth.random_fill(kind, rng)
    styles = synth.mark_styles(kind, marked, rng)
    page = synth.scribble_extras(page, page_px, kind, offset, rng)
    page = synth.fill_page(page, page_px, kind, styles, offset, rng)
    photo, _ = synth.photograph(page, page_px, synth.random_damage(rng, ppm, scan=scan))
    return photo, marked


def _truth(kind, marked: set[str]) -> dict:
    values = {b.name: b.name in marked for b in kind.boxes}
    values["player"] = "x"
    return papirove_doupe_from_fields(values, "truth")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=400, help="cases per resolution (scaled)")
    parser.add_argument("--quick", action="store_true", help="40 cases per resolution")
    args = parser.parse_args()
    cases = 40 if args.quick else args.cases
    pack = load_packs(["papirove-doupe"], None)[0]
    kind = sheet_kinds(pack)[0]
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / "papirna-bench-scan.jpg"

    print(
        f"{'set':40} {'sheets':>6} {'boxes':>7} {'wrong':>6} {'flagged':>8} {'unflagged':>9} "
        f"{'misscored':>9} {'accuracy':>9} {'read s':>7}"
    )
    total_boxes = total_wrong = total_silent = total_mis = 0
    warm: list[float] = []
    for s, (label, ppm, scan, page_px, share) in enumerate(SETS):
        n = max(3, round(cases * share))
        boxes = wrong = flagged = silent = mis = 0
        times = []
        for i in range(n):
            photo, marked = _case(pack, kind, 1000 * s + i, ppm, scan, page_px)
            buf = io.BytesIO()
            photo.save(buf, format="JPEG", quality=90)
            tmp.write_bytes(buf.getvalue())
            t = time.perf_counter()
            try:
                result = read_image(load_image(tmp, "x.jpg"), pack, "x.jpg")
            except PapirnaError as e:
                print(f"  {label} case {i}: {e}")
                mis += 1
                continue
            times.append(time.perf_counter() - t)
            for b in result.boxes:
                boxes += 1
                flagged += b.confidence < 0.5
                if b.marked != (b.name in marked):
                    wrong += 1
                    silent += b.confidence >= 0.5
            data, problem = sheet_data(result)
            truth = _truth(kind, marked)
            truth["player"] = data["player"]
            if (problem or data != truth) and not result.uncertain:
                mis += 1
        warm.extend(times)
        total_boxes += boxes
        total_wrong += wrong
        total_silent += silent
        total_mis += mis
        acc = 100 * (1 - wrong / max(boxes, 1))
        print(
            f"{label:40} {n:6} {boxes:7} {wrong:6} {flagged:8} {silent:9} {mis:9} "
            f"{acc:8.3f}% {statistics.median(times):7.3f}"
        )
    acc = 100 * (1 - total_wrong / max(total_boxes, 1))
    print(
        f"all: {total_boxes} boxes, {total_wrong} wrong ({acc:.3f} % right), "
        f"{total_silent} wrong without a flag, {total_mis} sheets misscored without a flag"
    )
    print(
        f"read one photo (JPEG file to box decisions, warm, one core): median "
        f"{statistics.median(warm):.3f} s, max {max(warm):.3f} s"
    )
    # cold: the first photo of a run also rasterises the blank sheet
    _REFERENCES.clear()
    photo, _ = _case(pack, kind, 99, 10.0, False, 12.0)
    photo.save(tmp, quality=90)
    t = time.perf_counter()
    read_image(load_image(tmp, "x.jpg"), pack, "x.jpg")
    print(
        f"read the first photo of a run (blank sheet rasterised too): "
        f"{time.perf_counter() - t:.3f} s ({photo.width}x{photo.height} px)"
    )


if __name__ == "__main__":
    main()
