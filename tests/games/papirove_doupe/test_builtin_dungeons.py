"""The built-in dungeon cards A-L: each is a valid dungeon on the built-in plan, and all differ."""

from __future__ import annotations

from generator.cli.common import load_packs
from generator.games.papirove_doupe.models import DungeonCard, Plan
from generator.games.papirove_doupe.rules import check_dungeon, distances, open_entrances


def _cards() -> tuple[list[DungeonCard], Plan, list]:
    pack = load_packs(["papirove-doupe"], None)[0]
    deck = pack.printables["dungeons"]
    return [e.model for e in deck.cards], deck.files["plan"].model, deck.data.model


def test_twelve_cards_in_four_campaigns_of_three() -> None:
    cards, _, campaigns = _cards()
    assert [c.id for c in cards] == list("ABCDEFGHIJKL")
    assert [c.cards for c in campaigns] == [list("ABC"), list("DEF"), list("GHI"), list("JKL")]
    assert all(c.campaign == camp.id for camp in campaigns for c in cards if c.id in camp.cards)


def test_every_card_is_valid_and_every_monster_reachable() -> None:
    cards, plan, _ = _cards()
    for card in cards:
        assert check_dungeon(card, plan, cards) == [], card.id
        reach = distances(plan, card, open_entrances(card))
        assert all(p in reach for p in card.positions), card.id
