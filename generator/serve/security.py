"""What keeps `papirna serve` safe on a home network: the access token, upload limits, sniffing."""

from __future__ import annotations

import hmac
import io
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from generator.errors import PapirnaError

MAX_UPLOAD = 15 * 1024 * 1024  # bytes of one request body; 413 above
MAX_PIXELS = 50_000_000  # Pillow's decompression-bomb limit for uploaded images
MAX_PDF_SIDE_MM = 600  # a scanned PDF's first page is rasterised: no page larger than this
COOKIE = "papirna_token"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def new_token() -> str:
    """A random access token for the URL (URL-safe, 128 bits)."""
    return secrets.token_urlsafe(16)


def needs_token(host: str) -> bool:
    """Whether a server listening on `host` is reachable from other machines (needs a token)."""
    return host not in LOOPBACK and not host.startswith("127.")


async def _send_plain(send, status: int, text: str, headers: list | None = None) -> None:
    body = text.encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def cross_site(scope) -> bool:
    """Whether a write comes from a page of another site (its Origin is not this server), as a
    web page on the phone could send to 127.0.0.1 or the home network."""
    if scope.get("method", "GET") in ("GET", "HEAD", "OPTIONS"):
        return False
    headers = dict(scope.get("headers") or [])
    origin = headers.get(b"origin")
    if origin is None:  # not sent by a browser page (curl, the API), or same-origin GET
        return False
    host = headers.get(b"host", b"").decode("latin-1")
    return origin.decode("latin-1").split("://", 1)[-1] != host


class TokenGate:
    """ASGI middleware: without the access token (query, cookie or bearer header) every request
    gets 403. A valid token in the query sets a cookie, so links and forms work without it."""

    def __init__(self, app, token: str | None) -> None:
        self.app = app
        self.token = token

    def _given(self, scope) -> tuple[str | None, bool]:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if query.get("token"):
            return query["token"][0], True
        headers = dict(scope.get("headers") or [])
        auth = headers.get(b"authorization", b"").decode("latin-1")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip(), False
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get(b"cookie", b"").decode("latin-1"))
        except Exception:  # a malformed cookie header is no token
            return None, False
        return (cookie[COOKIE].value if COOKIE in cookie else None), False

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and cross_site(scope):
            await _send_plain(send, 403, "403: a form of another site cannot write here")
            return
        if scope["type"] not in ("http", "websocket") or self.token is None:
            await self.app(scope, receive, send)
            return
        given, in_query = self._given(scope)
        if given is None or not hmac.compare_digest(given.encode(), self.token.encode()):
            await _send_plain(send, 403, "403: this papirna needs its access token (see the URL)")
            return
        if not in_query:
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message) -> None:
            if message["type"] == "http.response.start":
                value = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", value.encode())],
                }
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes gets 413, by its Content-Length or,
    streamed without one, as soon as it has sent more."""

    def __init__(self, app, limit: int = MAX_UPLOAD) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                too_big = int(length) > self.limit
            except ValueError:
                await _send_plain(send, 400, "400: bad Content-Length")
                return
            if too_big:
                await _send_plain(send, 413, f"413: uploads are limited to {self.limit} bytes")
                return
        seen = 0
        started = False

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge
            return message

        async def watched(message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge:
            if not started:
                await _send_plain(send, 413, f"413: uploads are limited to {self.limit} bytes")


class TooLarge(Exception):
    """A streamed request body went over the limit."""


def sniff(data: bytes) -> str | None:
    """The kind of an upload by its content, not its name: 'jpeg', 'png', 'pdf' or None."""
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"%PDF-"):
        return "pdf"
    return None


SUFFIX = {"jpeg": ".jpg", "png": ".png", "pdf": ".pdf"}


def check_upload(data: bytes) -> str:
    """An uploaded photo or scan checked before anything reads it: its kind ('jpeg', 'png',
    'pdf'); PapirnaError when it is none of them, not what it claims, or a decompression bomb."""
    kind = sniff(data)
    if kind is None:
        raise PapirnaError("only JPEG, PNG and PDF uploads are read")
    if kind == "pdf":
        _check_pdf(data)
    else:
        _check_image(data)
    return kind


def limit_pixels() -> None:
    """Pillow's decompression-bomb limit for this process: every decode of an upload obeys it."""
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS


def _check_image(data: bytes) -> None:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:  # reads the header only
            if im.width * im.height > MAX_PIXELS:
                raise PapirnaError("the image has too many pixels")
            im.verify()
    except Image.DecompressionBombError:
        raise PapirnaError("the image has too many pixels") from None
    except PapirnaError:
        raise
    except Exception as e:  # a damaged image fails in many ways inside Pillow
        raise PapirnaError(f"the image cannot be read: {type(e).__name__}") from None


def _check_pdf(data: bytes) -> None:
    from pypdf import PdfReader

    try:
        reader = PdfReader(io.BytesIO(data))
        if not reader.pages:
            raise PapirnaError("the PDF has no pages")
        box = reader.pages[0].mediabox
        w, h = float(box.width) / 72 * 25.4, float(box.height) / 72 * 25.4
    except PapirnaError:
        raise
    except Exception as e:  # a damaged PDF fails in many ways inside pypdf
        raise PapirnaError(f"the PDF cannot be read: {type(e).__name__}") from None
    if max(w, h) > MAX_PDF_SIDE_MM:
        raise PapirnaError(f"the PDF's page is larger than {MAX_PDF_SIDE_MM} mm")
