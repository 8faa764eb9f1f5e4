"""Watch mode: build, then build again whenever an input file under the watched folders is saved.

Drawn cards are cached by their inputs (the card's data, deck, layouts and language), so after a
text edit only the edited card is drawn again; a change to anything else (a layout, image, font
or icon file) empties the cache. A build that fails (a file saved half-edited) prints its one-line
error and waits for the next save; the files of the last good build stay in place, since every
build writes all its files or none.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path

from generator.errors import PapirnaError

DATA_SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods", ".json")  # card data: cached cards stay valid
DEBOUNCE_MS = 30  # watchfiles' default (1.6 s) would take longer than a whole rebuild


def card_data_files(packs: Iterable) -> list[Path]:
    """The card data files of every deck in these packs: a save to one keeps the card cache."""
    files: list[Path] = []
    for pack in packs:
        for printable in pack.printables.values():
            sources = getattr(printable.spec, "cards", None)
            if isinstance(sources, list):
                files.extend(pack.root / str(source.file) for source in sources)
    return files


def watch_roots(packs: Iterable, extra: Iterable[Path] = ()) -> list[Path]:
    """The folders to watch: each pack's own, `extra`, and the built-in layouts and assets
    (fonts, icons) that packs extend, without a folder inside another."""
    from generator.resources import assets_dir, layouts_dir

    folders = {Path(f).resolve() for f in [*(p.root for p in packs), *extra]}
    folders |= {layouts_dir().resolve(), assets_dir().resolve()}
    return sorted(f for f in folders if not any(g in f.parents for g in folders))


def _ignored(path: Path, out: Path) -> bool:
    """Changes papirna makes itself (its output and temp files) or editors' swap files."""
    name = path.name
    if name.startswith(".") or name.endswith(("~", ".swp", ".tmp")):
        return True
    try:
        path.resolve().relative_to(out.resolve())
    except ValueError:
        return False
    return True


def watch(
    roots: Iterable[Path],
    out: Path,
    build: Callable[[dict], tuple[int, int]],
    say: Callable[[str], None],
    data_files: Iterable[Path] = (),
    stop: Callable[[], bool] | None = None,
) -> None:
    """Build once, then again on every save under `roots` until interrupted (Ctrl+C).

    `build(cache)` makes and writes the files and returns (files, cards drawn); `say` prints a
    line. Saves to `data_files` keep the card cache; any other save empties it.
    """
    try:
        import watchfiles
    except ImportError:
        raise PapirnaError("--watch needs watchfiles: pip install watchfiles") from None

    cache: dict = {}
    data = {p.resolve() for p in data_files}
    folders = sorted({str(Path(r).resolve()) for r in roots})

    def once(reason: str) -> None:
        start = time.perf_counter()
        try:
            files, drawn = build(cache)
        except PapirnaError as e:
            say(f"papirna: error: {e}")
            say("waiting for the next save (the last good files stay)")
            return
        took = time.perf_counter() - start
        say(f"{reason}: {files} files, {drawn} cards drawn, {took:.2f} s")

    once("built")
    for changes in watchfiles.watch(
        *folders,
        debounce=DEBOUNCE_MS,
        step=10,
        watch_filter=lambda _change, path: not _ignored(Path(path), out),
        stop_event=None,
        raise_interrupt=False,
    ):
        paths = {Path(p).resolve() for _, p in changes}
        if not paths <= data:
            cache.clear()
        names = ", ".join(sorted(p.name for p in paths))
        once(f"rebuilt after {names}")
        if stop is not None and stop():
            break
