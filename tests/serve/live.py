"""A real `papirna serve` on 127.0.0.1 in a subprocess, for the load test, e2e and the benchmark."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(data: Path, port: int) -> subprocess.Popen:
    """Start `papirna serve` on 127.0.0.1:port and wait (at most 60 s) until it answers."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from generator.cli import main; main()",
            "serve",
            "--port",
            str(port),
            "--data",
            str(data),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"papirna serve stopped: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("papirna serve did not answer within 60 s")


def kill(proc: subprocess.Popen, hard: bool = False) -> None:
    """Stop the server: SIGKILL (nothing flushed, as when killed) or SIGINT (Ctrl-C)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL if hard else signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)
    for stream in (proc.stdout, proc.stderr):
        if stream:
            stream.close()


@contextlib.contextmanager
def server(data: Path) -> Iterator[str]:
    """A running server on a free port: its base URL."""
    port = free_port()
    proc = start(data, port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        kill(proc)
