"""`papirna validate`: check content packs and layouts without rendering."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.cli.common import handles_errors, load_packs, stdout
from generator.errors import PapirnaError


def register(app: typer.Typer) -> None:
    """Add the `validate` command."""
    app.command("validate")(validate)


@handles_errors
def validate(
    path: Path | None = typer.Argument(
        None,
        help="A pack folder or pack.yaml, a deck folder or deck file (from `cards init`), or a "
        "layout .yaml file. Default: every built-in pack.",
    ),
) -> None:
    """Check a content pack or deck (data, references, layouts) or a layout without rendering."""
    from generator.content.deck import load_deck
    from generator.content.pack import builtin_pack_ids, load_builtin_pack, load_pack
    from generator.layout.spec import load_layout
    from generator.output.build import pack_layout

    out = stdout()
    if path is None:
        packs = load_packs(None, None)
    elif path.is_file() and path.name == "pack.yaml":
        packs = [load_pack(path.parent)]
    elif path.is_dir() and not (path / "pack.yaml").exists() and (path / "deck.yaml").is_file():
        packs = [load_deck(path / "deck.yaml")]
    elif path.is_dir() and not (path / "pack.yaml").exists():
        raise PapirnaError("no pack.yaml or deck.yaml in this folder", file=str(path))
    elif path.is_dir():
        packs = [load_pack(path)]
    elif path.suffix in (".yaml", ".yml") and path.is_file() and _is_deck_file(path):
        packs = [load_deck(path)]
    elif path.suffix in (".yaml", ".yml") and path.is_file():
        if path.suffix != ".yaml":
            raise PapirnaError("a layout file's name must end in .yaml", file=str(path))
        try:
            spec = load_layout(path.stem, [path.parent])
        except PapirnaError as e:
            if e.file:
                raise
            raise PapirnaError(e.message, file=str(path)) from None
        out.print(f"ok: layout {path} ({spec.width:g}x{spec.height:g}mm, {len(spec.boxes)} boxes)")
        return
    elif not path.exists() and path.name in builtin_pack_ids():
        packs = [load_builtin_pack(path.name)]
    else:
        raise PapirnaError("not a content pack folder, pack.yaml or layout file", file=str(path))
    from generator.layout.builders import builder

    for pack in packs:
        layouts = set()
        for p in pack.printables.values():
            for key in ("layout", "back"):
                name = getattr(p.spec, key)
                if name:
                    try:
                        pack_layout(pack, name)
                    except PapirnaError as e:
                        if e.file and e.file != pack.manifest_doc.file:
                            raise
                        raise p.entry.error(e.message, (key,)) from None
                    layouts.add(name)
            if p.spec.builder:
                try:
                    builder(p.spec.builder)
                except PapirnaError as e:  # the same error `build` gives
                    raise p.entry.error(e.message, ("builder",)) from None
        cards = sum(len(p.cards) for p in pack.printables.values())
        out.print(
            f"ok: {pack.id}: {len(pack.printables)} printables, {cards} cards, {len(layouts)} layouts"
        )


def _is_deck_file(path: Path) -> bool:
    """Whether a YAML file is a deck file (it names its `cards`) rather than a layout."""
    from generator.content.yamlio import load_yaml_file

    data = load_yaml_file(path).data
    return isinstance(data, dict) and "cards" in data and "boxes" not in data
