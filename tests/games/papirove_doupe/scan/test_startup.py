"""`papirna score papirove-doupe` loads only what scoring needs: no PDF rendering, no other game's
modules, no other command's. Run in fresh processes, as a player runs it (a test process has
imported everything already); the second run of each finds the caches filled by the first."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.plugins import games
from tests.games.papirove_doupe.scan.test_score_scan import SHEET

# what scoring never needs: rendering, printing, the web app, other commands, help formatting
NEVER = (
    "reportlab",
    "pypdf",
    "pypdfium2",
    "fontTools",
    "pyphen",
    "svglib",
    "segno",
    "python_calamine",
    "watchfiles",
    "starlette",
    "uvicorn",
    "jinja2",
    "markdown_it",
    "generator.render",
    "generator.output",
    "generator.layout",
    "generator.serve",
    "typer.rich_utils",
    *(
        f"generator.cli.{c}"
        for c in ("build", "printing", "cards", "lint", "serve", "roll", "validate", "games")
    ),
    *(f"generator.cli.{c}" for c in ("calibrate",)),
    # Papírové doupě's own modules for printing, dungeon cards and its commands
    *(
        f"generator.games.papirove_doupe.{m}"
        for m in ("cli", "dungeon_gen", "dungeon_sim", "dungeons", "plan_box", "sheet", "dice")
    ),
    *(f"generator.games.papirove_doupe.{m}" for m in ("roll", "pack_hooks", "rating_weights")),
)

RUN = """
import atexit, json, os, sys
atexit.register(lambda: open(os.environ["MODULES_OUT"], "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["papirna", *sys.argv[1:]]
from generator.cli import main
main()
"""


def _run(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    out = tmp_path / "modules.json"
    env = dict(os.environ, PAPIRNA_CACHE=str(tmp_path / "cache"), MODULES_OUT=str(out))
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, timeout=300
    )
    return done, set(json.loads(out.read_text(encoding="utf-8")))


def _other_games(modules: set[str]) -> list[str]:
    """Other games' own modules (a game's package itself is its plugin entry, always imported)."""
    others = [
        f"generator.games.{gid.replace('-', '_')}." for gid in games() if gid != "papirove-doupe"
    ]
    return sorted(m for m in modules if any(m.startswith(o) for o in others))


def _unwanted(modules: set[str]) -> list[str]:
    """The modules scoring should not have imported: NEVER, and other games' own modules."""
    never = {m for m in modules if any(m == n or m.startswith(n + ".") for n in NEVER)}
    return sorted(never | set(_other_games(modules)))


def test_the_unwanted_list_catches_what_a_full_start_up_imports(tmp_path: Path) -> None:
    """Planted: `papirna --help` makes every command, which imports some of the modules."""
    done, modules = _run(["--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    found = _unwanted(modules)
    assert "typer.rich_utils" in found and "generator.cli.build" in found
    assert "generator.games.papirove_doupe.cli" in found


def test_scoring_a_typed_sheet_imports_no_printing_and_no_other_game(tmp_path: Path) -> None:
    sheet = tmp_path / "anna.yaml"
    sheet.write_text(yaml.safe_dump({**SHEET, "player": "Anna"}), encoding="utf-8")
    for _ in range(2):  # the first run fills the pack cache, the second reads it
        done, modules = _run(["score", "papirove-doupe", str(sheet), "--json"], tmp_path)
        assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["player"] == "Anna"
    assert "generator.games.papirove_doupe.score" in modules
    # with the pack cache, not even the other games' data models (their schemas) are needed
    assert _unwanted(modules) == []
    assert "numpy" not in modules and "cv2" not in modules  # the photo reader's, for photos only


def test_scoring_a_photo_imports_no_printing_and_no_other_game(
    pd_pack, sheet_kind, tmp_path: Path
) -> None:
    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(3)
    page, offset = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    marked = synth.random_fill(sheet_kind, rng)
    page = synth.fill_page(
        page, 6.0, sheet_kind, synth.mark_styles(sheet_kind, marked, rng), offset, rng
    )
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=6.0, angle=3, jpeg=90))
    path = tmp_path / "rehor.jpg"
    photo.save(path, quality=90)
    for run in range(2):  # the first run fills the reader's and the pack's caches
        done, modules = _run(["score", "papirove-doupe", str(path), "--json"], tmp_path)
        assert done.returncode == 0, done.stderr
        if run == 0:  # a new user's first photo: the pack loaded from its YAML, the sheet drawn
            assert "yaml" in modules and "generator.games.papirove_doupe.sheet" in modules
            assert _other_games(modules) == []  # no other game's data models
            assert not [m for m in modules if m.startswith("generator.output")]  # nor the build
    assert json.loads(done.stdout)["players"][0]["sheet"].startswith("PD-")
    assert "cv2" in modules and "generator.games.papirove_doupe.scan.read" in modules
    assert _unwanted(modules) == []
    assert "yaml" not in modules  # a photo with the pack cached needs no YAML parser


@pytest.mark.parametrize("command", ["score", "dungeon", "fight", "roll"])
def test_a_command_runs_without_the_others_being_made(command: str, tmp_path: Path) -> None:
    """Each command is made when asked for: its --help is the same as from the full app."""
    from typer.testing import CliRunner

    from generator.cli import app

    done, modules = _run([command, "--help"], tmp_path)
    assert done.returncode == 0, done.stderr
    full = CliRunner().invoke(app, [command, "--help"], terminal_width=80)
    assert full.exit_code == 0
    assert " ".join(done.stdout.split()) == " ".join(full.stdout.split())
    made = {f"generator.cli.{c}" for c in ("build", "cards", "lint", "serve", "games")}
    assert not made & modules, f"{command} made other commands"
    if command in ("score", "roll"):  # built in: the games' own commands are not made
        assert "generator.games.papirove_doupe.cli" not in modules
