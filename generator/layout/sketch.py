"""A small drawing helper for printables composed in code: shapes, text and icons in mm."""

from __future__ import annotations

from contextlib import contextmanager

from generator.errors import PapirnaError
from generator.layout.engine import Env, hex_color
from generator.layout.ops import (
    BLACK,
    Color,
    EllipseOp,
    FieldOp,
    LineOp,
    PathOp,
    RectOp,
    Style,
    TagOp,
)
from generator.layout.text import TextFitError, layout_text


def rgb(value: str | Color | None) -> Color | None:
    """'#rrggbb' or an RGB triple as an RGB triple."""
    if value is None or isinstance(value, tuple):
        return value
    return hex_color(value)


class Sketch:
    """Collects drawing operations; every method takes mm, origin top-left."""

    def __init__(self, env: Env, what: str) -> None:
        self.env = env
        self.what = what
        self.ops: list = []

    def tag(
        self, name: str, *, layered: bool = False, over: tuple[str, ...] = (), grid: bool = False
    ) -> None:
        """Name the element the next shapes belong to (for `papirna lint`), until the next tag.

        `layered`: it may overlap anything; `over`: the elements it may overlap; `grid`: its
        lines are a grid nothing else may cross.
        """
        self._tag = TagOp(name, layered, tuple(over), grid)
        self.ops.append(self._tag)

    def untag(self) -> None:
        """The next shapes are separate elements again, each on its own."""
        self._tag = TagOp("")
        self.ops.append(self._tag)

    @contextmanager
    def element(self, name: str, *, layered: bool = False, over: tuple[str, ...] = ()):
        """Shapes drawn inside the `with` are one element; the tag before it applies again after."""
        before = getattr(self, "_tag", TagOp(""))
        self.tag(name, layered=layered, over=over)
        try:
            yield
        finally:
            self._tag = before
            self.ops.append(before)

    def rect(
        self, x, y, w, h, *, fill=None, stroke=BLACK, width=0.25, radius=0.0, dash=None
    ) -> None:
        """A rectangle."""
        st = Style(fill=rgb(fill), stroke=rgb(stroke), width=width, dash=dash)
        self.ops.append(RectOp(x, y, w, h, st, radius))

    def line(self, x1, y1, x2, y2, *, stroke=BLACK, width=0.25, dash=None, cap=0) -> None:
        """A straight line."""
        self.ops.append(
            LineOp(x1, y1, x2, y2, Style(stroke=rgb(stroke), width=width, dash=dash, cap=cap))
        )

    def circle(self, cx, cy, r, *, fill=None, stroke=BLACK, width=0.25) -> None:
        """A circle by centre and radius."""
        self.ops.append(
            EllipseOp(cx, cy, r, r, Style(fill=rgb(fill), stroke=rgb(stroke), width=width))
        )

    def path(self, segments, *, fill=None, stroke=BLACK, width=0.25, cap=0, join=0) -> None:
        """A path of M/L/C/Z segments."""
        st = Style(fill=rgb(fill), stroke=rgb(stroke), width=width, cap=cap, join=join)
        self.ops.append(PathOp(tuple(segments), st))

    def text(
        self,
        text: str,
        x,
        y,
        w,
        h,
        *,
        size=8.0,
        min_size=None,
        style="regular",
        font="sans",
        align="left",
        valign="middle",
        color=BLACK,
        line_height=1.15,
        field="text",
        hyphenate=True,
    ) -> float:
        """Fitted text in a box; returns the size used. Fails naming the field if it cannot fit."""
        try:
            fitted = layout_text(
                text,
                (x, y, w, h),
                self.env.metrics,
                lang=self.env.lang,
                hyphenate=hyphenate,
                family=font,
                style=style,
                size=size,
                min_size=min_size if min_size is not None else min(size, 5.0),
                line_height=line_height,
                align=align,
                valign=valign,
                color=rgb(color) or BLACK,
                icon_ops=self.env.inline_icon,
                what=f"{self.what}: {field}",
            )
        except TextFitError as e:
            raise PapirnaError(e.message) from None
        if getattr(self, "_tag", TagOp("")).name:
            self.ops.extend(fitted.ops)
        else:  # an untagged text's lines are one element (for `lint`), not one each
            self.ops.append(TagOp(f"text {field} at {x:.1f},{y:.1f}"))
            self.ops.extend(fitted.ops)
            self.ops.append(TagOp(""))
        return fitted.size

    def icon(self, name: str, x, y, w, h=None, *, color=BLACK) -> None:
        """An icon fitted into a box."""
        self.ops.extend(
            self.env.icon_ops(name, x, y, w, w if h is None else h, rgb(color) or BLACK)
        )

    def checkbox(
        self,
        x,
        y,
        size,
        *,
        name: str | None = None,
        fill=None,
        stroke=BLACK,
        width=0.3,
        round_: bool = False,
    ) -> None:
        """A square (or round) box to mark, a form field when the sheet is fillable."""
        if round_:
            self.circle(x + size / 2, y + size / 2, size / 2, fill=fill, stroke=stroke, width=width)
        else:
            self.rect(x, y, size, size, fill=fill, stroke=stroke, width=width)
        if name and self.env.fillable:
            self.ops.append(FieldOp("checkbox", name, x, y, size, size))

    def field(self, x, y, w, h, name: str) -> None:
        """A text field when the sheet is fillable (nothing on paper)."""
        if self.env.fillable:
            self.ops.append(FieldOp("text", name, x, y, w, h))
