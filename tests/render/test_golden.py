"""Golden images: rasterised pages compared with tests/golden/*.png within a tolerance.

On a mismatch, actual, expected and diff images are written to tests/golden/_failures/.
Run `pytest --update-golden` to accept the current renders.
"""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FAILURES = GOLDEN / "_failures"
DPI = 50
# (PDF file, page index) pairs guarded by goldens
CASES = [
    ("papirove-doupe-rules-cs-a4.pdf", 0),
    ("papirove-doupe-rules-en-letter.pdf", 0),
    ("papirove-doupe-monsters-cs-a4.pdf", 0),
    ("papirove-doupe-monsters-cs-a4.pdf", 1),
    ("papirove-doupe-quests-en-a4.pdf", 0),
    ("papirove-doupe-goals-cs-a4.pdf", 0),
    ("papirove-doupe-abilities-en-letter.pdf", 0),
    ("gamebook-reference-cs-a4.pdf", 0),
    ("papirove-doupe-sheet-cs-a4.pdf", 0),
    ("papirove-doupe-sheet-en-letter.pdf", 0),
    ("papirove-doupe-dungeons-cs-a4.pdf", 0),
    ("papirove-doupe-dungeons-en-a4.pdf", 1),
    ("papirove-doupe-dice-en-a4.pdf", 0),
    ("papirove-doupe-dice-cs-letter.pdf", 1),
]
MAX_MEAN_DIFF = 0.6  # mean absolute difference per channel, 0-255
MAX_BAD_PIXELS = 0.002  # share of pixels differing by more than 48 in any channel


def rasterise(data: bytes, index: int, dpi: int = DPI) -> Image.Image:
    """One PDF page as an RGB image."""
    pdf = pdfium.PdfDocument(data)
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def compare(actual: Image.Image, expected: Image.Image) -> tuple[float, float, Image.Image]:
    """Mean difference, share of clearly different pixels, and a diff image."""
    diff = ImageChops.difference(actual, expected)
    hist = diff.convert("L").histogram()
    total = actual.width * actual.height
    mean = sum(i * n for i, n in enumerate(hist)) / total
    bad = sum(hist[49:]) / total
    return mean, bad, diff


SAMPLE_CASES = [
    ("primitives-cards-cs-a4.pdf", 0),
    ("primitives-cards-en-letter.pdf", 1),
    ("primitives-page-cs-a4.pdf", 0),
]


@pytest.mark.parametrize(("name", "page"), CASES, ids=[f"{n}#{p + 1}" for n, p in CASES])
def test_page_matches_golden(
    built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(built, update_golden, name, page)


@pytest.mark.parametrize(
    ("name", "page"), SAMPLE_CASES, ids=[f"{n}#{p + 1}" for n, p in SAMPLE_CASES]
)
def test_sample_matches_golden(
    samples_built: dict[str, bytes], update_golden: bool, name: str, page: int
) -> None:
    check_golden(samples_built, update_golden, name, page)


def check_golden(built: dict[str, bytes], update_golden: bool, name: str, page: int) -> None:
    """Compare one rendered page with its golden image; write failure images on a mismatch."""
    actual = rasterise(built[name], page)
    golden = GOLDEN / f"{name.removesuffix('.pdf')}-p{page + 1}.png"
    if update_golden or not golden.exists():
        if not update_golden:
            pytest.fail(f"no golden image {golden.name}; run pytest --update-golden")
        # a temp file renamed into place: no half-written golden, whichever worker writes it
        part = golden.with_name(f".{golden.name}.{os.getpid()}.tmp")
        actual.save(part, format="PNG", optimize=True)
        os.replace(part, golden)
        return
    expected = Image.open(golden).convert("RGB")
    stem = golden.stem
    if actual.size != expected.size:
        FAILURES.mkdir(exist_ok=True)
        actual.save(FAILURES / f"{stem}-actual.png")
        pytest.fail(f"{name} page {page + 1}: size {actual.size} != golden {expected.size}")
    mean, bad, diff = compare(actual, expected)
    if mean > MAX_MEAN_DIFF or bad > MAX_BAD_PIXELS:
        FAILURES.mkdir(exist_ok=True)
        actual.save(FAILURES / f"{stem}-actual.png")
        expected.save(FAILURES / f"{stem}-expected.png")
        diff.point(lambda v: min(255, v * 4)).save(FAILURES / f"{stem}-diff.png")
        pytest.fail(
            f"{name} page {page + 1} differs from its golden (mean {mean:.2f}, "
            f"{bad:.2%} pixels); see {FAILURES}"
        )


def test_compare_detects_a_change() -> None:
    a = Image.new("RGB", (100, 100), "white")
    b = a.copy()
    b.paste((0, 0, 0), (10, 10, 30, 30))  # a 20x20 black square: 4% of pixels
    mean, bad, _ = compare(a, b)
    assert bad == pytest.approx(0.04)
    assert mean > MAX_MEAN_DIFF
