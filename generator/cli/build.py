"""`papirna build`: render every printable of the named games into PDF files."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

import typer

from generator.cli import printing as P
from generator.cli.common import CONTENT_OPTION, handles_errors, load_packs
from generator.errors import PapirnaError


def register(app: typer.Typer) -> None:
    """Add the `build` command."""
    app.command("build")(build)


@handles_errors
def build(
    games: list[str] = typer.Argument(None, help="Games to build (default: all)."),
    lang: str | None = typer.Option(
        None, "--lang", help="Only this language (cs, en, or a pack's own code)."
    ),
    paper: Literal["a4", "letter", "a3"] | None = typer.Option(
        None, "--paper", help="Only this paper size."
    ),
    out: Path = typer.Option(Path("output"), "--out", help="Output folder.", file_okay=False),
    content: list[Path] = CONTENT_OPTION,
    plan_file: Path | None = typer.Option(
        None, "--plan", help="Short for --file plan=FILE: a plan made by a game's command."
    ),
    file_args: list[str] = typer.Option(
        None,
        "--file",
        metavar="KEY=FILE",
        help="Use FILE instead of the data file KEY of every printable that has one "
        "(checked by that file's schema).",
    ),
    duplex: str = P.DUPLEX,
    back_offset: str | None = P.OFFSET,
    gap: str | None = P.GAP,
    bleed: str | None = P.BLEED,
    guides: bool = P.GUIDES,
    corners: str | None = P.CORNERS,
    single: bool = P.SINGLE,
    gutterfold: bool = P.GUTTERFOLD,
    pack: bool = P.PACK,
    ink: str = P.INK,
    printer_margin: str = P.PRINTER_MARGIN,
    png: bool = P.PNG,
    dpi: int = P.DPI,
    showcase: bool = P.SHOWCASE,
    png_copies: bool = P.PNG_COPIES,
    png_corners: str | None = P.PNG_CORNERS,
    tts: bool = P.TTS,
    color: str = P.COLOR,
    watch: bool = P.WATCH,
    jobs: int | None = P.JOBS,
) -> None:
    """Render the printables of the named games (all games by default) into PDFs."""
    started = time.perf_counter()
    opts = P.options(
        duplex,
        back_offset,
        gap,
        bleed,
        guides,
        corners,
        single,
        printer_margin,
        gutterfold,
        pack,
        ink,
    )
    more = P.extras(png, dpi, showcase, png_copies, png_corners, tts, color)

    def run(cache: dict | None = None) -> tuple[int, int]:
        packs = _packs(games, content, plan_file, file_args, lang, jobs != 1)
        papers = [paper] if paper else None
        langs = [lang] if lang else None
        return P.produce(
            packs, langs, papers, out, opts, more, None, cache, not watch, jobs, started
        )

    if not watch:
        run()
        return
    from generator.cli.common import stdout
    from generator.output.watch import card_data_files, watch_roots
    from generator.output.watch import watch as watching

    packs = load_packs(games or None, content)
    swapped = [*(file_args or []), *([f"plan={plan_file}"] if plan_file else [])]
    roots = watch_roots(packs, [Path(name.partition("=")[2]).parent for name in swapped])
    console = stdout()
    console.print(f"watching {len(roots)} folders (Ctrl+C stops)", highlight=False, markup=False)
    say = lambda line: console.print(line, highlight=False, markup=False)  # noqa: E731
    watching(roots, out, run, say, card_data_files(packs))


def _packs(
    games: list[str] | None,
    content: list[Path],
    plan_file: Path | None,
    file_args: list[str],
    lang: str | None = None,
    helper: bool = True,
) -> list:
    """The packs to build, with the --file (and --plan) data files swapped in."""

    def idle() -> None:
        """While the other core loads packs: the drawing code, the fonts, the hyphenation."""
        from generator.output.parallel import warm_up

        warm_up([lang] if lang else ["cs", "en"])

    packs = load_packs(games or None, content, helper, idle)
    if lang and not any(lang in pack.languages for pack in packs):
        known = sorted({lg for pack in packs for lg in pack.languages})
        raise PapirnaError(
            f"--lang: no game here has {lang!r} text; their languages: {', '.join(known)}"
        )
    swaps = [*(file_args or []), *([f"plan={plan_file}"] if plan_file is not None else [])]
    for swap in swaps:
        _swap_file(packs, swap)
    return packs


def _swap_file(packs: list, swap: str) -> None:
    """Replace the data file KEY of every printable that has one with FILE (from KEY=FILE)."""
    from generator.content.pack import Entry
    from generator.content.schemas import model_for
    from generator.content.validate import validate
    from generator.content.yamlio import YamlDoc, load_yaml_file
    from generator.errors import PapirnaError

    key, sep, name = swap.partition("=")
    if not sep or not key or not name:
        raise PapirnaError(f"--file: expected KEY=FILE, got {swap!r}")
    path = Path(name)
    doc = load_yaml_file(path)
    used = False
    for pack in packs:
        for printable in pack.printables.values():
            ref = printable.spec.files.get(key)
            if ref is None:
                continue
            model = model_for(ref.schema_, YamlDoc(file=str(path), data=None), ())
            printable.files[key] = Entry(validate(model, doc), doc, ())
            used = True
    if not used:
        raise PapirnaError(f"--file: no printable of these games has a data file {key!r}")
