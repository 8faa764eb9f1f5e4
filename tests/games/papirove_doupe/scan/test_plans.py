"""What the reader works out from the blank sheet alone is kept in the cache folder, so that each
`papirna score` (a new process) does not work it out again, and it reads exactly as before."""

from __future__ import annotations

import numpy as np
import pytest

from tests.games.papirove_doupe.scan.conftest import make_case


def _same(a, b) -> bool:
    """Equal all the way down: arrays (values, shape and type), tuples, lists and numbers."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (
            isinstance(a, np.ndarray)
            and isinstance(b, np.ndarray)
            and a.dtype == b.dtype
            and a.shape == b.shape
            and np.array_equal(a, b)
        )
    if isinstance(a, (tuple, list)):
        return (
            type(a) is type(b)
            and len(a) == len(b)
            and all(_same(x, y) for x, y in zip(a, b, strict=True))
        )
    return type(a) is type(b) and a == b


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    """The caches in an empty folder, and nothing kept in memory."""
    from generator.games.papirove_doupe.scan import local, marks, template

    monkeypatch.setenv(template.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(local, "_FITS", {})
    monkeypatch.setattr(template, "_KINDS", {})
    monkeypatch.setattr(template, "_REFERENCES", {})
    monkeypatch.setattr(template, "_PLANS", {})
    monkeypatch.setattr(marks, "_OF_REF", {})
    return tmp_path


@pytest.fixture(scope="module")
def photo(pd_pack, sheet_kind):
    """A filled sheet photographed at 6 px per mm (bent a little, so every plan is used)."""
    return make_case(pd_pack, sheet_kind, 31, 6.0).photo


def _read(pd_pack, photo):
    from generator.games.papirove_doupe.scan import read

    return [
        (b.name, b.marked, b.score, b.confidence, b.ask)
        for b in read.read_image(photo, pd_pack, "x").boxes
    ]


def test_plans_read_from_the_cache_are_the_ones_made(pd_pack, photo, cache) -> None:
    """Read once (the plans are made and stored), then as a new process would (nothing in
    memory): every plan comes from its file equal to the one made, none is made again, and the
    reading is the same to the last digit."""
    from generator.games.papirove_doupe.scan import local, marks

    first = _read(pd_pack, photo)
    made = {what: value for (_, what), (_, value) in marks._OF_REF.items()}
    files = sorted(p.name for p in cache.glob("plan-*.npz"))
    # the flat print, the half-size paper, the open paper, the paper outside and inside the
    # boxes, the windows of both passes that straighten a bent sheet, the boxes' registration
    # windows, and the rings fitted round the glory values and round the resurrection
    assert len(files) == 10, files
    marks._OF_REF.clear()
    local._FITS.clear()

    def not_again(*args, **kwargs):
        raise AssertionError("a plan was made again")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(marks, "_flat_bins", not_again)
        mp.setattr(marks, "_paper_half", not_again)
        mp.setattr(local, "_build_fit_samples", not_again)
        second = _read(pd_pack, photo)
    loaded = {what: value for (_, what), (_, value) in marks._OF_REF.items()}
    assert loaded.keys() == made.keys()
    for what, value in made.items():
        assert _same(loaded[what], value), what
    assert second == first


def test_a_damaged_plan_is_made_again(pd_pack, photo, cache) -> None:
    """A plan file cut short (a full disk, a killed process) or holding something else is made
    again and stored whole; the reading is the same."""
    from generator.games.papirove_doupe.scan import local, marks

    first = _read(pd_pack, photo)
    files = sorted(cache.glob("plan-*.npz"))
    for i, path in enumerate(files):
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if i % 2 else b"not a plan")
    marks._OF_REF.clear()
    local._FITS.clear()
    assert _read(pd_pack, photo) == first
    for path in files:
        with np.load(path, allow_pickle=False) as stored:
            assert stored.files  # whole again


def test_no_plan_files_with_the_cache_off(pd_pack, photo, cache, monkeypatch) -> None:
    from generator.games.papirove_doupe.scan import template

    monkeypatch.setenv(template.CACHE_ENV, "off")
    _read(pd_pack, photo)
    assert not list(cache.glob("*"))


def test_a_plan_kept_wrong_would_be_seen(pd_pack, photo, cache, monkeypatch) -> None:
    """Planted defect: the windows kept with their blank sheet a step darker. The comparison
    above tells them from the windows made (so the first test can fail)."""
    from generator.games.papirove_doupe.scan import align, marks

    _read(pd_pack, photo)
    made = {what: value for (_, what), (_, value) in marks._OF_REF.items()}
    marks._OF_REF.clear()
    right = align._windows_plan

    def darker(ref, arrays, size):
        return [
            (r, c, x0, y0, b + np.float32(0.01)) for r, c, x0, y0, b in right(ref, arrays, size)
        ]

    monkeypatch.setattr(align, "_windows_plan", darker)
    _read(pd_pack, photo)
    loaded = {what: value for (_, what), (_, value) in marks._OF_REF.items()}
    unbend = [what for what in made if what.startswith("unbend")]
    assert unbend and not any(_same(loaded[w], made[w]) for w in unbend)


def test_only_the_blank_sheet_itself_has_plan_files(pd_pack, cache) -> None:
    """A copy of the blank sheet, even a read-only one, has no plan files: the files are found
    by the sheet the template made, which is held with them (its id is no other array's)."""
    from generator.games.papirove_doupe.scan import template

    kind = template.sheet_kinds(pd_pack)[0]
    ref = template.reference(pd_pack, kind, "PD-standard-a4-cs", "cs")
    assert template.plan_file(ref, "flat") is not None
    copy = ref.copy()
    copy.setflags(write=False)
    assert template.plan_file(copy, "flat") is None
