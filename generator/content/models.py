"""Base types for typed content models: strict, closed to unknown keys, localised text, lengths."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, GetCoreSchemaHandler
from pydantic_core import core_schema

from generator.units import parse_font_size, parse_length

LANGUAGES = ("cs", "en")  # the built-in packs' languages; a pack may name any other code
LANG_CODE = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z]{2,4})?$")  # cs, en, de, pl, sk, pt-BR ...


def _language(value: object) -> str:
    if isinstance(value, str) and LANG_CODE.match(value):
        return value
    raise ValueError(f"expected a language code like 'cs', 'en' or 'de', got {value!r}")


Language = Annotated[str, BeforeValidator(_language)]


def _stamp(value: object) -> object:
    """A version or date as written: YAML's 2026-12-01 (a date) as that text."""
    import datetime as dt

    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return value


Stamp = Annotated[str, BeforeValidator(_stamp)]  # {version} and {date} on cards


class Model(BaseModel):
    """Base of every content model: frozen, strict types, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


class LText:
    """Text in one or more languages: a plain string, or {cs: ..., en: ...}."""

    __slots__ = ("values",)

    def __init__(self, values: dict[str, str]) -> None:
        self.values = values

    def get(self, lang: str) -> str:
        """Return the text in `lang` (a plain string serves every language)."""
        if "*" in self.values:
            return self.values["*"]
        return (
            self.values.get(lang)
            or self.values.get("cs")
            or self.values.get("en")
            or next(iter(self.values.values()))
        )

    def missing(self, languages: tuple[str, ...]) -> list[str]:
        """Languages among `languages` this text has no translation for."""
        if "*" in self.values:
            return []
        return [lang for lang in languages if lang not in self.values]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LText) and other.values == self.values

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.values.items())))

    def __repr__(self) -> str:
        return f"LText({self.values!r})"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(cls._validate)

    @classmethod
    def _validate(cls, value: object) -> LText:
        if isinstance(value, LText):
            return value
        if isinstance(value, str):
            return cls({"*": value})
        if isinstance(value, int | float) and not isinstance(value, bool):
            return cls({"*": str(value)})
        if isinstance(value, dict) and value:
            bad = [k for k in value if not (isinstance(k, str) and LANG_CODE.match(k))]
            if bad:
                raise ValueError(f"unknown language {bad[0]!r}, expected a code like cs, en, de")
            for k, v in value.items():
                if not isinstance(v, str):
                    raise ValueError(f"text for {k!r} must be a string, got {v!r}")
            return cls(dict(value))
        raise ValueError(f"expected text or {{cs: ..., en: ...}}, got {value!r}")


def _length(value: object) -> float:
    return parse_length(value)


def _positive_length(value: object) -> float:
    mm = parse_length(value)
    if mm <= 0:
        raise ValueError(f"expected a positive length, got {value!r}")
    return mm


def _non_negative_length(value: object) -> float:
    mm = parse_length(value)
    if mm < 0:
        raise ValueError(f"expected a length of 0 or more, got {value!r}")
    return mm


Length = Annotated[float, BeforeValidator(_length)]
PositiveLength = Annotated[float, BeforeValidator(_positive_length)]
NonNegativeLength = Annotated[float, BeforeValidator(_non_negative_length)]
FontSize = Annotated[float, BeforeValidator(parse_font_size)]

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def parse_color(value: object) -> str:
    """Accept '#rrggbb' colours and palette names (lower-case words)."""
    if isinstance(value, str) and (_HEX.match(value) or re.match(r"^[a-z][a-z0-9-]*$", value)):
        return value
    raise ValueError(f"expected a colour like '#1a2b3c' or a palette name, got {value!r}")


ColorRef = Annotated[str, BeforeValidator(parse_color)]


def _safe_rel_path(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"expected a relative file path, got {value!r}")
    p = value.replace("\\", "/")
    if p.startswith("/") or re.match(r"^[A-Za-z]:", p) or "\x00" in p:
        raise ValueError(f"path {value!r} must be relative to the pack")
    if any(part == ".." for part in p.split("/")):
        raise ValueError(f"path {value!r} may not leave the pack ('..')")
    return p


PackPath = Annotated[str, BeforeValidator(_safe_rel_path)]


def walk_ltexts(obj: object, path: tuple = ()) -> list[tuple[tuple, LText]]:
    """List every LText inside a model tree with its path."""
    found: list[tuple[tuple, LText]] = []
    if isinstance(obj, LText):
        found.append((path, obj))
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            found.extend(walk_ltexts(getattr(obj, name), (*path, name)))
    elif isinstance(obj, list | tuple):
        for i, item in enumerate(obj):
            found.extend(walk_ltexts(item, (*path, i)))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found.extend(walk_ltexts(v, (*path, k)))
    return found


def to_context(obj: object, lang: str) -> object:
    """Turn a model tree into plain data in one language, for layout templates."""
    if isinstance(obj, LText):
        return obj.get(lang)
    if isinstance(obj, BaseModel):
        out = {name: to_context(getattr(obj, name), lang) for name in type(obj).model_fields}
        extras = getattr(obj, "context_extras", None)
        if extras is not None:
            out.update(to_context(extras(), lang))  # type: ignore[arg-type]
        return out
    if isinstance(obj, list | tuple):
        return [to_context(item, lang) for item in obj]
    if isinstance(obj, dict):
        return {k: to_context(v, lang) for k, v in obj.items()}
    return obj
