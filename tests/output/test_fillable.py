"""The fillable Papírové doupě sheet: systematic field names that read back after filling."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter

from generator.content.sheets_io import _form_values
from tests.output.formfill import tick


def _fill(data: bytes, checks: list[str], texts: dict[str, str]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    page = writer.pages[0]
    assert tick(writer, checks) == set(checks)
    writer.update_page_form_field_values(page, texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_field_names_cover_every_scoring_input(built: dict[str, bytes]) -> None:
    reader = PdfReader(io.BytesIO(built["papirove-doupe-sheet-fillable-cs-a4.pdf"]))
    names = set(_form_values(reader))
    for adv in ("warrior", "wizard", "cleric", "thief"):
        assert {f"adventurer.{adv}.level.{n}" for n in range(1, 7)} <= names
        assert f"adventurer.{adv}.training.black" in names
    assert {f"item.{i}.half.{h}" for i in range(1, 9) for h in (1, 2)} <= names
    assert {f"wound.{n}" for n in range(1, 41)} <= names
    assert {f"gem.{n}" for n in range(1, 13)} <= names
    assert {f"minion.{n}" for n in range(1, 15)} <= names
    for m in (1, 2, 3):
        assert {
            f"monster.{m}.{k}" for k in ("visited", "fled", "range.1", "range.2", "range.3")
        } <= names
    assert "resurrection" in names and "player" in names
    assert {f"round.{r}.action.{a}" for r in range(1, 9) for a in range(1, 4)} <= names


def test_filled_values_read_back(built: dict[str, bytes]) -> None:
    filled = _fill(
        built["papirove-doupe-sheet-fillable-en-a4.pdf"],
        ["adventurer.warrior.level.3", "item.2.half.1", "monster.1.range.2"],
        {"player": "Řehoř Úlehla", "round.1.action.1": "4"},
    )
    values = _form_values(PdfReader(io.BytesIO(filled)))
    assert values["adventurer.warrior.level.3"] is True
    assert values["item.2.half.1"] is True
    assert values["monster.1.range.2"] is True  # a button of the radio group monster.1.range
    assert values["monster.1.range.1"] is False
    assert values["adventurer.warrior.level.4"] is False
    assert values["player"] == "Řehoř Úlehla"
    assert values["round.1.action.1"] == "4"


def test_plain_sheet_has_no_form(built: dict[str, bytes]) -> None:
    assert not PdfReader(io.BytesIO(built["papirove-doupe-sheet-cs-a4.pdf"])).get_fields()


def test_one_of_a_kind_choices_are_radio_groups(built: dict[str, bytes]) -> None:
    from tests.output.formfill import widgets

    for name, groups in (
        ("papirove-doupe-sheet-fillable-cs-a4.pdf", {"dungeon", "monster.1.range", "goal.glory"}),
        ("spici-bohove-log-fillable-en-letter.pdf", {"version"}),
    ):
        radios = {w.name for w in widgets(built[name]) if w.kind == "radio"}
        assert groups <= radios, (name, groups - radios)
    ws = widgets(built["papirove-doupe-sheet-fillable-cs-a4.pdf"])
    assert sorted(w.export for w in ws if w.name == "monster.2.range") == ["1", "2", "3"]
    assert "monster.2.fled" in {w.name for w in ws if w.kind == "checkbox"}


def test_radio_reads_as_its_boxes_by_value_or_by_state(built: dict[str, bytes]) -> None:
    pdf = built["spici-bohove-log-fillable-cs-a4.pdf"]
    for as_only in (False, True):  # a viewer that writes only the button's /AS reads the same
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
        assert tick(writer, {"version.ruthless"}, as_only) == {"version.ruthless"}
        out = io.BytesIO()
        writer.write(out)
        values = _form_values(PdfReader(io.BytesIO(out.getvalue())))
        assert (values["version.normal"], values["version.ruthless"]) == (False, True)
