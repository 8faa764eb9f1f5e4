"""The starter deck's background reaches the bleed edge for any bleed, and each card has its own
picture."""

from __future__ import annotations

import csv
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.layout.spec import load_layout, with_bleed
from generator.resources import content_dir

runner = CliRunner()
DPI = 300


def _paper_at_edge(pdf: Path) -> list[int]:
    """For each page, the number of near-white pixels on its outermost ring at 300 dpi."""
    out = []
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        img = doc[i].render(scale=DPI / 72).to_pil().convert("RGB")
        w, h = img.size
        px = img.load()
        ring = [(x, 0) for x in range(w)] + [(x, h - 1) for x in range(w)]
        ring += [(0, y) for y in range(h)] + [(w - 1, y) for y in range(h)]
        out.append(sum(1 for p in ring if min(px[p]) >= 250))
    return out


def _single(tmp_path: Path, bleed: str) -> Path:
    folder = tmp_path / "deck"
    if not folder.exists():
        assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    out = tmp_path / f"out-{bleed}"
    args = ["cards", "build", str(folder / "deck.yaml"), "--out", str(out), "--single"]
    result = runner.invoke(app, [*args, "--lang", "en", "--bleed", bleed])
    assert result.exit_code == 0, result.stderr
    (pdf,) = out.rglob("*.pdf")
    return pdf


@pytest.mark.parametrize("bleed", ["0", "3mm", "0.125in", "5mm"])
def test_starter_background_reaches_every_bleed_edge(tmp_path: Path, bleed: str) -> None:
    # --single: one page per card side, page = card + bleed, so the page edge is the bleed
    # edge. The fronts are cream (#fbf6ea, blue channel 234) and the backs blue (#2f5d8a):
    # no pixel of the outer ring may be paper white. 3 + 2 + 1 copies, front and back: 12 pages.
    counts = _paper_at_edge(_single(tmp_path, bleed))
    assert len(counts) == 12
    assert counts == [0] * 12


def test_the_raster_check_sees_a_background_cut_at_3mm(tmp_path: Path, monkeypatch) -> None:
    # the planted defect: the background stays at the layout's 3 mm while the deck prints
    # 0.125in = 3.175 mm, leaving 0.175 mm = 2 px of white at 300 dpi on every side
    monkeypatch.setattr("generator.output.build.with_bleed", lambda spec, bleed: spec)
    counts = _paper_at_edge(_single(tmp_path, "0.125in"))
    assert all(c > 1000 for c in counts)


def test_with_bleed_moves_only_edges_at_the_bleed() -> None:
    poker = load_layout("cards/poker")  # 63.5 x 88.9 mm, bleed 3 mm, background at -3 mm
    wide = with_bleed(poker, 5.0)
    bg = wide.boxes["background"]
    # -5 .. 63.5 + 5 = 73.5 mm wide, -5 .. 88.9 + 5 = 98.9 mm high
    assert (bg.x, bg.y, bg.width, bg.height) == pytest.approx((-5, -5, 73.5, 98.9))
    assert wide.bleed == 5.0
    assert with_bleed(poker, 3.0) is poker
    starter = with_bleed(load_layout("card", [content_dir() / "_starter-deck"]), 5.0)
    frame = starter.boxes["frame"]  # inside the card: not moved
    assert frame.x == pytest.approx(63.5 * 0.047244, abs=1e-3)


def test_each_starter_card_has_its_own_picture() -> None:
    folder = content_dir() / "_starter-deck"
    with open(folder / "cards.csv", encoding="utf-8") as f:
        icons = [row["icon"] for row in csv.DictReader(f)]
    assert len(icons) == len(set(icons)) == 3
    for icon in icons:
        svg = (folder / icon).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "<image" not in svg  # vector art, nothing embedded
