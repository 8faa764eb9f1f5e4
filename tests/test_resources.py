"""The cache folder rules shared by papirna's caches (generator/resources.py)."""

from __future__ import annotations

import os

from generator.resources import prune_cache


def _touch(path, age_s: int) -> None:
    path.write_bytes(b"x")
    t = 1_700_000_000 - age_s
    os.utime(path, (t, t))


def test_prune_keeps_the_newest_files_of_one_pattern(tmp_path):
    """Six files of one kind, ages 0..5 s: kept=2 leaves the two newest; a file of another
    kind whose name starts the same way is not touched."""
    for age in range(6):
        _touch(tmp_path / f"blank-a-{age:04d}.npy", age)
    _touch(tmp_path / "blank-a-x-0000.npy", 100)  # another kind: "blank-a-x", not "blank-a"
    prune_cache(tmp_path, "blank-a-????.npy", 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "blank-a-0000.npy",
        "blank-a-0001.npy",
        "blank-a-x-0000.npy",
    ]


def test_prune_of_a_missing_folder_is_no_error(tmp_path):
    """A cache folder that does not exist yet is nothing to prune."""
    prune_cache(tmp_path / "nowhere", "*", 1)
