"""Turns a layout's boxes plus one item's data into drawing operations."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import PapirnaError
from generator.layout import expr
from generator.layout import spec as S
from generator.layout.ops import (
    BLACK,
    Color,
    EllipseOp,
    FieldOp,
    GroupOp,
    LineOp,
    PathOp,
    RectOp,
    SolidOp,
    Style,
    TagOp,
)
from generator.layout.text import GlyphError, Metrics, TextFitError, layout_text
from generator.resources import assets_dir

_TEMPLATE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}")
_CAPS = {"butt": 0, "round": 1, "square": 2}


def hex_color(value: str) -> Color:
    """'#rrggbb' as an RGB triple of floats."""
    return (int(value[1:3], 16) / 255.0, int(value[3:5], 16) / 255.0, int(value[5:7], 16) / 255.0)


@dataclass
class Env:
    """What building a layout needs besides the layout and the data."""

    metrics: Metrics
    pack_root: Path | None = None
    fillable: bool = False
    icon_dirs: list[Path] = field(default_factory=lambda: [assets_dir() / "icons"])
    warnings: list[str] = field(default_factory=list)
    fonts: dict[str, str] = field(default_factory=dict)  # a pack's font family -> registered
    lang: str | None = None  # the language texts are typeset and hyphenated in
    _icons: dict = field(default_factory=dict)
    _placed: dict = field(default_factory=dict)

    def font_family(self, name: str) -> str:
        """The registered family of font `name` (sans, display or one of the pack's fonts)."""
        if name in ("sans", "display"):
            return name
        if name in self.fonts:
            return self.fonts[name]
        known = ", ".join(["sans", "display", *sorted(self.fonts)])
        raise PapirnaError(f"unknown font {name!r}; known: {known}")

    def icon(self, name: str):
        """The parsed SVG drawing of icon `name`, or the path of a full SVG file for svglib."""
        drawing = self._icons.get(name)
        if drawing is None:
            from generator.layout.svg import load_svg

            if not re.match(r"^[a-z0-9][a-z0-9_-]*$", name):
                raise PapirnaError(f"bad icon name {name!r}")
            for folder in self.icon_dirs:
                path = folder / f"{name}.svg"
                if path.is_file():
                    try:
                        drawing = load_svg(path)
                    except PapirnaError:
                        if folder == assets_dir() / "icons":
                            raise
                        from generator.layout.svgfile import inspect_svg

                        inspect_svg(path)  # refuses what cannot print, with its reason
                        drawing = path  # gradients, text, defs: drawn by the render layer
                    break
            else:
                known = sorted(
                    {
                        p.stem
                        for folder in self.icon_dirs
                        if folder.is_dir()
                        for p in folder.glob("*.svg")
                    }
                )
                from difflib import get_close_matches

                near = get_close_matches(name, known, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise PapirnaError(f"unknown icon {name!r}{hint}")
            self._icons[name] = drawing
        return drawing

    def icon_ops(self, name: str, x: float, y: float, w: float, h: float, color: Color) -> list:
        """Operations drawing icon `name` fitted into a box.

        The icon is drawn once per size and colour, at the origin, and moved into place by a
        shared group: the PDF stores it once and shows it wherever it is used. Inside the group,
        a SolidOp marks its paths as one solid shape (for `lint`).
        """
        drawing = self.icon(name)
        if isinstance(drawing, Path):
            from generator.layout.svgfile import svg_file_ops

            ops = svg_file_ops(drawing, x, y, w, h, "contain", self.fonts)
            return [SolidOp(len(ops)), *ops]
        key = (name, w, h, color)
        ops = self._placed.get(key)
        if ops is None:
            from generator.layout.svg import svg_ops

            paths = svg_ops(drawing, 0.0, 0.0, w, h, color)
            ops = self._placed[key] = (SolidOp(len(paths)), *paths)
        return [GroupOp(x, y, ops, shared=True)]

    def inline_icon(self, name: str, x: float, y: float, size: float, color: Color) -> list:
        """An icon one em square, for text."""
        return self.icon_ops(name, x, y, size, size, color)


class Item:
    """The data one layout is filled from, and how to point at its fields in errors."""

    def __init__(
        self,
        data: dict,
        label: str,
        locate: Callable[[str, str], PapirnaError] | None = None,
        files: dict | None = None,
    ) -> None:
        self.data = data
        self.label = label
        self._locate = locate
        self.files = files or {}  # the printable's other data files (pack.yaml `files:`), by key

    def error(self, message: str, field_name: str | None = None) -> PapirnaError:
        """An error about this item, at its field's file:line when known."""
        if self._locate is not None:
            return self._locate(message, field_name or "")
        return PapirnaError(
            message, field=f"{self.label}.{field_name}" if field_name else self.label
        )

    def lookup(self, path: str, box: str) -> object:
        """The value at a dotted path like 'ranges.0.glory'."""
        cur: object = self.data
        for part in path.split("."):
            if isinstance(cur, dict) and part in cur:
                cur = cur[part]
            elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
                cur = cur[int(part)]
            else:
                raise self.error(
                    f"box {box!r} uses field {{{path}}}, which this item does not have", path
                )
        return cur

    def format(self, template: str, box: str) -> str:
        """Fill {field} references in a template."""
        if "{" not in template:
            return template

        def sub(m: re.Match) -> str:
            value = self.lookup(m.group(1), box)
            if value is None:
                return ""
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            return str(value)

        out = _TEMPLATE.sub(sub, template)
        return out.replace("{{", "{").replace("}}", "}")

    def truthy(self, path: str, box: str) -> bool:
        """Whether a `when:` field is set and not empty or false."""
        return self.holds(path, box)

    def value(self, path: str) -> object:
        """The value at a dotted path, or None when the item does not have it."""
        try:
            return self.lookup(path, "")
        except PapirnaError:
            return None

    def holds(self, condition: str, box: str) -> bool:
        """Whether a box's `when:` condition holds for this item."""
        try:
            return expr.parse(condition).evaluate(self.value)
        except PapirnaError as e:
            raise self.error(f"box {box!r}: when {condition!r}: {e.message}") from None


def _field_of(template: str) -> str | None:
    fields = [f[1] for f in string.Formatter().parse(template) if f[1]]
    return fields[0] if len(fields) == 1 else None


class Builder:
    """Builds the operations of one layout for one item."""

    def __init__(self, layout: S.LayoutSpec, env: Env) -> None:
        self.layout = layout
        self.env = env
        self._colors: dict[str, Color] = {}

    def color(self, name: str | None) -> Color | None:
        """A palette name or '#rrggbb' as RGB; None stays None."""
        if name is None:
            return None
        c = self._colors.get(name)
        if c is None:
            value = name if name.startswith("#") else self.layout.colors[name]
            while not value.startswith("#"):
                value = self.layout.colors[value]
            c = self._colors[name] = hex_color(value)
        return c

    def style(self, box: S.Styled, cap: int = 0) -> Style:
        """The paint of a box: no stroke unless one is named."""
        return Style(
            fill=self.color(box.fill),
            stroke=self.color(box.stroke),
            width=box.stroke_width,
            dash=tuple(box.dash) if box.dash else None,
            cap=cap,
        )

    def build(self, item: Item, dx: float = 0.0, dy: float = 0.0) -> list:
        """All boxes of the layout for `item`, shifted by (dx, dy) mm."""
        ops: list = []
        for name, box in self.layout.boxes.items():
            if box.when and not item.holds(box.when, name):
                continue
            method = getattr(self, "_" + box.type.replace("-", "_"), None)
            # pictures are art that boxes lie on (as raster ones are): layered, like `layered`
            layered = box.layered or box.type == "image"
            ops.append(TagOp(name, layered, tuple(box.over), box.type == "grid"))
            if method is None:  # a game's own box type
                from generator.plugins import box_types

                box_types()[box.type].draw(self, ops, name, box, item, box.x + dx, box.y + dy)
            else:
                method(ops, name, box, item, box.x + dx, box.y + dy)
        return ops

    def _rect(self, ops, name, box: S.RectBox, item, x, y) -> None:
        ops.append(RectOp(x, y, box.width, box.height, self.style(box), box.radius))

    def _line(self, ops, name, box: S.LineBox, item, x, y) -> None:
        x2 = x + box.width if box.x2 is None else box.x2 + (x - box.x)
        y2 = y + box.height if box.y2 is None else box.y2 + (y - box.y)
        style = self.style(box, cap=_CAPS[box.cap])
        if style.stroke is None:
            style = style._replace(stroke=self.color("ink"))
        ops.append(LineOp(x, y, x2, y2, style))

    def _circle(self, ops, name, box: S.CircleBox, item, x, y) -> None:
        rx, ry = box.width / 2, box.height / 2
        ops.append(EllipseOp(x + rx, y + ry, rx, ry, self.style(box)))

    def _polygon(self, ops, name, box: S.PolygonBox, item, x, y) -> None:
        pts = [(x + px, y + py) for px, py in box.points]
        segs = [("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)]
        ops.append(PathOp(tuple(segs), self.style(box)))

    def _text(self, ops, name, box: S.TextBox, item, x, y) -> None:
        text = item.format(box.text, name)
        if not text.strip():
            return
        field_name = box.field or _field_of(box.text)
        try:
            fitted = layout_text(
                text,
                (x, y, box.width, box.height),
                self.env.metrics,
                lang=self.env.lang,
                family=self.env.font_family(box.font),
                style=box.style,
                size=box.size,
                min_size=box.min_size,
                line_height=box.line_height,
                align=box.align,
                valign=box.valign,
                color=self.color(box.color) or BLACK,
                icon_ops=self.env.inline_icon,
                what=f"text of box {name!r}",
            )
        except (TextFitError, GlyphError) as e:
            raise item.error(e.message, field_name) from None
        except PapirnaError as e:
            raise item.error(f"box {name!r}: {e.message}", field_name) from None
        ops.extend(fitted.ops)

    def _icon(self, ops, name, box: S.IconBox, item, x, y) -> None:
        icon = item.format(box.name, name)
        if not icon:
            return
        try:
            ops.extend(self.env.icon_ops(icon, x, y, box.width, box.height, self.color(box.color)))
        except PapirnaError as e:
            raise item.error(f"box {name!r}: {e.message}", _field_of(box.name)) from None

    def _image(self, ops, name, box: S.ImageBox, item, x, y) -> None:
        from generator.layout.images import image_ops

        src = item.format(box.src, name)
        if not src:
            return
        try:
            ops.extend(
                image_ops(
                    src, self.env.pack_root, x, y, box.width, box.height, box.fit, self.env.fonts
                )
            )
        except PapirnaError as e:
            raise item.error(f"box {name!r}: {e.message}", _field_of(box.src)) from None
        if box.stroke or box.fill:
            ops.append(RectOp(x, y, box.width, box.height, self.style(box)._replace(fill=None)))
        from generator.layout.images import effective_dpi

        dpi = effective_dpi(src, self.env.pack_root, box.width, box.height, box.fit)
        if dpi is not None and dpi < 300:
            warning = f"{item.label}: image {src!r} prints at {dpi:.0f} dpi, below 300"
            if warning not in self.env.warnings:
                self.env.warnings.append(warning)

    def _boxes(self, ops, name, box: S.CheckboxTrack, item, x, y) -> None:
        cols = box.columns or box.count
        row_gap = box.gap if box.row_gap is None else box.row_gap
        label_h = box.label_size / 72 * 25.4 * 1.3 if box.label_position != "inside" else 0.0
        ink = self.color(box.color)
        style = Style(fill=self.color(box.fill), stroke=ink, width=box.stroke_width)
        labels = box.labels
        for i in range(box.count):
            r, c = divmod(i, cols)
            bx = x + c * (box.box + box.gap)
            by = (
                y
                + r * (box.box + row_gap + label_h)
                + (label_h if box.label_position == "above" else 0)
            )
            if box.shape == "circle":
                h = box.box / 2
                ops.append(EllipseOp(bx + h, by + h, h, h, style))
            else:
                ops.append(RectOp(bx, by, box.box, box.box, style))
            if labels is not None:
                if isinstance(labels, list):
                    label = labels[i] if i < len(labels) else ""
                else:
                    label = labels.replace("{n}", str(i + 1))
                if label:
                    if box.label_position == "inside":
                        area = (bx, by, box.box, box.box)
                    elif box.label_position == "below":
                        area = (bx - box.gap / 2, by + box.box, box.box + box.gap, label_h)
                    else:
                        area = (bx - box.gap / 2, by - label_h, box.box + box.gap, label_h)
                    try:
                        fitted = layout_text(
                            label,
                            area,
                            self.env.metrics,
                            lang=self.env.lang,
                            size=box.label_size,
                            min_size=min(4.0, box.label_size),
                            align="center",
                            valign="middle",
                            color=ink or BLACK,
                            icon_ops=self.env.inline_icon,
                            what=f"label {label!r} of box {name!r}",
                            line_height=1.0,
                        )
                    except TextFitError as e:
                        raise item.error(e.message) from None
                    ops.extend(fitted.ops)
            if self.env.fillable and box.field:
                fname = item.format(box.field.replace("{n}", str(i + 1)), name)
                ops.append(FieldOp("checkbox", fname, bx, by, box.box, box.box))

    def _qr(self, ops, name, box: S.QrBox, item, x, y) -> None:
        from generator.layout.qr import qr_ops

        data = item.format(box.data, name)
        if not data:
            return
        try:
            ops.extend(
                qr_ops(
                    data,
                    x,
                    y,
                    box.width,
                    box.height,
                    box.error,
                    box.quiet,
                    self.color(box.color) or BLACK,
                )
            )
        except PapirnaError as e:
            raise item.error(f"box {name!r}: {e.message}", _field_of(box.data)) from None

    def _grid(self, ops, name, box: S.GridBox, item, x, y) -> None:
        ink = self.color(box.color) or BLACK
        cw, ch = box.width / box.columns, box.height / box.rows
        style = Style(
            fill=self.color(box.fill), stroke=self.color(box.stroke) or ink, width=box.stroke_width
        )
        ops.append(RectOp(x, y, box.width, box.height, style))
        thin = style._replace(fill=None)
        for c in range(1, box.columns):
            ops.append(LineOp(x + c * cw, y, x + c * cw, y + box.height, thin))
        for r in range(1, box.rows):
            ops.append(LineOp(x, y + r * ch, x + box.width, y + r * ch, thin))
        size_mm = box.label_size / 72 * 25.4 * 1.4

        def label(kind: str, n: int) -> str:
            if kind == "letters":
                return _letters(n)
            return str(n + 1)

        if box.column_labels != "none":
            for c in range(box.columns):
                area = (x + c * cw, y - size_mm, cw, size_mm)
                ops.extend(self._small(label(box.column_labels, c), area, box.label_size, ink))
        if box.row_labels != "none":
            for r in range(box.rows):
                n = r if box.rows_from == "top" else box.rows - 1 - r
                area = (x - size_mm * 1.6, y + r * ch, size_mm * 1.4, ch)
                ops.extend(self._small(label(box.row_labels, n), area, box.label_size, ink))

    def _small(self, text: str, area, size: float, color: Color, align: str = "center") -> list:
        return layout_text(
            text,
            area,
            self.env.metrics,
            lang=self.env.lang,
            size=size,
            min_size=min(4.0, size),
            align=align,
            valign="middle",
            color=color,
            style="bold",
            line_height=1.0,
        ).ops

    def _table(self, ops, name, box: S.TableBox, item, x, y) -> None:
        rows = item.lookup(box.rows, name)
        if not isinstance(rows, list):
            raise item.error(f"box {name!r}: field {box.rows!r} must be a list of rows", box.rows)
        ink = self.color(box.color) or BLACK
        line = Style(stroke=ink, width=box.stroke_width)
        total_w = sum(c.width for c in box.columns)
        header_fill = self.color(box.header_fill)
        rh = box.row_height
        if header_fill is not None:
            ops.append(RectOp(x, y, total_w, rh, Style(fill=header_fill, stroke=None)))
        floor = box.min_size if box.min_size is not None else box.size

        def cell(
            text: str, cx: float, cy: float, col: S.TableColumn, bold: bool, where: str
        ) -> None:
            pad = 1.0
            try:
                fitted = layout_text(
                    text,
                    (cx + pad, cy, col.width - 2 * pad, rh),
                    self.env.metrics,
                    lang=self.env.lang,
                    size=box.size,
                    min_size=floor,
                    align=col.align,
                    valign="middle",
                    style="bold" if bold else "regular",
                    color=ink,
                    line_height=1.05,
                    icon_ops=self.env.inline_icon,
                    what=where,
                )
            except TextFitError as e:
                raise item.error(e.message, box.rows) from None
            ops.extend(fitted.ops)

        cx = x
        for col in box.columns:
            cell(
                item.format(col.title, name),
                cx,
                y,
                col,
                True,
                f"header {col.title!r} of table {name!r}",
            )
            cx += col.width
        for r, row in enumerate(rows):
            cy = y + (r + 1) * rh
            cx = x
            for col in box.columns:
                if isinstance(row, dict):
                    value = row.get(str(col.field), "")
                elif isinstance(row, list) and isinstance(col.field, int) and col.field < len(row):
                    value = row[col.field]
                else:
                    value = ""
                cell(
                    "" if value is None else str(value),
                    cx,
                    cy,
                    col,
                    False,
                    f"row {r + 1} of table {name!r}",
                )
                cx += col.width
        height = (len(rows) + 1) * rh
        ops.append(RectOp(x, y, total_w, height, line))
        for r in range(1, len(rows) + 1):
            ops.append(LineOp(x, y + r * rh, x + total_w, y + r * rh, line))
        cx = x
        for col in box.columns[:-1]:
            cx += col.width
            ops.append(LineOp(cx, y, cx, y + height, line))

    def _flow(self, ops, name, box: S.FlowBox, item: Item, x, y) -> None:
        sections = item.lookup(box.field, name)
        if not isinstance(sections, list):
            raise item.error(
                f"box {name!r}: field {box.field!r} must be a list of sections", box.field
            )
        floor = box.min_size if box.min_size is not None else box.size
        size = box.size
        from generator.layout.text import STEP_PT

        while size >= floor - 1e-9:
            got = None
            for hyphenate in (False, True):  # hyphenate before shrinking
                try:
                    got = _flow_at(self, box, sections, size, x, y, item.label, hyphenate)
                except TextFitError:
                    got = None
                if got is not None:
                    break
            if got is not None:
                ops.extend(got)
                return
            size = round(size - STEP_PT, 4)
        raise item.error(
            f"the sections do not fit box {name!r} ({box.columns} columns of "
            f"{box.width:.0f}x{box.height:.0f}mm) even at {floor:g}pt",
            box.field,
        )


def _letters(n: int) -> str:
    out = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


HEADING_GAP = 2.0  # mm between a heading (and its rule) and its first body line
NOTE_PAD = 1.5  # mm of band round the text of a "> " note paragraph


def _note_runs(body: str) -> list[tuple[bool, str]]:
    """A section's body as runs of plain paragraphs and "> " note paragraphs, in order."""
    if "> " not in body:
        return [(False, body)]
    runs: list[tuple[bool, str]] = []
    for para in body.split("\n\n"):
        note = para.startswith("> ")
        text = para[2:] if note else para
        if runs and runs[-1][0] is False and not note:
            runs[-1] = (False, runs[-1][1] + "\n\n" + text)
        else:
            runs.append((note, text))
    return runs


def _flow_at(
    builder: Builder,
    box: S.FlowBox,
    sections: list,
    size: float,
    x: float,
    y: float,
    label: str,
    hyphenate: bool = False,
):
    """Flow sections at one size; None when they do not fit the columns."""
    from generator.layout.ops import GroupOp
    from generator.layout.text import WrappedLine, wrap_lines
    from generator.units import PT_PER_MM

    env = builder.env
    col_w = (box.width - box.gutter * (box.columns - 1)) / box.columns
    ink = builder.color(box.color) or BLACK
    head_ink = builder.color(box.heading_color) or BLACK
    rule = builder.color(box.rule)
    fill = builder.color(box.note_fill)
    blocks: list[tuple[str, WrappedLine]] = []
    for i, sec in enumerate(sections):
        heading = str(sec.get("heading", "")) if isinstance(sec, dict) else ""
        body = str(sec.get("body", "")) if isinstance(sec, dict) else str(sec)
        hs = size * box.heading_scale
        if heading:
            lines = wrap_lines(
                heading,
                col_w,
                env.metrics,
                lang=env.lang,
                hyphenate=hyphenate,
                family=box.heading_font,
                style="bold",
                size=hs,
                line_height=1.1,
                color=head_ink,
                icon_ops=env.inline_icon,
                what=f"{label}: heading of section {i + 1}",
            )
            for j, ln in enumerate(lines):
                gap = size * 0.45 / 2.835 if (j == 0 and blocks) else 0.0
                blocks.append(("h", ln._replace(gap=gap)))
        first = True
        for note, text in _note_runs(body):
            width = col_w - 2 * NOTE_PAD if note else col_w
            lines = wrap_lines(
                text,
                width,
                env.metrics,
                lang=env.lang,
                hyphenate=hyphenate,
                size=size,
                line_height=box.line_height,
                color=ink,
                icon_ops=env.inline_icon,
                what=f"{label}: body of section {i + 1}",
            )
            lead = size * box.line_height / PT_PER_MM
            for j, ln in enumerate(lines):
                if j == 0 and not first:  # the paragraph break the runs were split at
                    ln = ln._replace(gap=lead * 0.5)
                if j == 0 and first and heading:
                    ln = ln._replace(gap=ln.gap + HEADING_GAP)
                if j == 0 and note:  # room for the band above the note's first line
                    ln = ln._replace(gap=ln.gap + NOTE_PAD)
                if note:
                    ln = ln._replace(ops=[GroupOp(NOTE_PAD, 0.0, tuple(ln.ops))])
                blocks.append(("n" if note else "b", ln))
            if note and lines:  # the band below its last line (whose leading is room already)
                blocks.append(("n", WrappedLine(0.0, NOTE_PAD * 0.4, [])))
            first = False
    ops: list = []
    col, cy = 0, 0.0
    i = 0
    while i < len(blocks):
        kind, ln = blocks[i]
        if kind == "n" and not ln.ops and cy == 0:  # a band's bottom padding atop a column
            i += 1
            continue
        # keep a heading with the two lines after it
        need = ln.height + (ln.gap if cy > 0 else 0.0)
        if kind == "h":
            j = i + 1
            extra = 0
            while j < len(blocks) and extra < 2:
                need += blocks[j][1].height + blocks[j][1].gap
                if blocks[j][0] != "h":
                    extra += 1
                j += 1
        if cy + need > box.height + 1e-6 and cy > 0:
            col += 1
            cy = 0.0
            if col >= box.columns:
                return None
        if cy + ln.height > box.height + 1e-6:
            return None
        if cy > 0:
            cy += ln.gap
        lx = x + col * (col_w + box.gutter)
        if kind == "n" and fill is not None:
            # the band: this line, and the padding above it when it opens the note (or a column)
            prev_note = i > 0 and blocks[i - 1][0] == "n" and cy > 0
            top = 0.0 if prev_note or cy == 0 else min(ln.gap, NOTE_PAD)
            ops.append(
                RectOp(lx, y + cy - top, col_w, ln.height + top, Style(fill=fill, stroke=None))
            )
        ops.append(GroupOp(lx, y + cy, tuple(ln.ops)))
        if kind == "h" and rule is not None and (i + 1 == len(blocks) or blocks[i + 1][0] != "h"):
            ry = y + cy + ln.height + HEADING_GAP * 0.25
            ops.append(LineOp(lx, ry, lx + col_w, ry, Style(stroke=rule, width=0.2)))
        cy += ln.height
        i += 1
    return ops
