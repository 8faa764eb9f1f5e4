"""Rasterising PDF pages to images with pypdfium2 (used for PNG export)."""

from __future__ import annotations

from PIL import Image


def rasterise_pages(pdf: bytes, sizes: list[tuple[int, int]]) -> list[Image.Image]:
    """Each page of `pdf` as an RGB image of exactly the given pixel size."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for index, (w, h) in enumerate(sizes):
            page = doc[index]
            pw, _ = page.get_size()
            bitmap = page.render(scale=w / pw, may_draw_forms=False)
            image = bitmap.to_pil().convert("RGB")
            if image.size != (w, h):
                image = image.resize((w, h), Image.LANCZOS)
            out.append(image)
        return out
    finally:
        doc.close()
