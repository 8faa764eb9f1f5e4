"""What a printed Papírové doupě sheet looks like: its ids, codes, boxes and a blank raster.

Everything here comes from the sheet's own drawing code (the fillable variant's form fields are
the box map), so that moving a box on the sheet moves it for the reader too.
"""

from __future__ import annotations

import glob
import io
import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from generator.errors import PapirnaError
from generator.resources import CACHE_ENV as CACHE_ENV  # the setting, as the tests name it
from generator.resources import cache_folder, prune_cache

if TYPE_CHECKING:
    from generator.content.pack import LoadedPrintable, Pack

BUILDER = "papirove-doupe/sheet"
PX_PER_MM = 8.0  # resolution of the sheet-aligned image the marks are read from (203 dpi)
MARGIN_MM = 4.0  # the sheet-aligned image reaches this far beyond the sheet on every side
PAPERS = ("a4", "letter")


class Box(NamedTuple):
    """One box to read: its field name and place in sheet mm; round for circles."""

    name: str
    x: float
    y: float
    w: float
    h: float
    round: bool


class Square(NamedTuple):
    """A printed square in sheet mm (registration marks and code bits)."""

    x: float
    y: float
    size: float

    @property
    def centre(self) -> tuple[float, float]:
        """The square's centre in mm."""
        return (self.x + self.size / 2, self.y + self.size / 2)


def px(mm: float) -> float:
    """A sheet coordinate (mm) in px of the sheet-aligned image (pixel i spans i..i+1)."""
    return (mm + MARGIN_MM) * PX_PER_MM


def raster_size(width: float, height: float) -> tuple[int, int]:
    """(width, height) in px of the sheet-aligned image of a sheet of this size in mm."""
    return (round(px(width + MARGIN_MM)), round(px(height + MARGIN_MM)))


def sheet_to_px() -> np.ndarray:
    """The 3x3 map from sheet mm to pixel-centre coordinates of the sheet-aligned image."""
    k, c = PX_PER_MM, MARGIN_MM * PX_PER_MM - 0.5
    return np.array([[k, 0, c], [0, k, c], [0, 0, 1.0]])


def sheet_code(sheet_id: str) -> int:
    """The 16-bit code printed under a sheet id (as `_frame` of the sheet builder draws it)."""
    return sum(ord(c) * 31**i for i, c in enumerate(sheet_id)) & 0xFFFF


def sheet_id(plan_id: str, paper: str, lang: str, fillable: bool) -> str:
    """The id printed on a sheet (as the sheet builder names it)."""
    return f"PD-{plan_id}-{paper}-{lang}" + ("-F" if fillable else "")


@dataclass(frozen=True)
class SheetKind:
    """One printable sheet of a pack that can be read back: where its parts are."""

    printable: str
    width: float
    height: float
    ids: dict[int, tuple[str, str]]  # code -> (sheet id, language)
    boxes: tuple[Box, ...]
    texts: tuple[Box, ...]  # text fields (written in, not read)
    regions: dict[str, tuple[float, float, float, float]]  # the layout's named regions
    marks: tuple[Square, ...]  # top-left, top-right, bottom-left, bottom-right
    bits: tuple[Square, ...]  # most significant bit first


def _sheet_printables(pack: Pack) -> list[LoadedPrintable]:
    return [
        p
        for p in pack.printables.values()
        if p.spec.builder == BUILDER or p.spec.kind == "papirove-doupe-sheet"
    ]


_LAST_OPS: list = [None]  # (pack, printable, lang, sid, (layout, ops)) of the last drawing


def _ops(pack: Pack, printable: LoadedPrintable, lang: str, sid: str) -> tuple[object, list]:
    """The sheet's layout and drawing. The last one is kept: a photo's first reading needs it
    twice, for the box map (drawn as the first language on A4) and for the blank raster of the
    sheet read, most often that same sheet (drawing it again was 100 M instructions). Read and
    replaced whole, so that readers in two threads each get the drawing they asked for."""
    last = _LAST_OPS[0]
    if last is not None and last[0] is pack and last[1] is printable and last[2:4] == (lang, sid):
        return last[4]
    drawn = _draw(pack, printable, lang, sid)
    _LAST_OPS[0] = (pack, printable, lang, sid, drawn)
    return drawn


def _draw(pack: Pack, printable: LoadedPrintable, lang: str, sid: str) -> tuple[object, list]:
    from generator.games.papirove_doupe.sheet import sheet_ops
    from generator.layout.engine import Env
    from generator.layout.spec import pack_layout
    from generator.render.metrics import ReportlabMetrics

    if printable.data is None or "plan" not in printable.files or printable.spec.layout is None:
        raise PapirnaError(f"sheet printable {printable.id!r} has no data, plan or layout")
    layout = pack_layout(pack, printable.spec.layout)
    env = Env(ReportlabMetrics(), pack_root=pack.root, fillable=True)
    ops = sheet_ops(layout, printable.data.model, printable.files["plan"].model, env, lang, sid)
    return layout, ops


def _squares(ops: list, size: float, *, filled: bool, stroked: bool) -> list[Square]:
    from generator.layout.ops import RectOp

    found = []
    for op in ops:
        if (
            isinstance(op, RectOp)
            and abs(op.w - size) < 1e-6
            and abs(op.h - size) < 1e-6
            and (op.style.fill is not None) >= filled
            and (op.style.stroke is not None) >= stroked
        ):
            found.append(Square(op.x, op.y, op.w))
    return found


_KINDS: dict[tuple, list[SheetKind]] = {}
_REFERENCES: dict[tuple, np.ndarray] = {}


def sheet_kinds(pack: Pack) -> list[SheetKind]:
    """Every readable sheet printable of a pack, with its ids, box map, marks and code bits."""
    printables = _sheet_printables(pack)
    key = (str(pack.root), tuple(p.id for p in printables))
    if key not in _KINDS:
        stored = _cache_path(pack, "kinds", ".json")
        kinds = _load_kinds(stored) if stored else None
        if kinds is None or [k.printable for k in kinds] != [p.id for p in printables]:
            kinds = [_kind(pack, p) for p in printables]
            if stored:
                _save(stored, json.dumps([_kind_json(k) for k in kinds]).encode())
        _KINDS[key] = kinds
    return _KINDS[key]


# The box map and the blank raster take longer to make than a photo takes to read, so they are
# kept between runs in a cache folder, under a key that changes whenever anything they are made
# from does: the pack's files, the layouts, fonts and art, and papirna's own code.
CACHE_VERSION = 1


def cache_dir() -> Path | None:
    """Where the reader keeps its cache (None when switched off by PAPIRNA_CACHE=off)."""
    return cache_folder("scan")


_KEYS: dict[str, str] = {}


def _cache_key(pack: Pack) -> str:
    """A digest of every file the sheet's drawing can depend on: names, sizes and times."""
    root = str(pack.root)
    if root not in _KEYS:
        import hashlib

        import generator

        code = Path(generator.__file__).parent
        digest = hashlib.sha256(f"{CACHE_VERSION}|{root}".encode())
        for top in (pack.root, code, code.parent / "layouts", code.parent / "assets"):
            # walked in order, without Python's bytecode: the walk is pruned as it goes (a
            # sorted() round the walk would take every folder first, the prune too late, and
            # the key would change whenever a module is first compiled)
            for folder, dirs, files in os.walk(top):
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                for name in sorted(files):
                    path = os.path.join(folder, name)
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    digest.update(f"{path}|{st.st_size}|{st.st_mtime_ns}\n".encode())
        _KEYS[root] = digest.hexdigest()[:KEY_CHARS]
    return _KEYS[root]


KEY_CHARS = 24  # of the key, in a cache file's name
KEPT = 4  # cache files kept of each kind (one per papirna version or pack edit in use)


def _cache_path(pack: Pack, what: str, suffix: str) -> Path | None:
    folder = cache_dir()
    return folder / f"{what}-{_cache_key(pack)}{suffix}" if folder else None


def _save(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all, then drop the older files of its kind (so the
    cache cannot grow with each upgrade); a cache that cannot be written is no error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        return
    what, suffix = path.name[: -len(path.suffix) - KEY_CHARS - 1], path.suffix
    prune_cache(path.parent, f"{glob.escape(what)}-{'?' * KEY_CHARS}{suffix}", KEPT)


def _kind_json(kind: SheetKind) -> dict:
    return {
        "printable": kind.printable,
        "width": kind.width,
        "height": kind.height,
        "ids": [[code, sid, lang] for code, (sid, lang) in kind.ids.items()],
        "boxes": [list(b) for b in kind.boxes],
        "texts": [list(b) for b in kind.texts],
        "regions": {k: list(v) for k, v in kind.regions.items()},
        "marks": [list(m) for m in kind.marks],
        "bits": [list(b) for b in kind.bits],
    }


def _load_kinds(path: Path) -> list[SheetKind] | None:
    """The sheet kinds from a cache file, or None when it is missing or unreadable."""
    try:
        raw = json.loads(path.read_bytes())
        return [
            SheetKind(
                printable=k["printable"],
                width=k["width"],
                height=k["height"],
                ids={code: (sid, lang) for code, sid, lang in k["ids"]},
                boxes=tuple(Box(*b) for b in k["boxes"]),
                texts=tuple(Box(*b) for b in k["texts"]),
                regions={n: tuple(v) for n, v in k["regions"].items()},
                marks=tuple(Square(*m) for m in k["marks"]),
                bits=tuple(Square(*b) for b in k["bits"]),
            )
            for k in raw
        ]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _kind(pack: Pack, printable: LoadedPrintable) -> SheetKind:
    from generator.games.papirove_doupe.sheet import MARK
    from generator.layout.ops import EllipseOp, FieldOp

    plan_id = printable.files["plan"].model.id if "plan" in printable.files else "?"
    ids: dict[int, tuple[str, str]] = {}
    for lang in pack.languages:
        for paper in printable.spec.paper or PAPERS:
            variants = (False, True) if printable.spec.fillable else (False,)
            for fillable in variants:
                sid = sheet_id(plan_id, paper, lang, fillable)
                code = sheet_code(sid)
                if code in ids:
                    raise PapirnaError(f"sheets {ids[code][0]} and {sid} share code {code:#06x}")
                ids[code] = (sid, lang)
    lang = pack.languages[0]
    layout, ops = _ops(pack, printable, lang, sheet_id(plan_id, PAPERS[0], lang, False))
    circles = {
        (round(op.cx, 3), round(op.cy, 3), round(op.rx, 3))
        for op in ops
        if isinstance(op, EllipseOp) and op.rx == op.ry
    }
    boxes = tuple(
        Box(
            f"{f.name}.{f.value}" if f.kind == "radio" else f.name,  # read as the box it is
            f.x,
            f.y,
            f.w,
            f.h,
            (round(f.x + f.w / 2, 3), round(f.y + f.h / 2, 3), round(f.w / 2, 3)) in circles,
        )
        for f in ops
        if isinstance(f, FieldOp) and f.kind in ("checkbox", "radio")
    )
    texts = tuple(
        Box(f.name, f.x, f.y, f.w, f.h, False)
        for f in ops
        if isinstance(f, FieldOp) and f.kind == "text"
    )
    regions = {
        name: (b.x, b.y, b.width, b.height)
        for name, b in layout.boxes.items()
        if all(hasattr(b, a) for a in ("x", "y", "width", "height"))
    }
    marks = sorted(_squares(ops, MARK, filled=True, stroked=False), key=lambda s: (s.y, s.x))
    if len(marks) != 4:
        raise PapirnaError(f"the sheet has {len(marks)} registration marks, expected 4")
    top = sorted(marks[:2], key=lambda s: s.x)
    bottom = sorted(marks[2:], key=lambda s: s.x)
    bits = sorted(
        (s for s in _squares(ops, 1.8, filled=False, stroked=True) if s.y < MARK * 2),
        key=lambda s: s.x,
    )
    if len(bits) != 16:
        raise PapirnaError(f"the sheet has {len(bits)} code squares, expected 16")
    return SheetKind(
        printable=printable.id,
        width=layout.width,
        height=layout.height,
        ids=ids,
        boxes=boxes,
        texts=texts,
        regions=regions,
        marks=(top[0], top[1], bottom[0], bottom[1]),
        bits=tuple(bits),
    )


def reference(pack: Pack, kind: SheetKind, sid: str, lang: str) -> np.ndarray:
    """The blank sheet `sid` as darkness (0 paper .. 1 black) in the sheet-aligned image."""
    key = (str(pack.root), kind.printable, sid, lang)
    stored = _cache_path(pack, f"blank-{kind.printable}-{sid}", ".npy")
    if key not in _REFERENCES and stored and stored.is_file():
        try:
            grey = np.load(stored, allow_pickle=False)
            if grey.dtype == np.uint8 and grey.shape[::-1] == raster_size(kind.width, kind.height):
                dark = 1.0 - grey.astype(np.float32) / 255.0
                dark.setflags(write=False)
                _REFERENCES[key] = dark
        except (OSError, ValueError):
            pass
    if key not in _REFERENCES:
        from generator.layout.ops import Document, FieldOp, GroupOp, Page
        from generator.render.pdf import render_pdf
        from generator.render.raster import iter_rasters

        layout, ops = _ops(pack, pack.printables[kind.printable], lang, sid)
        drawn = GroupOp(
            MARGIN_MM, MARGIN_MM, tuple(op for op in ops if not isinstance(op, FieldOp))
        )
        m = 2 * MARGIN_MM
        pdf = render_pdf(
            Document("reference", [Page(layout.width + m, layout.height + m, [drawn])])
        )
        pages = iter_rasters(pdf, [raster_size(layout.width, layout.height)])
        try:
            grey = np.asarray(next(pages).grey(), dtype=np.uint8)
        finally:
            pages.close()
        if stored:
            buf = io.BytesIO()
            np.save(buf, grey, allow_pickle=False)
            _save(stored, buf.getvalue())
        dark = 1.0 - grey.astype(np.float32) / 255.0
        dark.setflags(write=False)
        _REFERENCES[key] = dark
    dark = _REFERENCES[key]
    if stored:
        # (the sheet is held with it, so that its id is never another array's)
        _PLANS[id(dark)] = (
            dark,
            lambda what: _cache_path(pack, f"plan-{kind.printable}-{sid}-{what}", ".npz"),
        )
    return dark


_PLANS: dict[int, tuple[np.ndarray, Callable[[str], Path | None]]] = {}  # where plans go


def plan_file(ref: np.ndarray, what: str) -> Path | None:
    """The cache file of what the reader works out from the blank sheet `ref` alone (`what`: a
    name of letters, digits and dashes), or None when `ref` is not a cached blank sheet."""
    held, where = _PLANS.get(id(ref), (None, None))
    return where(what) if held is ref and where else None


def save_plan(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Write a plan's arrays to the cache (whole or not at all, as every cache file)."""
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    _save(path, buf.getvalue())
