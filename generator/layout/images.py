"""Images from a content pack: PNG and JPG as raster, SVG as vector, fitted or filling a box."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from generator.content.models import _safe_rel_path
from generator.errors import PapirnaError
from generator.layout.ops import BLACK, GroupOp, ImageOp

RASTER = {".png", ".jpg", ".jpeg"}


_RESOLVED: dict[tuple[str, Path], tuple[Path, str]] = {}  # (src, root) -> (file, its suffix)


def resolve_in_pack(src: str, root: Path | None) -> Path:
    """The file `src` inside the pack folder `root`; refuses anything that leaves it.

    The resolved path is remembered (a card's picture is placed on every paper and copy); the
    file is looked for again each time, so a deleted picture is still reported.
    """
    return _resolve(src, root)[0]


def _resolve(src: str, root: Path | None) -> tuple[Path, str]:
    """resolve_in_pack's file and its suffix in lower case (worked out once per file)."""
    if root is None:
        raise PapirnaError(f"image {src!r}: images need a content pack")
    found = _RESOLVED.get((src, root))
    if found is None:
        try:
            rel = _safe_rel_path(src)
        except ValueError as e:
            raise PapirnaError(str(e)) from None
        base = root.resolve()
        target = (base / rel).resolve()
        if base not in target.parents:
            raise PapirnaError(f"path {src!r} leaves the pack")
        if len(_RESOLVED) > 4096:
            _RESOLVED.clear()
        found = _RESOLVED[(src, root)] = (target, target.suffix.lower())
    if not os.path.isfile(found[0]):
        raise PapirnaError(f"image {src!r} not found in the pack")
    return found


@cache
def raster_size(path: Path) -> tuple[int, int]:
    """Pixel size of a PNG or JPG, refusing other formats."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            if im.format not in ("PNG", "JPEG"):
                raise PapirnaError(f"image {path.name!r} is {im.format}, expected PNG or JPG")
            return im.size
    except (UnidentifiedImageError, OSError) as e:
        raise PapirnaError(f"image {path.name!r} cannot be read: {e}") from None
    except Image.DecompressionBombError:
        raise PapirnaError(f"image {path.name!r} is too large") from None


def fit_box(iw: float, ih: float, x: float, y: float, w: float, h: float, fit: str):
    """Where an iw x ih picture lands in a box: contain (all visible) or cover (box filled)."""
    scale = min(w / iw, h / ih) if fit == "contain" else max(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh


def effective_dpi(src: str, root: Path | None, w: float, h: float, fit: str) -> float | None:
    """The resolution a raster image prints at in a w x h mm box (None for SVG)."""
    path, suffix = _resolve(src, root)
    if suffix not in RASTER:
        return None
    iw, ih = raster_size(path)
    _, _, dw, dh = fit_box(iw, ih, 0, 0, w, h, fit)
    return min(iw / (dw / 25.4), ih / (dh / 25.4))


_PLACED: dict[tuple, tuple] = {}


def _svg_at_origin(drawing, w: float, h: float, fit: str) -> tuple:
    """An SVG drawing's operations for a w x h mm box at the origin, made once per size."""
    from generator.layout.svg import svg_ops

    key = (id(drawing), w, h, fit)
    cached = _PLACED.get(key)
    if cached is None or cached[0] is not drawing:
        if len(_PLACED) > 4096:
            _PLACED.clear()
        cached = _PLACED[key] = (drawing, tuple(svg_ops(drawing, 0.0, 0.0, w, h, BLACK, fit)))
    return cached[1]


def image_ops(
    src: str,
    root: Path | None,
    x: float,
    y: float,
    w: float,
    h: float,
    fit: str,
    fonts: dict[str, str] | None = None,
) -> list:
    """Operations drawing image `src` of a pack into a box (simple SVG as paths, full SVG whole)."""
    path, suffix = _resolve(src, root)
    if suffix == ".svg":
        from generator.layout.svg import load_svg
        from generator.layout.svgfile import inspect_svg, svg_file_ops

        try:
            drawing = load_svg(path)
        except PapirnaError as first:
            try:
                inspect_svg(path)
            except PapirnaError as e:
                raise PapirnaError(f"image {src!r}: {e.message}") from None
            if "DOCTYPE" in first.message:
                raise
            return svg_file_ops(path, x, y, w, h, fit, fonts)
        # drawn once at the origin, moved into place: stored once in the PDF, shown at every use
        ops = _svg_at_origin(drawing, w, h, fit)
        return [GroupOp(x, y, ops, (0.0, 0.0, w, h) if fit == "cover" else None, shared=True)]
    if suffix not in RASTER:
        raise PapirnaError(f"image {src!r}: expected a .png, .jpg or .svg file")
    iw, ih = raster_size(path)
    ix, iy, dw, dh = fit_box(iw, ih, x, y, w, h, fit)
    clip = (x, y, w, h) if fit == "cover" else None
    return [ImageOp(str(path), ix, iy, dw, dh, clip)]
