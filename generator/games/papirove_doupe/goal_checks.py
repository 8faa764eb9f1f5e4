"""Which goal cards a filled sheet can prove or disprove, and how (the rest are taken on trust)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.games.papirove_doupe.rules import PackCards
    from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet

# goal id -> check(sheet, pack, fought ranges) -> None when met, else what the sheet shows instead.
# `ranges` holds the range (1-3) each monster was fought in, None where the party fled.
Check = Callable[["PapiroveDoupeSheet", "PackCards", list], str | None]


def _levels(s: PapiroveDoupeSheet) -> str:
    return ", ".join(f"{a} {lv}" for a, lv in s.levels.items())


def _completed(s: PapiroveDoupeSheet) -> int:
    return sum(1 for n in s.items if n == 2)


def _steady_ranks(s, pack, ranges) -> str | None:
    return None if min(s.levels.values()) >= 4 else f"the levels are {_levels(s)}"


def _full_armoury(s, pack, ranges) -> str | None:
    n = _completed(s)
    return None if n >= 5 else f"{n} items are complete"


def _minion_scourge(s, pack, ranges) -> str | None:
    return None if s.minions >= 7 else f"{s.minions} minions are defeated"


def _without_a_scratch(s, pack, ranges) -> str | None:
    return None if s.wounds <= 3 else f"the wound track has {s.wounds} wounds"


def _not_one_step_back(s, pack, ranges) -> str | None:
    fled = [str(i + 1) for i, r in enumerate(ranges) if r is None]
    return None if not fled else f"the party fled from monster {', '.join(fled)}"


def _jeweller(s, pack, ranges) -> str | None:
    return None if s.gems >= 4 else f"{s.gems} gems are ticked"


def _two_masters(s, pack, ranges) -> str | None:
    n = sum(1 for lv in s.levels.values() if lv == 6)
    return None if n >= 2 else f"{n} adventurers are at level 6"


def _mighty_party(s, pack, ranges) -> str | None:
    total = sum(s.levels.values())
    return None if total >= 17 else f"the levels add up to {total}"


def _careful_expedition(s, pack, ranges) -> str | None:
    if s.resurrection or s.wounds > sum(s.levels.values()):
        return "the party was resurrected"
    if s.unused_potions is not None and s.unused_potions < 2:
        return f"{s.unused_potions} potions are unused"
    return None


def _each_their_own(s, pack, ranges) -> str | None:
    return None if len(set(s.levels.values())) == 4 else f"the levels are {_levels(s)}"


def _honest_work(s, pack, ranges) -> str | None:
    need = [i for i, it in enumerate(pack.sheet.items) if it.symbol is not None]
    open_ = [str(i + 1) for i in need if i >= len(s.items) or s.items[i] != 2]
    return None if not open_ else f"item {', '.join(open_)} is not complete"


def _crushing_blow(s, pack, ranges) -> str | None:
    return None if 3 in ranges else "no monster was fought in its highest range"


CHECKS: dict[str, Check] = {
    "steady-ranks": _steady_ranks,
    "full-armoury": _full_armoury,
    "minion-scourge": _minion_scourge,
    "without-a-scratch": _without_a_scratch,
    "not-one-step-back": _not_one_step_back,
    "jeweller": _jeweller,
    "two-masters": _two_masters,
    "mighty-party": _mighty_party,
    "careful-expedition": _careful_expedition,
    "each-their-own": _each_their_own,
    "honest-work": _honest_work,
    "crushing-blow": _crushing_blow,
}
# four-corners (rooms visited) and master-alchemist (potions brewed) leave no trace on the sheet's
# final state: they are taken on trust.
