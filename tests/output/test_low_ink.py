"""--ink low: dark card backs as outlines on white, a small fraction of the ink; fronts unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.cli.common import load_packs
from generator.content.deck import load_deck
from generator.layout.ops import Document, GroupOp, RectOp, Style
from generator.output.build import Job, Renderer
from generator.output.impose import PrintOptions
from generator.output.lowink import low_ink
from generator.render.pdf import render_pdf
from generator.resources import content_dir

DPI = 60


def darkness(pdf: bytes, page: int) -> float:
    """Mean darkness of a page, 0 (white) to 1 (black), from a grey raster."""
    from PIL import ImageStat

    image = pdfium.PdfDocument(pdf)[page].render(scale=DPI / 72).to_pil().convert("L")
    return 1 - ImageStat.Stat(image).mean[0] / 255


def card_pages(job: Job, ink: str) -> bytes:
    """The job's first card, front and back, one page each (page = card + bleed)."""
    renderer = Renderer(PrintOptions(single=True, ink=ink))  # type: ignore[arg-type]
    renderer.only = {renderer_first_id(job)}
    return render_pdf(Document("t", renderer.deck_pages(job)))


def renderer_first_id(job: Job) -> str:
    return Renderer().deck_cards(job).ids[0]


def _builtin_decks() -> list[tuple[str, str]]:
    out = []
    for pack in load_packs(None, None):
        for pid, lp in pack.printables.items():
            if lp.spec.kind == "deck" and lp.spec.back is not None:
                out.append((pack.id, pid))
    return out


def _job(game: str, deck: str) -> Job:
    pack = next(p for p in load_packs([game], None))
    return Job(pack, pack.printables[deck], "cs", "a4")


@pytest.mark.parametrize(("game", "deck"), _builtin_decks())
def test_every_dark_builtin_back_takes_a_small_fraction_of_the_ink(game: str, deck: str) -> None:
    job = _job(game, deck)
    normal, low = card_pages(job, "normal"), card_pages(job, "low")
    front, back = darkness(normal, 0), darkness(normal, 1)
    low_back = darkness(low, 1)
    if back > 0.3:  # a full dark back (e.g. #2d211a: about 0.85 dark)
        assert low_back < 0.2 * back, (back, low_back)
    else:  # a light back (a dungeon card's story on paper) is low-ink as it is: kept
        assert low_back == pytest.approx(back)
    assert darkness(low, 0) == front  # the front is the same picture


def test_fronts_are_unchanged_and_the_backs_are_redrawn() -> None:
    job = _job("papirove-doupe", "monsters")
    normal = Renderer(PrintOptions()).deck_cards(job)
    low = Renderer(PrintOptions(ink="low")).deck_cards(job)
    assert low.fronts == normal.fronts
    assert low.backs != normal.backs and len(low.backs) == len(normal.backs)  # type: ignore[arg-type]


def test_there_was_a_dark_back_to_measure() -> None:
    """The dark Papírové doupě back is really dark, so the fraction above means something."""
    normal = card_pages(_job("papirove-doupe", "monsters"), "normal")
    assert darkness(normal, 1) > 0.6


def _starter(tmp_path: Path, extra: str = "") -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(content_dir() / "_starter-deck", folder)
    if extra:
        back = folder / "back.yaml"
        back.write_text(back.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return folder / "deck.yaml"


def test_a_user_deck_gets_the_automatic_low_ink_back(tmp_path: Path) -> None:
    pack = load_deck(_starter(tmp_path))
    job = Job(pack, pack.printables["cards"], "en", "a4")
    normal, low = card_pages(job, "normal"), card_pages(job, "low")
    assert darkness(normal, 1) > 0.5  # the starter's back: #2f5d8a from bleed to bleed
    assert darkness(low, 1) < 0.2 * darkness(normal, 1)
    assert darkness(low, 0) == darkness(normal, 0)


def test_a_layout_names_its_own_low_ink_version(tmp_path: Path) -> None:
    deck = _starter(tmp_path, "low_ink: back-light.yaml\n")
    (deck.parent / "back-light.yaml").write_text(
        "extends: cards/poker\nboxes:\n  word: {type: text, x: 5mm, y: 40mm, width: 50mm,"
        ' height: 10mm, text: "LIGHT {deck}"}\n',
        encoding="utf-8",
    )
    pack = load_deck(deck)
    job = Job(pack, pack.printables["cards"], "en", "a4")
    text = pdfium.PdfDocument(card_pages(job, "low"))[1].get_textpage().get_text_range()
    assert "LIGHT My deck" in text
    normal = pdfium.PdfDocument(card_pages(job, "normal"))[1].get_textpage().get_text_range()
    assert "LIGHT" not in normal


def test_low_ink_self_keeps_a_back_as_it_is(tmp_path: Path) -> None:
    pack = load_deck(_starter(tmp_path, "low_ink: self\n"))
    job = Job(pack, pack.printables["cards"], "en", "a4")
    assert card_pages(job, "low") == card_pages(job, "normal")


def test_the_automatic_version_outlines_fills_and_frames_the_card() -> None:
    dark, gold = (0.18, 0.13, 0.1), (0.85, 0.71, 0.42)
    ops = [
        RectOp(-3, -3, 69.5, 94.9, Style(fill=dark, stroke=None)),  # the ground
        GroupOp(20, 20, (RectOp(0, 0, 10, 10, Style(fill=gold, stroke=None)),)),  # an emblem
    ]
    out = low_ink(ops, (63.5, 88.9))
    # ground left out, the emblem's fill now a 0.3 mm outline in the ground's colour, a frame
    assert out[0] == GroupOp(20, 20, (RectOp(0, 0, 10, 10, Style(stroke=dark, width=0.3)),))
    assert out[1] == RectOp(3, 3, 57.5, 82.9, Style(stroke=dark, width=0.5), 2.5)
    assert len(out) == 2
