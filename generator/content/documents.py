"""Generic text documents: rules summaries and reference cards, shared by every game."""

from __future__ import annotations

from pydantic import Field

from generator.content.models import LText, Model


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
