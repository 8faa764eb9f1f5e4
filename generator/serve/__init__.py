"""`papirna serve`: a local web app for scoring at the table from phones (the `serve` extra).

Everything game-specific comes through the game plugins (generator.plugins): this package is
engine code and names no game.
"""

INSTALL_HINT = "papirna serve needs the serve extra: pip install 'papirna[serve]'"


def require_serve() -> None:
    """Fail with the install hint when the web stack of the `serve` extra is missing."""
    from generator.errors import PapirnaError

    try:
        import jinja2  # noqa: F401
        import python_multipart  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise PapirnaError(INSTALL_HINT) from None
