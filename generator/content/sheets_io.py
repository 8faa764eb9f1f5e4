"""Reading filled sheets: YAML or JSON typed by a player, or a fillable PDF filled in a viewer."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from generator.content.yamlio import YamlDoc, display_path, load_yaml_file
from generator.errors import PapirnaError

MAX_PDF_BYTES = 20 * 1024 * 1024


FromFields = Callable[[dict[str, str | bool], str], dict]


def load_sheet(path: Path, from_fields: FromFields | str | None = None) -> YamlDoc:
    """A filled sheet as plain data with positions: YAML/JSON as written, a PDF via its fields.

    `from_fields(values, shown)` turns a filled PDF's form fields into the sheet's data (or name
    an installed game to use its scorer's); without one, PDFs cannot be read.
    """
    if isinstance(from_fields, str):
        from generator.plugins import games

        readers = {
            gid: reader
            for gid, g in games().items()
            if g.scorer is not None and (reader := g.scorer().from_fields) is not None
        }
        if path.suffix.lower() == ".pdf" and from_fields not in readers:
            raise PapirnaError(
                f"papirna reads filled PDFs only for {', '.join(readers)}, not {from_fields}; "
                "type the sheet into YAML",
                file=display_path(path),
            )
        from_fields = readers.get(from_fields)
    if path.suffix.lower() == ".pdf":
        return _pdf_sheet(path, from_fields)
    return load_yaml_file(path)


def read_pdf_fields(path: Path) -> dict[str, str | bool]:
    """Form field values of a PDF: checkboxes as booleans (from /V or any widget's /AS), text as str."""
    import logging
    import struct
    import warnings
    import zlib

    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    shown = display_path(path)
    if not path.is_file():
        raise PapirnaError("not a file" if path.exists() else "file not found", file=shown)
    if path.stat().st_size > MAX_PDF_BYTES:
        raise PapirnaError("PDF is larger than 20 MB", file=shown)
    log = logging.getLogger("pypdf")
    level = log.level
    log.setLevel(logging.CRITICAL)  # pypdf logs every repair it makes; the user gets one line
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            values = _form_values(PdfReader(str(path)))
    # A damaged PDF breaks pypdf in many ways; these are the ones its parser lets through.
    except (
        PyPdfError,
        OSError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        IndexError,
        RecursionError,
        AssertionError,
        struct.error,
        zlib.error,
    ) as e:
        why = str(e).splitlines()[0][:200] if str(e) else type(e).__name__
        raise PapirnaError(f"cannot read the PDF's form: {why}", file=shown) from None
    finally:
        log.setLevel(level)
    if not values:
        raise PapirnaError(
            "this PDF has no form fields; print it with `build` and fill the fillable variant",
            file=shown,
        )
    return values


def _form_values(reader) -> dict[str, str | bool]:
    """Field name -> value of every widget on every page of an open PdfReader."""
    from pypdf.generic import DictionaryObject

    def resolve(obj: object) -> object:
        return obj.get_object() if hasattr(obj, "get_object") else obj

    values: dict[str, str | bool] = {}
    for page in reader.pages:
        annots = resolve(page.get("/Annots"))
        if not isinstance(annots, list):
            continue
        for ref in annots:
            annot = resolve(ref)
            if not isinstance(annot, DictionaryObject) or annot.get("/Subtype") != "/Widget":
                continue
            field = annot if "/T" in annot else resolve(annot.get("/Parent"))
            if not isinstance(field, DictionaryObject):
                continue
            name = resolve(field.get("/T"))
            if name is None:
                continue
            kind = field.get("/FT") or annot.get("/FT")
            v = resolve(field.get("/V"))
            if kind == "/Btn":
                state = resolve(annot.get("/AS"))
                on = (v is not None and str(v) != "/Off") or (
                    state is not None and str(state) != "/Off"
                )
                values[str(name)] = bool(values.get(str(name))) or on
            else:
                values[str(name)] = "" if v is None else str(v)
    return values


def count_marked(values: dict, prefix: str) -> int:
    """How many checkboxes PREFIX.N are ticked."""
    pat = re.compile(re.escape(prefix) + r"\.(\d{1,6})$")
    return sum(1 for k, v in values.items() if v is True and pat.match(k))


def highest_marked(values: dict, prefix: str) -> int:
    """The highest N of the ticked checkboxes PREFIX.N (0 when none is)."""
    pat = re.compile(re.escape(prefix) + r"\.(-?\d{1,6})$")
    marked = [int(m.group(1)) for k, v in values.items() if v is True and (m := pat.match(k))]
    return max(marked) if marked else 0


def circled(values: dict, prefix: str, shown: str) -> int | None:
    """The one value N circled among PREFIX.N (None when none is; an error for two)."""
    pat = re.compile(re.escape(prefix) + r"\.(-?\d{1,6})$")
    marked = [int(m.group(1)) for k, v in values.items() if v is True and (m := pat.match(k))]
    if len(marked) > 1:
        raise PapirnaError(f"{len(marked)} values circled, expected one", file=shown, field=prefix)
    return marked[0] if marked else None


def number_field(values: dict, name: str, shown: str) -> int | None:
    """A whole number typed into a text field; None when the field is blank."""
    raw = values.get(name)
    if raw is None or raw is True or raw is False:
        return None
    text = str(raw).strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,6}", text):
        raise PapirnaError(f"expected a whole number, got {text!r}", file=shown, field=name)
    return int(text)


def _pdf_sheet(path: Path, from_fields: FromFields | None) -> YamlDoc:
    shown = display_path(path)
    if from_fields is None:
        raise PapirnaError(
            "papirna cannot read this game's sheets from a filled PDF; type the sheet into YAML",
            file=shown,
        )
    values = read_pdf_fields(path)
    return YamlDoc(file=shown, data=from_fields(values, shown))
