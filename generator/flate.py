"""Flate (zlib format) compression with the same bytes on every CPU: libdeflate, else zlib.

PDF streams are compressed by libdeflate (the `deflate` package, which bundles it). Its
compressor is portable C: the only CPU-specific code is in the checksums and in filling and
shifting the match finder's tables, which give the same values on every CPU, so the output
depends on the input, the level and libdeflate's version only (its author: deterministic for a
given version). ISA-L, used before, chose other algorithms by CPU (at its level 3, lazy matching
below AVX2 and greedy from it; below SSE4.2 a different hash at every level), so the same build
made other bytes on another machine. (PNGs still use ISA-L: see generator.output.png.)

Without the `deflate` package (no wheel and no compiler) the standard library's zlib is used:
the files are then valid but not byte-identical to those made with libdeflate.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable

try:
    from deflate import zlib_compress as _libdeflate
except ImportError:  # pragma: no cover - deflate is a dependency; zlib is the fallback
    _libdeflate = None


def _choose() -> tuple[str, Callable[[bytes, int], bytes]]:
    if _libdeflate is not None:
        libdeflate = _libdeflate
        return "libdeflate", lambda data, level: bytes(libdeflate(data, level))  # a bytearray
    return "zlib", zlib.compress  # pragma: no cover - see above


BACKEND, _COMPRESS = _choose()


def compress(data: bytes, level: int) -> bytes:
    """`data` in the zlib format at `level` (1 fastest to 9 smallest; libdeflate goes to 12)."""
    return _COMPRESS(data, min(level, 9) if BACKEND == "zlib" else level)
