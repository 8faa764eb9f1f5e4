"""Lucky Seven's content: its cards, and a filled score sheet."""

from __future__ import annotations

from pydantic import Field

from generator.content.models import LText, Model


class Card(Model):
    """A bonus card: its name, its text and the glory it gives."""

    id: str
    name: LText
    text: LText
    glory: int = Field(ge=0, le=20)
    count: int = Field(default=1, ge=0, le=10)


class SheetText(Model):
    """The words on the score sheet."""

    title: LText
    rounds: int = Field(default=10, ge=1, le=12)


class FilledSheet(Model):
    """A player's sheet: the sum of two dice each round, and the bonus cards kept."""

    player: str = Field(min_length=1, max_length=40)
    rolls: list[int] = Field(max_length=12)
    cards: int = Field(default=0, ge=0, le=30)


SCHEMAS = {"lucky-seven/card": Card, "lucky-seven/sheet": SheetText}
