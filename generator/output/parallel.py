"""Rendering a build's files on several cores: the same bytes as one process, in the same order.

The jobs of one printable and language (its papers, its fillable copy) go to one worker together,
so that what they share is drawn once there (a deck's card faces, its PNGs). Each worker has its
own Renderer; results are put back in the order of the plan, warnings included, so a build with
any number of workers prints and writes exactly what a single-process build does.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from generator.output.build import Job, Renderer
from generator.output.impose import PrintOptions
from generator.render.pdf import render_pdf


@dataclass(frozen=True)
class Extras:
    """What a deck writes besides its PDFs: card PNGs and a showcase."""

    png: bool = False
    dpi: int = 300
    showcase: bool = False

    @property
    def any(self) -> bool:
        """Whether there is anything besides PDFs to write."""
        return self.png or self.showcase


@dataclass
class JobFiles:
    """What one job rendered: (path, bytes, what) per file, its PDF's pages, its warnings."""

    files: list[tuple[Path, bytes, str]]
    pages: int
    warnings: list[str] = field(default_factory=list)


@dataclass
class Rendered:
    """Every file of a build, in plan order, with the warnings in the order they arose."""

    files: list[tuple[Path, bytes, str]]
    pages: int
    warnings: list[str]


def default_workers() -> int:
    """PAPIRNA_JOBS if set, else the number of cores this process may run on."""
    wanted = os.environ.get("PAPIRNA_JOBS", "").strip()
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _Worker:
    """The state of one worker process (or of the calling process, with one worker)."""

    def __init__(
        self, jobs: list[Job], out: Path, options: PrintOptions | None, extras: Extras
    ) -> None:
        self.jobs = jobs
        self.out = out
        self.extras = extras
        self.renderer = Renderer(options)

    def run(self, index: int, with_extras: bool) -> JobFiles:
        """Render job `index` (and its deck's PNGs when asked)."""
        job = self.jobs[index]
        renderer = self.renderer
        renderer.warnings = []
        doc = renderer.document(job)
        files = [
            (self.out / job.pack.id / job.filename, render_pdf(doc), f"{len(doc.pages)} pages")
        ]
        if with_extras:
            files.extend(_deck_extras(renderer, job, self.out, self.extras))
        return JobFiles(files, len(doc.pages), list(renderer.warnings))


def _deck_extras(renderer: Renderer, job: Job, out: Path, extras: Extras) -> list:
    """A deck's card PNGs and showcase, as (path, bytes, what)."""
    from generator.output.png import showcase

    files: list[tuple[Path, bytes, str]] = []
    cards = renderer.deck_pngs(job, extras.dpi)
    folder = out / job.pack.id / "png" / f"{job.printable.id}-{job.lang}"
    if extras.png:
        files.extend((folder / name, data, f"{extras.dpi} dpi") for name, data in cards)
    if extras.showcase:
        fronts = [data for name, data in cards if name.endswith("-front.png")]
        name = f"{job.pack.id}-{job.printable.id}-{job.lang}-showcase.png"
        bleed = renderer.options.bleed
        deck = job.printable
        bleed_mm = (
            bleed
            if bleed is not None
            else (deck.spec.bleed if deck.spec.bleed is not None else 3.0)
        )
        data = showcase(fronts, bleed_px=round(bleed_mm / 25.4 * extras.dpi))
        files.append((out / job.pack.id / name, data, "showcase"))
    return files


_STATE: _Worker | None = None


def _init(jobs: list[Job], out: Path, options: PrintOptions | None, extras: Extras) -> None:
    """Set up a worker process; Ctrl-C is left to the parent, which stops the pool."""
    global _STATE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STATE = _Worker(jobs, out, options, extras)


def _run_task(task: tuple[tuple[int, bool], ...]) -> list[tuple[int, JobFiles]]:
    """Render the jobs of one task in a worker process."""
    assert _STATE is not None
    return [(index, _STATE.run(index, extras)) for index, extras in task]


def tasks(jobs: list[Job], extras: Extras) -> list[tuple[tuple[int, bool], ...]]:
    """Jobs grouped by printable and language, in plan order: (job index, writes the extras)."""
    groups: dict[tuple, list[tuple[int, bool]]] = {}
    seen: set[tuple] = set()
    for i, job in enumerate(jobs):
        deck = (job.pack.id, job.printable.id, job.lang)
        first = extras.any and job.printable.spec.kind == "deck" and deck not in seen
        if first:
            seen.add(deck)
        groups.setdefault((id(job.pack), *deck), []).append((i, first))
    return [tuple(g) for g in groups.values()]


def _context() -> multiprocessing.context.BaseContext:
    """Fork where it is safe and cheap (Linux: workers start with the packs already loaded)."""
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def render_all(
    jobs: list[Job],
    out: Path,
    options: PrintOptions | None = None,
    extras: Extras | None = None,
    workers: int = 1,
    progress: Callable[[Job, int], None] | None = None,
) -> Rendered:
    """Render every job (nothing is written here), on `workers` processes.

    `progress(job, n)` is called as work finishes: `n` more jobs are done, `job` the last of them.
    The result is the same, byte for byte and in order, whatever the number of workers.
    """
    extras = extras or Extras()
    work = tasks(jobs, extras)
    done: dict[int, JobFiles] = {}

    def finished(results: list[tuple[int, JobFiles]]) -> None:
        done.update(results)
        if progress and results:
            progress(jobs[results[-1][0]], len(results))

    workers = max(1, min(workers, len(work)))
    if workers == 1:
        state = _Worker(jobs, out, options, extras)
        for task in work:
            finished([(index, state.run(index, flag)) for index, flag in task])
    else:
        pool = ProcessPoolExecutor(
            workers, mp_context=_context(), initializer=_init, initargs=(jobs, out, options, extras)
        )
        try:
            for future in as_completed([pool.submit(_run_task, task) for task in work]):
                finished(future.result())
        except BaseException:  # an error in a job, or Ctrl-C: drop the rest, let running ones end
            pool.shutdown(cancel_futures=True)
            raise
        pool.shutdown()
    files: list[tuple[Path, bytes, str]] = []
    warnings: list[str] = []
    pages = 0
    for i in range(len(jobs)):
        result = done[i]
        files.extend(result.files)
        pages += result.pages
        warnings.extend(w for w in result.warnings if w not in warnings)
    return Rendered(files, pages, warnings)
