"""CMYK output for print shops: colours and images in DeviceCMYK, and an OutputIntent.

Vector colours: a neutral grey (r = g = b, text and line black included) becomes black ink
alone (pure K, never four-colour black); any other colour goes through littleCMS (Pillow's
ImageCms) from sRGB to the bundled CMYK profile. Raster images go through the same transform;
their transparency stays a soft mask. The PDF then gets an OutputIntent that embeds the profile
(written with pikepdf: reportlab has no API for it).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageCms
from reportlab.lib.utils import ImageReader

from generator.errors import PapirnaError

Rgb = tuple[float, float, float]
Cmyk = tuple[float, float, float, float]


@cache
def profile_bytes() -> bytes:
    """The bundled CMYK ICC profile."""
    from generator.render.cmyk_profile import bundled_path

    return bundled_path().read_bytes()


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    srgb = ImageCms.createProfile("sRGB")
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC)


@cache
def to_cmyk(rgb: Rgb) -> Cmyk:
    """A colour (sRGB, 0..1) as ink coverages 0..1; greys as black ink alone."""
    r, g, b = rgb
    if r == g == b:
        return (0.0, 0.0, 0.0, round(1.0 - r, 4))
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
    c, m, y, k = ImageCms.applyTransform(pixel, _transform()).getpixel((0, 0))
    return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))


class _CmykReader(ImageReader):
    """A CMYK image for reportlab that keeps the original's alpha as a soft mask."""

    def __init__(self, image: Image.Image, alpha: Image.Image | None) -> None:
        super().__init__(image)
        self._alpha = alpha

    def getRGBData(self):
        data = super().getRGBData()
        if self._alpha is not None:
            self._dataA = ImageReader(self._alpha)
        return data


@cache
def image_reader(path: str) -> ImageReader:
    """The image at `path` converted to CMYK through the bundled profile."""
    try:
        with Image.open(path) as im:
            im.load()
            alpha = None
            if im.mode in ("RGBA", "LA") or (im.mode == "P" and "transparency" in im.info):
                im = im.convert("RGBA")
                alpha = im.getchannel("A")
            if im.mode == "CMYK":
                return _CmykReader(im.copy(), None)
            rgb = im.convert("RGB")
    except OSError as e:
        raise PapirnaError(f"cannot read image: {e}", file=path) from None
    return _CmykReader(ImageCms.applyTransform(rgb, _transform()), alpha)


def add_output_intent(pdf: bytes) -> bytes:
    """`pdf` with an OutputIntent that embeds the bundled CMYK profile."""
    try:
        import pikepdf
    except ImportError:
        raise PapirnaError("--color cmyk needs pikepdf: pip install 'papirna[print]'") from None
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        icc = pikepdf.Stream(doc, profile_bytes())
        icc.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier="Custom",
            OutputCondition="papirna CMYK (model of coated offset)",
            Info="papirna CMYK: a modelled profile, not a measured press characterisation",
            DestOutputProfile=icc,
        )
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        out = io.BytesIO()
        doc.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()
