"""The registry of data models a pack's printables can name with `schema:`, and pack-wide checks."""

from __future__ import annotations

from functools import cache
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


@cache
def schemas() -> dict[str, Any]:
    """The base schemas plus every `SCHEMAS` dict of the modules in generator.content.games."""
    import importlib
    import pkgutil

    from generator import games

    found = dict(_BASE)
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{games.__name__}.{info.name}.models")
        for name, model in getattr(module, "SCHEMAS", {}).items():
            if name in found and found[name] is not model:
                raise RuntimeError(f"schema {name!r} is registered twice")
            found[name] = model
    return found


# Printable kinds: 'deck' (cards, imposed), 'page' (one layout filled from data),
# 'document' (flowing text sections), 'drawn' (pages a registered Python builder draws).
KINDS: tuple[str, ...] = (
    "deck",
    "page",
    "document",
    "drawn",
    "papirove-doupe-sheet",
    "papirove-doupe-dice",
)


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
    """Values a card's layout shows that live elsewhere in the pack (e.g. its monsters' names)."""
    if schema != "papirove-doupe/dungeon":
        return {}
    monsters = {
        e.model.id: e.model
        for lp in pack.printables.values()
        if lp.spec.schema_ == "papirove-doupe/monster"
        for e in lp.cards
    }
    campaigns = {
        c.id: c
        for lp in pack.printables.values()
        if lp.spec.data_schema == "papirove-doupe/campaigns" and lp.data is not None
        for c in lp.data.model
    }
    found = [monsters[m] for m in model.monsters if m in monsters]
    camp = campaigns.get(model.campaign)
    return {
        "monster_names": [m.name for m in found],
        "monster_weakness": [m.weakness for m in found],
        "campaign_name": camp.name
        if camp
        else pack.manifest.labels.get(f"campaign-{model.campaign}", model.campaign),
    }


def check_pack(pack: Pack) -> None:
    """Cross-file checks: ids unique within a deck, references that must resolve."""
    for lp in pack.printables.values():
        seen: dict[str, int] = {}
        for entry in lp.cards:
            cid = getattr(entry.model, "id", None)
            if cid is None:
                continue
            if cid in seen:
                raise entry.error(f"duplicate id {cid!r} (also card {seen[cid]})", ("id",))
            seen[cid] = entry.path[0]
    monsters = {
        e.model.id
        for lp in pack.printables.values()
        if lp.spec.schema_ == "papirove-doupe/monster"
        for e in lp.cards
    }
    for lp in pack.printables.values():
        if lp.spec.schema_ != "papirove-doupe/dungeon":
            continue
        for entry in lp.cards:
            for i, mid in enumerate(entry.model.monsters):
                if mid not in monsters:
                    raise entry.error(f"no monster with id {mid!r} in this pack", ("monsters", i))
