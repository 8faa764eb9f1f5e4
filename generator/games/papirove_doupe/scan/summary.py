"""What a player is told about a reading: box names in words and the one-line summary."""

from __future__ import annotations

import re
from collections.abc import Sequence

TOO_MANY = 12  # more questions than a player will go through one by one

_WORDS = [
    (r"dungeon\.(\w+)", "dungeon card {0}"),
    (r"adventurer\.(\w+)\.level\.(\d+)", "{0} level {1}"),
    (r"adventurer\.(\w+)\.training\.(\w+)", "{0} training"),
    (r"item\.(\d+)\.half\.1", "item {0} first half"),
    (r"item\.(\d+)\.half\.2", "item {0} second half"),
    (r"gem\.(\d+)", "gems {0}"),
    (r"minion\.(\d+)", "minions {0}"),
    (r"wound\.(\d+)", "wounds {0}"),
    (r"health\.(\d+)", "health {0}"),
    (r"potion\.(\d+)\.absorbed\.(\d+)", "potion {0} wound {1}"),
    (r"potion\.(\d+)", "potions {0}"),
    (r"monster\.(\d+)\.visited", "fight {0} visited"),
    (r"monster\.(\d+)\.fled", "fight {0} fled"),
    (r"monster\.(\d+)\.range\.(\d+)", "fight {0} range {1}"),
    (r"monster\.(\d+)\.strongest", "fight {0} strongest attack"),
    (r"quest\.(\d+)\.glory\.(-?\d+)", "quest {0} glory {1}"),
    (r"goal\.glory\.(-?\d+)", "goal glory {0}"),
    (r"ability\.glory\.(-?\d+)", "ability glory {0}"),
    (r"resurrection", "resurrection"),
]
# boxes numbered along a track: its asked boxes are one question (how far it is filled: a track
# fills from the left), neighbours named together ("wounds 10-12"), others apart ("gems 3/5")
_RUN = re.compile(r"(gem|minion|wound|adventurer\.\w+\.level)\.(\d+)")
# the values of one row of glory numbers: one question, which of them is circled, if any
# (and so are the dungeon cards: which one is marked)
_ROW = re.compile(r"((?:quest\.\d+\.|goal\.|ability\.)glory|dungeon)\.(-?\w+)")
# the boxes of one fight: one question, what happened in it (visited, fled, range, strongest)
_FIGHT = re.compile(r"(monster\.\d+)\.(.+)")
_ITEM = re.compile(r"(item\.\d+)\.half\.([12])")


def box_words(name: str) -> str:
    """A box's name as a player reads it: "gems 9", "item 2 second half", "wizard level 5"."""
    for pattern, words in _WORDS:
        m = re.fullmatch(pattern, name)
        if m:
            return words.format(*m.groups())
    return name


def _group(name: str) -> tuple[str, str]:
    """The rule group a box belongs to, for the questions (its kind and name; a box of no group
    is its own)."""
    for kind, pattern in (("run", _RUN), ("row", _ROW), ("fight", _FIGHT), ("item", _ITEM)):
        m = pattern.fullmatch(name)
        if m:
            return kind, m.group(1)
    return "box", name


def _runs(numbers: list[int]) -> str:
    """Numbers as runs of neighbours: [3, 5, 10, 11, 12] -> "3/5/10-12"."""
    out, first, last = [], None, None
    for n in [*sorted(set(numbers)), None]:
        if first is not None and n == last + 1:
            last = n
            continue
        if first is not None:
            out.append(str(first) if first == last else f"{first}-{last}")
        first = last = n
    return "/".join(out)


def _question(kind: str, key: str, names: list[str]) -> str:
    """One group's asked boxes as one question."""
    if kind == "run":
        words = box_words(f"{key}.1")[: -len("1")]
        return words + _runs([int(n.rsplit(".", 1)[1]) for n in names])
    if kind == "row":
        values = sorted(
            (n.rsplit(".", 1)[1] for n in names),
            key=lambda v: (0, int(v), "") if re.fullmatch(r"-?\d+", v) else (1, 0, v),
        )  # as printed: by value, or by letter
        return box_words(f"{key}.{values[0]}")[: -len(values[0])] + "/".join(values)
    if kind == "fight":
        head = box_words(f"{key}.visited")[: -len(" visited")]
        return head + " " + "/".join(box_words(n)[len(head) + 1 :] for n in names)
    if kind == "item" and len(names) == 2:
        return box_words(names[0])[: -len("first half")] + "both halves"
    return box_words(names[0])


def questions(names: list[str]) -> list[str]:
    """The boxes to check as a player's questions, one per rule group, in sheet order: a track
    is one ("wounds 10-12", "gems 3/5": how far it is filled), and so are the values of one
    glory row ("quest 2 glory 3/5": which is circled, if any), the dungeon cards ("dungeon card
    J/L"), an item's two halves ("item 3 both halves") and a fight's boxes ("fight 2
    fled/range 1": what happened in it); every other box is its own."""
    asked: dict[tuple[str, str], list[str]] = {}
    for name in names:
        asked.setdefault(_group(name), []).append(name)
    return [_question(kind, key, group) for (kind, key), group in asked.items()]


def too_many(names: list[str]) -> bool:
    """Whether there are more questions than a player will go through one by one."""
    return len(questions(names)) > TOO_MANY


RETAKE = (
    "photograph the sheet again in even light without shadows, the sheet filling the frame, "
    "the phone held flat over it (or scan it)"
)


def refusal(names: list[str], causes: Sequence[str] = ()) -> str:
    """Why a reading with too many boxes to check gives no score, what in the photo made it
    unsure (`causes`, as the reader found them: "the sheet is small in the photo (2.0 px per
    mm; 4 or more is better)"), and what to do instead."""
    *rest, last = causes or [""]
    found = f": {', '.join(rest)} and {last}" if rest else f": {last}" if last else ""
    return (
        f"{len(names)} boxes are unsure ({len(questions(names))} questions), too many to trust "
        f"a score from this photo{found}; {RETAKE}; no score is given"
    )


def check_line(names: list[str]) -> str:
    """The summary of the boxes to check: "3 boxes to check: gems 9, item 2 second half, ...";
    when there are too many to check one by one, that plainly, and how to get a better photo."""
    if not names:
        return "no boxes to check"
    if too_many(names):
        return f"{len(names)} boxes are unsure, too many to check one by one: {RETAKE}"
    what = "box" if len(names) == 1 else "boxes"
    return f"{len(names)} {what} to check: " + ", ".join(questions(names))
