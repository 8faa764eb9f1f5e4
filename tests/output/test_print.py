"""Print production: exact boxes, duplex backs that land on their fronts, PNG sizes, bad sizes."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageOps
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.content.pack import load_pack
from generator.errors import PapirnaError
from generator.output.build import Job, Renderer
from generator.output.impose import PrintOptions
from generator.output.png import deck_pngs
from generator.render.pdf import render_pdf

runner = CliRunner()
PT = 72 / 25.4
DPI = 300
PX = DPI / 25.4  # pixels per mm


@pytest.fixture()
def solid_pack(tmp_path: Path) -> Path:
    """Seven cards whose fronts are red and backs blue, exactly over the trim (no bleed art)."""
    root = tmp_path / "solid"
    (root / "layouts" / "t").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "name: Solid\nlanguages: [cs]\nprintables:\n  d: {kind: deck, title: D, cards: c.yaml, "
        "layout: t/front, back: t/back}\n",
        encoding="utf-8",
    )
    (root / "c.yaml").write_text("".join(f"- n: {i}\n" for i in range(7)), encoding="utf-8")
    for name, color in (("front", "#ff0000"), ("back", "#0000ff")):
        (root / "layouts" / "t" / f"{name}.yaml").write_text(
            "size: poker\nbleed: 3mm\nboxes:\n"
            f"  fill: {{type: rect, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm, fill: '{color}'}}\n",
            encoding="utf-8",
        )
    return root


def _render(root: Path, opts: PrintOptions, paper: str = "a4") -> bytes:
    pack = load_pack(root)
    job = Job(pack, pack.printables["d"], "cs", paper)
    return render_pdf(Renderer(opts).document(job))


def _page(pdf: bytes, index: int) -> Image.Image:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def _blocks(img: Image.Image, channel: int) -> list[tuple[float, float, float, float]]:
    """Rectangles (x0, y0, x1, y1 in mm) of strongly coloured pixels in one channel."""
    import numpy as np

    rgb = np.asarray(img.convert("RGB"))
    others = [i for i in range(3) if i != channel]
    mask = (rgb[:, :, channel] > 200) & (rgb[:, :, others[0]] < 80) & (rgb[:, :, others[1]] < 80)
    cols = mask[::4, :].any(axis=0).tolist()  # every 4th row of each column
    rows = mask[:, ::4].any(axis=1).tolist()  # every 4th column of each row

    def runs(flags: list[bool]) -> list[tuple[int, int]]:
        out, start = [], None
        for i, f in enumerate([*flags, False]):
            if f and start is None:
                start = i
            elif not f and start is not None:
                out.append((start, i))
                start = None
        return out

    return [
        (x0 / PX, y0 / PX, x1 / PX, y1 / PX)
        for y0, y1 in runs(rows)
        for x0, x1 in runs(cols)
        if mask[(y0 + y1) // 2, x0:x1:3].any()
    ]


def _assert_same(a, b, tol=0.2) -> None:
    assert len(a) == len(b) and a, (a, b)
    for ra, rb in zip(sorted(a), sorted(b), strict=True):
        assert all(abs(p - q) <= tol for p, q in zip(ra, rb, strict=True)), (ra, rb)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_on_their_fronts(solid_pack: Path, duplex: str) -> None:
    pdf = _render(solid_pack, PrintOptions(gap=6.0, duplex=duplex))
    front, back = _page(pdf, 0), _page(pdf, 1)
    # the printer flips the sheet: on the long edge that mirrors left-right, on the short edge
    # top-bottom -- of an upright sheet; a landscape sheet's long edge is its top and bottom.
    # (8 cards with 6 mm gaps take A4 in landscape: 4 x 69.5 mm across 297 mm, 2 rows of 94.9 mm)
    landscape = front.width > front.height
    assert landscape
    mirrored = (duplex == "long") != landscape
    flipped = ImageOps.mirror(back) if mirrored else ImageOps.flip(back)
    _assert_same(_blocks(front, 0), _blocks(flipped, 2))


def test_back_offset_shifts_the_backs(solid_pack: Path) -> None:
    plain = _blocks(_page(_render(solid_pack, PrintOptions(gap=6.0)), 1), 2)
    moved = _blocks(
        _page(_render(solid_pack, PrintOptions(gap=6.0, back_offset=(1.5, -1.0))), 1), 2
    )
    _assert_same([(a + 1.5, b - 1.0, c + 1.5, d - 1.0) for a, b, c, d in plain], moved)


def test_no_duplex_leaves_out_backs(solid_pack: Path) -> None:
    assert len(PdfReader(io.BytesIO(_render(solid_pack, PrintOptions(duplex="none")))).pages) == 1
    assert len(PdfReader(io.BytesIO(_render(solid_pack, PrintOptions()))).pages) == 2


def test_single_card_pages_carry_trim_and_bleed_boxes(solid_pack: Path) -> None:
    pdf = _render(solid_pack, PrintOptions(single=True, bleed=3.0))
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 14  # 7 fronts and 7 backs
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert float(trim.width) == pytest.approx(63.5 * PT, abs=0.01)
        assert float(trim.height) == pytest.approx(88.9 * PT, abs=0.01)
        assert float(bleed.width) == pytest.approx(69.5 * PT, abs=0.01)
        assert float(bleed.height) == pytest.approx(94.9 * PT, abs=0.01)
        assert float(trim.left) == pytest.approx(3 * PT, abs=0.01)
        assert float(page.mediabox.width) == pytest.approx(69.5 * PT, abs=0.01)


def test_png_export_has_exact_pixels(solid_pack: Path) -> None:
    pack = load_pack(solid_pack)
    job = Job(pack, pack.printables["d"], "cs", "a4")
    deck = Renderer(PrintOptions(bleed=25.4 / 8)).deck_cards(job)
    pngs = list(deck_pngs(deck, 300))
    assert len(pngs) == 14
    assert pngs[0][0] == "1.png" and pngs[1][0] == "1-back.png"  # no ids: numbered
    im = Image.open(io.BytesIO(pngs[0][1]))
    assert im.size == (825, 1125)  # (63.5 + 2 x 3.175) mm and (88.9 + 6.35) mm at 300 dpi
    assert round(im.info["dpi"][0]) == 300
    assert im.getpixel((412, 562))[:3] == (255, 0, 0)


def test_exactly_full_sheets_keep_their_last_page(solid_pack: Path) -> None:
    (solid_pack / "c.yaml").write_text("".join(f"- n: {i}\n" for i in range(18)), encoding="utf-8")
    assert len(PdfReader(io.BytesIO(_render(solid_pack, PrintOptions()))).pages) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bleed", "-3mm"], "--bleed: must not be negative"),
        (["--gap", "lots"], "--gap:"),
        (["--back-offset", "1"], "expected X,Y"),
        (["--back-offset", "1,40"], "more than 20mm"),
        (["--duplex", "sideways"], "expected long, short or none"),
        (["--bleed", "30mm"], "bleed 30mm is larger than 20mm"),
    ],
)
def test_bad_print_options(solid_pack: Path, tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", "solid", "--content", str(solid_pack), "--out", str(out), *args]
    )
    assert result.exit_code == 2, result.stdout
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert not out.exists()


def test_card_larger_than_paper(solid_pack: Path, tmp_path: Path) -> None:
    for side in ("front", "back"):
        layout = solid_pack / "layouts" / "t" / f"{side}.yaml"
        layout.write_text(
            layout.read_text().replace("size: poker", "size: {width: 300mm, height: 100mm}")
        )
    result = runner.invoke(
        app, ["build", "solid", "--content", str(solid_pack), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "does not fit on 210x297mm paper" in result.stderr and "pack.yaml" in result.stderr


def test_starter_deck_builds(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    again = runner.invoke(app, ["cards", "init", str(folder)])
    assert again.exit_code == 2 and "not empty" in again.stderr
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        ["cards", "build", str(folder / "deck.yaml"), "--out", str(out), "--png", "--paper", "a4"],
    )
    assert result.exit_code == 0, result.stderr
    pdfs = sorted(p.name for p in out.rglob("*.pdf"))
    assert pdfs == ["deck-cards-cs-a4.pdf", "deck-cards-en-a4.pdf"]
    text = PdfReader(out / "deck" / "deck-cards-cs-a4.pdf").pages[0].extract_text()
    assert "Ohnivá koule" in text and "Léčivý lektvar" in text
    # 3 + 2 + 1 copies: the starter numbers every printed card ({n}/{N}), so all 6 fronts
    # differ, and each gets a front and a back PNG: 12 per language
    assert len(list((out / "deck" / "png" / "cards-cs").glob("*.png"))) == 12


def test_csv_errors_name_row_and_column(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    runner.invoke(app, ["cards", "init", str(folder)])
    csv = folder / "cards.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].rsplit(",", 1)[0] + ",two"
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(
        app, ["cards", "build", str(folder / "deck.yaml"), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "cards.csv:3:7: count: count must be a whole number" in result.stderr


def test_low_resolution_image_warns(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    runner.invoke(app, ["cards", "init", str(folder)])
    Image.new("RGB", (40, 30), "red").save(folder / "images" / "small.png")
    csv = folder / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace("images/flame.svg", "images/small.png"),
        encoding="utf-8",
    )
    result = runner.invoke(
        app,
        [
            "cards",
            "build",
            str(folder / "deck.yaml"),
            "--out",
            str(tmp_path / "o"),
            "--paper",
            "a4",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "papirna: warning:" in result.stderr and "small.png' prints at 25 dpi" in result.stderr


def test_calibration_scales_sit_behind_the_crosses(tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    for duplex in ("long", "short"):
        result = runner.invoke(
            app, ["calibrate", "--duplex", duplex, "--out", str(out), "--lang", "en"]
        )
        assert result.exit_code == 0, result.stderr
        reader = PdfReader(out)
        assert len(reader.pages) == 2
        assert "duplex calibration" in reader.pages[1].extract_text()


def test_impose_refuses_negative_gap() -> None:
    from generator.output.impose import plan_grid

    with pytest.raises(PapirnaError, match="must not be negative"):
        plan_grid((210, 297), (63.5, 88.9), 3.0, -1.0)
