"""The engine packages and the CLI core name no game and import no game module (issue 15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.plugins import games

ROOT = Path(__file__).resolve().parents[1] / "generator"
ENGINE = ["content", "layout", "render", "output", "cli", "plugins.py", "resources.py", "units.py"]
NAMES = re.compile(r"papirove|runebound|pji|spici|gamebook|generator\.games", re.IGNORECASE)


def offending_lines(root: Path) -> list[str]:
    """Every line of the engine's sources that names a game or imports a game module."""
    found = []
    for part in ENGINE:
        path = root / part
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if NAMES.search(line):
                    found.append(f"{f.relative_to(root)}:{n}: {line.strip()}")
    return found


def test_the_engine_names_no_game() -> None:
    assert offending_lines(ROOT) == []


def test_the_check_finds_a_planted_game_name(tmp_path: Path) -> None:
    for part in ENGINE:
        if part.endswith(".py"):
            (tmp_path / part).write_text('"""fine"""\n', encoding="utf-8")
        else:
            (tmp_path / part).mkdir()
    (tmp_path / "layout" / "bad.py").write_text(
        "from generator.games.runebound import board\n", encoding="utf-8"
    )
    assert offending_lines(tmp_path) == [
        "layout/bad.py:1: from generator.games.runebound import board"
    ]


@pytest.mark.parametrize(
    "game", ["papirove-doupe", "pji-nezlob-se", "runebound", "spici-bohove", "gamebook"]
)
def test_each_builtin_game_registers_through_its_entry_point(game: str) -> None:
    found = games()[game]
    assert found.id == game
    assert found.content is not None and (found.content / "pack.yaml").is_file()
    assert found.schemas is not None and found.builders is not None
    assert all(name.startswith(f"{game}/") for name in found.builders())
