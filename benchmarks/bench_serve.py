"""Benchmark: p95 latency of `POST /api/score/papirove-doupe` with 8 concurrent clients.

Starts `papirna serve` on 127.0.0.1 (a subprocess, a fresh data file), then 8 threads each send
--requests requests of one filled sheet (one HTTP connection per client, as a phone keeps one).
The floor is the same scoring in-process, as `papirna score --json` does it
(generator.serve.scoring.score, the Scorer the CLI calls), timed one call at a time. Prints p50,
p95 and max of both and the ratio of the p95s. Goal: the server's p95 at most 50 ms.

Run: python benchmarks/bench_serve.py [--clients 8] [--requests 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from generator.serve import scoring  # noqa: E402
from tests.serve import live  # noqa: E402
from tests.serve.samples import EVA, JAN  # noqa: E402

GAME = "papirove-doupe"
# the HTTP floor: the same ASGI stack answering a constant JSON body (no scoring, no database)
BARE = """
import sys, uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def ok(request):
    await request.body()
    return JSONResponse({"ok": True})

app = Starlette(routes=[Route("/", ok, methods=["GET", "POST"]),
                        Route("/api/score/{game}", ok, methods=["POST"])])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
"""


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values, in ms."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1)] * 1000


def floor(count: int) -> list[float]:
    """In-process scoring of the same sheet, one call at a time (seconds each)."""
    sheet = [scoring.Named("sheet-1.yaml", EVA)]
    scoring.score(GAME, sheet)  # the pack is loaded once, as the server has it
    out = []
    for _ in range(count):
        t0 = time.perf_counter()
        scoring.score(GAME, sheet)
        out.append(time.perf_counter() - t0)
    return out


def clients(base: str, n: int, requests: int) -> list[float]:
    """n threads, each sending `requests` score requests: every request's latency (seconds)."""
    times: list[list[float]] = [[] for _ in range(n)]
    errors: list[str] = []
    go = threading.Barrier(n)

    def client(i: int) -> None:
        body = EVA if i % 2 == 0 else JAN
        with httpx.Client(base_url=base, timeout=30) as c:
            c.post(f"/api/score/{GAME}", json=body)  # warm the connection
            go.wait()
            for _ in range(requests):
                t0 = time.perf_counter()
                r = c.post(f"/api/score/{GAME}", json=body)
                times[i].append(time.perf_counter() - t0)
                if r.status_code != 200:
                    errors.append(r.text)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise SystemExit(f"{len(errors)} requests failed: {errors[0][:200]}")
    return [x for t in times for x in t]


def bare_http(n: int, requests: int) -> list[float]:
    """The same clients against a Starlette app that only answers (the HTTP stack's floor)."""
    import subprocess

    port = live.free_port()
    proc = subprocess.Popen([sys.executable, "-c", BARE, str(port)])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        return clients(f"http://127.0.0.1:{port}", n, requests)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def main() -> int:
    """Start the server, time the clients and the floor, print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    base_floor = floor(max(200, args.requests))
    with tempfile.TemporaryDirectory() as tmp, live.server(Path(tmp) / "bench.sqlite") as base:
        t0 = time.perf_counter()
        served = clients(base, args.clients, args.requests)
        wall = time.perf_counter() - t0
    bare = bare_http(args.clients, args.requests)
    print(
        f"{args.clients} clients x {args.requests} requests: {len(served)} in {wall:.1f} s "
        f"({len(served) / wall:.0f} req/s)"
    )
    for name, xs in (
        ("server", served),
        ("bare HTTP floor", bare),
        ("in-process floor", base_floor),
    ):
        print(
            f"{name:>17}: p50 {pct(xs, 50):6.1f} ms  p95 {pct(xs, 95):6.1f} ms  "
            f"max {max(xs) * 1000:6.1f} ms  mean {statistics.mean(xs) * 1000:6.1f} ms"
        )
    print(f"p95 server / p95 bare HTTP floor: {pct(served, 95) / pct(bare, 95):.2f}x")
    ratio = pct(served, 95) / pct(base_floor, 95)
    print(
        f"p95 server / p95 in-process floor: {ratio:.1f}x; goal: server p95 <= 50 ms "
        f"({'met' if pct(served, 95) <= 50 else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
