"""Each game's start page: what to print, first in its output and in `papirna games`."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.content.pack import load_builtin_pack, load_pack
from generator.errors import PapirnaError
from generator.layout.ops import GroupOp, RectOp
from generator.output.build import Job, Renderer, plan
from generator.render.pdf import render_pdf
from generator.resources import content_dir
from tests.conftest import page_texts

runner = CliRunner()
GAMES = ["papirove-doupe", "pji-nezlob-se", "runebound", "spici-bohove", "gamebook"]


def _rects(ops):
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _rects(op.ops)
        elif isinstance(op, RectOp):
            yield op


@pytest.mark.parametrize("game", GAMES)
def test_start_page_comes_first_and_lists_every_file(game: str) -> None:
    pack = load_builtin_pack(game)
    assert next(iter(pack.printables)) == "start"
    jobs = [j for j in plan([pack], ["en"], ["a4"]) if j.printable.id == "start"]
    (job,) = jobs
    assert job.filename == f"{game}-start-en-a4.pdf"
    doc = Renderer().document(job)
    assert len(doc.pages) == 1
    from generator.render.pdf import render_pdf

    text = PdfReader(__import__("io").BytesIO(render_pdf(doc))).pages[0].extract_text()
    for j in plan([pack], ["en"], ["a4"]):
        if j.printable.id != "start":
            assert j.filename.replace(".pdf", "") in text.replace("\n", ""), j.filename
    assert "50 mm" in text and "Actual size" in text


def test_the_scale_bar_is_50_mm() -> None:
    pack = load_builtin_pack("runebound")
    job = Job(pack, pack.printables["start"], "cs", "letter")
    page = Renderer().document(job).pages[0]
    bars = [r for r in _rects(page.ops) if abs(r.w - 50.0) < 1e-9 and abs(r.h - 2.5) < 1e-9]
    assert len(bars) == 1


def test_tiled_boards_say_how_many_sheets() -> None:
    pack = load_builtin_pack("pji-nezlob-se")
    job = Job(pack, pack.printables["start"], "en", "letter")
    from generator.render.pdf import render_pdf

    text = PdfReader(__import__("io").BytesIO(render_pdf(Renderer().document(job)))).pages[0]
    words = " ".join(text.extract_text().split())
    # 280 x 400 mm on Letter (215.9 x 279.4 mm), 7 mm margins, a 6 mm band, 12 mm overlap:
    # upright the tile shows 201.9 x 259.4 mm: columns ceil(268 / 189.9) = 2, rows
    # ceil(388 / 247.4) = 2, so 4 sheets (turned it would be 2 x 3 = 6)
    assert "Prints on 4 sheets (2 × 2)" in words
    assert "On A3 in one piece: pji-nezlob-se-board-en-a3.pdf" in words


def test_games_lists_the_start_page_first() -> None:
    result = runner.invoke(app, ["games", "--lang", "en"])
    assert result.exit_code == 0
    cells = [line.split("│") for line in result.stdout.splitlines() if line.count("│") == 5]
    rows = [c for c in cells if c[1].strip() in GAMES]
    assert len(rows) == 5
    assert all(c[4].strip().startswith("start (start), ") for c in rows)


def test_an_unknown_printable_in_start_yaml_is_named(tmp_path: Path) -> None:
    pack = tmp_path / "runebound"
    shutil.copytree(content_dir() / "runebound", pack)
    start = pack / "start.yaml"
    start.write_text(start.read_text("utf-8").replace("  tokens:", "  tokenz:"), "utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 2
    assert "start.yaml:" in result.stderr
    assert (
        "files.tokenz: no printable 'tokenz' in this pack; did you mean 'tokens'?" in result.stderr
    )
    with pytest.raises(PapirnaError, match="did you mean 'tokens'"):
        load_pack(pack)


@pytest.mark.parametrize("game", GAMES)
def test_no_line_ends_with_a_one_letter_word(game: str) -> None:
    import io
    import re

    from generator.render.pdf import render_pdf

    pack = load_builtin_pack(game)
    for paper in ("a4", "letter"):
        job = Job(pack, pack.printables["start"], "cs", paper)
        text = PdfReader(io.BytesIO(render_pdf(Renderer().document(job)))).pages[0].extract_text()
        ends = [ln for ln in text.splitlines() if re.search(r"(?:^|\s)[ksvzouaiKSVZOUAI]$", ln)]
        assert ends == [], ends


TOOL_TALK = re.compile(r"papirna|\.yaml|\bdocs/|--[a-z]", re.IGNORECASE)


def tool_talk(
    files: dict[str, bytes], texts: Callable[[str], list[str]] | None = None
) -> list[str]:
    """Lines of player pages (every file but the start pages) that talk about the tool.

    `texts(name)` gives a file's page texts (the session's cache, tests/conftest.py); without
    it they are read from the bytes.
    """
    found = []
    for name, data in sorted(files.items()):
        if "-start-" in name:
            continue  # the start page is about printing: it names the files
        for n, text in enumerate(texts(name) if texts else page_texts(data), 1):
            found += [f"{name} p{n}: {m.group(0)}" for m in TOOL_TALK.finditer(text)]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_player_page_talks_about_the_tool(
    built: dict[str, bytes], built_text: Callable[[str], list[str]], game: str
) -> None:
    mine = {n: d for n, d in built.items() if n.startswith(f"{game}-")}
    assert len(mine) >= 8, sorted(mine)
    assert tool_talk(mine, built_text) == []


def test_the_tool_talk_check_finds_a_planted_command(built: dict[str, bytes]) -> None:
    from generator.content.documents import Section, TextDocument
    from generator.layout.ops import Document

    pack = load_builtin_pack("gamebook")
    lp = pack.printables["reference"]
    doc = TextDocument(
        title={"cs": "x", "en": "x"},
        sections=[
            Section(heading={"cs": "a", "en": "a"}, body={"cs": "b", "en": "run papirna fight"})
        ],
    )
    lp.data.model = doc
    job = Job(pack, lp, "en", "a4")
    data = render_pdf(Document("x", Renderer().document(job).pages))
    assert tool_talk({"planted.pdf": data}) == ["planted.pdf p1: papirna"]


def test_the_start_page_follows_the_tiling() -> None:
    """Runebound's 400 x 280 mm board on A4 is cut into 3 portrait tiles (193 x 280 mm each,
    the label in the bottom margin; see tests/output/test_tiling.py): the start page says 3
    sheets (3 × 1) and its diagram shows the three tiles with their names."""
    from generator.render.pdf import render_pdf

    pack = load_builtin_pack("runebound")
    job = Job(pack, pack.printables["start"], "cs", "a4")
    text = PdfReader(__import__("io").BytesIO(render_pdf(Renderer().document(job)))).pages[0]
    words = " ".join(text.extract_text().split())
    assert "Vytiskne se na 3 listy (3 × 1)" in words  # 2-4 listy, 5 and more listů
    for name in ("A1", "A2", "A3"):
        assert name in words
    assert "B1" not in words
