"""Scoring for the server: each game through its plugin's Scorer, exactly as `score --json`."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.cli.scoring import ScoreOptions
from generator.content.yamlio import YamlDoc
from generator.errors import PapirnaError
from generator.plugins import Scorer, games

MAX_SHEETS = 50  # one request scores at most this many sheets

_packs: dict[str, Any] = {}
_lock = threading.Lock()


class NotScorable(Exception):
    """The game is not installed or has no scorer (404 in the API)."""


@dataclass(frozen=True)
class Named:
    """A sheet's data and the name it is scored under (the `file` of the JSON)."""

    name: str
    data: object
    marks: dict = field(default_factory=dict)  # (line, column) by path, as YamlDoc has them
    key_marks: dict = field(default_factory=dict)


def split_sheets(doc: YamlDoc) -> list[Named]:
    """A request's YAML or JSON: one sheet (a mapping) or a list of them, each with its lines."""
    data = doc.data
    if isinstance(data, dict):
        return [Named(api_names(1)[0], data, doc.marks, doc.key_marks)]
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        raise PapirnaError("send one sheet (a mapping) or a list of sheets")
    out = []
    for i, (name, item) in enumerate(zip(api_names(len(data)), data, strict=True)):
        marks = {p[1:]: v for p, v in doc.marks.items() if p[:1] == (i,)}
        keys = {p[1:]: v for p, v in doc.key_marks.items() if p[:1] == (i,)}
        out.append(Named(name, item, marks, keys))
    return out


def scorer_of(game: str) -> Scorer:
    """The Scorer of an installed game; NotScorable for anything else (a name never a path)."""
    found = games().get(game)
    if found is None or found.scorer is None:
        raise NotScorable(game)
    return found.scorer()


def scorable() -> list[str]:
    """Ids of the installed games that score sheets, in id order."""
    return [gid for gid, g in games().items() if g.scorer is not None]


def pack_of(game: str, content: list[Path] | None = None):
    """The game's pack, loaded once per process."""
    from generator.cli.common import load_packs

    with _lock:
        if game not in _packs:
            _packs[game] = load_packs([game], content)[0]
        return _packs[game]


def api_names(count: int) -> list[str]:
    """The names the API scores a request's sheets under: sheet-1.yaml, sheet-2.yaml, ..."""
    return [f"sheet-{i}.yaml" for i in range(1, count + 1)]


def score(game: str, sheets: list[Named], campaign: bool = False, lang: str | None = None):
    """What `papirna score GAME --json [--campaign]` prints for these sheets, as an object.

    PapirnaError for a sheet the game refuses (the CLI's one line); NotScorable for an unknown game.
    """
    scorer = scorer_of(game)
    if not sheets:
        raise PapirnaError("give at least one filled sheet")
    if len(sheets) > MAX_SHEETS:
        raise PapirnaError(f"at most {MAX_SHEETS} sheets at once")
    if campaign and scorer.campaign_refused:
        raise PapirnaError(f"campaign is not for {game}: {scorer.campaign_refused}")
    paths = [Path(s.name) for s in sheets]
    docs = {
        p: YamlDoc(file=s.name, data=s.data, marks=s.marks, key_marks=s.key_marks)
        for p, s in zip(paths, sheets, strict=True)
    }
    got: list[object] = []
    opts = ScoreOptions(as_json=True, campaign=campaign, lang=lang, docs=docs, emit=got.append)
    scorer.run(pack_of(game), paths, opts)
    if len(got) != 1:
        raise PapirnaError(f"the {game} scorer cannot score sheets for the server")
    return got[0]


def score_photo(game: str, photo: Path, show: Path | None, to_yaml: Path | None):
    """A photo (a file the server wrote, under a name it chose) scored as `score --json` does."""
    scorer = scorer_of(game)
    if not scorer.reads_photos:
        raise PapirnaError(f"papirna reads no photos of {game} sheets")
    got: list[object] = []
    opts = ScoreOptions(as_json=True, show=show, to_yaml=to_yaml, emit=got.append)
    scorer.run(pack_of(game), [photo], opts)
    if len(got) != 1:
        raise PapirnaError(f"the {game} scorer cannot score photos for the server")
    return got[0]
