"""Reading every box of synthetic photos exactly: pen marks of many kinds, then camera damage."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from generator.games.papirove_doupe.scan.read import LOW_RES, read_image, sheet_data, widening
from generator.games.papirove_doupe.scan.rules import scored
from generator.games.papirove_doupe.scan.summary import TOO_MANY
from generator.games.papirove_doupe.score import from_fields as papirove_doupe_from_fields
from tests.games.papirove_doupe.scan.conftest import later_mtime, make_case

CASES = 12  # benchmarks/bench_scan.py and bench_scan_wild.py run many more
SEED = 20240611


def _truth_data(kind, marked: set[str]) -> dict:
    values = {b.name: b.name in marked for b in kind.boxes}
    values["player"] = "truth"
    return papirove_doupe_from_fields(values, "truth")


@pytest.mark.slow
def test_generated_photos_are_read_exactly(pd_pack, sheet_kind):
    """>= 99.9 % of scored boxes right, and no box wrong without being listed for the player."""
    boxes = wrong = listed = 0
    silent = []
    misscored = []
    for i in range(CASES):
        scan = i % 5 == 4  # every fifth a flatbed scan, the rest phone photos
        case = make_case(pd_pack, sheet_kind, SEED + i, 6.0 if scan else 4.5, scan=scan)
        result = read_image(case.photo, pd_pack, f"case{i}.jpg")
        assert result.sheet_id == f"PD-standard-{case.paper}-{case.lang}"
        asked = {b.name for b in result.uncertain}
        listed += len(asked)
        for b in result.boxes:
            if not scored(b.name):
                continue
            boxes += 1
            if b.marked != (b.name in case.marked):
                wrong += 1
                if b.name not in asked:
                    silent.append((i, b.name, case.styles.get(b.name), round(b.score, 1)))
        data, problem = sheet_data(result)
        truth = _truth_data(sheet_kind, case.marked)
        truth["player"] = data["player"]
        if (problem or data != truth) and not result.uncertain:
            misscored.append(i)
    assert not silent, f"boxes misread without a flag: {silent}"
    assert not misscored, f"sheets misread with no box flagged: {misscored}"
    assert wrong <= boxes * 0.001, f"{wrong} of {boxes} boxes misread"
    assert listed <= CASES * 3, f"{listed} boxes listed on {CASES} sheets"


@pytest.mark.parametrize("style", ["cross", "tick", "fill", "scribble", "slash"])
def test_every_mark_style_counts(pd_pack, sheet_kind, style):
    import random

    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(7)
    page, offset = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    names = [  # a combination the rules allow: levels and wounds from the left, range visited
        "dungeon.C",
        "adventurer.wizard.level.2",
        "adventurer.wizard.level.3",
        "wound.1",
        "wound.2",
        "item.4.half.1",
        "monster.2.visited",
        "monster.2.range.1",
    ]
    page = synth.fill_page(page, 6.0, sheet_kind, dict.fromkeys(names, style), offset, rng)
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=5.0, angle=-8, blur=0.8, jpeg=70))
    result = read_image(photo, pd_pack, "x.jpg")
    assert {b.name for b in result.boxes if b.marked} == set(names)
    # a clean sheet: at most one box near the margin is asked about, never one of the marks
    assert len(result.uncertain) <= 1 and not {b.name for b in result.uncertain} & set(names)


def test_circled_values(pd_pack, sheet_kind):
    import random

    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(3)
    page, offset = synth.printed_page(pd_pack, sheet_kind, "en", "letter", 6.0)
    circled = {
        "quest.1.glory.4",
        "quest.3.glory.10",
        "goal.glory.7",
        "ability.glory.-2",
        "resurrection",
    }
    # a resurrection needs more wounds than the starting health (4): five wounds marked
    wounds = {f"wound.{k}" for k in range(1, 6)}
    styles = dict.fromkeys(circled, "circle") | dict.fromkeys(wounds, "cross")
    page = synth.fill_page(page, 6.0, sheet_kind, styles, offset, rng)
    damage = synth.Damage(px_per_mm=4.5, angle=9, skew=0.04, light=0.3, background="wood", jpeg=60)
    photo, _ = synth.photograph(page, 6.0, damage)
    result = read_image(photo, pd_pack, "x.jpg")
    marked = {b.name for b in result.boxes if b.marked}
    # no dungeon card was marked: the rules take the likeliest and ask about it
    (dungeon,) = marked - circled - wounds
    assert dungeon.startswith("dungeon.") and circled | wounds <= marked
    # (the empty values of a row that all look a little marked on this 4.5 px per mm photo are
    # asked about too, however many: still fewer than would make the summary give up)
    asked = [b.name for b in result.uncertain]
    assert dungeon in asked and len(asked) <= TOO_MANY and not circled & set(asked)


def test_blank_sheet_reads_empty_even_where_shaded(pd_pack, sheet_kind):
    """Level 1, the first health boxes and monster-round dice boxes are printed shaded."""
    from generator.games.papirove_doupe.scan import synth

    page, _ = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    photo, _ = synth.photograph(page, 6.0, synth.Damage(px_per_mm=5.0, light=0.4, gamma=1.4))
    result = read_image(photo, pd_pack, "blank.png")
    # a sheet needs one dungeon card: the likeliest is taken and is the one box read as marked,
    # and asked about; besides it only an empty glory value is asked, one that reads as ringed
    # as a light ring does (ability glory -4 here: -1.28 against -1.73 and -1.72 beside it and
    # the row's median -2.0, see rules._ask_about_a_ringier_value), read as empty
    asked = [b.name for b in result.uncertain]
    assert asked[0].startswith("dungeon.") and len(asked) <= 2
    assert all(".glory." in n for n in asked[1:])
    assert [b.name for b in result.boxes if b.marked] == asked[:1]
    assert result.summary.startswith(f"{len(asked)} box") and f"dungeon card {asked[0][8:]}" in (
        result.summary
    )
    _, problem = sheet_data(result)
    assert problem is None


def test_overlay_legend_names_the_boxes_to_check_on_the_colour_photo(pd_pack, sheet_kind, tmp_path):
    """The --show picture: the legend says what the colours mean and which boxes to check, each
    asked box is labelled with how it was read; drawn on the colour photo though read in grey."""
    from PIL import ImageDraw

    from generator.games.papirove_doupe.scan import synth
    from generator.games.papirove_doupe.scan.read import load_image, overlay

    page, _ = synth.printed_page(pd_pack, sheet_kind, "cs", "a4", 6.0)
    damage = synth.Damage(px_per_mm=5.0, background="wood")
    photo, _ = synth.photograph(page, 6.0, damage)
    path = tmp_path / "blank.jpg"
    photo.save(path, quality=92)
    grey = load_image(path, "blank.jpg")
    assert grey.mode == "L"
    result = read_image(grey, pd_pack, "blank.jpg")
    (asked,) = result.uncertain  # a blank sheet: only the dungeon card is asked about
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, text, *args, **kwargs):
        drawn.append(text)
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = record
    try:
        picture = overlay(result, grey)
    finally:
        ImageDraw.ImageDraw.text = original
    assert "read as marked" in drawn and "read as empty" in drawn
    assert f"1 to check: dungeon card {asked.name[8:]}" in drawn
    assert f"read as marked, {asked.confidence:.2f}" in drawn
    # the wooden table around the sheet keeps its colour (a grey photo has R == G == B)
    r, g, b = picture.getpixel((picture.width - 3, picture.height - 3))
    assert max(r, g, b) - min(r, g, b) > 15


def test_the_cache_gives_the_same_box_map_and_blank_sheet(pd_pack, tmp_path, monkeypatch):
    """Kept between runs and read back, the box map and blank raster are what making them gives;
    a pack file that changes gives a new key, so a stale cache is never used."""
    import numpy as np

    from generator.games.papirove_doupe.scan import template

    monkeypatch.setenv(template.CACHE_ENV, "off")
    monkeypatch.setattr(template, "_KINDS", {})
    monkeypatch.setattr(template, "_REFERENCES", {})
    fresh = template.sheet_kinds(pd_pack)
    blank = template.reference(pd_pack, fresh[0], "PD-standard-letter-en", "en")
    monkeypatch.setenv(template.CACHE_ENV, str(tmp_path))
    for _ in range(2):  # written, then read back
        template._KINDS.clear()
        template._REFERENCES.clear()
        assert template.sheet_kinds(pd_pack) == fresh
        again = template.reference(pd_pack, fresh[0], "PD-standard-letter-en", "en")
        assert np.array_equal(again, blank)
    assert len(list(tmp_path.iterdir())) == 2
    key = template._cache_key(pd_pack)
    monkeypatch.setattr(template, "_KEYS", {})
    sheet = next(pd_pack.root.rglob("*.yaml"))
    with monkeypatch.context() as m:  # the file seen as edited, in this process only
        later_mtime(m, sheet)
        assert template._cache_key(pd_pack) != key


@pytest.mark.parametrize("seed", range(4))
def test_blank_sheets_under_random_damage_read_no_mark(pd_pack, sheet_kind, seed):
    """A blank sheet photographed or scanned with random damage (fixed seeds): no scored box is
    read as marked but the one dungeon card the rules must choose, and that card is asked about;
    a clean sheet asks about few boxes."""
    import random

    from generator.games.papirove_doupe.scan import synth

    rng = random.Random(1000 + seed)
    lang, paper = rng.choice(["cs", "en"]), rng.choice(["a4", "letter"])
    page, _ = synth.printed_page(pd_pack, sheet_kind, lang, paper, 6.0)
    damage = synth.random_damage(rng, rng.choice([4.0, 5.0, 7.0]), scan=seed % 4 == 3)
    photo, _ = synth.photograph(page, 6.0, damage)
    result = read_image(photo, pd_pack, "blank.png")
    marked = [b.name for b in result.boxes if b.marked and scored(b.name)]
    assert len(marked) == 1 and marked[0].startswith("dungeon.")
    assert marked[0] in {b.name for b in result.uncertain}
    # a photo under LOW_RES px per mm (told to come closer) reads with a wider uncertain band:
    # light pencil must be listed there, so a few more empty boxes are (seed 2, 3.6 px per mm:
    # the card, 3 glory circles and 3 of the small item and fight boxes). With no card marked,
    # a card that stands out nearly as much as the one chosen is asked about with it (seed 1:
    # cards G and H at -1.11 and -1.21, the others -1.56 to -2.42): the cards are one question
    # A blank sheet shows no clear mark: on a photo of FAINT_PX px per mm or more it cannot be
    # told from one filled in faint pencil, and the doubt widens (seeds 0 and 1, 4.7 and 4.0 px
    # per mm: 8 and 6 boxes; seeds 2 and 3, also under LOW_RES: 50 and 42, too many to score),
    # with the note that says so; with the usual doubt, few boxes are asked about
    asked = {"dungeon" if b.name.startswith("dungeon.") else b.name for b in result.uncertain}
    sharp = result.alignment.px_per_mm >= LOW_RES
    if widening(result.quality) > 1.0:
        assert any("stand out little" in n for n in result.notes)
        assert len(asked) <= 8 or not sharp
    else:
        assert len(asked) <= (4 if sharp else 8)
    others = [b for b in result.uncertain if b.name.startswith("dungeon.") and not b.marked]
    chosen = next(b for b in result.boxes if b.name == marked[0])
    assert all(b.score < chosen.score for b in others)


def test_overlay_labels_never_cover_each_other_nor_the_rings_asked_about():
    """Labels of neighbouring boxes asked about (three glory values in a row) would sit on one
    another: each moves down by whole label heights to the first free place, clear of the
    asked rings; one off the right edge moves left to fit; one with room stays put."""
    from generator.games.papirove_doupe.scan.read import place_labels

    size = (100.0, 20.0)
    # anchors 10 px apart on one line: plates 100 px wide overlap
    anchors = [(100.0, 50.0), (110.0, 50.0), (120.0, 50.0), (10.0, 300.0), (950.0, 400.0)]
    rings = [(90.0, 45.0, 100.0, 55.0), (112.0, 75.0, 125.0, 85.0)]
    spots = place_labels(anchors, [size] * 5, (1000, 1000), rings)
    # the first label (placed first: same y, leftmost) keeps its place: 100..200 x 50..70, and
    # the ring at 90..100 only touches its left edge
    assert spots[0] == (100.0, 50.0)
    # the second: 50 is taken by the first, 70..90 by the ring at 75..85 (x 112..125), 30 is
    # free (30..50 meets the first label only at its top edge): down 1 (70) blocked, up 1 free
    assert spots[1] == (110.0, 30.0)
    # the third (x 120..220): 50 taken, 70 blocked by the ring, 30 by the second, 90 free
    assert spots[2] == (120.0, 90.0)
    assert spots[3] == (10.0, 300.0)  # nothing near: where its box is
    assert spots[4] == (900.0, 400.0)  # 950 + 100 would run past 1000: moved left to fit
    plates = [(x, y, x + size[0], y + size[1]) for x, y in spots]
    for k, (a, b, c, d) in enumerate(plates):
        for e, f, g, h in plates[k + 1 :] + rings:
            assert c <= e or g <= a or d <= f or h <= b, "two plates (or a plate and a ring) meet"


def test_an_image_in_a_mode_that_cannot_be_converted_is_a_one_line_error(tmp_path):
    """A LAB TIFF (Pillow converts it neither to grey nor to colour): `papirna score` says it
    cannot read the image, on one line naming the file, and exits non-zero (it raised a
    ValueError with a traceback before)."""
    from PIL import Image
    from typer.testing import CliRunner

    from generator.cli import app

    path = tmp_path / "sheet.tif"
    Image.new("LAB", (40, 30)).save(path)
    result = CliRunner().invoke(app, ["score", "papirove-doupe", str(path)])
    assert result.exit_code != 0
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("papirna: error: ") and "cannot read the image" in result.stderr
    assert "sheet.tif" in result.stderr
