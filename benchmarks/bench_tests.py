"""Benchmark: the README's test command against the test suite of 0.1.0, side by side.

Issue 25 asks that the README's test command pass in at most half of the time the suite took
when the issue was filed (0.1.0, commit 531f167: `pytest` on one process, about 222 s on an
idle 2-core machine then), on the same machine. The machine's own speed moves by 25 % from day
to day, so the two are timed here in one run, one after the other: the ratio is what counts.

0.1.0 is checked out into a `git worktree` with its own venv holding its test extra (`pip
install -e ".[test]"`, exactly what its README said). Each side's test command is read from its
own README's Quick start (the part after the last `&&`, i.e. without making the venv), and runs
from its own tree with an empty PAPIRNA_CACHE and its bytecode compiled beforehand, so neither
pays for compiling or for caches left by an earlier run. Prints the wall time and the summary
line of each, and the ratio current / 0.1.0 (goal <= 0.5).

Run from the repository root with the project's venv (papirna installed with the test extra):

    python benchmarks/bench_tests.py [--repeat N] [--keep DIR] [--only PYTEST_ARGS]

`--keep DIR` keeps the 0.1.0 worktree and venvs in DIR (the same DIR as bench_build.py's).
`--only` runs the given pytest arguments on both sides instead of the whole suites (to check
this script quickly; the ratio is then meaningless).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_build import OLD, ROOT, remove_old, run

GOAL = 0.5


def readme_test_command(readme: str) -> list[str]:
    """The pytest part of the Quick start's second command: after the last `&&`."""
    block = re.search(r"^#+ *Quick start\s*\n+```\w*\n(.*?)^```", readme, re.S | re.M)
    if block is None:
        sys.exit("README.md has no Quick start block")
    lines = [ln for ln in block.group(1).splitlines() if ln.strip() and not ln.startswith("#")]
    return shlex.split(lines[1].split("&&")[-1])


def setup_old_tests(where: Path) -> Path:
    """0.1.0's worktree in `where` with a venv of its test extra; returns the worktree."""
    tree, venv = where / "papirna-0.1.0", where / "venv-0.1.0-test"
    if not tree.exists():
        print(f"setting up 0.1.0 ({OLD}) in {tree} ...", flush=True)
        run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), OLD])
    link = tree / ".venv"
    if not (venv / "bin" / "pytest").exists():
        print(f"installing 0.1.0's test extra into {venv} ...", flush=True)
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(venv / "bin" / "pip"), "install", "-q", "-e", f"{tree}[test]"])
    if not link.exists():
        link.symlink_to(venv)
    return tree


def compile_all(tree: Path) -> None:
    """Bytecode for the tree and its venv, so that no side pays for compiling in its run."""
    venv = (tree / ".venv").resolve()
    for where in (tree / "generator", tree / "tests", venv):
        subprocess.run(
            [str(venv / "bin" / "python"), "-m", "compileall", "-q", "-j", "0", str(where)],
            capture_output=True,
        )


def timed(tree: Path, cmd: list[str], cache: Path) -> tuple[float, str, int]:
    """Run a test command in `tree` with an empty cache: (wall s, pytest's summary, exit code)."""
    shutil.rmtree(cache, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "CI")}
    env["PAPIRNA_CACHE"] = str(cache)
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    found = re.findall(r"^=*\s*(\d+ (?:passed|failed).*?)\s*=*$", result.stdout, re.M)
    return wall, found[-1] if found else result.stdout[-300:], result.returncode


def main() -> int:
    """Set up 0.1.0's suite, run both suites in turn, print the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per side (default 1)")
    parser.add_argument("--keep", type=Path, default=None, help="keep 0.1.0's venvs here")
    parser.add_argument("--only", default=None, help="pytest arguments instead of the suites")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="papirna-bench-tests-"))
    where = args.keep or tmp
    where.mkdir(parents=True, exist_ok=True)
    try:
        old_tree = setup_old_tests(where)
        sides = {
            "0.1.0": (old_tree, readme_test_command((old_tree / "README.md").read_text())),
            "current": (ROOT, readme_test_command((ROOT / "README.md").read_text())),
        }
        if args.only:
            sides = {k: (t, [*c, *shlex.split(args.only)]) for k, (t, c) in sides.items()}
        for tree, _ in sides.values():
            compile_all(tree)
        runs: dict[str, list[tuple[float, str, int]]] = {k: [] for k in sides}
        for _ in range(args.repeat):
            for name, (tree, cmd) in sides.items():
                print(f"running {name}: {' '.join(cmd)} ...", flush=True)
                runs[name].append(timed(tree, cmd, tmp / "cache"))
    finally:
        if args.keep is None:
            remove_old(where)
        shutil.rmtree(tmp, ignore_errors=True)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    wall = {k: statistics.median(w for w, _, _ in v) for k, v in runs.items()}
    print(f"test suites, median of {args.repeat} run(s) each, {cores} cores, load {load:.1f}")
    for name, (_, cmd) in sides.items():
        _, summary, code = runs[name][-1]
        print(f"{name:9}{wall[name]:8.1f} s  exit {code}  {summary}  ({' '.join(cmd)})")
    ratio = wall["current"] / wall["0.1.0"]
    met = "goal met" if ratio <= GOAL else "goal NOT met"
    print(f"time current/0.1.0: {ratio:.2f} (goal <= {GOAL:g}: {met})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
