"""Writing output files: all of them or none."""

from __future__ import annotations

import pytest

from generator.errors import PapirnaError
from generator.output.files import write_all


def tree(root) -> list[str]:
    """Every file and folder under root, relative, sorted."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_every_file_is_written(tmp_path):
    write_all([(tmp_path / "a" / "x.pdf", b"one"), (tmp_path / "b" / "c" / "y.pdf", b"two")])
    assert tree(tmp_path) == ["a", "a/x.pdf", "b", "b/c", "b/c/y.pdf"]
    assert (tmp_path / "b" / "c" / "y.pdf").read_bytes() == b"two"


def test_a_failure_leaves_nothing_behind(tmp_path):
    (tmp_path / "old.pdf").write_bytes(b"old")
    (tmp_path / "blocker").write_bytes(b"a file where a folder should be")
    files = [
        (tmp_path / "new" / "x.pdf", b"one"),
        (tmp_path / "old.pdf", b"replaced?"),
        (tmp_path / "blocker" / "z.pdf", b"three"),
    ]
    with pytest.raises(PapirnaError, match="cannot create folder"):
        write_all(files)
    assert tree(tmp_path) == ["blocker", "old.pdf"]  # no new folder, no temp file
    assert (tmp_path / "old.pdf").read_bytes() == b"old"  # the old file is untouched


def test_files_get_the_mode_of_ordinary_files(tmp_path):
    import os

    from generator.output.files import write_atomic

    old = os.umask(0o022)
    try:
        write_all([(tmp_path / "a.pdf", b"x")])
        write_atomic(tmp_path / "b.pdf", b"y")
    finally:
        os.umask(old)
    assert (tmp_path / "a.pdf").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "b.pdf").stat().st_mode & 0o777 == 0o644
