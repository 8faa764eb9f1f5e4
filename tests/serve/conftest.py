"""Fixtures of the serve tests: they skip cleanly without the `serve` extra."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")


def pytest_configure(config: pytest.Config) -> None:
    """Starlette 1.x suggests a successor of httpx for its test client; httpx is what we pin."""
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")
