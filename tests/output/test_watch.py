"""Watch mode: rebuild on save, redraw only the edited card, survive a broken save; --only."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

pytest.importorskip("watchfiles")
runner = CliRunner()


def _starter(tmp_path: Path) -> Path:
    folder = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    # without the starter's {n}/{N} stamp every copy of a card is the same drawing, drawn once
    card = folder / "card.yaml"
    card.write_text(
        "".join(ln for ln in card.read_text("utf-8").splitlines(True) if "{n}/{N}" not in ln),
        encoding="utf-8",
    )
    csv = folder / "cards.csv"
    text = csv.read_text(encoding="utf-8").replace("name.cs,", "id,name.cs,", 1)
    lines = text.splitlines()
    ids = ["fire", "potion", "shield"]
    csv.write_text(
        "\n".join([lines[0]] + [f"{i},{row}" for i, row in zip(ids, lines[1:], strict=False)])
        + "\n",
        encoding="utf-8",
    )
    return folder / "deck.yaml"


def _wait(lines: list[str], count: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while len(lines) < count:
        assert time.monotonic() < deadline, f"no rebuild: {lines}"
        time.sleep(0.05)


def test_watch_redraws_only_the_edited_card_and_survives_a_broken_save(tmp_path: Path) -> None:
    from generator.cli import printing as P
    from generator.content.deck import load_deck
    from generator.output.watch import watch

    deck = _starter(tmp_path)
    out = tmp_path / "out"
    opts = P.options("long", None, None, None, False, None, False)
    pdf = out / "deck" / "deck-cards-cs-a4.pdf"
    lines: list[str] = []

    def build(cache: dict) -> tuple[int, int]:
        return P.produce(
            [load_deck(deck)], ["cs"], ["a4"], out, opts, None, None, cache, summary=False
        )

    csv = deck.parent / "cards.csv"
    thread = threading.Thread(
        target=watch,
        args=([deck.parent], out, build, lines.append, [csv]),
        kwargs={"stop": lambda: len(lines) >= 6},
        daemon=True,
    )
    thread.start()
    _wait(lines, 1)
    # 3 distinct cards drawn the first time (front and back each count as one card)
    assert lines[0].startswith("built: 1 files, 3 cards drawn"), lines
    time.sleep(0.3)  # the watcher is set up
    csv.write_text(
        csv.read_text(encoding="utf-8").replace("Štít z dubu", "Železný štít"), encoding="utf-8"
    )
    _wait(lines, 2)
    assert "cards.csv" in lines[1] and "1 files, 1 cards drawn" in lines[1], lines
    good = pdf.read_bytes()
    saved = csv.read_text(encoding="utf-8")
    csv.write_text('id,name.cs\nfire,"unclosed\n', encoding="utf-8")  # a save mid-edit
    _wait(lines, 4)
    assert lines[2].startswith("papirna: error: ") and "cards.csv" in lines[2], lines
    assert "waiting for the next save" in lines[3]
    assert pdf.read_bytes() == good  # the last good PDF stays
    csv.write_text(saved.replace("Ohnivá koule", "Oheň"), encoding="utf-8")
    _wait(lines, 5)
    assert "1 files, 1 cards drawn" in lines[4], lines  # the others still cached
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Oheň" in text and "Ohnivá koule" not in text
    layout = deck.parent / "card.yaml"  # a layout change: every card is drawn again
    layout.write_text(layout.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _wait(lines, 6)
    thread.join(10)
    assert "card.yaml" in lines[5] and "3 cards drawn" in lines[5], lines


def test_only_draws_just_those_cards(tmp_path: Path) -> None:
    deck = _starter(tmp_path)
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--paper", "a4", "--lang", "cs"]
    result = runner.invoke(app, [*args, "--only", "potion,shield"])
    assert result.exit_code == 0, result.stderr
    text = PdfReader(out / "deck" / "deck-cards-cs-a4.pdf").pages[0].extract_text()
    assert "Léčivý lektvar" in text and "Štít z dubu" in text and "Ohnivá koule" not in text


def test_only_names_the_nearest_id(tmp_path: Path) -> None:
    deck = _starter(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), "--only", "fier"])
    assert result.exit_code == 2
    assert "--only: no card with id 'fier'; did you mean 'fire'?" in result.stderr
    assert not out.exists()
    bad = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), "--only", "a,,b"])
    assert bad.exit_code == 2 and "--only: expected card ids" in bad.stderr
