"""A photo's first reading draws the sheet once: the box map and the blank raster share it."""

from __future__ import annotations

import copy

import numpy as np
import pytest


@pytest.fixture()
def draws(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The caches off and emptied; the list of (lang, sheet id) the sheet is drawn as."""
    from generator.games.papirove_doupe import sheet
    from generator.games.papirove_doupe.scan import template

    monkeypatch.setenv(template.CACHE_ENV, "off")
    monkeypatch.setattr(template, "_KINDS", {})
    monkeypatch.setattr(template, "_REFERENCES", {})
    monkeypatch.setattr(template, "_LAST_OPS", [None], raising=False)
    calls: list[tuple[str, str]] = []
    draw = sheet.sheet_ops

    def counted(layout, data, plan, env, lang, sid):
        calls.append((lang, sid))
        return draw(layout, data, plan, env, lang, sid)

    monkeypatch.setattr(sheet, "sheet_ops", counted)
    return calls


def test_the_box_map_and_the_blank_of_its_sheet_draw_it_once(pd_pack, draws) -> None:
    from generator.games.papirove_doupe.scan import template

    kind = template.sheet_kinds(pd_pack)[0]
    blank = template.reference(pd_pack, kind, "PD-standard-a4-cs", "cs")
    assert draws == [("cs", "PD-standard-a4-cs")]
    # another sheet is drawn as itself, and the first one drawn anew gives the same raster
    other = template.reference(pd_pack, kind, "PD-standard-letter-en", "en")
    template._REFERENCES.clear()
    again = template.reference(pd_pack, kind, "PD-standard-a4-cs", "cs")
    assert draws[1:] == [("en", "PD-standard-letter-en"), ("cs", "PD-standard-a4-cs")]
    assert np.array_equal(again, blank) and not np.array_equal(other, blank)


def test_another_pack_is_drawn_anew(pd_pack, draws) -> None:
    """Kept by the pack object, not its folder: a pack loaded again (an edited layout, say)
    never gets the drawing of the one before."""
    from generator.games.papirove_doupe.scan import template

    kind = template.sheet_kinds(pd_pack)[0]
    template.reference(copy.copy(pd_pack), kind, "PD-standard-a4-cs", "cs")
    assert len(draws) == 2
