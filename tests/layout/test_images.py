"""Images are looked up inside their pack, also when the pack's folder is given relative to cwd."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import PapirnaError
from generator.layout.images import resolve_in_pack


def test_a_relative_pack_root_is_looked_up_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two packs both called `d`, in two folders: the picture is the one of the pack in the
    current folder, and one deleted there is reported (the lookup was once remembered by the
    relative name only, so the second pack got the first pack's picture)."""
    for side in ("one", "two"):
        (tmp_path / side / "d" / "images").mkdir(parents=True)
        (tmp_path / side / "d" / "images" / "flame.svg").write_text(side, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "one")
    first = resolve_in_pack("images/flame.svg", Path("d"))
    assert first.read_text(encoding="utf-8") == "one"
    monkeypatch.chdir(tmp_path / "two")
    assert resolve_in_pack("images/flame.svg", Path("d")).read_text(encoding="utf-8") == "two"
    (tmp_path / "two" / "d" / "images" / "flame.svg").unlink()
    with pytest.raises(PapirnaError, match="not found in the pack"):
        resolve_in_pack("images/flame.svg", Path("d"))
