"""Look at one case of the scan benchmarks: its photo, and the boxes it is read from, straightened.

Writes the case's photo (as the benchmark makes it) and, for the boxes whose field names start
with PREFIX, a crop of the sheet-aligned image the reader decides them on: the photo's darkness
above, and below it the ink left after the expected print is taken away (three times as dark),
where a ring drawn off the printed circle or a shadow shows plainly. A tool for diagnosing a
wrong box; it prints what it wrote.

Only on the sets you may look at (see the briefs): the unseen ones stay unseen.

Run: python benchmarks/scan_case.py independent 450 quest [--out DIR]
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

MARGIN_MM = 3.0  # the crop reaches this far beyond the boxes
WIDTH_PX = 1200  # the crop is enlarged (whole pixels) to about this width


def crop(photo: Path, prefix: str, out: Path) -> None:
    """Save the straightened crop of the boxes starting with `prefix` in the photo to `out`."""
    from PIL import Image

    from generator.cli.common import load_packs
    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan import local, read, template

    seen: dict = {}
    evidence = local.evidence

    def keep(dark, exp, ref, boxes, band, *rest):
        seen.update(dark=dark, exp=exp, boxes=boxes)
        return evidence(dark, exp, ref, boxes, band, *rest)

    pack = load_packs(["papirove-doupe"], None)[0]
    local.evidence = keep
    try:
        read.read_image(read.load_image(photo, photo.name), pack, photo.name)
    finally:
        local.evidence = evidence
    boxes = [b for b in seen["boxes"] if b.name.startswith(prefix)]
    if not boxes:
        names = [b.name for b in seen["boxes"]]
        near = difflib.get_close_matches(prefix, names, n=1, cutoff=0.0)
        hint = f" (the nearest is {near[0]!r})" if near else ""
        raise PapirnaError(f"no box name starts with {prefix!r}{hint}", file=str(photo))
    x0 = template.px(min(b.x for b in boxes) - MARGIN_MM)
    y0 = template.px(min(b.y for b in boxes) - MARGIN_MM)
    x1 = template.px(max(b.x + b.w for b in boxes) + MARGIN_MM)
    y1 = template.px(max(b.y + b.h for b in boxes) + MARGIN_MM)
    part = (slice(max(int(y0), 0), int(y1)), slice(max(int(x0), 0), int(x1)))
    dark, exp = seen["dark"][part], seen["exp"][part]
    both = np.concatenate([1 - dark, 1 - np.clip((dark - exp) * 3, 0, 1)], axis=0)
    image = Image.fromarray((np.clip(both, 0, 1) * 255).astype(np.uint8))
    k = max(1, WIDTH_PX // image.width)
    image.resize((image.width * k, image.height * k), Image.NEAREST).save(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", choices=("wild-tuning", "wild-holdout", "independent"))
    parser.add_argument("case", type=int)
    parser.add_argument("prefix", help="field names of the boxes to crop start with this")
    parser.add_argument("--out", type=Path, default=Path("output/scan-cases"))
    args = parser.parse_args()
    import bench_scan_listing as bl

    if args.set == "independent":
        case = bl._independent_case(args.case)
    else:
        case = bl._wild_case(args.set, args.case)
    args.out.mkdir(parents=True, exist_ok=True)
    photo = args.out / f"{args.set}-{args.case}{case['suffix']}"
    photo.write_bytes(case["data"])
    out = args.out / f"{args.set}-{args.case}-{args.prefix.rstrip('.')}.png"
    from generator.errors import PapirnaError

    try:
        crop(photo, args.prefix, out)
    except PapirnaError as e:  # a refused sheet or an unknown prefix: one line, exit 2
        print(e, file=sys.stderr)
        raise SystemExit(2) from None
    print(f"{photo} ({case['long']} px on the long side)\n{out}")


if __name__ == "__main__":
    main()
