"""Which sheet files are photos or scans, and whether the optional scan dependencies are there.

Kept free of numpy and OpenCV, so that the CLI can ask without them installed.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import PapirnaError

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp", ".bmp"}
INSTALL_HINT = "reading photos and scans needs OpenCV: pip install 'papirna[scan]'"


def require_scan() -> None:
    """Fail with the install hint when OpenCV or numpy is missing."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        raise PapirnaError(INSTALL_HINT) from None


def pdf_has_fields(path: Path) -> bool:
    """Whether a PDF has form fields (a fillable sheet) rather than only page images."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(str(path))
        for page in reader.pages:
            for ref in page.get("/Annots", []) or []:
                if ref.get_object().get("/Subtype") == "/Widget":
                    return True
    except (PdfReadError, OSError, ValueError, KeyError) as e:
        raise PapirnaError(f"cannot read the PDF: {e}", file=str(path)) from None
    return False


def is_scan(path: Path) -> bool:
    """Whether a sheet file is a photo or a scan (an image, or a PDF without form fields)."""
    suffix = path.suffix.lower()
    if suffix in IMAGE_SUFFIXES:
        return True
    return suffix == ".pdf" and path.is_file() and not pdf_has_fields(path)
