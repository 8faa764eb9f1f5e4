"""`papirna score spici-bohove`: the final page of a ship's log, typed or a filled PDF."""

from __future__ import annotations

import re
from pathlib import Path

from generator.cli.scoring import ScoreOptions, print_scores, scored
from generator.content.pack import Pack
from generator.content.sheets_io import count_marked, number_field
from generator.content.validate import validate
from generator.content.yamlio import load_yaml_file
from generator.errors import PapirnaError
from generator.games.spici_bohove import rules as spici_bohove
from generator.games.spici_bohove.models import LOG_COUNT_FIELDS
from generator.games.spici_bohove.sheets import SpiciBohoveLog, SpiciBohoveScoring


def run(pack: Pack, sheets: list[Path], opts: ScoreOptions) -> None:
    """Score ship's logs by the pack's scoring table."""
    table = validate(SpiciBohoveScoring, load_yaml_file(pack.root / "scoring.yaml"))
    scores = [
        scored(p, SpiciBohoveLog, lambda s: spici_bohove.score_log(s, table), from_fields)
        for p in sheets
    ]
    labels = {c: pack.manifest.labels.get(f"score_{c}") for c in spici_bohove.SB_CATEGORIES}
    names = {k: (v.get(opts.lang) if v else k) for k, v in labels.items()}
    print_scores(scores, sheets, names, opts.as_json, opts.lang)


def from_fields(values: dict[str, str | bool], shown: str) -> dict:
    """The fields of a filled Spící bohové ship's log as the data of a SpiciBohoveLog."""
    if not any(k.startswith("sacred.") for k in values):
        raise PapirnaError("not a Spící bohové ship's log (no sacred item fields)", file=shown)
    normal, ruthless = values.get("version.normal") is True, values.get("version.ruthless") is True
    if normal and ruthless:
        raise PapirnaError("tick only one version", file=shown, field="version")
    sacred = count_marked(values, "sacred")
    counts = {cat: number_field(values, name, shown) or 0 for cat, name in LOG_COUNT_FIELDS.items()}
    players = [
        str(values[k]).strip()
        for k in sorted(
            (k for k in values if re.fullmatch(r"player\.\d+", k)), key=lambda k: int(k[7:])
        )
        if str(values[k]).strip()
    ]
    campaign = values.get("campaign")
    return {
        "campaign": (campaign.strip() if isinstance(campaign, str) else "")[:80],
        "crew": ", ".join(players)[:200],
        "version": "ruthless" if ruthless else "normal",
        "adventure_cards": counts["adventure_cards"] + sacred,
        "sacred_items": sacred,
        "quest_cards": counts["quest_cards"],
        "level_cards": counts["level_cards"],
        "coins": counts["coins"],
        "artifacts": counts["artifacts"],
        "ending": number_field(values, "ending", shown),
        "defeats": count_marked(values, "defeat"),
    }
