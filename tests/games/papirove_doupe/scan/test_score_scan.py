"""`papirna score papirove-doupe PHOTO.jpg` as a player uses it: same score as the typed sheet."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

pytest.importorskip("cv2")

from generator.cli import app
from generator.games.papirove_doupe.scan import synth

runner = CliRunner()

# the sheet a player typed, and the boxes they marked on paper for it
SHEET = {
    "player": "Řehoř",
    "dungeon": "C",
    "levels": {"warrior": 4, "wizard": 2, "cleric": 6, "thief": 3},
    "items": [2, 1, 0, 0, 2, 0, 1, 0],
    "gems": 5,
    "minions": 3,
    "wounds": 7,
    "resurrection": False,
    "fights": [{"range": 2, "strongest": True}, {"fled": True, "visited": False}, {"range": 1}],
    "ability": -2,
    "goals": [6],
    "quests": [5, 3],
}
MARKED = {
    "dungeon.C",
    *(f"adventurer.warrior.level.{n}" for n in range(2, 5)),
    "adventurer.wizard.level.2",
    *(f"adventurer.cleric.level.{n}" for n in range(1, 7)),
    *(f"adventurer.thief.level.{n}" for n in range(2, 4)),
    "item.1.half.1",
    "item.1.half.2",
    "item.2.half.1",
    "item.5.half.1",
    "item.5.half.2",
    "item.7.half.1",
    *(f"gem.{n}" for n in range(1, 6)),
    *(f"minion.{n}" for n in range(1, 4)),
    *(f"wound.{n}" for n in range(1, 8)),
    *(f"health.{n}" for n in range(1, 16)),
    "monster.1.visited",
    "monster.1.range.2",
    "monster.1.strongest",
    "monster.2.fled",
    "monster.3.visited",
    "monster.3.range.1",
    "ability.glory.-2",
    "goal.glory.6",
    "quest.1.glory.5",
    "quest.2.glory.3",
}


def _photo(
    pack, kind, path: Path, marked: set[str], seed: int = 5, lang: str = "cs", paper: str = "a4"
) -> Path:
    rng = random.Random(seed)
    page, offset = synth.printed_page(pack, kind, lang, paper, 6.0)
    styles = synth.mark_styles(kind, marked, rng)
    page = synth.fill_page(page, 6.0, kind, styles, offset, rng)
    damage = synth.Damage(
        px_per_mm=4.8,
        angle=-7,
        skew=0.03,
        blur=0.7,
        noise=3,
        jpeg=None,
        light=0.3,
        background="wood",
    )
    photo, _ = synth.photograph(page, 6.0, damage)
    photo.save(path, quality=80)
    return path


@pytest.fixture(scope="module")
def photo(pd_pack, sheet_kind, tmp_path_factory) -> Path:
    return _photo(pd_pack, sheet_kind, tmp_path_factory.mktemp("scan") / "rehor.jpg", MARKED)


def _score(*args: str):
    return runner.invoke(app, ["score", "papirove-doupe", *args])


def test_photo_scores_like_the_typed_sheet(photo, tmp_path):
    typed = tmp_path / "typed.yaml"
    typed.write_text(yaml.safe_dump(SHEET, allow_unicode=True), encoding="utf-8")
    want = json.loads(_score(str(typed), "--json").stdout)["players"][0]
    result = _score(str(photo), "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    got = out["players"][0]
    assert got["player"] == "rehor"  # photos have no typed name: the file's name stands for it
    assert got["categories"] == want["categories"]
    assert got["total"] == want["total"]
    assert got["sheet"] == "PD-standard-a4-cs"
    assert got["uncertain"] == [] and out["uncertain"] == []


def test_labels_follow_the_language_of_the_sheet_photographed(pd_pack, sheet_kind, tmp_path):
    """An English sheet's photo is scored with English labels unless --lang says otherwise, as
    a typed sheet with `lang: en` is; the Czech photo keeps Czech ones."""
    english = _photo(pd_pack, sheet_kind, tmp_path / "en.jpg", MARKED, lang="en", paper="letter")
    result = _score(str(english))
    assert result.exit_code == 0, result.stderr
    assert "read as PD-standard-letter-en" in result.stdout
    assert "Total" in result.stdout and "Celkem" not in result.stdout
    forced = _score(str(english), "--lang", "cs")
    assert forced.exit_code == 0, forced.stderr
    assert "Celkem" in forced.stdout and "Total" not in forced.stdout


def test_czech_photo_keeps_czech_labels(photo):
    """The Czech sheet's photo: Czech labels."""
    result = _score(str(photo))
    assert result.exit_code == 0, result.stderr
    assert "Celkem" in result.stdout and "Total" not in result.stdout


def test_show_and_to_yaml(photo, tmp_path):
    from PIL import Image

    shown, reading = tmp_path / "check.png", tmp_path / "reading.yaml"
    result = _score(str(photo), "--show", str(shown), "--to-yaml", str(reading))
    assert result.exit_code == 0, result.stderr
    assert "read as PD-standard-a4-cs" in result.stdout
    with Image.open(shown) as im:
        assert im.size == Image.open(photo).size
    text = reading.read_text(encoding="utf-8")
    assert text.startswith("# Papírové doupě sheet read from")
    data = yaml.safe_load(text)
    assert data["dungeon"] == "C" and data["quests"] == [5, 3] and data["levels"]["cleric"] == 6
    again = _score(str(reading), "--json")
    assert again.exit_code == 0, again.stderr
    direct = json.loads(_score(str(photo), "--json").stdout)
    assert json.loads(again.stdout)["players"][0]["total"] == direct["players"][0]["total"]


def test_show_interrupted_while_writing_leaves_no_half_picture(photo, tmp_path, monkeypatch):
    """Ctrl-C while the overlay PNG is being written: the command stops and neither a truncated
    picture nor a temp file is left (the picture is written beside and renamed when whole)."""
    from PIL import Image

    original = Image.Image.save

    def half_then_interrupted(self, fp, *args, **kwargs):
        half = b"\x89PNG\r\n\x1a\n half of a picture"  # as a slow encoder leaves it
        if isinstance(fp, (str, Path)):  # Pillow opens a path itself and writes as it encodes
            Path(fp).write_bytes(half)
        else:
            fp.write(half)
        raise KeyboardInterrupt

    monkeypatch.setattr(Image.Image, "save", half_then_interrupted)
    out = tmp_path / "check.png"
    result = _score(str(photo), "--show", str(out))
    monkeypatch.setattr(Image.Image, "save", original)
    assert result.exit_code != 0
    assert list(tmp_path.iterdir()) == []  # no half picture, no temp file beside it


def test_to_yaml_interrupted_while_writing_leaves_no_half_reading(photo, tmp_path, monkeypatch):
    """The same for --to-yaml: killed with the reading written but not yet in place, nothing is
    left at the target (written straight to it, the reading would be there, whole or half)."""
    import os
    import types

    from generator.output import files

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(files, "os", types.SimpleNamespace(**{**vars(os), "replace": interrupted}))
    out = tmp_path / "reading.yaml"
    result = _score(str(photo), "--to-yaml", str(out))
    monkeypatch.undo()
    assert result.exit_code != 0
    assert list(tmp_path.iterdir()) == []  # no reading, no temp file beside it


def test_scanned_pdf_is_rasterised(photo, tmp_path):
    from PIL import Image

    pdf = tmp_path / "scan.pdf"
    Image.open(photo).convert("RGB").save(pdf, resolution=120.0)
    result = _score(str(pdf), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["sheet"] == "PD-standard-a4-cs"


def test_two_values_circled_in_a_row_are_flagged(pd_pack, sheet_kind, tmp_path):
    marked = (MARKED - {"quest.1.glory.5"}) | {"quest.1.glory.4", "quest.1.glory.7"}
    path = _photo(pd_pack, sheet_kind, tmp_path / "twice.png", marked, seed=8)
    result = _score(str(path), "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    flagged = {u["box"] for u in out["uncertain"]}
    assert {"quest.1.glory.4", "quest.1.glory.7"} <= flagged
    table = _score(str(path))
    assert "boxes to check: " in table.stdout and "quest 1 glory 7" in table.stdout
    assert "quest 1 glory 7 (quest.1.glory.7): read as" in table.stdout


def test_no_dungeon_marked_is_asked_about_not_refused(pd_pack, sheet_kind, tmp_path):
    """A sheet needs one dungeon card: with none read, the likeliest is taken and asked about."""
    path = _photo(pd_pack, sheet_kind, tmp_path / "nodungeon.png", MARKED - {"dungeon.C"})
    reading = tmp_path / "r.yaml"
    result = _score(str(path), "--to-yaml", str(reading), "--json")
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    # (a card that stands out nearly as much as the chosen one is asked about with it, read as
    # empty: the cards are one question, "dungeon card G/H")
    cards = [u for u in out["uncertain"] if u["box"].startswith("dungeon.")]
    asked = [u for u in cards if u["read"] == "marked"]
    assert len(asked) == 1 and all(u["read"] == "empty" for u in cards if u not in asked)
    assert out["players"][0]["check"].startswith(f"{len(out['uncertain'])} box")
    assert f"dungeon card {asked[0]['box'][8:]}" in out["players"][0]["check"]
    text = reading.read_text(encoding="utf-8")
    assert yaml.safe_load(text)["dungeon"] == asked[0]["box"][8:]
    assert "to check: " in text


def test_photo_of_something_else_is_refused(tmp_path):
    import numpy as np
    from PIL import Image

    path = tmp_path / "cat.jpg"
    Image.fromarray(np.random.default_rng(2).integers(0, 255, (600, 800, 3), dtype=np.uint8)).save(
        path
    )
    result = _score(str(path))
    assert result.exit_code == 2
    assert "no registration marks found" in result.stderr
    assert result.stderr.count("\n") == 1


def test_other_games_refuse_photos(tmp_path):
    path = tmp_path / "log.jpg"
    path.write_bytes(b"not really")
    result = runner.invoke(app, ["score", "spici-bohove", str(path)])
    assert result.exit_code == 2
    assert "only of papirove-doupe sheets, not spici-bohove" in result.stderr


def test_without_opencv_says_what_to_install(photo, monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # import cv2 now raises ImportError
    result = _score(str(photo))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "pip install 'papirna[scan]'" in result.stderr


def test_fillable_pdf_keeps_the_field_path(built, tmp_path):
    from generator.games.papirove_doupe.scan.files import is_scan

    fillable = tmp_path / "f.pdf"
    fillable.write_bytes(built["papirove-doupe-sheet-fillable-cs-a4.pdf"])
    plain = tmp_path / "p.pdf"
    plain.write_bytes(built["papirove-doupe-sheet-cs-a4.pdf"])
    assert not is_scan(fillable)
    assert is_scan(plain)
