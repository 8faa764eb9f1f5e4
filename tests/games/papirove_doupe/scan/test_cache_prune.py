"""The photo reader's cache keeps a few files of each kind, so it cannot grow with each upgrade."""

from __future__ import annotations

import os


def test_a_new_blank_sheet_drops_the_old_ones(pd_pack, tmp_path, monkeypatch):
    """Six stale blank rasters of the sheet (keys of older versions) and one of another sheet:
    making the blank anew leaves KEPT files of that sheet, the new one among them, and the other
    sheet's file as it was."""
    from generator.games.papirove_doupe.scan import template

    monkeypatch.setenv(template.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(template, "_KINDS", {})
    monkeypatch.setattr(template, "_REFERENCES", {})
    kind = template.sheet_kinds(pd_pack)[0]
    what = f"blank-{kind.printable}-PD-standard-letter-en"
    for i in range(6):
        stale = tmp_path / f"{what}-{i:0{template.KEY_CHARS}d}.npy"
        stale.write_bytes(b"stale")
        os.utime(stale, (1_000_000 + i, 1_000_000 + i))
    other = tmp_path / f"blank-{kind.printable}-PD-standard-a4-cs-{0:0{template.KEY_CHARS}d}.npy"
    other.write_bytes(b"other")
    template.reference(pd_pack, kind, "PD-standard-letter-en", "en")
    mine = sorted(p.name for p in tmp_path.glob(f"{what}-*.npy"))
    new = f"{what}-{template._cache_key(pd_pack)}.npy"
    assert len(mine) == template.KEPT and new in mine
    assert other.read_bytes() == b"other"
