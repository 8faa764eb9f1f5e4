"""`papirna score gamebook` on a filled fillable character journal: the same report as typed YAML."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import PapirnaError
from generator.games.gamebook.score import from_fields as gamebook_from_fields

runner = CliRunner()


@pytest.fixture(scope="module")
def journals(built: dict[str, bytes]) -> dict[str, bytes]:
    """The built gamebook PDFs (Czech A4 and English Letter), by file name."""
    return {
        name: data
        for name, data in built.items()
        if name.startswith("gamebook-") and name.endswith(("-cs-a4.pdf", "-en-letter.pdf"))
    }


def fill(pdf: bytes, on: set[str], texts: dict[str, str]) -> bytes:
    """The journal with the boxes `on` ticked and the text fields typed, as a viewer saves it."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    found = set()
    for ref in writer.pages[0].get("/Annots", []):
        field = ref.get_object()
        if field.get("/T") in on:
            found.add(field["/T"])
            field[NameObject("/AS")] = NameObject("/Yes")
            field[NameObject("/V")] = NameObject("/Yes")
    assert found == on, on - found
    writer.update_page_form_field_values(writer.pages[0], texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def report(path: Path) -> dict:
    result = runner.invoke(app, ["score", "gamebook", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    (only,) = json.loads(result.stdout)
    del only["file"]
    return only


# Typed on the journal: the level box says 3 and the strength box 14; five food portions ticked.
TEXTS = {
    "name": "Žofie",
    "experience": "40",
    "level": "3",
    "base_strength": "13",
    "strength": "14",
    "money": "23",
    "armour": "4",
}
FOOD = {f"food_track.{n}" for n in range(1, 6)}
TYPED = {
    "name": "Žofie",
    "experience": 40,
    "level": 3,
    "base_strength": 13,
    "strength": 14,
    "food": 5,
    "money": 23,
    "armour": 4,
}
# By hand from the rulebook: level 4 takes 7 x (3 + 2) = 35 XP and level 5 takes 7 x (4 + 3) = 49,
# so 40 XP is level 4; base strength 10 + 1 per level above the first = 13.
EXPECTED = {
    "name": "Žofie",
    "experience": 40,
    "level": 4,
    "next_level_at": 49,
    "base_strength": 13,
    "problems": [
        {"field": "level", "message": "level 3 written, but 40 experience means level 4"},
        {"field": "strength", "message": "current strength 14 is above base strength 13"},
    ],
}


@pytest.mark.parametrize(
    "name", ["gamebook-journal-fillable-cs-a4.pdf", "gamebook-journal-fillable-en-letter.pdf"]
)
def test_filled_journal_reports_as_the_typed_journal(
    journals: dict[str, bytes], tmp_path: Path, name: str
) -> None:
    typed = tmp_path / "journal.yaml"
    typed.write_text(yaml.safe_dump(TYPED, allow_unicode=True), encoding="utf-8")
    filled = tmp_path / "journal.pdf"
    filled.write_bytes(fill(journals[name], FOOD, TEXTS))
    assert report(typed) == report(filled) == EXPECTED


def test_ladder_and_typed_food_on_the_journal(journals: dict[str, bytes], tmp_path: Path) -> None:
    # The level box left blank: the highest rung ticked on the ladder is the level written.
    filled = tmp_path / "journal.pdf"
    on = {f"level_reached.{n}" for n in range(1, 4)}
    pdf = journals["gamebook-journal-fillable-cs-a4.pdf"]
    filled.write_bytes(fill(pdf, on, {"experience": "21", "food": "25", "money": " 7 "}))
    got = report(filled)
    # 21 XP is exactly level 3 (7 x (2 + 1)); the next level takes 35; base 12; food at most 21
    assert (got["level"], got["next_level_at"], got["base_strength"]) == (3, 35, 12)
    assert got["name"] == ""
    assert got["problems"] == [
        {"field": "food", "message": "25 food, but a character carries at most 21"}
    ]


def test_text_output_of_a_filled_journal(journals: dict[str, bytes], tmp_path: Path) -> None:
    filled = tmp_path / "j.pdf"
    filled.write_bytes(fill(journals["gamebook-journal-fillable-cs-a4.pdf"], set(), TEXTS))
    result = runner.invoke(app, ["score", "gamebook", str(filled)])
    assert result.exit_code == 0, result.stderr
    assert "Žofie: level 4 (40 XP; next level at 49), base strength 13" in result.stdout


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        ({"name": "Bez zkušeností"}, "j.pdf: experience: missing required field"),
        ({"experience": "hodně"}, "j.pdf: experience: expected a whole number, got 'hodně'"),
        ({"experience": "5", "armour": "-2"}, "j.pdf: armour: expected a whole number, got '-2'"),
    ],
)
def test_bad_journal_is_one_error_line(
    journals: dict[str, bytes], tmp_path: Path, texts: dict[str, str], message: str
) -> None:
    filled = tmp_path / "j.pdf"
    filled.write_bytes(fill(journals["gamebook-journal-fillable-cs-a4.pdf"], set(), texts))
    result = runner.invoke(app, ["score", "gamebook", str(filled)])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("papirna: error: ") and line.endswith(message), line


def test_other_pdf_is_not_a_journal(journals: dict[str, bytes], tmp_path: Path) -> None:
    army = tmp_path / "army.pdf"
    army.write_bytes(journals["gamebook-army-fillable-cs-a4.pdf"])
    result = runner.invoke(app, ["score", "gamebook", str(army)])
    assert result.exit_code == 2
    assert "not a gamebook character journal" in result.stderr


def test_from_fields_by_hand() -> None:
    values: dict[str, str | bool] = {
        "name": "  Ota  ",
        "experience": "7",
        "level": "",
        "base_strength": "",
        "strength": "9",
        "food": "",
        "money": "",
        "armour": "",
        "level_reached.1": True,
        "level_reached.2": True,
        "level_reached.3": False,
        "food_track.1": True,
        "food_track.2": False,
        "food_track.3": True,
    }
    assert gamebook_from_fields(values, "j.pdf") == {
        "name": "Ota",
        "experience": 7,
        "strength": 9,
        "level": 2,
        "food": 2,
    }
    with pytest.raises(PapirnaError, match="not a gamebook character journal"):
        gamebook_from_fields({"sacred.1": True}, "x.pdf")
