"""The JSON API of `papirna serve`: score sheets and photos exactly as `papirna score --json`."""

from __future__ import annotations

import tempfile
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from generator.content.yamlio import load_yaml_text
from generator.errors import PapirnaError
from generator.serve import scoring
from generator.serve.security import SUFFIX, check_upload


def problem(status: int, message: str) -> JSONResponse:
    """An error as the API answers it: {"error": one line}."""
    return JSONResponse({"error": message}, status_code=status)


async def body_text(request: Request) -> str:
    """The request body as text (UTF-8); PapirnaError when it is not."""
    raw = await request.body()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PapirnaError("the request body is not UTF-8 text") from None


async def score_api(request: Request) -> JSONResponse:
    """POST /api/score/{game}: one sheet or a list (JSON or YAML) -> `score --json`'s result."""
    game = request.path_params["game"]
    if game not in scoring.scorable():
        return problem(
            404, f"papirna cannot score {game!r}; it scores {', '.join(scoring.scorable())}"
        )
    campaign = request.query_params.get("campaign", "") in ("1", "true", "yes")
    lang = request.query_params.get("lang") or None
    if lang not in (None, "cs", "en"):
        return problem(422, "lang is cs or en")
    try:
        text = await body_text(request)
        sheets = scoring.split_sheets(load_yaml_text(text, "request"))
        # about a millisecond of work: done on the event loop, a thread hop costs more than that
        # when 8 phones ask at once (benchmarks/bench_serve.py); large requests go to a thread
        if len(text) < 64 * 1024:
            out = scoring.score(game, sheets, campaign, lang)
        else:
            out = await run_in_threadpool(scoring.score, game, sheets, campaign, lang)
    except PapirnaError as e:
        return problem(422, str(e))
    return JSONResponse(out)


async def upload_bytes(request: Request) -> bytes:
    """A photo sent as the request body, or as the multipart field `photo` (its name ignored)."""
    kind = request.headers.get("content-type", "")
    if kind.startswith("multipart/form-data"):
        form = await request.form(max_files=1, max_fields=20)
        try:
            photo = form.get("photo")
            if photo is None or isinstance(photo, str):
                raise PapirnaError("send the photo in the multipart field 'photo'")
            return await photo.read()
        finally:
            await form.close()
    return await request.body()


def read_photo(game: str, data: bytes) -> tuple[dict, bytes | None, str | None]:
    """Score an uploaded photo: (the JSON of `score --json`, the overlay PNG, the reading YAML).

    The upload is checked by content and written under a name the server chooses; nothing the
    request sends becomes part of a path. When the sheet cannot be scored as read, the JSON is
    {"error": ...} and the reading YAML (if any) is still returned for correcting.
    """
    kind = check_upload(data)
    with tempfile.TemporaryDirectory(prefix="papirna-serve-") as tmp:
        photo = Path(tmp) / f"photo{SUFFIX[kind]}"
        photo.write_bytes(data)
        show, to_yaml = Path(tmp) / "overlay.png", Path(tmp) / "reading.yaml"
        try:
            out = _bare_files(scoring.score_photo(game, photo, show, to_yaml), photo)
        except PapirnaError as e:
            # the server's own files are not named (the page shows the overlay below the error)
            error = str(e).replace(str(photo), photo.name).replace(str(show), "the overlay")
            out = {"error": error}
        overlay = show.read_bytes() if show.is_file() else None
        reading = to_yaml.read_text(encoding="utf-8") if to_yaml.is_file() else None
    if reading is not None:  # the server's temporary folder is named nowhere
        reading = reading.replace(str(photo), photo.name)
    return out, overlay, reading


def _bare_files(out: object, photo: Path) -> object:
    """The JSON with the photo named as the CLI names a photo in the working folder (photo.jpg),
    not by the server's temporary folder."""
    if isinstance(out, dict):
        for entry in [*out.get("players", []), *out.get("uncertain", [])]:
            if isinstance(entry, dict) and entry.get("file") == str(photo):
                entry["file"] = photo.name
    return out


async def scan_api(request: Request) -> JSONResponse:
    """POST /api/scan/{game}: a photo -> the reading, the unsure boxes and the score."""
    game = request.path_params["game"]
    if game not in scoring.scorable():
        return problem(404, f"papirna cannot score {game!r}")
    if not scoring.scorer_of(game).reads_photos:
        return problem(404, f"papirna reads no photos of {game} sheets")
    try:
        data = await upload_bytes(request)
        out, _, reading = await run_in_threadpool(read_photo, game, data)
    except PapirnaError as e:
        return problem(415 if "JPEG, PNG and PDF" in str(e) else 422, str(e))
    if "error" in out:
        return JSONResponse({**out, "reading": reading}, status_code=422)
    return JSONResponse({**out, "reading": reading})
