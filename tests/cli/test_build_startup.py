"""`papirna build` reads its options without the drawing code (issue 25).

The drawing code (reportlab, Pillow, the layout and render layers) is imported while the other
core loads packs, not before the packs start loading.
"""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import generator.cli.build as build

def stop(*args, **kwargs):
    heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("reportlab", "PIL")
                   or m.startswith(("generator.render", "generator.layout.engine")))
    print(",".join(heavy))
    raise SystemExit(0)

build.load_packs = stop
from generator.cli import main
sys.argv = ["papirna", "build", "--out", sys.argv[1]]
main()
"""


def test_no_drawing_code_is_imported_before_the_packs_load(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CODE, str(tmp_path / "out")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""  # e.g. "PIL,PIL.Image,reportlab,..." before the fix
