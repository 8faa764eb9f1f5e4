"""The cache of loaded installed packs: used when nothing changed, never when anything did."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.content import packcache
from generator.content.pack import load_builtin_pack, load_pack
from generator.errors import PapirnaError


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PAPIRNA_CACHE", str(folder))
    return folder


class Loads:
    """cached_pack of the test pack, counting how often it was really loaded."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.count = 0

    def __call__(self):
        def load():
            self.count += 1
            return load_pack(self.root, builtin=True, pack_id="mypack")

        return packcache.cached_pack(self.root, "mypack", load)


def _cards(pack) -> list:
    return [e.model for e in pack.printables["deck"].cards]


def test_a_pack_is_loaded_once_then_read_back_whole(pack_dir: Path, cache: Path) -> None:
    loads = Loads(pack_dir)
    first, second = loads(), loads()
    assert loads.count == 1
    assert len(list(cache.glob("pack-mypack-*.pickle"))) == 1
    assert second is not first  # each caller gets its own pack to change
    assert _cards(second) == _cards(first) and second.root == first.root
    assert second.manifest == first.manifest and second.languages == ("cs", "en")
    # the places errors point at come back too (the tests' cwd is not in the pack)
    want = str(first.printables["deck"].cards[1].error("bad", ("text",)))
    assert str(second.printables["deck"].cards[1].error("bad", ("text",))) == want
    assert want.endswith("cards.yaml:5:9: [1].text: bad")


def test_an_edit_that_keeps_size_and_time_is_seen(pack_dir: Path, cache: Path) -> None:
    loads = Loads(pack_dir)
    cards = pack_dir / "cards.yaml"
    assert _cards(loads())[0]["count"] == 2
    st = cards.stat()
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("count: 2", "count: 3"), encoding="utf-8")
    os.utime(cards, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same time: only the bytes
    assert cards.stat().st_size == st.st_size and cards.stat().st_mtime_ns == st.st_mtime_ns
    assert _cards(loads())[0]["count"] == 3
    assert loads.count == 2


def test_a_new_file_in_the_pack_is_seen(pack_dir: Path, cache: Path) -> None:
    loads = Loads(pack_dir)
    loads()
    (pack_dir / "notes.txt").write_text("x", encoding="utf-8")
    loads()
    for name in ("_data", "__pycache__"):  # folders left out of papirna's code count in a pack
        (pack_dir / name).mkdir()
        (pack_dir / name / "a.yaml").write_text("x", encoding="utf-8")
        loads()
    assert loads.count == 4


def test_a_change_of_code_is_seen(
    pack_dir: Path, cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "models.py").write_text("A = 1\n", encoding="utf-8")
    monkeypatch.setattr(packcache, "_code_folders", lambda: [code])
    loads = Loads(pack_dir)
    loads()
    loads()
    (code / "models.py").write_text("A = 12\n", encoding="utf-8")
    loads()
    assert loads.count == 2


def test_a_broken_pack_is_not_kept_and_fails_the_same_every_time(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (pack_dir / "cards.yaml").write_text("- title: X\n  count: lots\n", encoding="utf-8")
    monkeypatch.chdir(pack_dir.parent)
    messages = []
    for _ in range(2):
        with pytest.raises(PapirnaError) as info:
            Loads(Path("mypack"))()
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert messages[0].startswith("mypack/cards.yaml:2")
    assert not list(cache.glob("pack-*"))


def test_file_names_are_shown_as_from_the_working_folder(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Errors name a pack's files relative to the working folder, so the key includes it."""
    root = pack_dir.resolve()
    (root / "data").mkdir()
    (root / "cards.yaml").rename(root / "data" / "cards.yaml")
    manifest = root / "pack.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("cards: cards.yaml", "cards: data/cards.yaml"),
        encoding="utf-8",
    )
    shown = {}
    for cwd in (root.parent, root / "data", root / "layouts", root.parent):
        monkeypatch.chdir(cwd)
        pack = Loads(root)()
        shown.setdefault(cwd, []).append(str(pack.printables["deck"].cards[0].error("x")))
    assert shown[root.parent] == ["mypack/data/cards.yaml:1:3: [0]: x"] * 2
    assert shown[root / "data"] == ["cards.yaml:1:3: [0]: x"]  # the working folder is in the pack
    assert shown[root / "layouts"] == [f"{root}/data/cards.yaml:1:3: [0]: x"]


def test_off_keeps_nothing(pack_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPIRNA_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    loads = Loads(pack_dir)
    loads()
    loads()
    assert loads.count == 2
    assert not (tmp_path / "xdg").exists()


def test_a_cache_file_others_can_write_is_not_read(pack_dir: Path, cache: Path) -> None:
    loads = Loads(pack_dir)
    loads()
    (path,) = cache.glob("pack-mypack-*.pickle")
    path.chmod(0o666)
    loads()
    assert loads.count == 2


def test_a_damaged_cache_file_is_only_a_miss(pack_dir: Path, cache: Path) -> None:
    loads = Loads(pack_dir)
    loads()
    (path,) = cache.glob("pack-mypack-*.pickle")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert _cards(loads())[0]["count"] == 2
    assert loads.count == 2


def test_the_cache_keeps_a_few_files_per_pack(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    loads = Loads(pack_dir)
    for n in range(packcache.KEPT + 3):
        (pack_dir / "notes.txt").write_text("x" * n, encoding="utf-8")
        loads()
    assert loads.count == packcache.KEPT + 3
    assert len(list(cache.glob("pack-mypack-*.pickle"))) == packcache.KEPT


def test_installed_packs_load_through_the_cache(cache: Path) -> None:
    first = load_builtin_pack("papirove-doupe")
    assert list(cache.glob("pack-papirove-doupe-*.pickle"))
    second = load_builtin_pack("papirove-doupe")
    assert second.builtin and second.id == "papirove-doupe"
    assert list(second.printables) == list(first.printables)
    assert [e.model for e in second.printables["monsters"].cards] == [
        e.model for e in first.printables["monsters"].cards
    ]
