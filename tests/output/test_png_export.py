"""PNG export: one file per distinct card named by its id, copies, rounded corners, bad options."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.content.deck import load_deck
from generator.output.build import Job, Renderer
from generator.output.png import deck_pngs, deck_showcase, distinct_cards, file_id

runner = CliRunner()


@pytest.fixture()
def deck(tmp_path: Path) -> Path:
    """Three cards with ids (2, 1 and 3 copies), red fronts, blue backs, poker size, 3 mm bleed."""
    root = tmp_path / "deck"
    root.mkdir()
    (root / "deck.yaml").write_text(
        "name: {cs: Test, en: Test}\nlanguages: [cs]\ncards: cards.csv\nlayout: front.yaml\nback: back.yaml\nbleed: 3mm\n",
        encoding="utf-8",
    )
    (root / "cards.csv").write_text(
        "id,name,count\nfire,Oheň,2\nwater,Voda,1\nžába,Žába,3\n", encoding="utf-8"
    )
    for name, color in (("front", "#ff0000"), ("back", "#0000ff")):
        (root / f"{name}.yaml").write_text(
            "size: poker\nbleed: 3mm\nboxes:\n"
            f"  fill: {{type: rect, x: -3mm, y: -3mm, width: 69.5mm, height: 94.9mm, fill: '{color}'}}\n",
            encoding="utf-8",
        )
    return root / "deck.yaml"


def _deck(path: Path):
    pack = load_deck(path)
    return Renderer().deck_cards(Job(pack, pack.printables["cards"], "cs", "a4"))


def test_one_png_per_distinct_card_named_by_id(deck: Path) -> None:
    pngs = dict(deck_pngs(_deck(deck), 100))
    # 6 printed cards, 3 distinct, each a front and a back; 'žába' loses its accents
    names = "fire.png fire-back.png water.png water-back.png zaba.png zaba-back.png"
    assert list(pngs) == names.split()
    front = Image.open(io.BytesIO(pngs["fire.png"]))
    # (63.5 + 2 x 3) mm = 69.5 mm at 100 dpi = 273.6 -> 274 px; 94.9 mm -> 373.6 -> 374 px
    assert front.size == (274, 374)
    assert round(front.info["dpi"][0]) == 100
    assert front.convert("RGBA").getpixel((137, 187)) == (255, 0, 0, 255)
    assert Image.open(io.BytesIO(pngs["fire-back.png"])).convert("RGB").getpixel((5, 5)) == (
        0,
        0,
        255,
    )


def test_copies_give_one_file_each(deck: Path) -> None:
    names = [name for name, _ in deck_pngs(_deck(deck), 50, copies=True)]
    assert names == [
        "fire-1.png",
        "fire-2.png",
        "fire-1-back.png",
        "fire-2-back.png",
        "water.png",
        "water-back.png",
        "zaba-1.png",
        "zaba-2.png",
        "zaba-3.png",
        "zaba-1-back.png",
        "zaba-2-back.png",
        "zaba-3-back.png",
    ]


def test_rounded_corners_are_transparent_and_cut_to_the_trim(deck: Path) -> None:
    pngs = dict(deck_pngs(_deck(deck), 300, corners=3.0))
    im = Image.open(io.BytesIO(pngs["water.png"]))
    assert im.mode == "RGBA"
    # trim 63.5 x 88.9 mm at 300 dpi: 750 x 1050 px (the 3 mm bleed, 35 px, is cut off)
    assert im.size == (750, 1050)
    assert im.getpixel((0, 0))[3] == 0 and im.getpixel((749, 1049))[3] == 0  # corners cut
    assert im.getpixel((375, 0)) == (255, 0, 0, 255)  # edge middle: opaque card
    assert im.getpixel((375, 525)) == (255, 0, 0, 255)
    # 3 mm = 35.4 px. Pixel (8, 8), centre (8.5, 8.5), is sqrt(2) x 26.9 = 38.0 px from the
    # corner circle's centre (35.4, 35.4): outside; pixel (12, 12) is 1.41 x 22.9 = 32.4 px: inside
    assert im.getpixel((8, 8))[3] < 128 and im.getpixel((12, 12))[3] > 128


def test_showcase_renders_distinct_cards_only(deck: Path, monkeypatch) -> None:
    import generator.output.png as png

    seen = []
    original = png.card_pages

    def spy(cards, deck, backs=True):
        seen.append([c.name for c in cards])
        return original(cards, deck, backs)

    monkeypatch.setattr(png, "card_pages", spy)
    data = deck_showcase(_deck(deck))
    assert seen == [["fire", "water", "zaba"]]  # 3 distinct of 6 printed, no backs
    assert Image.open(io.BytesIO(data)).height == 700


def test_same_file_names_are_told_apart(tmp_path: Path, deck: Path) -> None:
    (deck.parent / "cards.csv").write_text("id,name\nA b,1\nA-b,2\n", encoding="utf-8")
    assert [c.name for c in distinct_cards(_deck(deck))] == ["A-b", "A-b-2"]
    assert file_id("../../x") == "x" and file_id("") == "card"


def test_cli_writes_pngs_by_id(tmp_path: Path, deck: Path) -> None:
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--paper", "a4", "--png", "--dpi", "72"]
    result = runner.invoke(app, [*args, "--png-corners", "2mm"])
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (out / "deck" / "png" / "cards-cs").iterdir())
    assert names == sorted(
        ["fire.png", "fire-back.png", "water.png", "water-back.png", "zaba.png", "zaba-back.png"]
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--png", "--dpi", "20"], "--dpi: 20 is outside 36 to 1200"),
        (["--png", "--png-corners", "abc"], "--png-corners"),
        (["--png-corners", "3mm"], "--png-corners: only with --png"),
        (["--png-copies"], "--png-copies: only with --png"),
        (["--png", "--png-corners", "40mm"], "more than 30mm"),
    ],
)
def test_bad_png_options(tmp_path: Path, deck: Path, extra: list[str], message: str) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), *extra])
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()  # nothing written


def _stripes() -> bytes:
    """A 10 x 20 mm page: a red band x 0-2 mm and a blue band y 18-20 mm, a black line on top."""
    from generator.layout.ops import Document, LineOp, Page, RectOp, Style
    from generator.render.pdf import render_pdf

    ops = [
        RectOp(0, 0, 2, 20, Style(fill=(1, 0, 0), stroke=None)),
        RectOp(0, 18, 10, 2, Style(fill=(0, 0, 1), stroke=None)),
        LineOp(1.3, 3.1, 8.7, 15.9, Style(width=0.4)),  # anti-aliased: edges differ if shifted
    ]
    return render_pdf(Document("t", [Page(10.0, 20.0, ops)]))


def _pixels(raster) -> bytes:
    return bytes(raster.data)[: raster.width * raster.height * 4]


def test_a_box_is_the_same_pixels_as_cropping_the_whole_page() -> None:
    from generator.render.raster import iter_boxes

    pdf = _stripes()
    # 10 x 20 mm at 254 dpi: 100 x 200 px, exactly (10 px a mm)
    whole = next(iter_boxes(pdf, [(100, 200)], [(0, 0, 100, 200)]))
    full = _pixels(whole)
    box = next(iter_boxes(pdf, [(100, 200)], [(13, 27, 60, 150)]))
    assert (box.width, box.height, box.stride) == (60, 150, 240)
    import numpy as np

    whole_px = np.frombuffer(full, np.uint8).reshape(200, 100, 4).astype(int)
    box_px = np.frombuffer(_pixels(box), np.uint8).reshape(150, 60, 4)
    # PDFium's anti-aliasing of the line's edges may round one level the other way
    assert np.abs(box_px - whole_px[27:177, 13:73]).max() <= 1
    # the page fills the bitmap exactly: the red band is columns 0-19, the blue rows 180-199
    px = Image.frombuffer("RGBA", (100, 200), full, "raw", "RGBA", 0, 1)
    assert px.getpixel((19, 100)) == (255, 0, 0, 255) and px.getpixel((20, 100))[:3] == (255,) * 3
    assert px.getpixel((50, 180)) == (0, 0, 255, 255) and px.getpixel((50, 179))[:3] == (255,) * 3
    with pytest.raises(ValueError, match="not inside"):
        next(iter_boxes(pdf, [(100, 200)], [(50, 0, 60, 200)]))


def test_png_bytes_decode_to_the_raster_and_repeat_exactly() -> None:
    from generator.output.png import png_bytes
    from generator.render.raster import iter_boxes

    pdf = _stripes()
    raster = next(iter_boxes(pdf, [(100, 200)], [(0, 0, 100, 200)]))
    alpha = {0: bytes(range(100)), 199: b"\x07" * 100}  # two rows given their own alpha
    data = png_bytes(raster, 254, alpha=alpha)
    im = Image.open(io.BytesIO(data))
    assert (im.size, im.mode, round(im.info["dpi"][0])) == ((100, 200), "RGBA", 254)
    expected = bytearray(_pixels(raster))
    expected[3:400:4] = alpha[0]
    expected[199 * 400 + 3 :: 4] = alpha[199]
    assert im.tobytes() == bytes(expected)  # Pillow's decoder checks every chunk's CRC
    again = next(iter_boxes(pdf, [(100, 200)], [(0, 0, 100, 200)]))
    assert png_bytes(again, 254, alpha=alpha) == data  # byte-identical for the same input


def test_deck_pngs_are_byte_identical_run_to_run(deck: Path) -> None:
    first = list(deck_pngs(_deck(deck), 72, corners=2.0))
    assert first == list(deck_pngs(_deck(deck), 72, corners=2.0))
