"""YAML loading: values with their positions, safe limits, and one-line errors naming file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content import yamlio
from generator.content.yamlio import format_path, load_yaml_file, load_yaml_text
from generator.errors import PapirnaError


def error_of(text: str, shown: str = "f.yaml") -> str:
    """The one-line error loading `text` gives."""
    with pytest.raises(PapirnaError) as info:
        load_yaml_text(text, shown)
    message = str(info.value)
    assert "\n" not in message
    return message


# ------------------------------------------------------------------------------ positions


def test_marks_record_line_and_column_of_values_and_keys() -> None:
    doc = load_yaml_text("name: Ahoj\nlist:\n  - a\n  - {x: 1, y: [2, 3]}\n", "f.yaml")
    assert doc.data == {"name": "Ahoj", "list": ["a", {"x": 1, "y": [2, 3]}]}
    assert doc.marks[("name",)] == (1, 7)
    assert doc.marks[("list", 0)] == (3, 5)
    assert doc.marks[("list", 1, "x")] == (4, 9)
    assert doc.marks[("list", 1, "y", 1)] == (4, 19)
    assert doc.key_marks[("list", 1, "y")] == (4, 12)
    assert doc.key_marks[("name",)] == (1, 1)


def test_where_falls_back_to_the_nearest_ancestor() -> None:
    doc = load_yaml_text("a:\n  b: 1\n", "f.yaml")
    assert doc.where(("a", "b")) == (2, 6)
    assert doc.where(("a", "missing", 3)) == (2, 3)  # the mapping under `a`
    assert doc.where(("a", "b"), key=True) == (2, 3)
    assert doc.where(("a", "nope"), key=True) == (1, 1)  # no such key: the key holding it


def test_where_of_an_empty_document_is_unknown() -> None:
    doc = load_yaml_text("", "f.yaml")
    assert doc.data is None
    assert doc.where(("x",)) == (None, None)
    assert str(doc.error(("x",), "missing")) == "f.yaml: x: missing"


# ------------------------------------------------------------------------- error formatting


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ((), None),
        (("name",), "name"),
        ((3, "weakness"), "[3].weakness"),
        (("monsters", 3, "weakness"), "monsters[3].weakness"),
        (("printables", "deck", "files", "stats", "file"), "printables.deck.files.stats.file"),
        ((0, 1, 2), "[0][1][2]"),
    ],
)
def test_format_path(path: tuple, expected: str | None) -> None:
    assert format_path(path) == expected


def test_doc_error_names_file_line_column_and_field() -> None:
    doc = load_yaml_text("- id: a\n- id: b\n  weakness: bard\n", "mydeck/cards.yaml")
    err = doc.error((1, "weakness"), "expected one of warrior, wizard, got 'bard'")
    assert str(err) == (
        "mydeck/cards.yaml:3:13: [1].weakness: expected one of warrior, wizard, got 'bard'"
    )
    assert (err.file, err.line, err.column, err.field) == (
        "mydeck/cards.yaml",
        3,
        13,
        "[1].weakness",
    )


def test_doc_error_for_a_key_points_at_the_key() -> None:
    doc = load_yaml_text("name: x\ncolour: red\n", "pack.yaml")
    assert str(doc.error(("colour",), "unknown key", key=True)) == (
        "pack.yaml:2:1: colour: unknown key"
    )
    assert str(doc.error(("colour",), "bad")) == "pack.yaml:2:9: colour: bad"


def test_papirna_error_without_position_or_field() -> None:
    assert str(PapirnaError("boom")) == "boom"
    assert str(PapirnaError("boom", file="a.yaml", column=4)) == "a.yaml: boom"
    assert str(PapirnaError("boom", file="a.yaml", line=2, field="x")) == "a.yaml:2: x: boom"
    assert str(PapirnaError("two\nlines", field="f")) == "f: two lines"


# ---------------------------------------------------------------------------- syntax errors


def test_syntax_error_has_line_and_column() -> None:
    assert error_of("a: b: c\n") == (
        "f.yaml:1:5: invalid YAML: mapping values are not allowed in this context"
    )


def test_unclosed_bracket_points_past_the_end() -> None:
    assert error_of("- title: [unclosed\n").startswith("f.yaml:2:1: invalid YAML: ")


def test_two_documents_are_refused() -> None:
    assert error_of("a: 1\n---\nb: 2\n").startswith("f.yaml:2:1: invalid YAML: ")


def test_undefined_alias() -> None:
    assert error_of("a: *nowhere\n") == "f.yaml:1:4: invalid YAML: found undefined alias"


def test_control_character_has_line_and_column() -> None:
    assert error_of("a: 1\nb: x\x07\n") == (
        "f.yaml:2:5: invalid YAML: control character #x0007 is not allowed"
    )


def test_control_character_column_counts_characters_not_bytes() -> None:
    assert error_of("žluť: \x01\n") == (
        "f.yaml:1:7: invalid YAML: control character #x0001 is not allowed"
    )


def test_lone_surrogate_is_an_error_not_a_crash() -> None:
    assert error_of("a: b\nc: \ud800\n") == "f.yaml:2:4: invalid YAML: text is not valid Unicode"


# ------------------------------------------------------------------------------ values


def test_plain_scalars() -> None:
    doc = load_yaml_text(
        "s: text\ni: 12\nneg: -3\nhex: 0x1F\nf: 1.5\nt: true\nn: null\nq: '12'\neq: =\n", "f.yaml"
    )
    assert doc.data == {
        "s": "text",
        "i": 12,
        "neg": -3,
        "hex": 31,
        "f": 1.5,
        "t": True,
        "n": None,
        "q": "12",
        "eq": "=",
    }


def test_dates_stay_text_as_written() -> None:
    doc = load_yaml_text("day: 2001-12-14\nwhen: 2001-12-14t21:59:43.10-05:00\n", "f.yaml")
    assert doc.data == {"day": "2001-12-14", "when": "2001-12-14t21:59:43.10-05:00"}


def test_keys_are_text_as_written() -> None:
    assert load_yaml_text("1: a\n01: b\n1.5: c\n", "f.yaml").data == {
        "1": "a",
        "01": "b",
        "1.5": "c",
    }


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1.0e+400"])
def test_non_finite_numbers_are_refused(value: str) -> None:
    assert error_of(f"x:\n  y: {value}\n") == "f.yaml:2:6: x.y: numbers must be finite"


@pytest.mark.parametrize("value", ["9999999999999999", "-1000000000000000", "9" * 5000])
def test_huge_whole_numbers_are_refused(value: str) -> None:
    assert error_of(f"- {value}\n") == "f.yaml:1:3: [0]: whole numbers may have at most 15 digits"


def test_largest_whole_number_is_accepted() -> None:
    assert load_yaml_text("- 999999999999999\n- -999999999999999\n").data == [
        999_999_999_999_999,
        -999_999_999_999_999,
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: !!python/object/apply:os.system [echo hi]\n",
            "f.yaml:1:4: a: unsupported YAML tag '!!python/object/apply:os.system'",
        ),
        (
            "a: !!python/object:os.system {}\n",
            "f.yaml:1:4: a: unsupported YAML tag '!!python/object:os.system'",
        ),
        (
            "a: !!python/name:os.system\n",
            "f.yaml:1:4: a: unsupported YAML tag '!!python/name:os.system'",
        ),
        ("a: !!binary aGVsbG8=\n", "f.yaml:1:4: a: unsupported YAML tag '!!binary'"),
        ("a: !!set {x, y}\n", "f.yaml:1:4: a: unsupported YAML tag '!!set'"),
        ("a: !!omap [b: 1]\n", "f.yaml:1:4: a: unsupported YAML tag '!!omap'"),
        ("a: !custom x\n", "f.yaml:1:4: a: unsupported YAML tag '!custom'"),
        ("a: !!str [1]\n", "f.yaml:1:4: a: unsupported YAML tag '!!str'"),
        ("a: !!seq {}\n", "f.yaml:1:4: a: unsupported YAML tag '!!seq'"),
        ("!!binary eA==: 1\n", "f.yaml:1:1: unsupported YAML tag '!!binary'"),
    ],
)
def test_tags_other_than_plain_data_are_refused(text: str, expected: str) -> None:
    assert error_of(text) == expected


@pytest.mark.parametrize(
    ("value", "tag"), [("nope", "!!int"), ("x", "!!float"), ("maybe", "!!bool")]
)
def test_explicit_tag_with_a_wrong_value(value: str, tag: str) -> None:
    assert error_of(f"a: {tag} {value}\n") == f"f.yaml:1:4: a: '{value}' is not a valid {tag} value"


def test_explicit_str_tag_keeps_text() -> None:
    assert load_yaml_text("a: !!str 12\n").data == {"a": "12"}


# ---------------------------------------------------------------------------------- keys


def test_duplicate_key_points_at_the_second_one() -> None:
    assert error_of("a: 1\nb: 2\na: 3\n") == "f.yaml:3:1: a: duplicate key 'a'"


@pytest.mark.parametrize("key", ["null", "~", "true", "no"])
def test_null_and_boolean_keys_are_refused(key: str) -> None:
    assert error_of(f"x: 1\n{key}: 2\n") == f"f.yaml:2:1: key '{key}' must be plain text"


def test_complex_keys_are_refused() -> None:
    assert error_of("? [a, b]\n: 1\n") == "f.yaml:1:3: mapping keys must be plain text"


# ---------------------------------------------------------------------- anchors and merges


def test_anchors_aliases_and_merge_keys() -> None:
    doc = load_yaml_text("base: &b {x: 1, y: 2}\nuse: {<<: *b, y: 3}\nsame: *b\n", "f.yaml")
    assert doc.data == {"base": {"x": 1, "y": 2}, "use": {"x": 1, "y": 3}, "same": {"x": 1, "y": 2}}


def test_merge_of_a_list_of_mappings_first_one_wins() -> None:
    doc = load_yaml_text("a: &a {k: 1}\nb: &b {k: 2, m: 3}\nc: {<<: [*a, *b]}\n")
    assert doc.data["c"] == {"k": 1, "m": 3}


def test_merge_of_a_scalar_is_refused() -> None:
    assert error_of("<<: 5\n") == "f.yaml:1:5: '<<' must merge a mapping"


def test_recursive_alias_stops_at_the_depth_limit() -> None:
    assert (
        error_of("a: &x [*x]\n") == "f.yaml:1:4: nesting deeper than 64 levels (recursive alias?)"
    )


def test_alias_bomb_stops_at_the_node_limit() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdef", "bcdefg", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    message = error_of("\n".join(lines) + "\n")
    assert message.startswith("f.yaml:")
    assert message.endswith("document expands to more than 200000 values (alias bomb?)")


# ---------------------------------------------------------------------------------- files


def test_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(PapirnaError) as info:
        load_yaml_file(tmp_path / "nope.yaml", "nope.yaml")
    assert str(info.value) == "nope.yaml: file not found"


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(PapirnaError) as info:
        load_yaml_file(tmp_path, "dir")
    assert str(info.value) == "dir: not a file"


def test_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(PapirnaError) as info:
        load_yaml_file(tmp_path / "a.yaml", "a.yaml")
    assert str(info.value) == "a.yaml: not UTF-8 text (byte 8)"


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_bytes("\ufeffa: Žluť\n".encode())
    assert load_yaml_file(tmp_path / "a.yaml").data == {"a": "Žluť"}


def test_file_over_the_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 10)
    (tmp_path / "a.yaml").write_text("a: 123456789\n", encoding="utf-8")
    with pytest.raises(PapirnaError) as info:
        load_yaml_file(tmp_path / "a.yaml", "a.yaml")
    assert str(info.value) == "a.yaml: file is 13 bytes, larger than the 10 byte limit"


def test_shown_name_is_relative_to_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.yaml").write_text("a: [\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PapirnaError) as info:
        load_yaml_file(tmp_path / "sub" / "a.yaml")
    assert str(info.value).startswith("sub/a.yaml:2:1: invalid YAML: ")
