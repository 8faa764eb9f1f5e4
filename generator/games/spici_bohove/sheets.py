"""A filled Spící bohové ship's log and the final scoring table, as `papirna score` reads them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from generator.content.models import Model


class SpiciBohoveLog(Model):
    """The final page of a Spící bohové ship's log."""

    campaign: str = Field(default="", max_length=80)
    crew: str = Field(default="", max_length=200)
    version: Literal["normal", "ruthless"] = "normal"
    adventure_cards: int = Field(default=0, ge=0, le=500)
    sacred_items: int = Field(default=0, ge=0, le=50)
    quest_cards: int = Field(default=0, ge=0, le=500)
    level_cards: int = Field(default=0, ge=0, le=200)
    coins: int = Field(default=0, ge=0, le=10000)
    artifacts: int = Field(default=0, ge=0, le=500)
    ending: int | None = Field(default=None, ge=1, le=9999)
    defeats: int = Field(default=0, ge=0, le=100)

    @model_validator(mode="after")
    def _sacred_within_adventures(self) -> SpiciBohoveLog:
        if self.sacred_items > self.adventure_cards:
            raise ValueError(
                f"sacred_items: {self.sacred_items} sacred items but only "
                f"{self.adventure_cards} adventure cards (sacred items are adventure cards)"
            )
        if self.version == "ruthless" and self.defeats:
            raise ValueError("defeats: in the ruthless version the first defeat ends the campaign")
        return self


class SpiciBohoveScoring(Model):
    """Spící bohové's final scoring table."""

    adventure_card: int
    sacred_item: int
    quest_card: int
    level_card: int
    coins_per_point: int = Field(ge=1)
    artifact: int
    ending: int
    defeat: int
    ruthless: int
