"""What a player is told about a reading: box names in words and the one-line summary."""

from __future__ import annotations

import re

TOO_MANY = 12  # more boxes to check than a player will go through one by one

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
# boxes numbered along a track: consecutive ones are named together ("wounds 10-12")
_RUN = re.compile(r"(gem|minion|wound|adventurer\.\w+\.level)\.(\d+)")


def box_words(name: str) -> str:
    """A box's name as a player reads it: "gems 9", "item 2 second half", "wizard level 5"."""
    for pattern, words in _WORDS:
        m = re.fullmatch(pattern, name)
        if m:
            return words.format(*m.groups())
    return name


def _phrases(names: list[str]) -> list[str]:
    """The boxes in words, a run of neighbours on one track as one phrase: "wounds 10-12"."""
    out: list[str] = []
    run: tuple[str, int, int] | None = None  # track, first, last
    for name in [*names, ""]:
        m = _RUN.fullmatch(name)
        if m and run and m.group(1) == run[0] and int(m.group(2)) == run[2] + 1:
            run = (run[0], run[1], int(m.group(2)))
            continue
        if run:
            words = box_words(f"{run[0]}.{run[1]}")
            out.append(words if run[1] == run[2] else f"{words}-{run[2]}")
            run = None
        if m:
            run = (m.group(1), int(m.group(2)), int(m.group(2)))
        elif name:
            out.append(box_words(name))
    return out


def too_many(names: list[str]) -> bool:
    """Whether there are more boxes to check than a player will go through one by one."""
    return len(names) > TOO_MANY


def check_line(names: list[str]) -> str:
    """The summary of the boxes to check: "3 boxes to check: gems 9, item 2 second half, ...";
    when there are too many to check one by one, that plainly, and how to get a better photo."""
    if not names:
        return "no boxes to check"
    if too_many(names):
        return (
            f"{len(names)} boxes are unsure, too many to check one by one: photograph the sheet "
            "again, closer, flat and in even light without shadows (or scan it), and read that"
        )
    what = "box" if len(names) == 1 else "boxes"
    return f"{len(names)} {what} to check: " + ", ".join(_phrases(names))
