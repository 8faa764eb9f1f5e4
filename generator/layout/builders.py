"""Builders of drawn printables: functions a game registers by name (see generator.plugins).

A game's `builders()` hook returns them, e.g. `{"my-game/board": build_board}`.
A builder takes a BuildContext and returns the drawn pages; the output layer centres each page on
the paper, or tiles it across several sheets when it is larger than the paper.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from generator.errors import PapirnaError
from generator.layout.engine import Env
from generator.layout.spec import LayoutSpec


@dataclass
class BuildContext:
    """Everything a builder may use: layout, validated data, extra files, language, paper."""

    layout: LayoutSpec
    data: Any
    files: dict[str, Any]
    env: Env
    lang: str
    paper: str
    fillable: bool = False
    labels: dict[str, str] = field(default_factory=dict)
    title: str = ""


class Drawn(NamedTuple):
    """One drawn page: its size in mm and its operations (origin top-left)."""

    width: float
    height: float
    ops: list
    name: str = ""  # shown in tile labels when the page is tiled


Builder = Callable[[BuildContext], list[Drawn]]


def builders() -> dict[str, Builder]:
    """Every installed game's builders by name."""
    from generator.plugins import builders as registered

    return registered()


def builder(name: str) -> Builder:
    """The builder registered as `name`."""
    table = builders()
    if name not in table:
        raise PapirnaError(f"unknown builder {name!r}; known: {', '.join(sorted(table))}")
    return table[name]
