"""Benchmark: `papirna lint` on every built-in printable against `papirna build` of the same.

Both start from loaded packs and a fresh Renderer. build = every job rendered to PDF bytes (what
`papirna build` does before writing); lint = the same jobs (fillable copies skipped: they draw the
same pages) laid out and checked. Prints the median of each and the ratio lint / build.
Goal: <= 1.5x.

Run: python benchmarks/bench_lint.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from generator.cli.common import load_packs
from generator.output.build import Renderer, plan
from generator.output.lint import lint_jobs
from generator.render.pdf import render_pdf


def build_all(jobs) -> None:
    renderer = Renderer()
    for job in jobs:
        render_pdf(renderer.document(job))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    jobs = plan(load_packs(None, None), None, None)
    checked = [j for j in jobs if not j.fillable]
    build_all(jobs[:3])  # fonts registered, modules imported
    times: dict[str, list[float]] = {"build": [], "lint": []}
    findings = 0
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        build_all(jobs)
        t1 = time.perf_counter()
        findings = len(lint_jobs(checked))
        t2 = time.perf_counter()
        times["build"].append(t1 - t0)
        times["lint"].append(t2 - t1)
    build, lint = (statistics.median(times[k]) for k in ("build", "lint"))
    print(f"jobs: {len(jobs)} built, {len(checked)} linted ({findings} findings)")
    print(f"build: {build:.2f} s   lint: {lint:.2f} s   lint / build = {lint / build:.2f}x")


if __name__ == "__main__":
    main()
