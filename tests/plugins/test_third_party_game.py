"""A game from outside papirna (tests/plugins/lucky_seven) works like a built-in one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.plugins import games

runner = CliRunner()


def test_the_plugin_is_discovered_by_its_entry_point(plugin_site: Path) -> None:
    assert "lucky-seven" in games()
    result = runner.invoke(app, ["games", "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    assert "lucky-seven" in result.stdout and "Lucky Seven" in result.stdout


def test_it_is_gone_when_not_installed() -> None:
    assert "lucky-seven" not in games()
    result = runner.invoke(app, ["build", "lucky-seven", "--out", "/nonexistent"])
    assert result.exit_code == 2
    assert "unknown game 'lucky-seven'" in result.stderr


def test_build_renders_its_deck_and_drawn_sheet(plugin_site: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "lucky-seven", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    names = sorted(p.name for p in (out / "lucky-seven").iterdir())
    # 2 printables x 2 languages x 2 papers
    assert len(names) == 8
    assert "lucky-seven-bonus-cs-a4.pdf" in names and "lucky-seven-sheet-en-letter.pdf" in names
    deck = PdfReader(str(out / "lucky-seven" / "lucky-seven-bonus-en-a4.pdf"))
    text = deck.pages[0].extract_text()
    # twins twice (count: 2) and snake eyes once
    assert text.count("Twins") == 2 and text.count("Snake eyes") == 1
    sheet = PdfReader(str(out / "lucky-seven" / "lucky-seven-sheet-cs-a4.pdf"))
    assert "Šťastná sedmička" in sheet.pages[0].extract_text()


def test_validate_checks_its_pack(plugin_site: Path) -> None:
    pack = plugin_site / "lucky_seven" / "pack"
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 0, result.stderr
    (pack / "cards.yaml").write_text("- id: x\n  name: X\n  text: X\n  glory: 99\n", "utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 2
    assert "cards.yaml:4" in result.stderr and "glory" in result.stderr


def test_score_uses_its_rule(plugin_site: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "eva.yaml"
    sheet.write_text("player: Eva\nrolls: [7, 3, 12, 7]\ncards: 2\n", "utf-8")
    result = runner.invoke(app, ["score", "lucky-seven", str(sheet), "--json"])
    assert result.exit_code == 0, result.stderr
    player = json.loads(result.stdout)["players"][0]
    # rolls: 7 doubled + 3 + 12 + 7 doubled = 14 + 3 + 12 + 14 = 43; cards: 2 x 3 = 6
    assert player["categories"] == {"rolls": 43, "cards": 6}
    assert player["total"] == 49


def test_score_reports_an_impossible_roll_at_its_line(plugin_site: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "bad.yaml"
    sheet.write_text("player: Jan\nrolls:\n  - 7\n  - 13\n", "utf-8")
    result = runner.invoke(app, ["score", "lucky-seven", str(sheet)])
    assert result.exit_code == 2
    assert "bad.yaml:4" in result.stderr and "2..12, got 13" in result.stderr
    result = runner.invoke(app, ["score", "lucky-seven", str(sheet), "--campaign"])
    assert result.exit_code == 2 and "stands alone" in result.stderr


def test_the_installed_command_finds_it_too(plugin_site: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(plugin_site)}
    command = Path(sys.executable).parent / "papirna"
    done = subprocess.run(
        [str(command), "games", "--lang", "en"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "lucky-seven" in done.stdout
