"""Every built-in printable, both languages, every paper: `lint` finds nothing to fix."""

from __future__ import annotations

import pytest

from generator.cli.common import load_packs
from generator.content.pack import builtin_pack_ids
from generator.output.build import plan
from generator.output.lint import lint_jobs

# Games whose pages still have findings (see `papirna lint GAME`); strict, so that a game
# that becomes clean fails here until it is taken off this list.
STILL_TO_FIX: dict[str, str] = {}


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=STILL_TO_FIX[g]))
        if g in STILL_TO_FIX
        else g
        for g in builtin_pack_ids()
    ],
)
def test_builtin_game_has_no_findings(game: str) -> None:
    jobs = [j for j in plan(load_packs([game], None), None, None) if not j.fillable]
    papers = {j.paper for j in jobs}
    langs = {j.lang for j in jobs}
    assert langs == {"cs", "en"} and {"a4", "letter"} <= papers
    findings = [f.line() for f in lint_jobs(jobs)]
    assert not findings, "\n".join(findings[:20]) + f"\n... {len(findings)} findings"
