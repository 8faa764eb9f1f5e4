"""`papirna serve` on a home network: token, upload limits, content sniffing, no paths (issue 23, 6)."""

from __future__ import annotations

import io
import sys

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from generator.serve.app import create_app
from generator.serve.run import banner, url_of
from generator.serve.security import MAX_UPLOAD, check_upload, needs_token, sniff
from tests.serve.samples import EVA

TOKEN = "s3cret-token"


@pytest.fixture()
def gated(tmp_path) -> TestClient:
    return TestClient(create_app(tmp_path / "n.sqlite", TOKEN))


def test_without_the_token_every_request_gets_403(gated) -> None:
    for method, path in [("get", "/"), ("post", "/api/score/papirove-doupe"), ("get", "/nope")]:
        assert getattr(gated, method)(path).status_code == 403, path
    assert gated.get("/", params={"token": "wrong"}).status_code == 403
    assert gated.get("/", headers={"authorization": "Bearer wrong"}).status_code == 403
    assert gated.get("/", headers={"cookie": "papirna_token=wrong"}).status_code == 403


def test_the_token_in_the_url_opens_it_and_sets_a_cookie(gated) -> None:
    first = gated.get("/", params={"token": TOKEN})
    assert first.status_code == 200
    assert "papirna_token" in first.headers["set-cookie"]
    assert "HttpOnly" in first.headers["set-cookie"]
    assert gated.get("/").status_code == 200  # the cookie carries it from now on
    api = TestClient(gated.app)
    got = api.post(
        "/api/score/papirove-doupe", json=EVA, headers={"authorization": f"Bearer {TOKEN}"}
    )
    assert got.status_code == 200


def test_a_form_of_another_site_cannot_write(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    night = {"game": "papirove-doupe", "name": "Pátek"}
    evil = c.post("/nights", data=night, headers={"origin": "http://evil.example"})
    assert evil.status_code == 403
    assert c.post("/nights", data=night, headers={"origin": "null"}).status_code == 403
    same = c.post("/nights", data=night, headers={"origin": "http://testserver"})
    assert same.status_code == 200  # the app's own pages send their own origin
    assert c.get("/", headers={"origin": "http://evil.example"}).status_code == 200  # reads: fine


def test_loopback_needs_no_token_and_the_home_network_does() -> None:
    assert not needs_token("127.0.0.1") and not needs_token("localhost")
    assert needs_token("0.0.0.0") and needs_token("192.168.1.20")


def test_the_url_and_its_qr_code_are_printed_with_the_token() -> None:
    url = url_of("0.0.0.0", 8000, TOKEN)
    assert url.startswith("http://") and url.endswith(f":8000/?token={TOKEN}")
    out = io.StringIO()
    banner(url, TOKEN, out)
    text = out.getvalue()
    assert url in text
    assert "█" in text or "▀" in text  # the QR code's blocks
    plain = io.StringIO()
    banner(url_of("127.0.0.1", 8000, None), None, plain)
    assert "http://127.0.0.1:8000/" in plain.getvalue() and "token" not in plain.getvalue()


def test_serve_on_the_home_network_makes_a_token(monkeypatch, capsys, tmp_path) -> None:
    import uvicorn

    from generator.serve import run as run_mod

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    run_mod.run("0.0.0.0", 8123, tmp_path / "n.sqlite")
    token = seen["app"].state.token
    assert token and len(token) >= 20 and seen["host"] == "0.0.0.0" and seen["port"] == 8123
    out = capsys.readouterr().out
    assert f"?token={token}" in out and "403" in out
    run_mod.run("127.0.0.1", 8124, tmp_path / "n.sqlite")
    assert seen["app"].state.token is None  # this computer only: no token needed
    assert TestClient(seen["app"]).get("/").status_code == 200


def test_an_upload_over_15_mb_gets_413(tmp_path) -> None:
    client = TestClient(create_app(tmp_path / "n.sqlite"))
    big = b"\xff\xd8\xff" + b"0" * MAX_UPLOAD
    assert client.post("/api/scan/papirove-doupe", content=big).status_code == 413

    def chunks():  # streamed without a Content-Length
        for _ in range(16):
            yield b"\x89PNG\r\n\x1a\n" + b"0" * (1024 * 1024)

    got = client.post("/api/scan/papirove-doupe", content=chunks())
    assert got.status_code == 413
    files = {"photo": ("a.jpg", big, "image/jpeg")}
    assert client.post("/api/scan/papirove-doupe", files=files).status_code == 413


@pytest.mark.parametrize(
    "data",
    [
        b"GIF89a" + b"\0" * 100,
        b"<html><script>alert(1)</script></html>",
        b"PK\x03\x04 zip",
        b"",
    ],
)
def test_only_jpeg_png_and_pdf_by_content(tmp_path, data) -> None:
    client = TestClient(create_app(tmp_path / "n.sqlite"))
    got = client.post(
        "/api/scan/papirove-doupe", files={"photo": ("sheet.jpg", data, "image/jpeg")}
    )
    assert got.status_code == 415
    assert "JPEG, PNG and PDF" in got.json()["error"]


def test_sniffing_reads_the_content_not_the_name() -> None:
    assert sniff(b"\xff\xd8\xff\xe0JFIF") == "jpeg"
    assert sniff(b"\x89PNG\r\n\x1a\n....") == "png"
    assert sniff(b"%PDF-1.7") == "pdf"
    assert sniff(b"BM....") is None


def test_a_decompression_bomb_is_refused_before_it_is_decoded() -> None:
    from PIL import Image

    out = io.BytesIO()
    Image.new("1", (12000, 12000)).save(out, "PNG")  # 144 Mpx in a small file
    assert len(out.getvalue()) < MAX_UPLOAD
    from generator.errors import PapirnaError

    with pytest.raises(PapirnaError, match="too many pixels"):
        check_upload(out.getvalue())
    with pytest.raises(PapirnaError, match="cannot be read"):
        check_upload(b"\x89PNG\r\n\x1a\n broken")


def test_the_upload_name_never_becomes_a_path(tmp_path, monkeypatch) -> None:
    from generator.serve import api

    seen = []

    def spy(game, photo, show, to_yaml):
        seen.append((photo, show, to_yaml))
        return {"players": []}

    monkeypatch.setattr(api.scoring, "score_photo", spy)
    client = TestClient(create_app(tmp_path / "n.sqlite"))
    from PIL import Image

    png = io.BytesIO()
    Image.new("RGB", (20, 20)).save(png, "PNG")
    for name in ["../../etc/passwd", "/tmp/evil.png", "..\\..\\boot.ini"]:
        got = client.post(
            "/api/scan/papirove-doupe", files={"photo": (name, png.getvalue(), "image/png")}
        )
        assert got.status_code == 200
    for photo, show, to_yaml in seen:
        assert photo.name == "photo.png" and show.name == "overlay.png"
        assert photo.parent == show.parent == to_yaml.parent
        assert photo.parent.name.startswith("papirna-serve-")


def test_a_data_file_that_cannot_be_opened_is_one_line(tmp_path) -> None:
    from generator.cli import app

    result = CliRunner().invoke(
        app, ["serve", "--data", str(tmp_path / "no" / "such" / "n.sqlite")]
    )
    assert result.exit_code == 2
    assert "cannot open the data file" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_serve_without_the_extra_says_how_to_install_it(monkeypatch) -> None:
    from generator.cli import app

    monkeypatch.setitem(sys.modules, "starlette", None)  # as if the extra were not installed
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'papirna[serve]'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
