"""Benchmark: how well the photo reader's list of boxes to check is calibrated.

Reads photo cases of bench_scan_wild.py (`wild-tuning`, `wild-holdout`) or
bench_scan_independent.py (`independent`), keeps every box's evidence, and prints

- the per-set table the other scan benchmarks print (sheets exact, wrong with every wrong box
  listed, wrong with a wrong box unlisted, silent, refused, fields right, median listed boxes for
  photos >= 1000 px and for 1000-1600 px);
- a reliability table: per group kind (track, glory row, item half, dungeon card, fight, other)
  and per bin of sureness (how far, in margins, the reading is from flipping), how many boxes
  were read so, how many of them wrong, how many listed, and how many wrong but not listed.

`--save FILE` appends each case's evidence as one JSON line; `--load FILE` re-judges saved
evidence with the current rules (rules.py, read.judge) without reading the photos again, which
takes seconds for hundreds of cases: the way to try a change of the listing rules. The glory
values' measures are saved too, and re-judged with the current `local.glory_evidence` (the
ring fit's rules and the doubts about faint rings, ticks and outlines); the reader's other
doubts (washed-out boxes under glare) are kept as they were read. Evidence saved before a
change of the reader's measuring (local.py, marks.py) is stale: read the photos again.

Run one process at a time, on the sets you may tune on (see the briefs):

    python benchmarks/bench_scan_listing.py --set independent --start 0 --cases 60 --save ev.jsonl
    python benchmarks/bench_scan_listing.py --load ev.jsonl
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

SURE_BINS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0)


def _wild_case(profile_name: str, i: int) -> dict:
    import bench_scan_wild as bw

    from generator.games.papirove_doupe.scan import wild
    from generator.games.papirove_doupe.score import from_fields

    if not bw._STATE:
        bw._setup()
    profile = wild.TUNING if profile_name == "wild-tuning" else wild.HOLDOUT
    kind = bw._STATE["kind"]
    case = wild.make(kind, bw._STATE["pack"], i, profile)
    values = {b.name: b.name in case.marked for b in kind.boxes}
    values["player"] = "x"
    truth = bw._fields(from_fields(values, "truth"))
    return dict(data=case.data, suffix=case.suffix, marked=sorted(case.marked), truth=truth,
                long=case.long_side)  # fmt: skip


def _independent_case(i: int) -> dict:
    import bench_scan_independent as bi
    import numpy as np

    from generator.games.papirove_doupe.score import from_fields

    if "pack" not in bi._STATE:
        bi._setup(bi.build_pdfs(Path(tempfile.gettempdir()) / "papirna-bench-independent"))
    rng = random.Random(bi.SEED + i)  # as bench_scan_independent.run_case makes case i
    np_rng = np.random.default_rng(bi.SEED + i)
    lang, paper = rng.choice(["cs", "en"]), rng.choice(["a4", "letter"])
    folder = bi._STATE["pdfs"]
    pdf = folder / f"papirove-doupe-sheet-{lang}-{paper}.pdf"
    fill_pdf = folder / f"papirove-doupe-sheet-fillable-{lang}-{paper}.pdf"
    names = {n for n in bi.widgets(fill_pdf)[2] if not n.startswith("text:")}
    marked = bi.random_state(names, rng)
    plan = bi.camera(rng)
    page, _hand = bi.filled_page(pdf, fill_pdf, plan["dpi"], marked, rng)
    data, suffix, info = bi.photograph(page, plan, rng, np_rng)
    values = {n: n in marked for n in names}
    values["player"] = "x"
    truth = bi._fields(from_fields(values, "truth"))
    return dict(data=data, suffix=suffix, marked=sorted(marked), truth=truth, long=info["long"])


def read_case(set_name: str, i: int) -> dict:
    """Make case i of a set and read it; its evidence as the listing rules get it."""
    from generator.cli.common import load_packs
    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan import local, read

    c = _independent_case(i) if set_name == "independent" else _wild_case(set_name, i)
    row = dict(set=set_name, i=i, long=c["long"], marked=c["marked"], truth=c["truth"])
    got: dict = {}
    judge, glory_evidence = read.judge, local.glory_evidence

    def keep(evidence, names, doubts=(), widen=1.0):
        got.update(evidence=dict(evidence), names=list(names), doubts=list(doubts), widen=widen)
        return judge(evidence, names, doubts, widen)

    def keep_glory(names, ev, g, near):
        def plain(a):
            return [None if x != x else x for x in a.tolist()]  # NaN as null

        got["glory"] = dict(pre=ev.tolist(), ring_ev=plain(g.ring_ev), fits=g.fits.tolist(),
                            strokes=plain(g.strokes), outline=plain(g.outline),
                            light_fits=g.light_fits.tolist(),
                            hug=None if g.hug != g.hug else g.hug,
                            near={str(k): v for k, v in near.items()})  # fmt: skip
        out = glory_evidence(names, ev, g, near)
        got["glory_doubts"] = list(out[1])  # the rest of the doubts are the reader's own
        return out

    pack = load_packs(["papirove-doupe"], None)[0]
    read.judge, local.glory_evidence = keep, keep_glory
    try:
        with tempfile.NamedTemporaryFile(suffix=c["suffix"]) as f:
            f.write(c["data"])
            f.flush()
            read.read_image(read.load_image(Path(f.name), "x"), pack, "x")
    except PapirnaError as e:
        row["error"] = e.message
    finally:
        read.judge, local.glory_evidence = judge, glory_evidence
    return row | got


def rejudge_glory(row: dict) -> tuple[dict, list[str]]:
    """A saved case's evidence and doubts with its glory measures judged by the current
    `local.glory_evidence` (the ring fit's rules, the doubts about faint rings and ticks)."""
    import numpy as np

    from generator.games.papirove_doupe.scan import local

    g = row.get("glory")
    if g is None:
        return row["evidence"], row["doubts"]

    def arr(a):
        return np.array([np.nan if x is None else x for x in a], float)

    light = g.get("light_fits", [-1] * len(g["fits"]))  # saved before light rings were read
    hug = g.get("hug")  # saved before the resurrection's outline asymmetry was measured: none
    measures = local.Glory(arr(g["ring_ev"]), np.array(g["fits"]), arr(g["strokes"]),
                           arr(g["outline"]), np.array(light),
                           np.nan if hug is None else hug)  # fmt: skip
    near = {int(k): v for k, v in g["near"].items()}
    ev, doubts = local.glory_evidence(row["names"], np.array(g["pre"]), measures, near)
    # the doubts not about glory (washed-out boxes) stay; saved before the glory doubts were
    # kept apart, those are told by name (a washed-out glory value is then lost)
    old = row.get("glory_doubts")
    if old is None:
        old = [d for d in row["doubts"] if ".glory." in d or d == "resurrection"]
    doubts += [d for d in row["doubts"] if d not in old and d not in doubts]
    return row["evidence"] | dict(zip(row["names"], ev.tolist(), strict=True)), doubts


def kind_of(name: str) -> str:
    """The kind of rule group a box is in."""
    if name.startswith("dungeon."):
        return "dungeon card"
    if ".glory." in name:
        return "glory row"
    if name.startswith("item."):
        return "item half"
    if name.startswith("monster."):
        return "fight"
    if re.fullmatch(r"(gem|minion|wound|adventurer\.\w+\.level)\.\d+", name):
        return "track"
    return "other"


def judge_row(row: dict) -> dict:
    """A saved case judged with the current rules: its outcome as the scan benchmarks count it,
    and every scored box's reading, sureness (in margins) and whether it was listed."""
    import bench_scan_independent as bi
    import bench_scan_wild as bw

    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan import read, rules

    out = dict(set=row["set"], i=row["i"], long=row["long"], fields=len(row["truth"]), right=0,
               listed=0, boxes=[])  # fmt: skip
    if "error" in row:
        return out | {"outcome": "refused", "why": row["error"]}
    (ev, doubts), truth = rejudge_glory(row), set(row["marked"])
    readings = read.judge(ev, row["names"], doubts, row["widen"])
    margin = rules.MARGIN * row["widen"]
    sure = rules.decide(ev, doubts=doubts, margin=margin).sureness
    values: dict = {b.name: b.marked for b in readings} | {"player": "x"}
    result = read.ScanResult("x", "", "", values, readings, None, None, 0.0)  # type: ignore[arg-type]
    try:
        data, problem = read.sheet_data(result)
    except PapirnaError as e:
        return out | {"outcome": "refused", "why": e.message}
    fields = bi._fields if row["set"] == "independent" else bw._fields
    got = fields(data)
    listed = {b.name for b in result.uncertain}
    wrong = {b.name for b in readings if b.marked != (b.name in truth) and rules.scored(b.name)}
    right = sum(got.get(k) == v for k, v in row["truth"].items())
    if problem is not None or result.too_many:
        outcome = "refused"
    elif right == len(row["truth"]):
        outcome = "exact"
    elif wrong <= listed:
        outcome = "wrong, all listed"
    else:
        outcome = "SILENT" if not listed else "wrong, unlisted"
    boxes = [
        (kind_of(b.name), sure[b.name] / margin, b.name in wrong, b.name in listed)
        for b in readings
        if rules.scored(b.name)
    ]
    return out | dict(outcome=outcome, right=right, listed=len(listed), boxes=boxes,
                      unlisted=sorted(wrong - listed))  # fmt: skip


def set_table(judged: list[dict]) -> None:
    """The per-set table."""
    print("| set | cases | exact | wrong, all listed | wrong, unlisted | silent | refused | fields |"
          " median listed >= 1000 px | 1000-1600 px |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in sorted({j["set"] for j in judged}):
        rows = [j for j in judged if j["set"] == name]
        n = Counter(j["outcome"] for j in rows)
        fields = sum(j["fields"] for j in rows)
        right = sum(j["right"] for j in rows)
        scored = [j for j in rows if j["outcome"] != "refused"]
        big = [j["listed"] for j in scored if j["long"] >= 1000]
        small = [j["listed"] for j in scored if 1000 <= j["long"] < 1600]
        span = f"{min(j['i'] for j in rows)}-{max(j['i'] for j in rows)}"
        print(
            f"| {name} {span} | {len(rows)} | {n['exact']} | {n['wrong, all listed']} | "
            f"{n['wrong, unlisted']} | {n['SILENT']} | {n['refused']} | "
            f"{100 * right / max(fields, 1):.2f} % | {statistics.median(big) if big else '-'} | "
            f"{statistics.median(small) if small else '-'} |"
        )
    for j in judged:
        if j.get("unlisted"):
            print(
                f"  {j['set']} {j['i']} ({j['long']} px): {j['outcome']}, unlisted {j['unlisted']}"
            )


def reliability_table(judged: list[dict]) -> None:
    """Per group kind and sureness bin: boxes, wrong, how often wrong, listed, wrong unlisted."""
    cells: dict = defaultdict(lambda: [0, 0, 0, 0])
    for j in judged:
        for kind, sure, wrong, listed in j["boxes"]:
            low = max(b for b in SURE_BINS if sure >= b)
            c = cells[kind, low]
            c[0] += 1
            c[1] += wrong
            c[2] += listed
            c[3] += wrong and not listed
    print("| kind | sureness (margins) | boxes | wrong | P(wrong) | listed | wrong, unlisted |")
    print("|---|---|---|---|---|---|---|")
    for (kind, low), (n, w, listed, unlisted) in sorted(cells.items()):
        k = SURE_BINS.index(low)
        span = f"{low}-{SURE_BINS[k + 1]}" if k + 1 < len(SURE_BINS) else f">= {low}"
        print(f"| {kind} | {span} | {n} | {w} | {100 * w / n:.2f} % | {listed} | {unlisted} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("wild-tuning", "wild-holdout", "independent"))
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--cases", type=int, default=60)
    parser.add_argument("--save", type=Path, help="append each case's evidence to this file")
    parser.add_argument("--load", type=Path, nargs="*", default=[], help="saved evidence")
    args = parser.parse_args()
    rows = [json.loads(line) for path in args.load for line in path.open()]
    if args.set:
        import cv2

        cv2.setNumThreads(1)
        for i in range(args.start, args.start + args.cases):
            rows.append(read_case(args.set, i))
            if args.save:
                with args.save.open("a") as f:
                    f.write(json.dumps(rows[-1]) + "\n")
    if not rows:
        parser.error("give --set to read cases or --load saved evidence")
    judged = [judge_row(r) for r in rows]
    set_table(judged)
    print()
    reliability_table(judged)


if __name__ == "__main__":
    main()
