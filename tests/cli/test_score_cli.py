"""`papirna score` as a player uses it: YAML and fillable PDF give the same score."""

from __future__ import annotations

import io
import json
from pathlib import Path

import yaml
from pypdf import PdfReader, PdfWriter
from typer.testing import CliRunner

from generator.cli import app
from tests.output.formfill import tick
from tests.serve.samples import EVA

runner = CliRunner()

SHEET = {**EVA, "player": "Řehoř", "resurrection": False}  # the same marks as Eva's sheet


def _checked(sheet: dict) -> tuple[set[str], dict[str, str]]:
    """The boxes a player ticks on the fillable sheet for SHEET, and its text fields."""
    on = {f"dungeon.{sheet['dungeon']}", "monster.1.visited", "monster.3.visited"}
    for adv, lv in sheet["levels"].items():
        on |= {f"adventurer.{adv}.level.{n}" for n in range(1, lv + 1)}
    for i, n in enumerate(sheet["items"], start=1):
        on |= {f"item.{i}.half.{h}" for h in range(1, n + 1)}
    on |= {f"gem.{n}" for n in range(1, sheet["gems"] + 1)}
    on |= {f"minion.{n}" for n in range(1, sheet["minions"] + 1)}
    on |= {f"wound.{n}" for n in range(1, sheet["wounds"] + 1)}
    on |= {"monster.1.range.2", "monster.1.strongest", "monster.2.fled", "monster.3.range.1"}
    on |= {"ability.glory.-2", "goal.glory.6", "quest.1.glory.5", "quest.2.glory.3"}
    return on, {"player": sheet["player"]}


def _fill(pdf: bytes, on: set[str], texts: dict[str, str], use_as_only: bool) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    page = writer.pages[0]
    found = tick(writer, on, use_as_only)  # some viewers set /V, some only the widget's /AS
    assert found == on, on - found
    writer.update_page_form_field_values(page, texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _score_json(*paths: Path, extra: tuple[str, ...] = ()) -> dict:
    result = runner.invoke(app, ["score", "papirove-doupe", *map(str, paths), "--json", *extra])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_yaml_and_filled_pdf_give_the_same_score(built: dict[str, bytes], tmp_path: Path) -> None:
    typed = tmp_path / "eva.yaml"
    typed.write_text(yaml.safe_dump(SHEET, allow_unicode=True), encoding="utf-8")
    on, texts = _checked(SHEET)
    base = built["papirove-doupe-sheet-fillable-cs-a4.pdf"]
    for as_only in (False, True):
        filled = tmp_path / f"eva-{as_only}.pdf"
        filled.write_bytes(_fill(base, on, texts, as_only))
        a, b = _score_json(typed)["players"][0], _score_json(filled)["players"][0]
        assert a["categories"] == b["categories"]
        assert a["total"] == b["total"]
        assert b["player"] == "Řehoř"


def test_table_ranking_and_tie(tmp_path: Path) -> None:
    one, two = tmp_path / "a.yaml", tmp_path / "b.yaml"
    one.write_text(yaml.safe_dump(SHEET, allow_unicode=True), encoding="utf-8")
    two.write_text(
        yaml.safe_dump({**SHEET, "player": "Jana"}, allow_unicode=True), encoding="utf-8"
    )
    result = runner.invoke(app, ["score", "papirove-doupe", str(one), str(two), "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    assert "Lowest adventurer" in result.stdout and "Tie: Řehoř, Jana" in result.stdout
    data = _score_json(one, two)
    assert data["tie"] is True and [p["rank"] for p in data["players"]] == [1, 1]


def test_templates_score_to_the_blank_sheet(tmp_path: Path) -> None:
    for game in ("papirove-doupe", "spici-bohove", "gamebook"):
        for lang in ("cs", "en"):
            result = runner.invoke(app, ["score", game, "--template", "--lang", lang])
            assert result.exit_code == 0
            path = tmp_path / f"{game}-{lang}.yaml"
            path.write_text(result.stdout, encoding="utf-8")
            scored = runner.invoke(app, ["score", game, str(path), "--json"])
            assert scored.exit_code == 0, scored.stderr


def test_impossible_sheet_names_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    text = yaml.safe_dump({**SHEET, "wounds": 55}, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith("wounds:"))
    result = runner.invoke(app, ["score", "papirove-doupe", str(path)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert (
        f"bad.yaml:{line}:" in result.stderr
        and "wounds: 55 wounds, but the track has only 40" in result.stderr
    )


def test_campaign_sums_each_players_sheets(tmp_path: Path) -> None:
    paths = []
    for player, bonus in (("Eva", 0), ("Jan", 1)):
        for letter in "ABC":
            p = tmp_path / f"{player}-{letter}.yaml"
            p.write_text(
                yaml.safe_dump(
                    {**SHEET, "player": player, "dungeon": letter, "gems": 4 + bonus},
                    allow_unicode=True,
                ),
                encoding="utf-8",
            )
            paths.append(p)
    single = {p.name: _score_json(p)["players"][0]["total"] for p in paths}
    data = _score_json(*paths, extra=("--campaign",))
    totals = {p["player"]: p["total"] for p in data["players"]}
    assert totals["Eva"] == sum(v for k, v in single.items() if k.startswith("Eva"))
    assert totals["Jan"] == totals["Eva"] + 3 * 2  # one more gem (2 glory) in each of 3 games
    assert data["winners"] == ["Jan"]
    # Eva's A and Jan's B: both are in the campaign A, B, C so far (the rest is missing)
    part = runner.invoke(
        app, ["score", "papirove-doupe", str(paths[0]), str(paths[4]), "--campaign"]
    )
    assert part.exit_code == 0, part.stderr
    assert "Eva: A is one campaign so far" in part.stdout and "B, C are missing" in part.stdout
    other = tmp_path / "Eva-D.yaml"
    other.write_text(yaml.safe_dump({**SHEET, "player": "Eva", "dungeon": "D"}), encoding="utf-8")
    bad = runner.invoke(app, ["score", "papirove-doupe", str(paths[0]), str(other), "--campaign"])
    assert bad.exit_code == 2 and "A, D are not one campaign" in bad.stderr


def test_spici_bohove_and_gamebook(tmp_path: Path) -> None:
    log = tmp_path / "log.yaml"
    log.write_text(
        "crew: Posádka\nadventure_cards: 3\nsacred_items: 1\nending: 7\n", encoding="utf-8"
    )
    data = json.loads(runner.invoke(app, ["score", "spici-bohove", str(log), "--json"]).stdout)
    assert data["players"][0]["total"] == 2 * 2 + 4 + 10
    journal = tmp_path / "j.yaml"
    journal.write_text("experience: 22\nlevel: 2\nstrength: 14\nfood: 25\n", encoding="utf-8")
    out = runner.invoke(app, ["score", "gamebook", str(journal)])
    assert out.exit_code == 0
    assert "level 3" in out.stdout and "next level at 35" in out.stdout
    assert "food: 25 food" in out.stdout and "strength 14 is above base strength 12" in out.stdout


def test_unknown_game_and_missing_sheet() -> None:
    result = runner.invoke(app, ["score", "chess", "x.yaml"])
    assert result.exit_code == 2 and "cannot score 'chess'" in result.stderr
    result = runner.invoke(app, ["score", "papirove-doupe", "nope.yaml"])
    assert result.exit_code == 2 and "nope.yaml: file not found" in result.stderr


def test_end_of_game_ability_by_id_and_circled_on_the_pdf(
    built: dict[str, bytes], tmp_path: Path
) -> None:
    # dungeon C; by hand (tests/rules/test_scoring.py, EVA): 2 + 12 + 14 + 3 + 3 + 10 - 2 + 10
    # + 6 - 9 + 0 + 5 (Gem Collector: 5 gems) + 6 + 10 = 70
    sheet = {
        "player": "Eva",
        "dungeon": "C",
        "levels": {"warrior": 5, "wizard": 4, "cleric": 6, "thief": 3},
        "items": [2, 1, 0, 2, 2, 0, 2, 1],
        "gems": 5,
        "minions": 6,
        "wounds": 9,
        "fights": [{"range": 1}, {"range": 3, "strongest": True}, {"range": 3}],
        "ability": "gem-collector",
        "goals": ["jeweller"],
        "quests": ["minion-hunter", "three-sparkles"],
    }
    typed = tmp_path / "eva.yaml"
    typed.write_text(yaml.safe_dump(sheet, allow_unicode=True), encoding="utf-8")
    on = {"dungeon.C"} | {f"monster.{m}.visited" for m in (1, 2, 3)}
    for adv, lv in sheet["levels"].items():  # level 1 is printed shaded: left unticked
        on |= {f"adventurer.{adv}.level.{n}" for n in range(2, lv + 1)}
    for i, n in enumerate(sheet["items"], start=1):
        on |= {f"item.{i}.half.{h}" for h in range(1, n + 1)}
    on |= {f"gem.{n}" for n in range(1, 6)} | {f"minion.{n}" for n in range(1, 7)}
    on |= {f"wound.{n}" for n in range(1, 10)}
    on |= {"monster.1.range.1", "monster.2.range.3", "monster.2.strongest", "monster.3.range.3"}
    on |= {"ability.glory.5", "goal.glory.6", "quest.1.glory.4", "quest.2.glory.6"}
    filled = tmp_path / "eva.pdf"
    base = built["papirove-doupe-sheet-fillable-en-letter.pdf"]
    filled.write_bytes(_fill(base, on, {"player": "Eva"}, False))
    for path in (typed, filled):
        player = _score_json(path)["players"][0]
        assert player["categories"]["ability"] == 5
        assert player["total"] == 70


def test_solo_quest_glory_above_ten_can_be_circled(built: dict[str, bytes], tmp_path: Path) -> None:
    # Master Crafter met in round 1 of a solo game scores 12 (its card's scale): the sheet
    # must have a circle for it
    on, texts = _checked(SHEET)
    on = (on - {"quest.1.glory.5"}) | {"quest.1.glory.12"}
    filled = tmp_path / "solo.pdf"
    filled.write_bytes(_fill(built["papirove-doupe-sheet-fillable-cs-a4.pdf"], on, texts, False))
    assert _score_json(filled)["players"][0]["categories"]["quests"] == 12 + 3


def test_campaign_is_for_papirove_doupe_only(tmp_path: Path) -> None:
    log = tmp_path / "log.yaml"
    log.write_text("crew: Posádka\nadventure_cards: 3\nending: 7\n", encoding="utf-8")
    result = runner.invoke(app, ["score", "spici-bohove", str(log), "--campaign"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "papirna: error: --campaign is not for spici-bohove: a ship's log already holds a "
        "whole campaign, scored once for the whole crew\n"
    )
    help_text = runner.invoke(app, ["score", "--help"]).stdout
    words = " ".join(help_text.replace("│", " ").split())
    assert "Sum each player's sheets over a campaign" in words
    assert "refused with the reason for the others" in words
