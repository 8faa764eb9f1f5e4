"""`papirna roll`: the game dice from the content packs, rerolls of invalid rolls, plain dice,
repeatable seeds and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from generator.resources import content_dir

runner = CliRunner()


def _json(args: list[str]) -> dict:
    result = runner.invoke(app, ["roll", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_plain_dice_are_repeatable() -> None:
    a = _json(["3d6+2", "--seed", "5"])
    assert a == _json(["3d6+2", "--seed", "5"])
    assert len(a["rolls"]) == 3 and all(1 <= r <= 6 for r in a["rolls"])
    assert a["total"] == sum(a["rolls"]) + 2
    assert 0 < a["at_least"] <= 1


def test_plain_dice_printed() -> None:
    result = runner.invoke(app, ["roll", "2d6", "--seed", "1"])
    assert result.exit_code == 0
    assert result.stdout.startswith("2d6: [") and "average 7" in result.stdout
    assert "(seed 1)" in result.stdout


def _pd_dice() -> list[dict]:
    data = yaml.safe_load((content_dir() / "papirove-doupe" / "dice.yaml").read_text("utf-8"))
    return data["dice"]


def _invalid(faces: list[dict]) -> bool:
    symbols = [f["symbol"] for f in faces]
    return symbols.count("skull") >= 3 or symbols.count("clover") >= 3


def test_papirove_doupe_rolls_the_six_dice_of_the_pack() -> None:
    out = _json(["papirove-doupe", "--seed", "3"])
    assert out == _json(["papirove-doupe", "--seed", "3"])
    dice = _pd_dice()
    last = out["attempts"][-1]["faces"]
    assert [f["die"] for f in last] == [d["number"] for d in dice]
    for face, die in zip(last, dice, strict=True):
        assert {
            "symbol": face["symbol"],
            **({"color": face["color"]} if face["color"] else {}),
        } in die["faces"]
    assert out["attempts"][-1]["invalid"] is None


def test_invalid_rolls_are_rolled_again_and_shown() -> None:
    seen = None
    for seed in range(200):
        out = _json(["papirove-doupe", "--seed", str(seed)])
        if len(out["attempts"]) > 1:
            seen = seed, out
            break
    assert seen is not None, "no reroll in 200 seeds"
    seed, out = seen
    for attempt in out["attempts"][:-1]:
        assert _invalid(attempt["faces"]) and attempt["invalid"]
    assert not _invalid(out["attempts"][-1]["faces"])
    text = runner.invoke(app, ["roll", "papirove-doupe", "--seed", str(seed)]).stdout
    assert "roll 1:" in text and "invalid" in text and "roll again" in text
    assert "[skull]" in text


def test_runebound_terrain_dice() -> None:
    data = yaml.safe_load((content_dir() / "runebound" / "dice.yaml").read_text("utf-8"))
    out = _json(["runebound", "--seed", "2"])
    assert len(out["dice"]) == len(data["dice"])
    for rolled, die in zip(out["dice"], data["dice"], strict=True):
        assert rolled["die"] == die["id"] and rolled["face"] in die["faces"]
    for terrain, n in out["moves"].items():
        assert n == sum(terrain in d["face"] for d in out["dice"])
    assert len(_json(["runebound", "--count", "4", "--seed", "2"])["dice"]) == 4
    text = runner.invoke(app, ["roll", "runebound", "--seed", "2"]).stdout
    assert "[" in text and "|" in text and "dice showing each terrain" in text


def test_runebound_ten_sided_dice() -> None:
    out = _json(["runebound", "2d10", "--seed", "4"])
    assert out["dice"] == "2d10" and len(out["rolls"]) == 2
    assert all(1 <= r <= 10 for r in out["rolls"])


def test_terrain_dice_from_a_pack_folder(tmp_path: Path) -> None:
    """A user pack named runebound with only a dice.yaml in the agreed shape."""
    root = tmp_path / "runebound"
    root.mkdir()
    (root / "pack.yaml").write_text("name: {cs: Test, en: Test}\nprintables: {}\n", "utf-8")
    dice = {
        "dice": [{"id": f"t{i}", "faces": [["river"]] * 5 + [["river", "road"]]} for i in range(3)]
    }
    (root / "dice.yaml").write_text(yaml.safe_dump(dice), "utf-8")
    result = runner.invoke(
        app, ["roll", "runebound", "--content", str(root), "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert [d["die"] for d in out["dice"]] == ["t0", "t1", "t2"]
    assert out["moves"]["river"] == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game or dice 'chess'"),
        (["2d0"], "2 to 1000 sides"),
        (["d6+"], "cannot read dice"),
        (["2d6", "--seed", "x"], "--seed: expected a whole number"),
        (["2d6", "--seed", "-1"], "--seed: expected 0 or more"),
        (["runebound", "--count", "9"], "0 to 5 terrain dice"),
        (["papirove-doupe", "--count", "3"], "always rolls all its dice"),
        (["2d6", "3d6"], "one dice expression"),
    ],
)
def test_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["roll", *args])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
