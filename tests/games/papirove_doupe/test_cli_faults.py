"""`papirna dungeon`: the option, file and signal faults of issue 22, each with a test."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.papirove_doupe import dungeons as dungeon_files

runner = CliRunner()


def one_line_error(result, piece: str = "") -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("papirna: error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert piece in result.stderr, result.stderr


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


# ------------------------------------------------------------------------------------ options


def test_out_empty_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["dungeon", "new", "--seed", "1", "--out", ""])
    one_line_error(result, "--out: expected a folder, got an empty name")
    assert tree(tmp_path) == []
    result = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "1", "--out", ""])
    one_line_error(result, "--out: expected a file name, got an empty name")
    assert tree(tmp_path) == []


def test_out_existing_file_says_it_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "cards.yaml"
    target.write_text("mine", encoding="utf-8")
    for fmt in ("yaml", "pdf"):
        result = runner.invoke(
            app, ["dungeon", "new", "--seed", "1", "--format", fmt, "--out", str(target)]
        )
        one_line_error(result, f"--out: {target} is a file, not a folder")
    assert target.read_text(encoding="utf-8") == "mine"
    assert tree(tmp_path) == ["cards.yaml"]


def test_help_gives_the_seed_range() -> None:
    for args in (["dungeon", "new", "--help"], ["dungeon", "plan", "new", "--help"]):
        result = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0
        assert "from 0 to 99,999,999,999,999,999" in " ".join(result.stdout.split())


def test_one_card_is_singular(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dungeon", "new", "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"papirna wrote 1 dungeon card to {tmp_path / 'dungeons-3.yaml'}\n"
    result = runner.invoke(app, ["dungeon", "check", str(tmp_path / "dungeons-3.yaml")])
    assert result.stdout.endswith(": 1 dungeon card\n"), result.stdout


# ------------------------------------------------------------------------- the band in the id


def _cards(*args: str) -> list[dict]:
    result = runner.invoke(app, ["dungeon", "new", "--format", "json", *args])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_band_is_in_the_id_and_the_file_name(tmp_path: Path) -> None:
    normal = _cards("--seed", "7", "--count", "3", "--difficulty", "normal")
    hard = _cards("--seed", "7", "--count", "3", "--difficulty", "hard")
    plain = _cards("--seed", "7", "--count", "3")
    assert [c["id"] for c in normal] == ["G-7-normal-1", "G-7-normal-2", "G-7-normal-3"]
    assert [c["id"] for c in hard] == ["G-7-hard-1", "G-7-hard-2", "G-7-hard-3"]
    assert [c["id"] for c in plain] == ["G-7-1", "G-7-2", "G-7-3"]
    assert len({c["id"] for c in normal + hard + plain}) == 9
    # any card is made again from its id alone: G-SEED-BAND-N is card N of that seed and band
    card = hard[2]
    _, seed, band, n = card["id"].split("-")
    again = _cards("--seed", seed, "--difficulty", band, "--count", n)
    assert again[-1] == card
    # the file names differ by band too, so runs of one seed do not overwrite each other
    for band in ("normal", "hard"):
        args = ["--seed", "7", "--difficulty", band, "--out", str(tmp_path)]
        result = runner.invoke(app, ["dungeon", "new", "--format", "json", *args])
        assert result.exit_code == 0, result.stderr
    runner.invoke(
        app, ["dungeon", "new", "--format", "json", "--seed", "7", "--out", str(tmp_path)]
    )
    assert tree(tmp_path) == ["dungeons-7-hard.json", "dungeons-7-normal.json", "dungeons-7.json"]


# ------------------------------------------------------------------------------ dungeon plan new


def test_plan_new_refuses_an_existing_file_without_force(tmp_path: Path) -> None:
    target = tmp_path / "plan.yaml"
    target.write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3", "--out", str(target)])
    one_line_error(result, f"--out: {target} exists; add --force to overwrite it")
    assert target.read_text(encoding="utf-8") == "mine\n"
    result = runner.invoke(
        app, ["dungeon", "plan", "new", "--seed", "3", "--out", str(target), "--force"]
    )
    assert result.exit_code == 0, result.stderr
    assert target.read_text(encoding="utf-8").startswith("# Papírové doupě: a dungeon plan")
    result = runner.invoke(app, ["dungeon", "plan", "new", "--seed", "3", "--out", str(tmp_path)])
    one_line_error(result, "is a folder, not a file")


# --------------------------------------------------------------------------------- dungeon check


def _card(**fields: object) -> dict:
    card = {
        "id": "P",
        "campaign": "t",
        "title": "t",
        "story": "s",
        "monsters": ["gnawing-swarm", "moss-troll", "ruin-basilisk"],
        "positions": ["B3", "C5", "A6"],
        "walls": [],
    }
    card.update(fields)
    return card


def test_check_refuses_a_pocket_behind_another_entrance(tmp_path: Path) -> None:
    # {D1, D2, E1, E2} is walled off from the rest but open to the south through D1 and E1:
    # a party entering there never meets the monsters, one entering elsewhere never gets there
    pocket = ["C1|D1", "C2|D2", "D2|D3", "E2|E3", "E1|F1", "E2|F2"]
    path = tmp_path / "pocket.json"
    path.write_text(json.dumps([_card(walls=pocket)]), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1, result.stdout
    lines = result.stdout.splitlines()
    assert lines == [
        f"{path}:1: card P: walls: walls split the dungeon: D1, E1, D2, E2 can be reached only "
        "through entrances D1, E1, not on the walk to the monsters",
        "1 problem in 1 of 1 cards",
    ]
    # walling the pocket's entrances too makes its rooms sealed, which is allowed when declared
    sealed = _card(walls=[*pocket, "D1|south", "E1|south"], sealed=["D1", "D2", "E1", "E2"])
    path.write_text(json.dumps([sealed]), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert "split" not in result.stdout


def test_check_refuses_an_unfilled_placeholder(tmp_path: Path) -> None:
    card = _card(title={"cs": "{place} pána", "en": "The Keep"}, story="Dobře.")
    path = tmp_path / "title.json"
    path.write_text(json.dumps([card], indent=1), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1, result.stdout
    assert "card P: title.cs: unfilled placeholder {place} in the title" in result.stdout


def _write_cards(tmp_path: Path, n: int, fmt: str) -> Path:
    result = runner.invoke(
        app,
        [
            "dungeon",
            "new",
            "--seed",
            "5",
            "--count",
            str(n),
            "--format",
            fmt,
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.stderr
    return tmp_path / f"dungeons-5.{fmt}"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_check_reads_a_file_over_the_limit_in_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    path = _write_cards(tmp_path, 40, fmt)
    monkeypatch.setattr(dungeon_files, "MAX_FILE_BYTES", 2000)  # 40 cards: far over it
    assert path.stat().st_size > 2000
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == f"ok: {path}: 40 dungeon cards\n"
    # a broken card deep in the file is reported at its own line
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if '"G-5-33"' in line or "id: G-5-33" in line)
    if fmt == "yaml":
        at = next(i for i in range(at, len(lines)) if lines[i].startswith("  positions:"))
        lines[at] = lines[at].split("[")[0] + "[A2, B3, C4]\n"  # A2 is a teleport
    else:
        lines[at] = lines[at].replace('"positions": ["', '"positions": ["A2", "')
        lines[at] = lines[at].replace(
            '"A2", "' + lines[at].split('"A2", "')[1].split('"')[0] + '", ', '"A2", ', 1
        )
    path.write_text("".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 1, result.stdout + result.stderr
    assert (
        f"{path}:{at + 1}: card G-5-33: positions[0]: monster 1 stands on the teleport in A2"
        in (result.stdout)
    ), result.stdout


def test_check_reports_a_broken_piece_with_the_file_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write_cards(tmp_path, 10, "yaml")
    monkeypatch.setattr(dungeon_files, "MAX_FILE_BYTES", 2000)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if line.startswith("  difficulty:")][6]
    lines[at] = "  dificulty: 3\n"
    path.write_text("".join(lines), encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    one_line_error(result, f"{path}:{at + 1}:3: [0].dificulty: unknown key")
    path.write_text("{id: X}\n" + "#" * 3000 + "\n", encoding="utf-8")
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    one_line_error(result, "can be read only as a list written item after item")


def test_check_a_file_over_four_mebibytes(tmp_path: Path) -> None:
    # Over the real limit, not a patched one. 6000 generated cards make 4.8 MB but take half a
    # minute to check (their difficulty is worked out again); 300 cards, each followed by
    # 15 kB of a player's notes in comments (as YAML allows between list items), make 4.8 MB too.
    path = _write_cards(tmp_path, 300, "yaml")
    notes = "".join(
        f"# game {k}: we took the left door, two wounds, Eva kept the map\n" for k in range(240)
    )
    text = path.read_text(encoding="utf-8").replace("\n- id: ", f"\n{notes}- id: ")
    path.write_text(text + notes, encoding="utf-8")
    assert path.stat().st_size > 4 * 1024 * 1024
    result = runner.invoke(app, ["dungeon", "check", str(path)])
    assert result.exit_code == 0, result.stdout[-2000:] + result.stderr
    assert result.stdout == f"ok: {path}: 300 dungeon cards\n"


# ---------------------------------------------------------------------------- signals clean up


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_new_leaves_nothing_behind(tmp_path: Path, sig: int) -> None:
    out = tmp_path / "new" / "cards"
    cmd = [sys.executable, "-c", "from generator.cli import main; main()"]
    cmd += ["dungeon", "new", "--count", "1000000", "--seed", "3", "--out", str(out)]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # a background job of a shell inherits SIGINT ignored (and so would papirna): give the
        # child the default, as a terminal's Ctrl-C finds it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(out.glob(".*.tmp")):
        time.sleep(0.02)
    assert any(out.glob(".*.tmp")), "the temp file never appeared"
    time.sleep(0.2)  # well into writing
    os.kill(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert err == f"papirna: error: {'terminated' if sig == signal.SIGTERM else 'interrupted'}\n"
    assert tree(tmp_path) == []  # no temp file, no new folders
