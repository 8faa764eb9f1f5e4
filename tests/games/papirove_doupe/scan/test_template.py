"""The reader's picture of the sheet comes from the sheet's own drawing code."""

from __future__ import annotations

import re
from collections import Counter

import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan.template import reference, sheet_code, sheet_id
from generator.layout.ops import GroupOp, RectOp, TextOp
from generator.output.build import Job, Renderer


def _flat(ops, dx=0.0, dy=0.0):
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _flat(op.ops, dx + op.dx, dy + op.dy)
        else:
            yield op, dx, dy


def test_box_map_has_every_scoring_box(sheet_kind):
    names = [b.name for b in sheet_kind.boxes]
    assert len(names) == len(set(names))
    groups = Counter(re.sub(r"\.[^.]+$", "", n) for n in names)
    assert groups["dungeon"] == 12  # cards A-L
    assert {f"dungeon.{c}" for c in "ABCDEFGHIJKL"} <= set(names)
    for adv in ("warrior", "wizard", "cleric", "thief"):
        assert groups[f"adventurer.{adv}.level"] == 6
        assert f"adventurer.{adv}.training.black" in names
    assert groups["quest.1.glory"] == groups["quest.2.glory"] == groups["quest.3.glory"] == 14
    assert groups["goal.glory"] == 12
    assert {f"ability.glory.{v}" for v in range(-6, 13)} <= set(names)
    for m in (1, 2, 3):
        assert groups[f"monster.{m}.range"] == 3
        assert {f"monster.{m}.{k}" for k in ("visited", "fled", "strongest")} <= set(names)
    assert all(groups[f"item.{i}.half"] == 2 for i in range(1, 9))
    assert "resurrection" in names


def test_circles_are_round_and_boxes_square(sheet_kind):
    by = {b.name: b for b in sheet_kind.boxes}
    assert by["quest.1.glory.5"].round and by["goal.glory.3"].round and by["resurrection"].round
    assert not by["dungeon.A"].round and not by["wound.1"].round
    assert not by["adventurer.thief.level.6"].round


def test_boxes_lie_inside_the_sheet_and_do_not_overlap(sheet_kind):
    boxes = sheet_kind.boxes
    for b in boxes:
        assert (
            b.x >= 0
            and b.x + b.w <= sheet_kind.width
            and b.y >= 0
            and b.y + b.h <= sheet_kind.height
        )
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
            assert apart, (a.name, b.name)


@pytest.mark.parametrize(
    ("paper", "lang", "fillable"), [("a4", "cs", False), ("letter", "en", True)]
)
def test_printed_id_and_code_match(pd_pack, sheet_kind, paper, lang, fillable):
    """What is printed on a built sheet is the id and code the reader expects."""
    job = Job(pd_pack, pd_pack.printables[sheet_kind.printable], lang, paper, fillable)
    page = Renderer().document(job).pages[0]
    sid = sheet_id("standard", paper, lang, fillable)
    assert sheet_code(sid) in sheet_kind.ids and sheet_kind.ids[sheet_code(sid)] == (sid, lang)
    flat = list(_flat(page.ops))
    assert any(isinstance(op, TextOp) and op.text == sid for op, _, _ in flat)
    # the code squares, read left to right (most significant bit first), spell the code
    bits = sorted(
        (op.x + dx, op.style.fill is not None)
        for op, dx, _ in flat
        if isinstance(op, RectOp) and op.w == 1.8 and op.style.stroke is not None and op.y < 14
    )
    assert len(bits) == 16
    assert int("".join("1" if on else "0" for _, on in bits), 2) == sheet_code(sid)


def test_known_codes_are_distinct(sheet_kind):
    ids = [sid for sid, _ in sheet_kind.ids.values()]
    assert len(ids) == 8  # a4/letter x cs/en x plain/fillable
    assert len({sheet_code(s) for s in ids}) == 8


def test_sheet_code_by_hand():
    # sum(ord(c) * 31**i) & 0xFFFF for "AB": 65 + 66 * 31 = 2111
    assert sheet_code("AB") == 2111


def test_reference_is_the_blank_sheet(pd_pack, sheet_kind):
    ref = reference(pd_pack, sheet_kind, "PD-standard-a4-cs", "cs")
    assert ref.shape == (((264 + 8) * 8), ((196 + 8) * 8))
    assert not ref.flags.writeable
    # the margin is paper, the top-left registration mark is ink
    assert ref[:16, :].max() < 0.05
    assert ref[int(4.5 * 8), int(4.5 * 8)] > 0.8
