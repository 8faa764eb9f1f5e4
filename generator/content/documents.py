"""Generic text documents: rules summaries and reference cards, shared by every game."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.content.models import ColorRef, LText, Model


class Section(Model):
    """A heading and its text (with **bold**, *italic* and :icon: markup)."""

    heading: LText
    body: LText


class TextDocument(Model):
    """A page of flowing sections: rules summaries and reference cards."""

    title: LText
    subtitle: LText | None = None
    sections: list[Section] = Field(min_length=1)
    footer: LText | None = None


class StartFile(Model):
    """How one printable of the pack is printed, as the start page tells it."""

    stock: Literal["paper", "card"] | None = None  # default: card for decks, paper otherwise
    sides: Literal["one", "two"] | None = None  # default: two for decks with backs
    note: LText | None = None


class StartPage(Model):
    """A pack's start page: what to print, how, and what to bring besides."""

    title: LText
    intro: LText | None = None
    bring: list[LText] = Field(default_factory=list, max_length=12)
    files: dict[str, StartFile] = Field(default_factory=dict)  # by printable id
    accent: ColorRef = "#7a2e12"
