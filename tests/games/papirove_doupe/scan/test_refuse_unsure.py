"""A photo too unsure to trust gives no score (issue 24): one line on stderr saying how many
boxes are unsure and how to photograph the sheet again, exit 2, no total, no reading file; the
overlay is still written so that the player sees what was unsure."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("cv2")

from generator.cli import app
from generator.games.papirove_doupe.scan import synth
from tests.games.papirove_doupe.scan.test_score_scan import MARKED, _photo, _score

runner = CliRunner()


# the test sheet with marks in more groups: every item's first half, a third quest, the
# resurrection, and the second fight visited (not fled): more separate questions when unsure
FAINT_MARKED = (MARKED - {"monster.2.fled"}) | {f"item.{i}.half.1" for i in range(1, 9)}
FAINT_MARKED |= {"quest.3.glory.7", "resurrection", "monster.2.visited"}


def faint_photo(pack, kind, path: Path, strength: float = 0.2) -> Path:
    """A sheet's marks at 20 % of their strength (the lightest pencil, half rubbed out),
    photographed at 4.8 px/mm with grain (noise 16 grey levels): most marks read at the level of
    the empty boxes, far more questions than a player goes through one by one (21 when this was
    written, against summary.TOO_MANY 12)."""
    from PIL import Image

    rng = random.Random(5)
    blank, offset = synth.printed_page(pack, kind, "cs", "a4", 6.0)
    styles = synth.mark_styles(kind, FAINT_MARKED, rng)
    page = synth.fill_page(blank.copy(), 6.0, kind, styles, offset, rng)
    page = Image.blend(blank.convert(page.mode), page, strength)
    damage = synth.Damage(px_per_mm=4.8, angle=-4, blur=0.8, noise=16, light=0.3, background="wood")
    shot, _ = synth.photograph(page, 6.0, damage)
    shot.save(path, quality=90)
    return path


@pytest.fixture(scope="module")
def faint(pd_pack, sheet_kind, tmp_path_factory) -> Path:
    """A photo too unsure to score (checked: over summary.TOO_MANY questions)."""
    from generator.games.papirove_doupe.scan.read import read_sheet

    path = faint_photo(pd_pack, sheet_kind, tmp_path_factory.mktemp("faint") / "faint.jpg")
    assert read_sheet(path, pd_pack).too_many  # the premise of every test below
    return path


@pytest.fixture(scope="module")
def clear(pd_pack, sheet_kind, tmp_path_factory) -> Path:
    """The same sheet with its marks at full strength: scored."""
    return _photo(pd_pack, sheet_kind, tmp_path_factory.mktemp("clear") / "clear.jpg", MARKED)


def _one_refusal_line(result) -> str:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_a_photo_too_unsure_is_refused_with_what_to_do(faint):
    result = _score(str(faint))
    line = _one_refusal_line(result)
    assert line.startswith(f"papirna: error: {faint}: ") and "boxes are unsure" in line
    for advice in ("even light", "without shadows", "filling the frame", "held flat"):
        assert advice in line
    assert "no score is given" in line
    assert result.stdout == ""  # no table, no total


def test_the_refusal_counts_the_unsure_boxes(faint, pd_pack):
    from generator.games.papirove_doupe.scan.read import read_sheet
    from generator.games.papirove_doupe.scan.summary import questions

    r = read_sheet(faint, pd_pack, str(faint))
    names = [b.name for b in r.uncertain]
    line = _one_refusal_line(_score(str(faint)))
    assert f"{len(names)} boxes are unsure ({len(questions(names))} questions)" in line


def test_json_prints_no_result_for_a_photo_too_unsure(faint):
    result = _score(str(faint), "--json")
    assert "boxes are unsure" in _one_refusal_line(result)
    assert result.stdout == ""  # no JSON with a total in it


def test_show_still_draws_the_unsure_boxes_but_no_reading_is_written(faint, tmp_path):
    shown, reading = tmp_path / "seen.png", tmp_path / "reading.yaml"
    result = _score(str(faint), "--show", str(shown), "--to-yaml", str(reading))
    line = _one_refusal_line(result)
    assert f"the unsure boxes are drawn in {shown}" in line
    assert shown.is_file() and shown.stat().st_size > 10_000
    assert not reading.exists()  # a reading no one can correct box by box is not written
    from PIL import Image

    with Image.open(shown) as im:
        assert im.size[0] > 500


def test_one_unsure_photo_among_several_gives_no_totals(faint, clear, tmp_path):
    assert _score(str(clear)).exit_code == 0  # the clear photo alone is scored
    result = _score(str(clear), str(faint))
    assert "boxes are unsure" in _one_refusal_line(result)
    assert result.stdout == ""
    campaign = _score(str(clear), str(faint), "--campaign")
    assert "boxes are unsure" in _one_refusal_line(campaign)


def test_the_same_sheet_clearly_marked_is_scored(clear):
    # the planted contrast: same marks, same layout, full strength -> a total and exit 0
    result = _score(str(clear), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["total"] is not None


def test_help_says_what_json_show_and_to_yaml_do_for_an_unsure_photo():
    out = runner.invoke(app, ["score", "--help"], env={"COLUMNS": "200"}).stdout
    flat = " ".join(out.replace("│", " ").split())
    assert "too many unsure boxes to trust gives no score" in flat
    assert "also when the photo is too unsure to score" in flat
    assert "not written for a photo too unsure to score" in flat


def test_the_refusal_says_what_in_the_photo_made_it_unsure(faint, clear, pd_pack):
    from generator.games.papirove_doupe.scan.read import read_sheet

    # the faint photo is at 4.8 px/mm, flat: its one cause is the marks' lightness
    r = read_sheet(faint, pd_pack, str(faint))
    assert r.causes == [
        "the marks stand out little from the paper (light pencil, a shadow or dim light)"
    ]
    line = _one_refusal_line(_score(str(faint)))
    assert "too many to trust a score from this photo: the marks stand out little" in line
    assert "px per mm" not in line and "bent" not in line  # only what the reader found
    # the planted contrast: the same sheet in full strength has no cause to name
    assert read_sheet(clear, pd_pack, str(clear)).causes == []


def test_the_refusal_names_every_cause_in_one_sentence():
    from generator.games.papirove_doupe.scan.summary import refusal

    names = ["gem.9", "gem.10", "item.2.half.1"]  # 2 questions: gems 9-10, item 2 first half
    small = "the sheet is small in the photo (2.0 px per mm; 4 or more is better)"
    bent = "the sheet is bent or curled (by up to 1.8 mm)"
    assert refusal(names) == (
        "3 boxes are unsure (2 questions), too many to trust a score from this photo; "
        "photograph the sheet again in even light without shadows, the sheet filling the frame, "
        "the phone held flat over it (or scan it); no score is given"
    )
    assert f"from this photo: {small}; photograph" in refusal(names, [small])
    assert f"from this photo: {small} and {bent}; photograph" in refusal(names, [small, bent])
    three = refusal(names, [small, bent, "the marks stand out little"])
    assert f"{small}, {bent} and the marks stand out little; photograph" in three


def test_the_overlay_of_a_refused_photo_says_why_too(faint, clear, pd_pack, monkeypatch):
    from PIL import ImageDraw

    from generator.games.papirove_doupe.scan.read import load_image, overlay, read_sheet

    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, **kwargs):
        drawn.append(str(words))
        return text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    overlay(read_sheet(faint, pd_pack, str(faint)), load_image(faint, str(faint)))
    assert any(line.startswith("why: the marks stand out little") for line in drawn), drawn
    drawn.clear()  # the planted contrast: a photo scored, with nothing to say why
    overlay(read_sheet(clear, pd_pack, str(clear)), load_image(clear, str(clear)))
    assert drawn and not any(line.startswith("why:") for line in drawn)
