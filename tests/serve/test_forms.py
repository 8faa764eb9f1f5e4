"""Sheet forms made from each game's sheet model and blank template (issue 23, point 2)."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from generator.plugins import games
from generator.serve import scoring
from generator.serve.app import create_app
from generator.serve.forms import SET_BY_SERVER, build, comments, from_form, shown, untranslated
from generator.serve.night import form_of
from tests.serve.samples import EVA, JAN, JOURNAL, LOG
from tests.serve.test_nights import form_of as posted


def scores(out: object) -> object:
    """A score without its notes: a form states every line, so 'not on the sheet' notes go."""
    if isinstance(out, dict):
        return {**out, "players": [{**p, "notes": None} for p in out["players"]]}
    return out


def post_values(form, data: dict) -> dict[str, str]:
    """What a browser posts for a form showing `data` (ticked boxes only)."""
    out = {}
    for w in form.widgets():
        v = shown(w, data)
        if w.kind == "check":
            if v:
                out[w.name] = "1"
        else:
            out[w.name] = str(v)
    return out


def template_keys(game: str, lang: str) -> list[str]:
    text = (games()[game].content / f"score-template-{lang}.yaml").read_text(encoding="utf-8")
    return [k for k in yaml.safe_load(text) if k not in SET_BY_SERVER]


@pytest.mark.parametrize("game", scoring.scorable())
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_form_has_the_templates_lines_in_its_order(game, lang) -> None:
    form = form_of(game, lang)
    assert [g.key for g in form.groups] == template_keys(game, lang)
    model = scoring.scorer_of(game).sheet_model
    assert {w.path[0] for w in form.widgets()} <= set(model.model_fields)
    assert len({w.name for w in form.widgets()}) == len(form.widgets())  # no name twice


def test_labels_come_from_the_templates_comments() -> None:
    text = "gems: 0   # gems ticked\nability: null   # the card's id,\n                # or the glory\nfights:  # the fights\n  # fled: true = the party fled\n  - {fled: true}\n# monsters: [a, b, c]  # commented out\n"
    got = comments(text)
    assert got["gems"] == ("gems ticked", "")
    assert got["ability"] == ("the card's id, or the glory", "")
    assert got["fights"] == ("the fights", "fled: true = the party fled")
    assert "monsters" not in got


@pytest.mark.parametrize(
    ("game", "sheet"),
    [
        ("papirove-doupe", EVA),
        ("papirove-doupe", JAN),
        ("spici-bohove", LOG),
        ("gamebook", JOURNAL),
    ],
)
def test_a_sheet_shown_and_posted_back_scores_the_same(game, sheet) -> None:
    form = form_of(game, "en")
    back = from_form(
        form, post_values(form, sheet), {k: sheet[k] for k in SET_BY_SERVER if k in sheet}
    )
    want = scoring.score(game, [scoring.Named("sheet-1.yaml", sheet)])
    assert scores(scoring.score(game, [scoring.Named("sheet-1.yaml", back)])) == scores(want)


def pd_sheet(seed: int) -> dict:
    """A plausible random Papírové doupě sheet (the shape of benchmarks/bench_score.py's)."""
    rng = random.Random(seed)
    fights = []
    for _ in range(3):
        r = rng.random()
        if r < 0.2:
            fights.append({"fled": True})
        elif r < 0.3:
            fights.append({"fled": True, "visited": False})
        else:
            fights.append(
                {
                    "range": rng.randint(1, 3),
                    "strongest": rng.random() < 0.3,
                    "bonus": rng.randint(0, 3),
                }
            )
    return {
        "player": "Hráč",
        "dungeon": rng.choice("ABCDEFGHIJKL"),
        "levels": {a: rng.randint(1, 6) for a in ("warrior", "wizard", "cleric", "thief")},
        "items": [rng.randint(0, 2) for _ in range(8)],
        "gems": rng.randint(0, 12),
        "minions": rng.randint(0, 14),
        "wounds": rng.randint(0, 40),
        "resurrection": rng.random() < 0.1,
        "fights": fights,
        "ability": rng.choice([None, rng.randint(-4, 2)]),
        "goals": rng.choice([[], [rng.randint(4, 10)]]),
        "quests": [rng.randint(3, 8) for _ in range(rng.randint(0, 3))],
    }


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_any_sheet_survives_the_form(seed) -> None:
    sheet = pd_sheet(seed)
    form = form_of("papirove-doupe", "cs")
    back = from_form(form, post_values(form, sheet), {"player": "Hráč"})
    try:
        want = scoring.score("papirove-doupe", [scoring.Named("sheet-1.yaml", sheet)])
    except Exception as e:  # a random sheet the rules refuse is refused the same after the form
        with pytest.raises(type(e)):
            scoring.score("papirove-doupe", [scoring.Named("sheet-1.yaml", back)])
        return
    assert scores(scoring.score("papirove-doupe", [scoring.Named("sheet-1.yaml", back)])) == scores(
        want
    )


def test_the_form_round_trip_can_fail() -> None:
    """A planted defect: a form that loses a line (the gems) changes the score, and it shows."""
    form = form_of("papirove-doupe", "en")
    values = {k: v for k, v in post_values(form, EVA).items() if k != "gems"}
    back = from_form(form, values, {"player": "Eva"})
    want = scoring.score("papirove-doupe", [scoring.Named("sheet-1.yaml", EVA)])
    assert scores(scoring.score("papirove-doupe", [scoring.Named("sheet-1.yaml", back)])) != scores(
        want
    )


def test_a_model_without_a_template_still_has_a_form() -> None:
    from generator.games.gamebook.sheets import GamebookJournal

    form = build(GamebookJournal, None)
    assert {g.key for g in form.groups} >= {"name", "food", "money"}


@pytest.mark.parametrize("game", scoring.scorable())
def test_every_game_has_a_night_page_and_a_sheet_form(game, tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    r = c.post("/nights", data={"game": game, "name": "Večer"})
    night = int(str(r.url).rsplit("/", 1)[1])
    url = str(c.post(f"/nights/{night}/players", data={"player": "Eva"}).url)
    page = c.get(url)
    assert page.status_code == 200
    saved = c.post(url, data=posted(page.text))  # the blank sheet, saved as shown
    assert saved.status_code == 200 and "?saved=1" in str(saved.url)
    assert c.get(f"/nights/{night}").status_code == 200
    got = c.get(f"/api/nights/{night}").json()
    assert got["error"] is None, got["error"]


@pytest.mark.parametrize("game", scoring.scorable())
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_player_reads_words_not_yaml(game, lang) -> None:
    assert untranslated(form_of(game, lang)) == []


def test_the_yaml_check_finds_keys_choices_and_yaml_words() -> None:
    # planted: the Czech form built without its words file shows English keys ("visited"),
    # the choices by their values ("solo") and the template's YAML ("fled: true")
    pack = games()["papirove-doupe"].content
    model = scoring.scorer_of("papirove-doupe").sheet_model
    bare = untranslated(build(model, pack / "score-template-cs.yaml"))
    assert "fights.visited: the label is the key 'visited'" in bare
    assert "mode: the choice 'solo' has no word" in bare
    assert any(p.startswith("fights: the hint speaks YAML") for p in bare)
    assert any(p.startswith("resurrection: the label speaks YAML") for p in bare)
    worded = untranslated(form_of("papirove-doupe", "cs"))
    assert worded == []


def test_the_czech_form_shows_czech_words_and_posts_the_values(tmp_path) -> None:
    c = TestClient(create_app(tmp_path / "n.sqlite"))
    r = c.post("/nights", data={"game": "papirove-doupe", "name": "Pátek"})
    night = int(str(r.url).rstrip("/").rsplit("/", 1)[1])
    page = c.post(f"/nights/{night}/players", data={"player": "Eva"}).text
    assert "navštíven" in page and "úroveň čaroděje" in page and "Karta schopnosti" in page
    assert '<option value="solo">sólová</option>' in page
    assert ">visited<" not in page and "fled: true" not in page


def test_a_words_file_with_an_unknown_key_names_file_line_and_the_nearest(tmp_path) -> None:
    from generator.errors import PapirnaError
    from generator.serve.forms import form_words

    pack = games()["papirove-doupe"].content
    model = scoring.scorer_of("papirove-doupe").sheet_model
    bad = tmp_path / "score-form-cs.yaml"
    bad.write_text("gems: Drahokamy\nfights.visitd: navštíven\n", encoding="utf-8")
    with pytest.raises(PapirnaError) as e:
        build(model, pack / "score-template-cs.yaml", form_words(bad))
    assert "score-form-cs.yaml:2" in str(e.value) and "did you mean 'fights.visited'" in str(
        e.value
    )
    bad.write_text("mode: {label: Hra, choises: {solo: sólová}}\n", encoding="utf-8")
    with pytest.raises(PapirnaError, match=r"unknown key 'choises' \(did you mean 'choices'"):
        form_words(bad)
