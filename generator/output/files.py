"""Writing files atomically: a temp file beside the target, then a rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import PapirnaError


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the whole new one, never half."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise PapirnaError(f"cannot create folder: {e.strerror}", file=str(path.parent)) from None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise PapirnaError(f"cannot write file: {e.strerror}", file=str(path)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
