"""The ASGI app of `papirna serve`: the JSON API and the plain-HTML pages of a night."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from generator.errors import PapirnaError
from generator.serve import api, night, scoring
from generator.serve.db import NotFound, Stale, Store
from generator.serve.forms import from_form, shown
from generator.serve.i18n import LANGS, words
from generator.serve.security import MAX_UPLOAD, BodyLimit, TokenGate, check_upload, limit_pixels

TEMPLATES = Path(__file__).parent / "templates"
LANG_COOKIE = "papirna_lang"


def page_lang(request: Request) -> str:
    """The page's language: ?lang=, else the cookie, else the browser's, else Czech."""
    asked = request.query_params.get("lang")
    if asked in LANGS:
        return asked
    kept = request.cookies.get(LANG_COOKIE)
    if kept in LANGS:
        return kept
    accept = request.headers.get("accept-language", "").lower()
    return "en" if accept.startswith("en") else "cs"


class Pages:
    """The routes of the app over one Store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=select_autoescape(["html"]),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals["shown"] = shown
        self.env.globals["category"] = night.category
        self.env.globals["game_name"] = night.game_name
        self.env.filters["num"] = night.number
        self.env.filters["q"] = lambda s: quote(str(s), safe="")

    def render(self, request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
        """A page in the request's language."""
        lang = page_lang(request)
        html = self.env.get_template(template).render(
            lang=lang, w=words(lang), other=LANGS[1 - LANGS.index(lang)], **context
        )
        response = HTMLResponse(html, status_code=status)
        if request.query_params.get("lang") in LANGS:
            response.set_cookie(LANG_COOKIE, lang, samesite="strict", httponly=True)
        return response

    def _night(self, request: Request):
        try:
            return self.store.night(int(request.path_params["night"]))
        except (NotFound, ValueError):
            raise HTTPException(404, "no such night") from None

    def _sheet(self, request: Request, n):
        try:
            s = self.store.sheet(int(request.path_params["sheet"]))
        except (NotFound, ValueError):
            raise HTTPException(404, "no such sheet") from None
        if s.night_id != n.id:
            raise HTTPException(404, "no such sheet")
        return s

    # pages -----------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        """GET /: the nights, a new night, the campaigns and the players."""
        return self.render(
            request,
            "index.html",
            nights=self.store.nights()[::-1],
            games=scoring.scorable(),
            campaigns=self.store.campaigns(),
            players=self.store.players(),
        )

    async def new_night(self, request: Request) -> Response:
        """POST /nights: a new night of a game (a campaign's name joins nights)."""
        form = await request.form()
        game = str(form.get("game", ""))
        if game not in scoring.scorable():
            raise HTTPException(404, "papirna cannot score this game")
        try:
            name = night.clean_name(str(form.get("name", "")), "night's name")
            campaign = str(form.get("campaign", "")).strip()
            campaign = night.clean_name(campaign, "campaign's name") if campaign else ""
        except PapirnaError as e:
            return self.render(request, "error.html", 422, message=str(e))
        n = self.store.add_night(game, name, campaign)
        return RedirectResponse(f"/nights/{n.id}", 303)

    async def night_page(self, request: Request) -> Response:
        """GET /nights/N: the night's players and its score, decided among its sheets."""
        n = self._night(request)
        sheets = self.store.sheets(n.id)
        result = await run_in_threadpool(
            night.score_sheets, n.game, sheets, False, page_lang(request)
        )
        return self.render(request, "night.html", night=n, sheets=sheets, result=result)

    async def add_player(self, request: Request) -> Response:
        """POST /nights/N/players: a player joins with the blank sheet."""
        n = self._night(request)
        form = await request.form()
        try:
            player = night.clean_name(str(form.get("player", "")), "player's name")
            s = self.store.add_sheet(
                n.id, player, night.new_sheet(n.game, player, page_lang(request))
            )
        except PapirnaError as e:
            return self.render(request, "error.html", 422, message=str(e), night=n)
        return RedirectResponse(f"/nights/{n.id}/sheets/{s.id}", 303)

    async def sheet_page(self, request: Request) -> Response:
        """GET /nights/N/sheets/S: the player's sheet form with the night's score."""
        n = self._night(request)
        s = self._sheet(request, n)
        return await self._sheet_view(
            request, n, s, s.data, saved=bool(request.query_params.get("saved"))
        )

    async def _sheet_view(
        self, request, n, s, data, status=200, saved=False, stale=False, error=None
    ):
        lang = page_lang(request)
        sheets = [x if x.id != s.id else _replace(x, data) for x in self.store.sheets(n.id)]
        result = await run_in_threadpool(night.score_sheets, n.game, sheets, False, lang)
        return self.render(
            request,
            "sheet.html",
            status,
            night=n,
            sheet=s,
            data=data,
            form=night.form_of(n.game, lang),
            result=result,
            mine=result.by_sheet.get(s.id),
            saved=saved,
            stale=stale,
            error=error,
            photo=self.store.photo(s.id),
            reads_photos=scoring.scorer_of(n.game).reads_photos,
        )

    async def save_sheet(self, request: Request) -> Response:
        """POST /nights/N/sheets/S: save the form; 409 with the newer values when stale."""
        n = self._night(request)
        s = self._sheet(request, n)
        form = await request.form()
        data = from_form(night.form_of(n.game, page_lang(request)), form, s.data)
        try:
            version = int(str(form.get("_version", "")))  # no sheet field starts with _
        except ValueError:
            raise HTTPException(422, "the form has no version") from None
        try:
            self.store.save_sheet(s.id, version, data)
        except Stale as e:
            return await self._sheet_view(request, n, e.sheet, e.sheet.data, 409, stale=True)
        return RedirectResponse(f"/nights/{n.id}/sheets/{s.id}?saved=1", 303)

    async def preview(self, request: Request) -> Response:
        """The night's scores with this sheet's unsaved form values (for live totals)."""
        n = self._night(request)
        s = self._sheet(request, n)
        form = await request.form()
        data = from_form(night.form_of(n.game, page_lang(request)), form, s.data)
        sheets = [x if x.id != s.id else _replace(x, data) for x in self.store.sheets(n.id)]
        result = await run_in_threadpool(night.score_sheets, n.game, sheets)
        return JSONResponse(
            {
                "error": result.error,
                "mine": result.by_sheet.get(s.id),
                "players": [
                    {"player": x.player, **(result.by_sheet.get(x.id) or {})} for x in sheets
                ],
            }
        )

    async def remove_sheet(self, request: Request) -> Response:
        """POST /nights/N/sheets/S/remove: the player leaves the night."""
        n = self._night(request)
        s = self._sheet(request, n)
        self.store.remove_sheet(s.id)
        return RedirectResponse(f"/nights/{n.id}", 303)

    async def photo_page(self, request: Request) -> Response:
        """GET/POST /nights/N/sheets/S/photo: read a photo of the paper sheet into it."""
        n = self._night(request)
        s = self._sheet(request, n)
        if request.method == "GET":
            return self.render(
                request, "photo.html", night=n, sheet=s, photo=self.store.photo(s.id)
            )
        if not scoring.scorer_of(n.game).reads_photos:
            raise HTTPException(404, "papirna reads no photos of this game's sheets")
        try:
            data = await api.upload_bytes(request)
            kind = check_upload(data)
            out, overlay, reading = await run_in_threadpool(api.read_photo, n.game, data)
        except PapirnaError as e:
            status = 415 if "JPEG, PNG and PDF" in str(e) else 422
            return self.render(
                request, "photo.html", status, night=n, sheet=s, error=str(e), photo=None
            )
        import yaml

        read_data = yaml.safe_load(reading) if reading else None
        entry = (out.get("players") or [{}])[0] if "error" not in out else {}
        report = {
            "error": out.get("error"),
            "sheet": entry.get("sheet"),
            "uncertain": entry.get("uncertain", []),
            "reading_notes": entry.get("reading_notes", []),
        }
        merged = None
        if isinstance(read_data, dict):  # the reading becomes the sheet, under the night's name
            current = self.store.sheet(s.id)
            keep = {k: current.data[k] for k in ("player", "lang") if k in current.data}
            merged = {**read_data, **keep}
        self.store.save_photo(s.id, kind, data, overlay, report, merged)
        return RedirectResponse(f"/nights/{n.id}/sheets/{s.id}/photo", 303)

    async def photo_image(self, request: Request) -> Response:
        """GET .../photo/photo.img or overlay.img: the photo, or the boxes read drawn on it."""
        n = self._night(request)
        s = self._sheet(request, n)
        p = self.store.photo(s.id)
        if p is None or request.path_params["which"] not in ("photo", "overlay"):
            raise HTTPException(404, "no photo")
        if request.path_params["which"] == "overlay":
            if p.overlay is None:
                raise HTTPException(404, "no overlay")
            return Response(p.overlay, media_type="image/png", headers=_no_sniff())
        media = {"jpeg": "image/jpeg", "png": "image/png", "pdf": "application/pdf"}[p.kind]
        return Response(p.image, media_type=media, headers=_no_sniff())

    async def export(self, request: Request) -> Response:
        """GET /nights/N/export.zip (YAML sheets) or export.csv (the scores)."""
        n = self._night(request)
        slug = f"night-{n.id}"
        kind = request.path_params["kind"]
        if kind not in ("csv", "zip"):
            raise HTTPException(404, "export.zip or export.csv")
        if kind == "csv":
            body = await run_in_threadpool(night.export_csv, self.store, n)
            return Response(
                body, media_type="text/csv; charset=utf-8", headers=_attachment(f"{slug}.csv")
            )
        body = night.export_yaml(self.store, n)
        return Response(body, media_type="application/zip", headers=_attachment(f"{slug}.zip"))

    async def import_sheets(self, request: Request) -> Response:
        """POST /nights/N/import: add the sheets of a YAML file, all or none."""
        n = self._night(request)
        form = await request.form(max_files=1)
        try:
            upload = form.get("sheets")
            raw = await upload.read() if upload is not None and not isinstance(upload, str) else b""
            text = raw.decode("utf-8")
            await run_in_threadpool(night.import_yaml, self.store, n, text, page_lang(request))
        except UnicodeDecodeError:
            return self.render(
                request, "error.html", 422, message="the file is not UTF-8 text", night=n
            )
        except PapirnaError as e:
            return self.render(request, "error.html", 422, message=str(e), night=n)
        finally:
            await form.close()
        return RedirectResponse(f"/nights/{n.id}", 303)

    async def campaign_page(self, request: Request) -> Response:
        """GET /campaigns/GAME/NAME: each player's nights summed, and the winner."""
        game = request.path_params["game"]
        if game not in scoring.scorable():
            raise HTTPException(404, "no such game")
        name = request.path_params["name"]
        totals = await run_in_threadpool(night.campaign_totals, self.store, game, name)
        if not totals.nights:
            raise HTTPException(404, "no such campaign")
        return self.render(request, "campaign.html", c=totals)

    async def player_page(self, request: Request) -> Response:
        """GET /players/P: a player's nights with their totals."""
        try:
            pid = int(request.path_params["player"])
            name = self.store.player(pid)
        except (NotFound, ValueError):
            raise HTTPException(404, "no such player") from None
        rows = []
        for n, s in self.store.player_sheets(pid):
            got = await run_in_threadpool(night.score_night, self.store, n)
            rows.append((n, s, got.by_sheet.get(s.id), got.error))
        return self.render(request, "player.html", player=name, rows=rows)

    # the JSON API of nights (what the live page and the load test use) ------------------------

    async def api_night(self, request: Request) -> Response:
        """GET /api/nights/N: the night, its sheets with their versions, and its score."""
        n = self._night(request)
        sheets = self.store.sheets(n.id)
        result = await run_in_threadpool(night.score_sheets, n.game, sheets)
        return JSONResponse(
            {
                "id": n.id,
                "game": n.game,
                "name": n.name,
                "campaign": n.campaign,
                "sheets": [_sheet_json(s) for s in sheets],
                "score": result.out,
                "error": result.error,
            }
        )

    async def api_add_sheet(self, request: Request) -> Response:
        """POST /api/nights/N/sheets {player, data}: a player joins."""
        n = self._night(request)
        try:
            body = await request.json()
            player = night.clean_name(str(body.get("player", "")), "player's name")
            data = body.get("data") or night.new_sheet(n.game, player, page_lang(request))
            if not isinstance(data, dict):
                raise PapirnaError("data is a mapping of the sheet's keys")
            s = self.store.add_sheet(n.id, player, data)
        except (PapirnaError, ValueError, AttributeError) as e:
            return api.problem(422, str(e))
        return JSONResponse(_sheet_json(s), status_code=201)

    async def api_sheet(self, request: Request) -> Response:
        """GET/PUT /api/nights/N/sheets/S {version, data}: 409 with the current sheet when stale."""
        n = self._night(request)
        s = self._sheet(request, n)
        if request.method == "GET":
            return JSONResponse(_sheet_json(s))
        try:
            body = await request.json()
            version, data = int(body["version"]), body["data"]
            if not isinstance(data, dict):
                raise ValueError("data is a mapping")
        except (ValueError, KeyError, TypeError) as e:
            return api.problem(422, f"send {{version, data}}: {e}")
        try:
            saved = self.store.save_sheet(s.id, version, data)
        except Stale as e:
            return JSONResponse({"error": str(e), "current": _sheet_json(e.sheet)}, status_code=409)
        return JSONResponse(_sheet_json(saved))

    async def api_new_night(self, request: Request) -> Response:
        """POST /api/nights {game, name, campaign}: a new night."""
        try:
            body = await request.json()
            game = str(body.get("game", ""))
            if game not in scoring.scorable():
                return api.problem(404, f"papirna cannot score {game!r}")
            name = night.clean_name(str(body.get("name", "")), "night's name")
            camp = str(body.get("campaign", "") or "").strip()
            camp = night.clean_name(camp, "campaign's name") if camp else ""
        except (PapirnaError, ValueError, AttributeError) as e:
            return api.problem(422, str(e))
        n = self.store.add_night(game, name, camp)
        return JSONResponse(
            {"id": n.id, "game": n.game, "name": n.name, "campaign": n.campaign}, status_code=201
        )


def _replace(sheet, data):
    from dataclasses import replace

    return replace(sheet, data=data)


def _sheet_json(s) -> dict:
    return {"id": s.id, "player": s.player, "version": s.version, "data": s.data}


def _no_sniff() -> dict:
    return {"x-content-type-options": "nosniff", "cache-control": "no-store"}


def _attachment(name: str) -> dict:
    return {"content-disposition": f'attachment; filename="{name}"'}


async def _http_error(request: Request, exc: HTTPException) -> Response:
    if request.url.path.startswith("/api/"):
        return api.problem(exc.status_code, str(exc.detail))
    return HTMLResponse(
        f"<!doctype html><title>{exc.status_code}</title><p>{exc.status_code}", exc.status_code
    )


def create_app(data: Path, token: str | None = None) -> Starlette:
    """The app: nights kept in the SQLite file `data`; every request needs `token` when given."""
    limit_pixels()
    store = Store(data)
    p = Pages(store)
    night_ = "/nights/{night:int}"
    sheet_ = night_ + "/sheets/{sheet:int}"
    routes = [
        Route("/", p.index),
        Route("/nights", p.new_night, methods=["POST"]),
        Route(night_, p.night_page),
        Route(night_ + "/players", p.add_player, methods=["POST"]),
        Route(night_ + "/export.{kind:str}", p.export),
        Route(night_ + "/import", p.import_sheets, methods=["POST"]),
        Route(sheet_, p.sheet_page),
        Route(sheet_, p.save_sheet, methods=["POST"]),
        Route(sheet_ + "/preview", p.preview, methods=["POST"]),
        Route(sheet_ + "/remove", p.remove_sheet, methods=["POST"]),
        Route(sheet_ + "/photo", p.photo_page, methods=["GET", "POST"]),
        Route(sheet_ + "/photo/{which:str}.img", p.photo_image),
        Route("/campaigns/{game:str}/{name:str}", p.campaign_page),
        Route("/players/{player:int}", p.player_page),
        Route("/api/score/{game}", api.score_api, methods=["POST"]),
        Route("/api/scan/{game}", api.scan_api, methods=["POST"]),
        Route("/api/nights", p.api_new_night, methods=["POST"]),
        Route("/api" + night_, p.api_night),
        Route("/api" + night_ + "/sheets", p.api_add_sheet, methods=["POST"]),
        Route("/api" + sheet_, p.api_sheet, methods=["GET", "PUT"]),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TokenGate, token=token), Middleware(BodyLimit, limit=MAX_UPLOAD)],
        exception_handlers={HTTPException: _http_error},
    )
    app.state.token = token
    app.state.store = store
    return app
