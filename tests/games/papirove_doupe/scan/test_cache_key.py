"""The reader's cache key changes with every kind of file the box map and blank raster are made
from: the pack's own files, the built-in layouts, the assets (fonts, icons) and papirna's code."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator
from generator.resources import assets_dir, layouts_dir
from tests.games.papirove_doupe.scan.conftest import later_mtime


def _first(folder: Path, pattern: str) -> Path:
    return sorted(p for p in folder.rglob(pattern) if "__pycache__" not in p.parts)[0]


@pytest.mark.parametrize(
    "pick",
    [
        lambda pack: _first(pack.root, "*.yaml"),
        lambda pack: _first(layouts_dir(), "*.yaml"),
        lambda pack: assets_dir() / "fonts" / "fonts.yaml",
        lambda pack: Path(generator.__file__).parent / "games" / "papirove_doupe" / "sheet.py",
    ],
    ids=["pack file", "built-in layout", "asset", "drawing code"],
)
def test_an_edited_source_file_gives_a_new_key(pd_pack, monkeypatch, pick) -> None:
    from generator.games.papirove_doupe.scan import template

    monkeypatch.setattr(template, "_KEYS", {})
    key = template._cache_key(pd_pack)
    path = pick(pd_pack)
    with monkeypatch.context() as m:  # the file seen as edited, in this process only
        later_mtime(m, path)
        template._KEYS.clear()
        assert template._cache_key(pd_pack) != key
    template._KEYS.clear()
    assert template._cache_key(pd_pack) == key


def test_python_bytecode_does_not_change_the_key(tmp_path, monkeypatch) -> None:
    """Bytecode written under a __pycache__ folder (as the first run after an install writes
    it, while other test workers start) leaves the key as it was; any other new file changes
    it. (With the walk wrapped in sorted(), the prune came after the whole walk: CI saw the key
    change between two calls while other workers compiled modules.)"""
    from types import SimpleNamespace

    from generator.games.papirove_doupe.scan import template

    monkeypatch.setattr(template, "_KEYS", {})
    pack = SimpleNamespace(root=tmp_path)
    (tmp_path / "pack.yaml").write_text("id: x\n", encoding="utf-8")
    (tmp_path / "__pycache__").mkdir()
    key = template._cache_key(pack)
    (tmp_path / "__pycache__" / "models.cpython-311.pyc").write_bytes(b"\0" * 16)
    template._KEYS.clear()
    assert template._cache_key(pack) == key
    (tmp_path / "cards.yaml").write_text("- x\n", encoding="utf-8")
    template._KEYS.clear()
    assert template._cache_key(pack) != key
