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
from pathlib import Path

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


class Patterns:
    """A pyphen dictionary's hyphenation patterns, each parsed when a word first needs it.

    pyphen parses all of a dictionary's patterns when it opens it (English: 14,000 of them,
    0.1 s, before every build's workers start); a build looks up a few hundred. This reads the
    same file by pyphen's rules (encoding on the first line, comments and settings skipped,
    patterns of only zeros dropped, the last of two equal patterns kept) and finds break
    points with pyphen's algorithm: the same points for every word.
    """

    def __init__(self, raw: dict[str, str]) -> None:
        self.patterns: dict[str, str | tuple[int, tuple[int, ...]]] = raw  # key -> line, parsed
        self.maxlen = max(map(len, raw))
        self.cache: dict[str, list[int]] = {}

    @classmethod
    def read(cls, path: Path) -> Patterns | None:
        """The patterns of a .dic file; None if it uses what only pyphen reads (^^xx, a/b)."""
        data = path.read_bytes()
        encoding = data.split(b"\n", 1)[0].decode()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        lines = data.decode(encoding).split("\n")[1:]
        body = "\n".join(lines)
        if "^^" in body or "/" in body or _TWO_DIGITS.search(body):
            return None
        raw: dict[str, str] = {}
        for line in lines:
            line = line.strip()
            if not line or line.startswith(_IGNORED) or _NONZERO.search(line) is None:
                continue
            raw[line.translate(_NO_DIGITS)] = line
        return cls(raw) if raw else None

    def _pattern(self, key: str, line: str) -> tuple[int, tuple[int, ...]]:
        """A pattern line as pyphen keeps it: (offset of its first non-zero, values from it)."""
        values = tuple(int(i or "0") for i, _ in _PAIRS(line))
        start, end = 0, len(values)
        while not values[start]:
            start += 1
        while not values[end - 1]:
            end -= 1
        parsed = self.patterns[key] = (start, values[start:end])
        return parsed

    def positions(self, word: str) -> list[int]:
        """Where `word` may be hyphenated (pyphen's HyphDict.positions, without its data)."""
        word = word.lower()
        points = self.cache.get(word)
        if points is None:
            pointed = f".{word}."
            references = [0] * (len(pointed) + 1)
            patterns, maxlen = self.patterns, self.maxlen
            for i in range(len(pointed) - 1):
                stop = min(i + maxlen, len(pointed)) + 1
                for j in range(i + 1, stop):
                    key = pointed[i:j]
                    pattern = patterns.get(key)
                    if pattern is None:
                        continue
                    if type(pattern) is str:
                        pattern = self._pattern(key, pattern)
                    offset, values = pattern
                    cut = slice(i + offset, i + offset + len(values))
                    references[cut] = map(max, values, references[cut])
            self.cache[word] = points = [i - 1 for i, r in enumerate(references) if r % 2]
        return points


_IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN")
_IGNORED += ("COMPOUNDRIGHTHYPHENMIN",)
_NO_DIGITS = str.maketrans("", "", "0123456789")
_NONZERO = re.compile("[1-9]")
_TWO_DIGITS = re.compile(r"\d\d")
_PAIRS = re.compile(r"(\d?)(\D?)").findall  # pyphen's own split of a pattern


@cache
def _dictionary(lang: str):
    import pyphen

    path = pyphen.LANGUAGES[pyphen.language_fallback(lang)]
    return Patterns.read(path) or pyphen.Pyphen(lang=lang, left=2, right=2)


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
