"""Every fault of issue 19 gives one line naming file:line, the card and the field, exit 2, no file.

Each test plants one defect in the acceptance deck (tests/decks/own-game) and checks the exact
message; the unchanged deck builds (test_own_deck.py), so each check can pass and can fail.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.resources import content_dir
from tests.output.test_own_deck import make_deck

runner = CliRunner()


@pytest.fixture()
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return make_deck(Path("g"))


def edit(path: Path, old: str, new: str) -> int:
    """Replace text in a file; return the 1-based line the change is on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def build(deck: Path, *extra: str) -> tuple[int, str, str]:
    result = runner.invoke(
        app, ["cards", "build", str(deck / "deck.yaml"), "--out", "out", "--paper", "a4", *extra]
    )
    return result.exit_code, result.stdout, result.stderr


def fails(deck: Path, message: str, *extra: str) -> None:
    code, out, err = build(deck, *extra)
    assert code == 2, out + err
    assert err == f"papirna: error: {message}\n"
    assert not Path("out").exists()  # nothing written


def test_misspelt_condition_field_names_layout_line_box_and_nearest_field(deck: Path) -> None:
    line = edit(deck / "creature.yaml", "when: flavor,", "when: flavour,")
    fails(
        deck,
        f"g/creature.yaml:{line}: boxes.flavor.when: box 'flavor' uses field 'flavour', "
        "which no card has; did you mean 'flavor'?",
    )
    # validate says the same, without building
    result = runner.invoke(app, ["validate", str(deck / "deck.yaml")])
    assert result.exit_code == 2 and "did you mean 'flavor'?" in result.stderr


def test_negation_with_a_bang_is_a_clear_error(deck: Path) -> None:
    line = edit(deck / "creature.yaml", "when: not flavor,", "when: '!flavor',")
    fails(
        deck,
        f"g/creature.yaml:{line}:32: boxes.ornament.when: box 'ornament': bad condition "
        "'!flavor': unexpected '!' at column 1 (write 'not FIELD')",
    )


def test_misspelt_template_field(deck: Path) -> None:
    line = edit(deck / "plain.yaml", 'text: "{flavor}"', 'text: "{flavr}"')
    fails(
        deck,
        f"g/plain.yaml:{line}: boxes.flavor.text: box 'flavor' uses field 'flavr', "
        "which no card has; did you mean 'flavor'?",
    )


def test_misspelt_box_key_names_that_key(deck: Path) -> None:
    line = edit(
        deck / "plain.yaml", "min_size: 6pt, align: center, valign: middle}", "min_sise: 6pt}"
    )
    code, _, err = build(deck)
    assert code == 2
    assert err.startswith(f"papirna: error: g/plain.yaml:{line}:")
    assert err.endswith(": boxes.text.min_sise: unknown key\n")


def test_a_type_no_case_names_and_no_default(deck: Path) -> None:
    edit(deck / "deck.yaml", "hero: creature.yaml}, default: plain.yaml}", "hero: creature.yaml}}")
    # the first card of cards.csv, row 2: fireball, a spell
    fails(
        deck,
        "g/cards.csv:2:2: type: card 'fireball' (row 2): its 'type' is 'spell', which layout "
        "'cases' does not name (unit, hero) and there is no 'default'",
    )


def test_choice_by_a_field_no_card_has(deck: Path) -> None:
    line = edit(deck / "deck.yaml", "layout: {by: type,", "layout: {by: typ,")
    fails(
        deck,
        f"g/deck.yaml:{line}:14: layout.by: layout is chosen by field 'typ', which no card "
        "has; did you mean 'type'?",
    )


def test_version_stamp_without_a_version(deck: Path) -> None:
    edit(deck / "deck.yaml", "version: v0.3\n", "")
    line = (
        (deck / "creature.yaml")
        .read_text()
        .splitlines()
        .index(
            next(
                ln for ln in (deck / "creature.yaml").read_text().splitlines() if "{version}" in ln
            )
        )
    )
    fails(
        deck,
        f"g/creature.yaml:{line + 1}: boxes.number.text: box 'number' uses {{version}}, "
        "but the deck sets no 'version:'",
    )


def test_missing_image_is_reported_by_validate(deck: Path) -> None:
    edit(
        deck / "plain.yaml",
        "boxes:\n",
        'boxes:\n  art: {type: image, x: 7mm, y: 24mm, width: 10mm, height: 10mm, src: "art/{id}.png"}\n',
    )
    result = runner.invoke(app, ["validate", str(deck)])  # the folder: its pack.yaml
    assert result.exit_code == 2
    assert result.stderr == (
        "papirna: error: g/cards.csv:2:1: id: card 'fireball' (row 2): box 'art': "
        "image 'art/fireball.png' not found in the pack\n"
    )


def test_own_icon_by_name_and_a_missing_one(deck: Path) -> None:
    line = edit(deck / "creature.yaml", "name: shield}\n  stats", "name: coin}\n  stats")
    fails(
        deck,
        "g/units.xlsx[Jednotky]:2:1: card 'militia' (row 2): box 'emblem': unknown icon "
        "'coin'; did you mean 'potion'?",
    )
    assert line
    shutil.copy(deck / "icons" / "shield.svg", deck / "icons" / "coin.svg")
    assert build(deck)[0] == 0


def test_svg_with_a_filter_is_refused(deck: Path) -> None:
    edit(deck / "icons" / "shield.svg", '<defs id="defs1">', '<defs id="defs1"><filter id="f"/>')
    code, _, err = build(deck)
    assert code == 2
    assert err.endswith(
        "box 'emblem': SVG 'shield.svg' uses <filter> (a filter (blur, shadow)), which cannot "
        "print as vector; in Inkscape remove it or use Path > Object to Path, or export a "
        "300 dpi PNG\n"
    )


def test_a_character_the_own_font_lacks_names_card_field_and_character(deck: Path) -> None:
    csv = deck / "cards.csv"
    edit(csv, "Ohnivá koule,Fireball", "Ohnivá koule ☺,Fireball")
    code, _, err = build(deck, "--lang", "cs")
    assert code == 2
    assert err.startswith("papirna: error: g/cards.csv:2:3: name: card 'fireball' (row 2): ")
    assert "text of box 'name' has characters its font cannot print: '☺' (U+263A" in err


def test_fonts_without_their_licence_are_refused(deck: Path) -> None:
    (deck / "fonts" / "OFL.txt").unlink()
    fails(
        deck,
        "g/fonts: a pack's fonts need their licence file beside them (e.g. OFL.txt or LICENSE.txt)",
    )


def test_cards_of_two_sizes_in_one_deck(deck: Path) -> None:
    edit(deck / "plain.yaml", "extends: cards/poker", "extends: cards/tarot")
    code, _, err = build(deck)
    assert code == 2
    assert "layout 'plain' is 70x120mm, but the deck's cards are 63.5x88.9mm" in err


def test_a3_paper_for_a_deck(deck: Path) -> None:
    result = runner.invoke(
        app,
        [
            "cards",
            "build",
            str(deck / "deck.yaml"),
            "--out",
            "out",
            "--paper",
            "a3",
            "--lang",
            "en",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in Path("out/straz").iterdir()) == ["straz-cards-en-a3.pdf"]


def test_two_starter_decks_write_to_their_own_folders(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("fire", "water"):
        assert runner.invoke(app, ["cards", "init", name]).exit_code == 0
        result = runner.invoke(
            app, ["cards", "build", f"{name}/deck.yaml", "--paper", "a4", "--lang", "en"]
        )
        assert result.exit_code == 0, result.stderr
    found = sorted(p.relative_to("output").as_posix() for p in Path("output").rglob("*.pdf"))
    assert found == ["fire/fire-cards-en-a4.pdf", "water/water-cards-en-a4.pdf"]


def test_starter_layout_follows_the_card_size_and_warns_of_cut_boxes(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(content_dir() / "_starter-deck", "d")
    for name in ("card.yaml", "back.yaml"):
        edit(Path("d") / name, "extends: cards/poker", "extends: cards/mini")
    result = runner.invoke(app, ["cards", "build", "d/deck.yaml", "--paper", "a4", "--lang", "en"])
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    # a box in mm that was right for poker (63.5 mm wide) runs off a mini card (44 mm)
    line = edit(Path("d") / "card.yaml", "width: 54%", "width: 41mm")
    result = runner.invoke(app, ["cards", "build", "d/deck.yaml", "--paper", "a4", "--lang", "en"])
    assert result.exit_code == 0
    assert (
        f"papirna: warning: d/card.yaml:{line}: box 'name' (17,5 41x10mm) falls outside the "
        "44x68mm card and will be cut\n"
    ) in result.stderr


def test_czech_excel_csv_is_read_with_a_notice(deck: Path) -> None:
    csv = deck / "cards.csv"
    csv.write_bytes(csv.read_text(encoding="utf-8").encode("cp1250", errors="strict"))
    code, _, err = build(deck, "--lang", "cs")
    assert code == 0, err
    assert "papirna: warning: g/cards.csv: not UTF-8, read as Windows-1250" in err


def test_a_deck_in_german_and_polish(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(content_dir() / "_starter-deck", "d")
    edit(
        Path("d") / "deck.yaml",
        "name: {cs: Můj balíček, en: My deck}",
        "name: {de: Mein Deck, pl: Moja talia}",
    )
    edit(Path("d") / "deck.yaml", "languages: [cs, en]", "languages: [de, pl]")
    Path("d/cards.csv").write_text(
        "name.de,name.pl,text.de,text.pl,cost,icon,count\n"
        "Feuerball,Kula ognia,Drei Wunden.,Trzy rany.,2,images/flame.svg,1\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["cards", "build", "d/deck.yaml", "--paper", "a4"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in Path("output/d").iterdir()) == [
        "d-cards-de-a4.pdf",
        "d-cards-pl-a4.pdf",
    ]


def test_papirnas_own_page_texts_fall_back_to_english(tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    result = runner.invoke(app, ["calibrate", "--lang", "pl", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        "papirna: notice: papirna has no 'pl' text for its calibration sheet; "
        "it is printed in English\n"
    )
    from pypdf import PdfReader

    assert "duplex calibration" in PdfReader(out).pages[0].extract_text()


def test_a_deck_built_in_one_of_its_other_languages(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["cards", "init", "d"]).exit_code == 0
    result = runner.invoke(app, ["cards", "build", "d/deck.yaml", "--lang", "de"])
    assert result.exit_code == 2
    assert (
        result.stderr
        == "papirna: error: d/deck.yaml: the deck has no 'de' text; its languages: cs, en\n"
    )


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (
            "{unit: creature.yaml, spell: plain.yaml}",
            "layout: a layout chosen per card needs the field it goes by: {by: type, cases: "
            "{unit: unit.yaml, spell: spell.yaml}, default: card.yaml}",
        ),
        (
            "{by: type, cases: {unit: creature.yaml}, defualt: plain.yaml}",
            "layout: defualt: unknown key",
        ),
        (
            "{by: type, cases: {unit: ../x.yaml}}",
            "layout.cases.unit: expected a layout name or file, got '../x.yaml'",
        ),
    ],
)
def test_bad_layout_choice(deck: Path, layout: str, message: str) -> None:
    text = (deck / "deck.yaml").read_text(encoding="utf-8")
    old = next(ln for ln in text.splitlines() if ln.startswith("layout:"))
    line = edit(deck / "deck.yaml", old, f"layout: {layout}")
    code, _, err = build(deck)
    assert code == 2
    assert err.startswith(f"papirna: error: g/deck.yaml:{line}:") and err.endswith(f": {message}\n")


def test_a_layout_column_picks_a_cards_own_layout(tmp_path: Path, monkeypatch) -> None:
    from generator.content.deck import load_deck
    from generator.output.build import Job, Renderer

    monkeypatch.chdir(tmp_path)
    shutil.copytree(content_dir() / "_starter-deck", "d")
    csv = Path("d/cards.csv")
    lines = csv.read_text(encoding="utf-8").splitlines()
    lines[0] += ",layout"
    lines[1] += ","  # Fireball: the deck's layout, card.yaml
    lines[2] += ",back.yaml"  # Healing potion: drawn with the back's layout on its front too
    lines[3] += ","
    csv.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pack = load_deck(Path("d/deck.yaml"))
    drawn = Renderer().deck_cards(Job(pack, pack.printables["cards"], "en", "a4"))
    # counts 3, 2, 1: the potion is printed cards 4 and 5
    assert drawn.fronts[3] == drawn.backs[3] and drawn.fronts[0] != drawn.backs[0]


def test_an_edited_layout_is_read_again(tmp_path: Path) -> None:
    """Layouts are cached while their files are unchanged (a watch loop rebuilds quickly)."""
    from generator.layout.spec import load_layout

    (tmp_path / "a.yaml").write_text("extends: cards/poker\nboxes: {}\n", encoding="utf-8")
    first = load_layout("a", [tmp_path])
    assert load_layout("a", [tmp_path]) is first
    (tmp_path / "a.yaml").write_text("extends: cards/mini\nboxes: {}\n", encoding="utf-8")
    assert (load_layout("a", [tmp_path]).width, first.width) == (44.0, 63.5)
