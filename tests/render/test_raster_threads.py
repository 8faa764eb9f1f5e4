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


def test_without_the_lock_threads_crash_or_draw_wrong() -> None:
    """The planted defect, in a child process: the lock replaced by one that locks nothing, the
    same four threads crash it (PDFium segfaults) or draw other pixels."""
    script = textwrap.dedent(
        """
        import contextlib, sys, threading
        import generator.render.raster as raster
        raster.PDFIUM_LOCK = contextlib.nullcontext()
        from tests.render.test_raster_threads import _pdf, _renders
        pdf, sizes = _pdf()
        expected = _renders(pdf, sizes)
        bad = []
        def work():
            for _ in range(40):
                try:
                    if _renders(pdf, sizes) != expected:
                        bad.append(1)
                except Exception:
                    bad.append(1)
        threads = [threading.Thread(target=work) for _ in range(4)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        sys.exit(3 if bad else 0)
        """
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    assert run.returncode != 0  # a crash (a negative signal number) or wrong pixels (3)
