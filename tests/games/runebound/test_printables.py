"""Runebound content models and printables: validation, token sheet plan, dice counts, nets, text."""

from __future__ import annotations

import itertools
import math
import re
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.cli.common import load_packs
from generator.content.pack import load_pack
from generator.content.schemas import schemas
from generator.errors import PapirnaError
from generator.games.runebound import dice as rd
from generator.games.runebound import tokens as rt
from generator.games.runebound.models import (
    XP,
    Adventure,
    MarketCard,
    MovementDie,
    RuneboundDice,
    TokenGroup,
    TokenSheet,
)
from generator.layout.ops import GroupOp, LineOp, PathOp, TextOp
from generator.output.build import Job, Renderer
from generator.resources import content_dir

PACK = content_dir() / "runebound"
ENEMY = {
    "mind": 10,
    "body": 9,
    "spirit": 8,
    "damage": {"ranged": 1, "melee": 1, "magic": 0},
    "life": 3,
}


@pytest.fixture(scope="module")
def pack():
    return load_packs(["runebound"], None)[0]


def test_schemas_are_registered() -> None:
    for name in ("hero", "adventure", "market", "tokens", "dice", "sheet"):
        assert f"runebound/{name}" in schemas()
    assert schemas()["runebound/dice"] is RuneboundDice


def test_the_pack_has_what_the_issue_asks_for(pack) -> None:
    heroes = [e.model for e in pack.printables["heroes"].cards]
    adventures = [e.model for e in pack.printables["adventures"].cards]
    market = [e.model for e in pack.printables["market"].cards]
    assert len(heroes) >= 6
    assert all(h.skills and h.ability.text for h in heroes)
    assert len(adventures) >= 24
    assert {a.difficulty for a in adventures} == {"green", "yellow", "blue", "red"}
    assert {a.type for a in adventures} == {"encounter", "event", "challenge"}
    assert {a.number for a in adventures if a.type == "event"} == {"I", "II", "III"}
    assert len(market) >= 16
    assert {m.kind for m in market} == {"item", "ally"}
    dice = pack.printables["dice"].data.model
    assert len(dice.dice) == 5


def test_encounters_are_harder_by_colour(pack) -> None:
    """Average enemy targets and life rise from green to red."""
    adventures = [e.model for e in pack.printables["adventures"].cards]
    means = []
    for colour in ("green", "yellow", "blue", "red"):
        enemies = [a.enemy for a in adventures if a.difficulty == colour and a.enemy]
        means.append(sum(e.mind + e.body + e.spirit + e.life for e in enemies) / len(enemies))
    assert means == sorted(means)


def test_every_skill_a_test_names_belongs_to_a_hero(pack) -> None:
    """'Test :body: Climbing (15)': the skill is one some hero has, in both languages."""
    heroes = [e.model for e in pack.printables["heroes"].cards]
    test = re.compile(r"Test :(?:mind|body|spirit): ([^(:]+?) \((\d+)\)")
    for lang in ("cs", "en"):
        skills = {s.name.get(lang) for h in heroes for s in h.skills}
        named = set()
        for entry in pack.printables["adventures"].cards:
            a = entry.model
            for text in (a.before_combat, a.text):
                if text is not None:
                    named |= {m.group(1) for m in test.finditer(text.get(lang))}
        assert named, lang
        assert named <= skills, (lang, named - skills)


def test_adventure_types_need_their_fields() -> None:
    base = {"id": "x", "difficulty": "green", "name": {"cs": "A", "en": "A"}}
    Adventure.model_validate({**base, "type": "encounter", "enemy": ENEMY, "gold": 2})
    with pytest.raises(ValidationError, match="an encounter needs an enemy"):
        Adventure.model_validate({**base, "type": "encounter", "gold": 2})
    with pytest.raises(ValidationError, match="needs a number"):
        Adventure.model_validate({**base, "type": "event", "text": "x"})
    with pytest.raises(ValidationError, match="only events have a number"):
        Adventure.model_validate(
            {**base, "type": "challenge", "text": "x", "gold": 1, "number": "II"}
        )
    with pytest.raises(ValidationError, match="needs a reward"):
        Adventure.model_validate({**base, "type": "challenge", "text": "x"})
    with pytest.raises(ValidationError):
        Adventure.model_validate(
            {**base, "type": "encounter", "enemy": ENEMY, "difficulty": "pink"}
        )


def test_adventure_context_flags() -> None:
    a = Adventure.model_validate(
        {
            "id": "x",
            "difficulty": "blue",
            "type": "challenge",
            "name": "A",
            "text": {"cs": "Úkol.", "en": "Task."},
            "flavor": {"cs": "Příběh", "en": "Story"},
            "enemy": ENEMY,
            "gold": 4,
        }
    )
    extras = a.context_extras()
    assert extras["xp"] == 3
    assert extras["is_blue"] and not extras["is_red"] and extras["is_challenge"]
    assert extras["text_short"] and not extras["text_long"]
    assert extras["main"].get("en") == "Task.\n\n*Story*"
    assert extras["gold_text"] == "4 :gold:"
    assert XP == {"green": 1, "yellow": 2, "blue": 3, "red": 4}


def test_market_cards_are_items_or_allies() -> None:
    base = {"id": "x", "name": "A", "price": 3, "text": "t"}
    MarketCard.model_validate({**base, "kind": "item", "type": "weapon"})
    with pytest.raises(ValidationError, match="an item needs a type"):
        MarketCard.model_validate({**base, "kind": "item"})
    with pytest.raises(ValidationError, match="an ally needs ally stats"):
        MarketCard.model_validate({**base, "kind": "ally", "type": "weapon"})
    bow = MarketCard.model_validate({**base, "kind": "item", "type": "weapon", "icon": "ranged"})
    assert bow.context_extras()["type_icon"] == "ranged"
    axe = MarketCard.model_validate({**base, "kind": "item", "type": "armour"})
    assert axe.context_extras()["type_icon"] == "shield"


def test_dice_faces_are_checked() -> None:
    MovementDie.model_validate({"id": "d", "faces": [["road"]] * 6})
    with pytest.raises(ValidationError):
        MovementDie.model_validate({"id": "d", "faces": [["road"]] * 5})
    with pytest.raises(ValidationError, match="appears twice"):
        MovementDie.model_validate({"id": "d", "faces": [["road", "road"]] + [["hills"]] * 5})
    with pytest.raises(ValidationError):
        MovementDie.model_validate({"id": "d", "faces": [["lava"]] * 6})
    with pytest.raises(ValidationError, match="unique"):
        RuneboundDice.model_validate(
            {"dice": [{"id": "d", "faces": [["road"]] * 6}, {"id": "d", "faces": [["road"]] * 6}]}
        )


def test_our_dice_follow_the_rulebook(pack) -> None:
    """Every face shows two or more terrains; all seven terrains appear; no two dice alike."""
    dice = pack.printables["dice"].data.model
    faces = [face for die in dice.dice for face in die.faces]
    assert all(len(face) >= 2 for face in faces)
    assert {t for face in faces for t in face} == set(rd.TERRAINS)
    assert len({tuple(map(tuple, d.faces)) for d in dice.dice}) == len(dice.dice)


def test_face_counts_by_hand() -> None:
    dice = RuneboundDice.model_validate(
        {
            "dice": [
                {
                    "id": "a",
                    "faces": [
                        ["road", "plains"],
                        ["road"],
                        ["river", "road"],
                        ["hills"],
                        ["hills", "mountains"],
                        ["swamp", "forest", "plains"],
                    ],
                }
            ]
        }
    )
    (counts,) = rd.face_counts(dice)
    assert counts == {
        "plains": 2,
        "road": 3,
        "river": 1,
        "swamp": 1,
        "forest": 1,
        "hills": 2,
        "mountains": 1,
    }


def _flatten(ops, dx=0.0, dy=0.0):
    for op in ops:
        if isinstance(op, GroupOp):
            yield from _flatten(op.ops, dx + op.dx, dy + op.dy)
        else:
            yield op, dx, dy


def test_cube_net_has_seven_tabs_and_five_folds() -> None:
    """A cross net: 7 glue tabs, and 5 + 7 dashed fold lines (inner folds and tab bases)."""
    from generator.layout.cube import cube_net
    from generator.layout.engine import Env
    from generator.layout.sketch import Sketch
    from generator.render.metrics import ReportlabMetrics

    sk = Sketch(Env(ReportlabMetrics()), "net")
    cube_net(
        sk,
        lambda k, x, y, n: rd.draw_face(sk, ["road", "plains"], x, y, n, frame=False),
        0.0,
        0.0,
        20.0,
        tab_fill=rd.TAB_FILL,
    )
    tabs = [op for op in sk.ops if isinstance(op, PathOp) and op.style.fill is not None]
    tabs = [op for op in tabs if len(op.segments) == 5]  # the trapezoids (icons have more)
    folds = [op for op in sk.ops if isinstance(op, LineOp) and op.style.dash]
    cuts = [op for op in sk.ops if isinstance(op, LineOp) and not op.style.dash]
    assert len(tabs) == 7
    assert len(folds) == 12
    assert len(cuts) == 14 - 7  # outline edges without a tab
    # every solid stroke (a cut) is a line or a path's edge; none runs along a fold, else a
    # player who cuts along the solid lines cuts the tab off (the tab outlines used to be
    # closed paths, their solid base drawn under the dashed fold)
    solid = [(op.x1, op.y1, op.x2, op.y2) for op in cuts]
    for op in sk.ops:
        if isinstance(op, PathOp) and op.style.stroke is not None and not op.style.dash:
            pts = [seg[1:] for seg in op.segments if seg[0] in ("M", "L")]
            if op.segments[-1][0] == "Z":
                pts.append(pts[0])
            solid += [(*a, *b) for a, b in itertools.pairwise(pts)]

    def same(a, b) -> bool:
        return all(abs(u - v) < 1e-6 for u, v in zip(a, b, strict=True))

    for f in folds:
        fold = (f.x1, f.y1, f.x2, f.y2)
        for seg in solid:
            assert not (same(seg, fold) or same(seg, fold[2:] + fold[:2])), f"cut along {fold}"
    # the tabs are grey, as the nets' note says
    for op in tabs:
        r, g, b = op.style.fill[:3]
        assert r == g == b


def test_token_plan_rows_and_mirror() -> None:
    """Rows fill left to right; a new kind gets a caption and a new row."""
    data = TokenSheet.model_validate(
        {
            "gap": "2mm",
            "groups": [
                {"kind": "wound", "count": 5, "diameter": "20mm"},
                {"kind": "exhaustion", "count": 1, "diameter": "20mm"},
            ],
        }
    )
    (sheet,) = rt.plan_sheets(data, 68.0, 200.0, 0.0)
    # three 20 mm tokens with 2 mm gaps fit 68 mm: x centres 10, 32, 54; rows 22 mm apart
    centres = [(t.cx, t.cy) for t in sheet.tokens]
    cap = rt.CAPTION
    assert centres[:3] == [(10.0, cap + 10), (32.0, cap + 10), (54.0, cap + 10)]
    assert centres[3:5] == [(10.0, cap + 32), (32.0, cap + 32)]
    assert centres[5] == (10.0, cap + 44 + cap + 10)
    assert sheet.captions == [("wound", 0.0), ("exhaustion", cap + 44)]


def test_token_plan_spills_onto_more_sheets() -> None:
    data = TokenSheet.model_validate(
        {"groups": [{"kind": "gold", "value": 5, "count": 30, "diameter": "20mm"}]}
    )
    sheets = rt.plan_sheets(data, 100.0, 60.0, 0.0)
    # 4 per row (4 x 20 + 3 x 3 = 89 mm), 2 rows per 60 mm sheet with its caption
    assert [len(s.tokens) for s in sheets] == [8, 8, 8, 6]
    assert all(s.captions == [("gold", 0.0)] for s in sheets)
    with pytest.raises(PapirnaError, match="does not fit"):
        rt.plan_sheets(data, 15.0, 60.0, 0.0)


def test_token_groups_are_checked() -> None:
    with pytest.raises(ValidationError, match="needs 'value'"):
        TokenGroup.model_validate({"kind": "gold", "count": 1, "diameter": "16mm"})
    with pytest.raises(ValidationError, match="has no 'difficulty'"):
        TokenGroup.model_validate(
            {"kind": "wound", "count": 1, "diameter": "16mm", "difficulty": "red"}
        )
    with pytest.raises(ValidationError, match="six failed-adventure"):
        TokenGroup.model_validate({"kind": "failed", "count": 7, "diameter": "16mm"})
    with pytest.raises(ValidationError, match="10-40 mm"):
        TokenGroup.model_validate({"kind": "wound", "count": 1, "diameter": "5mm"})


def test_token_backs_are_mirrored_across_the_centre(pack) -> None:
    """Every token's back disc sits at width - x of its front disc, at the same y."""
    from generator.layout.builders import BuildContext
    from generator.layout.spec import load_layout

    layout = load_layout("runebound/tokens")
    data = pack.printables["tokens"].data.model
    ctx = BuildContext(layout, data, {}, Renderer().env(pack), "cs", "a4", title="t")
    pages = rt.build_tokens(ctx)
    assert len(pages) % 2 == 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        cuts = [
            (op.cx, op.cy)
            for op in front.ops
            if type(op).__name__ == "EllipseOp" and op.style.fill is None and op.style.width == 0.25
        ]
        assert cuts
        discs_back = {
            (round(op.cx, 6), round(op.cy, 6))
            for op in back.ops
            if type(op).__name__ == "EllipseOp"
        }
        for cx, cy in cuts:
            assert (round(back.width - cx, 6), round(cy, 6)) in discs_back


def _orphan_punctuation(ops) -> list[str]:
    """Runs of text that start with punctuation at the start of a line (wrapped off an icon)."""
    texts, icons = [], []
    for op, dx, dy in _flatten(ops):
        if isinstance(op, TextOp):
            texts.append((op.x + dx, op.y + dy, op.text, op.size))
        elif isinstance(op, PathOp):
            xs = [s[i] + dx for s in op.segments for i in range(1, len(s), 2)]
            ys = [s[i] + dy for s in op.segments for i in range(2, len(s), 2)]
            if xs:
                icons.append((max(xs), min(ys), max(ys)))
    bad = []
    for x, y, text, size in texts:
        if not text or text[0] not in ".,;:)!?":
            continue
        before = any(abs(v - y) < 0.05 and u < x - 0.01 for u, v, _, _ in texts)
        mm = size / 72 * 25.4
        glued = any(
            x - 1.0 <= right <= x + 0.2 and top < y and bottom > y - mm
            for right, top, bottom in icons
        )
        if not (before or glued):
            bad.append(text)
    return bad


@pytest.mark.parametrize("deck", ["heroes", "adventures", "market"])
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_no_line_starts_with_punctuation(pack, deck: str, lang: str) -> None:
    """The text engine may wrap between an icon and the full stop after it: keep texts clear."""
    cards = Renderer().deck_cards(Job(pack, pack.printables[deck], lang, "a4"))
    for cid, ops in zip(cards.ids, cards.fronts, strict=True):
        assert not _orphan_punctuation(ops), (deck, lang, cid)


def test_a_broken_adventure_names_file_and_field(tmp_path: Path) -> None:
    root = tmp_path / "runebound"
    shutil.copytree(PACK, root)
    path = root / "adventures.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  number: III\n", "  number: IV\n", 1), encoding="utf-8")
    with pytest.raises(PapirnaError) as err:
        load_pack(root)
    message = str(err.value)
    assert "adventures.yaml:" in message and "number" in message


# --- the board (review 2026-11-29) ----------------------------------------------------------------


def _board_ctx(pack, lang: str = "cs"):
    from generator.layout.builders import BuildContext
    from generator.layout.spec import load_layout

    layout = load_layout("runebound/board")
    p = pack.printables["board"]
    files = {k: e.model for k, e in p.files.items()}
    return BuildContext(layout, p.data.model, files, Renderer().env(pack), lang, "a4", title="t")


def test_board_has_a_spot_for_every_adventure_token(pack) -> None:
    """The rules put every adventure token on the board: one ringed spot per token, per colour."""
    board = pack.printables["board"].data.model
    tokens = pack.printables["tokens"].data.model
    want: dict[str, int] = {}
    for g in tokens.groups:
        if g.kind == "adventure":
            want[g.difficulty] = want.get(g.difficulty, 0) + g.count
    got: dict[str, int] = {}
    for row in board.cells():
        for _, mark in row:
            if mark:
                got[mark] = got.get(mark, 0) + 1
    assert got == want == {"green": 14, "yellow": 14, "blue": 12, "red": 9}


def test_board_map_shape_and_towns(pack) -> None:
    board = pack.printables["board"].data.model
    grid = board.cells()
    assert len(grid) == 12 and {len(r) for r in grid} == {16}
    terrains = {t for row in grid for t, _ in row}
    assert {"plains", "road", "river", "swamp", "forest", "hills", "mountains"} <= terrains
    assert [t.name.get("cs") for t in board.towns if t.start] == ["Dubová Lhota"]


def test_board_hexes_hold_a_token(pack) -> None:
    """A hex is wider (flat to flat) than the adventure token placed on it."""
    import math

    from generator.games.runebound import board as rb
    from generator.layout.spec import load_layout, region

    _, _, w, h = region(load_layout("runebound/board"), "map")
    s = rb.hex_size(16, 12, w, h)
    assert math.sqrt(3) * s >= rb.SPOT
    assert (16 + 0.5) * math.sqrt(3) * s <= w + 1e-9 and (12 * 1.5 + 0.5) * s <= h + 1e-9


def test_a_token_leaves_the_terrain_readable(pack) -> None:
    """The tokens placed on hexes (adventure and failed-adventure) are cut at SPOT mm, and the
    three small terrain icons of such a hex lie wholly outside the token and inside the hex.

    By hand: hexes are 23.3 mm flat to flat (s = 13.4 mm); a 16 mm token reaches 8 mm from the
    centre; an icon 3 mm square centred 10.4 mm out toward a corner spans 8.9-11.9 mm along
    that ray (a lower one's nearest box corner 8.36 mm from the centre), and the hex's edges run
    to that corner at 13.4 mm."""
    from generator.games.runebound import board as rb
    from generator.layout.spec import load_layout, region

    tokens = pack.printables["tokens"].data.model
    placed = {g.diameter for g in tokens.groups if g.kind in ("adventure", "failed")}
    assert placed == {rb.SPOT}
    _, _, w, h = region(load_layout("runebound/board"), "map")
    s = rb.hex_size(16, 12, w, h)
    apothem = s * math.sqrt(3) / 2
    c = rb.CORNER_ICON / 2
    for x, y in rb.corner_icons(0.0, 0.0):
        corners = [(x + dx, y + dy) for dx in (-c, c) for dy in (-c, c)]
        # the box's nearest point to the centre is outside the token
        nx = min(abs(x - c), abs(x + c)) if abs(x) > c else 0.0
        ny = min(abs(y - c), abs(y + c)) if abs(y) > c else 0.0
        assert math.hypot(nx, ny) > rb.SPOT / 2 + 0.3
        # every box corner is inside the hex, 0.3 mm clear of its 0.35 mm outline
        for px, py in corners:
            assert rb._inside(px, py, apothem - 0.3 - 0.175), (x, y)


def test_terrains_differ_in_more_than_a_shade() -> None:
    """Plains, forest and swamp differ in hue by 25 degrees or more, or in pattern; lakes are
    much darker than rivers."""
    import colorsys

    from generator.games.runebound import board as rb

    def hls(c: str) -> tuple[float, float, float]:
        return colorsys.rgb_to_hls(*(int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)))

    names = ("plains", "forest", "swamp")
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            ha, hb = hls(rb.FILL[a][0])[0] * 360, hls(rb.FILL[b][0])[0] * 360
            apart = min(abs(ha - hb), 360 - abs(ha - hb))
            assert apart >= 25 or rb.PATTERN.get(a) != rb.PATTERN.get(b), (a, b)
            assert apart >= 25 and rb.PATTERN.get(a) != rb.PATTERN.get(b), (a, b)  # both, here
    assert hls(rb.FILL["river"][0])[1] - hls(rb.FILL["water"][0])[1] > 0.3  # lightness


def test_card_spaces_are_larger_than_the_cards(pack) -> None:
    """The card spaces on the edge sheets are 1 mm larger all round than a 63.5 x 88.9 mm card,
    and every heading and note lies outside the space, where a card does not cover it."""
    from generator.games.runebound import board as rb
    from generator.layout.ops import RectOp

    assert pytest.approx((65.5, 90.9)) == (rb.SPACE_W, rb.SPACE_H)
    pages = rb_build(pack)[1:]
    spaces = 0
    for page in pages:
        ops = list(_flatten(page.ops))
        rects = [
            (op.x + dx, op.y + dy, op.w, op.h)
            for op, dx, dy in ops
            if isinstance(op, RectOp)
            and (op.w, op.h) == pytest.approx((65.5, 90.9))
            and op.style.fill is not None  # a card space (the hero tokens' frame has no fill)
        ]
        spaces += len(rects)
        for op, dx, dy in ops:
            if isinstance(op, TextOp) and op.size < 20:  # headings and notes, not the big marks
                x, y = op.x + dx, op.y + dy
                for rx, ry, rw, rh in rects:
                    inside = rx < x < rx + rw and ry < y < ry + rh
                    assert not inside, f"{op.text!r} under a card"
    assert spaces == 17  # 6 failed, 4 decks, the event, the bank, the market deck, 4 markets


def test_every_hero_token_has_its_own_colour(pack) -> None:
    from generator.games.runebound import board as rb

    heroes = pack.printables["board"].files["heroes"].model
    assert len(set(rb.HERO_COLOURS[: len(heroes)])) == len(heroes)


def test_hex_centres_by_hand() -> None:
    from generator.games.runebound import board as rb

    s = 10.0
    w = math.sqrt(3) * s
    assert rb.hex_centre(0, 0, s) == pytest.approx((w / 2, 10.0))
    assert rb.hex_centre(1, 0, s) == pytest.approx((w, 25.0))  # odd rows shift half a hex
    assert rb.hex_centre(2, 3, s) == pytest.approx((3.5 * w, 40.0))


def test_board_pages(pack) -> None:
    pages = rb_build(pack)
    # the map, then three edge sheets: 2 rows of (6 + 90.9 + 13) mm, 4 mm apart = 223.8 mm
    assert [(p.width, round(p.height, 6)) for p in pages] == [(400.0, 280.0)] + [(199.0, 223.8)] * 3
    words = " ".join(op.text for p in pages for op in _texts(p.ops))
    for w in ("Dubová Lhota", "Železná Brána", "Nesplněné dobrodružství", "Vendelín"):
        assert w in words


def rb_build(pack):
    from generator.games.runebound import board as rb

    return rb.build_board(_board_ctx(pack))


def _texts(ops):
    for op in ops:
        if isinstance(op, TextOp):
            yield op
        elif isinstance(op, GroupOp):
            yield from _texts(op.ops)


@pytest.mark.parametrize(
    ("cell", "why"),
    [("xG", "terrain letter"), ("wG", "no adventure on water"), ("pQ", "terrain letter")],
)
def test_board_rejects_bad_cells(pack, cell: str, why: str) -> None:
    from generator.games.runebound.models import Board

    raw = _raw_board()
    raw["map"][0] = cell + raw["map"][0][2:]
    with pytest.raises(ValidationError, match=why):
        Board.model_validate(raw)


def test_board_rejects_a_missing_start(pack) -> None:
    from generator.games.runebound.models import Board

    raw = _raw_board()
    raw["towns"][0]["start"] = False
    with pytest.raises(ValidationError, match="exactly one town"):
        Board.model_validate(raw)


def _raw_board() -> dict:
    import yaml

    return yaml.safe_load((content_dir() / "runebound" / "board.yaml").read_text(encoding="utf-8"))


def test_twelve_heroes_for_the_draft_variant(pack) -> None:
    """The rulebook's 12 hero cards: six players may each be dealt two for the draft variant."""
    heroes = pack.printables["heroes"].cards
    assert len(heroes) == 12
    assert len({e.model.id for e in heroes}) == 12
    assert len(pack.printables["board"].files["heroes"].model) == 12


def test_a_mount_shows_a_mount_not_a_terrain() -> None:
    """The Mountain Pony showed the road icon: a mount's icon is no terrain's, and it exists."""
    from generator.games.runebound.models import TERRAINS, TYPE_ICONS
    from generator.resources import assets_dir

    assert TYPE_ICONS["mount"] not in TERRAINS
    assert (assets_dir() / "icons" / f"{TYPE_ICONS['mount']}.svg").is_file()
