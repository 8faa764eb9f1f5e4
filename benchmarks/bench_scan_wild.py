"""Benchmark: reading sheets photographed the way players do (generator/games/papirove_doupe/scan/wild.py).

Pencil at several pressures, ticks, slashes, rings, marks over the edge, dice numbers, names and
a path; curled paper, soft shadows, uneven light, colour casts, quarter turns and EXIF
orientation; photos of 1000-4000 px and scans at 150-600 dpi. Each case goes through the whole
reading (file decoding, alignment, boxes, the rules) and is compared with what was drawn.

Per set it reports sheets exact, wrong with every wrong box listed, wrong with boxes listed but
not all the wrong ones, wrong with nothing listed (a silent misscore), refused (also a photo
too unsure to score, with more questions than summary.TOO_MANY: `papirna score` gives it no
score); the share of the typed sheet's fields read right, and the median number of boxes
listed for photos >= 1000 px.

The `tuning` set is what the reader may be tuned on; the `holdout` set draws from other seeds
and other parameter ranges and is meant to be run only to report the final figures.

Run: python benchmarks/bench_scan_wild.py [--set tuning|holdout] [--cases N] [--jobs N]
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

_STATE: dict = {}


def _setup() -> None:
    import cv2

    from generator.cli.common import load_packs
    from generator.games.papirove_doupe.scan.template import sheet_kinds

    cv2.setNumThreads(1)
    pack = load_packs(["papirove-doupe"], None)[0]
    _STATE["pack"] = pack
    _STATE["kind"] = sheet_kinds(pack)[0]


def _fields(data: dict) -> dict:
    out = {}
    for k, v in data.items():
        if k == "player":
            continue
        if k == "fights":
            for i, f in enumerate(v):
                out[f"fight {i + 1}"] = f
        elif k == "levels":
            for a, n in v.items():
                out[f"level {a}"] = n
        elif k == "items":
            for i, n in enumerate(v):
                out[f"item {i + 1}"] = n
        else:
            out[k] = v
    return out


def run_case(args: tuple[str, int]) -> dict:
    """Read one case; what came out, against what was drawn."""
    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan import wild
    from generator.games.papirove_doupe.scan.read import load_image, read_image, sheet_data
    from generator.games.papirove_doupe.scan.rules import scored
    from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields

    if not _STATE:
        _setup()
    profile_name, i = args
    profile = wild.TUNING if profile_name == "tuning" else wild.HOLDOUT
    pack, kind = _STATE["pack"], _STATE["kind"]
    case = wild.make(kind, pack, i, profile)
    values = {b.name: b.name in case.marked for b in kind.boxes}
    values["player"] = "x"
    truth = _fields(papirove_doupe_from_fields(values, "truth"))
    row = {
        "i": i,
        "long": case.long_side,
        "scan": case.scan,
        "pencil": case.pencil,
        "notes": case.notes,
        "fields": len(truth),
    }
    with tempfile.NamedTemporaryFile(suffix=case.suffix) as f:
        f.write(case.data)
        f.flush()
        t = time.process_time()
        try:
            result = read_image(load_image(Path(f.name), "x"), pack, "x")
            data, problem = sheet_data(result)
        except PapirnaError as e:
            row.update(outcome="refused", why=e.message, right=0, listed=0)
            return row
        row["cpu"] = time.process_time() - t
    listed = {b.name for b in result.uncertain}
    got = _fields(data)
    right = sum(got.get(k) == v for k, v in truth.items())
    # boxes that do not change the score (health, potions, training) are not asked about
    wrong_boxes = {
        b.name for b in result.boxes if b.marked != (b.name in case.marked) and scored(b.name)
    }
    row.update(listed=len(listed), right=right, wrong_boxes=sorted(wrong_boxes))
    row["checked"] = checked(result, listed, case.marked, truth)
    if problem is not None:
        row.update(outcome="refused", why=problem.message)
    elif result.too_many:  # `papirna score` gives no score for it: photograph it again
        row.update(outcome="refused", why=f"too unsure: {result.summary}")
    elif right == len(truth):
        row["outcome"] = "exact"
    elif wrong_boxes and wrong_boxes <= listed:
        row["outcome"] = "wrong, listed"
    elif listed & wrong_boxes:
        row["outcome"] = "wrong, partly listed"
    elif listed:
        row["outcome"] = "wrong, others listed"
    else:
        row["outcome"] = "SILENT"
    row["wrong_fields"] = [k for k, v in truth.items() if got.get(k) != v]
    row["unlisted"] = sorted(wrong_boxes - listed)
    return row


def checked(result, listed: set[str], marked: set[str], truth: dict, fields=_fields) -> int:
    """The fields right once the player has put the listed boxes right (`fields`: how a
    script splits the typed sheet's data into fields)."""
    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields

    values = dict(result.values)
    values.update({n: n in marked for n in listed})
    try:
        got = fields(papirove_doupe_from_fields(values, "x"))
    except PapirnaError:
        return 0
    return sum(got.get(k) == v for k, v in truth.items())


def report(rows: list[dict], label: str) -> None:
    """Print the figures of a set of cases."""
    n = len(rows)
    outcomes = Counter(r["outcome"] for r in rows)
    fields = sum(r["fields"] for r in rows)
    right = sum(r["right"] for r in rows)
    big = [r["listed"] for r in rows if r["long"] >= 1000 and r["outcome"] != "refused"]
    cpu = [r["cpu"] for r in rows if "cpu" in r]
    print(f"== {label}: {n} sheets")
    for k in ("exact", "wrong, listed", "wrong, partly listed", "wrong, others listed", "SILENT"):
        print(f"  {k:22} {outcomes.get(k, 0):4}")
    print(f"  {'refused':22} {outcomes.get('refused', 0):4}")
    print(f"  fields right: {right}/{fields} = {100 * right / max(fields, 1):.2f} %")
    scored = [r for r in rows if r["outcome"] != "refused"]
    if scored:
        n_f, n_ok = sum(r["fields"] for r in scored), sum(r["checked"] for r in scored)
        print(f"  fields right once the listed boxes are checked (sheets scored): {n_ok}/{n_f}")
    if big:
        print(f"  listed boxes (>= 1000 px): median {statistics.median(big)}, max {max(big)}")
    small = [r["listed"] for r in rows if 1000 <= r["long"] < 1600 and r["outcome"] != "refused"]
    if small:
        print(f"  listed boxes (1000-1600 px): median {statistics.median(small)}, max {max(small)}")
    if cpu:
        print(f"  read CPU s: median {statistics.median(cpu):.2f}, max {max(cpu):.2f}")
    for r in rows:
        if r["outcome"] != "exact":
            extra = r.get("why") or f"unlisted {r.get('unlisted')} fields {r.get('wrong_fields')}"
            print(
                f"    case {r['i']} ({r['long']} px{' scan' if r['scan'] else ''}"
                f"{' pencil' if r['pencil'] else ''} {' '.join(r['notes'])}): "
                f"{r['outcome']}, {r['listed']} listed: {extra}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("tuning", "holdout"), default="tuning")
    parser.add_argument("--cases", type=int, default=60)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    todo = [(args.set, i) for i in range(args.start, args.start + args.cases)]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            rows = pool.map(run_case, todo, chunksize=1)
    else:
        rows = [run_case(t) for t in todo]
    report(rows, args.set)


if __name__ == "__main__":
    main()
