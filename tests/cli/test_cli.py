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


def test_single_card_pages_are_one_file_per_language(pack_dir: Path, tmp_path: Path) -> None:
    # Single-card pages are the card plus bleed on any paper: no copy per paper size.
    out = tmp_path / "out"
    args = ["build", "mypack", "--content", str(pack_dir), "--out", str(out), "--single"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.rglob("*.pdf")) == [
        "mypack-deck-cs-single.pdf",
        "mypack-deck-en-single.pdf",
    ]


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
            "name: x\nlanguages: [cs, Deutsch]\n",
            "pack.yaml:2:17: languages[1]: expected a language code like 'cs', 'en' or 'de', got 'Deutsch'",
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
            "cards.yaml:2:9: [0].text: card 'x' (line 1): text of box 'text' does not fit",
        ),
        (
            "missing-glyph",
            "cards.yaml",
            "- title: x\n  text: Drak \U0001f409\n",
            "cards.yaml:2:9: [0].text: card 'x' (line 1): text of box 'text' has characters its "
            "font cannot print: '\U0001f409' (U+1F409, not in sans-regular)",
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


# ------------------------------------------------------------- regressions found by fuzzing


def test_validate_checks_builders_like_build(pack_dir: Path) -> None:
    (pack_dir / "pack.yaml").write_text(
        "name: x\nprintables:\n  d: {kind: drawn, title: t, builder: no/such, layout: pages/document}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["validate", str(pack_dir)])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "pack.yaml:3:39: printables.d.builder: unknown builder 'no/such'; known: " in (
        result.stderr
    )


def test_validate_names_the_back_when_the_back_layout_is_wrong(pack_dir: Path) -> None:
    text = (pack_dir / "pack.yaml").read_text(encoding="utf-8")
    (pack_dir / "pack.yaml").write_text(text + "    back: mine/nope\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack_dir)])
    assert result.exit_code == 2
    assert "pack.yaml:8:11: printables.deck.back: " in result.stderr


def test_unwritable_output_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.output import files

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files, "_temp_beside", refuse)  # as root, a read-only folder is no bar
    out = tmp_path / "cal.pdf"
    result = runner.invoke(app, ["calibrate", "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"papirna: error: {out}: cannot write file: Permission denied\n"
    assert not out.exists()


def test_control_characters_in_an_error_cannot_break_the_line(tmp_path: Path) -> None:
    deck = tmp_path / "a\x1b[2Jb\nc.yaml"
    result = runner.invoke(app, ["cards", "build", str(deck), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == f"papirna: error: {tmp_path}/a\\x1b[2Jb c.yaml: file not found\n"


def test_damaged_pdf_sheet_gives_one_line_without_pypdf_chatter(tmp_path: Path) -> None:
    # pypdf logs every repair of a damaged file to stderr; only papirna's one line may appear.
    import io
    import subprocess
    import sys

    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(100, 100)
    buf = io.BytesIO()
    writer.write(buf)
    data = buf.getvalue()
    cut = data.rfind(b"startxref")
    (tmp_path / "sheet.pdf").write_bytes(data[:cut] + b"startxref\n12345\n%%EOF\n")
    code = "import sys; from generator.cli import main; sys.argv[0] = 'papirna'; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "score", "spici-bohove", "sheet.pdf"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "papirna: error: sheet.pdf: this PDF has no form fields; "
        "print it with `build` and fill the fillable variant\n"
    )


def test_score_with_a_pack_whose_sheet_lacks_a_score_label(tmp_path: Path) -> None:
    import re
    import shutil

    from generator.resources import content_dir

    pack = tmp_path / "papirove-doupe"
    shutil.copytree(content_dir() / "papirove-doupe", pack)
    text = (pack / "sheet.yaml").read_text(encoding="utf-8")
    text, n = re.subn(r"\n  cat_gems:.*(\n    .*)*", "", text)
    assert n == 1
    (pack / "sheet.yaml").write_text(text, encoding="utf-8")
    template = runner.invoke(app, ["score", "papirove-doupe", "--template"]).stdout
    (tmp_path / "eva.yaml").write_text(template, encoding="utf-8")
    args = ["score", "papirove-doupe", str(tmp_path / "eva.yaml"), "--content", str(pack)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.stdout
    assert re.fullmatch(
        r"papirna: error: \S*papirove-doupe/sheet.yaml:\d+:\d+: text: "
        r"missing cat_gems \(printed on the sheet\)\n",
        result.stderr,
    ), result.stderr


def test_campaign_errors_name_the_sheets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    template = runner.invoke(app, ["score", "papirove-doupe", "--template", "--lang", "en"]).stdout
    Path("eva.yaml").write_text(template, encoding="utf-8")
    Path("eva2.yaml").write_text(template, encoding="utf-8")
    result = runner.invoke(app, ["score", "papirove-doupe", "eva.yaml", "eva2.yaml", "--campaign"])
    assert result.exit_code == 2
    assert result.stderr == (
        "papirna: error: eva2.yaml:5:10: dungeon: player 'Player 1' has two sheets for dungeon A\n"
    )
    # A alone is the first game of a campaign: scored so far, naming what is missing
    result = runner.invoke(app, ["score", "papirove-doupe", "eva.yaml", "--campaign"])
    assert result.exit_code == 0
    assert "Player 1: A is one campaign so far" in result.stdout
    Path("eva2.yaml").write_text(template.replace("dungeon: A", "dungeon: D"), encoding="utf-8")
    result = runner.invoke(app, ["score", "papirove-doupe", "eva.yaml", "eva2.yaml", "--campaign"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "papirna: error: eva.yaml, eva2.yaml: dungeon: player 'Player 1': dungeons A, D are not "
        "one campaign ("
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("x.y.yaml", "x.y.yaml: bad layout name 'x.y'"),
        ("card.yml", "card.yml: a layout file's name must end in .yaml"),
    ],
)
def test_validate_layout_file_errors_name_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text("extends: cards/poker\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", name])
    assert result.exit_code == 2
    assert result.stderr == f"papirna: error: {expected}\n"


def test_validate_a_starter_deck(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    assert runner.invoke(app, ["cards", "init", str(deck)]).exit_code == 0
    for target in (deck, deck / "deck.yaml"):
        result = runner.invoke(app, ["validate", str(target)])
        assert result.exit_code == 0, result.stderr
        assert result.stdout.strip() == "ok: deck: 1 printables, 3 cards, 2 layouts"
    broken = tmp_path / "broken"  # another folder: layouts are cached by where they are found
    assert runner.invoke(app, ["cards", "init", str(broken)]).exit_code == 0
    (broken / "card.yaml").write_text("size: {width: 63.5mm, height: 88.9mm}\nboxs: {}\n")
    result = runner.invoke(app, ["validate", str(broken)])
    assert result.exit_code == 2
    assert result.stderr.startswith("papirna: error: ")
    assert "card.yaml:2:1: boxs: unknown key" in result.stderr
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.endswith(": no pack.yaml or deck.yaml in this folder\n")
