"""QR codes as vector paths (segno computes the modules; one path of squares is drawn)."""

from __future__ import annotations

from generator.errors import PapirnaError
from generator.layout.ops import Color, PathOp, Style

MAX_DATA = 1000


def qr_ops(
    data: str, x: float, y: float, w: float, h: float, error: str, quiet: int, color: Color
) -> list:
    """A square QR code of `data`, as large as fits the box and centred in it."""
    import segno

    if len(data) > MAX_DATA:
        raise PapirnaError(f"QR data longer than {MAX_DATA} characters")
    try:
        code = segno.make_qr(data, error=error, boost_error=False)
    except segno.DataOverflowError:
        raise PapirnaError(f"{len(data)} characters do not fit a QR code") from None
    matrix = code.matrix
    n = len(matrix) + 2 * quiet
    side = min(w, h)
    if side / n < 0.25:
        raise PapirnaError(
            f"the box is too small for this QR code: modules of {side / n:.2f}mm, "
            "at least 0.25mm scan reliably"
        )
    m = side / n
    ox, oy = x + (w - side) / 2 + quiet * m, y + (h - side) / 2 + quiet * m
    segs: list[tuple] = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                x0, y0, x1, y1 = ox + start * m, oy + r * m, ox + c * m, oy + (r + 1) * m
                segs += [("M", x0, y0), ("L", x1, y0), ("L", x1, y1), ("L", x0, y1), ("Z",)]
            else:
                c += 1
    return [PathOp(tuple(segs), Style(fill=color, stroke=None))]
