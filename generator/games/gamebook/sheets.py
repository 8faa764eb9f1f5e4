"""The numbers of a filled gamebook character journal, as `papirna score` checks them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.models import Model


class GamebookJournal(Model):
    """The numbers of a gamebook character journal that can be checked."""

    lang: Literal["cs", "en"] | None = None  # the sheet's language: of the labels printed
    name: str = Field(default="", max_length=80)
    experience: int = Field(ge=0, le=100000)
    level: int | None = Field(default=None, ge=1, le=100)
    base_strength: int | None = Field(default=None, ge=0, le=1000)
    strength: int | None = Field(default=None, ge=0, le=1000)
    food: int = Field(default=0, ge=0, le=1000)
    money: int = Field(default=0, ge=0, le=100000)
    armour_value: int | None = Field(default=None, ge=0, le=100)
