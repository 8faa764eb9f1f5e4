"""The installed packs loaded on two cores (issue 25): the same packs, the same first error."""

from __future__ import annotations

import os
import sys

import pytest

from generator.content import pack as P
from generator.errors import PapirnaError

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the helper is forked on Linux")

IDS = P.builtin_pack_ids()
LOAD = P.load_builtin_pack


@pytest.fixture(autouse=True)
def _fork_allowed(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # pytest-xdist runs a thread, which switches the helper off; these tests want it on
    monkeypatch.setattr(P, "_may_fork", lambda: True)
    monkeypatch.setenv("PAPIRNA_CACHE", str(tmp_path / "cache"))  # empty: every pack is loaded


def test_the_helper_gets_about_half_of_the_data() -> None:
    rest = IDS[1:]
    theirs = P._halve(rest)
    assert theirs and theirs < set(rest)  # some, not all


def test_the_packs_are_those_loaded_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()
    where: dict[str, int] = {}
    load = P.load_builtin_pack

    def noting(gid: str):
        pack = load(gid)
        pack.notices.append(f"loaded in {'parent' if os.getpid() == parent else 'helper'}")
        return pack

    monkeypatch.setattr(P, "load_builtin_pack", noting)
    together = P.load_builtin_packs(IDS)
    for pack in together:
        where[pack.id] = pack.notices.pop()
    monkeypatch.setattr(P, "load_builtin_pack", load)
    monkeypatch.setenv("PAPIRNA_CACHE", "off")  # loaded anew, not from the cache just written
    alone = [P.load_builtin_pack(gid) for gid in IDS]
    assert [p.id for p in together] == IDS
    assert "loaded in helper" in where.values()  # the helper did load some of them
    assert where[IDS[0]] == "loaded in parent"
    for a, b in zip(together, alone, strict=True):
        assert a.manifest == b.manifest
        assert a.printables == b.printables  # every card, data file and its YAML marks
        assert a.notices == b.notices


def _failing(monkeypatch: pytest.MonkeyPatch, bad: set[str]) -> None:
    def maybe(gid: str):
        if gid in bad:
            raise PapirnaError(f"broken {gid}", file=f"{gid}/pack.yaml")
        return LOAD(gid)

    monkeypatch.setattr(P, "load_builtin_pack", maybe)


def test_a_pack_the_helper_cannot_load_fails_as_it_would_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    theirs = sorted(P._halve(IDS[1:]))
    _failing(monkeypatch, {theirs[0]})
    with pytest.raises(PapirnaError, match=f"broken {theirs[0]}"):
        P.load_builtin_packs(IDS)


def test_the_first_broken_pack_in_order_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    # one broken pack on each side, the helper's first in the order: its error is reported,
    # as when the packs load one by one, although this process finds its own error first
    rest = IDS[1:]
    theirs = P._halve(rest)
    helper_pack = next(g for g in rest if g in theirs)
    later = [g for g in rest[rest.index(helper_pack) :] if g not in theirs]
    assert later, "the built-in packs no longer give this case"
    _failing(monkeypatch, {helper_pack, later[0]})
    with pytest.raises(PapirnaError, match=f"broken {helper_pack}"):
        P.load_builtin_packs(IDS)
    _failing(monkeypatch, {later[0]})
    with pytest.raises(PapirnaError, match=f"broken {later[0]}"):
        P.load_builtin_packs(IDS)


def test_a_helper_that_dies_only_costs_time(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()
    load = P.load_builtin_pack

    def dying(gid: str):
        if os.getpid() != parent:
            os._exit(3)  # the helper ends without handing anything over
        return load(gid)

    monkeypatch.setattr(P, "load_builtin_pack", dying)
    assert [p.id for p in P.load_builtin_packs(IDS)] == IDS


def test_without_fork_the_packs_load_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(P, "_may_fork", lambda: False)
    monkeypatch.setattr(P, "_PackLoader", None)  # would fail if it were used
    assert [p.id for p in P.load_builtin_packs(IDS)] == IDS


def test_one_job_means_no_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()
    monkeypatch.setenv("PAPIRNA_JOBS", "1")
    assert P._may_fork() is False


def test_idle_work_is_done_here_while_the_helper_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    parent = os.getpid()
    calls: list[int] = []
    packs = P.load_builtin_packs(IDS, idle=lambda: calls.append(os.getpid()))
    assert calls == [parent]  # once, in this process
    assert [p.id for p in packs] == IDS


def test_no_helper_when_the_cache_holds_the_packs(monkeypatch: pytest.MonkeyPatch) -> None:
    # the first load fills the (empty) cache; the second finds every pack there: no fork
    P.load_builtin_packs(IDS)
    monkeypatch.setattr(P, "_PackLoader", None)  # would fail if it were used
    assert [p.id for p in P.load_builtin_packs(IDS)] == IDS


def test_a_helper_when_a_pack_is_not_cached(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    from generator.content import packcache

    P.load_builtin_packs(IDS)
    for stale in (tmp_path / "cache").glob(f"pack-{IDS[-1]}-*.pickle"):
        stale.unlink()
    assert not packcache.probably_cached(IDS[-1]) and packcache.probably_cached(IDS[1])
    started: list[set[str]] = []
    loader = P._PackLoader

    def noting(ids: set[str]):
        started.append(ids)
        return loader(ids)

    monkeypatch.setattr(P, "_PackLoader", noting)
    assert [p.id for p in P.load_builtin_packs(IDS)] == IDS
    assert len(started) == 1
