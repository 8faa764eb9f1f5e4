"""Spící bohové printables: the ship's log, the ship damage tracker and the turn reference."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.content.pack import load_pack
from generator.content.sheets_io import _form_values
from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.games.spici_bohove.log import rule_numbers, score_rules
from generator.games.spici_bohove.models import SCORE_CATEGORIES, LogData, ShipData
from generator.games.spici_bohove.rules import SB_CATEGORIES
from generator.games.spici_bohove.sheets import SpiciBohoveScoring
from generator.games.spici_bohove.style import signed
from generator.output.build import plan, render_jobs
from generator.resources import content_dir

PACK = content_dir() / "spici-bohove"
MM = 72 / 25.4


def _pdf(built: dict[str, bytes], name: str) -> PdfReader:
    return PdfReader(io.BytesIO(built[name]))


def _text(reader: PdfReader, page: int = 0) -> str:
    return " ".join(reader.pages[page].extract_text().split())


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_printable_is_built(built: dict[str, bytes], lang: str, paper: str) -> None:
    pages = {"log": 2, "log-fillable": 2, "ship": 1, "ship-fillable": 1, "turn": 2}
    for what, count in pages.items():
        reader = _pdf(built, f"spici-bohove-{what}-{lang}-{paper}.pdf")
        assert len(reader.pages) == count, what
        for page in reader.pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            short, long_ = (210, 297) if paper == "a4" else (215.9, 279.4)
            landscape = what.startswith("ship")
            assert (w, h) == pytest.approx(
                (long_ * MM, short * MM) if landscape else (short * MM, long_ * MM), abs=0.5
            ), what


def test_czech_text_with_diacritics(built: dict[str, bytes]) -> None:
    log = _pdf(built, "spici-bohove-log-cs-a4.pdf")
    first = _text(log)
    for words in (
        "Lodní deník",
        "Posádka a hráči",
        "Posvátné předměty",
        "Závěrečné skóre",
        "nelítostná",
        "Očíslovaný konec",
        "+4 za každý",
        "−10 za každou prohru",
    ):
        assert words in first, words
    assert "Deník plavby" in _text(log, 1)
    ship = _text(_pdf(built, "spici-bohove-ship-cs-a4.pdf"))
    for words in ("Poškození lodi", "Můstek", "Ošetřovna", "Trup", "PROHRA", "11 kostiček"):
        assert words in ship, words
    turn = _pdf(built, "spici-bohove-turn-cs-a4.pdf")
    assert "Tah kapitána" in _text(turn) and "Lodní akce" in _text(turn)
    assert "Výzva osudu" in _text(turn, 1) and "Protiútok" in _text(turn, 1)


def test_english_texts(built: dict[str, bytes]) -> None:
    assert "Ship’s log" in _text(_pdf(built, "spici-bohove-log-en-letter.pdf"))  # typographic ’
    assert "Cargo hold" in _text(_pdf(built, "spici-bohove-ship-en-letter.pdf"))
    assert "Fate challenge" in _text(_pdf(built, "spici-bohove-turn-en-letter.pdf"), 1)


def test_fillable_log_fields(built: dict[str, bytes]) -> None:
    reader = _pdf(built, "spici-bohove-log-fillable-cs-a4.pdf")
    fields = reader.get_fields()
    names = set(_form_values(reader))  # as scoring reads them: the version's radio buttons too
    assert fields["version"]["/FT"] == "/Btn"  # one radio group: normal or ruthless
    expected = {"campaign", "version.normal", "version.ruthless", "ending"}
    expected |= {f"sacred.{n}" for n in range(1, 51)}
    expected |= {f"defeat.{n}" for n in range(1, 11)}
    expected |= {f"pass.{n}" for n in (1, 2, 3)}
    expected |= {f"player.{n}" for n in range(1, 5)} | {f"crew.{n}" for n in range(1, 5)}
    expected |= {"other_adventure_cards", "quest_cards", "level_cards", "coins", "artifacts"}
    expected |= {f"score.{c}" for c in SCORE_CATEGORIES} | {"score.total"}
    assert expected <= names, expected - names
    assert "sacred.51" not in names and "defeat.11" not in names
    assert fields["sacred.50"]["/FT"] == "/Btn" and fields["coins"]["/FT"] == "/Tx"
    assert {f"journal.24.{k}" for k in ("date", "pass", "location", "notes")} <= names
    assert not _pdf(built, "spici-bohove-log-cs-a4.pdf").get_fields()


def test_fillable_ship_fields(built: dict[str, bytes]) -> None:
    names = set(_pdf(built, "spici-bohove-ship-fillable-en-a4.pdf").get_fields())
    assert {f"damage.{n}" for n in range(1, 12)} <= names and "damage.12" not in names
    assert "ship.hull.1" in names and "ship.hull.2" not in names
    for loc in ("bridge", "chartroom", "quarters", "sickbay", "hold"):
        assert {f"ship.{loc}.1", f"ship.{loc}.2"} <= names and f"ship.{loc}.3" not in names


def test_ship_matches_the_rules() -> None:
    ship = validate(ShipData, load_yaml_file(PACK / "ship.yaml"))
    # the rulebook: most locations hold 2 damage, the hull 1; 11 damage is a defeat
    caps = {loc.id: loc.capacity for loc in ship.locations}
    assert caps.pop("hull") == 1 and set(caps.values()) == {2}
    assert ship.defeat_at == 11
    assert sorted(loc.fate for loc in ship.locations) == [1, 2, 3, 4, 5, 6]


def test_score_lines_follow_the_score_command() -> None:
    assert SCORE_CATEGORIES == SB_CATEGORIES


def test_rules_take_their_numbers_from_the_table() -> None:
    data = validate(LogData, load_yaml_file(PACK / "log.yaml"))
    table = SpiciBohoveScoring(
        adventure_card=3,
        sacred_item=5,
        quest_card=1,
        level_card=2,
        coins_per_point=3,
        artifact=1,
        ending=12,
        defeat=-7,
        ruthless=30,
    )
    rules = score_rules(data, table, "cs")
    assert rules["sacred_items"].startswith("**+5** za každý (místo +3)")
    assert "každé 3 zbylé mince" in rules["coins"]
    assert rules["defeats"].startswith("**−7**")
    assert rules["ruthless"].startswith("**+30**")
    assert rule_numbers(table)["coins_per_point"] == "3"
    assert [signed(v) for v in (2, 0, -10)] == ["+2", "0", "−10"]


def test_unknown_number_in_a_rule_is_named() -> None:
    raw = yaml.safe_load((PACK / "log.yaml").read_text(encoding="utf-8"))
    raw["score"]["coins"]["rule"]["cs"] = "+1 za {coin}"
    data = LogData.model_validate(raw)
    table = validate(SpiciBohoveScoring, load_yaml_file(PACK / "scoring.yaml"))
    with pytest.raises(PapirnaError, match=r"score\.coins\.rule.*\{coins_per_point\}"):
        score_rules(data, table, "cs")


def _copy_pack(tmp_path: Path) -> Path:
    root = tmp_path / "spici-bohove"
    shutil.copytree(PACK, root)
    return root


def _build(root: Path, what: str, tmp_path: Path) -> dict[str, bytes]:
    pack = load_pack(root)
    jobs = [j for j in plan([pack], ["cs"], ["a4"]) if j.printable.id == what and not j.fillable]
    return {r.path.name: r.data for r in render_jobs(jobs, tmp_path / "out")}


def test_printed_score_follows_a_changed_table(tmp_path: Path) -> None:
    root = _copy_pack(tmp_path)
    table = (root / "scoring.yaml").read_text(encoding="utf-8")
    (root / "scoring.yaml").write_text(
        table.replace("sacred_item: 4", "sacred_item: 6"), encoding="utf-8"
    )
    built = _build(root, "log", tmp_path)
    text = _text(PdfReader(io.BytesIO(built["spici-bohove-log-cs-a4.pdf"])))
    assert "+6 za každý" in text and "+4 za každý" not in text


def test_location_without_a_layout_box_is_an_error(tmp_path: Path) -> None:
    root = _copy_pack(tmp_path)
    ship = (root / "ship.yaml").read_text(encoding="utf-8")
    (root / "ship.yaml").write_text(ship.replace("id: hold", "id: galley"), encoding="utf-8")
    with pytest.raises(PapirnaError, match="no box 'location-galley'"):
        _build(root, "ship", tmp_path)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("defeat_at: 11", "defeat_at: 12", "hold only 11 damage"),
        ("    fate: 2\n", "    fate: 1\n", "two locations have fate 1"),
    ],
)
def test_impossible_ships_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    root = _copy_pack(tmp_path)
    ship = (root / "ship.yaml").read_text(encoding="utf-8")
    assert old in ship
    (root / "ship.yaml").write_text(ship.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PapirnaError, match=message) as err:
        load_pack(root)
    assert "ship.yaml" in str(err.value)


def test_turn_reference_that_cannot_fit_names_its_side(tmp_path: Path) -> None:
    root = _copy_pack(tmp_path)
    turn = yaml.safe_load((root / "turn.yaml").read_text(encoding="utf-8"))
    block = turn["sides"][1]["columns"][0][0]
    block["body"]["cs"] = " ".join([block["body"]["cs"]] * 40)
    (root / "turn.yaml").write_text(yaml.safe_dump(turn, allow_unicode=True), encoding="utf-8")
    with pytest.raises(PapirnaError, match=r"sides\[1\].*does not fit the panel"):
        _build(root, "turn", tmp_path)


def test_reference_names_no_publisher_character(built: dict[str, bytes]) -> None:
    for name, words in (
        ("spici-bohove-reference-cs-a4.pdf", "kapitánka je společná"),
        ("spici-bohove-reference-en-letter.pdf", "the captain is shared"),
    ):
        reader = _pdf(built, name)
        text = " ".join(_text(reader, p) for p in range(len(reader.pages)))
        assert "Odess" not in text
        assert words in text


def overlapping_widgets(data: bytes) -> list[tuple[str, str]]:
    """Pairs of form fields (by name) whose boxes on the same page overlap by more than 0.2 mm."""
    reader = PdfReader(io.BytesIO(data))
    pairs = []
    for page in reader.pages:
        boxes = []
        for ref in page.get("/Annots", []) or []:
            annot = ref.get_object()
            name = annot.get("/T") or annot.get("/Parent", {}).get("/T")
            x0, y0, x1, y1 = (float(v) / MM for v in annot["/Rect"])
            boxes.append((str(name), x0, y0, x1, y1))
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                wide = min(a[3], b[3]) - max(a[1], b[1])
                high = min(a[4], b[4]) - max(a[2], b[2])
                if wide > 0.2 and high > 0.2:
                    pairs.append((a[0], b[0]))
    return pairs


@pytest.mark.parametrize(
    "name",
    ["spici-bohove-log-fillable-cs-a4.pdf", "spici-bohove-ship-fillable-en-letter.pdf"],
)
def test_form_fields_do_not_overlap(built: dict[str, bytes], name: str) -> None:
    assert overlapping_widgets(built[name]) == []
