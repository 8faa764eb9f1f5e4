"""The console script's entry point: command-line mistakes as one line on stderr, exit code 2."""

from __future__ import annotations

import sys

import pytest

from generator.cli import main


def run_main(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Run `papirna ARGS` through main(); (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["papirna", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["build", "--lang", "de"],
            "papirna: error: --lang: no game here has 'de' text; their languages: cs, en",
        ),
        (
            ["fight", "-s", "10"],
            "papirna: error: Missing option '--armour-value' / '-a'. (see 'papirna fight --help')",
        ),
        (["nosuch"], "papirna: error: No such command 'nosuch'. (see 'papirna --help')"),
        (
            ["dungeon", "new", "--difficulty", "brutal"],
            "papirna: error: --difficulty: expected one of easy, normal, hard, got 'brutal'",
        ),
    ],
)
def test_usage_mistakes_are_one_line(monkeypatch, capsys, tmp_path, args, expected):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(monkeypatch, capsys, *args)
    assert code == 2
    assert out == ""
    assert err.splitlines() == [expected]
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_bad_number_names_the_option(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_main(monkeypatch, capsys, "build", "--dpi", "many")
    assert code == 2
    assert len(err.splitlines()) == 1
    assert err.startswith("papirna: error: Invalid value for '--dpi': ")
    assert "Traceback" not in err


def test_success_and_version_exit_zero(monkeypatch, capsys):
    code, out, err = run_main(monkeypatch, capsys, "--version")
    assert (code, err) == (0, "")
    assert out.startswith("papirna ")
    code, out, _ = run_main(monkeypatch, capsys, "roll", "2d6", "--seed", "1")
    assert code == 0
    assert "2d6" in out


def test_a_content_error_keeps_its_own_line(monkeypatch, capsys, tmp_path):
    (tmp_path / "pack.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    code, _, err = run_main(monkeypatch, capsys, "validate", str(tmp_path))
    assert code == 2
    assert len(err.splitlines()) == 1
    assert err.startswith("papirna: error: ")
    assert "pack.yaml:" in err
