"""Validate loaded YAML into typed models, turning the first problem into a one-line error."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator.content.models import LANGUAGES, walk_ltexts
from generator.content.yamlio import PathKey, YamlDoc

M = TypeVar("M")

_TYPE_NAMES = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def _clean_loc(loc: tuple, data: object) -> PathKey:
    """Drop pydantic's union/type tags from a location, keeping the real keys and indices."""
    out: list[str | int] = []
    cur = data
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if (
            not last
            and isinstance(cur, dict)
            and part == cur.get("type")
            and not isinstance(cur.get(part), dict | list)
        ):
            continue  # a union's tag (the box type 'text'), not the box's own 'text' key
        if (isinstance(cur, dict) and isinstance(part, str) and part in cur) or (
            isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur)
        ):
            out.append(part)
            cur = cur[part]
        elif last and isinstance(part, str | int) and isinstance(cur, dict):
            out.append(part)  # a missing or unknown key
    return tuple(out)


_ADAPTERS: dict[object, TypeAdapter] = {}


def _adapter(model: object) -> TypeAdapter:
    """One TypeAdapter per model: building one costs far more than validating with it."""
    try:
        found = _ADAPTERS.get(model)
    except TypeError:  # an unhashable annotation
        return TypeAdapter(model)
    if found is None:
        found = _ADAPTERS[model] = TypeAdapter(model)
    return found


MAX_SHOWN = 60  # characters of a wrong value quoted in a message


def short(value: object) -> str:
    """repr() of a value, cut to a length that keeps an error message on one readable line."""
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 4] + " ..."


def describe(err: dict) -> str:
    """Say in plain words what one pydantic error means."""
    kind = err["type"]
    value = short(err.get("input"))
    if kind == "missing":
        return "missing required field"
    if kind == "extra_forbidden":
        return "unknown key"
    if kind in ("literal_error", "enum"):
        expected = err.get("ctx", {}).get("expected", "")
        options = expected.replace(" or ", ", ").replace("'", "")
        return f"expected one of {options}, got {value}"
    if kind in _TYPE_NAMES:
        return f"expected {_TYPE_NAMES[kind]}, got {value}"
    if kind == "value_error":
        text = str(err.get("ctx", {}).get("error", err["msg"]))
        return text if len(text) <= 300 else text[:296] + " ..."
    if kind in ("too_short", "too_long"):
        return err["msg"][0].lower() + err["msg"][1:]
    if kind.startswith(("greater_than", "less_than")):
        return f"{err['msg'][0].lower()}{err['msg'][1:]}, got {value}"
    return f"{err['msg'][0].lower()}{err['msg'][1:]}"


def validate(
    model: type[M] | TypeAdapter,
    doc: YamlDoc,
    data: object = ...,
    base: PathKey = (),
    languages: tuple[str, ...] = LANGUAGES,
) -> M:
    """Validate `data` (default: the whole document) into `model`; raise a PapirnaError if wrong."""
    if data is ...:
        data = doc.data
    adapter = model if isinstance(model, TypeAdapter) else _adapter(model)
    try:
        result = adapter.validate_python(data)
    except ValidationError as e:
        errors = e.errors()

        # Report the error that comes first in the file.
        def pos(err: dict) -> tuple[int, int]:
            line, col = doc.where(base + _clean_loc(err["loc"], data))
            return (line or 0, col or 0)

        first = min(errors, key=pos)
        path = base + _clean_loc(first["loc"], data)
        message = describe(first)
        if data is None and not path:
            message = "the file is empty"
        raise doc.error(path, message, key=first["type"] == "extra_forbidden") from None
    check_translations(result, doc, languages, base)
    return result


def check_translations(
    model: object, doc: YamlDoc, languages: tuple[str, ...], base: PathKey = ()
) -> None:
    """Raise a PapirnaError at the first text in `model` that lacks one of `languages`."""
    for path, text in walk_ltexts(model):
        missing = text.missing(languages)
        if missing:
            raise doc.error(base + path, f"no {missing[0]!r} translation")


def is_model(obj: object) -> bool:
    """True for pydantic model instances."""
    return isinstance(obj, BaseModel)
