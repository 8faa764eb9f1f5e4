"""`papirna score spici-bohove` on a filled fillable ship's log: the same score as typed YAML."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from typer.testing import CliRunner

from generator.cli import app
from generator.content.sheets_io import load_sheet
from generator.errors import PapirnaError
from generator.games.spici_bohove.score import from_fields as spici_bohove_from_fields

runner = CliRunner()
LOG = "spici-bohove-log-fillable-cs-a4.pdf"

# A campaign as the players typed it: 5 ordinary adventure cards plus 4 sacred items.
TYPED = {
    "campaign": "Bouře nad Mořem ztracenců",
    "crew": "Eva, Řehoř",
    "version": "normal",
    "adventure_cards": 9,
    "sacred_items": 4,
    "quest_cards": 6,
    "level_cards": 3,
    "coins": 9,
    "artifacts": 2,
    "ending": 7,
    "defeats": 2,
}
# The same campaign ticked and typed into the fillable log.
TICKED = {"version.normal", "defeat.1", "defeat.2", "pass.1", "pass.2", "pass.3"} | {
    f"sacred.{n}" for n in (1, 7, 13, 50)
}
TEXTS = {
    "campaign": "Bouře nad Mořem ztracenců",
    "player.1": "Eva",
    "crew.1": "kapitánka, kuchař",
    "player.2": "Řehoř",
    "other_adventure_cards": "5",
    "quest_cards": "6",
    "level_cards": "3",
    "coins": "9",
    "artifacts": "2",
    "ending": "7",
}
# By hand from the rulebook: 5×2 + 4×4 + 6×1 + 3×2 + 9//2 + 2×1 + 10 − 2×10
EXPECTED = {
    "adventure_cards": 10,
    "sacred_items": 16,
    "quest_cards": 6,
    "level_cards": 6,
    "coins": 4,
    "artifacts": 2,
    "ending": 10,
    "defeats": -20,
    "ruthless": 0,
}


def fill(pdf: bytes, on: set[str], texts: dict[str, str], use_as_only: bool = False) -> bytes:
    """The log with the boxes `on` ticked and the text fields typed, as a viewer saves it."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    found = set()
    for page in writer.pages:
        for ref in page.get("/Annots", []):
            field = ref.get_object()
            if field.get("/T") in on:
                found.add(field["/T"])
                field[NameObject("/AS")] = NameObject("/Yes")
                if not use_as_only:
                    field[NameObject("/V")] = NameObject("/Yes")
    assert found == on, on - found
    writer.update_page_form_field_values(writer.pages[0], texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def score_json(*paths: Path) -> dict:
    result = runner.invoke(app, ["score", "spici-bohove", *map(str, paths), "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("use_as_only", [False, True])
def test_filled_log_scores_as_the_typed_log(
    built: dict[str, bytes], tmp_path: Path, use_as_only: bool
) -> None:
    typed = tmp_path / "log.yaml"
    typed.write_text(yaml.safe_dump(TYPED, allow_unicode=True), encoding="utf-8")
    filled = tmp_path / "log.pdf"
    filled.write_bytes(fill(built[LOG], TICKED, TEXTS, use_as_only))
    a, b = score_json(typed)["players"][0], score_json(filled)["players"][0]
    assert a["categories"] == b["categories"] == EXPECTED
    assert a["total"] == b["total"] == 34
    assert b["player"] == "Eva, Řehoř"


def test_english_letter_log_reads_the_same(built: dict[str, bytes], tmp_path: Path) -> None:
    filled = tmp_path / "log.pdf"
    pdf = built["spici-bohove-log-fillable-en-letter.pdf"]
    filled.write_bytes(fill(pdf, TICKED, TEXTS))
    assert score_json(filled)["players"][0]["categories"] == EXPECTED


def test_ruthless_log_without_an_ending(built: dict[str, bytes], tmp_path: Path) -> None:
    filled = tmp_path / "ruthless.pdf"
    on = {"version.ruthless", "sacred.2", "sacred.3"}
    filled.write_bytes(fill(built[LOG], on, {"campaign": "Nelítostná", "coins": "3"}))
    player = score_json(filled)["players"][0]
    # 2 sacred items (+4 each), 3 coins (+1), no ending, ruthless +25
    assert player["categories"]["sacred_items"] == 8
    assert player["categories"]["coins"] == 1
    assert player["categories"]["ending"] == 0
    assert player["categories"]["ruthless"] == 25
    assert player["total"] == 34
    assert player["player"] == "Nelítostná"  # no players named: the campaign names the log


def test_blank_log_scores_zero(built: dict[str, bytes], tmp_path: Path) -> None:
    blank = tmp_path / "blank.pdf"
    blank.write_bytes(built[LOG])
    data = load_sheet(blank, "spici-bohove").data
    assert data["version"] == "normal" and data["ending"] is None
    assert score_json(blank)["players"][0]["total"] == 0


@pytest.mark.parametrize(
    ("on", "texts", "message"),
    [
        ({"version.normal", "version.ruthless"}, {}, "tick only one version"),
        (set(), {"coins": "hodně"}, "coins: expected a whole number, got 'hodně'"),
        (set(), {"ending": "7a"}, "ending: expected a whole number"),
        ({"version.ruthless", "defeat.1"}, {}, "first defeat ends the campaign"),
    ],
)
def test_impossible_logs_give_one_line_errors(
    built: dict[str, bytes], tmp_path: Path, on: set[str], texts: dict[str, str], message: str
) -> None:
    filled = tmp_path / "bad.pdf"
    filled.write_bytes(fill(built[LOG], on, texts))
    result = runner.invoke(app, ["score", "spici-bohove", str(filled)])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "bad.pdf" in result.stderr and "Traceback" not in result.stderr


def test_a_papirove_doupe_sheet_is_not_a_log(built: dict[str, bytes], tmp_path: Path) -> None:
    other = tmp_path / "sheet.pdf"
    other.write_bytes(built["papirove-doupe-sheet-fillable-cs-a4.pdf"])
    result = runner.invoke(app, ["score", "spici-bohove", str(other)])
    assert result.exit_code == 2 and "not a Spící bohové ship's log" in result.stderr


def test_from_fields_by_hand() -> None:
    values: dict[str, str | bool] = {
        "campaign": "  Mlha  ",
        "version.normal": False,
        "version.ruthless": False,
        "player.2": "Petr",
        "player.10": "Jana",
        "player.1": " ",
        "other_adventure_cards": " 3 ",
        "quest_cards": "",
        "defeat.1": True,
        "defeat.2": False,
        "sacred.5": True,
        "sacred.6": True,
        "ending": "",
    }
    assert spici_bohove_from_fields(values, "x.pdf") == {
        "campaign": "Mlha",
        "crew": "Petr, Jana",
        "version": "normal",
        "adventure_cards": 5,
        "sacred_items": 2,
        "quest_cards": 0,
        "level_cards": 0,
        "coins": 0,
        "artifacts": 0,
        "ending": None,
        "defeats": 1,
    }
    with pytest.raises(PapirnaError, match="no sacred item fields"):
        spici_bohove_from_fields({"campaign": "x"}, "x.pdf")


def test_log_is_not_a_gamebook_journal(tmp_path: Path, built: dict[str, bytes]) -> None:
    pdf = tmp_path / "journal.pdf"
    pdf.write_bytes(built[LOG])
    with pytest.raises(PapirnaError, match="not a gamebook character journal"):
        load_sheet(pdf, "gamebook")


@pytest.mark.parametrize("game", ["spici-bohove", "gamebook"])
def test_campaign_is_refused(tmp_path: Path, game: str) -> None:
    # A ship's log is already a whole campaign, scored once for the whole crew: nothing to sum.
    log = tmp_path / "log.yaml"
    log.write_text("crew: Posádka\nending: 7\n", encoding="utf-8")
    result = runner.invoke(app, ["score", game, str(log), str(log), "--campaign"])
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"papirna: error: --campaign is not for {game}: ")


@given(
    sacred=st.sets(st.integers(1, 50), max_size=50),
    defeats=st.integers(0, 10),
    other=st.integers(0, 300),
    coins=st.integers(0, 999),
    ending=st.one_of(st.none(), st.integers(1, 13)),
)
def test_from_fields_counts_what_is_ticked(
    sacred: set[int], defeats: int, other: int, coins: int, ending: int | None
) -> None:
    values: dict[str, str | bool] = {f"sacred.{n}": n in sacred for n in range(1, 51)}
    values |= {f"defeat.{n}": n <= defeats for n in range(1, 11)}
    values |= {"other_adventure_cards": str(other), "coins": f" {coins}", "version.normal": True}
    values["ending"] = "" if ending is None else str(ending)
    data = spici_bohove_from_fields(values, "log.pdf")
    assert data["sacred_items"] == len(sacred)
    assert data["adventure_cards"] == other + len(sacred)
    assert data["defeats"] == defeats and data["coins"] == coins and data["ending"] == ending
