"""`POST /api/score/{game}` answers exactly what `papirna score GAME --json` prints (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient
from typer.testing import CliRunner

from generator.cli import app as cli
from generator.plugins import games
from generator.serve.app import create_app
from generator.serve.scoring import api_names, scorable
from tests.serve.samples import CAMPAIGNS, TABLES

runner = CliRunner()


def cli_json(game: str, sheets: list[dict], tmp: Path, extra: tuple[str, ...] = ()) -> object:
    """What the CLI prints for the sheets, saved as the API names them (sheet-1.yaml, ...)."""
    names = api_names(len(sheets))
    for name, sheet in zip(names, sheets, strict=True):
        (tmp / name).write_text(yaml.safe_dump(sheet, allow_unicode=True), encoding="utf-8")
    result = runner.invoke(cli, ["score", game, *names, "--json", *extra])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def templates(game: str) -> list[dict]:
    """The game's blank sheets (score --template) in both languages: each a valid sheet."""
    root = games()[game].content
    return [
        yaml.safe_load((root / f"score-template-{lang}.yaml").read_text()) for lang in ("cs", "en")
    ]


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "n.sqlite"))


def test_every_built_in_scorer_has_samples() -> None:
    assert set(TABLES) == set(scorable())


@pytest.mark.parametrize(
    ("game", "sheets"),
    [(g, t) for g, tables in TABLES.items() for t in tables]
    + [(g, [t]) for g in TABLES for t in templates(g)],
)
def test_score_api_equals_cli_json(game, sheets, client, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    expected = cli_json(game, sheets, tmp_path)
    body = sheets[0] if len(sheets) == 1 else sheets  # one sheet is sent as itself
    as_json = client.post(f"/api/score/{game}", json=body)
    assert as_json.status_code == 200, as_json.text
    assert as_json.json() == expected
    as_yaml = client.post(
        f"/api/score/{game}",
        content=yaml.safe_dump(body, allow_unicode=True).encode(),
        headers={"content-type": "application/yaml"},
    )
    assert as_yaml.json() == expected


@pytest.mark.parametrize(("game", "sheets"), [(g, t) for g, ts in CAMPAIGNS.items() for t in ts])
def test_campaign_api_equals_cli_json(game, sheets, client, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    expected = cli_json(game, sheets, tmp_path, ("--campaign",))
    got = client.post(f"/api/score/{game}?campaign=1", json=sheets)
    assert got.status_code == 200, got.text
    assert got.json() == expected
    # Eva: A 30 + B 32 = 62, Jan: 20 + 18 = 38 (the CLI's table for the same sheets)
    assert [(p["player"], p["total"]) for p in got.json()["players"]] == [("Eva", 62), ("Jan", 38)]


def test_a_refused_sheet_is_the_cli_error_line(client, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = {**TABLES["papirove-doupe"][0][0], "gem": 3}
    (tmp_path / "sheet-1.yaml").write_text(yaml.safe_dump(sheet), encoding="utf-8")
    result = runner.invoke(cli, ["score", "papirove-doupe", "sheet-1.yaml", "--json"])
    assert result.exit_code == 2
    got = client.post("/api/score/papirove-doupe", json=sheet)
    assert got.status_code == 422
    assert "gem: unknown key; did you mean gems?" in got.json()["error"]
    assert "gem: unknown key; did you mean gems?" in result.stderr


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/score/no-such-game", 404),
        ("/api/score/..%2F..%2Fetc%2Fpasswd", 404),
        ("/api/score/runebound", 404),  # installed, but it scores no sheets
    ],
)
def test_unknown_and_path_like_games_are_refused(client, path, status) -> None:
    assert client.post(path, json={}).status_code == status


@pytest.mark.parametrize("body", [b"[1, 2]", b"42", b"\xff\xfe", b"players: [", b"[]"])
def test_a_body_that_is_no_sheet_is_422(client, body) -> None:
    got = client.post("/api/score/papirove-doupe", content=body)
    assert got.status_code == 422
    assert got.json()["error"]
