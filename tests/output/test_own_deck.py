"""The acceptance deck of issue 19: six card types from an .xlsx and a CSV, printed both ways.

tests/decks/own-game holds the deck: units.xlsx (unit, hero) and cards.csv (spell, item, event,
quest), two front layouts and three backs chosen by `type`, the pack's own font and an Inkscape
SVG icon (defs, use, a gradient, text), `when: not flavor` and `{n}/{N}`. The same folder is a
deck (deck.yaml, for `cards build`) and a pack (pack.yaml, for `build --content`).
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.content.deck import load_deck
from generator.content.pack import load_pack
from generator.errors import PapirnaError
from generator.layout.ops import GroupOp, RectOp, SvgOp, TextOp
from generator.output.build import Job, Renderer
from generator.render.pdf import render_pdf
from generator.resources import assets_dir
from tests.sheets import write_xlsx

runner = CliRunner()
SAMPLE = Path(__file__).parent.parent / "decks" / "own-game"
UNIT_ROWS: list[list[object]] = [
    [
        "id",
        "type",
        "name.cs",
        "name.en",
        "text.cs",
        "text.en",
        "flavor.cs",
        "flavor.en",
        "attack",
        "defence",
        "cost",
        "count",
    ],
    [
        "militia",
        "unit",
        "Domobrana",
        "Militia",
        "Na brodu má +1 :shield:.",
        "At the ford: +1 :shield:.",
        "Vidle jsou taky zbraň.",
        "A pitchfork is a weapon too.",
        1,
        2,
        1,
        8,
    ],
    [
        "archer",
        "unit",
        "Lučištník",
        "Archer",
        "Útočí na dvě pole daleko.",
        "Attacks two spaces away.",
        "",
        "",
        2,
        1,
        2,
        6,
    ],
    [],  # an empty row is skipped
    [
        "knight",
        "unit",
        "Rytíř",
        "Knight",
        "Nikdy neustupuje.",
        "Never retreats.",
        "Ocel a čest.",
        "Steel and honour.",
        3,
        3,
        4,
        4,
    ],
    [
        "captain",
        "hero",
        "Kapitánka Jara",
        "Captain Jara",
        "Tvé jednotky v jejím poli mají +1 útok.",
        "Your units in her space have +1 attack.",
        "Drž linii!",
        "Hold the line!",
        3,
        4,
        5,
        1,
    ],
    [
        "ranger",
        "hero",
        "Stopař Vít",
        "Vít the Tracker",
        "Jednou za kolo se přesuň zdarma.",
        "Once a round, move for free.",
        "",
        "",
        2,
        3,
        4,
        1,
    ],
]
# 8 + 6 + 4 + 1 + 1 = 20 units and heroes; the CSV's counts: 6+5+4+6+3+3+3+2+2 = 34; 54 cards
PRINTED = 54


def make_deck(folder: Path) -> Path:
    """The sample deck in `folder`, with its workbook written and the pack's font beside it."""
    shutil.copytree(SAMPLE, folder)
    write_xlsx(folder / "units.xlsx", {"Jednotky": UNIT_ROWS, "Poznámky": [["note"], ["x"]]})
    (folder / "fonts").mkdir()
    shutil.copy(
        assets_dir() / "fonts" / "Vollkorn-Bold.ttf", folder / "fonts" / "Vollkorn-Bold.ttf"
    )
    shutil.copy(assets_dir() / "fonts" / "LICENSE-Vollkorn.txt", folder / "fonts" / "OFL.txt")
    return folder


@pytest.fixture()
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return make_deck(Path("own-game"))


def _walk(ops, kind):
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _walk(op.ops, kind)
        elif isinstance(op, kind):
            yield op


def _texts(ops) -> list[str]:
    return [op.text for op in _walk(ops, TextOp)]


def test_the_sample_icon_is_an_inkscape_file_our_own_reader_refuses() -> None:
    from generator.layout.svg import load_svg

    assert not (SAMPLE / "units.xlsx").exists()  # written by make_deck, not committed
    assert {p.name for p in (SAMPLE / "icons").iterdir()} == {"shield.svg"}
    svg = (SAMPLE / "icons" / "shield.svg").read_text()
    for part in ("<defs", "<use", "linearGradient", "<text", "opacity"):
        assert part in svg
    with pytest.raises(PapirnaError):
        load_svg(SAMPLE / "icons" / "shield.svg")  # so it goes to svglib


def test_cards_build_prints_every_card_of_both_files(deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["cards", "build", str(deck / "deck.yaml"), "--out", str(out), "--paper", "a4"]
    )
    assert result.exit_code == 0, result.stderr
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))
    assert files == ["straz/straz-cards-cs-a4.pdf", "straz/straz-cards-en-a4.pdf"]
    reader = PdfReader(out / "straz" / "straz-cards-en-a4.pdf")
    # 54 poker cards, 9 a sheet on A4, fronts and backs: 6 sheets of each, 12 pages
    assert len(reader.pages) == 12
    text = "".join(page.extract_text() for page in reader.pages)
    assert "1/54" in text and "54/54" in text and "v0.3" in text and "2026-12-01" in text
    fonts = {
        str(f["/BaseFont"])
        for page in reader.pages
        for f in page["/Resources"]["/Font"].values()
        if "/Font" in page["/Resources"]
    }
    assert "/AAAAAA+Vollkorn-Bold" in fonts  # the pack's font file, embedded
    assert not any("Helvetica" in f for f in fonts)  # the SVG's text too is in an embedded font


def test_pack_yaml_route_draws_the_same_deck(deck: Path) -> None:
    pack = load_pack(deck)
    lone = load_deck(deck / "deck.yaml")
    cards = pack.printables["d"].cards
    assert [e.model["id"] for e in cards] == [e.model["id"] for e in lone.printables["cards"].cards]
    job = Job(pack, pack.printables["d"], "cs", "a4")
    drawn = Renderer().deck_cards(job)
    assert len(drawn.fronts) == PRINTED and drawn.backs is not None and len(drawn.backs) == PRINTED
    lone_drawn = Renderer().deck_cards(Job(lone, lone.printables["cards"], "cs", "a4"))
    assert drawn.fronts == lone_drawn.fronts and drawn.backs == lone_drawn.backs


def test_layouts_backs_conditions_and_numbers_per_card(deck: Path) -> None:
    pack = load_deck(deck / "deck.yaml")
    drawn = Renderer().deck_cards(Job(pack, pack.printables["cards"], "en", "a4"))
    ids = drawn.ids
    first = {cid: ids.index(cid) for cid in dict.fromkeys(ids)}
    front = {cid: drawn.fronts[i] for cid, i in first.items()}
    back = {cid: drawn.backs[i] for cid, i in first.items()}
    names = {op.font for op in _walk(front["militia"], TextOp) if op.text == "Militia"}
    assert len(names) == 1 and re.fullmatch(r"vollkorn-[0-9a-f]{8}-regular", names.pop())
    # units and heroes use creature.yaml (its 17 mm band), the rest plain.yaml (no band)
    band = {cid: any(op.h == 17 for op in _walk(front[cid], RectOp)) for cid in first}
    assert {cid for cid, has in band.items() if has} == {
        "militia",
        "archer",
        "knight",
        "captain",
        "ranger",
    }
    # backs by type: army for units and heroes, magic for spells and items, the default else
    assert back["militia"] == back["captain"] != back["fireball"] == back["potion"]
    assert back["flood"] == back["scout"] not in (back["militia"], back["fireball"])

    # `when: not flavor`: the shield ornament only where there is no flavour text
    # (the ornament is the 8 mm shield at y 68 mm; the emblem is 20 mm, inline ones one em)
    def ornaments(cid: str) -> int:
        return sum(op.w == 8 and op.y == 68 for op in _walk(front[cid], SvgOp))

    assert [ornaments(c) for c in ("militia", "archer", "knight", "ranger")] == [0, 1, 0, 1]
    # {n}/{N} counts printed cards: the 8 militia are 1/54 to 8/54, the first archer 9/54
    numbers = [next(t for t in _texts(f) if "/54" in t) for f in drawn.fronts]
    assert numbers[0].startswith("1/54") and numbers[7].startswith("8/54")
    assert numbers[8].startswith("9/54") and numbers[-1].startswith("54/54")


def test_rendered_cards_look_right(deck: Path, tmp_path: Path) -> None:
    """Rasterised at 100 dpi: the own SVG's gradient is there (vector, not a bitmap)."""
    pack = load_deck(deck / "deck.yaml")
    pdf = render_pdf(Renderer().document(Job(pack, pack.printables["cards"], "cs", "a4")))
    assert pdf == render_pdf(
        Renderer().document(Job(pack, pack.printables["cards"], "cs", "a4"))
    )  # deterministic
    doc = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        image = doc[0].render(scale=100 / 72).to_pil().convert("RGB")
        assert not any(obj.type == 3 for obj in doc[0].get_objects(max_depth=8))  # no images
    finally:
        doc.close()
    colors = image.getcolors(1 << 20)
    assert colors is not None and len(colors) > 200  # a gradient has many shades
    image.save(tmp_path / "sheet.png")
