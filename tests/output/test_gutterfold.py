"""Gutterfold sheets: every back lands on its front when the sheet is folded on its fold line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.output.gutterfold import plan_fold

runner = CliRunner()
DPI = 300
PX = DPI / 25.4  # pixels per mm
FOLD_GREY = 115  # the fold line's 0.45 grey


def _deck(root: Path, count: int, size: str = "poker") -> Path:
    """Card i: front filled (25 i + 10, 200, 0), back (0, 200, 25 i + 10), exactly over the trim."""
    (root / "img").mkdir(parents=True)
    rows = []
    for i in range(count):
        Image.new("RGB", (8, 8), (25 * i + 10, 200, 0)).save(root / "img" / f"f{i}.png")
        Image.new("RGB", (8, 8), (0, 200, 25 * i + 10)).save(root / "img" / f"b{i}.png")
        rows.append(f"- {{id: c{i}, front: img/f{i}.png, rear: img/b{i}.png}}\n")
    (root / "cards.yaml").write_text("".join(rows), encoding="utf-8")
    (root / "deck.yaml").write_text(
        "name: {cs: Test, en: Test}\nlanguages: [cs]\ncards: cards.yaml\n"
        "layout: front.yaml\nback: back.yaml\nbleed: 3mm\n",
        encoding="utf-8",
    )
    for side in ("front", "back"):
        (root / f"{side}.yaml").write_text(
            f"size: {size}\nbleed: 3mm\nboxes:\n  fill: {{type: image, x: 0mm, y: 0mm, "
            f"width: 63.5mm, height: 88.9mm, fit: cover, src: '{{{'front' if side == 'front' else 'rear'}}}'}}\n",
            encoding="utf-8",
        )
    return root / "deck.yaml"


class _Colours:
    """The pixels of a page whose green is 200 (every card's fill), to find each fill's box."""

    def __init__(self, page: np.ndarray) -> None:
        self.ys, self.xs = np.nonzero(page[:, :, 1] == 200)  # one pass over the page
        rgb = page[self.ys, self.xs].astype(np.int32)
        self.codes = (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]

    def bbox(self, color: tuple[int, int, int]) -> tuple[int, int, int, int] | None:
        """The box (x0, y0, x1, y1 in pixels) of every pixel exactly `color`, or None."""
        assert color[1] == 200
        hit = self.codes == (color[0] << 16) | (color[1] << 8) | color[2]
        if not hit.any():
            return None
        xs, ys = self.xs[hit], self.ys[hit]
        return (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def _fold_x(page: np.ndarray) -> float:
    """The fold line's x in pixels, found on the raster: the grey dashes in the gutter."""
    grey = np.ones(page.shape[:2], dtype=bool)
    for k in range(3):  # every channel within 40 levels of the grey: |c - 115| < 40
        grey &= (page[:, :, k] > FOLD_GREY - 40) & (page[:, :, k] < FOLD_GREY + 40)
    cols = np.nonzero(grey.sum(axis=0) > page.shape[0] // 4)[0]  # a long dashed column
    assert len(cols) > 0, "no fold line on the page"
    return (cols.min() + cols.max() + 1) / 2


@pytest.mark.parametrize(
    ("count", "paper", "margin"), [(5, "a4", "5mm"), (9, "letter", "5mm"), (5, "a4", "12mm")]
)
def test_backs_land_on_fronts_when_folded(
    tmp_path: Path, count: int, paper: str, margin: str
) -> None:
    deck = _deck(tmp_path / "deck", count)
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--paper", paper, "--gutterfold"]
    args += ["--printer-margin", margin]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    doc = pdfium.PdfDocument(out / "deck" / f"deck-cards-cs-{paper}.pdf")
    found = 0
    for index in range(len(doc)):
        page = np.asarray(doc[index].render(scale=DPI / 72).to_pil().convert("RGB"))
        fold = _fold_x(page)
        assert abs(fold - page.shape[1] / 2) < 2  # the fold line is the middle of the sheet
        colours = _Colours(page)
        for i in range(count):
            front = colours.bbox((25 * i + 10, 200, 0))
            back = colours.bbox((0, 200, 25 * i + 10))
            if front is None:
                assert back is None  # a back is always on its front's sheet
                continue
            found += 1
            assert back is not None
            # folding maps x to 2 fold - x: the back's right edge lands on the front's left
            folded = (2 * fold - back[2], back[1], 2 * fold - back[0], back[3])
            for a, b in zip(front, folded, strict=True):
                assert abs(a - b) / PX <= 0.3, (i, front, folded)
            # and the card is the size it should be: poker 63.5 x 88.9 mm
            assert abs((front[2] - front[0]) / PX - 63.5) <= 0.3
            assert abs((front[3] - front[1]) / PX - 88.9) <= 0.3
            assert front[2] < fold < back[0]  # fronts left of the fold, backs right
    assert found == count
    doc.close()


def test_fold_plan_turns_the_paper_when_that_fits_more() -> None:
    # A4 upright: half width 105 - 5 (bleed + clearance) - 6 margin = 94 mm: 1 poker column;
    # rows (297 - 12) / 88.9 = 3: 3 cards. Turned: (148.5 - 11) / 63.5 = 2 columns,
    # (210 - 12) / 88.9 = 2 rows: 4 cards, so the sheet is turned
    grid = plan_fold((210, 297), (63.5, 88.9), 3.0)
    assert (grid.paper, grid.cols, grid.rows) == ((297, 210), 2, 2)
    for slot in range(4):  # the mirror: back x = 297 - front x - card width
        assert grid.back(slot)[0] == pytest.approx(297 - grid.front(slot)[0] - 63.5)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--single"], "--gutterfold: not with --single"),
    ],
)
def test_bad_gutterfold(tmp_path: Path, extra: list[str], message: str) -> None:
    deck = _deck(tmp_path / "deck", 2)
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["cards", "build", str(deck), "--out", str(out), "--gutterfold", *extra]
    )
    assert result.exit_code == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def test_gutterfold_needs_backs(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "deck", 2)
    deck.write_text(
        deck.read_text(encoding="utf-8").replace("back: back.yaml\n", ""), encoding="utf-8"
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), "--gutterfold"])
    assert result.exit_code == 2 and "has no backs" in result.stderr and not out.exists()


def test_card_too_wide_for_a_fold(tmp_path: Path) -> None:
    from generator.errors import PapirnaError

    with pytest.raises(PapirnaError, match="do not fit side by side"):
        plan_fold((210, 297), (150, 100), 3.0)  # half of A4 turned: 137.5 mm < 150


def _ink_within(pdf: Path, margin_mm: float, dpi: int = 150) -> list[tuple[int, float]]:
    """(page, mm from the paper edge) of every page with ink within `margin_mm` of its edge."""
    doc = pdfium.PdfDocument(pdf)
    found = []
    try:
        b = int(np.ceil(margin_mm / 25.4 * dpi))
        for n, page in enumerate(doc, 1):
            img = np.asarray(page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L"))
            h, w = img.shape
            ink = img < 250
            ink[b : h - b, b : w - b] = False  # only the band along the edges
            if ink.any():
                ys, xs = np.nonzero(ink)
                px = min(xs.min(), w - 1 - xs.max(), ys.min(), h - 1 - ys.max())
                found.append((n, round(px * 25.4 / dpi, 1)))
    finally:
        doc.close()
    return found


@pytest.mark.parametrize(("paper", "margin"), [("a4", 5.0), ("letter", 5.0), ("a4", 12.0)])
def test_nothing_is_drawn_within_the_printer_margin(
    tmp_path: Path, paper: str, margin: float
) -> None:
    deck = _deck(tmp_path / "deck", 9)
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--paper", paper, "--gutterfold"]
    result = runner.invoke(app, [*args, "--printer-margin", f"{margin:g}mm"])
    assert result.exit_code == 0, result.stderr
    pdf = out / "deck" / f"deck-cards-cs-{paper}.pdf"
    assert _ink_within(pdf, margin) == []
    # ... but the marks and labels do come up to it: ink within 3 mm more
    assert len(_ink_within(pdf, margin + 3.0)) == len(pdfium.PdfDocument(pdf))


def test_a_print_shop_sheet_has_marks_near_the_edge(tmp_path: Path) -> None:
    # the planted defect for the margin check: with --printer-margin 0 the cut marks run out
    # to 0.5 mm from the edge and the label sits 1.5 mm above it, so the 5 mm band has ink
    deck = _deck(tmp_path / "deck", 5)
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--gutterfold"]
    result = runner.invoke(app, [*args, "--printer-margin", "0"])
    assert result.exit_code == 0, result.stderr
    ink = _ink_within(out / "deck" / "deck-cards-cs-a4.pdf", 5.0)
    assert ink and all(mm < 1.5 for _, mm in ink)


def test_a_wider_printer_margin_can_cost_cards() -> None:
    # A4 turned, 297 x 210: rows (210 - 2 x 6) / 88.9 = 2.2 -> 2 with the default 5 mm margin
    # (reserve max(1 + 3 + 5 + 0.3, 6) = 9.3 mm: (210 - 18.6) / 88.9 = 2.15 -> 2 rows);
    # with 20 mm: reserve 24.3, (210 - 48.6) / 88.9 = 1.8 -> 1 row, columns
    # (148.5 - 5 - 24.3) / 63.5 = 1.9 -> 1; upright (105 - 5 - 24.3) / 63.5 = 1.2 -> 1 column,
    # (297 - 48.6) / 88.9 = 2.8 -> 2 rows: 2 cards, so upright wins
    assert plan_fold((210, 297), (63.5, 88.9), 3.0).per_page == 4
    grid = plan_fold((210, 297), (63.5, 88.9), 3.0, margin=20.0)
    assert (grid.paper, grid.cols, grid.rows) == ((210, 297), 1, 2)
    assert grid.x0 >= 24.3 and grid.y0 >= 24.3
