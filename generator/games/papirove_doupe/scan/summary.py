"""What a player is told about a reading: box names in words and the one-line summary."""

from __future__ import annotations

import re

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
# boxes numbered along a track: consecutive ones are named together ("wounds 10-12")
_RUN = re.compile(r"(gem|minion|wound|adventurer\.\w+\.level)\.(\d+)")
# the values of one row of glory numbers: one question, which of them is circled, if any
# (and so are the dungeon cards: which one is marked)
_ROW = re.compile(r"((?:quest\.\d+\.|goal\.|ability\.)glory|dungeon)\.(-?\w+)")


def box_words(name: str) -> str:
    """A box's name as a player reads it: "gems 9", "item 2 second half", "wizard level 5"."""
    for pattern, words in _WORDS:
        m = re.fullmatch(pattern, name)
        if m:
            return words.format(*m.groups())
    return name


def questions(names: list[str]) -> list[str]:
    """The boxes to check as a player's questions, in sheet order: a run of neighbours on one
    track is one ("wounds 10-12"), and so are the values of one glory row ("quest 2 glory
    3/5/7": which is circled, if any), the dungeon cards ("dungeon card J/L") and an item's two
    halves ("item 3 both halves"); every other box is its own."""
    out: list[str] = []
    run: tuple[str, int, int] | None = None  # track, first, last
    row: tuple[str, list[str]] | None = None  # row, values
    for name in [*names, ""]:
        m, r = _RUN.fullmatch(name), _ROW.fullmatch(name)
        if m and run and m.group(1) == run[0] and int(m.group(2)) == run[2] + 1:
            run = (run[0], run[1], int(m.group(2)))
            continue
        if r and row and r.group(1) == row[0]:
            row[1].append(r.group(2))
            continue
        if run:
            words = box_words(f"{run[0]}.{run[1]}")
            out.append(words if run[1] == run[2] else f"{words}-{run[2]}")
            run = None
        if row:
            out.append(box_words(f"{row[0]}.{row[1][0]}")[: -len(row[1][0])] + "/".join(row[1]))
            row = None
        if m:
            run = (m.group(1), int(m.group(2)), int(m.group(2)))
        elif r:
            row = (r.group(1), [r.group(2)])
        elif name.endswith(".half.2") and out and out[-1] == box_words(name[:-1] + "1"):
            out[-1] = box_words(name)[: -len("second half")] + "both halves"
        elif name:
            out.append(box_words(name))
    return out


def too_many(names: list[str]) -> bool:
    """Whether there are more questions than a player will go through one by one."""
    return len(questions(names)) > TOO_MANY


RETAKE = (
    "photograph the sheet again in even light without shadows, the sheet filling the frame, "
    "the phone held flat over it (or scan it)"
)


def refusal(names: list[str]) -> str:
    """Why a reading with too many boxes to check gives no score, and what to do instead."""
    return (
        f"{len(names)} boxes are unsure ({len(questions(names))} questions), too many to trust "
        f"a score from this photo: {RETAKE}; no score is given"
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
