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


RADIO_FLAG = 1 << 15  # /Ff bit of a radio button group


def _is_radio(field, resolve) -> bool:
    """Whether a button field is a radio group (its /Ff has the radio bit)."""
    flags = resolve(field.get("/Ff"))
    try:
        return bool(int(flags or 0) & RADIO_FLAG)
    except (TypeError, ValueError):
        return False


def _export_state(annot, resolve) -> str | None:
    """The name of the state a radio button turns on (its appearance other than /Off)."""
    ap = resolve(annot.get("/AP"))
    normal = resolve(ap.get("/N")) if hasattr(ap, "get") else None
    if not hasattr(normal, "keys"):
        return None
    states = sorted(str(k)[1:] for k in normal if str(k) != "/Off")
    return states[0] if states else None


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
            if kind == "/Btn" and _is_radio(field, resolve):
                # one button of a radio group reads as its own box, GROUP.EXPORT, on or off
                export = _export_state(annot, resolve)
                if export is None:
                    continue
                state = resolve(annot.get("/AS"))
                key = f"{name}.{export}"
                on = str(state) == f"/{export}" or (v is not None and str(v) == f"/{export}")
                values[key] = bool(values.get(key)) or on
            elif kind == "/Btn":
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


YES = {"ano", "yes", "true"}
NO = {"ne", "no", "false"}


def lenient(model: object, data: object, path: tuple = ()) -> object:
    """A typed sheet's data as its model expects it: yes/no words as booleans, quoted numbers as
    numbers, and unknown keys refused with the nearest known one (a SheetKeyError).
    """
    import types
    import typing

    from pydantic import BaseModel

    def is_model(t: object) -> bool:
        return isinstance(t, type) and issubclass(t, BaseModel)

    def walk(t: object, value: object, at: tuple) -> object:
        origin = typing.get_origin(t)
        if origin is typing.Annotated:
            return walk(typing.get_args(t)[0], value, at)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in typing.get_args(t) if a is not type(None)]
            if isinstance(value, dict):
                found = next((a for a in options if is_model(a)), None)
                return walk(found, value, at) if found else value
            for a in (bool, int):  # a yes/no word or a quoted number, when the field takes one
                if a in options and isinstance(value, str):
                    got = walk(a, value, at)
                    if got is not value:
                        return got
            return value
        if t is bool and isinstance(value, str) and value.strip().casefold() in YES | NO:
            return value.strip().casefold() in YES
        if t is int and isinstance(value, str) and re.fullmatch(r"\s*[-−]?\d{1,6}\s*", value):
            return int(value.strip().replace("−", "-"))
        if origin is list and isinstance(value, list):
            (item,) = typing.get_args(t) or (object,)
            return [walk(item, v, (*at, i)) for i, v in enumerate(value)]
        if origin is dict and isinstance(value, dict):
            args = typing.get_args(t)
            inner = args[1] if len(args) == 2 else object
            return {k: walk(inner, v, (*at, k)) for k, v in value.items()}
        if is_model(t) and isinstance(value, dict):
            fields = t.model_fields
            out = {}
            for k, v in value.items():
                if k not in fields:
                    from generator.rules.scoring import nearest

                    raise SheetKeyError((*at, k), f"unknown key{nearest(str(k), fields)}")
                out[k] = walk(fields[k].annotation, v, (*at, k))
            return out
        return value

    return walk(model, data, path)


class SheetKeyError(Exception):
    """An unknown key in a typed sheet: where, and the nearest known key."""

    def __init__(self, path: tuple, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
