"""`--pack` and `--ink` on `papirna build` and `papirna cards build`."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def test_build_pack_writes_one_file_for_the_decks_that_share_sheets(tmp_path: Path) -> None:
    args = ["build", "papirove-doupe", "--lang", "en", "--paper", "letter", "--out", str(tmp_path)]
    result = runner.invoke(app, [*args, "--pack", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "papirove-doupe").glob("*.pdf"))
    assert "papirove-doupe-cards-en-letter.pdf" in names
    assert not [n for n in names if n.split("-")[2] in ("monsters", "quests", "dungeons")]
    assert "Monsters + Quests" in result.output  # the summary says which decks it holds


def test_cards_build_takes_both_options(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(folder)]).exit_code == 0
    out = tmp_path / "out"
    args = ["cards", "build", str(folder / "deck.yaml"), "--paper", "a4", "--out", str(out)]
    result = runner.invoke(app, [*args, "--pack", "--ink", "low", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    # one deck has nothing to share its sheets with: it keeps its own file
    assert (out / "deck" / "deck-cards-en-a4.pdf").is_file()


def test_bad_words_are_one_line_errors(tmp_path: Path) -> None:
    base = ["build", "spici-bohove", "--out", str(tmp_path)]
    result = runner.invoke(app, [*base, "--ink", "none"])
    assert result.exit_code == 2
    assert "--ink: expected normal or low, got 'none'" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(app, [*base, "--pack", "--single"])
    assert result.exit_code == 2
    assert "--pack: not with --single" in result.output
    assert not tmp_path.joinpath("spici-bohove").exists()
