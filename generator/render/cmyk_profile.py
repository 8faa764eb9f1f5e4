"""papirna's own CMYK ICC profile: a simple model of coated offset inks, written as ICC v2 bytes.

Pillow's ImageCms (littleCMS) can build sRGB and Lab profiles but no CMYK one, and the freely
redistributable press profiles we found carry copyleft or no-redistribution terms, so papirna
ships a profile it computes itself (MIT, like the rest of papirna). It is NOT a measured press
characterisation: shops that print to FOGRA39 or GRACoL will convert or proof against their
own. The model:

- each ink at coverage t transmits 1 - t (1 - T) of linear sRGB light per channel, where T is
  the ink's full-tone transmittance (cyan, magenta, yellow and black close to coated offset
  inks), with a mild dot gain; inks multiply, on white paper;
- Lab to CMYK: the black is chosen from how dark the colour is (grey component replacement),
  then cyan, magenta and yellow are solved (damped Newton) so the model gives the colour back,
  total ink limited to 320 %.

`python -m generator.render.cmyk_profile` rewrites assets/icc/papirna-cmyk.icc; a test checks the
bundled file against what this module computes (every byte, but of the B2A0 table's separations
only every 7th).
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

INKS = {  # full-tone transmittance in linear sRGB (about FOGRA39 solids seen in sRGB)
    "c": (0.0, 0.36, 0.78),
    "m": (0.80, 0.02, 0.22),
    "y": (1.0, 0.86, 0.02),
    "k": (0.018, 0.016, 0.016),
}
INK_LIMIT = 3.2
DESCRIPTION = "papirna CMYK (model of coated offset, not a press characterisation)"
COPYRIGHT = "Public domain (CC0): computed by papirna's cmyk_profile.py"
D50 = (0.9642, 1.0, 0.8249)
A2B_GRID = 9
B2A_GRID = 17


def _gain(t: float) -> float:
    return t + 0.12 * 4 * t * (1 - t)  # about 12 % dot gain at 50 %


def forward(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """Linear sRGB of ink coverages 0..1 on paper."""
    out = [1.0, 1.0, 1.0]
    for t, ink in zip((c, m, y, k), (INKS["c"], INKS["m"], INKS["y"], INKS["k"]), strict=True):
        g = _gain(t)
        for i in range(3):
            out[i] *= 1 - g * (1 - ink[i])
    return (out[0], out[1], out[2])


# linear sRGB (D65) to XYZ, chromatically adapted to D50 (Bradford), and back
_TO_XYZ = (
    (0.4360747, 0.3850649, 0.1430804),
    (0.2225045, 0.7168786, 0.0606169),
    (0.0139322, 0.0971045, 0.7141733),
)
_FROM_XYZ = (
    (3.1338561, -1.6168667, -0.4906146),
    (-0.9787684, 1.9161415, 0.0334540),
    (0.0719453, -0.2289914, 1.4052427),
)


def _mul(m: tuple, v: tuple[float, float, float]) -> tuple[float, float, float]:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def rgb_to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB to CIE Lab (D50)."""

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    x, y, z = _mul(_TO_XYZ, rgb)
    fx, fy, fz = f(x / D50[0]), f(y / D50[1]), f(z / D50[2])
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def lab_to_rgb(lab: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE Lab (D50) to linear sRGB, clipped to 0..1."""
    big_l, a, b = lab
    fy = (big_l + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t: float) -> float:
        return t**3 if t**3 > 216 / 24389 else (116 * t - 16) / (24389 / 27)

    xyz = (inv(fx) * D50[0], inv(fy) * D50[1], inv(fz) * D50[2])
    return tuple(min(1.0, max(0.0, v)) for v in _mul(_FROM_XYZ, xyz))  # type: ignore[return-value]


def separate(rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
    """Ink coverages that print linear sRGB `rgb` in the model (black by grey replacement)."""
    gamma = [v ** (1 / 2.2) for v in rgb]
    darkness = 1 - max(gamma)
    k = max(0.0, (darkness - 0.25) / 0.75) ** 1.2  # no black in light colours
    target = [math.log(max(v, 1e-4)) for v in rgb]
    cmy = [max(0.0, min(1.0, 1 - g)) for g in gamma]
    for _ in range(25):
        pred = [math.log(max(v, 1e-6)) for v in forward(*cmy, k)]
        err = [p - t for p, t in zip(pred, target, strict=True)]
        if max(abs(e) for e in err) < 1e-4:
            break
        jac = [[0.0] * 3 for _ in range(3)]
        for j in range(3):
            step = cmy.copy()
            step[j] = min(1.0, step[j] + 1e-3) if step[j] < 0.999 else step[j] - 1e-3
            moved = [math.log(max(v, 1e-6)) for v in forward(*step, k)]
            for i in range(3):
                jac[i][j] = (moved[i] - pred[i]) / (step[j] - cmy[j])
        delta = _solve(jac, err)
        cmy = [min(1.0, max(0.0, v - 0.8 * d)) for v, d in zip(cmy, delta, strict=True)]
    total = sum(cmy) + k
    if total > INK_LIMIT:
        scale = (INK_LIMIT - k) / sum(cmy)
        cmy = [v * scale for v in cmy]
    return (cmy[0], cmy[1], cmy[2], k)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b for 3 x 3 `a` (Cramer's rule; zero when singular)."""

    def det(m: list[list[float]]) -> float:
        return (
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        )

    d = det(a)
    if abs(d) < 1e-12:
        return [0.0, 0.0, 0.0]
    out = []
    for j in range(3):
        m = [row.copy() for row in a]
        for i in range(3):
            m[i][j] = b[i]
        out.append(det(m) / d)
    return out


def _u16(v: float) -> int:
    return max(0, min(65535, round(v * 65535)))


def _lab16(lab: tuple[float, float, float]) -> tuple[int, int, int]:
    """ICC v2 16-bit Lab (lut16): L 0..100 -> 0..0xFF00, a and b -128..127.996 -> 0..0xFFFF."""
    big_l, a, b = lab
    return (
        max(0, min(0xFF00, round(big_l * 0xFF00 / 100))),
        max(0, min(0xFFFF, round((a + 128) * 256))),
        max(0, min(0xFFFF, round((b + 128) * 256))),
    )


def _lut16(ins: int, outs: int, grid: int, clut: list[tuple[int, ...]]) -> bytes:
    identity = struct.pack(">9i", 65536, 0, 0, 0, 65536, 0, 0, 0, 65536)
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", ins, outs, grid, 0) + identity
    tables = struct.pack(">HH", 2, 2)
    linear = struct.pack(">HH", 0, 65535)
    body = b"".join(struct.pack(f">{outs}H", *v) for v in clut)
    return head + tables + linear * ins + body + linear * outs


def _grid(n: int, dims: int) -> list[tuple[float, ...]]:
    """Grid points in ICC CLUT order: the first input varies slowest."""
    steps = [i / (n - 1) for i in range(n)]
    points: list[tuple[float, ...]] = [()]
    for _ in range(dims):
        points = [(*p, s) for p in points for s in steps]
    return points


def b2a_entry(lv: float, av: float, bv: float) -> tuple[int, int, int, int]:
    """The B2A0 table's CMYK (16-bit) at a Lab grid point (each coordinate 0..1 of its range)."""
    # the grid spans the encoded range: L 0..100 (0xFF00 of 0xFFFF), a and b -128..127.996
    lab = (lv * 100 * 0xFFFF / 0xFF00, av * 0xFFFF / 256 - 128, bv * 0xFFFF / 256 - 128)
    return tuple(_u16(v) for v in separate(lab_to_rgb(lab)))  # type: ignore[return-value]


def build_profile(b2a: list[tuple[int, ...]] | None = None) -> bytes:
    """The profile's bytes (deterministic). `b2a`: the B2A0 table's entries in grid order, when
    already at hand (its 4,913 separations are most of the work), instead of computed here."""
    a2b = [_lab16(rgb_to_lab(forward(*p))) for p in _grid(A2B_GRID, 4)]
    if b2a is None:
        b2a = [b2a_entry(*p) for p in _grid(B2A_GRID, 3)]
    desc_ascii = DESCRIPTION.encode("ascii") + b"\0"
    desc = b"desc" + bytes(4) + struct.pack(">I", len(desc_ascii)) + desc_ascii
    desc += struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67)
    cprt = b"text" + bytes(4) + COPYRIGHT.encode("ascii") + b"\0"
    paper = rgb_to_lab(forward(0, 0, 0, 0))
    assert abs(paper[0] - 100) < 1e-6
    wtpt = b"XYZ " + bytes(4) + struct.pack(">3i", *(round(v * 65536) for v in D50))
    tags = [
        (b"desc", desc),
        (b"cprt", cprt),
        (b"wtpt", wtpt),
        (b"A2B0", _lut16(4, 3, A2B_GRID, a2b)),
        (b"B2A0", _lut16(3, 4, B2A_GRID, b2a)),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table = struct.pack(">I", len(tags))
    data = b""
    for sig, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    while len(data) % 4:
        data += b"\0"
    size = 128 + len(table) + len(data)
    header = struct.pack(">I", size) + b"papr" + struct.pack(">I", 0x02100000)
    header += b"prtr" + b"CMYK" + b"Lab " + struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
    header += b"acsp" + bytes(4) + struct.pack(">I", 0) + bytes(8) + bytes(8)
    header += struct.pack(">I", 0) + struct.pack(">3i", *(round(v * 65536) for v in D50))
    header += b"papr" + bytes(44)
    assert len(header) == 128
    return header + table + data


def bundled_path() -> Path:
    """Where the bundled profile lives among papirna's assets."""
    from generator.resources import assets_dir

    return assets_dir() / "icc" / "papirna-cmyk.icc"


if __name__ == "__main__":
    path = Path(__file__).resolve().parents[2] / "assets" / "icc" / "papirna-cmyk.icc"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(build_profile())
    print(f"wrote {path}")
