"""A sheet bent within a few centimetres: its print is brought back to where the boxes are."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan import align, local, marks, rules  # noqa: E402
from generator.games.papirove_doupe.scan.template import PX_PER_MM, reference  # noqa: E402

WAVE_MM = 60.0  # the bend's wavelength down the sheet
SWAY_MM = 0.4  # how far it moves the print sideways, at most


def _bent(pd_pack, sheet_kind):
    """The blank sheet straightened from a photo whose print sways sideways by up to 0.4 mm in
    a wave 60 mm long down the page (fixed-seed noise of 2.5 grey levels); and the blank sheet.
    The first, wide pass of unbending measures the shift every 28 mm or so: two samples a wave,
    which cannot follow it."""
    ref = reference(pd_pack, sheet_kind, "PD-standard-a4-cs", "cs")
    h, w = ref.shape
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    sway = SWAY_MM * PX_PER_MM * np.sin(2 * np.pi * yy / (WAVE_MM * PX_PER_MM))
    grey = (255 * (1 - ref)).astype(np.uint8)
    bent = cv2.remap(grey, xx + sway, yy, cv2.INTER_LINEAR, borderValue=255)
    noise = np.random.default_rng(24).normal(0, 2.5, bent.shape)
    return np.clip(bent + noise, 0, 255).astype(np.uint8), ref


def _shifts(photo: np.ndarray, ref: np.ndarray, sheet_kind) -> np.ndarray:
    """How far (mm) the print lies from the blank sheet in a 12 mm window round each square box."""
    hann = cv2.createHanningWindow((96, 96), cv2.CV_32F)
    out = []
    for b in sheet_kind.boxes:
        if b.round:
            continue
        cx, cy = int((b.x + b.w / 2 + 4) * PX_PER_MM), int((b.y + b.h / 2 + 4) * PX_PER_MM)
        a = photo[cy - 48 : cy + 48, cx - 48 : cx + 48].copy()
        r = ref[cy - 48 : cy + 48, cx - 48 : cx + 48].copy()
        if a.shape == (96, 96) and r.std() >= 0.05:
            (dx, dy), _ = cv2.phaseCorrelate(r, a, hann)
            out.append(np.hypot(dx, dy) / PX_PER_MM)
    return np.array(out)


def test_a_bend_shorter_than_the_wide_windows_is_taken_out(pd_pack, sheet_kind):
    """After unbending, the print round 9 of every 10 boxes lies within 0.25 mm of its place
    (the wide pass alone leaves it 0.58 mm off, worse than before it: 0.52)."""
    bent, ref = _bent(pd_pack, sheet_kind)
    straight, _ = align.unbend(bent, ref)
    photo = 1.0 - straight.astype(np.float32) / 255.0
    assert np.percentile(_shifts(photo, ref, sheet_kind), 90) < 0.25


def test_a_bent_blank_sheet_reads_hardly_a_mark(pd_pack, sheet_kind):
    """Read as a whole, the bent blank sheet has at most one box marked besides the one dungeon
    card the rules require (and left as a question): an item's first half, beside the thick
    line that parts it from the second, which the bend moves most. With the wide pass alone
    50-odd boxes read as marked, their outlines moved into them."""
    bent, ref = _bent(pd_pack, sheet_kind)
    straight, _ = align.unbend(bent, ref)
    photo = marks.darkness(straight, ref)
    boxes = list(sheet_kind.boxes)
    found = local.evidence(photo, marks.expected(photo, ref, boxes), ref, boxes, marks.BAND)
    d = rules.decide(dict(zip(found.names, found.evidence.tolist(), strict=True)))
    on = [n for n in found.names if d.marked[n] and rules.scored(n)]
    dungeon = [n for n in on if n.startswith("dungeon.")]
    assert len(dungeon) == 1 and dungeon[0] in d.ask
    assert len(on) <= 2
