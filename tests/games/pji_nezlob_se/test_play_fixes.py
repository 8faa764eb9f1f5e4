"""PJi, nezlob se after a play test: the gate in the board legend, fold lines seen on the dark
bands, one form of address (tykání) and PJi's own palette on the odds page."""

from __future__ import annotations

import colorsys
import math
import re

import pypdfium2 as pdfium
import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.content.pack import load_pack
from generator.games.pji_nezlob_se import art
from generator.games.pji_nezlob_se.figures import FOLD_DASH, FOLD_HALO, FOLD_W, figures_ops
from generator.layout.ops import EllipseOp, GroupOp, LineOp, PathOp, RectOp
from generator.output.build import Renderer
from generator.resources import content_dir

PACK = content_dir() / "pji-nezlob-se"
runner = CliRunner()
DPI = 300
PX = DPI / 25.4


@pytest.fixture(scope="module")
def pack():
    return load_pack(PACK, builtin=True)


@pytest.fixture(scope="module")
def board_a3(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("pji")
    args = ["build", "pji-nezlob-se", "--lang", "cs", "--paper", "a3", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    (pdf,) = (out / "pji-nezlob-se").glob("*-board-cs-a3.pdf")
    return pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")


def _at(img, x_mm: float, y_mm: float, board_dx: float, board_dy: float):
    return img.getpixel((round((x_mm + board_dx) * PX), round((y_mm + board_dy) * PX)))


def _near(c, want: str, tol: int = 40) -> bool:
    w = tuple(int(want[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(c, w, strict=True))


def test_board_legend_draws_the_gate(board_a3, pack) -> None:
    # The board is 280 x 400 mm centred on A3 (297 x 420): offset 8.5, 10 mm. The legend region
    # is x 76, y 340; its key row starts 6.5 + 6 mm lower, at y 352.5. The gate key sits 60 mm
    # in: centre (136 + 3.8, 352.5 + 4.2) = (139.8, 356.7), a white field whose party-coloured
    # ring (radius 3.8 - 0.7 = 3.1 mm, 1.1 mm wide) is the first party's red.
    red = pack.printables["board"].files["game"].model.parties[0].color
    dx, dy = (297 - 280) / 2, (420 - 400) / 2
    gx, gy = 139.8, 356.7
    ring = [(1.5 * math.cos(k * math.pi / 4), 1.5 * math.sin(k * math.pi / 4)) for k in range(8)]
    assert all(_near(_at(board_a3, gx + ox, gy + oy, dx, dy), "#ffffff", 10) for ox, oy in ring)
    for ox, oy in ((3.1, 0), (-3.1, 0), (0, -3.1)):
        assert _near(_at(board_a3, gx + ox, gy + oy, dx, dy), red), (ox, oy)
    # its arrow points down into the courtyard, 1 mm below the field
    assert _near(_at(board_a3, gx, gy + 3.8 + 1.0, dx, dy), red)
    # the start key (4 mm in: centre 83.8, 356.7) is a red disc with a flag, not a white
    # field: the same eight points tell the two apart
    sx = 76 + 4 + 3.8
    assert not all(_near(_at(board_a3, sx + ox, gy + oy, dx, dy), "#ffffff", 10) for ox, oy in ring)


def _flat(ops):
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _flat(op.ops)
        else:
            yield op


def test_every_fold_line_has_a_white_halo(pack) -> None:
    game = pack.printables["figures"].files["game"].model
    text = pack.printables["figures"].data.model
    ops = list(_flat(figures_ops(game, text, Renderer().env(pack), "cs", 196, 264)))
    lines = [op for op in ops if isinstance(op, LineOp) and op.style.dash]
    folds = [op for op in lines if op.style.stroke == (0x23 / 255, 0x1C / 255, 0x15 / 255)]
    # 16 standees x 2 fold lines, and the one in the legend
    assert len(folds) == 16 * 2 + 1
    for fold in folds:
        i = ops.index(fold)
        halo = ops[i - 1]
        assert isinstance(halo, LineOp) and halo.style.stroke == (1.0, 1.0, 1.0)
        assert (halo.x1, halo.y1, halo.x2, halo.y2) == (fold.x1, fold.y1, fold.x2, fold.y2)
        assert halo.style.width == FOLD_HALO > fold.style.width == FOLD_W
        assert tuple(halo.style.dash) == tuple(fold.style.dash) == FOLD_DASH


def _colours(ops) -> set[tuple[float, float, float]]:
    out = set()
    for op in _flat(ops):
        if isinstance(op, RectOp | LineOp | EllipseOp | PathOp):
            for c in (op.style.fill, op.style.stroke):
                if c is not None:
                    out.add(tuple(c))
    return out


def test_odds_page_uses_pjis_palette(pack) -> None:
    from generator.games.pji_nezlob_se.odds import build_pji_odds as build_odds
    from generator.layout.builders import BuildContext
    from generator.layout.spec import load_layout

    p = pack.printables["odds"]
    ctx = BuildContext(
        load_layout("pji-nezlob-se/odds"), p.data.model, {}, Renderer().env(pack), "cs", "a4"
    )
    (page,) = build_odds(ctx)
    # the old page was purple (#6b3a7a, hue 286 degrees) and lilac (#c9b3d1): nothing coloured
    # may have a hue outside PJi's warm rust and stone (0..60 degrees)
    for c in _colours(page.ops):
        h, _l, s = colorsys.rgb_to_hls(*c)
        assert s < 0.15 or h * 360 <= 60, (c, h * 360)
    accent = tuple(int(art.ACCENT[i : i + 2], 16) / 255 for i in (1, 3, 5))
    assert accent in _colours(page.ops)


# Formal (vykání) verb endings in the singular address: "Tiskněte", "Hoďte", "Vystřihněte",
# "Použijte", "máte", "můžete". Czech words in our texts that end like this but are no verbs
# of address are listed.
FORMAL = re.compile(r"\b\w+(?:ěte|ete|íte|áte|ijte|ujte|ňte|ďte|ťte|čte|šte|žte|řte|jte)\b")
NOT_ADDRESS = {"čte"}  # "nepřítel si čte svůj řádek": he reads


@pytest.mark.parametrize("game", ["pji-nezlob-se", "gamebook"])
def test_czech_pages_address_the_player_with_ty(game: str) -> None:
    found = []
    for path in sorted((content_dir() / game).glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))

        def walk(node, where=path.name):
            if isinstance(node, dict):
                for k, v in node.items():
                    if k == "cs" and isinstance(v, str):
                        found.extend(
                            (where, w) for w in FORMAL.findall(v) if w.lower() not in NOT_ADDRESS
                        )
                    else:
                        walk(v, where)
            elif isinstance(node, list):
                for v in node:
                    walk(v, where)

        walk(doc)
    assert found == []
    assert FORMAL.findall("Tiskněte nejlépe na čtvrtku, pak se můžete dohodnout") == [
        "Tiskněte",
        "můžete",
    ]


def test_english_pji_titles_use_the_english_name() -> None:
    for name in ("board", "reference", "card", "start"):
        doc = yaml.safe_load((PACK / f"{name}.yaml").read_text(encoding="utf-8"))
        assert "Don't Get Angry" in doc["title"]["en"], name
        assert "nezlob" not in doc["title"]["en"], name


def test_start_page_accent_is_pjis_rust() -> None:
    doc = yaml.safe_load((PACK / "start.yaml").read_text(encoding="utf-8"))
    assert doc["accent"].lower() == art.ACCENT.lower()
