"""--color cmyk: no RGB colour operator or RGB image, black as pure K, an OutputIntent."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app

pikepdf = pytest.importorskip("pikepdf")
runner = CliRunner()

RGB_OPS = {"rg", "RG"}
SPACE_OPS = {"sc", "SC", "scn", "SCN"}


def _deck(tmp_path: Path) -> Path:
    """The starter deck, with a half-transparent raster image on every card."""
    folder = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    im = Image.new("RGBA", (300, 200), (200, 40, 30, 255))
    for x in range(150):
        for y in range(200):
            im.putpixel((x, y), (30, 90, 200, 100))
    im.save(folder / "images" / "photo.png")
    csv = folder / "cards.csv"
    csv.write_text(
        csv.read_text(encoding="utf-8").replace("images/flame.svg", "images/photo.png"),
        encoding="utf-8",
    )
    return folder / "deck.yaml"


def rgb_uses(pdf: Path) -> list[str]:
    """Every RGB colour the PDF sets or paints: operators, colour spaces, images."""
    found = []
    with pikepdf.open(pdf) as doc:
        for n, page in enumerate(doc.pages):
            streams = [(f"page {n + 1}", page)]
            xobjects = page.resources.get("/XObject", {})
            for name, xo in xobjects.items():
                if xo.get("/Subtype") == "/Form":
                    streams.append((f"form {name}", xo))
                elif xo.get("/Subtype") == "/Image":
                    space = str(xo.get("/ColorSpace"))
                    if space != "/DeviceCMYK":
                        found.append(f"page {n + 1} image {name}: {space}")
            for where, obj in streams:
                for operands, op in pikepdf.parse_content_stream(obj):
                    name = str(op)
                    three = name in SPACE_OPS and len(operands) == 3  # an RGB space's colour
                    if name in RGB_OPS or name in {"g", "G"} or three:
                        found.append(f"{where}: {op} {list(operands)}")
                    elif str(op) in {"cs", "CS"} and str(operands[0]) != "/DeviceCMYK":
                        found.append(f"{where}: {op} {operands[0]}")
    return found


def _build(tmp_path: Path, *extra: str) -> Path:
    deck = _deck(tmp_path)
    out = tmp_path / "out"
    args = ["cards", "build", str(deck), "--out", str(out), "--paper", "a4", "--lang", "cs"]
    result = runner.invoke(app, [*args, *extra])
    assert result.exit_code == 0, result.stderr
    return out / "deck" / "deck-cards-cs-a4.pdf"


def test_cmyk_pdf_has_no_rgb_and_an_output_intent(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "--color", "cmyk")
    assert rgb_uses(pdf) == []
    with pikepdf.open(pdf) as doc:
        (intent,) = doc.Root.OutputIntents
        assert intent.S == "/GTS_PDFX"
        profile = intent.DestOutputProfile
        assert profile.N == 4 and profile.read_bytes()[16:20] == b"CMYK"
        images = [
            xo
            for page in doc.pages
            for xo in page.resources.get("/XObject", {}).values()
            if xo.get("/Subtype") == "/Image"
        ]
        assert images, "the card's raster image is in the PDF"
        assert all(xo.get("/SMask") is not None for xo in images)  # transparency kept
        # black text and lines: black ink alone (0 0 0 1 k), never four-colour black
        blacks = set()
        for page in doc.pages:
            for operands, op in pikepdf.parse_content_stream(page):
                if str(op) in ("k", "K"):
                    c, m, y, k = (float(v) for v in operands)
                    if k > 0.9:
                        blacks.add((c, m, y, k))
        assert blacks == {(0.0, 0.0, 0.0, 1.0)}


def test_the_checker_finds_rgb_in_a_default_pdf(tmp_path: Path) -> None:
    """The planted defect: the default (RGB) PDF, which the checker above must flag."""
    found = rgb_uses(_build(tmp_path))
    assert any(" rg " in f or f.split(": ")[1].startswith("rg") for f in found)
    assert any("DeviceRGB" in f for f in found)  # the raster image


def test_cmyk_is_byte_identical_run_to_run(tmp_path: Path) -> None:
    first = _build(tmp_path / "a", "--color", "cmyk").read_bytes()
    second = _build(tmp_path / "b", "--color", "cmyk").read_bytes()
    assert first == second


def test_neutral_greys_are_black_ink_alone() -> None:
    from generator.render.cmyk import to_cmyk

    assert to_cmyk((0.0, 0.0, 0.0)) == (0.0, 0.0, 0.0, 1.0)
    assert to_cmyk((0.25, 0.25, 0.25)) == (0.0, 0.0, 0.0, 0.75)
    assert to_cmyk((1.0, 1.0, 1.0)) == (0.0, 0.0, 0.0, 0.0)
    c, m, y, k = to_cmyk((1.0, 0.0, 0.0))  # red: magenta and yellow, no cyan, no black
    assert c < 0.05 and m > 0.9 and y > 0.9 and k < 0.05


def test_bad_color_value(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), "--color", "rgbk"])
    assert result.exit_code == 2 and "--color: expected rgb or cmyk" in result.stderr
    assert not out.exists()


def _bundled_b2a(profile: bytes) -> list[tuple[int, ...]]:
    """The B2A0 table's CLUT entries of an ICC v2 profile written by cmyk_profile (lut16)."""
    import struct

    from generator.render.cmyk_profile import B2A_GRID

    (count,) = struct.unpack_from(">I", profile, 128)
    tags = {
        profile[132 + 12 * i : 136 + 12 * i]: struct.unpack_from(">II", profile, 136 + 12 * i)
        for i in range(count)
    }
    offset, _ = tags[b"B2A0"]
    # 'mft2', reserved, in/out/grid/pad (12 bytes), the matrix (36), table sizes (4), then
    # 3 input tables of 2 entries (12 bytes) before the CLUT
    start = offset + 12 + 36 + 4 + 3 * 4
    n = B2A_GRID**3
    flat = struct.unpack_from(f">{4 * n}H", profile, start)
    return [flat[4 * i : 4 * i + 4] for i in range(n)]


def _sampled_b2a_mismatches(profile: bytes) -> list[int]:
    """Grid points (every 7th, and the last) where the profile's B2A0 is not the model's."""
    from generator.render.cmyk_profile import B2A_GRID, _grid, b2a_entry

    points = _grid(B2A_GRID, 3)
    table = _bundled_b2a(profile)
    picked = [*range(0, len(points), 7), len(points) - 1]
    return [i for i in picked if table[i] != b2a_entry(*points[i])]


def test_bundled_profile_is_what_the_model_computes() -> None:
    """Every byte but the B2A0 table's separations is computed again and compared; of those
    4,913 separations (a Newton solve each, most of the work) every 7th is, 702 in all."""
    from generator.render.cmyk_profile import build_profile, bundled_path

    bundled = bundled_path().read_bytes()
    assert build_profile(b2a=_bundled_b2a(bundled)) == bundled
    assert _sampled_b2a_mismatches(bundled) == []


def test_the_profile_check_sees_a_changed_black(monkeypatch) -> None:
    """Planted defect: a model with a slightly lighter black ink no longer matches."""
    from generator.render import cmyk_profile
    from generator.render.cmyk_profile import bundled_path

    monkeypatch.setitem(cmyk_profile.INKS, "k", (0.03, 0.03, 0.03))
    bundled = bundled_path().read_bytes()
    assert cmyk_profile.build_profile(b2a=_bundled_b2a(bundled)) != bundled  # the A2B0 table
    assert len(_sampled_b2a_mismatches(bundled)) > 100
