"""Shared scoring helpers: results, impossible-sheet errors and ranking with ties."""

from __future__ import annotations

from dataclasses import dataclass, field


class SheetError(Exception):
    """A sheet that cannot be: names the field (a path into the sheet) and why."""

    def __init__(self, path: tuple, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


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
