"""The console script ends the process at once after a command succeeds, as a normal exit would:
exit hooks run, output is flushed, running threads finish; failures exit as before."""

from __future__ import annotations

import subprocess
import sys

PRELUDE = (
    "import atexit, sys, threading, time\n"
    "atexit.register(lambda: print('exit hook ran', flush=True))\n"
)


def _script(body: str, *args: str) -> subprocess.CompletedProcess:
    code = f"{PRELUDE}{body}\nsys.argv = ['papirna', *{list(args)!r}]\n"
    code += "from generator.cli import script\nscript()\n"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def test_success_runs_exit_hooks_and_flushes_output() -> None:
    done = _script("sys.stdout.write('unflushed text ')", "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("unflushed text papirna ")
    assert done.stdout.rstrip().endswith("exit hook ran")


def test_a_running_thread_still_finishes() -> None:
    body = "threading.Thread(target=lambda: (time.sleep(0.3), print('thread ended'))).start()"
    done = _script(body, "--version")
    assert done.returncode == 0, done.stderr
    assert "thread ended" in done.stdout and "exit hook ran" in done.stdout


def test_a_failure_keeps_its_exit_code() -> None:
    done = _script("", "nosuch")
    assert done.returncode == 2
    assert "No such command 'nosuch'" in done.stderr
    assert "exit hook ran" in done.stdout
