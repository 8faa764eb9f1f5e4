"""A sheet may name its ability, goal and quest cards by their names, as printed on the cards."""

from __future__ import annotations

import functools

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.content.pack import load_builtin_pack
from generator.games.papirove_doupe import rules as pdr
from generator.games.papirove_doupe.score import pd_cards
from generator.games.papirove_doupe.sheets import PapiroveDoupeSheet
from generator.resources import content_dir
from generator.rules.scoring import SheetError


@functools.cache
def cards() -> pdr.PackCards:
    return pd_cards(load_builtin_pack("papirove-doupe"))


def sheet(**changes) -> PapiroveDoupeSheet:
    text = (content_dir() / "papirove-doupe" / "score-template-cs.yaml").read_text("utf-8")
    return PapiroveDoupeSheet.model_validate({**yaml.safe_load(text), **changes})


def test_names_in_either_language_score_as_the_ids() -> None:
    # Zvěd (scout) is an ability of glory -1; Plná zbrojnice (full-armoury) a goal of 7 that
    # needs 5 items, which the blank sheet does not have, so it is noted and not scored;
    # Lovec přisluhovačů (minion-hunter) a quest of glory 4.
    by_id = pdr.score_sheet(
        sheet(ability="scout", goals=["full-armoury"], quests=["minion-hunter"]), cards()
    )
    cs = pdr.score_sheet(
        sheet(ability="Zvěd", goals=["Plná zbrojnice"], quests=["lovec  přisluhovačů"]), cards()
    )
    en = pdr.score_sheet(
        sheet(ability="SCOUT", goals=["Full Armoury"], quests=[{"id": "Minion Hunter"}]), cards()
    )
    assert by_id.categories["ability"] == -1 and by_id.categories["quests"] == 4
    assert by_id.categories["goals"] == 0
    assert cs.categories == by_id.categories == en.categories
    assert cs.total == by_id.total == en.total


def test_a_misspelt_name_is_refused_naming_the_nearest_card() -> None:
    with pytest.raises(SheetError, match=r"no ability card 'Zvedd'; did you mean Zvěd\?"):
        pdr.score_sheet(sheet(ability="Zvedd"), cards())


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_card_name_finds_its_card(data) -> None:
    kind = data.draw(st.sampled_from(["abilities", "goals", "quests"]))
    deck = getattr(cards(), kind)
    cid = data.draw(st.sampled_from(sorted(deck)))
    lang = data.draw(st.sampled_from(["cs", "en"]))
    name = deck[cid].name.get(lang)
    name = data.draw(st.sampled_from([name, name.upper(), name.lower(), f" {name} "]))
    field = {"abilities": "ability", "goals": "goals", "quests": "quests"}[kind]
    value = name if field == "ability" else [name]
    got = pdr.card_ids(sheet(**{field: value}), cards())
    assert getattr(got, field) == (cid if field == "ability" else [cid])
