"""The CLI as a user meets it: exit codes, stdout, stderr and the files left behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import __version__
from generator.cli import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"papirna {__version__}"


def test_games_lists_all_builtin_games() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.stderr
    for game in ("papirove-doupe", "pji-nezlob-se", "runebound", "spici-bohove", "gamebook"):
        assert game in result.stdout


def test_build_user_pack(pack_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "build",
            "mypack",
            "--content",
            str(pack_dir),
            "--out",
            str(out),
            "--lang",
            "cs",
            "--paper",
            "a4",
        ],
    )
    assert result.exit_code == 0, result.stderr
    files = sorted(p.name for p in out.rglob("*.pdf"))
    assert files == ["mypack-deck-cs-a4.pdf"]
    assert "mypack-deck-cs-a4.pdf" in result.stdout


def test_unknown_game_is_one_line_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "chess", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "unknown game 'chess'" in result.stderr
    assert not list(tmp_path.iterdir())


def test_validate_builtin() -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.stderr
    assert "ok: papirove-doupe" in result.stdout


def _breakers() -> list[tuple[str, str, str, str]]:
    """(case, file to write, its text, expected piece of the error): ten kinds of bad input."""
    return [
        ("yaml-syntax", "cards.yaml", "- title: [unclosed\n", "cards.yaml:2:1: invalid YAML"),
        (
            "wrong-type",
            "cards.yaml",
            "- title: x\n  count: many\n",
            "cards.yaml:2:10: [0].count: count must be a whole number",
        ),
        (
            "unknown-key",
            "pack.yaml",
            "name: x\ncolour: red\n",
            "pack.yaml:2:1: colour: unknown key",
        ),
        (
            "missing-field",
            "pack.yaml",
            "printables: {}\n",
            "pack.yaml:1:1: name: missing required field",
        ),
        (
            "missing-file",
            "pack.yaml",
            "name: x\nprintables:\n  d: {kind: deck, title: t, cards: nope.yaml, layout: mine/card}\n",
            "pack.yaml:3:36: printables.d.cards: file 'nope.yaml' not found",
        ),
        (
            "leaves-pack",
            "pack.yaml",
            "name: x\nprintables:\n  d: {kind: deck, title: t, cards: ../x.yaml, layout: mine/card}\n",
            "may not leave the pack",
        ),
        (
            "absolute-path",
            "pack.yaml",
            "name: x\nprintables:\n  d: {kind: deck, title: t, cards: /etc/passwd, layout: mine/card}\n",
            "must be relative to the pack",
        ),
        (
            "bad-enum",
            "pack.yaml",
            "name: x\nlanguages: [cs, de]\n",
            "pack.yaml:2:17: languages[1]: expected one of cs, en, got 'de'",
        ),
        ("alias-bomb", "cards.yaml", _bomb(), "alias bomb"),
        (
            "absurd-size",
            "layouts/mine/card.yaml",
            "size: {width: 5000mm, height: 10mm}\n",
            "card.yaml:1:15: size.width: length '5000mm' is larger than 2000mm",
        ),
        (
            "missing-translation",
            "cards.yaml",
            "- title: {cs: Ahoj}\n",
            "cards.yaml:1:10: [0].title: no 'en' translation",
        ),
        ("not-utf8", "cards.yaml", b"- title: \xff\xfe\n".decode("latin-1"), "not UTF-8"),
        (
            "text-overflow",
            "cards.yaml",
            "- title: x\n  text: " + "slovo " * 400 + "\n",
            "cards.yaml:2:9: [0].text: deck card '1': text of box 'text' does not fit",
        ),
    ]


def _bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghij":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    return "- " + "\n  ".join(lines) + "\n"


@pytest.mark.parametrize(
    ("case", "target", "text", "expected"), _breakers(), ids=[b[0] for b in _breakers()]
)
def test_bad_content_gives_one_line_and_no_file(
    pack_dir: Path, tmp_path: Path, case: str, target: str, text: str, expected: str
) -> None:
    path = pack_dir / target
    if case == "not-utf8":
        path.write_bytes(text.encode("latin-1"))
    else:
        path.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--content", str(pack_dir), "--out", str(out), "mypack"])
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("papirna: error: ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert expected in result.stderr
    assert not out.exists() or not any(out.rglob("*"))


def test_validate_reports_same_error_as_build(pack_dir: Path) -> None:
    (pack_dir / "cards.yaml").write_text("- title: x\n  bogus: [1\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack_dir)])
    assert result.exit_code == 2
    assert "cards.yaml:" in result.stderr and "invalid YAML" in result.stderr
