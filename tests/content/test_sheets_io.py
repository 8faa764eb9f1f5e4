"""Reading filled sheets from PDFs: damaged or odd files give one error line, never a crash."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject, TextStringObject

from generator.content.sheets_io import load_sheet, read_pdf_fields
from generator.errors import PapirnaError
from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields


def pdf_with(annots: list[DictionaryObject]) -> bytes:
    """A one-page PDF whose page carries these annotations."""
    writer = PdfWriter()
    page = writer.add_blank_page(100, 100)
    page[NameObject("/Annots")] = ArrayObject([writer._add_object(a) for a in annots])
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def widget(**entries: object) -> DictionaryObject:
    d = DictionaryObject({NameObject("/Subtype"): NameObject("/Widget")})
    for key, value in entries.items():
        d[NameObject(f"/{key}")] = value
    return d


def error(path: Path, game: str = "papirove-doupe") -> str:
    with pytest.raises(PapirnaError) as info:
        load_sheet(path, game)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_checkbox_and_text_fields_are_read(tmp_path: Path) -> None:
    path = tmp_path / "s.pdf"
    path.write_bytes(
        pdf_with(
            [
                widget(T=TextStringObject("gem.1"), FT=NameObject("/Btn"), V=NameObject("/Yes")),
                widget(T=TextStringObject("gem.2"), FT=NameObject("/Btn"), AS=NameObject("/Off")),
                widget(
                    T=TextStringObject("player"), FT=NameObject("/Tx"), V=TextStringObject("Eva")
                ),
            ]
        )
    )
    assert read_pdf_fields(path) == {"gem.1": True, "gem.2": False, "player": "Eva"}


def test_widget_without_name_or_parent_is_skipped(tmp_path: Path) -> None:
    # Regression: a widget with neither /T nor /Parent crashed with AttributeError.
    path = tmp_path / "s.pdf"
    path.write_bytes(pdf_with([widget(), widget(Parent=NumberObject(5))]))
    assert error(path) == (
        f"{path}: this PDF has no form fields; print it with `build` and fill the fillable variant"
    )


def test_annotations_that_are_not_a_list(tmp_path: Path) -> None:
    writer = PdfWriter()
    page = writer.add_blank_page(100, 100)
    page[NameObject("/Annots")] = NumberObject(3)
    buf = io.BytesIO()
    writer.write(buf)
    path = tmp_path / "s.pdf"
    path.write_bytes(buf.getvalue())
    assert "this PDF has no form fields" in error(path)


@pytest.mark.parametrize(
    "data", [b"", b"%PDF-1.7\n", b"not a pdf at all", b"%PDF-1.4\n1 0 obj << /Type /Catalog"]
)
def test_damaged_pdf(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "s.pdf"
    path.write_bytes(data)
    assert error(path).startswith(f"{path}: cannot read the PDF's form: ")


def test_missing_pdf(tmp_path: Path) -> None:
    assert error(tmp_path / "nope.pdf") == f"{tmp_path / 'nope.pdf'}: file not found"


def test_repaired_pdf_logs_nothing(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # pypdf logs each repair of a damaged cross-reference table; the user must get one line only.
    data = pdf_with([])
    cut = data.rfind(b"startxref")
    path = tmp_path / "s.pdf"
    path.write_bytes(data[:cut] + b"startxref\n12345\n%%EOF\n")
    assert "this PDF has no form fields" in error(path)
    assert capfd.readouterr().err == ""


def test_game_without_pdf_sheets(tmp_path: Path) -> None:
    path = tmp_path / "s.pdf"
    path.write_bytes(pdf_with([]))
    assert error(path, "runebound").endswith(
        "papirna reads filled PDFs only for gamebook, papirove-doupe, spici-bohove, "
        "not runebound; type the sheet into YAML"
    )


def test_huge_box_numbers_in_field_names_are_ignored() -> None:
    # Regression: 'gem.<5000 digits>' made int() fail (Python limits digit strings to 4300).
    values: dict[str, str | bool] = {"adventurer.warrior.level.2": True, "dungeon.A": True}
    values["gem." + "9" * 5000] = True
    values["adventurer.wizard.level." + "9" * 5000] = True
    data = papirove_doupe_from_fields(values, "s.pdf")
    assert data["gems"] == 0
    assert data["levels"] == {"warrior": 2, "wizard": 1, "cleric": 1, "thief": 1}


def test_two_dungeons_marked() -> None:
    values: dict[str, str | bool] = {"adventurer.x": False, "dungeon.A": True, "dungeon.B": True}
    with pytest.raises(PapirnaError) as info:
        papirove_doupe_from_fields(values, "s.pdf")
    assert str(info.value) == "s.pdf: dungeon: mark exactly one dungeon card, found 2"


def test_a_folder_is_not_a_pdf(tmp_path: Path) -> None:
    (tmp_path / "s.pdf").mkdir()
    assert error(tmp_path / "s.pdf") == f"{tmp_path / 's.pdf'}: not a file"
