"""Rasterising PDF pages to images with pypdfium2 (used for PNG export)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, NamedTuple

from PIL import Image

# PDFium is not thread-safe: two threads in it at once crash the process or draw wrong pixels
# (tests/render/test_raster_threads.py), and the web app reads photos in a pool of threads.
# Every call into it holds this lock: opening and closing documents, pages and bitmaps,
# rendering.
PDFIUM_LOCK = threading.RLock()


class Raster(NamedTuple):
    """One rendered page as packed RGBX rows straight from PDFium's bitmap (no copy).

    RGBX is PDFium's own pixel format (the fastest to render); the X byte is 255.
    """

    data: memoryview  # `height` rows of `stride` bytes; each row starts with `width` RGBX pixels
    width: int
    height: int
    stride: int
    owner: Any  # the bitmap that holds `data`: keep it alive while `data` is used

    def _view(self) -> Image.Image:
        """The raster as a Pillow RGB image over `data` itself (valid while `owner` lives)."""
        return Image.frombuffer(
            "RGB", (self.width, self.height), self.data, "raw", "RGBX", self.stride, 1
        )

    def image(self) -> Image.Image:
        """The raster as a Pillow RGB image (a copy)."""
        return self._view().copy()

    def grey(self) -> Image.Image:
        """The raster as a Pillow greyscale image, converted as image().convert("L") converts
        it but without the copy of the colour image in between (14 MB for an A4 sheet)."""
        return self._view().convert("L")


def iter_rasters(pdf: bytes, sizes: list[tuple[int, int]]) -> Iterator[Raster]:
    """Each page of `pdf` rendered at exactly the given pixel size, one page at a time.

    Only the page being rendered is in memory, so a deck of thousands of cards streams through:
    a raster stays valid until the next is taken (its bitmap is then closed, under
    PDFIUM_LOCK, as every call into PDFium is).
    """
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(pdf)
    held = None  # the bitmap of the raster last given out
    try:
        for index, (w, h) in enumerate(sizes):
            with PDFIUM_LOCK:
                if held is not None:
                    held.close()
                    held = None
                raster = _render_page(doc, index, w, h)
                held = raster.owner
            yield raster
    finally:
        with PDFIUM_LOCK:
            if held is not None:
                held.close()
            doc.close()


def _render_page(doc: Any, index: int, w: int, h: int) -> Raster:
    """Page `index` of an open document as a raster of w x h pixels (the caller holds the
    lock; the raster's owner is PDFium's bitmap, or None when the pixels are a copy)."""
    import pypdfium2 as pdfium

    page = doc[index]
    try:
        pw, _ = page.get_size()
        # PDFium sizes the bitmap as ceil(points x scale): a hair under w/pw gives w pixels
        bitmap = page.render(
            scale=(w - 1e-6) / pw, may_draw_forms=False, rev_byteorder=True, prefer_bgrx=True
        )
        if bitmap.format == pdfium.raw.FPDFBitmap_BGRx and bitmap.width >= w and bitmap.height >= h:
            # a pixel more at most: cropped
            return Raster(memoryview(bitmap.buffer).cast("B"), w, h, bitmap.stride, bitmap)
        im = bitmap.to_pil().convert("RGB")  # not RGBX, or too small: via Pillow
        bitmap.close()
    finally:
        page.close()
    if im.size != (w, h):
        im = im.resize((w, h), Image.LANCZOS) if im.width < w or im.height < h else im
        im = im.crop((0, 0, w, h))
    return Raster(memoryview(im.convert("RGBA").tobytes()), w, h, w * 4, None)


Box = tuple[int, int, int, int]  # x, y, width, height in pixels


def iter_boxes(pdf: bytes, sizes: list[tuple[int, int]], boxes: list[Box]) -> Iterator[Raster]:
    """Each page of `pdf` drawn at exactly its pixel size, only its `box` kept, one at a time.

    PDFium draws just the box (a card's trim, say) into a bitmap of the box's size, so nothing
    outside it is rasterised or copied. The page is mapped onto exactly `size` pixels (no
    rounding up of the bitmap and cropping). Two bitmap buffers are used in turn, so the
    memory is touched once: a raster stays valid until the one after the next is taken.
    """
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as fpdf

    flags = fpdf.FPDF_ANNOT | fpdf.FPDF_REVERSE_BYTE_ORDER  # RGBX bytes, as page.render()
    buffers: list[Any] = [None, None]
    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(pdf)
    try:
        for index, ((pw, ph), (x, y, w, h)) in enumerate(zip(sizes, boxes, strict=True)):
            if w < 1 or h < 1 or x < 0 or y < 0 or x + w > pw or y + h > ph:
                raise ValueError(f"box {(x, y, w, h)} is not inside a {pw}x{ph} page")
            turn = index % 2
            if buffers[turn] is None or len(buffers[turn]) < w * h * 4:
                buffers[turn] = (ctypes.c_ubyte * (w * h * 4))()
            buffer = buffers[turn]
            with PDFIUM_LOCK:
                bitmap = fpdf.FPDFBitmap_CreateEx(w, h, fpdf.FPDFBitmap_BGRx, buffer, w * 4)
                page = doc[index]
                try:
                    fpdf.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, 0xFFFFFFFF)
                    fpdf.FPDF_RenderPageBitmap(bitmap, page.raw, -x, -y, pw, ph, 0, flags)
                finally:
                    fpdf.FPDFBitmap_Destroy(bitmap)
                    page.close()
            yield Raster(memoryview(buffer).cast("B")[: w * h * 4], w, h, w * 4, buffer)
    finally:
        with PDFIUM_LOCK:
            doc.close()


def iter_pages(pdf: bytes, sizes: list[tuple[int, int]]) -> Iterator[Image.Image]:
    """Each page of `pdf` as an RGB image of exactly the given pixel size, one at a time."""
    for raster in iter_rasters(pdf, sizes):
        yield raster.image()


def rasterise_pages(pdf: bytes, sizes: list[tuple[int, int]]) -> list[Image.Image]:
    """Each page of `pdf` as an RGB image of exactly the given pixel size."""
    return list(iter_pages(pdf, sizes))
