"""Papírové doupě models refuse what their builders cannot print: missing texts and plan ids."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from generator.cli import app
from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.games.papirove_doupe import dice as papirove_doupe_dice
from generator.games.papirove_doupe import sheet as papirove_doupe_sheet
from generator.games.papirove_doupe.models import (
    DICE_TEXT_KEYS,
    SHEET_TEXT_KEYS,
    Plan,
    SheetData,
)
from generator.games.papirove_doupe.sheet import sheet_ops
from generator.layout.engine import Env
from generator.layout.spec import load_layout
from generator.render.metrics import ReportlabMetrics
from generator.resources import content_dir

runner = CliRunner()
PACK = content_dir() / "papirove-doupe"


def _printed_keys(module: object) -> set[str]:
    """The text keys a builder module looks up literally: t["key"] or t['key']."""
    source = Path(module.__file__).read_text(encoding="utf-8")
    return set(re.findall(r"""\bt\[["']([a-z0-9_]+)["']\]""", source))


def test_required_keys_cover_what_the_builders_print() -> None:
    sheet = _printed_keys(papirove_doupe_sheet)
    assert {"potions", "round", "range", "resurrection", "wound_rule"} <= sheet
    assert sheet <= set(SHEET_TEXT_KEYS)
    # the score table's labels: t[f"cat_{cat}"] for every category, written out here by hand
    cats = ["monster1", "monster2", "monster3", "lowest", "level6", "halves", "item_bonus"]
    cats += ["gems", "minions", "wounds", "resurrection", "ability", "goals", "quests"]
    assert {f"cat_{c}" for c in cats} <= set(SHEET_TEXT_KEYS)
    dice = _printed_keys(papirove_doupe_dice) | {
        "adventurer", "skull", "clover", "boots", "invalid",  # the legend, looked up in a loop
    }  # fmt: skip
    assert dice <= set(DICE_TEXT_KEYS)


def _pack_without(tmp_path: Path, file: str, key: str) -> tuple[Path, int]:
    """A copy of the pack whose `file` lacks text key `key`; and the line of text's first key."""
    pack = tmp_path / "papirove-doupe"
    shutil.copytree(PACK, pack)
    lines = (pack / file).read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith(f"  {key}:"))
    end = start + 1
    while end < len(lines) and lines[end].startswith("    "):  # a value on the lines below
        end += 1
    del lines[start:end]
    (pack / file).write_text("".join(lines), encoding="utf-8")
    first = next(i for i, ln in enumerate(lines) if ln.rstrip() == "text:") + 2  # 1-based, next
    return pack, first


@pytest.mark.parametrize(
    ("file", "key", "printable"),
    [
        ("sheet.yaml", "potions", "sheet"),
        ("sheet.yaml", "cat_gems", "sheet"),
        ("sheet.yaml", "wound_rule", "sheet"),
        ("dice.yaml", "adventurer", "dice pages"),
        ("dice.yaml", "nets", "dice pages"),
    ],
)
def test_missing_text_is_one_line_naming_file_line_and_key(
    tmp_path: Path, file: str, key: str, printable: str
) -> None:
    pack, line = _pack_without(tmp_path, file, key)
    out = tmp_path / "out"
    args = ["build", "papirove-doupe", "--content", str(pack), "--lang", "cs", "--paper", "a4"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    (message,) = result.stderr.splitlines()
    assert message.startswith("papirna: error: ")
    assert message.endswith(f"{file}:{line}:3: text: missing {key} (printed on the {printable})")
    assert not out.exists()


def test_sheet_data_without_text_is_refused() -> None:
    doc = load_yaml_file(PACK / "sheet.yaml")
    data = {k: v for k, v in doc.data.items() if k != "text"}
    with pytest.raises(ValidationError, match="text"):
        SheetData.model_validate(data)


@pytest.mark.parametrize(
    "plan_id",
    [
        "standard",
        "generated-123456",
        "generated-0",
        "generated-" + "9" * 17,
        "a",
        "my-plan-2",
        "w" * 17,
        "m" * 17,
    ],
)
def test_plan_ids_that_fit(plan_id: str) -> None:
    assert Plan.model_validate({"id": plan_id}).id == plan_id


@pytest.mark.parametrize(
    ("plan_id", "why"),
    [
        ("x" * 500, "at most 17 characters fit on the sheet"),
        ("m" * 18, "at most 17 characters fit on the sheet"),
        ("generated-" + "9" * 18, "at most 17 characters fit on the sheet"),
        ("generated-1234567a", "at most 17 characters fit on the sheet"),
        ("My_Plan", "lowercase letters, digits and single hyphens"),
        ("a--b", "lowercase letters, digits and single hyphens"),
        ("-a", "lowercase letters, digits and single hyphens"),
        ("a-", "lowercase letters, digits and single hyphens"),
        ("", "lowercase letters, digits and single hyphens"),
        ("plán", "lowercase letters, digits and single hyphens"),
        ("a b", "lowercase letters, digits and single hyphens"),
    ],
)
def test_plan_ids_refused(plan_id: str, why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        Plan.model_validate({"id": plan_id})


@pytest.mark.parametrize("plan_id", ["w" * 17, "m" * 17, "generated-" + "8" * 17])
def test_longest_plan_ids_fit_the_sheet(plan_id: str) -> None:
    # The widest corner text: Letter, a fillable sheet ('PD-<id>-letter-cs-F').
    data = validate(SheetData, load_yaml_file(PACK / "sheet.yaml"))
    plan = validate(Plan, load_yaml_file(PACK / "plan.yaml")).model_copy(update={"id": plan_id})
    env = Env(ReportlabMetrics(), pack_root=PACK, fillable=True)
    layout = load_layout("papirove-doupe/sheet", [])
    for lang in ("cs", "en"):
        assert sheet_ops(layout, data, plan, env, lang, f"PD-{plan_id}-letter-{lang}-F")


def test_long_plan_id_is_blamed_on_the_plan_file(tmp_path: Path) -> None:
    made = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3"])
    assert made.exit_code == 0, made.stderr
    lines = made.stdout.splitlines(keepends=True)
    line = next(i for i, ln in enumerate(lines) if ln.startswith("id: ")) + 1
    lines[line - 1] = "id: " + "x" * 500 + "\n"
    plan = tmp_path / "plan.yaml"
    plan.write_text("".join(lines), encoding="utf-8")
    out = tmp_path / "out"
    args = ["build", "papirove-doupe", "--plan", str(plan), "--lang", "cs", "--paper", "a4"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 2
    (message,) = result.stderr.splitlines()
    assert message.endswith(
        f"plan.yaml:{line}:5: id: at most 17 characters fit on the sheet "
        "(or generated-SEED with up to 17 digits), got 500"
    )
    assert not out.exists()


def test_generated_plan_with_a_long_seed_builds(tmp_path: Path) -> None:
    plan = tmp_path / "plan.yaml"
    made = runner.invoke(
        app, ["dungeon", "plan", "new", "--seed", "99999999999999999", "--out", str(plan)]
    )
    assert made.exit_code == 0, made.stderr
    assert "id: generated-99999999999999999\n" in plan.read_text(encoding="utf-8")
    out = tmp_path / "out"
    args = ["build", "papirove-doupe", "--plan", str(plan), "--lang", "en", "--paper", "letter"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert (out / "papirove-doupe" / "papirove-doupe-sheet-fillable-en-letter.pdf").is_file()
