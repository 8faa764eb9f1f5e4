"""Czech and English typography for the text engine: signs, quotes, short words, hyphenation.

The text engine applies these to every text it sets, so no builder or layout has to remember:
- a hyphen before a number is a minus sign (U+2212): "-1" -> "−1";
- a range of two numbers takes an en dash: "2-4" -> "2–4"; a spaced hyphen is a spaced en dash;
- straight double quotes become „…“ in Czech and “…” in English;
- a straight apostrophe after a letter is a typographic one (U+2019): "hero's" -> "hero’s";
- a one-letter word (k, s, v, z, o, u, a, i and capitals) is bound to the word after it, so no
  line ends with it (the binding itself is done by the line breaker, see `ONE_LETTER`);
- words are hyphenated with pyphen's Czech and English dictionaries, 2 letters either side.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

# One-letter prepositions and conjunctions that Czech typesetting never leaves at a line end
# (English "a" and "I" are bound the same way; it does English no harm).
ONE_LETTER = frozenset("kKsSvVzZoOuUaAiI")
_OPENING = "([„“‚'\"«»"

MINUS = "\u2212"
EN_DASH = "\u2013"

_MINUS = re.compile(r"(?<![\w\-:.,])-(?=\d)")
_RANGE = re.compile(r"(?<![\w\-:.,])(\d+)-(\d+)(?![\w\-:])")
_SPACED = re.compile(r"(?<= )-(?= )")
_QUOTED = re.compile(r'"(?=\S)([^"\n]*?)(?<=\S)"')
_QUOTES = {"cs": ("„", "“"), "en": ("“", "”")}
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'")


def typeset(text: str, lang: str | None = None) -> str:
    """Text with true minus signs, en-dash ranges, true apostrophes and the language's quotes."""
    if "-" in text:
        text = _RANGE.sub(lambda m: f"{m.group(1)}{EN_DASH}{m.group(2)}", text)
        text = _MINUS.sub(MINUS, text)
        text = _SPACED.sub(EN_DASH, text)
    if '"' in text and lang in _QUOTES:
        left, right = _QUOTES[lang]
        text = _QUOTED.sub(lambda m: f"{left}{m.group(1)}{right}", text)
    if "'" in text:
        text = _APOSTROPHE.sub("\u2019", text)
    return text


def is_one_letter(word: str) -> bool:
    """Whether `word` is a one-letter word that must not end a line (opening brackets allowed)."""
    core = word.lstrip(_OPENING)
    return len(core) == 1 and core in ONE_LETTER


_CORE = re.compile(r"^(\W*)(\w+?)(\W*)$")


@cache
def _dictionary(lang: str):
    import pyphen

    return pyphen.Pyphen(lang=lang, left=2, right=2)


@cache
def _points(lang: str, word: str) -> tuple[int, ...]:
    m = _CORE.match(word)
    if m is None:
        return ()
    lead, core, _ = m.groups()
    if len(core) < 4 or not core.isalpha():
        return ()
    positions = _dictionary(lang).positions(core)
    return tuple(len(lead) + p for p in positions if 2 <= p <= len(core) - 2)


def load_hyphenation(lang: str | None) -> None:
    """Read `lang`'s hyphenation dictionary now (e.g. once before worker processes fork)."""
    if lang in ("cs", "en"):
        _dictionary("cs" if lang == "cs" else "en_GB")


def hyphenator(lang: str | None) -> Callable[[str], tuple[int, ...]] | None:
    """Break points of a word (indices where a hyphen may go) for `lang`, or None if unknown."""
    if lang not in ("cs", "en"):
        return None
    code = "cs" if lang == "cs" else "en_GB"

    def points(word: str) -> tuple[int, ...]:
        return _points(code, word)

    return points
