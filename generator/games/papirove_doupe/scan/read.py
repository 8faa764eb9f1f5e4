"""Reading a photographed or scanned Papírové doupě sheet: from an image file to field values.

The values are those a fillable PDF of the same sheet would have (field name -> bool), so the
rest of scoring is shared with the fillable-PDF path.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from generator.errors import PapirnaError
from generator.games.papirove_doupe.scan.files import require_scan
from generator.games.papirove_doupe.scan.template import (
    PX_PER_MM,
    Box,
    SheetKind,
    reference,
    sheet_kinds,
)

if TYPE_CHECKING:
    from PIL import Image

    from generator.content.pack import Pack
    from generator.games.papirove_doupe.scan.align import Alignment

PDF_DPI = 200  # a scanned PDF is rasterised at this resolution
MAX_PIXELS = 120_000_000
WORK_SIDE = 3600  # px: larger photos are decoded at a reduced size (still > 10 px per mm)
MIN_MATCH = 0.5  # correlation of the straightened photo with the blank sheet it claims to be
# (or, where marks and a shadow take that lower, see `_print_shown`:)
PRINT_SHOWN = 0.85  # share of the expected print the photo shows at least half as dark
PRINT_APART = 0.2  # and by this much more than it shows the print moved PRINT_MOVE_MM either way
PRINT_MOVE_MM = 2.0
LOW_RES = 4.0  # px per mm of the sheet below which more boxes are listed for checking
LOW_RES_BAND = 1.5  # the uncertain band is this much wider there
UNCERTAIN = 0.5  # boxes the player is asked about are read with less confidence than this
BENT_MM = 1.0  # a sheet whose print moves more than this against a flat one is called bent


@dataclass
class BoxReading:
    """One box as read: marked or not, its score and how confident the reader is."""

    name: str
    marked: bool
    score: float  # evidence of a mark: > 0 marked, in units of the uncertain band
    confidence: float
    ask: str | None = None  # why the player should check it ("unsure", "against the rules")


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
    quality: dict[str, float] = field(default_factory=dict)
    doubts: list[str] = field(default_factory=list)  # boxes the reader itself asked about
    causes: list[str] = field(default_factory=list)  # what in the photo made the reading unsure
    # ("the sheet is small in the photo (2.0 px per mm; 4 or more is better)")

    @property
    def uncertain(self) -> list[BoxReading]:
        """The boxes the player should check (those that change the score), in sheet order."""
        return [b for b in self.boxes if b.ask]

    @property
    def too_many(self) -> bool:
        """Whether there are more boxes to check than a player will go through one by one."""
        from generator.games.papirove_doupe.scan.summary import too_many

        return too_many([b.name for b in self.uncertain])

    @property
    def summary(self) -> str:
        """The boxes to check in a player's words: "2 boxes to check: gems 9, wizard level 5"."""
        from generator.games.papirove_doupe.scan.summary import check_line

        return check_line([b.name for b in self.uncertain])


def load_image(path: Path, shown: str, colour: bool = False) -> Image.Image:
    """The photo or the first page of a scanned PDF, upright: in grey, as the reader reads it
    (a JPEG is decoded straight to its brightness, which is a good part faster), or in colour.

    A grey image remembers its file, so that the overlay can still be drawn on the colour photo.
    """
    from PIL import Image, ImageOps, UnidentifiedImageError

    mode = "RGB" if colour else "L"
    if path.suffix.lower() == ".pdf":
        import pypdfium2 as pdfium

        from generator.render.raster import PDFIUM_LOCK

        with PDFIUM_LOCK:  # PDFium is not thread-safe (the web app reads photos in threads)
            try:
                doc = pdfium.PdfDocument(str(path))
            except pdfium.PdfiumError as e:
                raise PapirnaError(f"cannot read the PDF: {e}", file=shown) from None
            try:
                if len(doc) == 0:
                    raise PapirnaError("the PDF has no pages", file=shown)
                page = doc[0]
                bitmap = page.render(scale=PDF_DPI / 72)
                image = bitmap.to_pil().convert(mode)
                bitmap.close()
                page.close()
            finally:
                doc.close()
    else:
        try:
            image = Image.open(path)
            if image.width * image.height > MAX_PIXELS:
                raise PapirnaError("the image is too large to be a photo of a sheet", file=shown)
            if image.format == "JPEG":
                big = max(image.size) > 2 * WORK_SIDE
                image.draft(mode, (image.width // 2, image.height // 2) if big else image.size)
            ImageOps.exif_transpose(image, in_place=True)  # no copy when already upright
            image = image if image.mode == mode else image.convert(mode)
        except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as e:
            # (ValueError: a mode Pillow cannot convert, a LAB TIFF's)
            raise PapirnaError(f"cannot read the image: {e}", file=shown) from None
    if not colour:
        image.info["papirna-source"] = str(path)
    return image


def _grey(image: Image.Image) -> np.ndarray:
    return np.asarray(image if image.mode == "L" else image.convert("L"), dtype=np.uint8)


def read_image(image: Image.Image, pack: Pack, shown: str, player: str | None = None) -> ScanResult:
    """Read a sheet of `pack` from an image: align it, identify it, decide every box."""
    from generator.games.papirove_doupe.scan import align, local, marks
    from generator.games.papirove_doupe.scan.colour import colours_of

    require_scan()
    start = time.perf_counter()
    gray = _grey(image)
    kinds = sheet_kinds(pack)
    if not kinds:
        raise PapirnaError("the pack has no player sheet to read", file=shown)
    found, errors = None, []
    for kind in kinds:
        sid, lang = next(iter(kind.ids.values()))

        def blank(kind: SheetKind = kind, sid: str = sid, lang: str = lang) -> np.ndarray:
            return reference(pack, kind, sid, lang)

        try:
            found = (kind, align.locate(gray, kind, blank))
            break
        except PapirnaError as e:
            errors.append(e.message)
    if found is None:
        raise PapirnaError(errors[0], file=shown)
    kind, where = found
    ref = reference(pack, kind, where.sheet_id, where.lang)
    where = align.refine(gray, where, kind, ref)
    straight, bend = align.unbend(align.warp(gray, where, kind), ref)
    straight = align.register(straight, ref, list(kind.boxes))
    paper = marks.paper_level(straight, ref)
    photo = marks.darkness(straight, ref, paper)
    boxes = list(kind.boxes)
    exp, blur = marks.expected_and_blur(photo, ref, boxes)
    match = _match(photo, exp)
    if match < MIN_MATCH and not _print_shown(photo, exp):
        raise PapirnaError(
            f"the marks and code say {where.sheet_id}, but the print does not look like that "
            f"sheet (match {match:.2f}); is it a sheet of another pack or version?",
            file=shown,
        )
    notes, causes = [], []
    band = marks.BAND
    if where.px_per_mm < LOW_RES:
        band *= LOW_RES_BAND
        notes.append(
            f"the sheet is only {where.px_per_mm:.1f} px per mm in this image (at least "
            f"{LOW_RES:.0f} is better): photograph it closer for a surer reading"
        )
        causes.append(
            f"the sheet is small in the photo ({where.px_per_mm:.1f} px per mm; {LOW_RES:.0f} or "
            "more is better)"
        )
    if bend > BENT_MM:
        notes.append(f"the sheet is bent or curled (the print moves by up to {bend:.1f} mm)")
        causes.append(f"the sheet is bent or curled (by up to {bend:.1f} mm)")
    shake = blur.length / PX_PER_MM
    if shake > 0:
        notes.append(
            f"the photo is shaken (the print is smeared by about {shake:.1f} mm): hold the "
            "phone still, or rest it on something, for a surer reading"
        )
        causes.append(f"the photo is shaken (the print smeared by about {shake:.1f} mm)")
    colour = colours_of(image, lambda channel: align.warp(channel, where, kind), shown)
    found = local.evidence(photo, exp, ref, boxes, band, colour, where.px_per_mm)
    evidence = dict(zip(found.names, found.evidence.tolist(), strict=True))
    quality = _quality(found, where.px_per_mm)
    widen = widening(quality)
    if widen > 1.0:
        notes.append(
            "the marks stand out little from the paper in this photo (light pencil, a shadow "
            "or dim light): more boxes are asked about"
        )
        causes.append(
            "the marks stand out little from the paper (light pencil, a shadow or dim light)"
        )
    doubts = list(found.doubts)
    if widen >= FAINT_WIDEN and found.contrast is not None:
        # the marks are all faint: where glare whitens the paper, they may not show at all
        from generator.games.papirove_doupe.scan.rules import scored

        white = local.whitened(paper, boxes, found.value, found.evidence, found.contrast)
        glared = [found.names[i] for i in np.flatnonzero(white) if scored(found.names[i])]
        doubts += [name for name in glared if name not in doubts]
        if glared:
            notes.append(
                "glare whitens part of the sheet, where faint marks may not show: the boxes there "
                "are asked about"
            )
            causes.append("glare whitens part of the sheet, where faint marks do not show")
    readings = judge(evidence, found.names, doubts, widen)
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
        quality=quality,
        doubts=doubts,
        causes=causes,
    )


# The doubt widens on a photo whose clear marks stand out little from its empty boxes (light
# pencil, a shadow, a dim or grainy photo): on the photo sets, sheets whose clear marks lay
# fewer than CLEAR_Z spreads of the empty boxes above them held most of the wrong boxes that
# were not listed, read with a sureness just over the margin (see the report of issue 24).
CLEAR_Z = 20.0  # spreads: clear marks this far above the empty boxes give the usual doubt
WIDEST = 2.0  # the margin grows linearly to this factor as that distance falls to nothing
MIN_CLEAR = 5  # with fewer clear marks than this there is nothing to tell it by: usual doubt,
FAINT_PX = 3.5  # but on a photo of this many px per mm or more the marks are all faint:
FAINT_WIDEN = 1.5  # the doubt is this much wider
SURE_MARK = 3.0  # evidence: a box read as marked this surely is a sure mark
MIN_SURE = 3  # a finished sheet holds dozens of marks: with fewer sure ones than this, at any
# resolution, the reader has no marks to tell the others by, and the doubt widens by FAINT_WIDEN.
# On 3,300 saved sheets of five photo sets, 24 had fewer, every one refused as too unsure but
# wild holdout 2173 (none sure: wrong with boxes unlisted), now refused too; the third
# set's held-out case 2586 (1591 px, light pencil under glare, 63 marks, none read surely) was
# scored with 12 questions and six fields wrong unlisted.
FAINT_FEW = 20  # a finished sheet holds dozens of marks: on a photo whose marks are all faint
# (the doubt widened FAINT_WIDEN or more), a reading with fewer scored boxes marked than this
# lost marks in the paper. Third set case 3467 (2371 px, light pencil crosses under glare: 32 of
# 47 marks read below zero, at -3.2 to -1.2, among the empty boxes; 16 scored boxes read as
# marked; levels, items and wounds wrong, unlisted). Of the 51 other saved faint sheets, the 19
# scored read 25 or more (the fewest: fourth 1747, exact), and the 32 refused stay refused. A
# blank sheet (no plain mark, SURE_MARK) is read as blank, its dungeon card asked about.


def widening(quality: dict[str, float]) -> float:
    """How much wider the doubt is on this photo than on a good one (1 = as wide), from how far
    its clear marks lie above its empty boxes, in spreads of the empty boxes. A sheet at the
    end of a game holds dozens of marks: on a photo sharp enough to show them (FAINT_PX), fewer
    than MIN_CLEAR clear ones means they are all faint (light pencil under glare), and the doubt
    widens by FAINT_WIDEN (third set cases 1482, 1509 and 1511: ticks at -1 or fainter, three to
    six fields wrong unlisted; now refused as too unsure). On a smaller photo the empty boxes
    scatter wider and plain marks too come out few clear (third set cases 1162, 1192 and 1251,
    2.1 px per mm, read exactly), so there the doubt stays as it is, unless fewer than MIN_SURE
    boxes read as marked surely at all."""
    if not quality:
        return 1.0
    if quality.get("sure_marks", MIN_SURE) < MIN_SURE:
        return FAINT_WIDEN
    if quality.get("clear_marks", 0) < MIN_CLEAR:
        return FAINT_WIDEN if quality.get("px_per_mm", 0.0) >= FAINT_PX else 1.0
    low = max(0.0, CLEAR_Z - quality["clear_z"]) / CLEAR_Z
    return 1.0 + (WIDEST - 1.0) * low


def _quality(found, px_per_mm: float) -> dict[str, float]:
    """How well the photo tells marks from empty boxes: its resolution, the empty boxes' spread
    (darkness), the threshold and the clear marks' level above the empty boxes (in spreads)."""
    from generator.games.papirove_doupe.scan import local

    value = np.asarray(found.value, dtype=np.float64)
    centre, spread = local._empty(value)
    z = (value - centre) / spread
    clear = z[z > 2 * local.EMPTY_SPREADS]
    return {
        "px_per_mm": px_per_mm,
        "spread": spread,
        "threshold_z": float((found.threshold - centre) / spread),
        "clear_z": float(np.median(clear)) if clear.size else 0.0,
        "clear_marks": int(clear.size),
        "sure_marks": int((np.asarray(found.evidence) >= SURE_MARK).sum()),
    }


def judge(
    evidence: dict[str, float], names: list[str], doubts: Iterable[str] = (), widen: float = 1.0
) -> list[BoxReading]:
    """Every box's reading from its evidence, as the rules decide it, in the order of `names`
    (`doubts`: boxes the reader asks about, if the rules read them as it did; `widen`: how much
    wider the doubt is on this photo than on a good one, see `widening`)."""
    from generator.games.papirove_doupe.scan import rules

    margin = rules.MARGIN * widen
    decision = rules.decide(evidence, doubts=doubts, margin=margin)
    scored = [n for n in names if rules.scored(n)]
    read = [n for n in scored if decision.marked[n]] if widen >= FAINT_WIDEN else []
    if read and len(read) < FAINT_FEW and any(evidence[n] >= SURE_MARK for n in read):
        # marks all faint, some plain but few read: the rest may be lost in the paper, so every
        # box read as empty is asked about (and the sheet, with that many, is too unsure)
        for name in scored:
            if not decision.marked[name]:
                decision.ask.setdefault(name, "unsure")
    readings = []
    for name in names:
        why = decision.ask.get(name) if rules.scored(name) else None
        confidence = min(1.0, decision.sureness[name] / (2 * margin))
        if why:
            confidence = min(confidence, UNCERTAIN - 0.01)
        readings.append(BoxReading(name, decision.marked[name], evidence[name], confidence, why))
    return readings


def _match(photo: np.ndarray, exp: np.ndarray) -> float:
    """Correlation of the straightened photo with the expected print (1 = the same)."""
    a = photo[::4, ::4].ravel().astype(np.float64)
    b = exp[::4, ::4].ravel().astype(np.float64)
    a, b = a - a.mean(), b - b.mean()
    den = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum() / den) if den > 0 else 0.0


def _print_shown(photo: np.ndarray, exp: np.ndarray) -> bool:
    """Whether the straightened photo shows the sheet's print where the sheet has it: on a sheet
    filled thickly and under a deep shadow the marks and the shade take the correlation
    (`_match`) below MIN_MATCH (wild holdout case 2347: 0.37, the print in place), but PRINT_SHOWN
    of the print's pixels are dark there, far more than where the print would lie moved
    PRINT_MOVE_MM (as another version's print does, and a photo dark all over does not)."""
    a, b = photo[::2, ::2], exp[::2, ::2]
    where = b > 0.3
    if not where.any():
        return False

    def shown(moved: np.ndarray) -> float:
        return float((moved[where] >= 0.5 * b[where]).mean())

    move = round(PRINT_MOVE_MM * PX_PER_MM / 2)
    here = shown(a)
    moved = max(shown(np.roll(a, move * d, axis=k)) for d in (-1, 1) for k in (0, 1))
    return here >= PRINT_SHOWN and here - moved >= PRINT_APART


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

    source = image.info.get("papirna-source") if image.mode != "RGB" else None
    if source and Path(source).is_file():  # read in grey: the overlay shows the colour photo
        with contextlib.suppress(PapirnaError):
            image = load_image(Path(source), result.file, colour=True)
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

    font = _font(max(12, round(max(base.size) / 90)))
    labels, rings = [], []  # each asked box's label, and its ring's bounds (kept clear of labels)
    crowded = result.too_many
    for box in result.kind.boxes:
        r = by_name[box.name]
        grow = 1.35 if box.round else 1.1  # a circled value's ring lies around the circle
        if r.ask:
            draw.polygon(polygon(box, grow), fill=(255, 120, 0, 90))
            ring = polygon(box, grow + 0.35)
            draw.polygon(ring, outline=(255, 100, 0, 255), width=width)
            state = "marked" if r.marked else "empty"
            x = max(p[0] for p in ring) + width * 2
            y = min(p[1] for p in ring)
            if not crowded:  # too many to check: the legend asks for a better photo instead
                labels.append((x, y, f"read as {state}, {r.confidence:.2f}"))
                xs, ys = [p[0] for p in ring], [p[1] for p in ring]
                rings.append((min(xs), min(ys), max(xs), max(ys)))
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
    sizes = []
    for x, y, text in labels:
        left, top, right, bottom = draw.textbbox((x, y), text, font=font)
        sizes.append((right - left + 4, bottom - top + 4))
    spots = place_labels([(x, y) for x, y, _ in labels], sizes, base.size, rings)
    for (x, y, _), (lx, ly), (a, _, c, d), (_, h) in zip(labels, spots, rings, sizes, strict=True):
        if (lx, ly) != (x, y):  # moved clear of another label: a line from its box's ring
            line = ((a + c) / 2, d, lx, ly + h / 2)
            draw.line(line, fill=(170, 60, 0, 255), width=max(1, width // 2))
    for (_, _, text), (lx, ly) in zip(labels, spots, strict=True):  # on top of boxes and lines
        left, top, right, bottom = draw.textbbox((lx, ly), text, font=font)
        draw.rectangle((left - 2, top - 2, right + 2, bottom + 2), fill=(255, 255, 255, 215))
        draw.text((lx, ly), text, fill=(170, 60, 0, 255), font=font)
    _legend(draw, font, width, result, base.width)
    return Image.alpha_composite(base, layer).convert("RGB")


def place_labels(
    anchors: list[tuple[float, float]],
    sizes: list[tuple[float, float]],
    room: tuple[int, int],
    clear: list[tuple[float, float, float, float]] = (),
) -> list[tuple[float, float]]:
    """Where each label goes: at its anchor (the top left of its plate) unless it would cover a
    label placed before it or one of the rectangles to keep `clear` (left, top, right, bottom:
    the rings of the boxes asked about), or run off the image's right edge; then moved left to
    fit and down (or else up) by whole label heights to the nearest free place. Labels are
    placed from the top down, so each one stays as close to its box as the others allow."""
    placed: list[tuple[float, float, float, float]] = list(clear)
    spots: list[tuple[float, float]] = [(0.0, 0.0)] * len(anchors)

    def free(x: float, y: float, w: float, h: float) -> bool:
        return all(x + w <= a or c <= x or y + h <= b or d <= y for a, b, c, d in placed)

    order = sorted(range(len(anchors)), key=lambda k: (anchors[k][1], anchors[k][0]))
    for k in order:
        (x, y), (w, h) = anchors[k], sizes[k]
        x = max(0.0, min(x, room[0] - w))
        tries = [y + step * h for n in range(40) for step in ((n, -n) if n else (0,))]
        y = next((t for t in tries if 0 <= t <= room[1] - h and free(x, t, w, h)), y)
        placed.append((x, y, x + w, y + h))
        spots[k] = (x, y)
    return spots


def _font(size: int):
    """A font for the overlay's labels (the bundled DejaVu Sans, else Pillow's own)."""
    from PIL import ImageFont

    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size)


LEGEND_LINES = 4  # the boxes to check take at most this many lines of the legend


def _wrap(draw, font, items: list[str], first: str, room: float) -> list[str]:
    """Items joined by commas into lines no wider than `room` px (the first line led by `first`);
    what does not fit in LEGEND_LINES lines is counted at the end."""
    lines, line = [], first
    for k, item in enumerate(items):
        piece = item + ("," if k < len(items) - 1 else "")
        trial = f"{line} {piece}" if line else piece
        if line and draw.textlength(trial, font=font) > room:
            lines.append(line)
            line = piece
        else:
            line = trial
        if len(lines) == LEGEND_LINES:
            lines[-1] += f" and {len(items) - k} more (all in the report)"
            return lines
    return [*lines, line]


def _legend(draw, font, width: int, result: ScanResult, image_width: int) -> None:
    """What the colours and labels mean, and the boxes to check, in the top-left corner."""
    from generator.games.papirove_doupe.scan.summary import questions, too_many

    size = font.size
    room = image_width - size * 5
    names = [b.name for b in result.uncertain]
    asked = questions(names)
    check = _wrap(draw, font, asked, f"{len(names)} to check:", room) if asked else []
    if too_many(names):  # what to do instead, not a list no one will go through
        check = [
            f"{len(names)} unsure, too many to check one by one: no score",
            *(_wrap(draw, font, result.causes, "why:", room) if result.causes else []),
            "photograph it again: even light, no shadow, the sheet filling",
            "the frame, the phone held flat over it",
        ]
    rows = [
        ((0, 200, 70, 200), None, ["read as marked"]),
        (None, (60, 130, 255, 255), ["read as empty"]),
        ((255, 120, 0, 160), (255, 100, 0, 255), check or ["nothing to check"]),
        (None, None, ["beside each: how it was read, and how sure (0-1): read as marked, 0.41"])
        if asked and not too_many(names)
        else None,
        (None, (220, 0, 200, 255), ["corner marks found"]),
    ]
    rows = [r for r in rows if r is not None]
    x, y = size, size
    step = size * 1.5
    right = max(draw.textlength(t, font=font) for *_, lines in rows for t in lines)
    height = sum(len(lines) for *_, lines in rows) * step
    draw.rectangle(
        (x - size // 2, y - size // 2, x + size * 2 + right + size // 2, y + height),
        fill=(255, 255, 255, 225),
        outline=(80, 80, 80, 255),
    )
    for fill, outline, lines in rows:
        if fill or outline:
            draw.rectangle((x, y, x + size, y + size), fill=fill, outline=outline, width=width)
        for text in lines:
            draw.text((x + size * 1.6, y - size * 0.1), text, fill=(20, 20, 20, 255), font=font)
            y += step


def save_overlay(result: ScanResult, image: Image.Image, out: Path) -> None:
    """Write the overlay image (PNG, or JPEG by the file's suffix): the whole picture or, when
    writing fails or is interrupted, nothing (a half-written PNG never appears at `out`)."""
    from generator.output.files import open_atomic

    picture = overlay(result, image)
    try:
        with open_atomic(out) as f:
            if out.suffix.lower() in (".jpg", ".jpeg"):
                picture.save(f, format="JPEG", quality=88)
            else:
                picture.save(f, format="PNG")
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
        lines.append(f"# {result.summary}")
        for b in result.uncertain:
            lines.append(
                f"#   {b.name}: read as {'marked' if b.marked else 'empty'}, {b.confidence:.2f}"
                + (" (against the rules)" if b.ask == "against the rules" else "")
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
