"""Benchmark: CPU time of the whole `papirna score papirove-doupe PHOTO.jpg` command on one core.

The target is at most 1 s CPU (user + system, start-up included) for a 12 MP photo. The machine
is shared, so the command is measured against floors run the same way, in fresh processes:

- `decode`: Python starting and decoding the same JPEG to RGB with Pillow (the least any reader
  of the photo must do);
- `start-up`: `papirna score --help` (the CLI's own start-up, which the reader cannot change).

Each is run several times and the least CPU is kept (other load only adds); the median of the
warm runs is shown too, as the goal should hold on a typical run and not only on the best one.
Reported: CPU of the command with the caches warm and cold (PAPIRNA_CACHE pointing at an empty
folder: the reader's blank sheet and the loaded pack are both made again), of each floor, and
the ratios, with the load average (the machine may be shared).

The command runs with no thread settings in its environment, as a user runs it (papirna keeps
numpy's and OpenCV's thread pools at one thread itself); the floors run with them at one.
The runs are as an installed papirna runs: with its bytecode compiled. PYTHONDONTWRITEBYTECODE
is dropped from their environment (with it, Python compiles papirna's modules again on every
run, about 0.1 s); --as-is keeps the environment as it is.

Run: python benchmarks/bench_scan_cpu.py [--runs N] [--photo FILE] [--as-is]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path


def _cpu(cmd: list[str], env: dict) -> float:
    """User + system CPU seconds of one run of `cmd` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, check=False, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _times(cmd: list[str], env: dict, runs: int, before=None) -> list[float]:
    out = []
    for _ in range(runs):
        if before:
            before()
        out.append(_cpu(cmd, env))
    return out


def _least(cmd: list[str], env: dict, runs: int, before=None) -> float:
    return min(_times(cmd, env, runs, before))


def make_photo(path: Path) -> None:
    """A filled sheet photographed at 12 MP (about 11 px per mm of an A4 sheet)."""
    from generator.cli.common import load_packs
    from generator.games.papirove_doupe.scan import synth
    from generator.games.papirove_doupe.scan.template import sheet_kinds

    pack = load_packs(["papirove-doupe"], None)[0]
    kind = sheet_kinds(pack)[0]
    rng = random.Random(5)
    page, offset = synth.printed_page(pack, kind, "cs", "a4", 12.0)
    marked = synth.random_fill(kind, rng)
    page = synth.fill_page(page, 12.0, kind, synth.mark_styles(kind, marked, rng), offset, rng)
    photo, _ = synth.photograph(page, 12.0, synth.Damage(px_per_mm=11.0, angle=4, jpeg=90))
    photo.save(path, quality=90)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--photo", type=Path, default=None)
    parser.add_argument(
        "--as-is", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set"
    )
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="papirna-bench-cpu-"))
    photo = args.photo or tmp / "sheet-12mp.jpg"
    if not photo.is_file():
        make_photo(photo)
    from PIL import Image

    with Image.open(photo) as im:
        mp = im.width * im.height / 1e6
    # the command runs as a user runs it: with no thread settings of theirs (papirna keeps its
    # libraries on one thread itself); the floors' Python has them set, so that no library's
    # thread pool adds to them
    threads = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "OPENCV_FOR_THREADS_NUM")
    env = {k: v for k, v in os.environ.items() if k not in threads}
    if not args.as_is:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    floor_env = dict(env, **{k: "1" for k in threads})
    exe = str(Path(sys.executable).with_name("papirna"))
    score = [exe, "score", "papirove-doupe", str(photo)]
    cache = tmp / "cache"
    warm_env = dict(env, PAPIRNA_CACHE=str(cache))
    # fills the caches (and writes papirna's bytecode)
    first = subprocess.run(score, env=warm_env, check=False, capture_output=True, text=True)
    if first.returncode != 0:
        raise SystemExit(f"the command failed: {first.stderr.strip()}")

    def empty_cache() -> None:
        for f in cache.glob("*"):
            f.unlink()

    load = os.getloadavg()[0]
    warm_runs = _times(score, warm_env, args.runs)
    warm = min(warm_runs)
    cold = _least(score, warm_env, max(2, args.runs // 2), before=empty_cache)
    imports = _least(
        [sys.executable, "-c", "import numpy, cv2, PIL.Image, typer, pydantic, rich.console"],
        floor_env,
        args.runs,
    )
    decode = _least(
        [sys.executable, "-c", f"from PIL import Image; Image.open({str(photo)!r}).convert('RGB')"],
        floor_env,
        args.runs,
    )
    startup = _least([exe, "score", "--help"], env, args.runs)
    print(f"photo: {photo.name}, {mp:.1f} MP; least CPU (user + system) of {args.runs} runs")
    print(f"  load average at the start:  {load:.1f} (other processes on {os.cpu_count()} cores)")
    print(f"  whole command, cache warm:  {warm:.2f} s  ({warm / decode:.1f} x decode)")
    print(f"    median of the warm runs:  {statistics.median(warm_runs):.2f} s")
    print(f"  whole command, cache cold:  {cold:.2f} s  ({cold / decode:.1f} x decode)")
    print(f"  floor, decode the JPEG:     {decode:.2f} s")
    print(f"  floor, CLI start-up:        {startup:.2f} s")
    print(f"  floor, the libraries:       {imports:.2f} s  (import numpy, cv2, PIL, typer, ...)")
    print(f"  reading beyond start-up:    {warm - startup:.2f} s  (target: whole command <= 1 s)")


if __name__ == "__main__":
    main()
