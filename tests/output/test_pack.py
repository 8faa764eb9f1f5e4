"""--pack: decks of one game with the same card size, bleed and backs share sheets in one file."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.cli.common import load_packs
from generator.content.pack import load_pack
from generator.output.build import Renderer, pack_groups, plan
from generator.output.impose import PrintOptions, choose_grid
from generator.output.parallel import render_all
from generator.render.pdf import render_pdf
from generator.resources import content_dir
from generator.units import PAPER_SIZES_MM

PT = 72 / 25.4  # points per mm


def _deck(folder: Path, name: str, rows: int) -> None:
    """A card file with `rows` cards named NAME 1 .. NAME rows, one copy each."""
    lines = ["name.cs,name.en,text.cs,text.en,cost,icon"]
    lines += [f"{name} {i},{name} {i},T,T,1,images/flame.svg" for i in range(1, rows + 1)]
    (folder / f"{name.lower()}.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")


def make_pack(tmp_path: Path, alfa: int = 10, beta: int = 5, gama: int = 4) -> Path:
    """A pack of four decks: Alfa and Beta poker size (different backs), Gama mini, Delta no back."""
    root = tmp_path / "game"
    shutil.copytree(content_dir() / "_starter-deck", root)
    (root / "deck.yaml").unlink()
    for name, rows in (("Alfa", alfa), ("Beta", beta), ("Gama", gama), ("Delta", 2)):
        _deck(root, name, rows)
    back = (root / "back.yaml").read_text(encoding="utf-8")
    (root / "back-beta.yaml").write_text(back.replace("#2f5d8a", "#7a2f2f"), encoding="utf-8")
    (root / "card-mini.yaml").write_text("extends: card\nsize: mini\n", encoding="utf-8")
    (root / "back-mini.yaml").write_text("extends: back\nsize: mini\n", encoding="utf-8")
    (root / "pack.yaml").write_text(
        """name: {cs: Hra, en: Game}
languages: [cs, en]
printables:
  alfa: {kind: deck, title: {cs: Alfa, en: Alfa}, cards: alfa.csv, layout: card.yaml, back: back.yaml}
  gama: {kind: deck, title: {cs: Gama, en: Gama}, cards: gama.csv, layout: card-mini.yaml, back: back-mini.yaml}
  beta: {kind: deck, title: {cs: Beta, en: Beta}, cards: beta.csv, layout: card.yaml, back: back-beta.yaml}
  delta: {kind: deck, title: {cs: Delta, en: Delta}, cards: delta.csv, layout: card.yaml}
""",
        encoding="utf-8",
    )
    return root


def _render(job, opts: PrintOptions) -> tuple[bytes, int]:
    doc = Renderer(opts).document(job)
    return render_pdf(doc), len(doc.pages)


def test_groups_pack_only_decks_of_one_size_and_backs(tmp_path: Path) -> None:
    pack = load_pack(make_pack(tmp_path))
    # gama is mini size, delta has no backs: neither shares alfa's and beta's sheets
    assert pack_groups(pack) == {
        "alfa": ("cards", ("alfa", "beta")),
        "beta": ("cards", ("alfa", "beta")),
    }
    names = [j.filename for j in plan([pack], ["en"], ["a4"], packed=True)]
    assert names == ["game-cards-en-a4.pdf", "game-gama-en-a4.pdf", "game-delta-en-a4.pdf"]
    # without --pack every deck keeps its own file, as before
    names = [j.filename for j in plan([pack], ["en"], ["a4"])]
    assert names == [f"game-{d}-en-a4.pdf" for d in ("alfa", "gama", "beta", "delta")]


def test_packed_sheet_count_and_backs_match_fronts(tmp_path: Path) -> None:
    pack = load_pack(make_pack(tmp_path))
    opts = PrintOptions(pack=True)
    job = plan([pack], ["en"], ["a4"], packed=True)[0]
    grid, _ = choose_grid(PAPER_SIZES_MM["a4"], (63.5, 88.9), 3.0, 0.0, opts.printer_margin)
    assert grid.per_page == 9  # 3 x 3 poker cards on A4
    # 10 + 5 cards at 9 a sheet: ceil(15/9) = 2 sheets, not ceil(10/9) + ceil(5/9) = 3
    assert math.ceil(15 / 9) == 2
    data, pages = _render(job, opts)
    assert pages == 2 * 2  # each sheet with its back page
    alone = [_render(j, PrintOptions())[1] for j in plan([pack], ["en"], ["a4"])[::2]]
    assert alone == [2 * 2, 1 * 2]  # alfa: 2 sheets, beta: 1 sheet (3 sheets in all)
    pdf = pdfium.PdfDocument(data)
    pw, ph = PAPER_SIZES_MM["a4"]
    seen: list[str] = []
    for sheet in range(2):
        front, back = pdf[2 * sheet].get_textpage(), pdf[2 * sheet + 1].get_textpage()
        for slot in range(grid.per_page):
            x, y = grid.origin(slot)
            name = _text(front, x, y, ph).split()[1:3]  # after the cost badge: "Alfa 3"
            if not name:
                continue
            seen.append(" ".join(name))
            # long-edge duplex: the back of the card is mirrored across the sheet's long edge
            title = _text(back, pw - x - grid.card_w, y, ph)
            assert title.split() == [name[0]], (sheet, slot, name, title)
    assert seen == [f"Alfa {i}" for i in range(1, 11)] + [f"Beta {i}" for i in range(1, 6)]
    # sheet 1 holds only Alfa, sheet 2 both; each sheet's label names its decks
    labels = [pdf[p].get_textpage().get_text_range() for p in range(4)]
    assert "Alfa · 1/4" in labels[0] and "Alfa + Beta · 3/4" in labels[2]
    assert "Alfa + Beta · 4/4 · rub / back" in labels[3]


def _text(page, x: float, y: float, ph: float) -> str:
    """The text inside the card whose trim's top-left corner is (x, y) mm, from the page top."""
    return page.get_text_bounded(
        left=x * PT, bottom=(ph - y - 88.9) * PT, right=(x + 63.5) * PT, top=(ph - y) * PT
    )


def test_decks_of_different_sizes_never_share_a_file(tmp_path: Path) -> None:
    pack = load_pack(make_pack(tmp_path, alfa=1, beta=1, gama=1))
    jobs = plan([pack], ["cs"], ["a4", "letter"], packed=True)
    for job in jobs:
        sizes = {Renderer(PrintOptions(pack=True)).deck_cards(one).card for one in job.decks}
        assert len(sizes) == 1, job.filename
    gama = [j for j in jobs if "gama" in j.filename]
    assert [j.members for j in gama] == [(), ()]


def test_a_bleed_override_and_the_default_build_are_unchanged(tmp_path: Path) -> None:
    pack = load_pack(make_pack(tmp_path))
    # the same bleed for every deck still leaves gama (mini) and delta (no backs) alone
    assert set(pack_groups(pack, bleed=1.0)) == {"alfa", "beta"}
    job = plan([pack], ["cs"], ["a4"])[0]
    assert _render(job, PrintOptions())[0] == _render(job, PrintOptions(pack=True))[0]


def test_builtin_game_saves_sheets_and_two_workers_match_one(tmp_path: Path) -> None:
    packs = load_packs(["papirove-doupe"], None)
    opts = PrintOptions(pack=True)
    packed = [j for j in plan(packs, ["cs"], ["a4"], packed=True) if j.members]
    assert len(packed) == 1 and packed[0].filename == "papirove-doupe-cards-cs-a4.pdf"
    renderer = Renderer(opts)
    counts = [len(renderer.deck_cards(one).fronts) for one in packed[0].decks]
    per = 9
    pages = len(renderer.document(packed[0]).pages)
    assert pages == 2 * math.ceil(sum(counts) / per)
    assert pages < 2 * sum(math.ceil(c / per) for c in counts)
    jobs = plan(packs, ["cs"], ["a4"], packed=True)
    one = render_all(jobs, tmp_path, opts, workers=1)
    two = render_all(jobs, tmp_path, opts, workers=2)
    assert [d for _, d, _ in one.files] == [d for _, d, _ in two.files]
    what = dict((p.name, w) for p, _, w in one.files)
    assert what["papirove-doupe-cards-cs-a4.pdf"].endswith("Schopnosti + Karty podzemí")


@pytest.mark.parametrize("lang", ["cs"])
def test_start_page_names_the_packed_file(tmp_path: Path, lang: str) -> None:
    packs = load_packs(["papirove-doupe"], None)
    start = next(j for j in plan(packs, [lang], ["a4"], packed=True) if "start" in j.filename)
    text = "".join(
        p.get_textpage().get_text_range()
        for p in pdfium.PdfDocument(_render(start, PrintOptions(pack=True))[0])
    )
    assert "papirove-doupe-cards-cs-a4.pdf" in text.replace("\r\n", "").replace("\n", "")
    assert "papirove-doupe-quests-cs-a4.pdf" not in text.replace("\n", "")


def test_start_page_lists_a_packed_file_once_with_every_deck_it_holds(tmp_path: Path) -> None:
    root = make_pack(tmp_path)
    yaml = (root / "pack.yaml").read_text(encoding="utf-8")
    start = "  start: {kind: start, title: {cs: Začni, en: Start}}\n"
    (root / "pack.yaml").write_text(yaml.replace("printables:\n", "printables:\n" + start), "utf-8")
    jobs = plan([load_pack(root)], ["en"], ["a4"], packed=True)
    job = next(j for j in jobs if j.printable.spec.kind == "start")
    pdf = pdfium.PdfDocument(_render(job, PrintOptions(pack=True))[0])
    text = " ".join(pdf[0].get_textpage().get_text_range().split())
    # alfa and beta (poker size, backs) share one file: one row naming both decks; gama (mini)
    # and delta (no back) keep their own files and rows
    assert text.count("-cards-en-a4") == 1 and "Alfa, Beta" in text
    assert text.count("-gama-en-a4") == 1 and text.count("-delta-en-a4") == 1
