"""Papírové doupě's pack hooks: what a dungeon card shows from elsewhere, and its references."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.content.pack import Pack


def card_extras(pack: Pack, schema: str | None, model: Any) -> dict[str, Any]:
    """A dungeon card's monsters' names and weaknesses and its campaign's name."""
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
    """Every monster a dungeon card names is in the pack."""
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
