"""`papirna score lucky-seven`: typed sheets, scored and ranked."""

from __future__ import annotations

from pathlib import Path

from generator.cli.scoring import ScoreOptions, print_scores, scored
from generator.content.pack import Pack
from lucky_seven.models import FilledSheet
from lucky_seven.rules import score


def run(pack: Pack, sheets: list[Path], opts: ScoreOptions) -> None:
    """Score each sheet and print the ranking."""
    scores = [scored(p, FilledSheet, score) for p in sheets]
    names = {"rolls": "Rolls", "cards": "Cards"}
    print_scores(scores, sheets, names, opts.as_json, opts.lang)
