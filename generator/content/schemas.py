"""The registry of data models a pack's printables can name with `schema:`, and pack-wide checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.content.documents import StartPage, TextDocument
from generator.content.free import FreeData
from generator.content.yamlio import PathKey, YamlDoc

if TYPE_CHECKING:
    from generator.content.pack import Pack

_BASE: dict[str, Any] = {
    "free": FreeData,
    "document": TextDocument,
    "start": StartPage,
}


def schemas() -> dict[str, Any]:
    """Every installed game's schemas plus the base ones (a base name is always papirna's own)."""
    from generator import plugins

    return {**plugins.schemas(), **_BASE}


# Printable kinds: 'deck' (cards, imposed), 'page' (one layout filled from data),
# 'document' (flowing text sections), 'drawn' (pages a game's Python builder draws).
# 'start' (the pack's start page: what to print and how, drawn from the pack itself).
KINDS: tuple[str, ...] = ("deck", "page", "document", "drawn", "start")


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
    from generator import plugins

    # Looked up without importing every game's models (see plugins.schema): a base name is
    # papirna's own, a name GAME/... is first looked for in GAME's schemas.
    found = _BASE.get(name) or plugins.schema(name)
    if found is None:
        raise doc.error(path, f"expected one of {', '.join(sorted(schemas()))}, got {name!r}")
    return found


def card_extras(pack: Pack, schema: str | None, model: Any) -> dict[str, Any]:
    """Values a card's layout shows that live elsewhere in the pack (a game's hook decides)."""
    from generator.plugins import games

    out: dict[str, Any] = {}
    for g in games().values():
        if g.card_extras is not None:
            out.update(g.card_extras(pack, schema, model))
    return out


def nearest(name: str, known) -> str:
    """'; did you mean X?' for the known name closest to `name`, or ''."""
    import difflib

    found = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"; did you mean {found[0]!r}?" if found else ""


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
    for lp in pack.printables.values():
        if lp.spec.kind == "start" and lp.data is not None:
            for pid in lp.data.model.files:
                if pid not in pack.printables:
                    raise lp.data.error(
                        f"no printable {pid!r} in this pack{nearest(pid, pack.printables)}",
                        ("files", pid),
                    )
    for g in games().values():
        if g.check_pack is not None:
            g.check_pack(pack)
