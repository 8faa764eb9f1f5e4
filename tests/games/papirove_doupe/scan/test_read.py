"""Reading every box of synthetic photos exactly: pen marks of many kinds, then camera damage."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan.read import read_image, sheet_data
from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields
from tests.games.papirove_doupe.scan.conftest import make_case

CASES = 200  # benchmarks/bench_scan.py runs more, at several resolutions
SEED = 20240611


def _truth_data(kind, marked: set[str]) -> dict:
    values = {b.name: b.name in marked for b in kind.boxes}
    values["player"] = "truth"
    return papirove_doupe_from_fields(values, "truth")


@pytest.mark.slow
def test_generated_photos_are_read_exactly(pd_pack, sheet_kind):
    """>= 99.9 % of boxes right, and no box wrong without being flagged for the player."""
    boxes = wrong = flagged = 0
    silent = []
    misscored = []
    for i in range(CASES):
        scan = i % 5 == 4  # every fifth a flatbed scan, the rest phone photos
        case = make_case(pd_pack, sheet_kind, SEED + i, 6.0 if scan else 4.5, scan=scan)
        result = read_image(case.photo, pd_pack, f"case{i}.jpg")
        assert result.sheet_id == f"PD-standard-{case.paper}-{case.lang}"
        for b in result.boxes:
            boxes += 1
            truth = b.name in case.marked
            flagged += b.confidence < 0.5
            if b.marked != truth:
                wrong += 1
                if b.confidence >= 0.5:
                    silent.append((i, b.name, case.styles.get(b.name), round(b.score, 1)))
        data, problem = sheet_data(result)
        truth = _truth_data(sheet_kind, case.marked)
        truth["player"] = data["player"]
        if (problem or data != truth) and not result.uncertain:
            misscored.append(i)
    assert not silent, f"boxes misread without a flag: {silent}"
    assert not misscored, f"sheets misread with no box flagged: {misscored}"
    assert wrong <= boxes * 0.001, f"{wrong} of {boxes} boxes misread"
    assert flagged <= boxes * 0.005, f"{flagged} of {boxes} boxes flagged"


@pytest.mark.parametrize("style", ["cross", "tick", "fill", "scribble", "slash"])
def test_every_mark_style_counts(pd_pack, sheet_kind, style):
    import random

    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(7)
    page, offset = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    names = [
        "dungeon.C",
        "adventurer.wizard.level.3",
        "wound.12",
        "item.4.half.2",
        "monster.2.range.1",
    ]
    page = synth.fill_page(page, 6.0, sheet_kind, dict.fromkeys(names, style), offset, rng)
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=5.0, angle=-8, blur=0.8, jpeg=70))
    result = read_image(photo, pd_pack, "x.jpg")
    assert {b.name for b in result.boxes if b.marked} == set(names)
    assert not result.uncertain


def test_circled_values(pd_pack, sheet_kind):
    import random

    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(3)
    page, offset = synth.printed_page(pd_pack, sheet_kind, "en", "letter", 6.0)
    circled = {
        "quest.1.glory.4",
        "quest.3.glory.10",
        "goal.glory.7",
        "ability.glory.-2",
        "resurrection",
    }
    page = synth.fill_page(page, 6.0, sheet_kind, dict.fromkeys(circled, "circle"), offset, rng)
    damage = synth.Damage(px_per_mm=4.5, angle=9, skew=0.04, light=0.3, background="wood", jpeg=60)
    photo, _ = synth.photograph(page, 6.0, damage)
    result = read_image(photo, pd_pack, "x.jpg")
    assert {b.name for b in result.boxes if b.marked} == circled


def test_blank_sheet_reads_empty_even_where_shaded(pd_pack, sheet_kind):
    """Level 1, the first health boxes and monster-round dice boxes are printed shaded."""
    from generator.games.papirove_doupe.scan import synth

    page, _ = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=5.0, light=0.4, gamma=1.4))
    result = read_image(photo, pd_pack, "blank.png")
    assert not [b.name for b in result.boxes if b.marked]
    assert not result.uncertain
    _, problem = sheet_data(result)
    assert problem is not None and problem.field == "dungeon"  # no dungeon card marked
