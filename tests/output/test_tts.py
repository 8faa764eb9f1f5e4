"""Tabletop Simulator sheets: grid sizes, card counts, and a saved object that matches the images."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.output.tts import PER_SHEET, card_pixels, plan_sheets

runner = CliRunner()


def _deck(root: Path, count: int, unique_backs: bool, copies: int = 1) -> Path:
    """`count` cards; card i's front is filled with colour (i, 255 - i, 0), its back blue (or
    (0, 0, i) when every back differs), so each slot of a sheet can be told apart."""
    root.mkdir(parents=True)
    (root / "deck.yaml").write_text(
        "name: {cs: Test, en: Test}\nlanguages: [cs]\ncards: cards.yaml\n"
        "layout: front.yaml\nback: back.yaml\nbleed: 3mm\n",
        encoding="utf-8",
    )
    (root / "img").mkdir()
    rows = []
    for i in range(count):
        Image.new("RGB", (64, 90), (i, 255 - i, 0)).save(root / "img" / f"f{i}.png")
        back = f"b{i}" if unique_backs else "b"
        if not (root / "img" / f"{back}.png").exists():
            Image.new("RGB", (64, 90), (0, 0, i if unique_backs else 255)).save(
                root / "img" / f"{back}.png"
            )
        rows.append(f"- {{id: c{i}, front: img/f{i}.png, rear: img/{back}.png, count: {copies}}}\n")
    (root / "cards.yaml").write_text("".join(rows), encoding="utf-8")
    for side in ("front", "back"):
        (root / f"{side}.yaml").write_text(
            "size: poker\nbleed: 3mm\nboxes:\n"
            f"  fill: {{type: image, x: 0mm, y: 0mm, width: 63.5mm, height: 88.9mm, src: '{{{'front' if side == 'front' else 'rear'}}}'}}\n",
            encoding="utf-8",
        )
    return root / "deck.yaml"


def test_sheet_plans() -> None:
    # 54 cards + the hidden slot = 55 slots: 10 columns, ceil(55 / 10) = 6 rows
    assert [(len(s.cards), s.cols, s.rows) for s in plan_sheets(54)] == [(54, 10, 6)]
    # 150 = 69 + 69 + 12; the last sheet has 13 slots: 10 x 2
    assert [(len(s.cards), s.cols, s.rows) for s in plan_sheets(150)] == [
        (69, 10, 7),
        (69, 10, 7),
        (12, 10, 2),
    ]
    assert [(s.cols, s.rows) for s in plan_sheets(3)] == [(4, 1)]
    assert PER_SHEET == 69
    # poker 63.5 x 88.9 mm on a 10 x 7 grid: 4096 / 635 = 6.45 px/mm (rows: 4096 / 622.3 = 6.58)
    # -> 409 x 573 px; 10 x 409 = 4090 and 7 x 573 = 4011, both within 4096
    assert card_pixels((63.5, 88.9), plan_sheets(150), 300) == (409, 573)
    # one small sheet: capped by 300 dpi = 11.81 px/mm -> 750 x 1050 px
    assert card_pixels((63.5, 88.9), plan_sheets(3), 300) == (750, 1050)


def _build(tmp_path: Path, count: int, unique: bool, copies: int = 1) -> tuple[Path, dict]:
    deck = _deck(tmp_path / "deck", count, unique, copies)
    out = tmp_path / "out"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(out), "--tts"])
    assert result.exit_code == 0, result.stderr
    folder = out / "deck" / "tts" / "cards-cs"
    return folder, json.loads((folder / "deck.json").read_text(encoding="utf-8"))


def _check_sheets(folder: Path, saved: dict, count: int, copies: int, unique: bool) -> None:
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == count * copies == len(deck["ContainedObjects"])
    seen = []
    for key, entry in deck["CustomDeck"].items():
        face = Image.open(folder / Path(entry["FaceURL"]).name).convert("RGB")
        assert max(face.size) <= 4096
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert cols <= 10 and rows <= 7
        w, h = face.width // cols, face.height // rows
        assert (face.width, face.height) == (cols * w, rows * h)
        assert entry["UniqueBack"] is unique and entry["BackIsHidden"] is False
        back = Image.open(folder / Path(entry["BackURL"]).name).convert("RGB")
        if unique:
            assert back.size == face.size
        else:
            assert back.size == (w, h)
        ids = sorted({i for i in deck["DeckIDs"] if i // 100 == int(key)})
        assert len(ids) < cols * rows  # the last slot stays for the hidden card
        for card_id in ids:
            r, c = divmod(card_id % 100, cols)
            pixel = face.getpixel((c * w + w // 2, r * h + h // 2))
            n = pixel[0]  # card n was painted (n, 255 - n, 0)
            assert pixel == (n, 255 - n, 0)
            seen.append(n)
            if unique:
                assert back.getpixel((c * w + w // 2, r * h + h // 2)) == (0, 0, n)
        hidden = face.getpixel((face.width - w // 2, face.height - h // 2))
        assert hidden == ((0, 0, 0) if unique else (0, 0, 255))  # card 0's back
    assert seen == list(range(count))  # every card once, in order, sheet after sheet


@pytest.mark.parametrize(("count", "sheets"), [(54, 1), (150, 3)])
def test_tts_sheets_match_their_json(tmp_path: Path, count: int, sheets: int) -> None:
    folder, saved = _build(tmp_path, count, unique=False, copies=2)
    assert len(saved["ObjectStates"][0]["CustomDeck"]) == sheets
    _check_sheets(folder, saved, count, 2, unique=False)
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(
        ["back.png", "deck.json", *(f"sheet-{k}.png" for k in range(1, sheets + 1))]
    )


def test_per_card_backs_give_a_back_sheet(tmp_path: Path) -> None:
    folder, saved = _build(tmp_path, 75, unique=True)
    assert len(saved["ObjectStates"][0]["CustomDeck"]) == 2
    _check_sheets(folder, saved, 75, 1, unique=True)
    assert (folder / "back-1.png").exists() and (folder / "back-2.png").exists()


def test_tts_json_is_byte_identical(tmp_path: Path) -> None:
    first, _ = _build(tmp_path / "a", 5, unique=False)
    data = (first / "sheet-1.png").read_bytes()
    again = runner.invoke(
        app,
        [
            "cards",
            "build",
            str(tmp_path / "a" / "deck" / "deck.yaml"),
            "--out",
            str(tmp_path / "a" / "out"),
            "--tts",
        ],
    )
    assert again.exit_code == 0
    assert (first / "sheet-1.png").read_bytes() == data
    # 5 cards + hidden: 6 x 1 slots; 4096 / (6 x 63.5 mm) = 10.75 px/mm < 300 dpi (11.81):
    # floor(63.5 x 10.75) = 682 and floor(88.9 x 10.75) = 955 px a card
    assert Image.open(io.BytesIO(data)).size == (6 * 682, 955)
