"""Spící bohové pages after the play-test review: text, palette and what touches what."""

from __future__ import annotations

import re

import pytest

from generator.cli.common import load_packs
from generator.games.spici_bohove import style
from generator.layout.ops import FieldOp, PathOp, TextOp
from generator.layout.spec import load_layout, region
from generator.output.build import Renderer
from generator.render.metrics import ReportlabMetrics


@pytest.fixture(scope="module")
def pack():
    """The built-in Spící bohové pack."""
    return load_packs(["spici-bohove"], None)[0]


def _ops(pack, printable: str, builder, lang: str = "cs") -> list:
    from generator.layout.builders import BuildContext

    p = pack.printables[printable]
    layout = load_layout(p.spec.layout)
    files = {k: e.model for k, e in p.files.items()}
    ctx = BuildContext(
        layout,
        p.data.model,
        files,
        Renderer().env(pack, True, lang),
        lang,
        "a4",
        fillable=True,
        labels={k: v.get(lang) for k, v in pack.manifest.labels.items()},
        title="t",
    )
    return [op for drawn in builder(ctx) for op in drawn.ops]


def _czech(pack) -> list[str]:
    """Every Czech text of the pack's data files, as loaded."""
    out = []
    for p in pack.printables.values():
        if p.data is not None:
            out.extend(re.findall(r"'cs': '([^']*)'", repr(p.data.doc.data)))
            out.extend(re.findall(r"'cs': \"([^\"]*)\"", repr(p.data.doc.data)))
    return out


def test_turn_reference_points_to_the_next_column(pack) -> None:
    turn = pack.printables["turn"].data.doc.data
    step3 = turn["sides"][0]["columns"][0][2]["body"]
    assert "z vedlejšího sloupce" in step3["cs"] and "protější" not in step3["cs"]
    assert "from the next column" in step3["en"]


def test_czech_pages_address_the_player_with_ty(pack) -> None:
    # imperatives and verbs of the polite/plural form the pages used before (vykání)
    polite = re.compile(
        r"\b(\w+(ěte|áte|íte|ujte|ejte|ijte|yjte|čte|ďte|ťte|ňte|ste|zte)|můžete|máte|vám|vás|váš)\b"
    )
    texts = _czech(pack)
    assert len(texts) > 40
    found = [m.group(0) for t in texts for m in polite.finditer(t)]
    assert not found, found


def test_english_pages_say_sleeping_gods(pack) -> None:
    for name in ("reference", "turn", "log", "ship"):
        data = pack.printables[name].data.doc.data
        english = re.findall(r"'en': '([^']*)'|'en': \"([^\"]*)\"", repr(data))
        assert not any("Spící" in a or "Spící" in b for a, b in english), name
    assert pack.printables["reference"].data.doc.data["title"]["en"] == "Sleeping Gods"


def test_reference_page_uses_the_games_own_palette(pack) -> None:
    layout = load_layout(pack.printables["reference"].spec.layout)
    assert layout.colors["accent"] == style.ACCENT  # the sea blue of the log, ship and turn
    assert layout.colors["muted"] == style.MUTED
    assert load_layout("pages/document").colors["accent"] != style.ACCENT  # not the PD red


def test_total_label_keeps_3_mm_from_its_box(pack) -> None:
    from generator.games.spici_bohove.log import build_log

    ops = _ops(pack, "log", build_log)
    label = next(op for op in ops if isinstance(op, TextOp) and op.text == "Celkem")
    right = label.x + ReportlabMetrics().width(label.text, label.font, label.size) / 2.835
    box = next(op for op in ops if isinstance(op, FieldOp) and op.name == "score.total")
    assert box.x - right >= 3.0  # the box's outline lies 0.5 mm outside the field


def _points(op: PathOp) -> list[tuple[float, float]]:
    return [(s[i], s[i + 1]) for s in op.segments for i in range(1, len(s) - 1, 2)]


def test_nothing_is_drawn_inside_the_defeat_box_but_its_number(pack) -> None:
    from generator.games.spici_bohove.ship import build_ship

    ops = _ops(pack, "ship", build_ship)
    box = next(op for op in ops if isinstance(op, FieldOp) and op.name == "damage.11")
    inside = [
        op
        for op in ops
        if isinstance(op, PathOp)
        and (pts := _points(op))
        and all(box.x < x < box.x + box.w and box.y < y < box.y + box.h for x, y in pts)
    ]
    assert not inside  # the skull once sat behind the 11


def _segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5


def test_bridge_box_keeps_2_mm_inside_the_wheelhouse(pack) -> None:
    from generator.games.spici_bohove.ship import build_ship

    layout = load_layout("spici-bohove/ship")
    x, y, w, h = region(layout, "location-bridge")
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    houses = [
        _points(op)
        for op in _ops(pack, "ship", build_ship)
        if isinstance(op, PathOp) and op.style.fill is not None and len(op.segments) == 6
    ]
    # the bridge house: the five-cornered outline around the bridge box's centre
    cx, cy = x + w / 2, y + h / 2
    house = next(
        pts
        for pts in houses
        if min(p[0] for p in pts) < cx < max(p[0] for p in pts)
        and min(p[1] for p in pts) < cy < max(p[1] for p in pts)
    )
    edges = list(zip(house, house[1:] + house[:1], strict=True))
    gap = min(_segment_distance(c, a, b) for c in corners for a, b in edges)
    assert gap >= 2.0, f"the bridge box comes {gap:.2f} mm from the wheelhouse outline"


@pytest.mark.parametrize(("lang", "words"), [("cs", "Domácí pravidlo:"), ("en", "House rule:")])
def test_ship_page_boxes_its_house_rule(pack, lang: str, words: str) -> None:
    from generator.games.spici_bohove.ship import build_ship
    from generator.layout.ops import RectOp

    ops = _ops(pack, "ship", build_ship, lang)
    head = next(op for op in ops if isinstance(op, TextOp) and op.text.startswith(words.split()[0]))
    boxes = [
        op
        for op in ops
        if isinstance(op, RectOp) and op.x < head.x and op.y < head.y < op.y + op.h and op.w > 200
    ]
    assert boxes, "the house rule is not in a box"  # one line, boxed, across the page
    rules = pack.printables["ship"].data.doc.data["text"]
    assert "next location" not in rules["damage_rule"]["en"]  # no longer inside the rules text
