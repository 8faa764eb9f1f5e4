"""The colour of what darkens each box, for a sheet filled with a highlighter.

The reader reads in grey (a JPEG is decoded straight to its brightness). A highlighter's fill
is as light in grey as the grey smudge an erased pencil mark leaves, and in dim light it can
vanish; by its colour it is told: the fill is yellow, pink or green, the smudge grey.
`local.evidence` asks for the colours only where the sheet's clear marks are light or too few
(`local.faint_marks`, `local.colour_fills`), so a photo filled in pen is not decoded again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from generator.games.papirove_doupe.scan.template import Box, px

INNER_MM = 0.8  # a box's inside: this far in from its outline (a misfit of the colour image,
# which is not bent back as the grey one is, stays off the outline)
PAPER_MM = (1.5, 4.0)  # the paper round a box: a band from this far out to that far
PAPER_QUANTILE = 75  # the paper's colour: this percentile of each channel over that band
# (above its print and pen)
DARKER = 0.95  # a pixel of the inside darker than this share of the paper's brightness is drawn
MIN_PIXELS = 6  # a box with fewer drawn pixels has no colour to tell
COVER_SPREAD = 0.15  # a pixel of the inside whose channels (each over the paper's) spread this
# much is coloured: what a box's `cover` counts (the fourth photo set's 81 highlighter sheets:
# every fill covers 0.70 of its box or more, every empty box, in low light too, 0.37 at most)


@dataclass
class BoxColour:
    """The colour of what darkens each box (nan for circles, a box cut off, or too little)."""

    chroma: np.ndarray  # how colourful its drawn pixels are (see `box_colour`)
    cover: np.ndarray  # the share of its inside that is coloured (COVER_SPREAD)


def box_colour(channels: Sequence[np.ndarray], boxes: Sequence[Box]) -> BoxColour:
    """How colourful what darkens each square box is, and how much of it is coloured
    (`channels`: red, green and blue of the sheet-aligned image). Each pixel of a box's inside
    is taken channel by channel over the paper round the box (PAPER_MM, PAPER_QUANTILE), so a
    colour cast, warm light or a tinted paper drops out; its spread is its largest channel less
    its smallest. `chroma`: the mean spread over the pixels darker than DARKER of the paper (nan
    with fewer than MIN_PIXELS): a grey smudge reads about 0, a highlighter's fill 0.3-0.6.
    `cover`: the share of the inside's pixels spread COVER_SPREAD or more."""
    h, w = channels[0].shape
    chroma, cover = np.full(len(boxes), np.nan), np.full(len(boxes), np.nan)
    near, far = PAPER_MM
    for i, b in enumerate(boxes):
        if b.round:
            continue
        x0, y0 = int(px(b.x + INNER_MM)), int(px(b.y + INNER_MM))
        x1, y1 = int(px(b.x + b.w - INNER_MM)), int(px(b.y + b.h - INNER_MM))
        bx0, by0 = int(px(b.x - far)), int(px(b.y - far))
        bx1, by1 = int(px(b.x + b.w + far)), int(px(b.y + b.h + far))
        if x1 <= x0 or y1 <= y0 or bx0 < 0 or by0 < 0 or bx1 > w or by1 > h:
            continue
        band = np.ones((by1 - by0, bx1 - bx0), bool)
        band[
            int(px(b.y - near)) - by0 : int(px(b.y + b.h + near)) - by0,
            int(px(b.x - near)) - bx0 : int(px(b.x + b.w + near)) - bx0,
        ] = False
        paper = [max(float(np.percentile(c[by0:by1, bx0:bx1][band], PAPER_QUANTILE)), 1.0)
                 for c in channels]  # fmt: skip
        inside = np.stack(
            [c[y0:y1, x0:x1].astype(np.float32) / p for c, p in zip(channels, paper, strict=True)]
        )
        spread = inside.max(axis=0) - inside.min(axis=0)
        cover[i] = float(np.mean(spread >= COVER_SPREAD))
        drawn = inside.mean(axis=0) < DARKER
        if drawn.sum() >= MIN_PIXELS:
            chroma[i] = float(spread[drawn].mean())
    return BoxColour(chroma, cover)


class Colours:
    """The colour of a photo's boxes (`box_colour`): `read` gives the sheet-aligned channels
    (None where there is no colour to read), decoded when first needed and kept. `reading` is
    the last reading of a whole sheet's boxes (`__call__`); `some` reads a few boxes only."""

    def __init__(self, read: Callable[[], Sequence[np.ndarray] | None]) -> None:
        self._read = read
        self._channels: Sequence[np.ndarray] | None = None
        self._decoded = False
        self._boxes: Sequence[Box] | None = None
        self.reading: BoxColour | None = None

    def some(self, boxes: Sequence[Box]) -> BoxColour:
        """The colour of these boxes (every value nan where the photo has none), not kept."""
        if not self._decoded:
            self._channels, self._decoded = self._read(), True
        if self._channels is None:
            nan = np.full(len(boxes), np.nan)
            return BoxColour(nan, nan.copy())
        return box_colour(self._channels, boxes)

    def __call__(self, boxes: Sequence[Box]) -> BoxColour:
        """The colour of a sheet's boxes, kept as `reading` (read once for the same boxes)."""
        if self.reading is None or self._boxes is not boxes:
            self.reading, self._boxes = self.some(boxes), boxes
        return self.reading


def colours_of(image, warp: Callable[[np.ndarray], np.ndarray], shown: str) -> Colours:
    """The colours of the photo `image`'s boxes (a grey image made by `read.load_image`, which
    remembers its file, or a colour one), its channels cut out and straightened by `warp` as
    the grey image was; none where there is no colour to read (a photo given in grey, or one
    whose colour decoding comes out another size). Nothing is decoded until they are asked for."""
    from generator.errors import PapirnaError
    from generator.games.papirove_doupe.scan.read import load_image

    def channels() -> list[np.ndarray] | None:
        source = image.info.get("papirna-source")
        if image.mode == "RGB":
            rgb = image
        elif source:
            try:
                rgb = load_image(Path(source), shown, colour=True)
            except PapirnaError:  # (read in grey, it can still be read without its colour)
                return None
        else:
            return None
        if rgb.size != image.size or rgb.mode != "RGB":
            return None
        straight = warp(np.asarray(rgb))  # (the three channels at once)
        return [straight[..., k] for k in range(3)]

    return Colours(channels)
