"""Content packs: pack.yaml, the files its printables name, and where those files may be."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.pack import builtin_pack_ids, find_pack, load_pack
from generator.errors import PapirnaError


@pytest.fixture()
def pack(pack_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The small user pack of tests/conftest.py, as `mypack` in the working folder."""
    monkeypatch.chdir(pack_dir.parent)
    return Path("mypack")


def manifest(pack: Path, printables: str, head: str = "name: x\n") -> None:
    (pack / "pack.yaml").write_text(head + "printables:\n" + printables, encoding="utf-8")


def error(pack: Path) -> str:
    with pytest.raises(PapirnaError) as info:
        load_pack(pack)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_user_pack_loads_with_entries_that_know_their_place(pack: Path) -> None:
    loaded = load_pack(pack)
    assert loaded.id == "mypack" and not loaded.builtin
    assert loaded.languages == ("cs", "en")
    deck = loaded.printables["deck"]
    assert deck.spec.kind == "deck" and deck.spec.layout == "mine/card"
    assert [e.model.get("count") for e in deck.cards] == [2, None]
    assert str(deck.cards[1].error("bad", ("text",))) == "mypack/cards.yaml:5:9: [1].text: bad"
    assert str(deck.entry.error("bad", ("layout",))) == (
        "mypack/pack.yaml:7:13: printables.deck.layout: bad"
    )


def test_every_builtin_pack_loads() -> None:
    from generator.resources import content_dir

    ids = builtin_pack_ids()
    assert {"papirove-doupe", "pji-nezlob-se", "runebound", "spici-bohove", "gamebook"} <= set(ids)
    assert "_starter-deck" not in ids
    for name in ids:
        assert load_pack(content_dir() / name, builtin=True).printables


# -------------------------------------------------------------------------------- folders


def test_missing_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert error(Path("nope")) == "nope: content pack folder not found"


def test_folder_without_pack_yaml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    assert error(Path("empty")) == "empty: no pack.yaml in this folder"


def test_find_pack_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(PapirnaError) as info:
        find_pack("chess")
    assert str(info.value).startswith("unknown game 'chess'; known: gamebook, papirove-doupe")


@pytest.mark.parametrize("name", ["../gamebook", "/etc", "GAMEBOOK", ""])
def test_find_pack_refuses_names_that_are_not_ids(name: str) -> None:
    with pytest.raises(PapirnaError):
        find_pack(name)


# ------------------------------------------------------------------------------ pack.yaml


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "mypack/pack.yaml: the file is empty"),
        ("- a\n", "mypack/pack.yaml:1:1: expected a mapping, got ['a']"),
        (
            "name: x\nprintables: [a]\n",
            "mypack/pack.yaml:2:13: printables: expected a mapping, got ['a']",
        ),
        (
            "name: x\nlanguages: []\n",
            "mypack/pack.yaml:2:12: languages: list should have at least 1 item after validation, not 0",
        ),
        (
            "name: x\nlabels: {a: [1]}\n",
            "mypack/pack.yaml:2:13: labels.a: expected text or {cs: ..., en: ...}, got [1]",
        ),
        ("name: {cs: Ahoj}\n", "mypack/pack.yaml:1:7: name: no 'en' translation"),
        ("name: {cs: Ahoj}\nlanguages: [cs]\n", None),
    ],
)
def test_manifest(pack: Path, text: str, expected: str | None) -> None:
    (pack / "pack.yaml").write_text(text, encoding="utf-8")
    if expected is None:
        assert load_pack(pack).languages == ("cs",)
    else:
        assert error(pack) == expected


# ----------------------------------------------------------------------------- printables

DECK = "  d: {{kind: deck, title: t, cards: {cards}, layout: mine/card}}\n"


@pytest.mark.parametrize(
    ("printable", "expected"),
    [
        (
            "  d: {kind: poster, title: t, cards: cards.yaml}\n",
            "mypack/pack.yaml:3:13: printables.d.kind: expected one of deck, page, document, "
            "drawn, start, got 'poster'",
        ),
        (
            "  d: {kind: deck, title: t}\n",
            "mypack/pack.yaml:3:6: printables.d: a deck needs 'cards: FILE'",
        ),
        (
            "  d: {kind: drawn, title: t}\n",
            "mypack/pack.yaml:3:6: printables.d: a drawn printable needs 'builder'",
        ),
        (
            "  Karty!: {kind: deck, title: t, cards: cards.yaml}\n",
            "mypack/pack.yaml:3:3: printables.Karty!: printable names use a-z, 0-9, '-' and '_'",
        ),
        (
            "  d: {kind: deck, title: t, cards: cards.yaml, layout: ../x}\n",
            "mypack/pack.yaml:3:56: printables.d.layout: expected a layout name like 'cards/poker', got '../x'",
        ),
        (
            "  d: {kind: deck, title: t, cards: cards.yaml, schema: nope/card}\n",
            "mypack/pack.yaml:3:56: printables.d.schema: expected one of document, free, ",
        ),
        (
            "  d: {kind: deck, title: t, cards: cards.yaml, paper: [a5]}\n",
            "mypack/pack.yaml:3:56: printables.d.paper[0]: expected one of a4, letter, a3, got 'a5'",
        ),
        (
            "  d: {kind: deck, title: t, cards: cards.yaml, colour: red}\n",
            "mypack/pack.yaml:3:48: printables.d.colour: unknown key",
        ),
        (
            "  d: {kind: deck, title: t, cards: cards.yaml, bleed: -1mm}\n",
            "mypack/pack.yaml:3:55: printables.d.bleed: expected a length of 0 or more, got '-1mm'",
        ),
    ],
)
def test_bad_printable(pack: Path, printable: str, expected: str) -> None:
    manifest(pack, printable)
    assert error(pack).startswith(expected)


def test_a_drawn_printable_with_a_schema_needs_its_data(pack: Path) -> None:
    manifest(
        pack,
        "  m: {kind: drawn, builder: pji-nezlob-se/mana, title: t, data: ~,\n"
        "      schema: pji-nezlob-se/mana}\n",
    )
    assert error(pack) == (
        "mypack/pack.yaml:3:6: printables.m: a drawn printable with a schema needs 'data: FILE'"
    )


# ---------------------------------------------------------------------------- file paths


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("nope.yaml", "printables.d.cards: file 'nope.yaml' not found in the pack"),
        (".", "printables.d.cards: file '.' not found in the pack"),
        ("layouts", "printables.d.cards: file 'layouts' not found in the pack"),
        ("../x.yaml", "printables.d.cards: path '../x.yaml' may not leave the pack ('..')"),
        (
            "a/../../x.yaml",
            "printables.d.cards: path 'a/../../x.yaml' may not leave the pack ('..')",
        ),
        ("'..\\x.yaml'", "printables.d.cards: path '..\\\\x.yaml' may not leave the pack ('..')"),
        ("/etc/passwd", "printables.d.cards: path '/etc/passwd' must be relative to the pack"),
        ("'C:\\x.yaml'", "printables.d.cards: path 'C:\\\\x.yaml' must be relative to the pack"),
        ("'a\\0b'", "printables.d.cards: file 'a/0b' not found in the pack"),  # '\\' is a folder
        ('"a\\0b"', "printables.d.cards: path 'a\\x00b' must be relative to the pack"),
        ("''", "printables.d.cards: expected a relative file path, got ''"),
        ("[cards.yaml]", "printables.d.cards: expected a relative file path, got ['cards.yaml']"),
    ],
)
def test_cards_path(pack: Path, cards: str, expected: str) -> None:
    manifest(pack, DECK.format(cards=cards))
    assert error(pack) == f"mypack/pack.yaml:3:36: {expected}"


def test_symlink_to_a_file_outside_the_pack(pack: Path) -> None:
    secret = pack.parent / "secret.yaml"
    secret.write_text("- title: x\n", encoding="utf-8")
    (pack / "link.yaml").symlink_to(secret.resolve())
    manifest(pack, DECK.format(cards="link.yaml"))
    assert error(pack) == (
        "mypack/pack.yaml:3:36: printables.d.cards: path 'link.yaml' leaves the pack"
    )


def test_symlinked_folder_outside_the_pack(pack: Path) -> None:
    (pack.parent / "elsewhere").mkdir()
    (pack.parent / "elsewhere" / "cards.yaml").write_text("- title: x\n", encoding="utf-8")
    (pack / "sub").symlink_to((pack.parent / "elsewhere").resolve())
    manifest(pack, DECK.format(cards="sub/cards.yaml"))
    assert error(pack) == (
        "mypack/pack.yaml:3:36: printables.d.cards: path 'sub/cards.yaml' leaves the pack"
    )


def test_symlink_inside_the_pack_is_fine(pack: Path) -> None:
    (pack / "alias.yaml").symlink_to("cards.yaml")
    manifest(pack, DECK.format(cards="alias.yaml"))
    assert len(load_pack(pack).printables["d"].cards) == 2


# --------------------------------------------------------------------------------- files:

DRAWN = (
    "  d:\n    kind: drawn\n    builder: gamebook/journal\n    title: t\n"
    "    files: {{stats: {{file: {file}, schema: {schema}}}}}\n"
)


def test_extra_files_are_loaded_and_validated(pack: Path) -> None:
    (pack / "doc.yaml").write_text(
        "title: T\nsections: [{heading: H, body: B}]\n", encoding="utf-8"
    )
    manifest(pack, DRAWN.format(file="doc.yaml", schema="document"))
    entry = load_pack(pack).printables["d"].files["stats"]
    assert entry.model.title.get("cs") == "T"
    assert entry.model.sections[0].body.get("en") == "B"


@pytest.mark.parametrize(
    ("file", "schema", "expected"),
    [
        (
            "nope.yaml",
            "free",
            "mypack/pack.yaml:7:27: printables.d.files.stats.file: file 'nope.yaml' not found in the pack",
        ),
        (
            "../x.yaml",
            "free",
            "mypack/pack.yaml:7:27: printables.d.files.stats.file: path '../x.yaml' may not leave the pack ('..')",
        ),
        (
            "/x.yaml",
            "free",
            "mypack/pack.yaml:7:27: printables.d.files.stats.file: path '/x.yaml' must be relative to the pack",
        ),
        (
            "cards.yaml",
            "nope",
            "mypack/pack.yaml:7:47: printables.d.files.stats.schema: expected one of ",
        ),
        ("cards.yaml", "document", "mypack/cards.yaml:1:1: expected a mapping, got "),
    ],
)
def test_bad_extra_file(pack: Path, file: str, schema: str, expected: str) -> None:
    manifest(pack, DRAWN.format(file=file, schema=schema))
    assert error(pack).startswith(expected)


def test_extra_file_without_schema(pack: Path) -> None:
    manifest(pack, "  d: {kind: drawn, builder: b, title: t, files: {s: {file: cards.yaml}}}\n")
    assert (
        error(pack) == "mypack/pack.yaml:3:53: printables.d.files.s.schema: missing required field"
    )


# ----------------------------------------------------------------------------- card files


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("title: x\n", "mypack/cards.yaml:1:1: expected a list of cards"),
        ("[]\n", "mypack/cards.yaml:1:1: the deck has no cards"),
        (
            "- title: x\n  count: -2\n",
            "mypack/cards.yaml:2:10: [0].count: count must be a whole number from 0 to 1000, got -2",
        ),
        (
            "- title: x\n  count: '2'\n",
            "mypack/cards.yaml:2:10: [0].count: count must be a whole number from 0 to 1000, got '2'",
        ),
        (
            "- title: x\n  count: 1001\n",
            "mypack/cards.yaml:2:10: [0].count: count must be a whole number from 0 to 1000, got 1001",
        ),
        ("- title: x\n  when: 2001-12-14\n", None),
    ],
)
def test_card_file(pack: Path, cards: str, expected: str | None) -> None:
    (pack / "cards.yaml").write_text(cards, encoding="utf-8")
    if expected is None:
        assert load_pack(pack).printables["deck"].cards[0].model["when"].get("cs") == "2001-12-14"
    else:
        assert error(pack) == expected
