"""`papirna score gamebook`: a character journal checked against the rules (not scored)."""

from __future__ import annotations

from pathlib import Path

from generator.cli.common import stdout
from generator.cli.scoring import ScoreOptions, emit_json, read_sheet
from generator.content.pack import Pack
from generator.content.sheets_io import count_marked, highest_marked, number_field
from generator.errors import PapirnaError
from generator.games.gamebook import rules as gamebook
from generator.games.gamebook.sheets import GamebookJournal


def run(pack: Pack, sheets: list[Path], opts: ScoreOptions) -> None:
    """Check character journals: level, next level and base strength from the experience."""
    _journal(sheets, opts.as_json, opts)


def _journal(paths: list[Path], as_json: bool, opts: ScoreOptions) -> None:
    reports = []
    for path in paths:
        j, _ = read_sheet(path, GamebookJournal, from_fields, doc=opts.doc(path))
        reports.append((path, j, gamebook.check_journal(j)))
    if as_json:
        emit_json(
            [
                {
                    "file": str(p),
                    "name": j.name,
                    "experience": j.experience,
                    "level": r.level,
                    "next_level_at": r.next_level_at,
                    "base_strength": r.base_strength,
                    "problems": [{"field": f, "message": m} for f, m in r.problems],
                }
                for p, j, r in reports
            ],
            opts.emit,
        )
        return
    out = stdout()
    for p, j, r in reports:
        out.print(
            f"{p}: {j.name or 'character'}: level {r.level} ({j.experience} XP; next level at "
            f"{r.next_level_at}), base strength {r.base_strength}"
        )
        for f, m in r.problems:
            out.print(f"  {f}: {m}")
        if not r.problems:
            out.print("  consistent")


def from_fields(values: dict[str, str | bool], shown: str) -> dict:
    """The fields of a filled gamebook character journal as the data of a GamebookJournal."""
    if "experience" not in values or not any(k.startswith("level_reached.") for k in values):
        raise PapirnaError(
            "not a gamebook character journal (no experience and level ladder fields)", file=shown
        )
    name = values.get("name")
    data: dict = {"name": (name.strip() if isinstance(name, str) else "")[:80]}
    for key in (
        "experience",
        "level",
        "base_strength",
        "strength",
        "food",
        "money",
        "armour_value",
    ):
        number = number_field(values, key, shown)
        if number is not None:  # blank: the journal's default, or "missing" for experience
            data[key] = number
    # the level ladder and the food track stand for the numbers when their box is left blank
    if "level" not in data and (reached := highest_marked(values, "level_reached")):
        data["level"] = reached
    if "food" not in data:
        data["food"] = count_marked(values, "food_track")
    return data
