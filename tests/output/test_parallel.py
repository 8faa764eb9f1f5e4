"""Rendering on several processes gives the files of a single-process build: bytes, order, warnings."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.cli.common import load_packs
from generator.output.build import plan
from generator.output.parallel import Extras, render_all, tasks

runner = CliRunner()


def _digests(files: list) -> list[tuple[str, str]]:
    return [(str(path), hashlib.sha256(data).hexdigest()) for path, data, _ in files]


def test_two_workers_give_the_files_and_warnings_of_one(tmp_path: Path) -> None:
    from PIL import Image

    from generator.content.deck import load_deck

    folder = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    # a low-resolution image warns; the warning must come once, as in a single-process build
    Image.new("RGB", (40, 30), "red").save(folder / "images" / "small.png")
    csv = folder / "cards.csv"
    text = csv.read_text(encoding="utf-8")
    for svg in ("flame", "potion", "shield"):  # each starter card has its own picture
        text = text.replace(f"images/{svg}.svg", "images/small.png")
    csv.write_text(text, encoding="utf-8")
    packs = [*load_packs(["spici-bohove"], None), load_deck(folder / "deck.yaml")]
    jobs = plan(packs, None, None)
    pdf_one = render_all(jobs, tmp_path, workers=1)
    pdf_two = render_all(jobs, tmp_path, workers=2)
    assert _digests(pdf_two.files) == _digests(pdf_one.files)
    assert [what for *_, what in pdf_two.files] == [what for *_, what in pdf_one.files]
    assert pdf_two.pages == pdf_one.pages
    assert pdf_two.warnings == pdf_one.warnings
    # PNGs and showcases are streamed from this process whatever the workers asked for
    extras = Extras(png=True, dpi=40, showcase=True)
    one = render_all(jobs, tmp_path, extras=extras, workers=1)
    two = render_all(jobs, tmp_path, extras=extras, workers=2)
    assert _digests(two.files) == _digests(one.files)
    assert _digests([f for f in one.files if f[0].suffix == ".pdf"]) == _digests(pdf_one.files)
    # one per card with the image (3 cards a language), once though 2 papers draw each
    image = [w.split(":")[0] for w in one.warnings if "prints at 25 dpi" in w]
    cs = ("Ohnivá koule", "Léčivý lektvar", "Štít z dubu")
    en = ("Fireball", "Healing potion", "Oak shield")
    assert image == [f"card {n!r} (row {i % 3 + 2})" for i, n in enumerate(cs + en)]
    names = [path.name for path, _, _ in one.files]
    # the starter deck: 2 languages x 2 papers, then its PNGs right after its first PDF per language
    first = names.index("deck-cards-cs-a4.pdf")
    assert names[first + 1] == "1.png"  # the first card's id
    assert "deck-cards-cs-showcase.png" in names and "deck-cards-en-showcase.png" in names
    assert sum(n.endswith("-showcase.png") for n in names) == 2  # once per language, not per paper
    # pages: the sum over the PDFs as pypdf counts them
    pdfs = [data for path, data, _ in one.files if path.suffix == ".pdf"]
    assert one.pages == sum(len(PdfReader(io.BytesIO(d)).pages) for d in pdfs)


def test_jobs_of_one_printable_and_language_go_to_one_worker(pack_dir: Path) -> None:
    jobs = plan(load_packs(["mypack"], [pack_dir]), None, None)
    # cs a4, cs letter, en a4, en letter: two tasks of two papers each
    assert [[jobs[i].filename for i, _ in task] for task in tasks(jobs, Extras())] == [
        ["mypack-deck-cs-a4.pdf", "mypack-deck-cs-letter.pdf"],
        ["mypack-deck-en-a4.pdf", "mypack-deck-en-letter.pdf"],
    ]
    flags = [[flag for _, flag in task] for task in tasks(jobs, Extras(png=True))]
    assert flags == [[True, False], [True, False]]  # PNGs with the first paper only


def test_an_error_in_a_worker_is_one_line_and_writes_nothing(
    pack_dir: Path, tmp_path: Path
) -> None:
    # a character no bundled font has: found while rendering, in a worker process
    (pack_dir / "cards.yaml").write_text("- title: 漢字\n  text: x\n", encoding="utf-8")
    out = tmp_path / "out"
    args = ["build", "mypack", "--content", str(pack_dir), "--out", str(out), "--jobs", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("papirna: error: ") and result.stderr.count("\n") == 1
    assert "cannot print" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists() or not any(out.rglob("*"))


def test_the_last_line_sums_up_the_build(pack_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["build", "mypack", "--content", str(pack_dir), "--out", str(out), "--lang", "cs"]
    result = runner.invoke(app, [*args, "--jobs", "2"])
    assert result.exit_code == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    files = sorted(out.rglob("*.pdf"))
    assert len(files) == 2  # cs on A4 and on Letter
    pages = sum(len(PdfReader(f).pages) for f in files)
    mb = sum(f.stat().st_size for f in files) / 1e6
    pattern = rf"papirna wrote 2 files \({pages} PDF pages, {mb:.1f} MB\) to {re.escape(str(out))} in \d+\.\d s"
    assert re.fullmatch(pattern, last), last


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_jobs_must_be_a_positive_number(value: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "gamebook", "--out", str(tmp_path), "--jobs", value])
    assert result.exit_code == 2
    assert "--jobs" in result.stderr


@pytest.mark.slow
def test_a_full_build_on_two_processes_is_the_single_process_build(
    built: dict[str, bytes], tmp_path: Path
) -> None:
    # `built` is rendered on two processes (tests/conftest.py): here the same in this one
    one = render_all(plan(load_packs(None, None), None, None), tmp_path, workers=1)
    assert {path.name: data for path, data, _ in one.files} == built


def test_papirna_jobs_sets_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.output.parallel import default_workers

    monkeypatch.setenv("PAPIRNA_JOBS", "3")
    assert default_workers() == 3
    for unusable in ("0", "x", ""):  # not a positive number: one per core
        monkeypatch.setenv("PAPIRNA_JOBS", unusable)
        assert default_workers() >= 1
