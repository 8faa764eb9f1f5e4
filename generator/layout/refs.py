"""Which data fields a layout's boxes name: in {templates}, `when:` conditions and field keys."""

from __future__ import annotations

import re

from generator.layout import expr
from generator.layout import spec as S

_TEMPLATE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}")


def template_fields(template: str | None) -> list[str]:
    """The fields a template like 'HP {hp} · {label.level}' fills in, in order."""
    if not template:
        return []
    return _TEMPLATE.findall(template.replace("{{", "\x00").replace("}}", "\x00"))


def box_fields(box: object) -> list[tuple[str, str]]:
    """Every (field path, key of the box that names it) a box reads from the data."""
    out: list[tuple[str, str]] = []
    when = getattr(box, "when", None)
    if when:
        out += [(f, "when") for f in expr.parse(when).fields]
    if isinstance(box, S.TextBox):
        out += [(f, "text") for f in template_fields(box.text)]
    elif isinstance(box, S.IconBox):
        out += [(f, "name") for f in template_fields(box.name)]
    elif isinstance(box, S.ImageBox):
        out += [(f, "src") for f in template_fields(box.src)]
    elif isinstance(box, S.QrBox):
        out += [(f, "data") for f in template_fields(box.data)]
    elif isinstance(box, S.TableBox):
        out.append((box.rows, "rows"))
        for col in box.columns:
            out += [(f, "columns") for f in template_fields(col.title)]
    elif isinstance(box, S.FlowBox):
        out.append((box.field, "field"))
    elif isinstance(box, S.CheckboxTrack):
        labels = box.labels if isinstance(box.labels, str) else None
        for key, template in (("labels", labels), ("field", box.field)):
            out += [(f, key) for f in template_fields(template) if f != "n"]  # {n}: the box's own
    return out


def layout_fields(layout: S.LayoutSpec) -> set[str]:
    """The top-level fields any box of a layout reads."""
    return {f.split(".")[0] for box in layout.boxes.values() for f, _ in box_fields(box)}
