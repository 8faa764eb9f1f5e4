"""Rendering a build's files on several cores: the same bytes as one process, in the same order.

The jobs of one printable and language (its papers, its fillable copy) go to one worker together,
so that what they share is drawn once there (a deck's card faces, its PNGs). Each worker has its
own Renderer; results are put back in the order of the plan, warnings included, so a build with
any number of workers prints and writes exactly what a single-process build does.
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from generator.output.build import Job, Renderer
from generator.output.extras import Extras
from generator.output.impose import PrintOptions
from generator.render.pdf import render_pdf


@dataclass
class JobFiles:
    """What one job rendered: (path, bytes, what) per file, its PDF's pages, its warnings."""

    files: list[tuple[Path, bytes, str]]
    pages: int
    warnings: list[str] = field(default_factory=list)


@dataclass
class Rendered:
    """Every file of a build, in plan order, with the warnings in the order they arose."""

    files: list[tuple[Path, bytes, str]]  # data b"" where a sink took the files
    pages: int
    warnings: list[str]
    drawn: int = 0  # cards drawn anew, not taken from a watch mode's cache


Sink = Callable[[Path, bytes, str], None]


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
        self,
        jobs: list[Job],
        out: Path,
        options: PrintOptions | None,
        extras: Extras,
        only: set[str] | None = None,
        cache: dict | None = None,
    ) -> None:
        self.jobs = jobs
        self.out = out
        self.extras = extras
        self.renderer = Renderer(options)
        self.renderer.only = only
        self.renderer.card_cache = cache

    def run(self, index: int, with_extras: bool, sink: Sink | None = None) -> JobFiles:
        """Render job `index` (and its deck's PNGs when asked).

        With a `sink`, each file goes to it as soon as it is made and the result lists no files
        (a deck's thousands of PNGs are never all in memory).
        """
        job = self.jobs[index]
        renderer = self.renderer
        renderer.warnings = []
        doc = renderer.document(job)
        pdf = render_pdf(doc, self.extras.color)
        what = f"{len(doc.pages)} pages"
        if job.members:  # --pack: say which decks share the file's sheets
            what += ": " + " + ".join(m.spec.title.get(job.lang) for m in job.members)
        made = [(self.out / job.pack.id / job.filename, pdf, what)]
        if with_extras:
            made = itertools.chain(made, _deck_extras(renderer, job, self.out, self.extras))
        files: list[tuple[Path, bytes, str]] = []
        for item in made:
            if sink is None:
                files.append(item)
            else:
                sink(*item)
        return JobFiles(files, len(doc.pages), list(renderer.warnings))


def _deck_extras(renderer: Renderer, job: Job, out: Path, extras: Extras) -> Iterator:
    """A deck's PNGs, showcase and Tabletop Simulator sheets, as (path, bytes, what), one by one."""
    for one in job.decks:  # a packed job's decks each get their own
        yield from _one_deck_extras(renderer, one, out, extras)


def _one_deck_extras(renderer: Renderer, job: Job, out: Path, extras: Extras) -> Iterator:
    """One deck's PNGs, showcase and Tabletop Simulator sheets."""
    from generator.output.png import deck_pngs, deck_showcase

    deck = renderer.deck_cards(job)
    if extras.png:
        folder = out / job.pack.id / "png" / f"{job.printable.id}-{job.lang}"
        for name, data in deck_pngs(deck, extras.dpi, extras.png_copies, extras.png_corners):
            yield folder / name, data, f"{extras.dpi} dpi"
    if extras.tts:
        from generator.output.tts import deck_files

        folder = out / job.pack.id / "tts" / f"{job.printable.id}-{job.lang}"
        for path, data in deck_files(deck, folder, deck.title, extras.dpi):
            yield path, data, "Tabletop Simulator"
    if extras.showcase:
        name = f"{job.pack.id}-{job.printable.id}-{job.lang}-showcase.png"
        yield out / job.pack.id / name, deck_showcase(deck), "showcase"


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


def weight(jobs: list[Job], task: tuple[tuple[int, bool], ...]) -> float:
    """A rough cost of a task, so that the pool starts the big ones first.

    Its files, a fillable copy's form fields counting as one more, a deck's cards a tenth of
    a file each. With the biggest tasks started first, the last to finish are small ones
    and no core waits long for the other at the end.
    """
    total = 0.0
    for index, _ in task:
        job = jobs[index]
        total += 2.0 if job.fillable else 1.0
        if job.printable.spec.kind == "deck":
            total += len(job.printable.cards) / 10
    return total


def _warm(jobs: list[Job]) -> None:
    """Load what every worker would load for itself, once, before they fork.

    The bundled fonts (parsed from their files) and the hyphenation dictionaries of the
    jobs' languages; each worker would otherwise spend about 0.15 s of CPU on them.
    """
    warm_up(sorted({job.lang for job in jobs}))


def warm_up(langs: list[str]) -> None:
    """Parse the bundled fonts and read the hyphenation of `langs` now (each is done once).

    A build calls this while its packs load on the other core (see load_builtin_packs), so
    that it costs no time before the workers fork.
    """
    from generator.layout.typography import load_hyphenation
    from generator.render.fonts import ensure_font, font_files

    for name in font_files():
        ensure_font(name)
    for lang in langs:
        load_hyphenation(lang)


def _context() -> multiprocessing.context.BaseContext:
    """Fork where it is safe and cheap (Linux: workers start with the packs already loaded)."""
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


GC_THRESHOLD = (200_000, 20, 10)  # objects made between collections of the youngest generation


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cyclic garbage collector less often while rendering; restore it afterwards.

    Drawing makes millions of small tuples that are freed by reference counting; with Python's
    default (a collection every 700 new objects) the collector took an eighth of a full build's
    time scanning them. Every 50,000 it took a fiftieth (0.16-0.20 s of CPU in a full build's
    two workers); every 200,000, 0.05-0.09 s (100,000 was no better than 50,000, 400,000 a
    little worse), and the peak memory is the same (about 105 MB a worker).
    """
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def render_all(
    jobs: list[Job],
    out: Path,
    options: PrintOptions | None = None,
    extras: Extras | None = None,
    workers: int = 1,
    progress: Callable[[Job, int], None] | None = None,
    sink: Sink | None = None,
    only: set[str] | None = None,
    cache: dict | None = None,
) -> Rendered:
    """Render every job (nothing is written here), on `workers` processes.

    `progress(job, n)` is called as work finishes: `n` more jobs are done, `job` the last of them.
    The result is the same, byte for byte and in order, whatever the number of workers.
    `sink(path, data, what)`, if given, takes each file as it is made (in the order made, which
    with several workers is not the plan's); the result then lists (path, b"", what) in plan
    order. `only` and `cache` (--only, watch mode) and decks' PNGs, showcases and Tabletop
    Simulator sheets are drawn in this process, which streams them to the sink.
    """
    with fewer_collections():
        return _render_all(jobs, out, options, extras, workers, progress, sink, only, cache)


def _render_all(
    jobs: list[Job],
    out: Path,
    options: PrintOptions | None,
    extras: Extras | None,
    workers: int,
    progress: Callable[[Job, int], None] | None,
    sink: Sink | None,
    only: set[str] | None,
    cache: dict | None,
) -> Rendered:
    extras = extras or Extras()
    work = tasks(jobs, extras)
    done: dict[int, JobFiles] = {}
    sizes: dict[int, list[tuple[Path, int, str]]] = {}

    def catch(index: int) -> Sink | None:
        """A sink that remembers what job `index` made, or None without a sink."""
        if sink is None:
            return None
        made = sizes.setdefault(index, [])

        def take(path: Path, data: bytes, what: str) -> None:
            sink(path, data, what)
            made.append((path, len(data), what))

        return take

    def finished(results: list[tuple[int, JobFiles]]) -> None:
        done.update(results)
        if progress and results:
            progress(jobs[results[-1][0]], len(results))

    workers = max(1, min(workers, len(work)))
    if extras.any or only is not None or cache is not None:
        workers = 1
    drawn = 0
    if workers == 1:
        state = _Worker(jobs, out, options, extras, only, cache)
        for task in work:
            finished([(index, state.run(index, flag, catch(index))) for index, flag in task])
        drawn = state.renderer.drawn
    else:
        _warm(jobs)
        gc.freeze()  # what is loaded now is the workers' too: their collector skips it
        pool = ProcessPoolExecutor(
            workers, mp_context=_context(), initializer=_init, initargs=(jobs, out, options, extras)
        )
        try:
            biggest = sorted(work, key=lambda task: -weight(jobs, task))  # stable: plan order
            for future in as_completed([pool.submit(_run_task, task) for task in biggest]):
                results = future.result()
                for index, result in results:
                    take = catch(index)
                    if take is not None:
                        for item in result.files:
                            take(*item)
                        result.files = []
                finished(results)
        except BaseException:  # an error in a job, or Ctrl-C: drop the rest, let running ones end
            pool.shutdown(cancel_futures=True)
            raise
        finally:
            gc.unfreeze()
        pool.shutdown()
    files: list[tuple[Path, bytes, str]] = []
    warnings: list[str] = []
    pages = 0
    for i in range(len(jobs)):
        result = done[i]
        files.extend(result.files)
        files.extend((path, b"", what) for path, _, what in sizes.get(i, []))
        pages += result.pages
        warnings.extend(w for w in result.warnings if w not in warnings)
    return Rendered(files, pages, warnings, drawn)
