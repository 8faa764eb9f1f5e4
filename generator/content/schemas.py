"""The registry of data models a pack's printables can name with `schema:`, and pack-wide checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.content.documents import TextDocument
from generator.content.free import FreeData
from generator.content.yamlio import PathKey, YamlDoc

if TYPE_CHECKING:
    from generator.content.pack import Pack

_BASE: dict[str, Any] = {
    "free": FreeData,
    "document": TextDocument,
}


def schemas() -> dict[str, Any]:
    """The base schemas plus every installed game's."""
    from generator import plugins

    return {**_BASE, **plugins.schemas()}


# Printable kinds: 'deck' (cards, imposed), 'page' (one layout filled from data),
# 'document' (flowing text sections), 'drawn' (pages a game's Python builder draws).
KINDS: tuple[str, ...] = ("deck", "page", "document", "drawn")


def kinds() -> tuple[str, ...]:
    """Every printable kind a pack may use."""
    return KINDS


def kind_known(kind: str) -> bool:
    """Whether `kind` is a printable kind papirna can build."""
    return kind in KINDS


def model_for(name: str | None, doc: YamlDoc, path: PathKey) -> Any:
    """The model registered as `name` (free-form data when no schema is named)."""
    if name is None:
        return FreeData
    table = schemas()
    if name not in table:
        raise doc.error(path, f"expected one of {', '.join(sorted(table))}, got {name!r}")
    return table[name]


def card_extras(pack: Pack, schema: str | None, model: Any) -> dict[str, Any]:
    """Values a card's layout shows that live elsewhere in the pack (a game's hook decides)."""
    from generator.plugins import games

    out: dict[str, Any] = {}
    for g in games().values():
        if g.card_extras is not None:
            out.update(g.card_extras(pack, schema, model))
    return out


def check_pack(pack: Pack) -> None:
    """Cross-file checks: ids unique within a deck, and each game's references that must resolve."""
    from generator.plugins import games

    for lp in pack.printables.values():
        seen: dict[str, int] = {}
        for entry in lp.cards:
            cid = getattr(entry.model, "id", None)
            if cid is None:
                continue
            if cid in seen:
                raise entry.error(f"duplicate id {cid!r} (also card {seen[cid]})", ("id",))
            seen[cid] = entry.path[0]
    for g in games().values():
        if g.check_pack is not None:
            g.check_pack(pack)
