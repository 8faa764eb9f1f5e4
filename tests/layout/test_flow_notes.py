"""Flow boxes: a "> " paragraph (a house rule, a note) is set on a band of its own."""

from __future__ import annotations

from pathlib import Path

from generator.content.pack import load_pack
from generator.layout.ops import GroupOp, RectOp, TextOp
from generator.output.build import Renderer, plan

PACK = """name: {cs: Hra, en: Game}
languages: [cs, en]
printables:
  rules:
    kind: document
    title: {cs: Pravidla, en: Rules}
    layout: pages/document
    data: rules.yaml
    schema: document
"""


def _flat(ops, dx=0.0, dy=0.0):
    """Every rect and text op with its page position."""
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _flat(op.ops, dx + op.dx, dy + op.dy)
        elif isinstance(op, (RectOp, TextOp)):
            yield op._replace(x=op.x + dx, y=op.y + dy)


def _page(tmp_path: Path, body: str) -> list:
    (tmp_path / "pack.yaml").write_text(PACK, encoding="utf-8")
    text = "\n".join("        " + line for line in body.splitlines())
    rules = "title: {cs: P, en: R}\nsections:\n  - heading: {cs: Tah, en: Turn}\n"
    rules += f"    body:\n      cs: |\n{text}\n      en: |\n{text}\n"
    (tmp_path / "rules.yaml").write_text(rules, encoding="utf-8")
    job = plan([load_pack(tmp_path)], ["en"], ["a4"])[0]
    return list(_flat(Renderer().document(job).pages[0].ops))


def test_a_note_paragraph_sits_inside_a_band_with_padding(tmp_path: Path) -> None:
    ops = _page(tmp_path, "Roll the die.\n\n> **House rule:** a six rolls again.\n\nThen move.")
    bands = [o for o in ops if isinstance(o, RectOp) and o.style.fill is not None]
    # the note's line and the band's bottom padding: one strip, touching, of one colour
    assert len(bands) == 2 and abs(bands[0].y + bands[0].h - bands[1].y) < 1e-9
    assert bands[0].x == bands[1].x and bands[0].w == bands[1].w
    band = bands[0]._replace(h=bands[0].h + bands[1].h)
    texts = [o for o in ops if isinstance(o, TextOp)]
    inside = [t for t in texts if band.y < t.y < band.y + band.h]
    words = " ".join(t.text for t in inside)
    assert "House" in words and "six" in words
    assert "Roll" not in words and "move" not in words
    # the note's text is indented by NOTE_PAD (1.5 mm) from the band's left edge
    assert min(t.x for t in inside) == band.x + 1.5
    # the paragraphs before and after are outside the band, above and below it
    roll = next(t for t in texts if t.text.startswith("Roll"))
    move = next(t for t in texts if "move" in t.text)
    assert roll.y < band.y and move.y > band.y + band.h


def test_text_without_a_note_has_no_band(tmp_path: Path) -> None:
    ops = _page(tmp_path, "Roll the die: 5 > 3 wins.\n\nThen move.")
    assert not [o for o in ops if isinstance(o, RectOp) and o.style.fill is not None]
