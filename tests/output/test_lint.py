"""`papirna lint`: each kind of defect planted on a page is reported; declared overlaps are not."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.layout.ops import EllipseOp, LineOp, Page, RectOp, Style, TagOp, TextOp
from generator.output.lint import lint_pages
from generator.render.metrics import ReportlabMetrics

runner = CliRunner()
METRICS = ReportlabMetrics()
THIN = Style(width=0.25)


def _lint(ops: list, margin: float = 0.0) -> list[str]:
    page = Page(210.0, 297.0, ops)
    return [f.line() for f in lint_pages([page], "t.pdf", METRICS, margin)]


def test_two_overlapping_text_boxes_are_reported_by_name() -> None:
    found = _lint(
        [
            TagOp("title"),
            TextOp(20.0, 30.0, "Železná Brána", "sans-bold", 12),
            TagOp("subtitle"),
            TextOp(25.0, 31.0, "Dubová Lhota", "sans-regular", 9),
        ]
    )
    assert len(found) == 1
    assert "subtitle (text 'Dubová Lhota') overlaps title (text 'Železná Brána')" in found[0]
    assert found[0].startswith("t.pdf: page 1: ")


def test_a_mark_2mm_from_the_paper_edge_is_reported() -> None:
    mark = [LineOp(20.0, 2.0, 25.0, 2.0, Style(width=0.2))]
    found = _lint(mark, margin=5.0)
    assert len(found) == 1 and "1.9 mm from the paper edge" in found[0], found  # 2 - 0.1 stroke
    assert _lint(mark, margin=0.0) == []  # a print shop's sheet has no dead zone


def test_v_at_a_line_end_is_reported() -> None:
    # two lines of one text box, the first ending with "v" (the engine would never set this)
    lines = [
        TagOp("rules"),
        TextOp(20.0, 50.0, "Hrdina stojí v", "sans-regular", 9),
        TextOp(20.0, 54.0, "lese a čeká.", "sans-regular", 9),
    ]
    found = _lint(lines)
    assert len(found) == 1 and "line ends with the one-letter word 'v'" in found[0], found
    # the same words with "v" moved down are clean
    fixed = [*lines[:1], lines[1]._replace(text="Hrdina stojí"), lines[2]._replace(text="v lese")]
    assert _lint(fixed) == []


def test_text_too_close_to_its_frame() -> None:
    # 9pt "Mapa": ink from 0.76 * 9pt = 2.4 mm above the baseline; the frame's top edge is
    # 0.5 mm above that
    ops = [
        TagOp("frame"),
        RectOp(10.0, 40.0 - 2.41 - 0.5, 60.0, 20.0, THIN),
        TagOp("label"),
        TextOp(20.0, 40.0, "Mapa", "sans-regular", 9),
    ]
    found = _lint(ops)
    assert len(found) == 1 and "label (text 'Mapa') is closer than 0.8 mm to frame" in found[0]
    ops[1] = ops[1]._replace(y=40.0 - 2.41 - 1.2)  # 1.2 mm: clear
    assert _lint(ops) == []


def test_a_circle_on_a_grid_line_is_reported() -> None:
    grid = [TagOp("plan", grid=True)] + [
        LineOp(10.0 + 8 * i, 10.0, 10.0 + 8 * i, 90.0, THIN) for i in range(6)
    ]
    on_line = [TagOp("treasure"), EllipseOp(26.0, 30.0, 2.0, 2.0, THIN)]  # centred on x = 26
    found = _lint(grid + on_line)
    assert len(found) == 1 and "treasure (ring r=2.0mm) crosses a grid line of plan" in found[0]
    inside = [TagOp("treasure"), EllipseOp(30.0, 30.0, 2.0, 2.0, THIN)]  # mid-cell: 4 mm free
    assert _lint(grid + inside) == []


def test_declared_overlaps_are_allowed() -> None:
    badge = [TagOp("badge"), EllipseOp(50.0, 50.0, 3.0, 3.0, THIN)]
    text = TextOp(47.0, 51.0, "Velký drak", "sans-regular", 8)  # runs through the ring
    assert len(_lint([*badge, TagOp("name"), text])) == 1
    assert _lint([*badge, TagOp("name", over=("badge",)), text]) == []
    assert _lint([*badge, TagOp("name", layered=True), text]) == []
    assert _lint([TagOp("badge"), badge[1], text]) == []  # one element


def _pack(root: Path, note_y: str) -> Path:
    (root / "layouts" / "t").mkdir(parents=True)
    (root / "pack.yaml").write_text(
        "name: Lint\nlanguages: [cs]\nprintables:\n"
        "  d: {kind: deck, title: Karty, cards: c.yaml, layout: t/card}\n",
        encoding="utf-8",
    )
    (root / "c.yaml").write_text("- title: Drak\n  note: Pozor na oheň\n", encoding="utf-8")
    (root / "layouts" / "t" / "card.yaml").write_text(
        "extends: cards/poker\nboxes:\n"
        "  title: {type: text, x: 6mm, y: 6mm, width: 50mm, height: 10mm, text: '{title}', "
        "size: 14pt}\n"
        f"  note: {{type: text, x: 6mm, y: {note_y}, width: 50mm, height: 10mm, "
        "text: '{note}', size: 14pt}\n",
        encoding="utf-8",
    )
    return root


def test_cli_exit_codes_and_one_line_per_finding(tmp_path: Path) -> None:
    clean = _pack(tmp_path / "clean", "30mm")
    ok = runner.invoke(app, ["lint", "clean", "--content", str(clean), "--paper", "a4"])
    assert ok.exit_code == 0, ok.stdout + ok.stderr
    bad = _pack(tmp_path / "bad", "8mm")  # 2 mm under the title's top: the texts overlap
    out = runner.invoke(app, ["lint", "bad", "--content", str(bad), "--paper", "a4"])
    assert out.exit_code == 1
    lines = out.stdout.splitlines()
    assert lines and all(line.startswith("bad-d-cs-a4.pdf: page 1: ") for line in lines)
    assert any("note (text 'Pozor na oheň') overlaps title (text 'Drak')" in x for x in lines)
    assert all(line.endswith(" mm") for line in lines)
    assert f"{len(lines)} findings in 1 of 1 files" in out.stderr


def test_a_filled_panel_hides_the_lines_drawn_under_it() -> None:
    # a table rule, then a filled legend panel over it, then the legend's text on the panel:
    # the rule is painted over where the text is, so they do not collide
    rule = LineOp(10.0, 49.5, 100.0, 49.5, THIN)
    panel = RectOp(40.0, 45.0, 50.0, 10.0, Style(fill=(1.0, 1.0, 1.0), stroke=None))
    text = TextOp(45.0, 50.5, "výzbroj nepřítele 2", "sans-regular", 8)
    assert len(_lint([TagOp("table"), rule, TagOp("legend text"), text])) == 1
    assert _lint([TagOp("table"), rule, TagOp("legend"), panel, TagOp("legend text"), text]) == []


def test_printer_margin_option() -> None:
    from generator.cli.printing import options
    from generator.errors import PapirnaError

    assert options("long", None, None, None, False, None, False).printer_margin == 5.0
    assert options("long", None, None, None, False, None, False, "0").printer_margin == 0.0
    assert options("long", None, None, None, False, None, False, "0.25in").printer_margin == 6.35
    for bad in ("-1mm", "25mm", "five"):
        try:
            options("long", None, None, None, False, None, False, bad)
        except PapirnaError as e:
            assert "--printer-margin" in str(e)
        else:
            raise AssertionError(bad)


def test_straight_signs_the_text_engine_would_have_set_are_reported() -> None:
    # planted: text set past the typesetter, with a straight apostrophe, quotes and a hyphen minus
    for text, what in (
        ("the hero's sword", "straight apostrophe"),
        ('řekni "ahoj"', "straight quote"),
        ("útok -2", "hyphen for a minus"),
    ):
        found = _lint([TagOp("rules"), TextOp(20.0, 50.0, text, "sans-regular", 9)])
        assert len(found) == 1 and f"rules: {text!r} has a {what}" in found[0], found
    # the same words as the engine sets them are clean; hyphens inside words and codes stay
    clean = ["the hero\u2019s sword", "řekni „ahoj“", "útok \u22122", "G-7-1, černo-bílý, 5' long"]
    for text in clean:
        assert _lint([TagOp("rules"), TextOp(20.0, 50.0, text, "sans-regular", 9)]) == [], text
