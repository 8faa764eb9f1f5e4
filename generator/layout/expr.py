"""`when:` conditions: a small, safe expression language, parsed once and never eval'd.

flavor                      the field is set and not empty, false or 0
not flavor                  the opposite
type == "unit"              equal (numbers compare as numbers: a CSV cell "3" == 3)
cost != 0, cost >= 3        other comparisons (<, <=, >, >= need numbers)
type in ("unit", "hero")    one of several values; `not in` is the opposite
"fire" in tags              a list field holds it, or a text field contains it
a and b, a or b, (a or b) and not c
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from generator.errors import PapirnaError

MAX_LENGTH = 500
MAX_DEPTH = 32

_TOKEN = re.compile(
    r"""\s*(?:
    (?P<num>-?(?:\d+\.\d*|\.\d+|\d+))(?![A-Za-z_])
  | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)
  | (?P<op>==|!=|<=|>=|<|>|\(|\)|\[|\]|,)
  | (?P<bad>\S)
)""",
    re.VERBOSE,
)
KEYWORDS = {"and", "or", "not", "in", "true", "false"}
_ESCAPE = re.compile(r"\\(.)")


class ExprError(PapirnaError):
    """A condition that cannot be parsed."""


class Condition(NamedTuple):
    """A parsed condition: its text, its tree and the fields it reads."""

    text: str
    tree: tuple
    fields: tuple[str, ...]

    def evaluate(self, lookup: Callable[[str], object]) -> bool:
        """Whether the condition holds; `lookup` gives a field's value (None when unset)."""
        return _truthy(_eval(self.tree, lookup))


class _Tok(NamedTuple):
    kind: str  # num, str, name, op, kw, end
    value: str
    pos: int


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:  # only trailing blanks are left
            break
        kind = m.lastgroup or "end"
        value = m.group(kind)
        start = m.start(kind)
        if kind == "bad":
            hint = " (write 'not FIELD')" if value == "!" else ""
            hint = " (write '==')" if value == "=" else hint
            raise ExprError(f"unexpected {value!r} at column {start + 1}{hint}")
        if kind == "name" and value in KEYWORDS:
            kind = "kw"
        out.append(_Tok(kind, value, start))
        pos = m.end()
    out.append(_Tok("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def expect(self, value: str) -> None:
        tok = self.take()
        if tok.value != value or tok.kind not in ("op", "kw"):
            raise ExprError(f"expected {value!r} at column {tok.pos + 1}, got {_shown(tok)}")

    def parse(self) -> tuple:
        tree = self.or_()
        tok = self.peek()
        if tok.kind != "end":
            raise ExprError(f"unexpected {_shown(tok)} at column {tok.pos + 1}")
        return tree

    def or_(self) -> tuple:
        left = self.and_()
        while self.peek() == ("kw", "or", self.peek().pos):
            self.take()
            left = ("or", left, self.and_())
        return left

    def and_(self) -> tuple:
        left = self.not_()
        while self.peek() == ("kw", "and", self.peek().pos):
            self.take()
            left = ("and", left, self.not_())
        return left

    def not_(self) -> tuple:
        if self.peek() == ("kw", "not", self.peek().pos):
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise ExprError("the condition is nested too deeply")
            inner = self.not_()
            self.depth -= 1
            return ("not", inner)
        return self.compare()

    def compare(self) -> tuple:
        left = self.atom()
        tok = self.peek()
        if tok.kind == "op" and tok.value in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            return ("cmp", tok.value, left, self.atom())
        if tok.kind == "kw" and tok.value == "in":
            self.take()
            return ("in", left, self.atom())
        if tok.kind == "kw" and tok.value == "not" and self.toks[self.i + 1][:2] == ("kw", "in"):
            self.take()
            self.take()
            return ("not", ("in", left, self.atom()))
        return left

    def atom(self) -> tuple:
        tok = self.take()
        if tok.kind == "num":
            number = float(tok.value)
            return ("lit", int(number) if number.is_integer() and "." not in tok.value else number)
        if tok.kind == "str":
            return ("lit", _ESCAPE.sub(r"\1", tok.value[1:-1]))
        if tok.kind == "name":
            return ("field", tok.value)
        if tok.kind == "kw" and tok.value in ("true", "false"):
            return ("lit", tok.value == "true")
        if tok.kind == "op" and tok.value in ("(", "["):
            close = ")" if tok.value == "(" else "]"
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise ExprError("the condition is nested too deeply")
            if tok.value == "[" or self._is_tuple():
                items = []
                while self.peek().value != close:
                    items.append(self.atom())
                    if self.peek().value == ",":
                        self.take()
                    elif self.peek().value != close:
                        nxt = self.peek()
                        raise ExprError(
                            f"expected ',' or {close!r} at column {nxt.pos + 1}, got {_shown(nxt)}"
                        )
                self.expect(close)
                self.depth -= 1
                return ("list", tuple(items))
            inner = self.or_()
            self.expect(")")
            self.depth -= 1
            return inner
        what = "the end" if tok.kind == "end" else _shown(tok)
        raise ExprError(
            f"expected a field, a number or a quoted text at column {tok.pos + 1}, got {what}"
        )

    def _is_tuple(self) -> bool:
        """After '(': a list of values like ("a", "b") rather than a bracketed condition."""
        depth = 0
        for tok in self.toks[self.i :]:
            if tok.value in ("(", "[") and tok.kind == "op":
                depth += 1
            elif tok.value in (")", "]") and tok.kind == "op":
                if depth == 0:
                    return False
                depth -= 1
            elif tok.value == "," and depth == 0:
                return True
            elif tok.kind == "end":
                return False
        return False


def _shown(tok: _Tok) -> str:
    return "the end" if tok.kind == "end" else repr(tok.value)


@lru_cache(maxsize=4096)
def parse(text: str) -> Condition:
    """Parse a condition; an ExprError says what is wrong and where."""
    if not isinstance(text, str) or not text.strip():
        raise ExprError("the condition is empty")
    if len(text) > MAX_LENGTH:
        raise ExprError(f"the condition is longer than {MAX_LENGTH} characters")
    tree = _Parser(text).parse()
    fields: list[str] = []
    _collect(tree, fields)
    return Condition(text, tree, tuple(dict.fromkeys(fields)))


def _collect(tree: tuple, out: list[str]) -> None:
    if tree[0] == "field":
        out.append(tree[1])
    elif tree[0] == "list":
        for item in tree[1]:
            _collect(item, out)
    elif tree[0] != "lit":
        for part in tree[1:]:
            if isinstance(part, tuple):
                _collect(part, out)


def _truthy(value: object) -> bool:
    if isinstance(value, str):
        return bool(value.strip())
    return bool(value)


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip().replace(",", ".").replace("\u2212", "-"))
        except ValueError:
            return None
    return None


def _equal(a: object, b: object) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return _truthy(a) == _truthy(b)
    na, nb = _number(a), _number(b)
    if (
        na is not None
        and nb is not None
        and (isinstance(a, int | float) or isinstance(b, int | float))
    ):
        return na == nb
    if a is None or b is None:
        return (a in (None, "")) and (b in (None, ""))
    return str(a) == str(b)


def _eval(tree: tuple, lookup: Callable[[str], object]) -> object:
    kind = tree[0]
    if kind == "lit":
        return tree[1]
    if kind == "field":
        return lookup(tree[1])
    if kind == "list":
        return [_eval(t, lookup) for t in tree[1]]
    if kind == "not":
        return not _truthy(_eval(tree[1], lookup))
    if kind == "and":
        return _truthy(_eval(tree[1], lookup)) and _truthy(_eval(tree[2], lookup))
    if kind == "or":
        return _truthy(_eval(tree[1], lookup)) or _truthy(_eval(tree[2], lookup))
    if kind == "in":
        needle, hay = _eval(tree[1], lookup), _eval(tree[2], lookup)
        if isinstance(hay, list | tuple):
            return any(_equal(needle, h) for h in hay)
        if isinstance(hay, str):
            return str(needle) in hay if needle is not None else False
        return False
    if kind == "cmp":
        op, a, b = tree[1], _eval(tree[2], lookup), _eval(tree[3], lookup)
        if op == "==":
            return _equal(a, b)
        if op == "!=":
            return not _equal(a, b)
        na, nb = _number(a), _number(b)
        if na is None or nb is None:
            raise PapirnaError(f"{op!r} compares numbers, got {a!r} and {b!r}")
        return {"<": na < nb, "<=": na <= nb, ">": na > nb, ">=": na >= nb}[op]
    raise AssertionError(kind)  # pragma: no cover - the parser makes no other nodes
