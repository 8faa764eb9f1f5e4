"""Shared fixtures: a full build of the built-in games, and the --update-golden flag."""

from __future__ import annotations

import json
import os
import shutil
import sys

# PYTHONDONTWRITEBYTECODE (set in some shells and containers) makes every process of the run
# compile papirna and the tests from source again: each test worker (about half of its
# collection time: pytest rewrites the asserts of every test module) and each papirna
# subprocess a test starts. The run writes and reuses __pycache__ as Python does by default;
# this conftest is loaded before the workers start, so they and their subprocesses inherit it.
if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
    sys.dont_write_bytecode = False
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock
from hypothesis import settings

from generator.cli.common import load_packs

# builds from the CLI render in the test process (the tests run in parallel already); tests of
# the process pool ask for their workers explicitly
os.environ.setdefault("PAPIRNA_JOBS", "1")
from generator.output.build import plan, render_jobs
from generator.output.parallel import render_all

# Property tests draw the same examples on every run (a test's own @settings keeps this): a run
# that fails can be run again, and CI never fails on an example no run before had drawn (one
# did, of the photo reader's rules, in 2 of 5 runs).
settings.register_profile("papirna", derandomize=True)
settings.load_profile("papirna")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="Rewrite tests/golden/*.png from the current renders.",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """`-n N` without `--dist` distributes by work stealing: a worker that runs out of tests
    takes half of the other's queue, so the run does not end with one worker idle while the
    other still has a queue of tests (xdist's default `load` sends fixed batches)."""
    option = config.option
    if getattr(option, "numprocesses", None) and getattr(option, "dist", None) == "no":
        option.dist = "worksteal"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long runs (marked slow) first, in their order: under pytest-xdist the workers start
    with them and the many short tests fill in at the end, so no worker is left with a long one
    while the other is done."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def shared_files(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict[str, bytes]]
) -> dict[str, bytes]:
    """Files made once per test run, whichever pytest-xdist worker asks first: name -> bytes.

    The first worker makes them (`make(folder)`) under a file lock in the run's temporary folder,
    which every worker of the run shares; the others wait for it and read them back. They are
    kept as one file (names in a JSON index, then the bytes) and `make`'s folder is removed at
    once: on a disk that discards freed blocks (ext4 `discard`), deleting a file that has reached
    the disk takes milliseconds, and pytest deletes an old run's files at the end of a later run.
    """
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # .../pytest-N, above each worker's popen-gwK
    folder, blob, index = root / name, root / f"{name}.bin", root / f"{name}.json"
    with FileLock(str(root / f"{name}.lock")):
        if not index.is_file():
            shutil.rmtree(folder, ignore_errors=True)  # half made by a worker that crashed
            folder.mkdir()
            files = make(folder)
            shutil.rmtree(folder, ignore_errors=True)
            blob.write_bytes(b"".join(files.values()))
            sizes = [[key, len(data)] for key, data in files.items()]
            index.write_text(json.dumps(sizes), encoding="utf-8")  # written last: done
        sizes = json.loads(index.read_text(encoding="utf-8"))
    data, files, at = blob.read_bytes(), {}, 0
    for key, size in sizes:
        files[key] = data[at : at + size]
        at += size
    return files


def _build_everything(out: Path) -> dict[str, bytes]:
    # on two processes: the other test worker is usually waiting for this build. That two
    # processes make the bytes of one is tests/output/test_parallel.py's full-build test.
    rendered = render_all(plan(load_packs(None, None), None, None), out, workers=2)
    return {path.name: data for path, data, _ in rendered.files}


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Every built-in printable, rendered once per test run: file name -> PDF bytes."""
    return shared_files(tmp_path_factory, "built", _build_everything)


def page_texts(data: bytes) -> list[str]:
    """The text of every page of a PDF, whitespace collapsed (pdfium: fast, and reads forms)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        return [" ".join(page.get_textpage().get_text_bounded().split()) for page in pdf]
    finally:
        pdf.close()


@pytest.fixture(scope="session")
def built_text(built: dict[str, bytes]) -> Callable[[str], list[str]]:
    """The page texts of a built file by name, extracted once per test session."""
    cache: dict[str, list[str]] = {}

    def texts(name: str) -> list[str]:
        if name not in cache:
            cache[name] = page_texts(built[name])
        return cache[name]

    return texts


SAMPLES = Path(__file__).resolve().parent / "samples"


@pytest.fixture(scope="session")
def samples_built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The sample packs in tests/samples (every layout primitive), rendered once per session."""
    out = tmp_path_factory.mktemp("samples")
    packs = load_packs(None, [p for p in sorted(SAMPLES.iterdir()) if (p / "pack.yaml").is_file()])
    packs = [p for p in packs if not p.builtin]
    results = render_jobs(plan(packs, None, None), out)
    return {r.path.name: r.data for r in results}


@pytest.fixture()
def pack_dir(tmp_path: Path) -> Path:
    """A small valid user pack to break in tests."""
    root = tmp_path / "mypack"
    root.mkdir()
    (root / "pack.yaml").write_text(
        """name: {cs: Můj balíček, en: My pack}
printables:
  deck:
    kind: deck
    title: {cs: Karty, en: Cards}
    cards: cards.yaml
    layout: mine/card
""",
        encoding="utf-8",
    )
    (root / "cards.yaml").write_text(
        """- title: {cs: Řeřicha, en: Cress}
  text: {cs: Žluťoučký kůň úpěl ďábelské ódy., en: A quick brown fox.}
  count: 2
- title: Ůl
  text: Ěčř
""",
        encoding="utf-8",
    )
    (root / "layouts" / "mine").mkdir(parents=True)
    (root / "layouts" / "mine" / "card.yaml").write_text(
        """extends: cards/poker
boxes:
  frame: {type: rect, x: 3mm, y: 3mm, width: 57.5mm, height: 82.9mm, radius: 3mm, stroke: ink}
  title: {type: text, x: 5mm, y: 5mm, width: 53.5mm, height: 10mm, text: "{title}", font: display, size: 14pt, min_size: 8pt, align: center}
  text: {type: text, x: 5mm, y: 20mm, width: 53.5mm, height: 30mm, text: "{text}", size: 10pt, min_size: 6pt}
""",
        encoding="utf-8",
    )
    return root
