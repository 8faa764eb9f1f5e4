"""Free-form cards and pages for user decks: any fields, text may be localised."""

from __future__ import annotations

import re
from contextvars import ContextVar
from typing import Annotated, Any

from pydantic import BeforeValidator

from generator.content.models import LANGUAGES, LText

# the languages of the pack being loaded: a mapping with only these keys is one localised text
PACK_LANGUAGES: ContextVar[tuple[str, ...]] = ContextVar("pack_languages", default=LANGUAGES)

_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_COPIES = 1000


def _value(value: object, where: str) -> object:
    if isinstance(value, bool | int | float | LText) or value is None:
        return value
    if isinstance(value, str):
        return LText({"*": value})
    if (
        isinstance(value, dict)
        and value
        and all(k in (*LANGUAGES, *PACK_LANGUAGES.get()) for k in value)
    ):
        return LText._validate(value)
    if isinstance(value, dict):
        return {str(k): _value(v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [_value(v, f"{where}[{i}]") for i, v in enumerate(value)]
    raise ValueError(f"{where}: unsupported value {value!r}")


def _free(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a mapping of fields, got {value!r}")
    out: dict[str, Any] = {}
    for k, v in value.items():
        if not _FIELD.match(str(k)):
            raise ValueError(f"field name {k!r} must be letters, digits and '_'")
        out[k] = v
    return out


def _free_value(value: object) -> object:
    return _value(value, "value")


FreeData = Annotated[
    dict[str, Annotated[Any, BeforeValidator(_free_value)]], BeforeValidator(_free)
]


def check_count(data: dict) -> str | None:
    """Why a card's `count` is wrong, or None when it is fine."""
    v = data.get("count", 1)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_COPIES:
        return f"count must be a whole number from 0 to {MAX_COPIES}, got {v!r}"
    return None
