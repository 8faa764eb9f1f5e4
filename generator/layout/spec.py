"""Layout YAML: named boxes in mm, with `extends` (several parents; later ones win)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from generator.content.models import (
    ColorRef,
    FontSize,
    Length,
    Model,
    NonNegativeLength,
    PositiveLength,
)
from generator.content.validate import validate
from generator.content.yamlio import YamlDoc, load_yaml_file
from generator.errors import PapirnaError
from generator.layout import expr
from generator.resources import layouts_dir
from generator.units import CARD_SIZES_MM

if TYPE_CHECKING:
    from generator.content.pack import Pack

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)*$")


class Styled(Model):
    """Position and paint shared by the drawn boxes."""

    x: Length = 0.0
    y: Length = 0.0
    width: NonNegativeLength = 0.0
    height: NonNegativeLength = 0.0
    fill: ColorRef | None = None
    stroke: ColorRef | None = None
    stroke_width: NonNegativeLength = 0.25
    dash: list[PositiveLength] | None = None
    when: str | None = None  # a condition (generator.layout.expr): draw only when it holds
    layered: bool = False  # may overlap any other box (art, backgrounds): `lint` allows it
    over: tuple[str, ...] = ()  # boxes this one is meant to overlap: `lint` allows those pairs


class RectBox(Styled):
    """A rectangle, rounded when radius > 0."""

    type: Literal["rect"]
    radius: NonNegativeLength = 0.0


class LineBox(Styled):
    """A line from (x, y) to (x + width, y + height), or to (x2, y2)."""

    type: Literal["line"]
    x2: Length | None = None
    y2: Length | None = None
    cap: Literal["butt", "round", "square"] = "butt"


class CircleBox(Styled):
    """A circle (or ellipse) filling the box."""

    type: Literal["circle"]


class PolygonBox(Styled):
    """A closed polygon; points are relative to (x, y)."""

    type: Literal["polygon"]
    points: list[Annotated[list[Length], Field(min_length=2, max_length=2)]] = Field(min_length=3)


Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]
FontFamily = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]  # sans, display or a pack's
FontStyle = Literal["regular", "bold", "italic", "bold-italic"]


class TextBox(Styled):
    """Wrapped text with **bold**, *italic* and :icon: markup, shrunk to fit down to min_size."""

    type: Literal["text"]
    text: str
    font: FontFamily = "sans"
    style: FontStyle = "regular"
    size: FontSize = 9.0
    min_size: FontSize | None = None
    line_height: float = Field(default=1.2, ge=0.8, le=3.0)
    align: Align = "left"
    valign: VAlign = "top"
    color: ColorRef = "ink"
    field: str | None = None  # the data field this text shows, for error messages


class IconBox(Styled):
    """A vector icon from assets/icons, fitted into the box."""

    type: Literal["icon"]
    name: str
    color: ColorRef = "ink"


class ImageBox(Styled):
    """A PNG, JPG or SVG from the content pack, fitted (contain) or filling (cover) the box."""

    type: Literal["image"]
    src: str
    fit: Literal["contain", "cover"] = "contain"


class CheckboxTrack(Styled):
    """A row or grid of N boxes with labels."""

    type: Literal["boxes"]
    count: int = Field(ge=1, le=500)
    columns: int | None = Field(default=None, ge=1, le=500)
    box: PositiveLength = 4.0
    gap: NonNegativeLength = 1.0
    row_gap: NonNegativeLength | None = None
    shape: Literal["square", "circle"] = "square"
    labels: list[str] | str | None = None  # a list, or a template with {n} (1-based)
    label_position: Literal["inside", "below", "above"] = "inside"
    label_size: FontSize = 6.0
    color: ColorRef = "ink"
    field: str | None = None  # form field name template with {n}, for fillable PDFs


class GridBox(Styled):
    """A lettered and numbered grid, as for dungeon plans."""

    type: Literal["grid"]
    columns: int = Field(ge=1, le=52)
    rows: int = Field(ge=1, le=100)
    column_labels: Literal["letters", "numbers", "none"] = "letters"
    row_labels: Literal["letters", "numbers", "none"] = "numbers"
    rows_from: Literal["top", "bottom"] = "top"
    label_size: FontSize = 7.0
    color: ColorRef = "ink"


class TableColumn(Model):
    """One column of a table: its header, width and the row field it shows."""

    title: str
    width: PositiveLength
    field: str | int
    align: Align = "left"


class TableBox(Styled):
    """A table with a header row; rows come from a list in the data."""

    type: Literal["table"]
    columns: list[TableColumn] = Field(min_length=1)
    rows: str  # the data field holding a list of rows
    row_height: PositiveLength = 6.0
    header_fill: ColorRef | None = "shade"
    size: FontSize = 8.0
    min_size: FontSize | None = None
    color: ColorRef = "ink"


class FlowBox(Styled):
    """Sections (heading + body) flowed across columns, shrunk together until they fit."""

    type: Literal["flow"]
    field: str = "sections"
    columns: int = Field(default=2, ge=1, le=6)
    gutter: NonNegativeLength = 6.0
    size: FontSize = 9.0
    min_size: FontSize | None = None
    heading_scale: float = Field(default=1.25, ge=0.5, le=4.0)
    heading_font: FontFamily = "display"
    heading_color: ColorRef = "ink"
    line_height: float = Field(default=1.22, ge=0.8, le=3.0)
    color: ColorRef = "ink"
    rule: ColorRef | None = None  # colour of a thin line under each heading
    note_fill: ColorRef = "shade"  # band behind a "> " paragraph (a house rule, a note)


class QrBox(Styled):
    """A vector QR code of a field or a literal text (e.g. a link to the rules)."""

    type: Literal["qr"]
    data: str
    error: Literal["l", "m", "q", "h"] = "m"
    color: ColorRef = "ink"
    quiet: int = Field(default=0, ge=0, le=8)  # modules of white border inside the box


Box = Annotated[
    RectBox
    | LineBox
    | CircleBox
    | PolygonBox
    | TextBox
    | IconBox
    | ImageBox
    | CheckboxTrack
    | GridBox
    | TableBox
    | FlowBox
    | QrBox,
    Field(discriminator="type"),
]
BUILTIN_BOXES = (
    RectBox,
    LineBox,
    CircleBox,
    PolygonBox,
    TextBox,
    IconBox,
    ImageBox,
    CheckboxTrack,
    GridBox,
    TableBox,
    FlowBox,
    QrBox,
)


@cache
def box_adapter() -> TypeAdapter:
    """The validator of one box: the built-in box types and every installed game's own."""
    from generator.plugins import box_types

    extra = tuple(t.model for t in box_types().values())
    if not extra:
        return TypeAdapter(Box)
    union = Union[(*BUILTIN_BOXES, *extra)]
    return TypeAdapter(Annotated[union, Field(discriminator="type")])


DEFAULT_COLORS = {
    "ink": "#1d1a17",
    "paper": "#ffffff",
    "shade": "#e6e1d8",
    "guide": "#00a0e0",
}


class LayoutSpec(Model):
    """A resolved layout: its size, bleed, safe zone, colours and ordered boxes."""

    name: str
    width: float
    height: float
    bleed: float
    safe: float
    colors: dict[str, str]
    boxes: dict[str, object]  # name -> Box, in drawing order
    origins: dict[str, tuple[str, int | None]] = Field(default_factory=dict)  # box -> file, line
    low_ink: str | None = None  # --ink low: the layout drawn instead ('self': this one as is)


class _LayoutFile(Model):
    """The top level of one layout YAML file (boxes checked after merging)."""

    extends: list[str] | str | None = None
    size: str | dict | None = None
    bleed: NonNegativeLength | None = None
    safe: NonNegativeLength | None = None
    colors: dict[str, ColorRef] | None = None
    boxes: dict[str, dict | None] | None = None
    description: str | None = None
    low_ink: str | None = None  # not inherited: a child of a dark back is its own design


class _Size(Model):
    width: PositiveLength
    height: PositiveLength


def _find(name: str, search: list[Path]) -> Path:
    for folder in search:
        path = folder / f"{name}.yaml"
        if path.is_file():
            return path
    raise PapirnaError(f"layout {name!r} not found (looked in {', '.join(map(str, search))})")


def pack_layout(pack: Pack, name: str) -> LayoutSpec:
    """A layout by name, as a pack sees it: its own layouts/ (and its folder), then built-ins.

    Here rather than with the build (generator.output.build, which names it too), so that a
    photo's first reading, which draws the sheet, does not import the build's modules.
    """
    extra = [pack.root / "layouts"] if (pack.root / "layouts").is_dir() else []
    if not pack.builtin:
        extra.append(pack.root)
    try:
        return load_layout(name, extra)
    except PapirnaError as e:
        if e.file:
            raise
        raise e.__class__(e.message, file=pack.manifest_doc.file) from None


def load_layout(name: str, extra_dirs: list[Path] | None = None) -> LayoutSpec:
    """Load a layout by name (e.g. 'cards/poker' or 'my-game/front'), resolving `extends`."""
    search = [*(extra_dirs or []), layouts_dir()]
    key = (name, tuple(search))
    found = _CACHE.get(key)
    if found is not None and all(_stamp(p) == stamp for p, stamp in found[1]):
        return found[0]
    files: list[tuple[Path, tuple]] = []
    spec = _build(name, search, files)
    _CACHE[key] = (spec, tuple(files))
    return spec


_CACHE: dict[tuple, tuple[LayoutSpec, tuple]] = {}


def _stamp(path: Path) -> tuple:
    """A file's modification time and size: a cached layout is used while its files keep them."""
    try:
        st = path.stat()
    except OSError:
        return ()
    return (st.st_mtime_ns, st.st_size)


class _Raw:
    """A layout merged with its parents, before its boxes are validated."""

    def __init__(self) -> None:
        self.width: float | None = None
        self.height: float | None = None
        self.bleed = 0.0
        self.safe = 0.0
        self.colors = dict(DEFAULT_COLORS)
        self.boxes: dict[str, dict] = {}
        self.origin: dict[str, tuple[YamlDoc, tuple]] = {}
        self.doc: YamlDoc | None = None
        self.low_ink: str | None = None


def _build(name: str, search: list[Path], files: list | None = None) -> LayoutSpec:
    raw = _merge(name, search, (), files)
    doc = raw.doc
    assert doc is not None
    if raw.width is None or raw.height is None:
        raise doc.error((), "layout has no size (set 'size' or extend a layout that does)")
    boxes: dict[str, object] = {}
    origins: dict[str, tuple[str, int | None]] = {}
    for bname, box_raw in raw.boxes.items():
        bdoc, bpath = raw.origin[bname]
        box_raw = _percent(box_raw, raw.width, raw.height, bdoc, bpath)
        boxes[bname] = validate(box_adapter(), bdoc, box_raw, bpath)
        origins[bname] = (bdoc.file, bdoc.where(bpath)[0])
        when = boxes[bname].when  # type: ignore[attr-defined]
        if when is not None:
            try:
                expr.parse(when)
            except expr.ExprError as e:
                raise bdoc.error(
                    (*bpath, "when"), f"box {bname!r}: bad condition {when!r}: {e.message}"
                ) from None
        for cname in _colors_of(boxes[bname]):
            if not cname.startswith("#") and cname not in raw.colors:
                raise bdoc.error(bpath, f"unknown colour {cname!r}; define it under 'colors'")
    return LayoutSpec(
        name=name,
        width=raw.width,
        height=raw.height,
        bleed=raw.bleed,
        safe=raw.safe,
        colors=raw.colors,
        boxes=boxes,
        origins=origins,
        low_ink=raw.low_ink,
    )


def _merge(
    name: str, search: list[Path], chain: tuple[str, ...], files: list | None = None
) -> _Raw:
    if not _NAME.match(name):
        raise PapirnaError(f"bad layout name {name!r}")
    if name in chain:
        raise PapirnaError(f"layout {name!r} extends itself: {' -> '.join((*chain, name))}")
    path = _find(name, search)
    if files is not None:
        files.append((path, _stamp(path)))
    doc = load_yaml_file(path)
    top = validate(_LayoutFile, doc, doc.data if doc.data is not None else {})
    parents = [top.extends] if isinstance(top.extends, str) else list(top.extends or [])
    out = _Raw()
    out.doc = doc
    for i, parent_name in enumerate(parents):
        where = ("extends", i) if isinstance(top.extends, list) else ("extends",)
        try:
            parent = _merge(parent_name, search, (*chain, name), files)
        except PapirnaError as e:
            if e.file:
                raise
            raise doc.error(where, e.message) from None
        if parent.width is not None:
            out.width, out.height = parent.width, parent.height
        out.bleed, out.safe = parent.bleed, parent.safe
        out.colors.update(parent.colors)
        for bname, box in parent.boxes.items():
            merged = dict(out.boxes.get(bname, {}))
            merged.update(box)
            out.boxes[bname] = merged
            out.origin[bname] = parent.origin[bname]
    if top.size is not None:
        if isinstance(top.size, str):
            if top.size not in CARD_SIZES_MM:
                sizes = ", ".join(CARD_SIZES_MM)
                raise doc.error(
                    ("size",), f"expected one of {sizes} or {{width, height}}, got {top.size!r}"
                )
            out.width, out.height = CARD_SIZES_MM[top.size]
        else:
            size = validate(_Size, doc, top.size, ("size",))
            out.width, out.height = size.width, size.height
    low = top.low_ink
    out.low_ink = low[:-5] if low and low.endswith(".yaml") else low  # like a deck's layout names
    if top.bleed is not None:
        out.bleed = top.bleed
    if top.safe is not None:
        out.safe = top.safe
    if top.colors:
        out.colors.update(top.colors)
    for bname, box_raw in (top.boxes or {}).items():
        if box_raw is None:
            out.boxes.pop(bname, None)
            continue
        merged = dict(out.boxes.get(bname, {}))
        merged.update(box_raw)
        out.boxes[bname] = merged
        out.origin[bname] = (doc, ("boxes", bname))
    return out


_PERCENT = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*%\s*$")
_AXIS = {"x": 0, "width": 0, "x2": 0, "y": 1, "height": 1, "y2": 1}


def _percent(box: dict, width: float, height: float, doc: YamlDoc, path: tuple) -> dict:
    """Lengths like '50%' in x/width/x2 (of the card's width) and y/height/y2 (its height)."""
    out = dict(box)
    for key, value in box.items():
        if isinstance(value, str) and "%" in value:
            m = _PERCENT.match(value)
            if key not in _AXIS or m is None:
                raise doc.error(
                    (*path, key), f"'%' lengths work for x, y, width, height, x2, y2; got {value!r}"
                )
            size = (width, height)[_AXIS[key]]
            out[key] = f"{float(m.group(1)) * size / 100:.4f}mm"
    return out


def _colors_of(box: object) -> list[str]:
    out = []
    for attr in ("fill", "stroke", "color", "header_fill", "heading_color", "rule"):
        value = getattr(box, attr, None)
        if isinstance(value, str):
            out.append(value)
    return out


def region(layout: LayoutSpec, name: str) -> tuple[float, float, float, float]:
    """A named box of the layout as (x, y, w, h); a clear error when the layout lacks it."""
    box = layout.boxes.get(name)
    if box is None:
        raise PapirnaError(f"layout {layout.name!r} has no box {name!r}")
    return (box.x, box.y, box.width, box.height)  # type: ignore[attr-defined]


def with_bleed(layout: LayoutSpec, bleed: float) -> LayoutSpec:
    """The layout printed with another bleed: a rectangle that reaches the layout's bleed edge on
    a side (a background, a band) reaches the new bleed edge on that side, so no paper shows."""
    old = layout.bleed
    if abs(bleed - old) < 1e-9:
        return layout
    eps = 0.05
    boxes: dict[str, object] = {}
    for name, box in layout.boxes.items():
        if isinstance(box, RectBox) and old > 0:
            x0, y0 = box.x, box.y
            x1, y1 = box.x + box.width, box.y + box.height
            if abs(x0 + old) < eps:
                x0 = -bleed
            if abs(y0 + old) < eps:
                y0 = -bleed
            if abs(x1 - layout.width - old) < eps:
                x1 = layout.width + bleed
            if abs(y1 - layout.height - old) < eps:
                y1 = layout.height + bleed
            if (x0, y0, x1, y1) != (box.x, box.y, box.x + box.width, box.y + box.height):
                box = box.model_copy(update={"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0})
        boxes[name] = box
    return layout.model_copy(update={"bleed": bleed, "boxes": boxes})
