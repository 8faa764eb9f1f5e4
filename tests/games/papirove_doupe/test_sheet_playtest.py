"""The player sheet after the play-test review: legend, strength and once-per-game boxes, fonts.

Each test reads the sheet's own drawing operations (as the scan reader does), so a test fails
when the sheet stops printing what the table needs.
"""

from __future__ import annotations

import re

import pytest

from generator.content.models import LText
from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.games.papirove_doupe.models import Plan, SheetData
from generator.games.papirove_doupe.sheet import MARK, sheet_ops
from generator.layout.engine import Env
from generator.layout.ops import FieldOp, RectOp, TextOp
from generator.layout.spec import load_layout
from generator.render.metrics import ReportlabMetrics
from generator.resources import content_dir

PACK = content_dir() / "papirove-doupe"
NBSP = "\u00a0"


def _data() -> SheetData:
    return validate(SheetData, load_yaml_file(PACK / "sheet.yaml"))


def _plan(**changes: object) -> Plan:
    doc = load_yaml_file(PACK / "plan.yaml")
    return Plan.model_validate({**doc.data, **changes})


def _ops(lang: str = "cs", plan: Plan | None = None, data: SheetData | None = None) -> list:
    layout = load_layout("papirove-doupe/sheet")
    env = Env(ReportlabMetrics(), pack_root=PACK, fillable=True, lang=lang)
    return sheet_ops(layout, data or _data(), plan or _plan(), env, lang, "PD-test")


def _texts(ops: list) -> list[TextOp]:
    return [op for op in ops if isinstance(op, TextOp)]


def _line(ops: list, y: float, tol: float = 2.5) -> str:
    """The words printed on one baseline band (the legend is one line)."""
    return " ".join(op.text for op in sorted(_texts(ops), key=lambda o: o.x) if abs(op.y - y) < tol)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_legend_explains_every_symbol_of_the_plan_on_one_line(lang: str) -> None:
    data = _data()
    ops = _ops(lang)
    head = next(op for op in _texts(ops) if op.text == data.text["legend"].get(lang))
    line = _line(ops, head.y)
    # the two the review asked for by name: the shield and the up-arrow-plus
    for key in ("item_half", "level", "minion", "trap", "gem", "teleport", "water", "entrance"):
        for word in data.text[f"legend_{key}"].get(lang).split():
            assert word in line, (key, word, line)
    legend = load_layout("papirove-doupe/sheet").boxes["legend"]
    on_line = [op for op in _texts(ops) if abs(op.y - head.y) < 2.5]
    assert all(op.x < legend.x + legend.width for op in on_line)  # inside the sheet's width


def test_legend_leaves_out_symbols_the_plan_does_not_use() -> None:
    data = _data()
    ops = _ops("en", _plan(teleports=[], water=[]))
    head = next(op for op in _texts(ops) if op.text == "Plan:")
    line = _line(ops, head.y)
    assert "teleport" not in line and "water" not in line
    assert data.text["legend_level"].get("en").split()[-1] in line


def test_legend_that_cannot_fit_one_line_is_an_error() -> None:
    data = _data()
    long = LText({"cs": "úroveň " * 30, "en": "level"})
    bad = data.model_copy(update={"text": {**data.text, "legend_level": long}})
    with pytest.raises(PapirnaError, match=r"plan legend needs .* on one line"):
        _ops("cs", data=bad)


def test_each_fight_has_a_strength_box_and_the_sheet_a_once_per_game_tick() -> None:
    fields = {op.name: op for op in _ops() if isinstance(op, FieldOp)}
    for m in (1, 2, 3):
        f = fields[f"monster.{m}.strength"]
        assert f.kind == "text" and f.w >= 9 and f.h >= 6  # room for a two-digit strength
    assert fields["ability.once"].kind == "checkbox"


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_level6_header_stays_on_one_line(lang: str) -> None:
    label = _data().text["cat_level6"].get(lang)
    ops = _texts(_ops(lang))
    words = label.split()
    parts = [op for op in ops if any(w in op.text.replace(NBSP, " ").split() for w in words[:1])]
    header = [op for op in parts if words[-1] in op.text.replace(NBSP, " ")]
    assert header, f"{label!r} is not one line: {[op.text for op in parts]}"


def test_heading_font_is_the_rules_and_cards_display_font() -> None:
    ops = _texts(_ops())
    heading = next(op for op in ops if op.text.startswith("Předměty"))
    assert heading.font == "display-bold"


def test_score_table_ends_3_mm_above_the_corner_marks() -> None:
    layout = load_layout("papirove-doupe/sheet")
    ops = _ops()
    marks = [op for op in ops if isinstance(op, RectOp) and abs(op.w - MARK) < 1e-6]
    bottom_marks = min(op.y for op in marks if op.y > layout.height / 2)
    table = [op for op in ops if isinstance(op, RectOp) and op.y > 200 and op.w > 20]
    assert bottom_marks - max(op.y + op.h for op in table) >= 3.0 - 1e-6


def _czech(node: object, path: tuple = ()) -> list[str]:
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in _czech(v, (*path, k))]
    if isinstance(node, list):
        return [t for i, v in enumerate(node) for t in _czech(v, (*path, i))]
    return [node] if isinstance(node, str) and path and path[-1] == "cs" else []


def test_every_czech_text_of_the_pack_says_ty() -> None:
    # the polite/plural verb forms and pronouns (vykání); "doupěte" is a noun, not a verb
    polite = re.compile(
        r"\b(\w+(ěte|áte|íte|ujte|ejte|ijte|yjte|čte|ďte|ťte|ňte|ste|zte)|můžete|máte|jste|vám|vás|váš)\b"
    )
    texts = [t for f in sorted(PACK.glob("*.yaml")) for t in _czech(load_yaml_file(f).data)]
    assert len(texts) > 300
    found = [m.group(0) for t in texts for m in polite.finditer(t) if m.group(0) != "doupěte"]
    assert not found, found
