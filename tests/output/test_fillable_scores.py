"""`papirna score` reads a sheet filled in PDFium (Chrome) or poppler (Evince) as it reads pypdf's.

The sheets, ticks and expected scores are those of the pypdf round trips in tests/cli, worked
by hand from the rulebooks there; here the same filling is done by each viewer's form filler.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from tests.cli import test_score_cli as papirove_doupe
from tests.games.gamebook import test_journal_pdf as gamebook
from tests.games.spici_bohove import test_score_cli as spici_bohove
from tests.output.formfill import (
    fill_pdfium,
    fill_poppler,
    fill_pypdf,
    poppler_python,
    widgets,
)

runner = CliRunner()


def _score(game: str, path: Path) -> dict:
    result = runner.invoke(app, ["score", game, str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    (only,) = report if game == "gamebook" else report["players"]
    only.pop("file", None)
    return only


def _cases() -> list[tuple[str, str, set[str], dict[str, str], dict]]:
    pd_on, pd_texts = papirove_doupe._checked(papirove_doupe.SHEET)
    return [
        ("papirove-doupe", "papirove-doupe-sheet-fillable-cs-a4.pdf", pd_on, pd_texts, {}),
        (
            "spici-bohove",
            "spici-bohove-log-fillable-cs-a4.pdf",
            spici_bohove.TICKED,
            spici_bohove.TEXTS,
            {"categories": spici_bohove.EXPECTED, "total": 34, "player": "Eva, Řehoř"},
        ),
        ("gamebook", "gamebook-journal-fillable-cs-a4.pdf", gamebook.FOOD, gamebook.TEXTS, {}),
    ]


@pytest.mark.parametrize("filler", ["pdfium", "poppler"])
@pytest.mark.parametrize("case", range(3))
def test_viewer_filled_sheet_scores_as_pypdf_filled(
    built: dict[str, bytes], tmp_path: Path, filler: str, case: int
) -> None:
    game, sheet, on, texts, expected = _cases()[case]
    python = poppler_python() if filler == "poppler" else None
    if filler == "poppler" and python is None:
        pytest.skip("poppler-glib (python3-gi, gir1.2-poppler-0.18) is not installed")
    pdf = built[sheet]
    ticked = [w for w in widgets(pdf) if w.key in on]
    assert {w.key for w in ticked} == set(on)
    by_pypdf, by_viewer = tmp_path / "pypdf.pdf", tmp_path / f"{filler}.pdf"
    by_pypdf.write_bytes(fill_pypdf(pdf, texts, ticked))
    if filler == "pdfium":
        by_viewer.write_bytes(fill_pdfium(pdf, texts, ticked))
    else:
        by_viewer.write_bytes(fill_poppler(pdf, texts, ticked, python))
    want = _score(game, by_pypdf)
    assert _score(game, by_viewer) == want
    for key, value in expected.items():
        assert want[key] == value
    if game == "gamebook":
        assert want == gamebook.EXPECTED
    if game == "papirove-doupe":  # the same sheet typed as YAML
        typed = tmp_path / "typed.yaml"
        typed.write_text(yaml.safe_dump(papirove_doupe.SHEET, allow_unicode=True), "utf-8")
        assert _score(game, typed) == want
