"""Starting the server: the URL (with its token and a QR code off loopback), then uvicorn."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from generator.serve.security import needs_token, new_token


def lan_address() -> str | None:
    """This machine's address on the home network, as its own name resolves (no traffic sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    found = [i[4][0] for i in infos if not i[4][0].startswith("127.")]
    return found[0] if found else None


def url_of(host: str, port: int, token: str | None) -> str:
    """The URL a phone opens: the LAN address for 0.0.0.0, with ?token=... when one is needed."""
    shown = (lan_address() or host) if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def banner(url: str, token: str | None, out=None) -> None:
    """Print where to open the app; with a token also a QR code of the URL for the phones."""
    out = out or sys.stdout
    print(f"papirna serve: open {url}", file=out)
    if token:
        import segno

        segno.make(url, error="m").terminal(out=out, compact=True)
        print("Scan the code with each phone; without the token every request gets 403.", file=out)
    print("Stop with Ctrl-C; every saved value is kept.", file=out)


def run(host: str, port: int, data: Path) -> None:
    """Serve the app until Ctrl-C."""
    import uvicorn

    from generator.serve.app import create_app

    token = new_token() if needs_token(host) else None
    app = create_app(data, token)
    banner(url_of(host, port, token), token)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
