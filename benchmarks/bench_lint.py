"""Benchmark: `papirna lint` on every built-in printable, against the lint of an older commit
(the floor) and against `papirna build` of the same.

All start from loaded packs and a fresh Renderer. lint = every job (fillable copies skipped: they
draw the same pages) laid out and checked; floor = the same with generator/output/lint.py as it
was at FLOOR (issue 25's start: loaded from `git show`, the rest of the code current);
build = every job rendered to PDF bytes (what `papirna build` does before writing).
Prints the medians of CPU and wall time, the ratio floor / lint (goal of issue 25: >= 2x, 3x
better) and lint / build (goal: <= 1.5x). Both lints must find the same (checked).

Run: python benchmarks/bench_lint.py [--repeat N] [--no-build] [--floor COMMIT]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.cli.common import load_packs
from generator.output.build import Renderer, plan
from generator.output.lint import lint_jobs
from generator.render.pdf import render_pdf

FLOOR = "5017fef6f50799eaecb9cd1b2114d97ace185abd"  # main when the lint speed-up began
ROOT = Path(__file__).resolve().parent.parent


def floor_lint(commit: str):
    """`lint_jobs` of generator/output/lint.py at `commit`, as a module of its own."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:generator/output/lint.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "lint_floor.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("lint_floor", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["lint_floor"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module.lint_jobs


def build_all(jobs) -> None:
    renderer = Renderer()
    for job in jobs:
        render_pdf(renderer.document(job))


def timed(fn, *args) -> tuple[float, float, object]:
    """CPU and wall seconds of one call, and its result."""
    c, w = time.process_time(), time.perf_counter()
    out = fn(*args)
    return time.process_time() - c, time.perf_counter() - w, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-build", action="store_true", help="skip timing the build")
    ap.add_argument("--floor", default=FLOOR, help="the commit whose lint is the floor")
    args = ap.parse_args()
    old_lint = floor_lint(args.floor)
    jobs = plan(load_packs(None, None), None, None)
    checked = [j for j in jobs if not j.fillable]
    build_all(jobs[:3])  # fonts registered, modules imported
    names = ["lint", "floor"] + ([] if args.no_build else ["build"])
    cpu: dict[str, list[float]] = {k: [] for k in names}
    wall: dict[str, list[float]] = {k: [] for k in names}
    findings = 0
    for _ in range(args.repeat):
        for name in names:
            if name == "lint":
                c, w, new = timed(lint_jobs, checked)
            elif name == "floor":
                c, w, old = timed(old_lint, checked)
            else:
                c, w, _ = timed(build_all, jobs)
            cpu[name].append(c)
            wall[name].append(w)
        assert [f.line() for f in new] == [f.line() for f in old], "the lints differ"
        findings = len(new)
    med = {k: (statistics.median(cpu[k]), statistics.median(wall[k])) for k in names}
    print(f"jobs: {len(jobs)} built, {len(checked)} linted ({findings} findings, both lints)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared machine: noisy)")
    for k in names:
        print(f"{k:>6}: {med[k][0]:6.2f} s CPU  {med[k][1]:6.2f} s wall")
    fl, li = med["floor"], med["lint"]
    print(f"floor / lint = {fl[0] / li[0]:.2f}x CPU, {fl[1] / li[1]:.2f}x wall (goal >= 2x)")
    if "build" in med:
        bu = med["build"]
        print(f"lint / build = {li[0] / bu[0]:.2f}x CPU, {li[1] / bu[1]:.2f}x wall (goal <= 1.5x)")


if __name__ == "__main__":
    main()
