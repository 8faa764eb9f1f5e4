"""Reading a photographed or scanned Papírové doupě sheet: from an image file to field values.

The values are those a fillable PDF of the same sheet would have (field name -> bool), so the
rest of scoring is shared with the fillable-PDF path.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from generator.errors import PapirnaError
from generator.games.papirove_doupe.scan.files import require_scan
from generator.games.papirove_doupe.scan.template import Box, SheetKind, reference, sheet_kinds

if TYPE_CHECKING:
    from PIL import Image

    from generator.content.pack import Pack
    from generator.games.papirove_doupe.scan.align import Alignment

PDF_DPI = 200  # a scanned PDF is rasterised at this resolution
MAX_PIXELS = 120_000_000
WORK_SIDE = 3600  # px: larger photos are decoded at a reduced size (still > 10 px per mm)
MIN_MATCH = 0.5  # correlation of the straightened photo with the blank sheet it claims to be
LOW_RES = 4.0  # px per mm of the sheet below which more boxes are listed for checking
UNCERTAIN = 0.5  # boxes read with less confidence than this are listed for the player to check
# groups of boxes of which a sheet has at most one marked (a circled value, a card letter)
SINGLE_CHOICE = (
    r"dungeon",
    r"monster\.\d+\.range",
    r"quest\.\d+\.glory",
    r"goal\.glory",
    r"ability\.glory",
)


@dataclass
class BoxReading:
    """One box as read: marked or not, its score and how confident the reader is."""

    name: str
    marked: bool
    score: float
    confidence: float


@dataclass
class ScanResult:
    """A sheet read from a photo or scan."""

    file: str
    sheet_id: str
    lang: str
    values: dict[str, bool | str]
    boxes: list[BoxReading]
    kind: SheetKind
    alignment: Alignment
    seconds: float
    notes: list[str] = field(default_factory=list)
    match: float = 1.0

    @property
    def uncertain(self) -> list[BoxReading]:
        """The boxes the player should check, in sheet order."""
        return [b for b in self.boxes if b.confidence < UNCERTAIN]


def load_image(path: Path, shown: str) -> Image.Image:
    """The photo or the first page of a scanned PDF as an upright RGB image."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if path.suffix.lower() == ".pdf":
        import pypdfium2 as pdfium

        try:
            doc = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as e:
            raise PapirnaError(f"cannot read the PDF: {e}", file=shown) from None
        try:
            if len(doc) == 0:
                raise PapirnaError("the PDF has no pages", file=shown)
            return doc[0].render(scale=PDF_DPI / 72).to_pil().convert("RGB")
        finally:
            doc.close()
    try:
        image = Image.open(path)
        if image.width * image.height > MAX_PIXELS:
            raise PapirnaError("the image is too large to be a photo of a sheet", file=shown)
        long_side = max(image.size)
        if image.format == "JPEG" and long_side > 2 * WORK_SIDE:
            image.draft("RGB", (image.width // 2, image.height // 2))
        image = ImageOps.exif_transpose(image)
        return image.convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as e:
        raise PapirnaError(f"cannot read the image: {e}", file=shown) from None


def _grey(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L"), dtype=np.uint8)


def read_image(image: Image.Image, pack: Pack, shown: str, player: str | None = None) -> ScanResult:
    """Read a sheet of `pack` from an image: align it, identify it, decide every box."""
    from generator.games.papirove_doupe.scan import align, marks

    require_scan()
    start = time.perf_counter()
    gray = _grey(image)
    kinds = sheet_kinds(pack)
    if not kinds:
        raise PapirnaError("the pack has no player sheet to read", file=shown)
    found, errors = None, []
    for kind in kinds:
        try:
            found = (kind, align.locate(gray, kind))
            break
        except PapirnaError as e:
            errors.append(e.message)
    if found is None:
        raise PapirnaError(errors[0], file=shown)
    kind, where = found
    ref = reference(pack, kind, where.sheet_id, where.lang)
    where = align.refine(gray, where, kind, ref)
    straight = align.warp(gray, where, kind)
    photo = marks.darkness(straight, ref)
    boxes = list(kind.boxes)
    exp = marks.expected(photo, ref, boxes)
    match = _match(photo, exp)
    if match < MIN_MATCH:
        raise PapirnaError(
            f"the marks and code say {where.sheet_id}, but the print does not look like that "
            f"sheet (match {match:.2f}); is it a sheet of another pack or version?",
            file=shown,
        )
    notes = []
    band = marks.BAND
    if where.px_per_mm < LOW_RES:
        band *= 2
        notes.append(
            f"the sheet is only {where.px_per_mm:.1f} px per mm in this image (at least "
            f"{LOW_RES:.0f} is better): photograph it closer for a surer reading"
        )
    reading = marks.decide(marks.features(photo, exp, boxes), boxes, band)
    readings = [
        BoxReading(n, bool(m), float(s), float(c))
        for n, m, s, c in zip(
            reading.names, reading.marked, reading.score, reading.confidence, strict=True
        )
    ]
    notes += _single_choice(readings)
    values: dict[str, bool | str] = {b.name: b.marked for b in readings}
    values["player"] = player or Path(shown).stem
    return ScanResult(
        file=shown,
        sheet_id=where.sheet_id,
        lang=where.lang,
        values=values,
        boxes=readings,
        kind=kind,
        alignment=where,
        seconds=time.perf_counter() - start,
        notes=notes,
        match=match,
    )


def _match(photo: np.ndarray, exp: np.ndarray) -> float:
    """Correlation of the straightened photo with the expected print (1 = the same)."""
    a = photo[::4, ::4].ravel().astype(np.float64)
    b = exp[::4, ::4].ravel().astype(np.float64)
    a, b = a - a.mean(), b - b.mean()
    den = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / den) if den > 0 else 0.0


def _single_choice(readings: list[BoxReading]) -> list[str]:
    """Where a group that takes one mark (a circled value, a card letter) reads as several, keep
    the strongest and list every one of them for the player to check."""
    notes = []
    for pattern in SINGLE_CHOICE:
        rx = re.compile(rf"^{pattern}\.[^.]+$")
        groups: dict[str, list[BoxReading]] = {}
        for b in readings:
            if rx.match(b.name):
                groups.setdefault(b.name.rsplit(".", 1)[0], []).append(b)
        for prefix, group in groups.items():
            on = [b for b in group if b.marked]
            if len(on) < 2:
                continue
            keep = max(on, key=lambda b: b.score)
            for b in on:
                b.marked = b is keep
                b.confidence = min(b.confidence, UNCERTAIN - 0.01)
            notes.append(f"{prefix}: {len(on)} marks read where one is expected; kept {keep.name}")
    return notes


def read_sheet(path: Path, pack: Pack, shown: str | None = None) -> ScanResult:
    """Read a photographed or scanned sheet file."""
    require_scan()
    shown = shown or str(path)
    return read_image(load_image(path, shown), pack, shown)


def box_outline(box: Box, steps: int = 24) -> np.ndarray:
    """A box's outline in sheet mm, as a closed polygon."""
    if box.round:
        t = np.linspace(0, 2 * np.pi, steps, endpoint=False)
        r = box.w / 2
        return np.stack([box.x + r + r * np.cos(t), box.y + r + r * np.sin(t)], axis=1)
    return np.array(
        [
            (box.x, box.y),
            (box.x + box.w, box.y),
            (box.x + box.w, box.y + box.h),
            (box.x, box.y + box.h),
        ]
    )


def overlay(result: ScanResult, image: Image.Image, max_side: int = 2400) -> Image.Image:
    """The photo with every box shown: marks tinted green, boxes to check tinted and ringed
    orange, empty boxes outlined faintly (which also shows how well the sheet was aligned)."""
    from PIL import Image, ImageDraw

    scale = min(1.0, max_side / max(image.size))
    base = image.convert("RGBA")
    if scale < 1.0:
        base = base.resize((round(image.width * scale), round(image.height * scale)))
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    to_image = np.linalg.inv(result.alignment.homography)
    width = max(2, round(max(base.size) / 600))
    by_name = {b.name: b for b in result.boxes}

    def polygon(box: Box, grow: float) -> list[tuple[float, float]]:
        centre = (box.x + box.w / 2, box.y + box.h / 2)
        pts = (box_outline(box) - centre) * grow + centre
        p = np.hstack([pts, np.ones((len(pts), 1))]) @ to_image.T
        return [tuple(q) for q in p[:, :2] / p[:, 2:3] * scale]

    for box in result.kind.boxes:
        r = by_name[box.name]
        grow = 1.35 if box.round else 1.1  # a circled value's ring lies around the circle
        if r.confidence < UNCERTAIN:
            draw.polygon(polygon(box, grow), fill=(255, 120, 0, 90))
            draw.polygon(polygon(box, grow + 0.35), outline=(255, 100, 0, 255), width=width)
        elif r.marked:
            draw.polygon(polygon(box, grow), fill=(0, 200, 70, 110))
        else:
            draw.polygon(polygon(box, 1.0), outline=(60, 130, 255, 200), width=1)
    for x, y in result.alignment.marks:
        r = 6 * width
        draw.ellipse(
            (x * scale - r, y * scale - r, x * scale + r, y * scale + r),
            outline=(220, 0, 200, 255),
            width=width,
        )
    return Image.alpha_composite(base, layer).convert("RGB")


def save_overlay(result: ScanResult, image: Image.Image, out: Path) -> None:
    """Write the overlay image (PNG, or JPEG by the file's suffix)."""
    picture = overlay(result, image)
    try:
        if out.suffix.lower() in (".jpg", ".jpeg"):
            picture.save(out, format="JPEG", quality=88)
        else:
            picture.save(out, format="PNG")
    except (OSError, ValueError) as e:
        raise PapirnaError(f"cannot write the overlay: {e}", file=str(out)) from None


def reading_yaml(result: ScanResult, data: dict, problem: str | None = None) -> str:
    """The reading as a filled YAML sheet, with the boxes to check named in comments."""
    import yaml

    lines = [
        f"# Papírové doupě sheet read from {result.file} ({result.sheet_id}) by papirna score.",
        "# Correct what was misread, then score this file: papirna score papirove-doupe FILE.yaml",
    ]
    if problem:
        lines.append(f"# PROBLEM: {problem}")
    for note in result.notes:
        lines.append(f"# note: {note}")
    if result.uncertain:
        lines.append("# check these boxes (read with low confidence):")
        for b in result.uncertain:
            lines.append(
                f"#   {b.name}: read as {'marked' if b.marked else 'empty'} "
                f"(confidence {b.confidence:.2f})"
            )
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return "\n".join(lines) + "\n" + body


def sheet_data(result: ScanResult) -> tuple[dict, PapirnaError | None]:
    """The reading as the data of a typed sheet, and what stops it from being scored, if anything.

    When the marks do not make a valid sheet (no dungeon letter, two values circled in a row),
    the data is still given, with the group reduced to its strongest mark (or `?`), so that it
    can be written out and corrected by hand.
    """
    from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields

    values = dict(result.values)
    scores = {b.name: b.score for b in result.boxes}
    first: PapirnaError | None = None
    for _ in range(12):
        try:
            return papirove_doupe_from_fields(values, result.file), first
        except PapirnaError as e:
            first = first or e
            group = e.field or ""
            if re.fullmatch(r"monster\.\d+", group):
                group += ".range"
            on = [k for k, v in values.items() if v is True and k.startswith(group + ".")]
            if group == "dungeon" and not on:
                values["dungeon.?"] = True
            elif len(on) > 1:
                best = max(on, key=lambda k: scores.get(k, 0.0))
                for k in on:
                    values[k] = k == best
            else:
                raise
    raise first or PapirnaError("cannot make a sheet of the reading", file=result.file)
