"""A cache of loaded installed packs between runs, so that a command needing one game's pack does
not parse and validate its YAML every time (it takes longer than most commands' own work).

An installed game's pack is kept whole (pickled) after it loaded without error, under a key that
changes whenever anything the loaded pack is made of could: the bytes of every file in the pack,
papirna's code, layouts and assets (names, sizes, times), every installed game's plugin code,
the Python and pydantic versions, and how file names are shown (they depend on the working
folder). A pack that fails to load is not kept, so its error is found and reported exactly as
without the cache. At most KEPT files per game are kept (the newest), so the cache cannot grow.

The folder is PAPIRNA_CACHE (which also holds the photo reader's cache), else
$XDG_CACHE_HOME/papirna/packs; PAPIRNA_CACHE=off switches every cache off. A cache file is only
read when it belongs to the user and nobody else can write to it (it is a pickle).
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import pickle
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from generator.resources import cache_folder, prune_cache

if TYPE_CHECKING:
    from generator.content.pack import Pack

CACHE_VERSION = 1
HASHED_BYTES = 8 * 1024 * 1024  # larger files of a pack are keyed by size and time, not bytes
_MAGIC = b"papirna-pack-cache\n"
KEY_CHARS = 16  # of the key, in a cache file's name
KEPT = 4  # cache files kept per pack: file names shown differ by working folder, so does the key


def cache_dir() -> Path | None:
    """The folder of the pack cache (None when PAPIRNA_CACHE=off)."""
    return cache_folder("packs")


def _walk(top: Path, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """Every file below `top` in a fixed order (following links to folders, each folder once),
    leaving out folders named in `skip`."""
    seen: set[str] = set()
    for folder, dirs, files in os.walk(top, followlinks=True):
        real = os.path.realpath(folder)
        if real in seen:
            dirs[:] = []
            continue
        seen.add(real)
        dirs[:] = sorted(d for d in dirs if d not in skip)
        for name in sorted(files):
            yield os.path.join(folder, name)


def _stat_line(path: str) -> bytes:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}|gone\n".encode()
    return f"{path}|{st.st_size}|{st.st_mtime_ns}\n".encode()


def _code_folders() -> list[Path]:
    """papirna's code, layouts and assets, and the package of every installed game's plugin."""
    import generator
    from generator.plugins import games
    from generator.resources import assets_dir, layouts_dir

    code = Path(generator.__file__).resolve().parent
    folders = [code, layouts_dir(), assets_dir()]
    for g in games().values():
        for hook in (g.schemas, g.builders, g.box_types, g.scorer, g.check_pack, g.card_extras):
            module = sys.modules.get(getattr(hook, "__module__", "") or "")
            file = getattr(module, "__file__", None)
            if not file:
                continue
            top = Path(file).resolve().parent
            while (top.parent / "__init__.py").is_file():  # the plugin's top-level package
                top = top.parent
            if top != code and code not in top.parents and top not in folders:
                folders.append(top)
    return folders


def pack_key(root: Path, pack_id: str) -> str:
    """A digest of everything a loaded installed pack depends on (see the module's docstring)."""
    from pydantic.version import VERSION as PYDANTIC

    from generator.content.yamlio import display_path

    digest = hashlib.blake2b(digest_size=20)
    cwd = Path.cwd().resolve()
    real = root.resolve()
    inside = cwd == real or real in cwd.parents  # then how a file is shown depends on the cwd
    digest.update(
        f"{CACHE_VERSION}|{sys.version}|{PYDANTIC}|{pack_id}|{root}|{real}|"
        f"{display_path(root)}|{cwd if inside else ''}\n".encode()
    )
    for folder in _code_folders():  # bytecode, and an installed wheel's data (counted apart)
        for path in _walk(folder, skip=("__pycache__", "_data")):
            digest.update(_stat_line(path))
    for path in _walk(root):
        digest.update(f"{os.path.relpath(path, root)}\n".encode())
        try:
            if os.stat(path).st_size <= HASHED_BYTES:
                with open(path, "rb") as f:
                    digest.update(f.read())
                continue
        except OSError:
            pass
        digest.update(_stat_line(path))
    return digest.hexdigest()


def _trusted(fd: int) -> bool:
    """Whether an open cache file is the user's own and writable by nobody else."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return False
    return not hasattr(os, "getuid") or (st.st_uid == os.getuid() and not st.st_mode & 0o022)


def _read(path: Path, key: str) -> Pack | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            if not _trusted(f.fileno()):
                return None
            head = f.readline()
            if head != _MAGIC or f.readline().rstrip(b"\n") != key.encode():
                return None
            return pickle.load(f)
        except Exception:  # an unreadable or outdated cache file is only a miss
            return None


def _write(path: Path, key: str, pack: Pack) -> None:
    """Write the cache file whole or not at all; a cache that cannot be written is no error."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        data = pickle.dumps(pack, protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(_MAGIC + key.encode() + b"\n" + data)
        os.replace(tmp, path)
    except Exception:  # e.g. a read-only folder, or a pack holding something pickle refuses
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def probably_cached(pack_id: str) -> bool:
    """Whether the cache holds some file of this pack (a quick look, without working out keys).

    A pack that is cached loads in a few milliseconds; one that is not takes a tenth of a
    second or more, which is when loading packs on two cores pays (see load_builtin_packs).
    """
    folder = cache_dir()
    if folder is None:
        return False
    stem = f"pack-{re.sub(r'[^A-Za-z0-9_-]', '_', pack_id)}-"
    return any(folder.glob(f"{glob.escape(stem)}{'?' * KEY_CHARS}.pickle"))


def cached_pack(root: Path, pack_id: str, load: Callable[[], Pack]) -> Pack:
    """The installed pack at `root`: from the cache when nothing it is made of changed, else
    `load()` (whose result is then kept)."""
    folder = cache_dir()
    if folder is None:
        return load()
    key = pack_key(root, pack_id)
    stem = f"pack-{re.sub(r'[^A-Za-z0-9_-]', '_', pack_id)}-"
    path = folder / f"{stem}{key[:KEY_CHARS]}.pickle"
    found = _read(path, key)
    if found is not None:
        return found
    pack = load()
    _write(path, key, pack)
    _prune(folder, stem)
    return pack


def _prune(folder: Path, stem: str) -> None:
    """Keep the KEPT newest cache files of one pack (one per working folder or version)."""
    prune_cache(folder, f"{glob.escape(stem)}{'?' * KEY_CHARS}.pickle", KEPT)
