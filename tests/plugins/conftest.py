"""Install the test game plugin (tests/plugins/lucky_seven) the way pip would, for these tests.

pip installs a package as its modules plus a `NAME-VERSION.dist-info` folder whose
`entry_points.txt` lists its entry points; importlib.metadata finds it on sys.path. The fixture
writes exactly that into a temporary site folder, so papirna discovers the game through the
`papirna.games` entry point group, as it would after `pip install papirna-lucky-seven`.
"""

from __future__ import annotations

import shutil
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).parent / "lucky_seven"


def clear_plugin_caches() -> None:
    """Forget the installed games, so the next call discovers them again."""
    from generator import plugins
    from generator.layout import spec

    for cached in (plugins.games, plugins.schemas, plugins.builders, plugins.box_types):
        cached.cache_clear()
    spec.box_adapter.cache_clear()


def install(site: Path) -> Path:
    """Copy the plugin's package and write its dist-info (METADATA, entry_points.txt) into site."""
    meta = tomllib.loads((SOURCE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(SOURCE / "lucky_seven", site / "lucky_seven")
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
        encoding="utf-8",
    )
    lines = []
    for group, eps in meta["entry-points"].items():
        lines.append(f"[{group}]")
        lines.extend(f"{name} = {target}" for name, target in eps.items())
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return site


@pytest.fixture
def plugin_site(tmp_path: Path) -> Iterator[Path]:
    """The test game installed on sys.path for one test; uninstalled afterwards."""
    site = install(tmp_path / "site")
    sys.path.insert(0, str(site))
    clear_plugin_caches()
    try:
        yield site
    finally:
        sys.path.remove(str(site))
        for name in [m for m in sys.modules if m == "lucky_seven" or m.startswith("lucky_seven.")]:
            del sys.modules[name]
        clear_plugin_caches()
