"""The display list: drawing operations in mm, origin at the top-left of the page, y down.

The render layer draws these one to one and decides nothing.
"""

from __future__ import annotations

from typing import NamedTuple

Color = tuple[float, float, float]

BLACK: Color = (0.0, 0.0, 0.0)
WHITE: Color = (1.0, 1.0, 1.0)


class Style(NamedTuple):
    """How a shape is painted: fill, stroke and line details."""

    fill: Color | None = None
    stroke: Color | None = BLACK
    width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    cap: int = 0  # 0 butt, 1 round, 2 square
    join: int = 0  # 0 miter, 1 round, 2 bevel
    evenodd: bool = False


class RectOp(NamedTuple):
    """A rectangle, with rounded corners when radius > 0."""

    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


class LineOp(NamedTuple):
    """A straight line."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


class EllipseOp(NamedTuple):
    """An ellipse (a circle when rx == ry), given by centre and radii."""

    cx: float
    cy: float
    rx: float
    ry: float
    style: Style


class PathOp(NamedTuple):
    """A path of segments: ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y), ('Z',)."""

    segments: tuple[tuple, ...]
    style: Style


class TextOp(NamedTuple):
    """One run of text in one font, placed at its baseline's left end."""

    x: float
    y: float
    text: str
    font: str  # registered font name, e.g. 'sans-bold'
    size: float  # points
    color: Color = BLACK


class ImageOp(NamedTuple):
    """A raster image drawn into a box, clipped to `clip` when given."""

    path: str
    x: float
    y: float
    w: float
    h: float
    clip: tuple[float, float, float, float] | None = None


class GroupOp(NamedTuple):
    """Operations moved by (dx, dy) and optionally clipped to a rectangle in the moved frame.

    `shared`: the same `ops` tuple appears in several groups (a board cut into tiles); the PDF
    then holds it once, as a form each group shows. Shared ops hold no form fields.
    """

    dx: float
    dy: float
    ops: tuple
    clip: tuple[float, float, float, float] | None = None
    shared: bool = False


class FieldOp(NamedTuple):
    """A form field for fillable PDFs: 'checkbox' or 'text'."""

    kind: str
    name: str
    x: float
    y: float
    w: float
    h: float
    tooltip: str = ""


class TagOp(NamedTuple):
    """Not drawn: the operations after it in its list (to the next TagOp) form element `name`.

    Only `papirna lint` reads it. `layered`: the element may lie over or under any other (art,
    a background); `over`: names of the elements it is declared to overlap (a symbol in its
    own circle, text on its own badge); `grid`: its lines are a grid others must not cross.
    """

    name: str
    layered: bool = False
    over: tuple[str, ...] = ()
    grid: bool = False


class SolidOp(NamedTuple):
    """Not drawn: the next `count` operations are one solid shape (an icon), for `lint`."""

    count: int


Op = RectOp | LineOp | EllipseOp | PathOp | TextOp | ImageOp | GroupOp | FieldOp | TagOp | SolidOp


class Page(NamedTuple):
    """One page: its size in mm, its operations, and its print boxes (x, y, w, h) if any."""

    width: float
    height: float
    ops: list
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None
    turned: bool = False  # drawn rotated by 180 degrees (short-edge duplex backs)
    offset: tuple[float, float] = (0.0, 0.0)  # mm the whole page is shifted (printer correction)


class Document(NamedTuple):
    """A rendered printable before it becomes a file."""

    title: str
    pages: list[Page]
    fillable: bool = False
