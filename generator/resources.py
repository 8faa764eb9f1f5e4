"""Where the built-in content, layouts and assets live, in a checkout or an installed wheel."""

from __future__ import annotations

import contextlib
import os
from functools import cache
from pathlib import Path

CACHE_ENV = "PAPIRNA_CACHE"  # a folder for papirna's caches, or "off"


@cache
def data_root() -> Path:
    """The folder holding content/, layouts/ and assets/."""
    here = Path(__file__).resolve().parent
    installed = here / "_data"
    if (installed / "content").is_dir():
        return installed
    checkout = here.parent
    if (checkout / "content").is_dir() and (checkout / "layouts").is_dir():
        return checkout
    raise RuntimeError(f"papirna's data folders are missing (looked in {installed} and {checkout})")


def content_dir() -> Path:
    """Built-in content packs, one folder per game."""
    return data_root() / "content"


def layouts_dir() -> Path:
    """Built-in layout YAML files."""
    return data_root() / "layouts"


def assets_dir() -> Path:
    """Fonts and icons."""
    return data_root() / "assets"


def cache_folder(name: str) -> Path | None:
    """Where one of papirna's caches lives: PAPIRNA_CACHE when set (None for "off"), else
    $XDG_CACHE_HOME/papirna/NAME (by default ~/.cache/papirna/NAME)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return None if chosen.lower() == "off" else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "papirna" / name


def prune_cache(folder: Path, pattern: str, kept: int) -> None:
    """Delete all but the `kept` newest files in `folder` whose names match the glob `pattern`.

    A cache key changes whenever papirna or a pack changes, so without this every upgrade or
    edit would leave its old files behind. A file that cannot be seen or removed is skipped.
    """
    try:
        found = []
        for path in folder.glob(pattern):
            with contextlib.suppress(OSError):
                if path.is_file():
                    found.append((path.stat().st_mtime_ns, path.name, path))
        found.sort(reverse=True)
        for _, _, old in found[kept:]:
            with contextlib.suppress(OSError):
                old.unlink(missing_ok=True)
    except OSError:
        pass
