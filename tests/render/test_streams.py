"""Streams are binary (Flate only, no ASCII85), images included, and reportlab is left as found."""

from __future__ import annotations

import io
import re
from pathlib import Path

from pypdf import PdfReader
from reportlab import rl_config

from generator.layout.ops import Document, ImageOp, Page, RectOp, Style, TextOp
from generator.render.pdf import render_pdf

IMAGES = Path(__file__).resolve().parents[1] / "samples" / "primitives" / "images"


def doc() -> Document:
    """A page with text, a shape and both kinds of image (PNG with alpha, JPEG)."""
    ops = [
        RectOp(10, 10, 50, 30, Style(fill=(0.2, 0.4, 0.6))),
        TextOp(12, 50, "Žluťoučký kůň", "sans-regular", 10),
        ImageOp(str(IMAGES / "badge.png"), 10, 60, 20, 20),
        ImageOp(str(IMAGES / "peak.jpg"), 40, 60, 30, 20),
    ]
    return Document("streams", [Page(210, 297, ops)])


def test_every_stream_is_binary_and_no_stream_is_ascii85() -> None:
    data = render_pdf(doc())
    assert b"ASCII85Decode" not in data
    filters = set()
    for entry in re.findall(rb"/Filter\s*(\[[^\]]*\]|/\w+)", data):
        filters.update(name.decode() for name in re.findall(rb"/\w+", entry))
    assert filters and filters <= {"/FlateDecode", "/DCTDecode"}, filters
    assert "/FlateDecode" in filters  # the page stream and the font are compressed
    reader = PdfReader(io.BytesIO(data))
    # the page still draws its text: the font is readable from the binary streams
    assert "Žluťoučký kůň" in reader.pages[0].extract_text()


def test_reportlab_setting_is_restored_and_output_is_byte_identical() -> None:
    before = rl_config.useA85
    first = render_pdf(doc())
    assert rl_config.useA85 == before
    assert render_pdf(doc()) == first


def test_a_repeated_stream_is_compressed_once_to_the_same_bytes() -> None:
    import zlib

    from reportlab.pdfbase import pdfdoc

    from generator.render import pdf

    page = doc()
    first = render_pdf(page)
    original = pdfdoc.PDFStreamFilterZCompress.__dict__["encode"]
    with pdf.binary_streams(), pdf.binary_streams():  # nested: restored as found
        assert pdfdoc.PDFZCompress.encode is pdf._compress
        # acroform makes filters of its own (form fields' looks): they compress the same way
        assert pdfdoc.PDFStreamFilterZCompress().encode is pdf._compress
        blob = b"0 0 m 10 10 l S\n" * 100
        assert zlib.decompress(pdf._compress(blob)) == blob  # zlib format, whichever deflater
        assert pdf._compress(blob) is pdf._compress(blob)  # remembered
    assert "encode" not in pdfdoc.PDFZCompress.__dict__
    assert pdfdoc.PDFStreamFilterZCompress.__dict__["encode"] is original
    pdf._COMPRESSED.clear()
    assert render_pdf(page) == first  # the same file with or without remembered streams


def test_quick_pdfdoc_encoding_gives_reportlabs_bytes_and_errors() -> None:
    import pytest
    from reportlab.pdfbase import pdfdoc

    from generator.render import pdf

    samples = ["q 1 0 0 1 10 20 cm (Hi) Tj Q\n", "", "\t\r\n", "žš Œ « »", b"raw", "é" * 3]
    for text in samples:
        assert pdf._pdfdoc_enc(text) == pdf._PDFDOC_ENC(text)
    for odd in ("\x18", "ok \x1f"):  # ASCII that PDFDocEncoding has no byte for: the same error
        with pytest.raises(UnicodeEncodeError):
            pdf._PDFDOC_ENC(odd)
        with pytest.raises(UnicodeEncodeError):
            pdf._pdfdoc_enc(odd)
    with pdf.binary_streams():
        assert pdfdoc.pdfdocEnc is pdf._pdfdoc_enc
    assert pdfdoc.pdfdocEnc is pdf._PDFDOC_ENC
