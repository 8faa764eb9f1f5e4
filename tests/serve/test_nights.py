"""A night at the table through the plain-HTML pages and the JSON API, kept in SQLite (issue 23)."""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient
from typer.testing import CliRunner

from generator.cli import app as cli
from generator.serve.app import create_app
from generator.serve.db import SCHEMA_VERSION, Store
from generator.serve.night import number
from tests.serve.samples import EVA, JAN

GAME = "papirove-doupe"
runner = CliRunner()

# two more players of the table, worked out like EVA and JAN (tests/serve/samples.py)
OLGA = {
    "player": "Olga",
    "dungeon": "A",
    "levels": {"warrior": 3, "wizard": 3, "cleric": 3, "thief": 3},
    "items": [1, 0, 0, 0, 0, 0, 0, 0],
    "gems": 1,
    "minions": 2,
    "wounds": 2,
    "fights": [{"range": 1}, {"range": 2}, {"range": 1}],
    "goals": [],
    "quests": [],
}
PETR = {**OLGA, "player": "Petr", "gems": 6, "wounds": 0, "fights": [{"fled": True}] * 3}


def form_of(html: str) -> dict[str, str]:
    """What a browser without JavaScript posts for the page's sheet form as it is shown."""
    form = html[
        html.index('id="sheet-form"') : html.index("</form>", html.index('id="sheet-form"'))
    ]
    out = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if " checked" in tag:
                out[name.group(1)] = "1"
        else:
            out[name.group(1)] = value.group(1) if value else ""
    for name, options in re.findall(r'<select name="([^"]+)">(.*?)</select>', form, re.S):
        chosen = re.search(r"<option selected>([^<]*)<", options)
        first = re.search(r"<option(?: value=\"\")?>([^<]*)<", options)
        out[name] = chosen.group(1) if chosen else (first.group(1) if first else "")
    return out


def typed(form: dict[str, str], sheet: dict) -> dict[str, str]:
    """The form after a player typed their sheet into it (every mark of `sheet`)."""
    out = {k: v for k, v in form.items() if not k.startswith("fights.") or k.endswith(".bonus")}
    out.pop("resurrection", None)
    out["dungeon"] = sheet["dungeon"]
    for a, lv in sheet["levels"].items():
        out[f"levels.{a}"] = str(lv)
    for i, n in enumerate(sheet["items"]):
        out[f"items.{i}"] = str(n)
    for k in ("gems", "minions", "wounds"):
        out[k] = str(sheet.get(k, 0))
    for i, f in enumerate(sheet["fights"]):
        if f.get("visited", True):
            out[f"fights.{i}.visited"] = "1"
        if f.get("fled"):
            out[f"fights.{i}.fled"] = "1"
        if "range" in f:
            out[f"fights.{i}.range"] = str(f["range"])
        if f.get("strongest"):
            out[f"fights.{i}.strongest"] = "1"
    out["ability"] = "" if sheet.get("ability") is None else str(sheet["ability"])
    out["goals"] = ", ".join(map(str, sheet.get("goals", [])))
    out["quests"] = ", ".join(map(str, sheet.get("quests", [])))
    return out


def cli_scores(sheets: list[dict], tmp: Path, *extra: str) -> dict:
    paths = []
    for i, s in enumerate(sheets):
        p = tmp / f"cli-{i}.yaml"
        p.write_text(yaml.safe_dump(s, allow_unicode=True), encoding="utf-8")
        paths.append(str(p))
    got = runner.invoke(cli, ["score", GAME, *paths, "--json", *extra])
    assert got.exit_code == 0, got.stderr
    return json.loads(got.stdout)


def new_night(c: TestClient, name: str, campaign: str = "") -> int:
    r = c.post("/nights", data={"game": GAME, "name": name, "campaign": campaign})
    assert r.status_code == 200
    return int(str(r.url).rsplit("/", 1)[1])


def join(c: TestClient, night: int, player: str) -> str:
    r = c.post(f"/nights/{night}/players", data={"player": player})
    assert r.status_code == 200, r.text
    return str(r.url)


def fill(c: TestClient, url: str, sheet: dict) -> str:
    page = c.get(url).text
    r = c.post(url, data=typed(form_of(page), sheet))
    assert r.status_code == 200 and "?saved=1" in str(r.url), r.text[:500]
    return r.text


def totals(c: TestClient, night: int) -> dict[str, int]:
    got = c.get(f"/api/nights/{night}").json()
    assert got["error"] is None, got["error"]
    return {p["player"]: p["total"] for p in got["score"]["players"]}


def test_a_night_of_four_then_a_restart_then_a_second_dungeon(tmp_path) -> None:
    data = tmp_path / "nights.sqlite"
    c = TestClient(create_app(data))
    first = new_night(c, "Pátek", "Zvony")
    urls = {p["player"]: join(c, first, p["player"]) for p in (EVA, JAN, OLGA, PETR)}
    for sheet in (EVA, JAN, OLGA):
        fill(c, urls[sheet["player"]], sheet)
    # the table's score is exactly the CLI's for the same four sheets, strongest attacks decided
    # among them (Petr has not typed his yet: his is the blank template, fled everywhere)
    blank_petr = {
        **PETR,
        "levels": dict.fromkeys(PETR["levels"], 1),
        "items": [0] * 8,
        "gems": 0,
        "minions": 0,
        "wounds": 0,
    }
    want = cli_scores([EVA, JAN, OLGA, blank_petr], tmp_path)
    assert totals(c, first) == {p["player"]: p["total"] for p in want["players"]}

    # the server is killed and started again: everything saved is there
    c.close()
    c = TestClient(create_app(data))
    fill(c, urls["Petr"], PETR)
    want = cli_scores([EVA, JAN, OLGA, PETR], tmp_path)
    assert totals(c, first) == {p["player"]: p["total"] for p in want["players"]}
    page = c.get(f"/nights/{first}").text
    assert f"{want['winners'][0]}" in page and 'id="winner"' in page

    # the second dungeon of the campaign, two of them
    second = new_night(c, "Sobota", "Zvony")
    for sheet in (EVA, JAN):
        fill(c, join(c, second, sheet["player"]), {**sheet, "dungeon": "B"})
    camp = c.get("/campaigns/papirove-doupe/Zvony")
    assert camp.status_code == 200
    both = cli_scores(
        [EVA, JAN, OLGA, PETR, {**EVA, "dungeon": "B"}, {**JAN, "dungeon": "B"}],
        tmp_path,
        "--campaign",
    )
    for p in both["players"]:  # each player's campaign total, as `score --campaign` sums it
        assert f"<td>{number(p['total'])}</td>" in camp.text
    assert f"{', '.join(both['winners'])}" in camp.text

    # history per player: both nights of Eva with her totals
    eva = next(pid for pid, name in Store(data).players() if name == "Eva")
    hist = c.get(f"/players/{eva}").text
    assert "Pátek" in hist and "Sobota" in hist


def test_two_phones_on_one_sheet_a_stale_write_is_409(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = new_night(c, "Pátek")
    url = join(c, night, "Eva")
    phone_a = form_of(c.get(url).text)
    phone_b = dict(phone_a)
    phone_a["gems"] = "3"
    assert c.post(url, data=phone_a).status_code == 200
    phone_b["gems"] = "7"
    stale = c.post(url, data=phone_b)
    assert stale.status_code == 409
    assert 'id="stale"' in stale.text
    assert form_of(stale.text)["gems"] == "3"  # the page shows the newer values
    sheet_id = int(url.rsplit("/", 1)[1])
    api = c.get(f"/api/nights/{night}/sheets/{sheet_id}").json()
    assert api["data"]["gems"] == 3 and api["version"] == 2
    old = c.put(f"/api/nights/{night}/sheets/{sheet_id}", json={"version": 1, "data": api["data"]})
    assert old.status_code == 409 and old.json()["current"]["version"] == 2
    new = c.put(
        f"/api/nights/{night}/sheets/{sheet_id}",
        json={"version": 2, "data": {**api["data"], "gems": 5}},
    )
    assert new.status_code == 200 and new.json()["version"] == 3


def test_export_yaml_and_csv_and_import(tmp_path, monkeypatch) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = new_night(c, "Pátek")
    for sheet in (EVA, JAN):
        fill(c, join(c, night, sheet["player"]), sheet)
    served = c.get(f"/api/nights/{night}").json()["score"]
    z = zipfile.ZipFile(io.BytesIO(c.get(f"/nights/{night}/export.zip").content))
    assert z.namelist() == ["01-eva.yaml", "02-jan.yaml"]
    z.extractall(tmp_path / "out")
    monkeypatch.chdir(tmp_path / "out")
    got = runner.invoke(cli, ["score", GAME, "01-eva.yaml", "02-jan.yaml", "--json"])
    assert got.exit_code == 0, got.stderr
    assert [p["total"] for p in json.loads(got.stdout)["players"]] == [
        p["total"] for p in served["players"]
    ]
    rows = list(csv.reader(io.StringIO(c.get(f"/nights/{night}/export.csv").text)))
    assert rows[0][0] == "player" and rows[0][-2:] == ["total", "rank"]
    assert [(r[0], int(r[-2])) for r in rows[1:]] == [
        (p["player"], p["total"]) for p in served["players"]
    ]

    other = new_night(c, "Import")
    text = (
        (tmp_path / "out" / "01-eva.yaml").read_text()
        + "---\n"
        + (tmp_path / "out" / "02-jan.yaml").read_text()
    )
    r = c.post(
        f"/nights/{other}/import", files={"sheets": ("x.yaml", text.encode(), "application/yaml")}
    )
    assert r.status_code == 200
    assert totals(c, other) == totals(c, night)
    bad = c.post(
        f"/nights/{other}/import",
        files={"sheets": ("x.yaml", b"player: Eva\ngem: 3\n", "text/yaml")},
    )
    assert bad.status_code == 422 and "did you mean gems" in bad.text
    assert len(c.get(f"/api/nights/{other}").json()["sheets"]) == 2  # nothing half-imported


def test_a_player_leaves_and_unknown_exports_are_404(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = new_night(c, "Pátek")
    url = join(c, night, "Eva")
    join(c, night, "Jan")
    assert c.get(url + "/photo/photo.img").status_code == 404  # no photo yet
    r = c.post(url + "/remove")
    assert r.status_code == 200 and str(r.url).endswith(f"/nights/{night}")
    assert [s["player"] for s in c.get(f"/api/nights/{night}").json()["sheets"]] == ["Jan"]
    assert c.get(url).status_code == 404
    for kind in ("yaml", "..", "exe"):
        assert c.get(f"/nights/{night}/export.{kind}").status_code == 404
    assert c.get(f"/api/nights/{night}/sheets/999").status_code == 404
    assert c.put(f"/api/nights/{night}/sheets/1", json={"data": {}}).status_code in (404, 422)


@pytest.mark.parametrize("name", ["../../etc/passwd", "a/b", "C:\\x", ".hidden", "x\x00y", " "])
def test_path_like_and_blank_names_are_refused(tmp_path, name) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    assert c.post("/nights", data={"game": GAME, "name": name}).status_code == 422
    night = new_night(c, "Pátek")
    assert c.post(f"/nights/{night}/players", data={"player": name}).status_code == 422
    assert c.post(f"/api/nights/{night}/sheets", json={"player": name}).status_code == 422
    assert c.post("/nights", data={"game": "../" + GAME, "name": "x"}).status_code == 404


def test_every_page_in_czech_and_english(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = new_night(c, "Pátek", "Zvony")
    url = join(c, night, "Eva")
    pages = [
        "/",
        f"/nights/{night}",
        url,
        url + "/photo",
        "/campaigns/papirove-doupe/Zvony",
        "/players/1",
    ]
    for lang, word in (("cs", "Uložit"), ("en", "Save")):
        c.get("/", params={"lang": lang})  # the choice is kept in a cookie
        for p in pages:
            r = c.get(p)
            assert r.status_code == 200, p
            assert f'<html lang="{lang}">' in r.text
            assert 'name="viewport" content="width=device-width' in r.text
        assert word in c.get(url).text
    for p in [
        "/nights/99",
        "/nights/1/sheets/99",
        "/players/99",
        "/campaigns/x/y",
        "/campaigns/papirove-doupe/nic",
    ]:
        assert c.get(p).status_code == 404, p


def test_live_preview_scores_unsaved_values(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = new_night(c, "Pátek")
    url = join(c, night, "Eva")
    form = typed(form_of(c.get(url).text), EVA)
    got = c.post(url + "/preview", data=form).json()
    alone = cli_scores([EVA], Path(c.app.state.store.path).parent)
    assert got["mine"]["total"] == alone["players"][0]["total"]
    assert (
        c.get(f"/api/nights/{night}/sheets/{url.rsplit('/', 1)[1]}").json()["version"] == 1
    )  # not saved


def test_negative_numbers_have_a_true_minus_sign() -> None:
    assert number(-5) == "−5" and number(0) == 0 and number(7) == 7 and number(True) is True


def test_schema_version_and_migrations(tmp_path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(
        "CREATE TABLE nights (id INTEGER PRIMARY KEY, game TEXT NOT NULL, name TEXT NOT NULL,"
        " campaign TEXT NOT NULL DEFAULT '', created REAL NOT NULL);"
        "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
        "CREATE TABLE sheets (id INTEGER PRIMARY KEY, night_id INTEGER NOT NULL, player_id INTEGER"
        " NOT NULL, data TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 1, updated REAL NOT NULL,"
        " UNIQUE (night_id, player_id));"
        "INSERT INTO nights VALUES (1, 'papirove-doupe', 'Staré', '', 0);"
        "PRAGMA user_version = 1;"
    )
    conn.close()
    store = Store(path)  # schema 1 (before photos) is brought up to date, its nights kept
    assert store.read().execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.read().execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [n.name for n in store.nights()] == ["Staré"]
    assert store.photo(1) is None
    store.read().execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store.close()
    from generator.errors import PapirnaError

    with pytest.raises(PapirnaError, match="newer papirna"):
        Store(path)
