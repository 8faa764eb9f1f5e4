"""A pack's start page: every file to print for this paper (single- or double-sided, paper or card
stock), what to bring, a 50 mm bar to check "print at 100 %", and how tiled boards go together.

The list is made from the pack itself, so it always matches what `build` writes.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

from generator.content.documents import StartFile, StartPage
from generator.content.pack import LoadedPrintable, Pack
from generator.layout.engine import Env
from generator.layout.ops import GroupOp, Page
from generator.layout.sketch import Sketch
from generator.output.tiling import TilePlan, plan_tiles, tile_layout
from generator.units import PAPER_SIZES_MM

WIDTH, HEIGHT = 190.0, 262.0  # the page's area, centred on A4 and Letter (margins > 8 mm)
INK, MUTED, SHADE = "#1d1a17", "#5b534a", "#e6e1d8"

# papirna's own words on the page; other languages fall back to English
TEXT = {
    "cs": {
        "print": "Co vytisknout",
        "file": "Soubor",
        "what": "Co to je",
        "how": "Jak tisknout",
        "one": "jednostranně",
        "two-long": "oboustranně, obracet přes delší hranu",
        "two-short": "oboustranně, obracet přes kratší hranu",
        "paper": "obyčejný papír",
        "card": "čtvrtka 160–250 g/m²",
        "fillable": "K vyplnění na obrazovce je i {file}.",
        "a3": "Na A3 v jednom kuse: {file}.",
        # Czech counts: na 2-4 listy, na 5 (and more) listů
        "tiled": "Vytiskne se na {n} {sheets} ({cols} × {rows}); jak je složit, ukazuje obrázek dole.",
        "sheets-few": "listy",
        "sheets-many": "listů",
        "scale": "Tiskni ve skutečné velikosti",
        "scale-body": "V tiskovém dialogu zvol „Skutečná velikost“ nebo 100 %, nikdy "
        "„Přizpůsobit stránce“. Úsečka vpravo pak měří přesně 50 mm; změř ji pravítkem.",
        "bring": "Co si připrav navíc",
        "tiles": "Jak složit: {title}",
        "tiles-body": "Díly se jmenují podle řádku a sloupce, A1 je vlevo nahoře. Každému dílu "
        "odstřihni levý a horní okraj podél hrany obrázku, ale jen tam, kde navazuje na jiný "
        "díl, a přilož ho na čárkovanou čáru souseda. Šedé pruhy jsou překryvy.",
    },
    "en": {
        "print": "What to print",
        "file": "File",
        "what": "What it is",
        "how": "How to print",
        "one": "single-sided",
        "two-long": "double-sided, flip on the long edge",
        "two-short": "double-sided, flip on the short edge",
        "paper": "plain paper",
        "card": "card stock, 160–250 gsm",
        "fillable": "To fill in on screen, there is also {file}.",
        "a3": "On A3 in one piece: {file}.",
        "tiled": "Prints on {n} {sheets} ({cols} × {rows}); the diagram below shows how they fit.",
        "sheets-few": "sheets",
        "sheets-many": "sheets",
        "scale": "Print at actual size",
        "scale-body": "In the print dialog choose “Actual size” or 100 %, never “Fit to page”. "
        "The bar on the right then measures exactly 50 mm; check it with a ruler.",
        "bring": "What else you need",
        "tiles": "How to assemble: {title}",
        "tiles-body": "Tiles are named by row and column; A1 is top left. Cut each tile’s left "
        "and top margin off along the edge of the art, only where it meets another tile, and lay "
        "it on its neighbour’s dashed line. The grey strips are the overlaps.",
    },
}


@dataclass
class Row:
    """One file on the list."""

    file: str
    what: str
    how: str
    notes: list[str]


_ONE_LETTER = re.compile(r"(?<![\w-])([KkSsVvZzOoUuAaIi]) ")


def bind(text: str) -> str:
    """Czech: a one-letter word never ends a line (a no-break space binds it to the next)."""
    return _ONE_LETTER.sub("\\1\u00a0", text)


def words(lang: str) -> dict[str, str]:
    """The page's own words in `lang`, or in English."""
    return TEXT.get(lang, TEXT["en"])


def board_tiles(size: tuple[float, float], paper: tuple[float, float]) -> TilePlan | None:
    """How a drawn page of `size` is printed on `paper`: None when it fits (either way), else
    the tiling `build` uses (the same plan_tiles, so the diagram follows the tiles)."""
    w, h = size
    pw, ph = paper
    if (w <= pw + 1e-6 and h <= ph + 1e-6) or (h <= pw + 1e-6 and w <= ph + 1e-6):
        return None
    return plan_tiles(size, paper)


def start_pages(
    pack: Pack,
    page: LoadedPrintable,
    lang: str,
    paper: str,
    env: Env,
    filename,
    duplex: str,
    sizes: dict[str, tuple[float, float]],
) -> list[Page]:
    """The start page for one language and paper, centred on the paper.

    `filename(printable, fillable, paper)` names a file as `build` writes it; `sizes` gives the
    drawn size of each drawn printable (to tell which are tiled on this paper).
    """
    data: StartPage = page.data.model if page.data is not None else StartPage(title=page.spec.title)
    t = words(lang)
    rows: list[Row] = []
    tiled: list[tuple[str, tuple[float, float], tuple]] = []
    for pid, lp in pack.printables.items():
        if lp is page or lp.spec.kind == "start":
            continue
        allowed = lp.spec.paper or ["a4", "letter"]
        if paper not in allowed:
            continue
        how = data.files.get(pid, StartFile())
        row = _row(lp, how, lang, t, duplex, filename(lp, False, paper))
        same = next((r for r in rows if r.file == row.file), None)
        if same is not None:  # --pack: decks that share one file are one row, titles joined
            same.what = f"{same.what}, {row.what}"
            same.notes.extend(n for n in row.notes if n not in same.notes)
            continue
        rows.append(row)
        if lp.spec.fillable:
            rows[-1].notes.append(t["fillable"].format(file=filename(lp, True, paper)))
        if "a3" in allowed and paper != "a3":
            rows[-1].notes.append(t["a3"].format(file=filename(lp, False, "a3")))
        if pid in sizes:
            grid = board_tiles(sizes[pid], PAPER_SIZES_MM[paper])
            if grid is not None:
                cols, nrows = grid.cols, grid.rows
                n = cols * nrows
                sheets = t["sheets-few" if 2 <= n <= 4 else "sheets-many"]
                note = t["tiled"].format(n=n, sheets=sheets, cols=cols, rows=nrows)
                rows[-1].notes.append(note)
                tiled.append((lp.spec.title.get(lang), sizes[pid], grid))
    sk = Sketch(env, f"{page.id} page")
    y = _header(sk, data, lang, t)
    y = _table(sk, rows, t, y)
    if data.bring:
        y = _bring(sk, data, lang, t, y)
    for title, size, grid in tiled[:2]:
        y = _tiles(sk, title, size, grid, t, y, data.accent)
    pw, ph = PAPER_SIZES_MM[paper]
    return [Page(pw, ph, [GroupOp((pw - WIDTH) / 2, (ph - HEIGHT) / 2, tuple(sk.ops))])]


def _row(lp: LoadedPrintable, how: StartFile, lang: str, t, duplex: str, file: str) -> Row:
    deck = lp.spec.kind == "deck"
    two = how.sides == "two" or (how.sides is None and deck and lp.spec.back is not None)
    if two and duplex == "none":
        two = False
    sides = t["two-short" if duplex == "short" else "two-long"] if two else t["one"]
    stock = how.stock or ("card" if deck else "paper")
    notes = [how.note.get(lang)] if how.note else []
    return Row(file, lp.spec.title.get(lang), f"{sides}; {t[stock]}", notes)


def _header(sk: Sketch, data: StartPage, lang: str, t) -> float:
    sk.text(bind(data.title.get(lang)), 0, 0, WIDTH, 12, size=22, min_size=14, font="display",
            color=data.accent, valign="top", field="title")  # fmt: skip
    sk.line(0, 13, WIDTH, 13, stroke=data.accent, width=0.5)
    y = 16.0
    if data.intro:
        sk.text(bind(data.intro.get(lang)), 0, y, WIDTH, 14, size=10, min_size=8, valign="top",
                field="intro")  # fmt: skip
        y += 16
    # print at 100 %: the words, and a 50 mm bar to measure
    sk.rect(0, y, WIDTH, 22, fill=SHADE, stroke=None, radius=2)
    sk.text(t["scale"], 4, y + 2, 120, 6, size=11, style="bold", color=INK, field="scale")
    sk.text(bind(t["scale-body"]), 4, y + 8, 120, 13, size=8.5, min_size=7, valign="top",
            color=INK, field="scale-body")  # fmt: skip
    _scale_bar(sk, WIDTH - 62, y + 9)
    return y + 27


def _scale_bar(sk: Sketch, x: float, y: float) -> None:
    """A 50 mm bar with a tick every 10 mm, labelled."""
    sk.rect(x, y, 50, 2.5, fill=INK, stroke=None)
    for i in range(6):
        sk.line(x + i * 10, y - 1.5, x + i * 10, y + 4, stroke=INK, width=0.3)
    for i in range(0, 5, 2):
        sk.rect(x + i * 10 + 0.3, y + 0.4, 9.4, 1.7, fill="#ffffff", stroke=None)
    sk.text("0", x - 3, y + 4.5, 6, 4, size=7, align="center", field="scale")
    sk.text("50 mm", x + 42, y + 4.5, 16, 4, size=7, align="center", field="scale")


def _table(sk: Sketch, rows: list[Row], t, y: float) -> float:
    sk.text(t["print"], 0, y, WIDTH, 8, size=14, font="display", color=INK, field="print")
    y += 10
    cols = (0.0, 70.0, 112.0)  # file | what it is | how
    widths = (68.0, 40.0, WIDTH - 112.0)
    for x, w, key in zip(cols, widths, ("file", "what", "how"), strict=True):
        sk.text(t[key], x, y, w, 5, size=8, style="bold", color=MUTED, field=key)
    y += 6
    sk.line(0, y, WIDTH, y, stroke=MUTED, width=0.3)
    for i, row in enumerate(rows):
        note = bind(" ".join(row.notes))
        h = 7.5 + (3.6 * math.ceil(len(note) / 95) if note else 0)
        if i % 2:
            sk.rect(0, y, WIDTH, h, fill="#f4f1ec", stroke=None)
        sk.text(row.file, cols[0] + 1, y + 1, widths[0] - 2, 5.5, size=7, min_size=6,
                field="file")  # fmt: skip
        sk.text(row.what, cols[1], y + 1, widths[1] - 2, 5.5, size=8, min_size=6, style="bold",
                field="what")  # fmt: skip
        sk.text(row.how, cols[2], y + 1, widths[2], 5.5, size=8, min_size=6, field="how")
        if note:
            sk.text(note, cols[1], y + 6.5, WIDTH - cols[1], h - 7, size=7.5, min_size=6,
                    valign="top", color=MUTED, field="note")  # fmt: skip
        y += h
    sk.line(0, y, WIDTH, y, stroke=MUTED, width=0.3)
    return y + 5


def _bring(sk: Sketch, data: StartPage, lang: str, t, y: float) -> float:
    sk.text(t["bring"], 0, y, WIDTH, 8, size=14, font="display", color=INK, field="bring")
    y += 10
    items = [b.get(lang) for b in data.bring]
    per_col = math.ceil(len(items) / 2)
    for i, item in enumerate(items):
        x = 0 if i < per_col else WIDTH / 2
        yy = y + (i % per_col) * 6
        sk.circle(x + 1.5, yy + 2.6, 0.9, fill=data.accent, stroke=None)
        sk.text(bind(item), x + 4, yy, WIDTH / 2 - 6, 5.5, size=9, min_size=7, field="bring")
    return y + per_col * 6 + 4


def _clear_span(a: float, b: float, spans: list[tuple[float, float]]) -> tuple[float, float]:
    """The widest piece of [a, b] that no end of another span falls inside."""
    cuts = sorted({a, b, *(e for span in spans for e in span if a + 1e-6 < e < b - 1e-6)})
    return max(itertools.pairwise(cuts), key=lambda ab: ab[1] - ab[0])


def _tiles(sk: Sketch, title: str, size, grid, t, y: float, accent: str) -> float:
    """A small picture of the board cut into its tiles, with the overlaps shaded."""
    sk.text(t["tiles"].format(title=title), 0, y, WIDTH, 8, size=14, font="display",
            color=INK, field="tiles")  # fmt: skip
    y += 10
    room = HEIGHT - y
    if room < 30:
        return y
    bw, bh = size
    scale = min(90 / bw, (room - 4) / bh)
    vw, vh = grid.view
    with sk.element("tile diagram"):  # one picture: its outlines and names may touch
        ox, oy = 0.0, y
        sk.rect(ox, oy, bw * scale, bh * scale, fill="#ffffff", stroke=INK, width=0.4)
        tiles = tile_layout(size, grid)
        for tl in tiles:  # the strips a neighbour covers
            if tl.seam_x is not None:
                sk.rect(ox + (tl.x + tl.seam_x) * scale, oy + tl.y * scale,
                        (vw - tl.seam_x) * scale, vh * scale, fill=SHADE, stroke=None)  # fmt: skip
            if tl.seam_y is not None:
                sk.rect(ox + tl.x * scale, oy + (tl.y + tl.seam_y) * scale,
                        vw * scale, (vh - tl.seam_y) * scale, fill=SHADE, stroke=None)  # fmt: skip
        for tl in tiles:
            sk.rect(ox + tl.x * scale, oy + tl.y * scale, vw * scale, vh * scale, stroke=accent,
                    width=0.35, dash=(1.2, 0.8))  # fmt: skip
            # the name sits in the widest piece of the tile's visible part that no other
            # tile's dashed outline crosses, and fits it
            x0, x1 = _clear_span(tl.x, tl.x + (tl.seam_x or vw), [(t.x, t.x + vw) for t in tiles])
            y0, y1 = _clear_span(tl.y, tl.y + (tl.seam_y or vh), [(t.y, t.y + vh) for t in tiles])
            cx, cy = ox + (x0 + x1) / 2 * scale, oy + (y0 + y1) / 2 * scale
            size = min(10.0, ((y1 - y0) * scale - 2.5) / 0.6)
            if size >= 6.0:
                sk.text(tl.name, cx - 6, cy - size * 0.25, 12, size * 0.5, size=size,
                        min_size=6, style="bold", align="center", color=accent,
                        field="tiles")  # fmt: skip
    text_x = bw * scale + 6
    sk.text(bind(t["tiles-body"]), text_x, y, WIDTH - text_x, min(room, 40), size=8.5, min_size=6.5,
            valign="top", field="tiles-body")  # fmt: skip
    return y + max(bh * scale, 30) + 6
