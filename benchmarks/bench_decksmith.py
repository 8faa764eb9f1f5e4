"""Benchmark: the same 100-card Czech deck built by papirna and by decksmith (PyPI), side by side.

Each poker card (63.5 x 88.9 mm) has a rounded frame, a title, 3 lines of Czech text and 10 small
shapes, in papirna's bundled TrueType fonts on both sides. Both decks are imposed 9 per A4 sheet.

papirna is timed twice: in-process (load the YAML pack, lay out, render to PDF bytes; fonts
registered before timing) and end-to-end as a subprocess (`papirna build --content ...` with the
interpreter running this script, so interpreter start and imports count). decksmith is timed
end-to-end: `decksmith build` (a PNG per card) plus `decksmith export` (the PNGs placed on A4
pages), both subprocesses of its own venv. The ratios that count compare end-to-end times.

decksmith lives in a separate venv, benchmarks/.venv-decksmith/ (git-ignored), made only when asked:

    python benchmarks/bench_decksmith.py --setup     # create the venv, pip install decksmith, run
    python benchmarks/bench_decksmith.py [--repeat N] [--dpi D]

Without that venv only the papirna side runs.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from generator.content.pack import load_pack
from generator.output.build import Job, Renderer
from generator.render.fonts import register_fonts
from generator.render.pdf import render_pdf
from generator.resources import assets_dir

CARDS = 100
CARD_MM = (63.5, 88.9)
LINES = [
    "Příliš žluťoučký kůň úpěl ďábelské ódy",
    "a řeřicha ve sklepě tiše roste",
    "Dobrodruzi vstoupí do třetí místnosti",
]
PACK_ID = "bench"
VENV = Path(__file__).resolve().parent / ".venv-decksmith"
GOAL_TIME, GOAL_SIZE = 30.0, 20.0

# Shared geometry (mm, pt) so both tools draw the same card.
FRAME = (2.0, 2.0, 59.5, 84.9)  # x, y, width, height
FRAME_RADIUS, FRAME_STROKE = 3.0, 0.4
TITLE_XY, TITLE_PT = (5.0, 5.0), 12.0
BODY_XY, BODY_WIDTH, BODY_PT, BODY_LINE_HEIGHT = (5.0, 16.0), 53.5, 8.0, 1.2
SHAPES_Y, SHAPE_SIZE, SHAPE_STROKE = 70.0, 4.0, 0.25
PAPER, INK, SHADE = "#fbf6ea", "#1d1a17", "#e6e1d8"  # papirna's poker paper, ink, shade
TITLE_FONT, BODY_FONT = "Vollkorn-Bold.ttf", "DejaVuSansCondensed.ttf"  # display / sans regular

LAYOUT = f"""extends: cards/poker
boxes:
  frame: {{type: rect, x: {FRAME[0]}mm, y: {FRAME[1]}mm, width: {FRAME[2]}mm, height: {FRAME[3]}mm, radius: {FRAME_RADIUS}mm, stroke: ink, stroke_width: {FRAME_STROKE}mm}}
  title: {{type: text, x: {TITLE_XY[0]}mm, y: {TITLE_XY[1]}mm, width: 53.5mm, height: 8mm, text: "{{title}}", font: display, size: {TITLE_PT}pt}}
  body: {{type: text, x: {BODY_XY[0]}mm, y: {BODY_XY[1]}mm, width: {BODY_WIDTH}mm, height: 20mm, text: "{{body}}", size: {BODY_PT}pt, line_height: {BODY_LINE_HEIGHT}}}
"""


def shape_x(i: int) -> float:
    """Left edge in mm of the i-th small shape (even: square, odd: circle)."""
    return 5 + i * 5.2


def title(i: int) -> str:
    """The title of card i (0-based)."""
    return f"Karta č. {i + 1}"


# --- papirna ---------------------------------------------------------------------------------


def make_pack(root: Path) -> None:
    """Write the benchmark deck as a papirna user content pack."""
    shapes = "".join(
        f"  s{i}: {{type: {'circle' if i % 2 else 'rect'}, x: {shape_x(i):.1f}mm, y: {SHAPES_Y}mm, "
        f"width: {SHAPE_SIZE}mm, height: {SHAPE_SIZE}mm, stroke: ink, fill: shade}}\n"
        for i in range(10)
    )
    (root / "layouts" / "bench").mkdir(parents=True)
    (root / "layouts" / "bench" / "card.yaml").write_text(LAYOUT + shapes, encoding="utf-8")
    (root / "pack.yaml").write_text(
        "name: Bench\nlanguages: [cs]\nprintables:\n  deck: {kind: deck, title: Balíček, "
        "cards: cards.yaml, layout: bench/card}\n",
        encoding="utf-8",
    )
    body = "\\n".join(LINES)
    cards = "".join(f'- title: "{title(i)}"\n  body: "{body}"\n' for i in range(CARDS))
    (root / "cards.yaml").write_text(cards, encoding="utf-8")


def papirna_in_process(root: Path) -> bytes:
    """Load the pack, lay out and render the deck to PDF bytes with a fresh Renderer."""
    pack = load_pack(root)
    job = Job(pack, pack.printables["deck"], "cs", "a4")
    return render_pdf(Renderer().document(job))


def papirna_cli() -> list[str]:
    """The `papirna` console script of the interpreter running this script (or a -c one-liner)."""
    script = Path(sys.executable).parent / "papirna"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from generator.cli import main; main()"]


def papirna_command(root: Path, out: Path) -> list[str]:
    """`papirna build` for the pack, run by the interpreter that runs this script."""
    return [
        *papirna_cli(),
        "build",
        PACK_ID,
        "--content",
        str(root),
        "--lang",
        "cs",
        "--paper",
        "a4",
        "--out",
        str(out),
    ]


# --- decksmith -------------------------------------------------------------------------------


def rgb(color: str) -> list[int]:
    """'#rrggbb' as [r, g, b]."""
    return [int(color[i : i + 2], 16) for i in (1, 3, 5)]


def decksmith_spec(dpi: int) -> str:
    """decksmith's deck.yaml for the benchmark card: pixels at `dpi`, fonts by absolute path."""

    def px(mm: float) -> int:
        return round(mm / 25.4 * dpi)

    def pt(points: float) -> int:
        return round(points / 72 * dpi)

    fonts = assets_dir() / "fonts"
    ink, shade = rgb(INK), rgb(SHADE)
    body_spacing = max(0, pt(BODY_PT * BODY_LINE_HEIGHT) - pt(BODY_PT))
    lines = [
        "id: card",
        f"width: {px(CARD_MM[0])}",
        f"height: {px(CARD_MM[1])}",
        f"background_color: {rgb(PAPER)}",
        "elements:",
        f"  - {{id: frame, type: rectangle, position: [{px(FRAME[0])}, {px(FRAME[1])}], "
        f"size: [{px(FRAME[2])}, {px(FRAME[3])}], corner_radius: {px(FRAME_RADIUS)}, "
        f"outline_color: {ink}, outline_width: {px(FRAME_STROKE)}}}",
        f"  - {{id: title, type: text, position: [{px(TITLE_XY[0])}, {px(TITLE_XY[1])}], "
        f'text: "%title%", font_path: "{fonts / TITLE_FONT}", font_size: {pt(TITLE_PT)}, '
        f"color: {ink}}}",
        f"  - {{id: body, type: text, position: [{px(BODY_XY[0])}, {px(BODY_XY[1])}], "
        f'text: "%body%", font_path: "{fonts / BODY_FONT}", font_size: {pt(BODY_PT)}, '
        f"line_spacing: {body_spacing}, width: {px(BODY_WIDTH)}, color: {ink}}}",
    ]
    for i in range(10):
        x, y, stroke = px(shape_x(i)), px(SHAPES_Y), max(1, px(SHAPE_STROKE))
        if i % 2:
            shape = f"type: circle, radius: {px(SHAPE_SIZE / 2)}"
        else:
            shape = f"type: rectangle, size: [{px(SHAPE_SIZE)}, {px(SHAPE_SIZE)}]"
        lines.append(
            f"  - {{id: s{i}, {shape}, position: [{x}, {y}], color: {shade}, "
            f"outline_color: {ink}, outline_width: {stroke}}}"
        )
    return "\n".join(lines) + "\n"


def decksmith_csv() -> str:
    """decksmith's deck.csv: ';'-separated with a header row, one row per card."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=";", lineterminator="\n")
    writer.writerow(["title", "body"])
    for i in range(CARDS):
        writer.writerow([title(i), "\n".join(LINES)])
    return buf.getvalue()


def setup_venv(venv: Path) -> str | None:
    """Create the decksmith venv and pip install decksmith; the error text, or None if it worked."""
    steps = [
        [sys.executable, "-m", "venv", str(venv)],
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "decksmith"],
    ]
    for cmd in steps:
        print(f"setup: {' '.join(cmd)}", flush=True)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
            return f"`{' '.join(cmd)}` exited {proc.returncode}: " + " | ".join(tail)
    return None


class CommandError(RuntimeError):
    """A benchmarked command failed or did not write what it should."""


# Subprocesses may cache bytecode, as on a user's machine: pip compiles an installed package,
# but an editable install (a checkout) is compiled on first run only where this is unset.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

# The floor: the smallest Typer app (two string options) that papirna's CLI is built on.
TYPER_FLOOR = """import typer
app = typer.Typer()
@app.command()
def main(a: str = "", b: str = "") -> None:
    pass
app()
"""


def run(cmd: list[str], cwd: Path) -> float:
    """Run a command in `cwd`; its wall time in seconds. Raises CommandError when it fails."""
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=ENV)
    elapsed = time.perf_counter() - t
    if proc.returncode:
        tail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-6:]
        raise CommandError(f"`{' '.join(cmd)}` exited {proc.returncode}: " + " | ".join(tail))
    return elapsed


def decksmith_once(venv: Path, project: Path, n: int) -> tuple[float, float, Path]:
    """One decksmith build + export into fresh folders; (build s, export s, PDF path)."""
    exe = str(venv / "bin" / "decksmith")
    images, pdf = project / f"cards-{n}", project / f"deck-{n}.pdf"
    build = run(
        [exe, "build", "--spec", "deck.yaml", "--data", "deck.csv", "--output", images.name],
        project,
    )
    made = len(list(images.glob("*.png")))
    if made != CARDS:
        raise CommandError(f"`decksmith build` exited 0 but wrote {made} of {CARDS} card PNGs")
    export = run(
        [
            exe,
            "export",
            images.name,
            "--output",
            pdf.name,
            "--page-size",
            "A4",
            "--width",
            str(CARD_MM[0]),
            "--height",
            str(CARD_MM[1]),
        ],
        project,
    )
    if not pdf.is_file():
        raise CommandError("`decksmith export` exited 0 but wrote no PDF")
    shutil.rmtree(images)
    return build, export, pdf


# --- measuring -------------------------------------------------------------------------------


@dataclass
class Facts:
    """What pypdf sees in a PDF."""

    size: int
    pages: int
    images: int
    czech: bool


def pdf_facts(data: bytes) -> Facts:
    """Size, pages, raster images placed (pypdf page.images) and whether 'ř' and 'ů' extract."""
    reader = PdfReader(io.BytesIO(data))
    images = sum(len(page.images) for page in reader.pages)
    text = "".join(page.extract_text() or "" for page in reader.pages)
    return Facts(len(data), len(reader.pages), images, "ř" in text and "ů" in text)


def median_time(func: Callable[[], object], repeat: int) -> tuple[float, object]:
    """Median wall time in seconds of `repeat` runs, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def row(name: str, seconds: float, n: int, facts: Facts | None = None) -> str:
    """One aligned line of the report."""
    line = f"{name:<32}{seconds * 1000:10.1f} ms  (median of {n})"
    if facts:
        line += (
            f"  {facts.size / 1024:8.0f} KiB  {facts.pages:3d} pages  {facts.images:4d} images"
            f"  vector: {'yes' if facts.images == 0 else 'no '}"
            f"  Czech text extractable: {'yes' if facts.czech else 'no'}"
        )
    return line


def verdict(ok: bool) -> str:
    """'goal met' or 'goal NOT met'."""
    return "goal met" if ok else "goal NOT met"


def main() -> int:
    """Set up decksmith when asked, run both sides and print times, sizes, ratios and goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setup", action="store_true", help="create the decksmith venv first")
    parser.add_argument("--repeat", type=int, help="runs per side (default 5 papirna, 3 decksmith)")
    parser.add_argument("--dpi", type=int, default=300, help="decksmith card resolution")
    args = parser.parse_args()
    p_repeat, d_repeat = args.repeat or 5, args.repeat or 3
    failed = False

    decksmith_error = None
    if args.setup:
        decksmith_error = setup_venv(VENV)
    elif not (VENV / "bin" / "decksmith").is_file():
        print(
            f"decksmith venv missing ({VENV}); set it up with: "
            f"python {os.path.relpath(__file__)} --setup  (papirna side only)"
        )
    use_decksmith = decksmith_error is None and (VENV / "bin" / "decksmith").is_file()
    if args.setup and decksmith_error is None and not use_decksmith:
        decksmith_error = f"pip reported success but {VENV / 'bin' / 'decksmith'} is missing"

    register_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = work / PACK_ID
        root.mkdir()
        make_pack(root)
        inproc_time, pdf = median_time(lambda: papirna_in_process(root), p_repeat)
        inproc = pdf_facts(pdf)
        out = work / "out"
        cmd = papirna_command(root, out)
        floor = work / "typer_floor.py"
        floor.write_text(TYPER_FLOOR, encoding="utf-8")
        floor_cmd = [sys.executable, str(floor), "--a", "1", "--b", "2"]
        for warm_up in (cmd, floor_cmd):  # bytecode caches written, files warm
            run(warm_up, work)
        e2e_time, _ = median_time(lambda: run(cmd, work), p_repeat)
        start_time, _ = median_time(lambda: run([*papirna_cli(), "--version"], work), p_repeat)
        floor_time, _ = median_time(lambda: run(floor_cmd, work), p_repeat)
        papirna = pdf_facts((out / PACK_ID / f"{PACK_ID}-deck-cs-a4.pdf").read_bytes())

        deck = None
        if use_decksmith:
            project = work / "decksmith"
            project.mkdir()
            (project / "deck.yaml").write_text(decksmith_spec(args.dpi), encoding="utf-8")
            (project / "deck.csv").write_text(decksmith_csv(), encoding="utf-8")
            try:
                runs = [decksmith_once(VENV, project, n) for n in range(d_repeat)]
                builds, exports = [r[0] for r in runs], [r[1] for r in runs]
                totals = [b + e for b, e in zip(builds, exports, strict=True)]
                deck = (
                    statistics.median(builds),
                    statistics.median(exports),
                    statistics.median(totals),
                    pdf_facts(runs[-1][2].read_bytes()),
                )
            except CommandError as e:
                decksmith_error = str(e)

    print(
        f"deck: {CARDS} poker cards {CARD_MM[0]} x {CARD_MM[1]} mm, Czech text, frame and "
        f"10 shapes per card, 9 per A4 sheet"
    )
    print(row("papirna in-process", inproc_time, p_repeat, inproc))
    print("  (load YAML pack + layout + render to PDF bytes; fonts registered before timing)")
    print(row("papirna end-to-end", e2e_time, p_repeat, papirna))
    print(f"  (`papirna build {PACK_ID} --content DIR --lang cs --paper a4`, a subprocess)")
    print(row("  of it, start (--version)", start_time, p_repeat))
    print(row("floor: a bare Typer app", floor_time, p_repeat))
    print("  (two string options, nothing else; papirna's CLI is a Typer app)")
    if decksmith_error:
        failed = True
        print(f"decksmith FAILED: {decksmith_error}")
    if deck is not None:
        build_t, export_t, total_t, ds = deck
        print(row("decksmith end-to-end", total_t, d_repeat, ds))
        print(row(f"  of it, build ({args.dpi} dpi PNGs)", build_t, d_repeat))
        print(row("  of it, export (PNGs to A4 PDF)", export_t, d_repeat))
    print("goals (issue 4):")
    if deck is not None:
        time_ratio, size_ratio = total_t / e2e_time, ds.size / papirna.size
        print(
            f"  time decksmith/papirna, end-to-end: {time_ratio:6.1f}x  (goal >= {GOAL_TIME:.0f}x)"
            f"  {verdict(time_ratio >= GOAL_TIME)}"
        )
        print(f"    (decksmith end-to-end / papirna in-process: {total_t / inproc_time:.1f}x)")
        print(
            f"    (the goal needs papirna end-to-end <= {1000 * total_t / GOAL_TIME:.0f} ms; "
            f"a bare Typer app + papirna in-process is {1000 * (floor_time + inproc_time):.0f} ms"
            f" here, at best {total_t / (floor_time + inproc_time):.1f}x)"
        )
        print(
            f"  size decksmith/papirna:             {size_ratio:6.1f}x  (goal >= {GOAL_SIZE:.0f}x)"
            f"  {verdict(size_ratio >= GOAL_SIZE)}"
        )
    else:
        print("  time and size ratios: not measured (decksmith did not run)")
    others = f", decksmith {ds.images}" if deck is not None else ""
    print(f"  papirna vector: {papirna.images} images{others}  {verdict(papirna.images == 0)}")
    czech = f", decksmith {'yes' if ds.czech else 'no'}" if deck is not None else ""
    print(f"  Czech text extractable: papirna {'yes' if papirna.czech else 'no'}{czech}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
