"""Card data from spreadsheets: CSV (UTF-8, or Czech Excel's Windows-1250), .xlsx and .ods.

Every table becomes a YamlDoc holding a list of cards, with the row and column of each cell as
its marks, so later errors point at `cards.csv:7:3` like they point at YAML lines.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from pathlib import Path

from generator.content.yamlio import (
    MAX_FILE_BYTES,
    YamlDoc,
    display_path,
    format_path,
    load_yaml_file,
)
from generator.errors import PapirnaError

LANG_CODE = r"[a-z]{2,3}(?:-[A-Za-z]{2,4})?"
_COLUMN = re.compile(rf"^([A-Za-z_][A-Za-z0-9_]*)(?:\.({LANG_CODE}))?$")
MAX_CARDS = 5000
CSV_SUFFIXES = {".csv", ".tsv", ".txt"}
SHEET_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".ods"}
TABLE_SUFFIXES = CSV_SUFFIXES | SHEET_SUFFIXES
_CZECH = set("áéíóúůýčďěňřšťžÁÉÍÓÚŮÝČĎĚŇŘŠŤŽ")


def is_table(path: str | Path) -> bool:
    """Whether a file name is a CSV or spreadsheet (not YAML)."""
    return Path(path).suffix.lower() in TABLE_SUFFIXES


def load_cards_file(
    path: Path,
    sheet: str | None = None,
    notices: list[str] | None = None,
    languages: tuple[str, ...] | None = None,
) -> YamlDoc:
    """A cards file of any supported kind (YAML, CSV, .xlsx, .ods) as a YamlDoc."""
    suffix = path.suffix.lower()
    if suffix in CSV_SUFFIXES:
        return load_csv(path, notices, languages)
    if suffix in SHEET_SUFFIXES:
        return load_sheet(path, sheet, languages)
    return load_yaml_file(path)


def decode_csv(data: bytes, shown: str, notices: list[str] | None = None) -> str:
    """CSV bytes as text: UTF-8 with or without BOM, or Windows-1250 / ISO-8859-2 with a notice."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        first_bad = e.start
    candidates = []
    for codec, name in (("cp1250", "Windows-1250"), ("iso8859_2", "ISO-8859-2 (Latin-2)")):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if any((ord(c) < 32 and c not in "\t\r\n") or 0x7F <= ord(c) < 0xA0 for c in text):
            continue
        candidates.append((sum(c in _CZECH for c in text), codec == "cp1250", text, name))
    if not candidates:
        raise PapirnaError(
            f"not UTF-8 text (byte {first_bad}) and no Czech encoding fits; "
            "save the file as UTF-8 ('CSV UTF-8' in Excel)",
            file=shown,
        )
    _, _, text, name = max(candidates, key=lambda c: (c[0], c[1]))
    if notices is not None:
        notices.append(
            f"{shown}: not UTF-8, read as {name} (Czech Excel's CSV); "
            "save it as 'CSV UTF-8' to be sure"
        )
    return text


def load_csv(
    path: Path, notices: list[str] | None = None, languages: tuple[str, ...] | None = None
) -> YamlDoc:
    """Card rows from a CSV file (header row; 'name.cs' and 'name.en' columns localise)."""
    shown = display_path(path)
    if not path.is_file():
        raise PapirnaError("file not found", file=shown)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise PapirnaError("file is larger than the size limit", file=shown)
    text = decode_csv(path.read_bytes(), shown, notices)
    header_line = text.split("\n", 1)[0]
    # Excel's quoting ("" inside quotes) with the delimiter the header row uses most; guessing
    # the whole dialect from one line (csv.Sniffer) can get the quoting wrong
    delimiter = max(",;\t", key=lambda d: (header_line.count(d), d == ","))
    dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect, delimiter=delimiter)
    rows: list[tuple[int, list[object]]] = []
    last = 0
    try:
        for row in reader:
            rows.append((last + 1, list(row)))  # the line a row starts on (cells may span lines)
            last = reader.line_num
    except csv.Error as e:
        raise PapirnaError(f"invalid CSV: {e}", file=shown, line=reader.line_num) from None
    return rows_to_doc(rows, shown, "the CSV file is empty", languages)


def load_sheet(
    path: Path, sheet: str | None = None, languages: tuple[str, ...] | None = None
) -> YamlDoc:
    """Card rows from one sheet of an .xlsx or .ods workbook (the first sheet by default)."""
    shown = display_path(path)
    if not path.is_file():
        raise PapirnaError("file not found", file=shown)
    if path.stat().st_size > MAX_FILE_BYTES * 4:
        raise PapirnaError("file is larger than the size limit", file=shown)
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:  # pragma: no cover - a core dependency
        raise PapirnaError("reading spreadsheets needs python-calamine", file=shown) from None
    try:
        book = CalamineWorkbook.from_path(str(path))
    except Exception as e:  # calamine raises its own error types for broken files
        raise PapirnaError(f"cannot read the spreadsheet: {e}", file=shown) from None
    names = list(book.sheet_names)
    if not names:
        raise PapirnaError("the workbook has no sheets", file=shown)
    if sheet is None:
        sheet = names[0]
    elif sheet not in names:
        raise PapirnaError(
            f"no sheet {sheet!r}; the workbook has {', '.join(map(repr, names))}", file=shown
        )
    try:
        data = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
    except Exception as e:
        raise PapirnaError(f"cannot read sheet {sheet!r}: {e}", file=shown) from None
    where = f"{shown}[{sheet}]"
    rows = [(i, [_cell(v) for v in row]) for i, row in enumerate(data, start=1)]
    while rows and not any(str(c).strip() for c in rows[0][1]):
        rows.pop(0)  # blank rows above the header
    return rows_to_doc(rows, where, f"sheet {sheet!r} is empty", languages)


def _cell(value: object) -> object:
    """A spreadsheet cell as card data: whole numbers as int, dates as ISO text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 1e15 else value
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if value is None:
        return ""
    return value if isinstance(value, int | str) else str(value)


class TableDoc(YamlDoc):
    """Cards from a table: errors name the column (`cost`), not the list index (`[3].cost`)."""

    def error(self, path, message: str, *, key: bool = False) -> PapirnaError:
        """A PapirnaError at the cell of `path` (row index, column field)."""
        err = super().error(path, message, key=key)
        shown = tuple(path[1:] if path and isinstance(path[0], int) else path)
        err.field = format_path(shown)
        return err


def rows_to_doc(
    rows: list[tuple[int, list[object]]],
    shown: str,
    empty: str,
    languages: tuple[str, ...] | None = None,
) -> YamlDoc:
    """A header row and data rows (with their line numbers) as a YamlDoc list of cards."""
    if not rows:
        raise PapirnaError(empty, file=shown)
    head_line, head = rows[0]
    while head and not str(head[-1]).strip():
        head = head[:-1]  # spreadsheets pad rows with empty cells
    if not head:
        raise PapirnaError("the first row must name the columns", file=shown, line=head_line)
    header = [str(h).strip() for h in head]
    doc = TableDoc(file=shown, data=[])
    plain: set[str] = set()
    localised: set[str] = set()
    parsed: list[tuple[str, str | None]] = []
    for col, name in enumerate(header, start=1):
        m = _COLUMN.match(name)
        if not m:
            raise PapirnaError(
                f"column name {name!r} must be a field name, or field.cs / field.en",
                file=shown,
                line=head_line,
                column=col,
            )
        field, lang = m.group(1), m.group(2)
        if lang and languages is not None and lang not in (*languages, "cs", "en"):
            raise PapirnaError(
                f"column {name!r} is in {lang!r}, which is not one of the deck's languages "
                f"({', '.join(languages)})",
                file=shown,
                line=head_line,
                column=col,
            )
        if name in header[: col - 1]:
            problem = f"column {name!r} appears twice"
        elif (lang and field in plain) or (not lang and field in localised):
            problem = (
                f"column {name!r} clashes with another {field!r} column; "
                f"use {field}.cs and {field}.en, or {field} alone"
            )
        else:
            problem = None
        if problem:
            raise PapirnaError(problem, file=shown, line=head_line, column=col)
        (localised if lang else plain).add(field)
        parsed.append((field, lang))
    cards: list[dict] = []
    for n, row in rows[1:]:
        if not any(str(cell).strip() for cell in row):
            continue  # empty rows are skipped
        while len(row) > len(header) and not str(row[-1]).strip():
            row = row[:-1]
        if len(row) > len(header):
            raise PapirnaError(f"{len(row)} cells but {len(header)} columns", file=shown, line=n)
        index = len(cards)
        card: dict = {}
        doc.marks[(index,)] = (n, 1)
        for col, ((field, lang), cell) in enumerate(zip(parsed, row, strict=False), start=1):
            doc.marks.setdefault((index, field), (n, col))  # a localised field: its first column
            value: object = cell
            if field == "count":
                text = str(cell).strip()
                if text == "":
                    value = 1  # an empty count cell prints one copy
                elif isinstance(cell, int) or re.fullmatch(r"-?[0-9]{1,15}", text):
                    value = int(text)
            elif isinstance(cell, int | float) and not isinstance(cell, bool):
                value = str(cell)  # numbers read as the text a CSV cell would give
            if lang:
                card.setdefault(field, {})[lang] = str(value)
            else:
                card[field] = value
        cards.append(card)
        if len(cards) > MAX_CARDS:
            raise PapirnaError(f"more than {MAX_CARDS} cards", file=shown, line=n)
    doc.data = cards
    return doc
