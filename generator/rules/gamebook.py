"""Gamebook rules: levels from experience, base strength, and journal consistency checks."""

from __future__ import annotations

from typing import NamedTuple

from generator.content.games.sheets import GamebookJournal

START_STRENGTH = 10
MAX_FOOD = 21
XP_FACTOR = 7


def threshold(level: int) -> int:
    """Total experience needed to reach `level`: 7 x (previous level + the one before it)."""
    if level <= 1:
        return 0
    return XP_FACTOR * ((level - 1) + (level - 2))


def level_for(experience: int) -> int:
    """The level a character with this much experience has reached."""
    level = 1
    while experience >= threshold(level + 1):
        level += 1
    return level


class JournalReport(NamedTuple):
    """What the journal implies and what does not add up."""

    level: int
    next_level_at: int
    base_strength: int
    problems: list[tuple[str, str]]  # (field, message)


def check_journal(j: GamebookJournal) -> JournalReport:
    """The level implied by experience, the next threshold, and every inconsistency."""
    level = level_for(j.experience)
    base = START_STRENGTH + level - 1
    problems: list[tuple[str, str]] = []
    if j.level is not None and j.level != level:
        problems.append(
            ("level", f"level {j.level} written, but {j.experience} experience means level {level}")
        )
    written_base = j.base_strength if j.base_strength is not None else base
    if j.base_strength is not None and j.base_strength != base:
        problems.append(
            (
                "base_strength",
                f"base strength {j.base_strength} written, but level {level} means {base}",
            )
        )
    if j.strength is not None and j.strength > written_base:
        problems.append(
            ("strength", f"current strength {j.strength} is above base strength {written_base}")
        )
    if j.food > MAX_FOOD:
        problems.append(("food", f"{j.food} food, but a character carries at most {MAX_FOOD}"))
    return JournalReport(level, threshold(level + 1), base, problems)
