"""Shared fixtures for reading photographed sheets: the pack, its sheet, synthetic photos."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from generator.cli.common import load_packs


@pytest.fixture(scope="session")
def pd_pack():
    """The built-in Papírové doupě pack."""
    return load_packs(["papirove-doupe"], None)[0]


@pytest.fixture(scope="session")
def sheet_kind(pd_pack):
    """The pack's player sheet as the reader sees it."""
    pytest.importorskip("cv2")
    from generator.games.papirove_doupe.scan.template import sheet_kinds

    return sheet_kinds(pd_pack)[0]


@dataclass
class Case:
    """A synthetic photo of a filled sheet and what was marked on it."""

    photo: object
    marked: set[str]
    styles: dict[str, str]
    damage: object
    lang: str
    paper: str


def make_case(
    pack, kind, seed: int, px_per_mm: float, *, scan: bool = False, page_px: float = 6.0
) -> Case:
    """A random filled sheet (seeded), photographed or scanned at about px_per_mm."""
    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(seed)
    lang = rng.choice(["cs", "en"])
    paper = rng.choice(["a4", "letter"])
    page, offset = synth.printed_page(pack, kind, lang, paper, page_px)
    marked = synth.random_fill(kind, rng)
    styles = synth.mark_styles(kind, marked, rng)
    page = synth.scribble_extras(page, page_px, kind, offset, rng)
    page = synth.fill_page(page, page_px, kind, styles, offset, rng)
    damage = synth.random_damage(rng, px_per_mm, scan=scan)
    photo, _ = synth.photograph(page, page_px, damage)
    return Case(photo, marked, styles, damage, lang, paper)


def blank_photo(pack, kind, seed: int = 24):
    """A blank cs-A4 sheet as a flawless photo would show it (fixed-seed noise of 0.01), and the
    blank sheet itself, both as darkness in the sheet-aligned image."""
    import numpy as np

    from generator.games.papirove_doupe.scan.template import reference

    ref = np.array(reference(pack, kind, "PD-standard-a4-cs", "cs"), dtype=np.float32)
    noise = np.random.default_rng(seed).normal(0.0, 0.01, ref.shape).astype(np.float32)
    return ref + noise, ref


def pencil_cross(image, box, darkness: float) -> None:
    """Draw a light pencil cross into `box` of a sheet-aligned darkness image: 0.3 mm strokes of
    `darkness`, corner to corner 0.6 mm inside the box (anti-aliased, to 1/16 px)."""
    import cv2

    from generator.games.papirove_doupe.scan.template import PX_PER_MM, px

    x0, y0 = px(box.x + 0.6) * 16, px(box.y + 0.6) * 16
    x1, y1 = px(box.x + box.w - 0.6) * 16, px(box.y + box.h - 0.6) * 16
    for p, q in (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))):
        p, q = tuple(round(v) for v in p), tuple(round(v) for v in q)
        cv2.line(image, p, q, darkness, round(0.3 * PX_PER_MM), cv2.LINE_AA, 4)


def fill_box(image, box, level: float) -> None:
    """Fill a box of a sheet-aligned darkness image to at least `level` (a pen fill)."""
    import numpy as np

    from generator.games.papirove_doupe.scan.template import px

    x0, y0, x1, y1 = (round(px(v)) for v in (box.x, box.y, box.x + box.w, box.y + box.h))
    image[y0:y1, x0:x1] = np.maximum(image[y0:y1, x0:x1], level)


def raise_inside(image, box, add: float) -> None:
    """Add `add` to the darkness inside a box's measured region (marks.INSET_MM or 12 % of its
    side in from each edge): what a shading the background does not carry in leaves there."""
    import numpy as np

    from generator.games.papirove_doupe.scan import marks
    from generator.games.papirove_doupe.scan.template import px

    inset = max(marks.INSET_MM, 0.12 * min(box.w, box.h))
    x0, y0 = round(px(box.x + inset)), round(px(box.y + inset))
    x1, y1 = round(px(box.x + box.w - inset)), round(px(box.y + box.h - inset))
    image[y0:y1, x0:x1] += np.float32(add)


def box_named(kind, name: str):
    """The box of the sheet kind with this field name."""
    return next(b for b in kind.boxes if b.name == name)


def draw_ring(photo, box, r_mm: float, darkness: float, dx_mm=0.0, dy_mm=0.0, width_mm=0.4):
    """`photo` with a ring of radius r_mm, width_mm wide, of the given darkness, round `box`
    (its centre moved by dx_mm, dy_mm), as darkness added to the sheet-aligned image."""
    import cv2
    import numpy as np

    from generator.games.papirove_doupe.scan.template import PX_PER_MM, px

    ring = np.zeros_like(photo)
    cx = px(box.x + box.w / 2) + dx_mm * PX_PER_MM - 0.5  # pixel-centre coordinates
    cy = px(box.y + box.h / 2) + dy_mm * PX_PER_MM - 0.5
    width = round(width_mm * PX_PER_MM)
    centre = (round(cx * 16), round(cy * 16))
    cv2.circle(ring, centre, round(r_mm * PX_PER_MM * 16), darkness, width, cv2.LINE_AA, 4)
    return photo + ring


def later_mtime(monkeypatch, path, ns: int = 1000) -> None:
    """Make os.stat report `path` as modified `ns` nanoseconds later, in this process only: a
    test of a cache key sees an edit without touching a file of the repository, which tests in
    other workers key their own caches on (test_startup's second run found its pack cache stale
    when another worker moved a pack file's time between its runs)."""
    import os

    real = os.stat
    target = os.path.realpath(path)

    class Later:
        def __init__(self, st):
            self._st = st

        def __getattr__(self, name):
            return getattr(self._st, name)

        @property
        def st_mtime_ns(self):
            return self._st.st_mtime_ns + ns

    def stat(p, *args, **kwargs):
        st = real(p, *args, **kwargs)
        return Later(st) if os.path.realpath(p) == target else st

    monkeypatch.setattr(os, "stat", stat)
