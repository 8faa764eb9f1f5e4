"""Shared scoring helpers: results, impossible-sheet errors and ranking with ties."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field


class SheetError(Exception):
    """A sheet that cannot be: names the field (a path into the sheet) and why."""

    def __init__(self, path: tuple, message: str, sheet: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        self.sheet = sheet  # which sheet of a table, when several are scored together


@dataclass
class Score:
    """One sheet's score: glory per category (in the game's order), the total and notes."""

    player: str
    categories: dict[str, int]
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        """The sum of all categories."""
        return sum(self.categories.values())


def rank(totals: list[int]) -> list[int]:
    """Competition ranking (1, 1, 3, ...) of totals, highest first; ties share a rank."""
    order = sorted(totals, reverse=True)
    return [order.index(t) + 1 for t in totals]


def nearest(word: str, known: Iterable[str]) -> str:
    """'; did you mean X?' for the closest of `known` to a misspelt `word`, else ''."""
    names = [str(k) for k in known]
    found = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    if not found:
        folded = {n.casefold(): n for n in names}
        if str(word).casefold() in folded:
            found = [folded[str(word).casefold()]]
    return f"; did you mean {found[0]}?" if found else ""


def missing_lines(sheet: object, counted: Iterable[str]) -> str | None:
    """A note naming the lines of `counted` that a sheet (a pydantic model) left out, else None."""
    given = getattr(sheet, "model_fields_set", set())
    missing = [k for k in counted if k not in given]
    if not missing:
        return None
    return f"not on the sheet, so counted as 0: {', '.join(missing)}"
