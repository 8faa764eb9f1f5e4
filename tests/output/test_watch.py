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


class _Watcher:
    """`papirna ... --watch` as a child process; its stdout lines collected by a thread."""

    def __init__(self, args: list[str]) -> None:
        import subprocess
        import sys

        exe = str(Path(sys.executable).with_name("papirna"))
        self.proc = subprocess.Popen(
            [exe, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, start: str, after: int = 0, seconds: float = 90) -> str:
        """The first line from index `after` that starts with `start` (its index is noted)."""
        deadline = time.monotonic() + seconds
        while True:
            for n, line in enumerate(self.lines[after:], after):
                if line.startswith(start):
                    self.seen = n + 1
                    return line
            assert self.proc.poll() is None, self.lines  # the watcher must not exit
            assert time.monotonic() < deadline, f"no {start!r}: {self.lines}"
            time.sleep(0.05)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def test_build_watch_rebuilds_a_pack_on_save_and_survives_a_broken_save(
    pack_dir: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    pdf = out / "mypack" / "mypack-deck-cs-a4.pdf"
    args = ["build", "mypack", "--content", str(pack_dir), "--out", str(out)]
    w = _Watcher([*args, "--lang", "cs", "--paper", "a4", "--watch"])
    try:
        watching = w.wait_for("watching ")
        # the pack's folder and the built-in layouts and assets it extends (cards/poker)
        assert watching.startswith("watching 3 folders"), w.lines
        # 2 distinct cards (Řeřicha twice, Ůl once): 1 file, 2 drawn
        assert w.wait_for("built: ").startswith("built: 1 files, 2 cards drawn"), w.lines
        assert "Řeřicha" in PdfReader(pdf).pages[0].extract_text()
        time.sleep(0.5)  # the watcher is set up
        cards = pack_dir / "cards.yaml"
        saved = cards.read_text(encoding="utf-8")
        cards.write_text(saved.replace("Řeřicha", "Žerucha"), encoding="utf-8")
        line = w.wait_for("rebuilt after cards.yaml", w.seen)
        # card data saved: the unchanged card 'Ůl' stays cached, only the edited one is drawn
        assert ": 1 files, 1 cards drawn" in line, w.lines
        text = PdfReader(pdf).pages[0].extract_text()
        assert "Žerucha" in text and "Řeřicha" not in text
        good = pdf.read_bytes()
        cards.write_text("- title: {cs: [unclosed\n", encoding="utf-8")  # a save mid-edit
        error = w.wait_for("papirna: error: ", w.seen)
        assert "cards.yaml" in error, w.lines
        assert w.wait_for("waiting for the next save", w.seen)
        assert pdf.read_bytes() == good  # the last good PDF stays in place
        cards.write_text(saved.replace("Řeřicha", "Kress"), encoding="utf-8")
        assert ": 1 files, " in w.wait_for("rebuilt after cards.yaml", w.seen)
        assert "Kress" in PdfReader(pdf).pages[0].extract_text()
        layout = pack_dir / "layouts" / "mine" / "card.yaml"  # a layout: every card again
        layout.write_text(layout.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert "1 files, 2 cards drawn" in w.wait_for("rebuilt after card.yaml", w.seen)
        assert not list(out.rglob("*.tmp")) and not list(out.rglob(".*"))  # no partial files
    finally:
        w.stop()


def test_cards_build_watch_runs_from_the_command_line(tmp_path: Path) -> None:
    # the starter deck's `cards:` is a list of sources: the watcher must find its data file
    deck = _starter(tmp_path)
    out = tmp_path / "out"
    w = _Watcher(["cards", "build", str(deck), "--out", str(out), "--lang", "cs", "--watch"])
    try:
        assert w.wait_for("built: ").startswith("built: 2 files, 3 cards drawn"), w.lines
        time.sleep(0.5)
        csv = deck.parent / "cards.csv"
        csv.write_text(
            csv.read_text(encoding="utf-8").replace("Štít z dubu", "Železný štít"),
            encoding="utf-8",
        )
        assert ": 2 files, 1 cards drawn" in w.wait_for("rebuilt after cards.csv", w.seen)
    finally:
        w.stop()
