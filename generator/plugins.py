"""The game plugin interface: what a game registers with papirna, found by entry points.

A game is a package that exposes one `Game` object and names it in its distribution's metadata:

    [project.entry-points."papirna.games"]
    my-game = "my_game:GAME"

Every hook is optional and called only when papirna needs it, so that listing the games imports
nothing but each game's top-level module. The five built-in games register exactly this way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from generator.errors import PapirnaError

if TYPE_CHECKING:
    import typer

    from generator.content.pack import Pack

GROUP = "papirna.games"


class BoxType(NamedTuple):
    """A layout box type of a game: its model (with `type: Literal[NAME]`) and how it draws.

    `draw(builder, ops, name, box, item, x, y)` appends the box's operations to `ops`, exactly as
    the built-in box types do (see generator.layout.engine.Builder).
    """

    model: type
    draw: Callable[..., None]


@dataclass(frozen=True)
class Scorer:
    """How `papirna score GAME` tallies this game's filled sheets.

    `run(pack, sheets, options)` scores the sheets and prints the result (options: a ScoreOptions
    of generator.cli.scoring). `from_fields(values, shown)` turns the form fields of a filled
    fillable PDF into the data of a typed sheet. `campaign_refused` says why --campaign means
    nothing for this game (None: the scorer handles --campaign itself). `sheet_model` is the
    pydantic model of a typed sheet and `sheet_name` what a player calls it ("Spící bohové log"):
    a sheet given to the wrong game is recognised by them. `category_names(pack, lang)` gives
    the label of each scoring category, as the score table prints it.

    `run` honours `options.docs` (sheets already read, by path: `papirna serve` scores a
    request's sheets without files) and `options.emit` (the --json result handed over instead of
    printed); a scorer that does not cannot be used by the server.
    """

    run: Callable[..., None]
    from_fields: Callable[[dict[str, str | bool], str], dict] | None = None
    campaign_refused: str | None = "this game has no campaigns"
    reads_photos: bool = False
    sheet_model: type | None = None
    sheet_name: str = "sheet"
    category_names: Callable[[Pack, str], dict[str, str]] | None = None


@dataclass(frozen=True)
class Roller:
    """How `papirna roll GAME` rolls this game's own dice.

    `roll(dice, rng, seed, as_json, count)` prints one roll of `dice`, the model of the game's
    dice (found in its pack by the schema `schema`, or read from the pack's dice.yaml); `help`
    is a paragraph for --help.
    """

    roll: Callable[..., None]
    help: str = ""
    schema: str = ""


@dataclass(frozen=True)
class Game:
    """One game: its pack of content and the Python it brings. Every hook is optional.

    - `content`: the folder with the game's pack.yaml (data files, and its own layouts/).
    - `schemas()`: data models that pack.yaml can name with `schema:`, by name.
    - `builders()`: functions that draw a `kind: drawn` printable, by name.
    - `box_types()`: layout box types of the game's own, by their `type:` name.
    - `scorer()`: a Scorer, for `papirna score`.
    - `roller()`: a Roller, for `papirna roll`.
    - `commands(app)`: adds the game's own sub-commands to the Typer app.
    - `card_extras(pack, schema, model)`: values a card's layout shows that live elsewhere.
    - `check_pack(pack)`: cross-file checks of a loaded pack (references that must resolve).
    """

    id: str
    content: Path | None = None
    schemas: Callable[[], Mapping[str, Any]] | None = None
    builders: Callable[[], Mapping[str, Callable]] | None = None
    box_types: Callable[[], Mapping[str, BoxType]] | None = None
    scorer: Callable[[], Scorer] | None = None
    roller: Callable[[], Roller] | None = None
    commands: Callable[[typer.Typer], None] | None = None
    card_extras: Callable[[Pack, str | None, Any], dict[str, Any]] | None = None
    check_pack: Callable[[Pack], None] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@cache
def games() -> dict[str, Game]:
    """Every installed game by id, in id order (built-in and third-party alike)."""
    from importlib.metadata import entry_points

    found: dict[str, Game] = {}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            game = ep.load()
        except Exception as e:  # a broken plugin is named, not a traceback
            raise PapirnaError(
                f"the game plugin {ep.name!r} ({ep.value}) cannot be loaded: {e}"
            ) from None
        if not isinstance(game, Game):
            raise PapirnaError(f"the game plugin {ep.name!r} ({ep.value}) is not a papirna Game")
        if game.id != ep.name:
            raise PapirnaError(
                f"the game plugin {ep.name!r} ({ep.value}) calls itself {game.id!r}; "
                "the entry point's name must be the game's id"
            )
        if game.id in found:
            continue  # the same distribution seen twice on sys.path
        found[game.id] = game
    return found


def game(game_id: str) -> Game | None:
    """The installed game `game_id`, or None."""
    return games().get(game_id)


def _merged(hook: str, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for g in games().values():
        get = getattr(g, hook)
        if get is None:
            continue
        for name, value in get().items():
            if name in out and out[name] is not value:
                raise PapirnaError(f"{what} {name!r} is registered by two games")
            out[name] = value
    return out


@cache
def schemas() -> dict[str, Any]:
    """Every game's schemas by name."""
    return _merged("schemas", "schema")


def schema(name: str) -> Any | None:
    """The model registered as the schema `name`, or None.

    A name `GAME/...` is looked up in the schemas of the game GAME first, so that loading one
    game's pack imports no other game's models (the four other games' models were 130 M of the
    5.5 G instructions of a photo's first scoring, the pack loaded from its YAML); any other name,
    or one GAME does not register, is looked up among every game's, as schemas() merges them.
    """
    owner = games().get(name.partition("/")[0]) if "/" in name else None
    if owner is not None and owner.schemas is not None:
        found = owner.schemas().get(name)
        if found is not None:
            return found
    return schemas().get(name)


@cache
def builders() -> dict[str, Callable]:
    """Every game's drawn-printable builders by name."""
    return _merged("builders", "builder")


@cache
def box_types() -> dict[str, BoxType]:
    """Every game's own layout box types by their `type:` name."""
    return _merged("box_types", "box type")
