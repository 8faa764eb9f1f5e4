"""Issue 24 (helper u): the glory rings that were wrong without being listed, and questions
counted per rule group. Evidence is in the units of rules.py (> 0 looks marked, 1 = as sure as a
player needs to be asked about); the numbers come from wild hold-out cases 190-249, worked by
hand in each comment."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.papirove_doupe.scan.rules import RING_ABOVE, RINGIER, decide
from generator.games.papirove_doupe.scan.summary import TOO_MANY, check_line, questions, too_many

QUEST1 = [f"quest.1.glory.{k}" for k in range(1, 15)]

# wild hold-out case 248: quest 1 glory 10 was ringed in pencil and read -1.29
CASE_248 = dict(
    zip(
        QUEST1,
        [
            -1.85,
            -1.92,
            -1.90,
            -2.15,
            -1.68,
            -1.72,
            -1.96,
            -1.74,
            -1.66,
            -1.29,
            -1.95,
            -2.33,
            -3.05,
            -3.05,
        ],
        strict=True,
    )
)


def test_a_light_ring_darker_than_the_values_beside_it_is_asked_about():
    # case 248: every value reads empty, so the row is read as not circled. Glory 10 (-1.29)
    # stands above glory 9 (-1.66) by 0.37 and glory 11 (-1.95) by 0.66, both >= RINGIER 0.35,
    # and above the row's median (of the 14 values: (-1.90 + -1.92) / 2 = -1.91) by 0.62 >=
    # RING_ABOVE 0.5: it is asked about. (It stands above the row's next highest value, glory 9,
    # by only 0.37 < EDGE 0.4: the question at the row's edge did not ask it, and the sheet was
    # wrong with the ring not listed.)
    assert (RINGIER, RING_ABOVE) == (0.35, 0.5)
    d = decide(CASE_248)
    assert not any(d.marked[b] for b in QUEST1)
    assert d.ask == {"quest.1.glory.10": "unsure"}
    # planted: glory 10 at -1.55 stands above glory 9 by only 0.11: no question
    assert decide(CASE_248 | {"quest.1.glory.10": -1.55}).ask == {}
    # and a value at a row's end has one neighbour: glory 14 at -1.29 stands above glory 13
    # (-3.05) by 1.76 and the median (still (-1.92 + -1.90) / 2 = -1.91) by 0.62: asked
    end = CASE_248 | {"quest.1.glory.10": -1.95, "quest.1.glory.14": -1.29}
    assert decide(end).ask == {"quest.1.glory.14": "unsure"}
    # a row read as circled (glory 3 plainly, +5) asks nothing of its darker empty values
    assert decide(CASE_248 | {"quest.1.glory.3": 5.0}).ask == {}


@settings(max_examples=80, derandomize=True, deadline=None)
@given(
    st.lists(st.floats(-3.0, -1.0), min_size=14, max_size=14),
    st.integers(0, 13),
    st.floats(0.0, 2.0),
)
def test_every_value_ringier_than_its_neighbours_and_its_row_is_asked(values, k, lift):
    # a row of values that all look empty, value k lifted (still below zero): whenever the row
    # is read as not circled and value k stands RINGIER above each value beside it and
    # RING_ABOVE above the row's median, it is asked about
    import statistics

    values = list(values)
    values[k] = min(-0.01, values[k] + lift)
    ev = dict(zip(QUEST1, values, strict=True))
    d = decide(ev)
    beside = [values[j] for j in (k - 1, k + 1) if 0 <= j < 14]
    ringier = all(values[k] - v >= RINGIER for v in beside)
    above = values[k] - statistics.median(values) >= RING_ABOVE
    if not any(d.marked.values()) and ringier and above:
        assert QUEST1[k] in d.ask


def test_a_tracks_unsure_boxes_are_one_question_how_far_it_is_filled():
    # a track fills from the left: however many of its boxes are asked, the player answers one
    # number. Gems 3 and 5 (a gap) were two questions; wounds 6, 10-12 and 19 were three
    assert questions(["gem.3", "gem.5"]) == ["gems 3/5"]
    assert questions(["wound.6", "wound.10", "wound.11", "wound.12", "wound.19"]) == [
        "wounds 6/10-12/19"
    ]
    levels = [f"adventurer.wizard.level.{k}" for k in (2, 3, 5, 6)]
    assert questions(levels) == ["wizard level 2-3/5-6"]
    # two tracks are two questions
    assert questions(["gem.3", "minion.3"]) == ["gems 3", "minions 3"]


def test_a_fights_unsure_boxes_are_one_question_what_happened_in_it():
    # wild hold-out case 209 asked fight 2 fled, range 1, range 2, range 3 and strongest attack
    # as five questions; a fight is one question (visited, fled, which range, strongest)
    names = [f"monster.2.{b}" for b in ("fled", "range.1", "range.2", "range.3", "strongest")]
    assert questions(names) == ["fight 2 fled/range 1/range 2/range 3/strongest attack"]
    assert questions(["monster.1.visited", "monster.3.visited"]) == [
        "fight 1 visited",
        "fight 3 visited",
    ]


def test_a_sheet_is_too_unsure_by_its_groups_in_doubt_not_by_its_boxes():
    # wild hold-out case 248 (with its light ring listed): 14 boxes in 11 groups, thief level,
    # wounds (10, 18, 38), items 1, 5 and 7, gems, minions, fight 3 and three glory rows; the
    # old count made wounds three questions: 13 > TOO_MANY 12, refused though every wrong box
    # (gems 9, quest 1 glory 10) was listed. Now 11 questions: scored, with the list
    asked = ["adventurer.thief.level.4", "wound.10", "wound.18", "wound.38", "item.1.half.2"]
    asked += ["item.5.half.2", "item.7.half.1", "gem.9", "minion.2", "minion.3"]
    asked += ["monster.3.range.3", "quest.1.glory.10", "quest.2.glory.6", "goal.glory.6"]
    assert len(questions(asked)) == 11 and not too_many(asked)
    assert check_line(asked) == (
        "14 boxes to check: thief level 4, wounds 10/18/38, item 1 second half, item 5 second "
        "half, item 7 first half, gems 9, minions 2-3, fight 3 range 3, quest 1 glory 10, "
        "quest 2 glory 6, goal glory 6"
    )
    # planted: thirteen groups in doubt are still too many (TOO_MANY 12)
    more = [*asked, "dungeon.A", "resurrection"]
    assert len(questions(more)) == TOO_MANY + 1 and too_many(more)


ABILITY = [f"ability.glory.{k}" for k in range(-6, 13)]
# wild hold-out case 199: no ability value was ringed; the row's end (glory 12) was read +2.58,
# as a ring, and glory 10 -0.27 (the print of that end of the row a little off its place)
CASE_199 = dict(
    zip(
        ABILITY,
        [
            -2.1,
            -2.06,
            -1.77,
            -1.66,
            -2.04,
            -1.75,
            -1.93,
            -1.56,
            -1.7,
            -1.37,
            -1.4,
            -1.49,
            -1.52,
            -1.64,
            -1.51,
            -1.1,
            -0.27,
            -1.26,
            2.58,
        ],
        strict=True,
    )
)


def test_a_ring_in_a_row_where_another_value_stands_out_is_asked_about_with_it():
    # case 199: {glory 12} (+2.58) against none (0) is 2.58 / 1 > 2 * MARGIN: confidence 1, and
    # the old rules asked nothing: the sheet was wrong with the ring not listed. The row's median
    # (the 10th of 19 values) is -1.56; glory 10, two values from 12, stands -0.27 + 1.56 = 1.29
    # >= RING_OTHER 0.9 above it (glory 9, three away, only 0.46): a ring marks one value and at
    # most its neighbours, so what made 12 look ringed may be a shadow or a misplaced row: 12
    # and 10 are asked about, one question ("ability glory 10/12")
    from generator.games.papirove_doupe.scan.rules import RING_OTHER

    assert RING_OTHER == 0.9
    d = decide(CASE_199)
    assert d.marked["ability.glory.12"] and sum(d.marked[b] for b in ABILITY) == 1
    assert d.ask == dict.fromkeys(["ability.glory.10", "ability.glory.12"], "unsure")
    assert questions(list(d.ask)) == ["ability glory 10/12"]
    # planted: glory 10 at -1.0 (0.56 above the median) stands out of nothing: no question
    assert decide(CASE_199 | {"ability.glory.10": -1.0}).ask == {}
    # a ring as plain as CAP (8) is no question, whatever else stands out
    assert decide(CASE_199 | {"ability.glory.12": 9.0}).ask == {}
    # the value beside the ring standing out (an off-centre ring) is no question
    assert decide(CASE_199 | {"ability.glory.10": -1.5, "ability.glory.11": -0.27}).ask == {}


def test_a_tracks_last_box_looking_more_marked_than_the_asked_box_before_it_is_asked():
    # wild hold-out case 62 (tuned on): thief levels 2-6 read +0.82, +0.31, +8.74, -0.99, -0.49
    # (the true level is 6). "level 4" scores 9.87; "level 5" 8.88, 0.99 less likely in one box,
    # under MARGIN 1: level 5 is asked. "level 6" is 8.39, (9.87 - 8.39) / sqrt(2) = 1.05 away,
    # no alternative of its own, and as the track's last box it has nothing after it to stand
    # above: it was not asked, and the sheet was wrong with level 6 not listed. It looks more
    # marked (-0.49) than level 5 (-0.99), which is asked about: it is as unsure, asked too
    thief = [f"adventurer.thief.level.{k}" for k in range(1, 7)]
    ev = dict(zip(thief, [-2.14, 0.82, 0.31, 8.74, -0.99, -0.49], strict=True))
    d = decide(ev)
    assert [d.marked[b] for b in thief[1:]] == [True, True, True, False, False]
    assert d.ask == dict.fromkeys(thief[4:], "unsure")
    # planted: level 6 lighter than level 5 (-1.5) is not asked (nor does it stand above a box
    # after it: there is none)
    assert d.ask != decide(ev | {thief[5]: -1.5}).ask == {thief[4]: "unsure"}


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(0, 12), st.lists(st.floats(-3.0, 3.0), min_size=12, max_size=12))
def test_after_an_asked_box_every_box_looking_at_least_as_marked_is_asked(k, values):
    # along a track (gems 1-12), past its end: once a box is asked about, the next box is asked
    # too when it looks at least as marked
    gems = [f"gem.{n}" for n in range(1, 13)]
    ev = dict(zip(gems, values, strict=True))
    d = decide(ev)
    empty = [b for b in gems if not d.marked[b]]
    for a, b in itertools.pairwise(empty):
        if a in d.ask and ev[b] >= ev[a]:
            assert b in d.ask


def test_before_an_asked_marked_box_a_box_little_more_marked_is_asked_too():
    # independent case 31: wounds 1-4 shaded, no wound marked; they read +0.85, +1.05, +0.80,
    # +0.29, wound 5 -0.19 and on past wound 12 -0.08, wounds 13-40 here -3. Filling from the
    # left, "4 wounds" scores 2.99 and is read. Wound 4 is 0.29 from "3 wounds" and wound 3
    # (0.80 + 0.29) / sqrt(2) = 0.77 from "2 wounds", both under MARGIN 1: asked. Wound 2 is
    # (1.05 + 0.80 + 0.29) / sqrt(3) = 1.24 from "1 wound", wound 1 2.99 / 2 = 1.5 from "none":
    # not asked by the group, and the sheet was wrong with wounds 1 and 2 not listed. Wound 2
    # looks only 1.05 - 0.80 = 0.25 <= EDGE 0.4 more marked than wound 3, and wound 1 0.85 -
    # 1.05 < 0 more than wound 2: as unsure, both asked
    wounds = [f"wound.{k}" for k in range(1, 41)]
    ev = dict.fromkeys(wounds, -3.0) | dict(
        zip(wounds, [0.85, 1.05, 0.80, 0.29, -0.19, -0.68, -1.13, -1.19, -1.09], strict=False)
    )
    d = decide(ev)
    assert [w for w in wounds if d.marked[w]] == wounds[:4]
    assert set(wounds[:4]) <= set(d.ask)
    # planted: wounds 1-2 clear (+4) stand more than EDGE above wound 3: not asked
    clear = decide(ev | {"wound.1": 4.0, "wound.2": 4.0})
    assert "wound.3" in clear.ask and not {"wound.1", "wound.2"} & set(clear.ask)


def test_a_tracks_last_mark_far_fainter_than_a_plain_one_before_it_is_asked():
    # wild hold-out case 169 (tuned on): wounds 1-21 marked, wound 21 plainly (+27.6), wound 22
    # +5.2 (empty: wound 21's cross run over the edge), wound 23 on -1.64 and less. "22 wounds"
    # is 5.2 more likely than "21" and 5.2 + 1.64 more than "23": sure by the group alone
    # (confidence 1), and the sheet was wrong with wound 22 not listed. 5.2 is under CAP 8 and
    # under OVERRUN 0.2 of the plain mark before it (0.2 * 27.6 = 5.52): asked
    from generator.games.papirove_doupe.scan.rules import OVERRUN

    assert OVERRUN == 0.2
    wounds = [f"wound.{k}" for k in range(1, 41)]
    ev = dict.fromkeys(wounds, -2.0) | dict.fromkeys(wounds[:20], 5.0)
    ev |= {"wound.21": 27.6, "wound.22": 5.2, "wound.23": -1.64}
    d = decide(ev)
    assert [w for w in wounds if d.marked[w]] == wounds[:22]
    assert d.ask == {"wound.22": "unsure"}
    # planted: after a mark of +20 (0.2 * 20 = 4 < 5.2) wound 22 is a mark of its own: no question
    assert decide(ev | {"wound.21": 20.0}).ask == {}
