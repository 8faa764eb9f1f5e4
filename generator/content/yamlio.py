"""Safe YAML loading that remembers where every value came from."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.errors import PapirnaError

if TYPE_CHECKING:
    import yaml


@cache
def _pyyaml() -> tuple[Any, Any, bool]:
    """PyYAML, its safe loader and whether that loader counts positions in UTF-8 bytes.

    Imported at the first load, not with this module: scoring a photo needs no YAML.
    """
    import yaml

    try:  # the C loader is much faster; fall back where libyaml is missing
        from yaml import CSafeLoader

        return yaml, CSafeLoader, True  # libyaml counts reader positions in UTF-8 bytes
    except ImportError:  # pragma: no cover - depends on the platform's PyYAML build
        return yaml, yaml.SafeLoader, False


MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_NODES = 200_000
MAX_DEPTH = 64

PathKey = tuple[str | int, ...]


@dataclass
class YamlDoc:
    """Plain data loaded from YAML, with the line and column of every value and key."""

    file: str
    data: object
    marks: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: PathKey, *, key: bool = False) -> tuple[int | None, int | None]:
        """Return (line, column) of the value at `path`, or of its nearest ancestor."""
        table = self.key_marks if key else self.marks
        p = tuple(path)
        while True:
            if p in table:
                return table[p]
            if key and p in self.marks:
                return self.marks[p]
            if not p:
                return (None, None)
            p = p[:-1]

    def error(self, path: PathKey, message: str, *, key: bool = False) -> PapirnaError:
        """Build a PapirnaError pointing at `path` in this file."""
        line, col = self.where(path, key=key)
        return PapirnaError(message, file=self.file, line=line, column=col, field=format_path(path))


def format_path(path: PathKey) -> str | None:
    """Spell a path as YAML authors read it: monsters[3].weakness."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or None


def display_path(path: Path) -> str:
    """Show a path relative to the working directory when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_yaml_file(path: Path, shown: str | None = None) -> YamlDoc:
    """Load one YAML file safely, with size, alias and depth limits."""
    shown = shown or display_path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise PapirnaError("file not found", file=shown) from None
    except OSError as e:
        raise PapirnaError(f"cannot read file: {e.strerror}", file=shown) from None
    if not path.is_file():
        raise PapirnaError("not a file", file=shown)
    if size > MAX_FILE_BYTES:
        raise PapirnaError(
            f"file is {size} bytes, larger than the {MAX_FILE_BYTES} byte limit", file=shown
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise PapirnaError(f"not UTF-8 text (byte {e.start})", file=shown) from None
    return load_yaml_text(text, shown)


def load_yaml_text(text: str, shown: str = "<string>") -> YamlDoc:
    """Load YAML text safely into a YamlDoc."""
    if len(text) > MAX_FILE_BYTES:
        raise PapirnaError("text is larger than the size limit", file=shown)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:  # a lone surrogate in text that did not come from a file
        line, col = _line_col(text, e.start)
        raise PapirnaError(
            "invalid YAML: text is not valid Unicode", file=shown, line=line, column=col
        ) from None
    yaml, safe_loader, byte_positions = _pyyaml()
    loader = safe_loader(text)
    try:
        node = loader.get_single_node()
    except yaml.reader.ReaderError as e:
        at = len(text.encode("utf-8")[: e.position].decode("utf-8", "ignore"))
        line, col = _line_col(text, at if byte_positions else e.position)
        what = "control character" if e.character < 0x20 or e.character == 0x7F else "character"
        raise PapirnaError(
            f"invalid YAML: {what} #x{e.character:04x} is not allowed",
            file=shown,
            line=line,
            column=col,
        ) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = e.problem or e.context or "invalid YAML"
        if e.context and e.problem:
            problem = f"{e.context}: {e.problem}" if "while" not in e.context else e.problem
        raise PapirnaError(
            f"invalid YAML: {problem}",
            file=shown,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as e:
        raise PapirnaError(f"invalid YAML: {e}", file=shown) from None
    finally:
        loader.dispose()
    doc = YamlDoc(file=shown, data=None)
    if node is None:
        return doc
    builder = _Builder(doc, loader)
    doc.data = builder.build(node, (), 0)
    return doc


def _line_col(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of a character offset in `text`."""
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


_TAG = "tag:yaml.org,2002:"
# Scalars become text, whole numbers, finite numbers, true/false or null; nothing else is built.
_AS_TEXT = {_TAG + "str", _TAG + "timestamp", _TAG + "value"}  # dates stay as written
MAX_DIGITS = 15


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Builder:
    """Turns a composed node graph into plain data, counting nodes so alias bombs stop early."""

    def __init__(self, doc: YamlDoc, loader: yaml.BaseLoader) -> None:
        self.doc = doc
        self.loader = loader
        self.count = 0
        self.yaml = _pyyaml()[0]

    def _mark(self, node: yaml.Node) -> tuple[int, int]:
        return (node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node, path: PathKey, depth: int) -> object:
        self.count += 1
        if self.count > MAX_NODES:
            line, col = self._mark(node)
            raise PapirnaError(
                f"document expands to more than {MAX_NODES} values (alias bomb?)",
                file=self.doc.file,
                line=line,
                column=col,
            )
        if depth > MAX_DEPTH:
            line, col = self._mark(node)
            raise PapirnaError(
                f"nesting deeper than {MAX_DEPTH} levels (recursive alias?)",
                file=self.doc.file,
                line=line,
                column=col,
            )
        self.doc.marks[path] = self._mark(node)
        if isinstance(node, self.yaml.ScalarNode):
            return self._scalar(node, path)
        if isinstance(node, self.yaml.SequenceNode):
            if node.tag != _TAG + "seq":
                raise self._at(node, path, f"unsupported YAML tag {_tag_name(node.tag)!r}")
            return [self.build(child, (*path, i), depth + 1) for i, child in enumerate(node.value)]
        if isinstance(node, self.yaml.MappingNode):
            if node.tag != _TAG + "map":
                raise self._at(node, path, f"unsupported YAML tag {_tag_name(node.tag)!r}")
            out: dict[str, object] = {}
            for key_node, value_node in self._pairs(node, path):
                if not isinstance(key_node, self.yaml.ScalarNode):
                    raise self._at(key_node, path, "mapping keys must be plain text")
                if key_node.tag in (_TAG + "bool", _TAG + "null"):
                    raise self._at(key_node, path, f"key {key_node.value!r} must be plain text")
                if key_node.tag not in _AS_TEXT and key_node.tag not in (
                    _TAG + "int",
                    _TAG + "float",
                ):
                    raise self._at(
                        key_node, path, f"unsupported YAML tag {_tag_name(key_node.tag)!r}"
                    )
                key = key_node.value  # keys are text as written: `01:` stays '01'
                if key in out:
                    raise self._at(key_node, (*path, key), f"duplicate key {key!r}")
                self.doc.key_marks[(*path, key)] = self._mark(key_node)
                out[key] = self.build(value_node, (*path, key), depth + 1)
            return out
        raise self._at(node, path, "unsupported YAML node")  # pragma: no cover

    def _pairs(self, node: yaml.MappingNode, path: PathKey) -> list[tuple[yaml.Node, yaml.Node]]:
        """Expand '<<' merge keys: explicit keys win over merged ones."""
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        own: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                sources = (
                    value_node.value
                    if isinstance(value_node, self.yaml.SequenceNode)
                    else [value_node]
                )
                for src in sources:
                    if not isinstance(src, self.yaml.MappingNode):
                        raise self._at(src, path, "'<<' must merge a mapping")
                    self.count += len(src.value)
                    for pair in self._pairs(src, path):
                        merged.append(pair)
            else:
                own.append((key_node, value_node))
        own_keys = {k.value for k, _ in own if isinstance(k, self.yaml.ScalarNode)}
        result = []
        seen: set[str] = set()
        for k, v in merged:
            if k.value in own_keys or k.value in seen:
                continue
            seen.add(k.value)
            result.append((k, v))
        return result + own

    def _scalar(self, node: yaml.ScalarNode, path: PathKey) -> object:
        """A scalar as text, a whole number, a finite number, true/false or null."""
        tag = node.tag
        if tag in _AS_TEXT:
            return node.value
        if tag not in {_TAG + t for t in ("int", "float", "bool", "null")}:
            raise self._at(node, path, f"unsupported YAML tag {_tag_name(tag)!r}")
        if tag == _TAG + "int" and len(node.value) > 4 * MAX_DIGITS:
            raise self._at(node, path, f"whole numbers may have at most {MAX_DIGITS} digits")
        try:
            value = self.loader.construct_object(node, deep=True)
        except (self.yaml.YAMLError, ValueError, KeyError, OverflowError):
            raise self._at(
                node, path, f"{node.value!r} is not a valid {_tag_name(tag)} value"
            ) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise self._at(node, path, "numbers must be finite")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
            raise self._at(node, path, f"whole numbers may have at most {MAX_DIGITS} digits")
        return value

    def _at(self, node: yaml.Node, path: PathKey, message: str) -> PapirnaError:
        line, col = self._mark(node)
        return PapirnaError(
            message, file=self.doc.file, line=line, column=col, field=format_path(path)
        )
