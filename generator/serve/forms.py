"""HTML forms generated from a game's sheet definition: its pydantic sheet model and the blank
sheet of `papirna score GAME --template` (the same file): one definition, no second copy.

The template gives the fields shown, their order, their first values and their labels (its
comments, in the page's language); the model gives each field's type and bounds. A pack may add
`score-form-LANG.yaml` beside the template: the words a player reads on the form, where the
template's comments speak of YAML (keys, true/false). Its keys are the template's, dotted for
nested values without list positions (`fights.visited`); a value is a control's label, or for a
top-level key a mapping of `label`, `hint`, `control` (the text of its only checkbox) and
`choices` (a word for each choice's value).
"""

from __future__ import annotations

import copy
import difflib
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel

from generator.content.yamlio import YamlDoc, load_yaml_file

# fields every sheet form leaves to the server: the player's name and the labels' language
SET_BY_SERVER = ("player", "lang")
MAX_FIELDS = 400  # a sheet definition this large is refused rather than rendered


@dataclass
class Widget:
    """One form control: where its value lives in the sheet's data and how it is typed."""

    name: str  # the form field's name: the data path, dotted ("fights.0.range")
    path: tuple
    kind: str  # check, number, text, choice or list (comma-separated)
    label: str
    row: str = ""  # the heading of its row ("1" for the first fight), or ""
    default: object = None
    choices: tuple = ()
    optional: bool = False
    lo: int | None = None
    hi: int | None = None
    all_or_none: tuple | None = None  # the path of an optional mapping that is blank as a whole
    choice_words: dict = field(default_factory=dict)  # a choice's value -> the word shown for it
    worded: bool = False  # the label comes from the form's words, not from the sheet's keys

    @property
    def key(self) -> str:
        """The dotted key of the value without list positions ("fights.levels.warrior")."""
        return ".".join(str(p) for p in self.path if not isinstance(p, int))


@dataclass
class Group:
    """One line of the template (a top-level key) with its label, hint and controls."""

    key: str
    label: str
    hint: str
    widgets: list[Widget] = field(default_factory=list)
    worded: bool = True  # the label comes from the template's comment or the form's words

    def rows(self) -> list[tuple[str, list[Widget]]]:
        """The controls by their row heading, in order."""
        out: list[tuple[str, list[Widget]]] = []
        for w in self.widgets:
            if out and out[-1][0] == w.row:
                out[-1][1].append(w)
            else:
                out.append((w.row, [w]))
        return out


@dataclass
class Form:
    """The whole sheet form of one game in one language."""

    groups: list[Group]
    sample: dict  # the template's data: a new sheet's first values

    def widgets(self) -> list[Widget]:
        """Every control of the form."""
        return [w for g in self.groups for w in g.widgets]


def _bounds(meta: list) -> tuple[int | None, int | None, int | None, int | None]:
    lo = hi = min_len = max_len = None
    for m in meta:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
        min_len = getattr(m, "min_length", min_len)
        max_len = getattr(m, "max_length", max_len)
    return lo, hi, min_len, max_len


def _is_model(t: object) -> bool:
    return isinstance(t, type) and issubclass(t, BaseModel)


def _humane(key: str) -> str:
    return str(key).replace("_", " ")


def _walk(
    t: object,
    path: tuple,
    sample: object,
    meta: list,
    label: str,
    row: str,
    optional: bool = False,
    whole: tuple | None = None,
    default: object = None,
) -> list[Widget]:
    """The controls of a value of type `t` at `path`. `sample` (the template's value) gives only
    the shape (how many items a list shows); `default` is the model's, shown when a sheet's data
    lacks the value."""
    origin = typing.get_origin(t)
    if origin is typing.Annotated:
        base, *extra = typing.get_args(t)
        inner_meta = [m for e in extra for m in (getattr(e, "metadata", None) or [e])]
        return _walk(base, path, sample, meta + inner_meta, label, row, optional, whole, default)
    name = ".".join(str(p) for p in path)
    lo, hi, min_len, max_len = _bounds(meta)

    def widget(kind: str, **kw) -> list[Widget]:
        return [
            Widget(
                name, path, kind, label, row, default, optional=optional, all_or_none=whole, **kw
            )
        ]

    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(t) if a is not type(None)]
        optional = optional or len(options) < len(typing.get_args(t))
        if len(options) == 1:
            opt_whole = whole
            inner = typing.get_origin(options[0])
            if optional and (inner is dict or _is_model(options[0])):
                opt_whole = whole or path  # an optional mapping: blank as a whole, or given
            return _walk(options[0], path, sample, meta, label, row, optional, opt_whole, default)
        return widget("text")  # a card id or a number, say
    if t is bool:
        return widget("check")
    if t is int:
        return widget("number", lo=lo, hi=hi)
    if t is str:
        return widget("text")
    if origin is typing.Literal:
        return widget("choice", choices=tuple(str(a) for a in typing.get_args(t)))
    if origin is dict:
        key_t, value_t = typing.get_args(t)
        if typing.get_origin(key_t) is typing.Literal:
            given = sample if isinstance(sample, dict) else {}
            out = []
            for k in typing.get_args(key_t):
                sub = f"{label} {_humane(k)}" if label else _humane(k)
                out += _walk(value_t, (*path, k), given.get(k), [], sub, row, optional, whole)
            return out
        return widget("list")
    if origin is list:
        (item_t,) = typing.get_args(t) or (object,)
        given = sample if isinstance(sample, list) else []
        count = min_len if min_len is not None and min_len == max_len else None
        inner = typing.get_origin(item_t)
        scalar = item_t is int or (inner is typing.Annotated and typing.get_args(item_t)[0] is int)
        if _is_model(item_t) and count:
            out = []
            for i in range(count):
                item = given[i] if i < len(given) else {}
                out += _walk(item_t, (*path, i), item, [], "", f"{i + 1}", optional, whole)
            return out
        if scalar and given:
            out = []
            for i, v in enumerate(given):
                out += _walk(item_t, (*path, i), v, [], f"{i + 1}", row, optional, whole)
            return out
        return widget("list")
    if _is_model(t):
        given = sample if isinstance(sample, dict) else {}
        out = []
        for k, f in t.model_fields.items():
            value = None if f.is_required() else f.get_default(call_default_factory=True)
            sub_label = _humane(k) if not label else f"{label} {_humane(k)}"
            out += _walk(
                f.annotation,
                (*path, k),
                given.get(k),
                list(f.metadata),
                sub_label,
                row,
                optional,
                whole,
                value,
            )
        return out
    return widget("text")


def comments(text: str) -> dict[str, tuple[str, str]]:
    """(label, hint) of each top-level key of a template: the label is the comment on the key's
    line (with the lines below continuing it at the same column), the hint the other comments
    below it up to the next key. A commented-out key (`# monsters: ...`) ends the key before."""
    found: dict[str, list[list[str]]] = {}
    key, column = None, -1
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z_][\w-]*):", line)
        if m:
            key, column = m.group(1), line.find("#")
            found[key] = [[], []]
        elif re.match(r"^#\s*[A-Za-z_][\w-]*:", line):
            key = None
        if key is None or "#" not in line:
            continue
        note = line.split("#", 1)[1].strip()
        if note:
            same = line.find("#") == column and (m or not line[:column].strip())
            found[key][0 if same and not found[key][1] else 1].append(note)
    return {k: (" ".join(a), " ".join(b)) for k, (a, b) in found.items()}


def form_words(path: Path | None) -> YamlDoc | None:
    """The form's own words (`score-form-LANG.yaml`), or None where the pack has none."""
    if path is None or not path.is_file():
        return None
    doc = load_yaml_file(path)
    if not isinstance(doc.data, dict):
        raise doc.error((), "the form's words must be a mapping of the sheet's keys to labels")
    for key, value in doc.data.items():
        if isinstance(value, dict) and "." not in str(key):
            for sub in value:
                if sub not in WORD_KEYS:
                    near = difflib.get_close_matches(str(sub), WORD_KEYS, 1)
                    hint = f" (did you mean {near[0]!r}?)" if near else ""
                    raise doc.error((key, sub), f"unknown key {sub!r}{hint}", key=True)
        elif not isinstance(value, str):
            raise doc.error((key,), "a label must be a text (a nested key takes a label only)")
    return doc


WORD_KEYS = ("label", "hint", "control", "choices")


def _apply_words(groups: list[Group], doc: YamlDoc) -> None:
    words: dict = doc.data  # type: ignore[assignment]
    keys = sorted({g.key for g in groups} | {w.key for g in groups for w in g.widgets})
    for key in words:
        if key not in keys:
            near = difflib.get_close_matches(str(key), keys, 1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise doc.error((key,), f"the sheet has no {key!r}{hint}", key=True)
    for g in groups:
        own = words.get(g.key)
        own = {"label": own} if isinstance(own, str) else (own or {})
        g.label = str(own.get("label", g.label))
        g.worded = g.worded or "label" in own
        g.hint = str(own.get("hint", g.hint))
        for w in g.widgets:
            said = words.get(w.key)
            if isinstance(said, str) and w.key != g.key:
                w.label, w.worded = said, True
            if w.key == g.key and "control" in own:
                w.label, w.worded = str(own["control"]), True
            if w.kind == "choice" and w.key == g.key:
                w.choice_words = {str(k): str(v) for k, v in (own.get("choices") or {}).items()}


_YAML_SPEAK = re.compile(r"\b(true|false|null)\b|\b[a-z_]+: |[{}\[\]]|\bid\b")


def untranslated(form: Form) -> list[str]:
    """What a player would read on the form that is the sheet's YAML, not words: a label that is
    only a key ("visited"), a choice shown by its value, or true/false/null and keys in a text."""
    out = []
    for g in form.groups:
        for text, what in ((g.label, "label"), (g.hint, "hint")):
            if _YAML_SPEAK.search(text):
                out.append(f"{g.key}: the {what} speaks YAML: {text!r}")
        if not g.worded:
            out.append(f"{g.key}: the label is the key")
        for w in g.widgets:
            parts = [str(p) for p in w.path if not isinstance(p, int)]
            keyish = {" ".join(_humane(p) for p in parts[i:]) for i in range(len(parts))}
            seen = w.kind == "check" or len(g.widgets) > 1
            if seen and not w.worded and w.label in keyish:
                out.append(f"{w.key}: the label is the key {w.label!r}")
            for c in w.choices:
                if c not in w.choice_words:
                    out.append(f"{w.key}: the choice {c!r} has no word")
    return out


def build(model: type, template: Path | None, words: YamlDoc | None = None) -> Form:
    """The form of a sheet model, with the template's fields, order, first values and labels,
    and the form's own `words` (see form_words) over the template's comments."""
    text = template.read_text(encoding="utf-8") if template and template.is_file() else ""
    sample = yaml.safe_load(text) if text else None
    if not isinstance(sample, dict):
        sample = {
            k: f.get_default(call_default_factory=True)
            for k, f in model.model_fields.items()
            if not f.is_required()
        }
        notes: dict[str, tuple[str, str]] = {}
    else:
        notes = comments(text)
    groups = []
    keys = [k for k in sample if k in model.model_fields] or list(model.model_fields)
    for key in keys:
        if key in SET_BY_SERVER:
            continue
        f = model.model_fields[key]
        label, hint = notes.get(key, ("", ""))
        g = Group(key, label or _humane(key), hint, worded=bool(label))
        value = None if f.is_required() else f.get_default(call_default_factory=True)
        g.widgets = _walk(
            f.annotation, (key,), sample.get(key), list(f.metadata), "", "", default=value
        )
        # a control's own label: its key below the group ("warrior"), or the group's label
        for w in g.widgets:
            if not w.label:
                w.label = _humane(key)
        groups.append(g)
    if words is not None:
        _apply_words(groups, words)
    form = Form(groups, sample)
    if len(form.widgets()) > MAX_FIELDS:
        raise ValueError(f"the sheet has more than {MAX_FIELDS} fields")
    return form


_MISSING = object()


def get_path(data: object, path: tuple, default: object = _MISSING) -> object:
    """The value at `path` in nested data, or `default`."""
    for p in path:
        if (isinstance(data, dict) and p in data) or (
            isinstance(data, list) and isinstance(p, int) and 0 <= p < len(data)
        ):
            data = data[p]
        else:
            return default
    return data


def _set_path(data: dict, path: tuple, value: object) -> None:
    node: object = data
    for i, p in enumerate(path[:-1]):
        nxt = path[i + 1]
        if isinstance(node, list):
            while len(node) <= p:
                node.append({} if not isinstance(nxt, int) else [])
            if not isinstance(node[p], dict | list):
                node[p] = {} if not isinstance(nxt, int) else []
            node = node[p]
        else:
            if not isinstance(node.get(p), dict | list):
                node[p] = {} if not isinstance(nxt, int) else []
            node = node[p]
    last = path[-1]
    if isinstance(node, list):
        while len(node) <= last:
            node.append(None)
        node[last] = value
    elif value is _MISSING:
        node.pop(last, None)
    else:
        node[last] = value


def shown(w: Widget, data: dict) -> object:
    """What a control shows for the sheet's data: its value, else the template's."""
    v = get_path(data, w.path)
    if v is _MISSING:
        v = w.default
    if w.kind == "check":
        return v is True
    if w.kind == "list":
        return ", ".join(str(x) for x in v) if isinstance(v, list) else ""
    return "" if v is None else str(v)


def _number(text: str) -> object:
    t = text.strip().replace("−", "-")
    return int(t) if re.fullmatch(r"-?\d{1,9}", t) else text.strip()


def from_form(form: Form, values: typing.Mapping[str, str], data: dict) -> dict:
    """The sheet's data with the posted form's values put in (keys the form lacks are kept).

    A checkbox left out of the post is unticked; a blank optional field is left out (None);
    an optional mapping left blank as a whole is left out; a list is typed comma-separated.
    """
    out = copy.deepcopy(data)
    blank_wholes: dict[tuple, bool] = {}
    for w in form.widgets():
        raw = values.get(w.name)
        if w.kind == "check":
            value: object = raw is not None and raw not in ("", "0", "off", "false")
        else:
            text = (raw or "").strip()
            if w.all_or_none is not None:
                blank_wholes[w.all_or_none] = blank_wholes.get(w.all_or_none, True) and not text
            if not text:
                value = None if w.optional and w.kind == "text" else _MISSING
                if w.kind == "text" and not w.optional:
                    value = ""
            elif w.kind == "number":
                value = _number(text)
            elif w.kind == "list":
                value = [_number(x) for x in text.split(",") if x.strip()]
            else:
                value = _number(text) if w.kind == "text" and w.optional else text
        _set_path(out, w.path, value)
    for whole, blank in blank_wholes.items():
        if blank:
            _set_path(out, whole, _MISSING)
    return out
