"""Photo scoring from a phone: `POST /api/scan/{game}` and the photo page (issue 23, point 3)."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

pytest.importorskip("cv2")

from generator.cli import app as cli
from generator.cli.common import load_packs
from generator.serve.app import create_app

GAME = "papirove-doupe"
MARKED = {
    "dungeon.C",
    *(f"adventurer.warrior.level.{n}" for n in range(2, 5)),
    "adventurer.wizard.level.2",
    *(f"adventurer.cleric.level.{n}" for n in range(1, 7)),
    *(f"adventurer.thief.level.{n}" for n in range(2, 4)),
    "item.1.half.1",
    "item.1.half.2",
    *(f"gem.{n}" for n in range(1, 6)),
    *(f"minion.{n}" for n in range(1, 4)),
    *(f"wound.{n}" for n in range(1, 8)),
    "monster.1.visited",
    "monster.1.range.2",
    "monster.2.fled",
    "monster.3.visited",
    "monster.3.range.1",
    "goal.glory.6",
}


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    """A synthetic phone photo of a filled paper sheet (the scan reader's own test photos)."""
    from generator.games.papirove_doupe.scan import synth
    from generator.games.papirove_doupe.scan.template import sheet_kinds

    pack = load_packs([GAME], None)[0]
    kind = sheet_kinds(pack)[0]
    rng = random.Random(5)
    page, offset = synth.printed_page(pack, kind, "cs", "a4", 6.0)
    page = synth.fill_page(page, 6.0, kind, synth.mark_styles(kind, MARKED, rng), offset, rng)
    damage = synth.Damage(
        px_per_mm=4.8,
        angle=-5,
        skew=0.02,
        blur=0.6,
        noise=3,
        jpeg=None,
        light=0.2,
        background="wood",
    )
    shot, _ = synth.photograph(page, 6.0, damage)
    path = tmp_path_factory.mktemp("photo") / "photo.jpg"
    shot.save(path, quality=85)
    return path


def test_scan_api_equals_the_cli_for_the_same_photo(photo, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(photo.parent)
    want = CliRunner().invoke(cli, ["score", GAME, photo.name, "--json"])
    assert want.exit_code == 0, want.stderr
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    raw = c.post(f"/api/scan/{GAME}", content=photo.read_bytes())
    multi = c.post(
        f"/api/scan/{GAME}", files={"photo": ("whatever.png", photo.read_bytes(), "image/png")}
    )
    for got in (raw, multi):
        assert got.status_code == 200, got.text
        body = got.json()
        reading = body.pop("reading")
        assert body == json.loads(want.stdout)  # the reading, unsure boxes and score of the CLI
        assert reading.startswith("# ")  # the reading as a YAML sheet to correct
        # the photo named as the server saved it, not by the server's temporary folder
        assert "read from photo.jpg (" in reading and "papirna-serve-" not in reading
    assert body["players"][0]["sheet"] == "PD-standard-a4-cs"


def test_photo_page_reads_the_sheet_and_shows_the_overlay(photo, tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    r = c.post("/nights", data={"game": GAME, "name": "Pátek"})
    night = int(str(r.url).rsplit("/", 1)[1])
    url = str(c.post(f"/nights/{night}/players", data={"player": "Řehoř"}).url)
    page = c.post(url + "/photo", files={"photo": ("x.jpg", photo.read_bytes(), "image/jpeg")})
    assert page.status_code == 200
    # the page shows the reading, not the sheet's technical id (a player page names no ids)
    assert "overlay.img" in page.text and "PD-standard" not in page.text
    overlay = c.get(url + "/photo/overlay.img")
    assert overlay.headers["content-type"] == "image/png"
    from PIL import Image

    with Image.open(io.BytesIO(overlay.content)) as im:
        assert im.size[0] > 500
    original = c.get(url + "/photo/photo.img")
    assert (
        original.content == photo.read_bytes() and original.headers["content-type"] == "image/jpeg"
    )
    assert original.headers["x-content-type-options"] == "nosniff"
    assert c.get(url + "/photo/other.img").status_code == 404
    sheet = c.get(f"/api/nights/{night}/sheets/{url.rsplit('/', 1)[1]}").json()
    assert sheet["data"]["player"] == "Řehoř"  # the night's name, not the photo's
    assert sheet["data"]["dungeon"] == "C" and sheet["data"]["gems"] == 5
    assert sheet["version"] == 2  # the reading was saved as the sheet, to correct in its form
    assert re.search(r'id="my-total">-?\d+', c.get(url).text)


def test_a_photo_that_is_no_sheet_is_told_plainly(tmp_path) -> None:
    from PIL import Image

    blank = io.BytesIO()
    Image.new("RGB", (800, 1100), "white").save(blank, "JPEG")
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    got = c.post(f"/api/scan/{GAME}", content=blank.getvalue())
    assert got.status_code == 422
    assert "registration mark" in got.json()["error"] or "sheet" in got.json()["error"]


def test_four_players_a_photo_two_dungeons_and_a_restart_keep_every_value(photo, tmp_path) -> None:
    """The issue's acceptance night: 4 players (one from a photo), a campaign of two dungeons,
    the server started again in the middle; every saved value is still there."""
    from generator.serve import scoring
    from generator.serve.night import number
    from tests.serve.samples import EVA, JAN
    from tests.serve.test_nights import OLGA

    data = tmp_path / "nights.sqlite"
    c = TestClient(create_app(data))

    def night(name: str) -> int:
        body = {"game": GAME, "name": name, "campaign": "Zvony"}
        return c.post("/api/nights", json=body).json()["id"]

    def typed(n: int, sheet: dict, dungeon: str) -> None:
        body = {"player": sheet["player"], "data": {**sheet, "dungeon": dungeon}}
        assert c.post(f"/api/nights/{n}/sheets", json=body).status_code == 201

    first = night("Pátek")
    for sheet in (EVA, JAN, OLGA):
        typed(first, sheet, "C")
    url = str(c.post(f"/nights/{first}/players", data={"player": "Řehoř"}).url)
    assert (
        c.post(
            url + "/photo", files={"photo": ("p.jpg", photo.read_bytes(), "image/jpeg")}
        ).status_code
        == 200
    )
    before = c.get(f"/api/nights/{first}").json()
    overlay = c.get(url + "/photo/overlay.img").content

    c.close()
    c = TestClient(create_app(data))  # the server started again
    assert c.get(f"/api/nights/{first}").json() == before
    assert c.get(url + "/photo/photo.img").content == photo.read_bytes()
    assert c.get(url + "/photo/overlay.img").content == overlay

    second = night("Sobota")
    for sheet in (EVA, JAN, OLGA):
        typed(second, sheet, "A")
    rehor = next(s for s in before["sheets"] if s["player"] == "Řehoř")
    typed(second, {**rehor["data"], "player": "Řehoř"}, "A")
    sheets = [
        s["data"] for n in (first, second) for s in c.get(f"/api/nights/{n}").json()["sheets"]
    ]
    want = scoring.score(
        GAME, [scoring.Named(f"s{i}.yaml", d) for i, d in enumerate(sheets)], campaign=True
    )
    page = c.get("/campaigns/papirove-doupe/Zvony").text
    for p in want["players"]:  # each player's campaign total, as `score --campaign` sums it
        assert f"<td>{number(p['total'])}</td>" in page
    assert ", ".join(want["winners"]) in page


@pytest.fixture(scope="module")
def faint(tmp_path_factory) -> Path:
    """A photo too unsure to score: the scan tests' faint sheet (marks at 20 % strength)."""
    from generator.games.papirove_doupe.scan.template import sheet_kinds
    from tests.games.papirove_doupe.scan.test_refuse_unsure import faint_photo

    pack = load_packs([GAME], None)[0]
    return faint_photo(pack, sheet_kinds(pack)[0], tmp_path_factory.mktemp("faint") / "f.jpg")


def test_photo_page_gives_no_total_for_a_photo_too_unsure(faint, tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    r = c.post("/nights", data={"game": GAME, "name": "Pátek"})
    night = int(str(r.url).rsplit("/", 1)[1])
    url = str(c.post(f"/nights/{night}/players", data={"player": "Řehoř"}).url)
    sheet_url = f"/api/nights/{night}/sheets/{url.rsplit('/', 1)[1]}"
    before = c.get(sheet_url).json()
    page = c.post(url + "/photo", files={"photo": ("x.jpg", faint.read_bytes(), "image/jpeg")})
    assert page.status_code == 200
    error = re.search(r'id="scan-error">([^<]*)<', page.text)
    assert error, page.text
    assert "boxes are unsure" in error.group(1) and "no score is given" in error.group(1)
    assert "even light" in error.group(1)
    # the server's own temporary files are not named to the player
    assert "papirna-serve-" not in page.text and "/tmp" not in error.group(1)
    assert "the unsure boxes are drawn in the overlay" in error.group(1)
    # what was unsure is shown on the photo, and the sheet is not replaced by the reading
    overlay = c.get(url + "/photo/overlay.img")
    assert overlay.status_code == 200 and overlay.headers["content-type"] == "image/png"
    assert c.get(sheet_url).json() == before


def test_scan_api_refuses_a_photo_too_unsure_like_the_cli(faint, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(faint.parent)
    cli_run = CliRunner().invoke(cli, ["score", GAME, faint.name, "--json"])
    assert cli_run.exit_code == 2 and cli_run.stdout == ""
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    got = c.post(f"/api/scan/{GAME}", content=faint.read_bytes())
    assert got.status_code == 422
    body = got.json()
    assert "players" not in body and "total" not in json.dumps(body)
    assert body["reading"] is None  # no reading to correct box by box
    # the CLI's one line ("papirna: error: f.jpg: N boxes are unsure ..."), the photo named as
    # the CLI names one in the working folder, and the overlay the server drew named as such
    said = cli_run.stderr.strip().removeprefix(f"papirna: error: {faint.name}: ")
    assert body["error"] == f"photo.jpg: {said}; the unsure boxes are drawn in the overlay"


def test_pdf_scans_read_in_four_threads_at_once_give_one_answer(photo, tmp_path) -> None:
    """The web app reads uploads in a pool of threads, and a PDF scan is drawn by PDFium, which
    is not thread-safe: four PDF scans posted at once all read as one read alone does, the
    reading included (it names the photo as the server saved it, so two reads are alike).
    Here the drawing is a small part of each read and rarely overlaps; tests/render/
    test_raster_threads.py shows what threads in PDFium without its lock do."""
    import threading

    from PIL import Image

    buf = io.BytesIO()
    Image.open(photo).convert("RGB").save(buf, "PDF", resolution=150)
    pdf = buf.getvalue()
    app = create_app(tmp_path / "n.sqlite")
    alone = TestClient(app).post(f"/api/scan/{GAME}", content=pdf)
    assert alone.status_code == 200, alone.text
    got: list = []

    def post() -> None:
        got.append(TestClient(app).post(f"/api/scan/{GAME}", content=pdf))

    threads = [threading.Thread(target=post) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in got] == [200] * 4
    assert all(r.json() == alone.json() for r in got)
