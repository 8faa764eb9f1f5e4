"""Writing files atomically: a temp file beside the target, then a rename."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from generator.errors import PapirnaError


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new empty temp file in the target's folder, with the mode a plain open() would give.

    (tempfile.mkstemp makes files readable by their owner only; a renamed temp file keeps that,
    so the output would not be readable by other users as ordinary files are.)
    """
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), str(tmp)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temp file name beside {path}")


@contextmanager
def open_atomic(path: Path, text: bool = False) -> Iterator[IO]:
    """A file to write that appears at `path` only when the block ends without an error.

    On any error or interruption the temp file and the folders this call made are removed.
    """
    made = _make_parents(path)
    tmp = ""
    try:
        try:
            fd, tmp = _temp_beside(path)
        except OSError as e:
            raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
        try:
            mode = "w" if text else "wb"
            kwargs = {"encoding": "utf-8", "newline": "\n"} if text else {}
            with os.fdopen(fd, mode, **kwargs) as f:
                yield f
            os.replace(tmp, path)
        except OSError as e:
            raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
    except BaseException:
        if tmp:
            Path(tmp).unlink(missing_ok=True)
        _remove_folders(made)
        raise


def _make_parents(path: Path) -> list[Path]:
    """Create the folders above `path`; return those that did not exist, outermost first."""
    missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
    first = next((p for p in (path.parent, *path.parent.parents) if p.exists()), None)
    if first is not None and not first.is_dir():
        raise PapirnaError(f"cannot create folder: {first} is a file", file=str(path.parent))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise PapirnaError(f"cannot create folder: {e.strerror}", file=str(path.parent)) from None
    return list(reversed(missing))


def _remove_folders(made: list[Path]) -> None:
    for folder in reversed(made):
        with suppress(OSError):  # not empty: something else wrote there meanwhile
            folder.rmdir()


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one, never half."""
    write_all([(path, data)])


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write several files so that either all of them appear or none does (when writing fails).

    Every file is first written in full to a temp file beside its target; only then are they
    renamed into place. A failure removes the temp files and the folders this call made.
    """
    with Staging() as staging:
        for path, data in files:
            staging.add(path, data)


class Staging:
    """Files written one by one to temp files now, and renamed into place together at the end.

    Use as a context manager: leaving the block normally renames every staged file into place;
    leaving it by an exception removes the temp files and the folders it made, so nothing appears.
    Staged data is not kept in memory: a build can stream thousands of PNGs through it.
    """

    def __init__(self) -> None:
        self.made: list[Path] = []
        self.staged: list[tuple[str, Path]] = []
        self.sizes: dict[Path, int] = {}

    def add(self, path: Path, data: bytes) -> None:
        """Write `data` to a temp file beside `path`; it appears at `path` on commit."""
        self.made.extend(_make_parents(path))
        try:
            fd, tmp = _temp_beside(path)
        except OSError as e:
            raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
        self.staged.append((tmp, path))
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        except OSError as e:
            raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
        self.sizes[path] = len(data)

    def commit(self) -> None:
        """Rename every staged file into place."""
        for tmp, path in self.staged:
            try:
                os.replace(tmp, path)
            except OSError as e:
                raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
        self.staged = []

    def abort(self) -> None:
        """Remove the temp files and the folders made for them."""
        for tmp, _ in self.staged:
            Path(tmp).unlink(missing_ok=True)
        _remove_folders(self.made)
        self.staged = []

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        if kind is None:
            try:
                self.commit()
            except BaseException:
                self.abort()
                raise
        else:
            self.abort()
