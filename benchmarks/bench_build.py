"""Benchmark: the full `papirna build` with the current code against version 0.1.0, side by side.

0.1.0 (commit 531f167) is checked out by the script into a temporary `git worktree` with its own
venv (`pip install` of that checkout, so it gets exactly the dependencies 0.1.0 asked for). Both
builds then run in turn, `--repeat` times each, alternating, into temp folders: every game, both
languages, A4 and Letter. Each build of the current code starts with an empty PAPIRNA_CACHE
folder, so no cache kept between runs (the pack cache) makes it faster: every timed build is
what a new user's first build costs. The report gives the median wall time of each, the CPU
time (user + system of the build and its worker processes; steadier than wall time on a shared
machine), the number of files and the total size of the PDFs, and the ratios against the goals
of issue 25: at least 8x faster, and the PDFs at most 85 % of 0.1.0's size.

Run from the repository root with the venv that has papirna installed:

    python benchmarks/bench_build.py [--repeat N] [--jobs N] [--keep DIR]

`--keep DIR` keeps the 0.1.0 worktree and venv in DIR (made on the first run, reused later).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OLD = "531f167"
ROOT = Path(__file__).resolve().parent.parent
GOAL_SPEED = 8.0
GOAL_SIZE = 0.85


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a command, failing loudly with its output."""
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stdout}\n{result.stderr}")
    return result


def setup_old(where: Path) -> Path:
    """A worktree of 0.1.0 with its own venv in `where`; returns its papirna script."""
    tree, venv = where / "papirna-0.1.0", where / "venv-0.1.0"
    script = venv / ("Scripts" if os.name == "nt" else "bin") / "papirna"
    if script.exists():
        return script
    if not tree.exists():
        print(f"setting up 0.1.0 ({OLD}) in {tree} ...", flush=True)
        run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), OLD])
    run([sys.executable, "-m", "venv", str(venv)])
    pip = venv / ("Scripts" if os.name == "nt" else "bin") / "pip"
    run([str(pip), "install", "-q", str(tree)])
    return script


def remove_old(where: Path) -> None:
    """Drop the 0.1.0 worktree (git's record of it too)."""
    tree = where / "papirna-0.1.0"
    if tree.exists():
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
            capture_output=True,
        )


def build(
    script: Path, out: Path, extra: list[str], cache: Path | None = None
) -> tuple[float, float]:
    """One full build into an empty `out`: (wall seconds, CPU seconds of it and its children).

    With `cache`, the build's PAPIRNA_CACHE is that folder, emptied first: papirna's caches kept
    between runs (the pack cache) start empty, as on a new user's first build.
    """
    shutil.rmtree(out, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if cache is not None:
        shutil.rmtree(cache, ignore_errors=True)
        env["PAPIRNA_CACHE"] = str(cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [str(script), "build", "--out", str(out), *extra], capture_output=True, env=env
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{script} build failed:\n{result.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def pdf_stats(out: Path) -> tuple[int, int]:
    """(number of PDFs, their total size in bytes) under `out`."""
    pdfs = list(out.rglob("*.pdf"))
    return len(pdfs), sum(p.stat().st_size for p in pdfs)


def main() -> int:
    """Set up 0.1.0, build with both, print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="builds per side (default 3)")
    parser.add_argument("--jobs", type=int, default=None, help="--jobs for the current build")
    parser.add_argument("--keep", type=Path, default=None, help="keep 0.1.0's venv here")
    args = parser.parse_args()
    new = Path(sys.executable).parent / "papirna"
    if not new.exists():
        sys.exit(f"no papirna script beside {sys.executable}: run with the project's venv")
    extra_new = ["--jobs", str(args.jobs)] if args.jobs else []
    tmp = Path(tempfile.mkdtemp(prefix="papirna-bench-build-"))
    where = args.keep or tmp
    where.mkdir(parents=True, exist_ok=True)
    try:
        old = setup_old(where)
        # one untimed warm-up each: bytecode compiled, files in the page cache
        build(old, tmp / "old", [])
        build(new, tmp / "new", extra_new, tmp / "cache")
        times: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
        for _ in range(args.repeat):
            times["old"].append(build(old, tmp / "old", []))
            times["new"].append(build(new, tmp / "new", extra_new, tmp / "cache"))
        (old_n, old_size), (new_n, new_size) = pdf_stats(tmp / "old"), pdf_stats(tmp / "new")
    finally:
        if args.keep is None:
            remove_old(where)
        shutil.rmtree(tmp, ignore_errors=True)
    wall = {k: statistics.median(t for t, _ in v) for k, v in times.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    speed, size = wall["old"] / wall["new"], new_size / old_size
    print(f"full build, median of {args.repeat} runs each, {cores} cores, load {load:.1f}")
    print(f"{'':14}{'wall s':>9}{'CPU s':>9}{'PDFs':>7}{'MB':>9}")
    print(f"{'0.1.0':14}{wall['old']:9.2f}{cpu['old']:9.2f}{old_n:7d}{old_size / 1e6:9.2f}")
    print(f"{'current':14}{wall['new']:9.2f}{cpu['new']:9.2f}{new_n:7d}{new_size / 1e6:9.2f}")
    met = "goal met" if speed >= GOAL_SPEED else "goal NOT met"
    print(f"speed 0.1.0/current: {speed:.2f}x wall (goal >= {GOAL_SPEED:g}x: {met})")
    print(f"                     {cpu['old'] / cpu['new']:.2f}x CPU")
    met = "goal met" if size <= GOAL_SIZE else "goal NOT met"
    print(f"size current/0.1.0: {size:.0%} (goal <= {GOAL_SIZE:.0%}: {met})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
