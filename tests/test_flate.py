"""Flate compression gives the same bytes on every machine (libdeflate, not a CPU-chosen path)."""

from __future__ import annotations

import hashlib
import zlib

import pytest

from generator import flate

# A page-like stream: drawing operators with numbers, repeated with variations.
SAMPLE = b"".join(b"%d %d m %d.5 %d l S\n" % (i, i * 7 % 113, i * 3, i % 17) for i in range(4000))


def test_output_is_zlib_format_and_bytes() -> None:
    packed = flate.compress(SAMPLE, 1)
    assert type(packed) is bytes  # reportlab writes anything else by its repr
    assert zlib.decompress(packed) == SAMPLE
    assert zlib.decompress(flate.compress(b"", 1)) == b""


@pytest.mark.skipif(flate.BACKEND != "libdeflate", reason="the deflate package is not installed")
def test_libdeflate_bytes_are_pinned() -> None:
    # Worked out once with libdeflate 1.x (the deflate 0.9 wheel); the same digest came out under
    # emulated Core 2 (no SSE4.2), Nehalem (SSE4.2), Haswell (AVX2) and natively with AVX-512,
    # where ISA-L's level 3 gave three different outputs. A machine that makes other bytes
    # fails here instead of silently writing other PDFs for the same input.
    digests = {lv: hashlib.sha256(flate.compress(SAMPLE, lv)).hexdigest()[:16] for lv in (1, 6)}
    assert digests == {1: PINNED_1, 6: PINNED_6}


PINNED_1 = "f5c4177c73c240d8"
PINNED_6 = "906c63e3bd9c723d"
