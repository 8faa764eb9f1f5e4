"""PDFium is not thread-safe: rendering from several threads at once gives the same pixels as
rendering from one, because every call into it holds one lock (the web app reads photos, and
renders their blank sheets, in a pool of threads)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from generator.layout.ops import Document, EllipseOp, Page, RectOp, Style, TextOp
from generator.render.pdf import render_pdf
from generator.render.raster import iter_boxes, iter_rasters

ROOT = Path(__file__).resolve().parents[2]


def _pdf() -> tuple[bytes, list[tuple[int, int]]]:
    """Six pages of coloured rectangles, circles and text in two fonts (PDFium's font and glyph
    caches are shared by all its threads), 60 x 80 mm each."""
    pages = []
    for k in range(6):
        c = (k / 6, 0.3, 1 - k / 6)
        ops = [
            RectOp(3 + k, 5, 40, 30, Style(fill=c, stroke=None), radius=4),
            EllipseOp(30, 55, 12 + k, 9, Style(fill=None, stroke=(0, 0, 0), width=0.7)),
            *(
                TextOp(4, 42 + 5 * j, f"Příliš žluťoučký kůň {k}{j}", font, 6 + j + k)
                for j, font in enumerate(
                    ("sans-regular", "sans-bold", "display-regular", "sans-italic")
                )
            ),
        ]
        pages.append(Page(60, 80, ops))
    return render_pdf(Document("threads", pages)), [(236, 315)] * 6


def _renders(pdf: bytes, sizes: list[tuple[int, int]]) -> list[bytes]:
    """Every page whole (iter_rasters) and cut to a box (iter_boxes), as bytes."""
    whole = [bytes(r.data[: r.height * r.stride]) for r in iter_rasters(pdf, sizes)]
    boxes = [(10, 20, 200, 250)] * len(sizes)
    return whole + [bytes(r.data) for r in iter_boxes(pdf, sizes, boxes)]


def test_renders_from_four_threads_at_once_are_the_renders_of_one() -> None:
    pdf, sizes = _pdf()
    expected = _renders(pdf, sizes)
    results: list[list[bytes]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(15):
                results.append(_renders(pdf, sizes))
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(results) == 60
    assert all(r == expected for r in results)


def _peak_inside(wait: float = 1.0) -> int:
    """Four threads render `_pdf` once each, while opening a document waits (up to `wait`
    seconds) for a second thread to come into PDFium beside it: how many were in it at once at
    most. Under PDFIUM_LOCK no second thread can come, and the wait runs out; without it, two
    threads started together meet there, every time (a race shown without being left to luck)."""
    import pypdfium2

    real = pypdfium2.PdfDocument
    meet = threading.Barrier(2, timeout=wait)
    count = threading.Lock()
    inside, peak = [0], [0]

    def probe(*args, **kwargs):
        with count:
            inside[0] += 1
            peak[0] = max(peak[0], inside[0])
        try:
            meet.wait()
        except threading.BrokenBarrierError:
            pass
        finally:
            with count:
                inside[0] -= 1
        return real(*args, **kwargs)

    pdf, sizes = _pdf()
    pypdfium2.PdfDocument = probe
    try:
        threads = [threading.Thread(target=_renders, args=(pdf, sizes)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        pypdfium2.PdfDocument = real
    return peak[0]


def test_under_the_lock_one_thread_at_a_time_is_in_pdfium() -> None:
    """Four threads at once: never two in PDFium together."""
    assert _peak_inside() == 1


def test_without_the_lock_threads_meet_in_pdfium() -> None:
    """The planted defect, in a child process (two threads in PDFium can crash it): the lock
    replaced by one that locks nothing, two threads are in PDFium at once; a crash shows it
    too."""
    script = textwrap.dedent(
        """
        import contextlib
        import generator.render.raster as raster
        raster.PDFIUM_LOCK = contextlib.nullcontext()
        from tests.render.test_raster_threads import _peak_inside
        print(_peak_inside(wait=10.0))
        """
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    assert run.returncode != 0 or int(run.stdout.decode().split()[-1]) >= 2
