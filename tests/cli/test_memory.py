"""`papirna score` of a photo asks glibc's malloc to keep freed memory (fewer page faults)."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

CODE = """
from generator.cli import common
print(common.keep_freed_memory())
"""


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="glibc's malloc only",
)
def test_the_allocator_takes_the_setting() -> None:
    # in a fresh process: the setting is for a whole short command, not for the test process
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_elsewhere_it_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import common

    monkeypatch.setattr(common.sys, "platform", "darwin")
    assert common.keep_freed_memory() is False
