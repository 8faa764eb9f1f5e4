"""`papirna serve`: the local web app for scoring at the table from phones (extra `serve`)."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.cli.common import handles_errors


def register(app: typer.Typer) -> None:
    """Add the `serve` command."""
    app.command("serve")(serve)


@handles_errors
def serve(
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        help="Address to listen on (0.0.0.0: the home network, with a token).",
    ),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    data: Path = typer.Option(
        Path("papirna-nights.sqlite"),
        "--data",
        help="The SQLite file that keeps nights, players and sheets.",
    ),
) -> None:
    """Score at the table from phones: a local web app with nights, campaigns and photo scoring."""
    from generator.serve import require_serve

    require_serve()
    from generator.serve.run import run

    run(host, port, data)
