"""Content packs: a folder with pack.yaml, data files and optionally its own layouts and images."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, TypeAdapter

from generator.content import schemas
from generator.content.cards import CardsRef, LayoutRef, check_layout_ref, load_deck_cards
from generator.content.free import MAX_COPIES
from generator.content.models import Language, LText, Model, NonNegativeLength, PackPath, Stamp
from generator.content.validate import check_translations, short, validate
from generator.content.yamlio import PathKey, YamlDoc, display_path, load_yaml_file
from generator.errors import PapirnaError

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$")


class Printable(Model):
    """One thing a pack prints: a deck of cards, a page, or a game-specific sheet."""

    kind: str
    title: LText
    layout: LayoutRef | None = None  # a layout, or one chosen per card by a field
    back: LayoutRef | None = None
    cards: CardsRef | None = None  # YAML, CSV, .xlsx or .ods; one file or a list
    sheet: str | None = None  # the sheet of a workbook (default: the first)
    version: Stamp | None = None  # {version} on the cards (default: the pack's)
    date: Stamp | None = None  # {date} on the cards (default: the pack's)
    data: PackPath | None = None
    schema_: str | None = Field(default=None, alias="schema")
    data_schema: str | None = None  # the model of `data` when it differs from `schema`
    size: str | None = None
    bleed: NonNegativeLength | None = None  # default: the layout's bleed
    fillable: bool = False  # also write a fillable variant with form fields
    builder: str | None = None  # for kind 'drawn': the registered builder that draws the pages
    files: dict[str, FileRef] = Field(default_factory=dict)  # more data files for the builder
    paper: list[Literal["a4", "letter", "a3"]] | None = None
    orientation: Literal["portrait", "landscape"] = "portrait"


class FileRef(Model):
    """A data file a drawn printable uses besides `data`, with its schema."""

    file: PackPath
    schema_: str = Field(alias="schema")


class PackManifest(Model):
    """pack.yaml: the pack's name, languages and printables."""

    name: LText
    description: LText | None = None
    languages: list[Language] = Field(default_factory=lambda: ["cs", "en"], min_length=1)
    labels: dict[str, LText] = Field(default_factory=dict)  # words layouts show: {label.KEY}
    version: Stamp | None = None  # {version} on cards
    date: Stamp | None = None  # {date} on cards
    printables: dict[str, Printable] = Field(default_factory=dict)


@dataclass
class Entry:
    """A validated model with the file and path it came from, so later errors can point at it."""

    model: Any
    doc: YamlDoc
    path: PathKey

    def error(self, message: str, sub: PathKey = ()) -> PapirnaError:
        """An error pointing at this entry (or one of its fields)."""
        return self.doc.error(self.path + sub, message)


@dataclass
class LoadedPrintable:
    """A printable with its validated data."""

    id: str
    spec: Printable
    entry: Entry  # the printable's place in pack.yaml
    cards: list[Entry] = field(default_factory=list)
    data: Entry | None = None
    files: dict[str, Entry] = field(default_factory=dict)


@dataclass
class Pack:
    """A loaded, validated content pack."""

    id: str
    root: Path
    manifest: PackManifest
    manifest_doc: YamlDoc
    builtin: bool
    printables: dict[str, LoadedPrintable] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)  # things worth saying that are not errors

    @property
    def languages(self) -> tuple[str, ...]:
        """The pack's languages, first one first."""
        return tuple(self.manifest.languages)

    def resolve(self, rel: str, doc: YamlDoc | None = None, path: PathKey = ()) -> Path:
        """A file inside the pack; refuses paths that leave it (also through links)."""
        target = (self.root / rel).resolve()
        root = self.root.resolve()
        if target != root and root not in target.parents:
            err = f"path {rel!r} leaves the pack"
            raise doc.error(path, err) if doc else PapirnaError(err, file=str(self.root))
        if not target.is_file():
            msg = f"file {rel!r} not found in the pack"
            raise doc.error(path, msg) if doc else PapirnaError(msg, file=str(self.root))
        return target


def count_problem(raw: object) -> str:
    """What is wrong with a card's `count`, quoting the value as written."""
    value = raw.get("count") if isinstance(raw, dict) else raw
    return f"count must be a whole number from 0 to {MAX_COPIES}, got {short(value)}"


def builtin_pack_ids() -> list[str]:
    """Ids of the installed games' packs (built in or from a plugin), sorted."""
    from generator.plugins import games

    return sorted(gid for gid, g in games().items() if g.content is not None)


def builtin_pack_root(game_id: str) -> Path:
    """The pack folder of an installed game."""
    from generator.plugins import games

    found = games().get(game_id)
    if found is None or found.content is None:
        raise PapirnaError(f"unknown game {game_id!r}; known: {', '.join(builtin_pack_ids())}")
    return found.content


def load_builtin_pack(game_id: str) -> Pack:
    """The pack of an installed game, loaded (kept between runs: see generator.content.packcache)."""
    from generator.content.packcache import cached_pack

    root = builtin_pack_root(game_id)
    return cached_pack(root, game_id, lambda: load_pack(root, builtin=True, pack_id=game_id))


def load_builtin_packs(ids: list[str], idle: Callable[[], None] | None = None) -> list[Pack]:
    """The packs of several installed games, in order, loaded on two cores where that helps.

    The first pack is loaded here (what every pack's loading sets up first is then done
    once), then a forked process loads about half of the others while this one loads the
    rest; it hands its packs over pickled, as the pack cache keeps them. Anything that goes
    wrong there (a pack that fails to load or to pickle, the process dying) is only a miss:
    that pack is loaded here, so its error is raised as in a load one by one, and an error
    of an earlier pack comes first. Where fork is not at hand, or the pack cache holds the
    packs already (they then load in milliseconds), the packs load one by one.
    `idle()`, if given, is called when this process has loaded its share, before it waits
    for the helper's (work the caller would do next anyway, such as reading fonts).
    """
    from generator.content.packcache import probably_cached

    if len(ids) < 3 or not _may_fork() or all(probably_cached(gid) for gid in ids[1:]):
        return [load_builtin_pack(gid) for gid in ids]  # a helper would cost more than it saves
    packs = {ids[0]: load_builtin_pack(ids[0])}
    rest = ids[1:]
    theirs = _halve(rest, IDLE_SHARE if idle is not None else 0.0)
    helper = _PackLoader(theirs)
    done = False
    try:
        for gid in rest:
            if gid not in theirs:
                try:
                    packs[gid] = load_builtin_pack(gid)
                except Exception:
                    got = helper.results()
                    for earlier in rest[: rest.index(gid)]:  # its error comes first
                        if earlier in theirs and earlier not in got:
                            load_builtin_pack(earlier)
                    raise
        if idle is not None:
            idle()
        got = helper.results()
        for gid in theirs:
            packs[gid] = got[gid] if gid in got else load_builtin_pack(gid)
        done = True
    finally:
        if not done:
            helper.stop()
    return [packs[gid] for gid in ids]


def _may_fork() -> bool:
    """Whether a helper process may be forked: Linux, two cores or more, no other thread."""
    import os
    import sys
    import threading

    if sys.platform != "linux" or threading.active_count() > 1:
        return False
    if os.environ.get("PAPIRNA_JOBS", "").strip() == "1":
        return False
    return len(os.sched_getaffinity(0)) > 1


# the caller's idle work (a build: importing the drawing code, reading fonts) as a share of
# the data to load: it is about as long as loading a quarter of the built-in packs' files
IDLE_SHARE = 0.28


def _halve(ids: list[str], head_start: float = 0.0) -> set[str]:
    """The packs for the helper: about half of the data to read, by the size of their files.

    This process starts `head_start` (a share of all the data) behind, for its other work.
    """
    import os

    def size(gid: str) -> int:
        root = builtin_pack_root(gid)
        total = 0
        for folder, _, files in os.walk(root):
            for name in files:
                if name.endswith((".yaml", ".yml", ".csv", ".json")):
                    with contextlib.suppress(OSError):
                        total += os.stat(os.path.join(folder, name)).st_size
        return total

    loads = {gid: size(gid) for gid in ids}
    mine, theirs, helper = head_start * sum(loads.values()), set(), 0
    for gid in sorted(ids, key=lambda g: -loads[g]):  # the biggest first, to the lighter side
        if helper < mine:
            theirs.add(gid)
            helper += loads[gid]
        else:
            mine += loads[gid]
    return theirs


class _PackLoader:
    """A forked process loading some packs, handing them over through a pipe, pickled."""

    def __init__(self, ids: set[str]) -> None:
        import os
        import pickle

        self.pid = 0
        self.got: dict[str, Pack] | None = None
        try:
            read, write = os.pipe()
            pid = os.fork()
        except OSError:
            self.got = {}
            return
        if pid == 0:  # the helper: load, pickle, hand over, end without any clean-up
            try:
                os.close(read)
                out: dict[str, bytes] = {}
                for gid in sorted(ids):
                    with contextlib.suppress(Exception):  # else loaded (and reported) by the parent
                        out[gid] = pickle.dumps(load_builtin_pack(gid), pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as f:
                    f.write(pickle.dumps(out, pickle.HIGHEST_PROTOCOL))
            finally:
                os._exit(0)
        os.close(write)
        self.pid, self.read = pid, read

    def results(self) -> dict[str, Pack]:
        """The packs the helper loaded (those it could not are missing), once it has ended."""
        import os
        import pickle

        if self.got is None:
            self.got = {}
            try:
                with os.fdopen(self.read, "rb") as f:
                    data = f.read()
                _, status = os.waitpid(self.pid, 0)
                self.pid = 0
                if status == 0 and data:
                    self.got = {k: pickle.loads(v) for k, v in pickle.loads(data).items()}
            except Exception:
                self.got = {}
        return self.got

    def stop(self) -> None:
        """End the helper now (this process is failing or interrupted)."""
        import os
        import signal

        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0
            with contextlib.suppress(OSError):
                os.close(self.read)


def find_pack(name: str, extra: list[Path] | None = None) -> Path:
    """The folder of the pack called `name` (a built-in id or a user pack folder's name)."""
    for folder in extra or []:
        if folder.name == name or (folder / name / "pack.yaml").is_file():
            return folder if folder.name == name else folder / name
    if _NAME.match(name) and name in builtin_pack_ids():
        return builtin_pack_root(name)
    known = ", ".join(builtin_pack_ids() + [f.name for f in extra or []])
    raise PapirnaError(f"unknown game {name!r}; known: {known}")


def load_pack(root: Path, builtin: bool = False, pack_id: str | None = None) -> Pack:
    """Load pack.yaml and every data file it names, validating all of it.

    The pack's id is `pack_id` (an installed game's id) or else its folder's name.
    """
    manifest_path = root / "pack.yaml"
    if not root.is_dir():
        raise PapirnaError("content pack folder not found", file=display_path(root))
    if not manifest_path.is_file():
        raise PapirnaError("no pack.yaml in this folder", file=display_path(root))
    doc = load_yaml_file(manifest_path)
    manifest = validate(PackManifest, doc, languages=())
    langs = tuple(manifest.languages)
    check_translations(manifest, doc, langs)  # a Czech-only pack needs no English name
    pack = Pack(
        id=pack_id or root.name,
        root=root,
        manifest=manifest,
        manifest_doc=doc,
        builtin=builtin,
    )
    for pid, spec in manifest.printables.items():
        ppath: PathKey = ("printables", pid)
        if not _NAME.match(pid):
            raise doc.error(ppath, "printable names use a-z, 0-9, '-' and '_'", key=True)
        for key in ("layout", "back"):
            check_layout_ref(getattr(spec, key), doc, (*ppath, key))
        if not schemas.kind_known(spec.kind):
            raise doc.error(
                (*ppath, "kind"),
                f"expected one of {', '.join(schemas.kinds())}, got {spec.kind!r}",
            )
        lp = LoadedPrintable(id=pid, spec=spec, entry=Entry(spec, doc, ppath))
        model = schemas.model_for(spec.schema_, doc, (*ppath, "schema"))
        if spec.cards is not None:
            lp.cards = load_deck_cards(
                pack, spec.cards, spec.sheet, doc, (*ppath, "cards"), model, langs
            )
            if not lp.cards:
                raise doc.error((*ppath, "cards"), "the deck has no cards")
        elif spec.kind == "deck":
            raise doc.error(ppath, "a deck needs 'cards: FILE'")
        if spec.data is not None:
            data_doc = load_yaml_file(pack.resolve(spec.data, doc, (*ppath, "data")))
            data_model = (
                schemas.model_for(spec.data_schema, doc, (*ppath, "data_schema"))
                if spec.data_schema
                else model
            )
            m = validate(TypeAdapter(data_model), data_doc, ..., (), langs)
            lp.data = Entry(m, data_doc, ())
        for key, ref in spec.files.items():
            fpath = (*ppath, "files", key)
            fdoc = load_yaml_file(pack.resolve(ref.file, doc, (*fpath, "file")))
            fmodel = schemas.model_for(ref.schema_, doc, (*fpath, "schema"))
            lp.files[key] = Entry(validate(TypeAdapter(fmodel), fdoc, ..., (), langs), fdoc, ())
        if spec.kind == "drawn" and not spec.builder:
            raise doc.error(ppath, "a drawn printable needs 'builder'")
        if spec.kind == "drawn" and spec.data is None and (spec.schema_ or spec.data_schema):
            raise doc.error(ppath, "a drawn printable with a schema needs 'data: FILE'")
        pack.printables[pid] = lp
    schemas.check_pack(pack)
    return pack
