"""What a player is told about a reading: box names in words and the one-line summary."""

from __future__ import annotations

import re

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


def box_words(name: str) -> str:
    """A box's name as a player reads it: "gems 9", "item 2 second half", "wizard level 5"."""
    for pattern, words in _WORDS:
        m = re.fullmatch(pattern, name)
        if m:
            return words.format(*m.groups())
    return name


def check_line(names: list[str]) -> str:
    """The summary of the boxes to check: "3 boxes to check: gems 9, item 2 second half, ..."."""
    if not names:
        return "no boxes to check"
    what = "box" if len(names) == 1 else "boxes"
    return f"{len(names)} {what} to check: " + ", ".join(box_words(n) for n in names)
