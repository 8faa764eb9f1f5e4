"""`papirna dungeon`: new cards and plans, and checking card files, as a user meets them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import TypeAdapter
from typer.testing import CliRunner

from generator.cli import app
from generator.content.validate import validate
from generator.content.yamlio import load_yaml_text
from generator.games.papirove_doupe import dungeon_gen as gen
from generator.games.papirove_doupe.dungeons import load_builtin
from generator.games.papirove_doupe.models import DungeonCard, Plan
from generator.resources import content_dir

runner = CliRunner()
DUNGEONS = content_dir() / "papirove-doupe" / "dungeons.yaml"


def one_line_error(result, piece: str = "") -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("papirna: error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert piece in result.stderr


# ----------------------------------------------------------------------------------- dungeon new


def test_new_yaml_is_reproducible_and_valid() -> None:
    args = ["dungeon", "new", "--count", "3", "--seed", "7", "--format", "yaml"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == second.stdout
    cards = validate(TypeAdapter(list[DungeonCard]), load_yaml_text(first.stdout, "new.yaml"))
    assert [c.id for c in cards] == ["G-7-1", "G-7-2", "G-7-3"]
    assert all(c.campaign == "generated" and c.difficulty is not None for c in cards)
    other = runner.invoke(app, ["dungeon", "new", "--count", "3", "--seed", "8"])
    assert other.stdout != first.stdout


def test_new_json_parses_with_the_card_fields() -> None:
    result = runner.invoke(
        app,
        ["dungeon", "new", "--count", "4", "--seed", "7", "--format", "json", "--campaign", "mine"],
    )
    assert result.exit_code == 0, result.stderr
    cards = json.loads(result.stdout)
    assert len(cards) == 4
    assert all(list(c) == list(DungeonCard.model_fields) for c in cards)
    assert {c["campaign"] for c in cards} == {"mine"}
    yaml_out = runner.invoke(
        app, ["dungeon", "new", "--count", "4", "--seed", "7", "--campaign", "mine"]
    )
    from_yaml = validate(TypeAdapter(list[DungeonCard]), load_yaml_text(yaml_out.stdout))
    assert [DungeonCard.model_validate(c) for c in cards] == from_yaml


def test_new_difficulty_band() -> None:
    result = runner.invoke(
        app,
        [
            "dungeon",
            "new",
            "--count",
            "20",
            "--seed",
            "1",
            "--difficulty",
            "hard",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    from generator.games.papirove_doupe.dungeon_gen import BANDS

    lo, hi = BANDS["hard"]
    assert all(lo <= c["difficulty"] <= hi for c in json.loads(result.stdout))


def test_new_pdf_writes_one_pdf_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "print"
    result = runner.invoke(
        app,
        [
            "dungeon",
            "new",
            "--count",
            "3",
            "--seed",
            "7",
            "--format",
            "pdf",
            "--out",
            str(out),
            "--lang",
            "en",
        ],
    )
    assert result.exit_code == 0, result.stderr
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert [p.name for p in files] == ["dungeons-7-en-a4.pdf"]
    assert files[0].read_bytes().startswith(b"%PDF")
    assert "dungeons-7-en-a4.pdf" in result.stdout


def test_new_yaml_to_a_folder(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["dungeon", "new", "--count", "5", "--seed", "3", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["dungeons-3.yaml"]
    stdout = runner.invoke(app, ["dungeon", "new", "--count", "5", "--seed", "3"]).stdout
    assert (tmp_path / "dungeons-3.yaml").read_text(encoding="utf-8") == stdout


def test_new_without_seed_puts_the_seed_in_the_ids() -> None:
    result = runner.invoke(app, ["dungeon", "new", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    (card,) = json.loads(result.stdout)
    seed = card["id"].split("-")[1]
    again = runner.invoke(app, ["dungeon", "new", "--format", "json", "--seed", seed])
    assert json.loads(again.stdout) == [card]


@pytest.mark.parametrize(
    ("args", "piece"),
    [
        (["--count", "0"], "--count: expected 1 to 1,000,000, got 0"),
        (["--count", "-1"], "--count: expected 1 to 1,000,000, got -1"),
        (["--count", "many"], "--count: expected a whole number (digits 0-9), got 'many'"),
        (["--seed", "1_000"], "--seed: expected a whole number (digits 0-9), got '1_000'"),
        (["--seed", "\u0661\u0662"], "--seed: expected a whole number (digits 0-9)"),  # Arabic 12
        (["--count", "\uff15"], "--count: expected a whole number (digits 0-9)"),  # fullwidth 5
        (["--difficulty", ""], "--difficulty: expected one of easy, normal, hard, got ''"),
        (
            ["--difficulty", "insane"],
            "--difficulty: expected one of easy, normal, hard, got 'insane'",
        ),
        (["--format", "docx"], "--format: expected one of pdf, yaml, json, got 'docx'"),
        (["--lang", "de"], "--lang: expected one of cs, en, got 'de'"),
        (["--seed", "-3"], "--seed: expected 0 to 99,999,999,999,999,999 (17 digits), got -3"),
        (
            ["--seed", "1" + "0" * 17],
            "--seed: expected 0 to 99,999,999,999,999,999 (17 digits), got 100000000000000000",
        ),
        (["--campaign", "a b"], "--campaign: expected up to 40 letters"),
        (["--format", "pdf", "--count", "5000"], "a PDF holds at most 1000 cards"),
    ],
)
def test_new_bad_options_are_one_line_errors(args: list[str], piece: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["dungeon", "new", *args, "--out", str(tmp_path / "out")])
    one_line_error(result, piece)
    assert result.stdout == ""
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------------- dungeon check


def test_check_builtin_cards() -> None:
    result = runner.invoke(app, ["dungeon", "check", str(DUNGEONS)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "12 dungeon cards" in result.stdout


def test_check_generated_cards_yaml_and_json(tmp_path: Path) -> None:
    for fmt in ("yaml", "json"):
        out = runner.invoke(
            app, ["dungeon", "new", "--count", "30", "--seed", "5", "--format", fmt]
        )
        path = tmp_path / f"cards.{fmt}"
        path.write_text(out.stdout, encoding="utf-8")
        result = runner.invoke(app, ["dungeon", "check", str(path)])
        assert result.exit_code == 0, result.stdout
    # the same cards twice: the second file's cards repeat the first's
    result = runner.invoke(
        app, ["dungeon", "check", str(tmp_path / "cards.yaml"), str(tmp_path / "cards.json")]
    )
    assert result.exit_code == 1
    assert (
        f"cards.json:2: card G-5-1: id: card id 'G-5-1' is used twice (also {tmp_path / 'cards.yaml'}:3)"
        in result.stdout
    )
    assert "30 problems in 30 of 60 cards" in result.stdout


BROKEN = """\
- id: X1
  campaign: test
  title: {cs: Zkouška, en: Test}
  story: {cs: Příběh., en: A story.}
  monsters: [gnawing-swarm, moss-troll, ruin-basilisk]
  positions: [B3, A4, C1]
  walls: ["C3|C4", "B2|B3"]
- id: X2
  campaign: test
  title: {cs: Zkouška, en: Test}
  story: {cs: Příběh., en: A story.}
  monsters: [moss-troll, gnawing-swarm, dragon]
  positions: [C5, E5, C7]
  walls: ["C4|C5", "B5|C5", "C5|D5", "C5|C6"]
  difficulty: 3
"""


def test_check_explains_every_broken_rule(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    f = str(path)
    expected = [
        f"{f}:6: card X1: positions[1]: monster 2 stands on the teleport in A4",
        f"{f}:6: card X1: positions[2]: monster 3 stands in entrance room C1",
        f"{f}:7: card X1: walls[0]: wall C3|C4 stands where the plan already has water",
        f"{f}:12: card X2: monsters[1]: monster 2 'gnawing-swarm' (strength 6) is weaker than",
        f"{f}:12: card X2: monsters[2]: no monster 'dragon' in the pack",
        f"{f}:13: card X2: positions[0]: monster 1 in C5 cannot be reached from any entrance",
        f"{f}:14: card X2: walls: room C5 holds a feature but cannot be reached",
    ]
    assert len(lines) == len(expected) + 1, lines
    for piece, line in zip(expected, lines, strict=False):
        assert line.startswith(piece), (piece, lines)
    assert lines[-1] == f"{len(lines) - 1} problems in 2 of 2 cards"
    assert all(line.startswith(f) for line in lines[:-1])


def test_check_one_card_mapping_and_duplicate_of_a(tmp_path: Path) -> None:
    a = validate(
        TypeAdapter(list[DungeonCard]), load_yaml_text(DUNGEONS.read_text(encoding="utf-8"))
    )[0]
    text = f"""id: copy
campaign: mine
title: Kopie
story: Kopie karty A.
monsters: {json.dumps(a.monsters)}
positions: {json.dumps(a.positions)}
walls: {json.dumps(a.walls)}
difficulty: 99
"""
    path = tmp_path / "copy.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:7: card copy: walls: same walls and monsters as card 'A'" in result.stdout
    b = load_builtin()
    want = gen.difficulty(a, b.plan, b.monsters)
    assert want == 34  # card A's difficulty, as docs/dungeon-cards.md lists it
    assert (
        f"{path}:8: card copy: difficulty: the card says 99, but its dungeon gives {want}"
        in result.stdout
    )


def test_check_split_dungeon(tmp_path: Path) -> None:
    # C1-D3 is walled off from the rest of the dungeon: reachable from C1 and D1, but a party
    # that enters there cannot reach the other monsters
    walls = ["B1|C1", "D1|E1", "B2|C2", "D2|E2", "B3|C3", "D3|E3", "C3|D3"]
    card = {
        "id": "S",
        "campaign": "t",
        "title": "t",
        "story": "s",
        "monsters": ["gnawing-swarm", "moss-troll", "ruin-basilisk"],
        "positions": ["D3", "B5", "E7"],
        "walls": walls,
    }
    path = tmp_path / "split.json"
    path.write_text(json.dumps([card], indent=2), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1, result.stdout
    # one line for the split, not a second one from the difficulty
    assert result.stdout.count("walls split the dungeon") == 1, result.stdout
    assert "card S: walls: walls split the dungeon: no single entrance" in result.stdout


@pytest.mark.parametrize(
    ("name", "text", "piece"),
    [
        ("missing.yaml", None, "missing.yaml: file not found"),
        ("bad.yaml", "- id: X\n  positions: [unclosed\n", "bad.yaml:3:1: invalid YAML"),
        (
            "typo.yaml",
            BROKEN.replace('  walls: ["C3', '  wals: ["C3'),
            "typo.yaml:7:3: [0].wals: unknown key",
        ),
        (
            "room.yaml",
            BROKEN.replace("[B3, A4, C1]", "[B3, A4, G9]"),
            "room.yaml:6:23: [0].positions[2]: expected a room like 'C4'",
        ),
        ("scalar.yaml", "42\n", "expected a list of dungeon cards or one card"),
        ("empty.json", "[]", "the file holds no dungeon cards"),
    ],
)
def test_check_unreadable_input_is_a_one_line_error(
    tmp_path: Path, name: str, text: str | None, piece: str
) -> None:
    path = tmp_path / name
    if text is not None:
        path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    one_line_error(result, piece)
    assert result.stdout == ""


# ---------------------------------------------------------------------------- dungeon plan new


def test_plan_new(tmp_path: Path) -> None:
    first = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3"])
    assert first.exit_code == 0, first.stderr
    assert first.stdout == runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3"]).stdout
    plan = validate(Plan, load_yaml_text(first.stdout, "plan.yaml"))
    assert plan.id == "generated-3"
    out = tmp_path / "plans" / "myplan.yaml"
    result = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == first.stdout
    assert [p.name for p in out.parent.iterdir()] == ["myplan.yaml"]


def test_plan_new_bad_seed() -> None:
    one_line_error(runner.invoke(app, ["dungeon", "plan", "new", "--seed", "x"]), "--seed")


WALLED = """\
- id: Y1
  campaign: test
  title: {cs: Zkouška, en: Test}
  story: {cs: Příběh., en: A story.}
  monsters: [gnawing-swarm, moss-troll, ruin-basilisk]
  positions: [B3, E5, C6]
  walls: ["B2|B3", "B3|B2", "A6|A7", "B6|B7", "C6|C7", "D6|D7", "E6|E7", "F6|F7"]
- id: Y2
  campaign: test
  title: {cs: Zkouška, en: Test}
  story: {cs: Příběh., en: A story.}
  monsters: [gnawing-swarm, moss-troll, ruin-basilisk]
  positions: [B3, E5, C6]
  walls: ["A1|south", "B1|south", "C1|south", "D1|south", "E1|south", "F1|south"]
"""


def test_check_groups_cut_off_rooms_and_finds_a_wall_listed_twice(tmp_path: Path) -> None:
    # Y1 closes the top row off: its six rooms all hold features (plan.yaml); B6|B7 is water
    # there already; B3|B2 is B2|B3 again. Y2 walls every entrance: that one line says it all.
    path = tmp_path / "walled.yaml"
    path.write_text(WALLED, encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1
    f = str(path)
    assert result.stdout.splitlines() == [
        f"{f}:7: card Y1: walls: 6 rooms hold features but cannot be reached: "
        "A7, B7, C7, D7, E7, F7 (declare them sealed?)",
        f"{f}:7: card Y1: walls[1]: wall B2|B3 is listed twice",
        f"{f}:7: card Y1: walls[3]: wall B6|B7 stands where the plan already has water",
        f"{f}:13: card Y2: positions[0]: monster 1 in B3 cannot be reached from any entrance",
        f"{f}:13: card Y2: positions[1]: monster 2 in E5 cannot be reached from any entrance",
        f"{f}:13: card Y2: positions[2]: monster 3 in C6 cannot be reached from any entrance",
        f"{f}:14: card Y2: walls: every entrance is walled off",
        "7 problems in 2 of 2 cards",
    ]


def test_generated_card_front_shows_its_number_and_crossed_entrances(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from generator.games.papirove_doupe import plan as pdp
    from generator.layout.engine import Env
    from generator.layout.ops import LineOp
    from generator.layout.sketch import Sketch
    from generator.render.metrics import ReportlabMetrics

    args = ["dungeon", "new", "--count", "2", "--seed", "11", "--format", "pdf", "--lang", "en"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    text = PdfReader(tmp_path / "dungeons-11-en-a4.pdf").pages[0].extract_text()
    assert "· G-11-1" in text and "· G-11-2" in text  # the full id under the title
    # a walled-off entrance: the wall, and a cross of two accent lines over its arrow
    sk = Sketch(Env(ReportlabMetrics()), "card")
    g = pdp.Grid(10.0, 10.0, 8.0)
    pdp.draw_walls(sk, g, ["C1|south", "B2|B3"], ["B3", "E5", "C7"])
    lines = [op for op in sk.ops if isinstance(op, LineOp)]
    accent = [op for op in lines if op.style.width < max(0.9, 8.0 * 0.11)]  # thinner than walls
    assert len(lines) == 4 and len(accent) == 2
    x, _, size = pdp._entrance(g, 2)
    assert all(x - 1 <= min(op.x1, op.x2) and max(op.x1, op.x2) <= x + size + 1 for op in accent)


def test_plan_new_refuses_a_seed_too_long_for_the_sheet(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["dungeon", "plan", "new", "--seed", "9" * 18, "--out", str(tmp_path / "p.yaml")]
    )
    one_line_error(result, "--seed: expected 0 to 99,999,999,999,999,999 (17 digits)")
    assert not (tmp_path / "p.yaml").exists()
