"""`build --file KEY=FILE` swaps a printable's data file, checked by that file's schema."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.resources import content_dir

runner = CliRunner()


def test_file_option_needs_key_and_file(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["build", "papirove-doupe", "--file", "plan", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.stderr == "papirna: error: --file: expected KEY=FILE, got 'plan'\n"


def test_file_option_refuses_a_key_no_printable_has(tmp_path: Path) -> None:
    plan = content_dir() / "papirove-doupe" / "plan.yaml"
    args = ["build", "runebound", "--file", f"plan={plan}", "--out", str(tmp_path / "o")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "no printable of these games has a data file 'plan'" in result.stderr
    assert not (tmp_path / "o").exists()


def test_file_option_checks_the_file_by_its_schema(tmp_path: Path) -> None:
    bad = tmp_path / "plan.yaml"
    bad.write_text("id: x\ncolumns: 3\n", encoding="utf-8")
    args = ["build", "papirove-doupe", "--file", f"plan={bad}", "--out", str(tmp_path / "o")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "plan.yaml:" in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "o").exists()
