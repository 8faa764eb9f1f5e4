"""Fixtures of the serve tests: they skip cleanly without the `serve` extra."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
# Starlette 1.x suggests a successor of httpx for its test client; httpx is what the extra pins
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
