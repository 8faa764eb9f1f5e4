"""`papirna score papirove-doupe` on the built-in pack: table rules, impossible sheets, messages.

Numbers are from content/papirove-doupe: dungeon C fights bone-rattler, shadow-leopard and
bone-archmage; shadow-leopard's ranges are 11-13 (3 glory), 14-18 (6), 19+ (9), reward 3 glory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()
FLED = {"fled": True}
LEVELS = {"warrior": 4, "wizard": 4, "cleric": 4, "thief": 4}
SHEET = {
    "player": "Eva",
    "dungeon": "C",
    "levels": LEVELS,
    "items": [0] * 8,
    "gems": 0,
    "minions": 0,
    "wounds": 0,
    "resurrection": False,
    "fights": [FLED, {"range": 2, "strongest": True}, FLED],
    "ability": None,
    "goals": [],
    "quests": [],
}


def write(tmp_path: Path, name: str, text: str | dict) -> Path:
    p = tmp_path / name
    p.write_text(text if isinstance(text, str) else yaml.safe_dump(text, allow_unicode=True))
    return p


def score_json(*paths: Path, extra: tuple[str, ...] = ()) -> dict:
    result = runner.invoke(app, ["score", "papirove-doupe", *map(str, paths), "--json", *extra])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def refused(*paths: Path, game: str = "papirove-doupe") -> str:
    result = runner.invoke(app, ["score", game, *map(str, paths)])
    assert result.exit_code == 2, result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1  # one line
    return result.stderr


def monster2(data: dict) -> dict[str, int]:
    return {p["player"]: p["categories"]["monster2"] for p in data["players"]}


def test_two_claims_give_the_reward_to_the_stronger_only(tmp_path: Path) -> None:
    # Eva range 2 (14-18): 6 glory; Jan range 3 (19+): 9 glory + the reward 3 = 12
    eva = write(tmp_path, "eva.yaml", SHEET)
    jan = write(
        tmp_path,
        "jan.yaml",
        {**SHEET, "player": "Jan", "fights": [FLED, {"range": 3, "strongest": True}, FLED]},
    )
    assert monster2(score_json(eva, jan)) == {"Eva": 6, "Jan": 12}
    # scored alone, each keeps its mark, with a note that it is provisional: 6 + 3 = 9
    alone = score_json(eva)["players"][0]
    assert alone["categories"]["monster2"] == 9
    assert any("provisional" in n for n in alone["notes"])


def test_a_tie_gives_the_reward_to_neither(tmp_path: Path) -> None:
    # both attacked with strength 16 (range 2, 6 glory): a tie, nobody gets the 3
    fights = [FLED, {"strength": 16, "strongest": True}, FLED]
    eva = write(tmp_path, "eva.yaml", {**SHEET, "fights": fights})
    jan = write(tmp_path, "jan.yaml", {**SHEET, "player": "Jan", "fights": fights})
    assert monster2(score_json(eva, jan)) == {"Eva": 6, "Jan": 6}


def test_forgotten_resurrection_is_scored_with_a_note(tmp_path: Path) -> None:
    # levels 2 each: health 8; 20 wounds > 8, so the party died: -9 although not marked
    p = write(
        tmp_path,
        "s.yaml",
        {**SHEET, "levels": dict.fromkeys(LEVELS, 2), "wounds": 20, "fights": [FLED] * 3},
    )
    got = score_json(p)["players"][0]
    assert got["categories"]["resurrection"] == -9 and got["categories"]["wounds"] == -20
    assert any("exceed the final health 8" in n for n in got["notes"])


def test_steady_ranks_at_level_two_scores_nothing(tmp_path: Path) -> None:
    # steady-ranks (+8) needs every adventurer at level 4 or higher
    p = write(
        tmp_path, "s.yaml", {**SHEET, "levels": dict.fromkeys(LEVELS, 2), "goals": ["steady-ranks"]}
    )
    got = score_json(p)["players"][0]
    assert got["categories"]["goals"] == 0
    assert any("steady-ranks not scored" in n for n in got["notes"])
    ok = write(tmp_path, "ok.yaml", {**SHEET, "goals": ["steady-ranks"]})  # all at 4: +8
    assert score_json(ok)["players"][0]["categories"]["goals"] == 8


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"goals": ["jeweller", "steady-ranks"]},
            "each player keeps one goal card (setup, step 5)",
        ),
        (
            {"mode": "solo", "fights": [FLED] * 3, "quests": ["master-crafter"]},
            "a solo quest is scored by the round it was met: 1–8",
        ),
        ({"ability": 13}, "ability glory 13 is not on the sheet, whose circles run -6…12"),
        ({"ability": -7}, "ability glory -7 is not on the sheet, whose circles run -6…12"),
        ({"items": [0] * 7}, "7 items, but the sheet prints exactly 8"),
        ({"goals": ["jeweler"]}, "no goal card 'jeweler'; did you mean jeweller?"),
    ],
)
def test_impossible_sheets_exit_2_with_one_line(
    tmp_path: Path, changes: dict, message: str
) -> None:
    p = write(tmp_path, "bad.yaml", {**SHEET, **changes})
    assert message in refused(p)


def test_the_same_sheet_twice_or_one_player_twice_is_refused(tmp_path: Path) -> None:
    eva = write(tmp_path, "eva.yaml", SHEET)
    assert "the same sheet is given twice" in refused(eva, eva)
    copy = write(tmp_path, "copy.yaml", SHEET)
    assert "player 'Eva' has two sheets in one game" in refused(eva, copy)


def test_sheet_words_numbers_keys_and_letters(tmp_path: Path) -> None:
    # ano/ne, yes/no, true/false; a quoted "4" is 4 gems (2 glory each: 8); a lowercase c
    text = yaml.safe_dump({**SHEET, "dungeon": "c", "gems": "4", "resurrection": "ne"})
    text = text.replace("fled: true", "fled: ano")
    got = score_json(write(tmp_path, "s.yaml", text))["players"][0]
    assert got["categories"]["gems"] == 8 and got["categories"]["resurrection"] == 0
    bad = write(tmp_path, "bad.yaml", {**{k: v for k, v in SHEET.items() if k != "gems"}, "gem": 3})
    assert "gem: unknown key; did you mean gems?" in refused(bad)


def test_a_sheet_of_another_game_names_the_right_command(tmp_path: Path) -> None:
    log = write(tmp_path, "log.yaml", "campaign: Bouře\ncrew: Eva\nadventure_cards: 3\nending: 4\n")
    assert (
        "this looks like a Spící bohové log; did you mean `papirna score spici-bohove`?"
        in refused(log)
    )
    sheet = write(tmp_path, "sheet.yaml", SHEET)
    assert "did you mean `papirna score papirove-doupe`?" in refused(sheet, game="spici-bohove")


def test_missing_lines_are_listed(tmp_path: Path) -> None:
    p = write(
        tmp_path, "s.yaml", {k: v for k, v in SHEET.items() if k not in ("minions", "quests")}
    )
    got = score_json(p)["players"][0]
    assert "not on the sheet, so counted as 0: minions, quests" in got["notes"]


def test_campaign_so_far_with_running_totals_and_a_winner(tmp_path: Path) -> None:
    paths = []
    for player, gems in (("Eva", 0), ("Jan", 1)):
        for letter in "AB":
            # fled from all: a sheet's total; one gem more is 2 glory more for Jan per dungeon
            paths.append(
                write(
                    tmp_path,
                    f"{player}{letter}.yaml",
                    {
                        **SHEET,
                        "player": player,
                        "dungeon": letter,
                        "gems": gems,
                        "fights": [FLED] * 3,
                    },
                )
            )
    single = {p.stem: score_json(p)["players"][0]["total"] for p in paths}
    data = score_json(*paths, extra=("--campaign",))
    assert data["complete"] is False and data["winners"] == ["Jan"]
    eva = data["players"][0]
    assert eva["missing"] == ["C"]
    assert eva["running"] == {"A": single["EvaA"], "B": single["EvaA"] + single["EvaB"]}
    shown = runner.invoke(app, ["score", "papirove-doupe", *map(str, paths), "--campaign"])
    assert "Eva: A, B are one campaign so far" in shown.stdout and "C is missing" in shown.stdout
    assert f"(Σ {single['EvaA'] + single['EvaB']})" in shown.stdout
    assert "Vítěz: Jan" in shown.stdout


def test_spici_bohove_lost_ruthless_and_ending_14(tmp_path: Path) -> None:
    # ruthless, lost at the first defeat, no ending: 2 adventure cards x 2 = 4, +25 = 29
    log = write(tmp_path, "log.yaml", "version: ruthless\nadventure_cards: 2\ndefeats: 1\n")
    r = runner.invoke(app, ["score", "spici-bohove", str(log), "--json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["players"][0]["total"] == 29
    bad = write(tmp_path, "bad.yaml", "ending: 14\n")
    assert "one of the 13 numbered endings" in refused(bad, game="spici-bohove")


def test_labels_follow_the_sheets_language_unless_lang_says_otherwise(tmp_path: Path) -> None:
    en = write(tmp_path, "en.yaml", {**SHEET, "lang": "en"})
    assert "Total" in runner.invoke(app, ["score", "papirove-doupe", str(en)]).stdout
    forced = runner.invoke(app, ["score", "papirove-doupe", str(en), "--lang", "cs"]).stdout
    assert "Celkem" in forced and "Total" not in forced
    cs = write(tmp_path, "cs.yaml", SHEET)  # no lang: Czech, as before
    assert "Celkem" in runner.invoke(app, ["score", "papirove-doupe", str(cs)]).stdout
    log = write(tmp_path, "log.yaml", "lang: en\nadventure_cards: 1\n")
    assert "Total" in runner.invoke(app, ["score", "spici-bohove", str(log)]).stdout
