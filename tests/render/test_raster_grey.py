"""Raster.grey() is the page converted to greyscale exactly as image().convert("L") gives it."""

from __future__ import annotations

import numpy as np

from generator.layout.ops import Document, Page, RectOp, Style
from generator.render.pdf import render_pdf
from generator.render.raster import iter_rasters


def test_grey_is_the_colour_image_converted() -> None:
    # colours whose grey differs between conversions (Pillow weighs green most, blue least)
    colours = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (0.5, 0.5, 0), (0.2, 0.4, 0.6), (0, 0, 0)]
    ops = [RectOp(2 + 6 * i, 2, 5, 20, Style(fill=c, stroke=None)) for i, c in enumerate(colours)]
    pdf = render_pdf(Document("grey", [Page(40, 24, ops)]))
    raster = next(iter_rasters(pdf, [(160, 96)]))
    grey = np.asarray(raster.grey())
    colour = np.asarray(raster.image(), dtype=np.float64)
    assert np.array_equal(grey, np.asarray(raster.image().convert("L")))
    # and it is not a plain mean of the channels (the weights matter on these colours)
    assert np.abs(grey - colour.mean(axis=2)).max() > 40
