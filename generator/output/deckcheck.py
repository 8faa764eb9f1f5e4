"""Checks a deck against its layouts before anything is drawn: every field a box names exists."""

from __future__ import annotations

from difflib import get_close_matches

from generator.content.cards import LayoutChoice
from generator.content.pack import LoadedPrintable
from generator.errors import PapirnaError
from generator.layout import spec as S
from generator.layout.refs import box_fields

# fields papirna gives every card, besides the card's own
NUMBERS = ("index", "total", "n", "N", "copy", "copies", "deck", "lang", "version", "date")


def _near(name: str, known: set[str]) -> str:
    found = get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    if found:
        return f"; did you mean {found[0]!r}?"
    shown = ", ".join(sorted(k for k in known if k not in NUMBERS)[:12])
    return f"; the cards have: {shown}" if shown else ""


class MissingLabel(PapirnaError):
    """A layout shows a label the pack's pack.yaml does not define."""


def check_choice(lp: LoadedPrintable, known: set[str]) -> None:
    """A `layout: {by: FIELD}` (or back) names a field the cards have."""
    for key in ("layout", "back"):
        ref = getattr(lp.spec, key)
        if isinstance(ref, LayoutChoice) and ref.by not in known:
            raise lp.entry.error(
                f"{key} is chosen by field {ref.by!r}, which no card has{_near(ref.by, known)}",
                (key, "by"),
            )


def _problem(
    box: str, path: str, known: set[str], labels: set[str], unset: dict[str, str]
) -> str | None:
    """What is wrong with a field a box names, or None."""
    parts = path.split(".")
    top = parts[0]
    if top == "label":
        sub = parts[1] if len(parts) > 1 else ""
        if sub in labels or ("label" in known and not labels):
            return None
        return f"box {box!r} uses {{{path}}}, but the pack has no label {sub!r}{_near(sub, labels)}"
    if top in known:
        return None
    if top in unset:
        return f"box {box!r} uses {{{top}}}, but {unset[top]}"
    return f"box {box!r} uses field {top!r}, which no card has{_near(top, known)}"


def check_layout(
    layout: S.LayoutSpec,
    known: set[str],
    labels: set[str],
    fonts: set[str],
    unset: dict[str, str] | None = None,
) -> None:
    """Every field, label and font a layout's boxes name exists; else an error at the box."""
    for name, box in layout.boxes.items():
        file, line = layout.origins.get(name, (layout.name, None))
        for path, key in box_fields(box):
            problem = _problem(name, path, known, labels, unset or {})
            if problem and path.startswith("label."):
                raise MissingLabel(f"layout {layout.name!r}: {problem}")
            if problem:
                raise PapirnaError(problem, file=file, line=line, field=f"boxes.{name}.{key}")
        for attr in ("font", "heading_font"):
            font = getattr(box, attr, None)
            if font is not None and font not in fonts:
                raise PapirnaError(
                    f"box {name!r}: unknown font {font!r}; known: {', '.join(sorted(fonts))}",
                    file=file,
                    line=line,
                    field=f"boxes.{name}.{attr}",
                )


def trim_warnings(layout: S.LayoutSpec) -> list[str]:
    """Boxes that a cut would cut through, or that lie outside the card: usually a size change."""
    out = []
    w, h, b = layout.width, layout.height, layout.bleed
    eps = 0.05
    for name, box in layout.boxes.items():
        x, y = getattr(box, "x", 0.0), getattr(box, "y", 0.0)
        bw, bh = getattr(box, "width", 0.0), getattr(box, "height", 0.0)
        right, bottom = x + bw, y + bh
        over = (-x, -y, right - w, bottom - h)  # how far each side reaches past the trim
        text = isinstance(box, S.TextBox | S.FlowBox | S.TableBox)
        cut = any((eps < o < b - eps) or o > b + 0.5 or (text and o > eps) for o in over) or (
            x > w or y > h or right < 0 or bottom < 0
        )
        if cut:
            file, line = layout.origins.get(name, (layout.name, None))
            where = f"{file}:{line}" if line else file
            out.append(
                f"{where}: box {name!r} ({x:g},{y:g} {bw:g}x{bh:g}mm) falls outside the "
                f"{w:g}x{h:g}mm card and will be cut"
            )
    return out
