"""The fillable Papírové doupě sheet: systematic field names that read back after filling."""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject


def _fill(data: bytes, checks: list[str], texts: dict[str, str]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    page = writer.pages[0]
    for annot in page["/Annots"]:
        field = annot.get_object()
        name = field.get("/T")
        if name in checks:
            field[NameObject("/V")] = NameObject("/Yes")
            field[NameObject("/AS")] = NameObject("/Yes")
    writer.update_page_form_field_values(page, texts, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_field_names_cover_every_scoring_input(built: dict[str, bytes]) -> None:
    fields = PdfReader(io.BytesIO(built["papirove-doupe-sheet-fillable-cs-a4.pdf"])).get_fields()
    names = set(fields)
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
    fields = PdfReader(io.BytesIO(filled)).get_fields()
    assert fields["adventurer.warrior.level.3"]["/V"] == "/Yes"
    assert fields["item.2.half.1"]["/V"] == "/Yes"
    assert fields["monster.1.range.2"]["/V"] == "/Yes"
    assert fields["adventurer.warrior.level.4"].get("/V") in (None, "/Off")
    assert fields["player"]["/V"] == "Řehoř Úlehla"
    assert fields["round.1.action.1"]["/V"] == "4"


def test_plain_sheet_has_no_form(built: dict[str, bytes]) -> None:
    assert not PdfReader(io.BytesIO(built["papirove-doupe-sheet-cs-a4.pdf"])).get_fields()
