"""What one build reuses between its files (drawings, fitted texts, shapes) changes no byte."""

from __future__ import annotations

from generator.cli.common import load_packs
from generator.layout.ops import GroupOp, TextOp
from generator.output.build import Renderer, _PaperContext, plan
from generator.output.parallel import tasks, weight
from generator.render.pdf import render_pdf


def _texts(ops) -> list[str]:
    out = []
    for op in ops:
        if isinstance(op, TextOp):
            out.append(op.text)
        elif isinstance(op, GroupOp):
            out.extend(_texts(op.ops))
    return out


def test_files_drawn_by_one_renderer_are_those_of_a_fresh_renderer_each() -> None:
    # gamebook: page layouts, builders (fight odds solved once for both languages), a fillable
    # journal, decks; one renderer reuses drawings across papers, texts, icons and shapes
    from generator.games.gamebook import chart
    from generator.layout import images
    from generator.render import pdf

    jobs = plan(load_packs(["gamebook"], None), None, None)
    fresh = []
    for job in jobs:  # nothing remembered from another file: every cache of the process emptied
        for kept in (pdf._SHAPES, pdf._FORM_CODE, pdf._COMPRESSED, chart._WINS, images._RESOLVED):
            kept.clear()
        fresh.append(render_pdf(Renderer().document(job)))
    shared = Renderer()
    reused = [render_pdf(shared.document(job)) for job in jobs]
    assert len(reused) == len(jobs) > 10
    assert [len(b) for b in reused] == [len(b) for b in fresh]
    assert reused == fresh


def test_a_builder_that_reads_the_paper_draws_each_paper_itself() -> None:
    # the Papírové doupě sheet prints its id with the paper in it: PD-<plan>-<paper>-<lang>
    jobs = [
        j
        for j in plan(load_packs(["papirove-doupe"], None), ["cs"], None)
        if j.printable.id == "sheet" and not j.fillable
    ]
    assert [j.paper for j in jobs] == ["a4", "letter"]
    renderer = Renderer()
    ids = []
    for job in jobs:
        page = renderer.document(job).pages[0]
        ids.append([t for t in _texts(page.ops) if t.startswith("PD-")])
    assert len(ids[0]) == 1 and "-a4-cs" in ids[0][0], ids
    assert ids[1] == [ids[0][0].replace("-a4-", "-letter-")]


def test_the_context_notes_whether_the_paper_was_read() -> None:
    ctx = _PaperContext(layout=None, data=None, files={}, env=None, lang="cs", paper="a4")
    assert not ctx.paper_read
    assert ctx.lang == "cs" and not ctx.paper_read
    assert ctx.paper == "a4"
    assert ctx.paper_read


def test_the_pool_starts_the_biggest_tasks_first() -> None:
    jobs = plan(load_packs(["runebound"], None), None, None)
    work = {jobs[task[0][0]].printable.id: task for task in tasks(jobs, _no_extras())}
    # adventures: a deck of 36 cards on 2 papers: 2 files + 2 x 36/10 = 9.2
    assert weight(jobs, work["adventures"]) == 2 + 2 * 3.6
    # the sheet: A4 and Letter, each also fillable (a fillable file counts twice): 1+2+1+2 = 6
    assert weight(jobs, work["sheet"]) == 6
    assert weight(jobs, work["adventures"]) > weight(jobs, work["sheet"]) > 2


def _no_extras():
    from generator.output.parallel import Extras

    return Extras()


def test_fonts_and_hyphenation_are_loaded_before_the_workers_fork() -> None:
    from generator.layout import typography
    from generator.output.parallel import _warm
    from generator.render import fonts

    jobs = plan(load_packs(["spici-bohove"], None), ["en"], ["a4"])
    typography._dictionary.cache_clear()
    _warm(jobs)
    assert set(fonts.font_files()) <= fonts._registered  # all 8 bundled faces, parsed once
    # English only: its dictionary is read, Czech's is not
    assert typography._dictionary.cache_info().currsize == 1
    assert typography.hyphenator("en")("hyphenation")  # and it hyphenates
