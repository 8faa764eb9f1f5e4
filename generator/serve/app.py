"""The ASGI app of `papirna serve`: the JSON API and the plain-HTML pages of a night."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Route

from generator.serve import api
from generator.serve.security import MAX_UPLOAD, BodyLimit, TokenGate, limit_pixels


def create_app(data: Path | None = None, token: str | None = None) -> Starlette:
    """The app: nights kept in the SQLite file `data`; every request needs `token` when given."""
    limit_pixels()
    routes = [
        Route("/api/score/{game}", api.score_api, methods=["POST"]),
        Route("/api/scan/{game}", api.scan_api, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TokenGate, token=token), Middleware(BodyLimit, limit=MAX_UPLOAD)],
    )
    app.state.token = token
    return app
