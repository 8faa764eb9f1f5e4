"""A command keeps numpy's OpenBLAS and OpenCV on one thread (their pools cost CPU, not save
it, on a command's small work), unless the user set their own thread counts."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

VARS = ("OPENBLAS_NUM_THREADS", "OPENCV_FOR_THREADS_NUM", "OMP_NUM_THREADS")
PROBE = (
    "import os, generator.cli, cv2, numpy\n"
    "print(os.environ['OPENBLAS_NUM_THREADS'], cv2.getNumThreads(),"
    " len(os.listdir('/proc/self/task')) if os.path.isdir('/proc/self/task') else 1)\n"
)


def _probe(**env: str) -> list[str]:
    base = {k: v for k, v in os.environ.items() if k not in VARS}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=base | env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_one_thread_by_default() -> None:
    pytest.importorskip("cv2")
    blas, opencv, threads = _probe()
    assert blas == "1" and opencv == "1"
    assert threads == "1"  # no pool thread started by either library


def test_the_users_setting_is_kept() -> None:
    pytest.importorskip("cv2")
    blas, opencv, _ = _probe(OPENBLAS_NUM_THREADS="2", OPENCV_FOR_THREADS_NUM="2")
    assert blas == "2" and opencv == "2"
