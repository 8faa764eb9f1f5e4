"""Builders of drawn printables, found by name in the modules of this package.

A module here registers its builders in a module-level dict `BUILDERS = {"game/name": function}`.
A builder takes a BuildContext and returns the drawn pages; the output layer centres each page on
the paper, or tiles it across several sheets when it is larger than the paper.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
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


@cache
def builders() -> dict[str, Builder]:
    """Every registered builder by name."""
    from generator import games

    found: dict[str, Builder] = {}
    mods = pkgutil.walk_packages(games.__path__, games.__name__ + ".")
    for info in sorted(mods, key=lambda i: i.name):
        if ".scan" in info.name or info.name.endswith(".cli"):
            continue
        module = importlib.import_module(info.name)
        for name, func in getattr(module, "BUILDERS", {}).items():
            if name in found:
                raise RuntimeError(f"builder {name!r} is registered twice")
            found[name] = func
    return found


def builder(name: str) -> Builder:
    """The builder registered as `name`."""
    table = builders()
    if name not in table:
        raise PapirnaError(f"unknown builder {name!r}; known: {', '.join(sorted(table))}")
    return table[name]
