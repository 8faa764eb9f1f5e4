"""A schema named GAME/NAME is found among GAME's schemas without importing the other games'."""

from __future__ import annotations

import pytest

from generator import plugins
from generator.content.documents import TextDocument
from generator.content.schemas import model_for, schemas
from generator.content.yamlio import YamlDoc
from generator.errors import PapirnaError
from generator.plugins import Game


class X: ...


class Y: ...


class Plain: ...


@pytest.fixture()
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Two games, `a` and `b`; the list of games whose schemas were asked for."""
    calls: list[str] = []

    def hook(gid: str, table: dict):
        def get() -> dict:
            calls.append(gid)
            return table

        return get

    found = {
        "a": Game("a", schemas=hook("a", {"a/x": X})),
        # b registers a name under a's prefix, one of its own and one of papirna's own
        "b": Game("b", schemas=hook("b", {"a/y": Y, "plain": Plain, "document": X})),
    }
    monkeypatch.setattr(plugins, "games", lambda: found)
    plugins.schemas.cache_clear()
    yield calls
    plugins.schemas.cache_clear()


def _model(name: str):
    return model_for(name, YamlDoc(file="pack.yaml", data=None), ("schema",))


def test_a_games_own_schema_asks_only_that_game(asked: list[str]) -> None:
    assert _model("a/x") is X
    assert asked == ["a"]


def test_a_base_schema_asks_no_game_and_is_papirnas_own(asked: list[str]) -> None:
    assert _model("document") is TextDocument
    assert asked == []
    assert schemas()["document"] is TextDocument  # the listing agrees


def test_other_names_are_looked_up_among_every_game(asked: list[str]) -> None:
    assert _model("a/y") is Y  # a does not register it: every game's schemas are looked at
    assert _model("plain") is Plain
    with pytest.raises(PapirnaError, match="expected one of a/x, a/y, document, free"):
        _model("a/nope")
