"""The build pipeline: packs to documents to PDF files."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from generator.content.cards import LayoutChoice, card_name, choose, layout_name
from generator.content.models import LText, to_context
from generator.content.pack import Entry, LoadedPrintable, Pack
from generator.content.schemas import card_extras
from generator.errors import PapirnaError
from generator.layout.builders import BuildContext
from generator.layout.engine import Builder, Env, Item
from generator.layout.ops import Document, FieldOp, GroupOp, Page
from generator.layout.refs import layout_fields
from generator.layout.spec import LayoutSpec, pack_layout, with_bleed
from generator.output.deckcheck import MissingLabel, check_choice, check_layout, trim_warnings
from generator.output.impose import PrintOptions, impose
from generator.output.lowink import low_ink
from generator.output.tiling import tile
from generator.render.metrics import ReportlabMetrics
from generator.render.pdf import render_pdf
from generator.units import PAPER_SIZES_MM

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Job:
    """One file to write: a printable of a pack, in one language, on one paper."""

    pack: Pack
    printable: LoadedPrintable
    lang: str
    paper: str
    fillable: bool = False
    single: bool = False  # a deck as single-card pages: one file whatever the paper
    members: tuple[LoadedPrintable, ...] = ()  # --pack: the decks sharing sheets (printable first)
    group: str = ""  # --pack: the shared file's name part ('cards', 'cards-2', ...)

    @property
    def filename(self) -> str:
        """File name under the pack's output folder."""
        variant = "-fillable" if self.fillable else ""
        paper = "single" if self.single else self.paper
        name = self.group or self.printable.id
        return f"{self.pack.id}-{name}{variant}-{self.lang}-{paper}.pdf"

    @property
    def decks(self) -> tuple[Job, ...]:
        """One job per deck this job prints: its members when packed, else itself."""
        if not self.members:
            return (self,)
        return tuple(Job(self.pack, lp, self.lang, self.paper) for lp in self.members)


@dataclass
class Result:
    """A rendered file waiting to be written."""

    job: Job
    path: Path
    data: bytes
    pages: int


def _layout_names(ref: object) -> list[str]:
    """The layout names a deck's `layout` or `back` may choose."""
    refs: list[str] = []
    if isinstance(ref, str):
        refs = [ref]
    elif isinstance(ref, LayoutChoice):
        refs = [*ref.cases.values(), *([ref.default] if ref.default else [])]
    return [name for name in map(layout_name, refs) if name]


def _pack_key(pack: Pack, lp: LoadedPrintable, bleed: float | None) -> tuple | None:
    """What decks must share to be packed on the same sheets, or None if the deck packs alone.

    The card size, the bleed and whether there are backs (each slot's back is then the back
    of the card in that slot, so the decks' back layouts may differ), and the papers allowed.
    """
    spec = lp.spec
    names = _layout_names(spec.layout)
    if spec.kind != "deck" or not names:
        return None
    try:
        front = pack_layout(pack, names[0])
    except PapirnaError:
        return None  # the deck's own build reports it
    if bleed is None:
        bleed = spec.bleed if spec.bleed is not None else front.bleed
    papers = tuple(spec.paper) if spec.paper else None
    return (round(front.width, 3), round(front.height, 3), round(bleed, 3), bool(spec.back), papers)


def pack_groups(pack: Pack, bleed: float | None = None) -> dict[str, tuple[str, tuple[str, ...]]]:
    """--pack: each packed deck's id -> (file name part, ids of the decks sharing its sheets).

    Decks of one pack with the same card size, bleed and backs share sheets, in the pack's
    order; a deck with no such partner is not in the result and keeps its own file.
    """
    keyed: dict[tuple, list[str]] = {}
    for pid, lp in pack.printables.items():
        key = _pack_key(pack, lp, bleed)
        if key is not None:
            keyed.setdefault(key, []).append(pid)
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    number = 0
    for ids in keyed.values():
        if len(ids) < 2:
            continue
        number += 1
        name = "cards" if number == 1 else f"cards-{number}"
        while name in pack.printables:
            name += "-packed"
        for pid in ids:
            out[pid] = (name, tuple(ids))
    return out


def plan(
    packs: Iterable[Pack],
    langs: list[str] | None,
    papers: list[str] | None,
    single: bool = False,
    packed: bool = False,
    bleed: float | None = None,
) -> list[Job]:
    """Every (printable, language, paper) to build; with `single`, decks once per language.

    With `packed` (--pack), decks that can share sheets (see pack_groups) are one job each
    language and paper, at the place of the first of them; `bleed` is the --bleed override.
    """
    jobs = []
    for pack in packs:
        pack_langs = [lg for lg in pack.languages if langs is None or lg in langs]
        groups = pack_groups(pack, bleed) if packed and not single else {}
        for printable in pack.printables.values():
            group, members = groups.get(printable.id, ("", ()))
            if members and members[0] != printable.id:
                continue  # printed on the sheets of the group's first deck
            together = tuple(pack.printables[m] for m in members)
            allowed = printable.spec.paper or list(PAPERS)
            if printable.spec.kind == "deck" and printable.spec.paper is None and papers:
                allowed = list(papers)  # a deck is imposed on whatever paper is asked for
            chosen = [paper for paper in allowed if papers is None or paper in papers]
            if single and printable.spec.kind == "deck":  # pages are the card: paper is moot
                jobs.extend(
                    Job(pack, printable, lang, chosen[0], single=True)
                    for lang in pack_langs
                    if chosen
                )
                continue
            for lang in pack_langs:
                for paper in allowed:
                    if papers is None or paper in papers:
                        jobs.append(
                            Job(pack, printable, lang, paper, False, False, together, group)
                        )
                        if printable.spec.fillable:
                            jobs.append(Job(pack, printable, lang, paper, fillable=True))
    if not jobs and any(pack.printables for pack in packs):
        asked = ", ".join(papers or []) or "the default papers"
        raise PapirnaError(
            f"nothing to build on {asked} in {', '.join(langs or []) or 'any language'}"
        )
    return jobs


def _path_key(field: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in field.split(".")) if field else ()


def _item(
    entry: Entry,
    lang: str,
    label: str,
    extra: dict | None = None,
    labels: dict | None = None,
    files: dict | None = None,
) -> Item:
    data = to_context(entry.model, lang)
    if not isinstance(data, dict):
        data = {"value": data}
    data = {**data, "lang": lang, **(extra or {})}
    if labels:
        data["label"] = {k: v.get(lang) for k, v in labels.items()}

    def locate(message: str, field: str) -> PapirnaError:
        err = entry.doc.error(entry.path + _path_key(field), f"{label}: {message}")
        return err

    return Item(data, label, locate, files)


@dataclass
class DeckCards:
    """A deck's cards drawn and ready to impose."""

    title: str
    card: tuple[float, float]
    bleed: float
    safe: float
    fronts: list = field(default_factory=list)
    backs: list | None = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def check_only(only: set[str], ids: list[str], printable: LoadedPrintable) -> None:
    """Refuse --only ids the deck does not have, naming the nearest one."""
    import difflib

    for wanted in sorted(only - set(ids)):
        near = difflib.get_close_matches(wanted, ids, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise printable.entry.error(f"--only: no card with id {wanted!r}{hint}")


class Renderer:
    """Builds documents for jobs, sharing metrics and parsed layouts."""

    def __init__(self, options: PrintOptions | None = None) -> None:
        self.metrics = ReportlabMetrics()
        self.options = options or PrintOptions()
        self.warnings: list[str] = []
        self.only: set[str] | None = None  # draw just the cards with these ids (--only)
        self.card_cache: dict | None = None  # drawn cards by their inputs (watch mode)
        self.drawn = 0  # cards drawn anew, not taken from card_cache
        self._fonts: dict[Path, dict[str, str]] = {}
        self._icons: dict[tuple[Path, ...], tuple[dict, dict]] = {}  # Env._icons, Env._placed
        # drawn decks by (printable, language): the faces do not depend on the paper
        self._decks: dict[tuple[int, str], tuple[LoadedPrintable, DeckCards]] = {}
        # the pages of the printable and language last drawn, for its other papers (see _reuse)
        self._drawn: tuple[tuple, dict[tuple, tuple]] = ((), {})

    def env(self, pack: Pack, fillable: bool = False, lang: str | None = None) -> Env:
        """A layout environment for one pack (texts in `lang`): its own fonts/ and icons/ too."""
        env = Env(self.metrics, pack_root=pack.root, fillable=fillable, lang=lang)
        if not pack.builtin:
            if (pack.root / "icons").is_dir():
                env.icon_dirs = [pack.root / "icons", *env.icon_dirs]
            fonts = pack.root / "fonts"
            if fonts.is_dir():
                if fonts not in self._fonts:
                    from generator.render.fonts import register_font_folder

                    self._fonts[fonts] = register_font_folder(fonts)
                env.fonts = dict(self._fonts[fonts])
        # icons found and drawn once per build for every job with the same icon folders
        env._icons, env._placed = self._icons.setdefault(tuple(env.icon_dirs), ({}, {}))
        return env

    def document(self, job: Job) -> Document:
        """The pages of one job."""
        self.warnings.extend(w for w in job.pack.notices if w not in self.warnings)
        p = job.printable
        kind = p.spec.kind
        title = f"{job.pack.manifest.name.get(job.lang)}: {p.spec.title.get(job.lang)}"
        if job.members:
            names = " + ".join(m.spec.title.get(job.lang) for m in job.members)
            return Document(
                f"{job.pack.manifest.name.get(job.lang)}: {names}", self.deck_pages(job)
            )
        if kind == "deck":
            return Document(title, self.deck_pages(job))
        if kind in ("page", "document"):
            return Document(title, self.page_pages(job))
        if kind == "drawn":
            return Document(title, self.drawn_pages(job), fillable=job.fillable)
        if kind == "start":
            return Document(title, self.start_pages(job))
        raise PapirnaError(
            f"printable kind {kind!r} cannot be built", file=job.pack.manifest_doc.file
        )

    def deck_cards(self, job: Job) -> DeckCards:
        """Every card of a deck drawn at its trim origin, copies repeated, with its back.

        Each card's front and back layout is chosen by the deck (one layout, or by a field, or
        by the card's own `layout`/`back` column); every field the layouts name is checked
        against the cards before anything is drawn.
        A deck is drawn once per language: the other papers (and its PNGs) reuse the drawing.
        """
        key = (id(job.printable), job.lang)
        cached = self._decks.get(key)
        if cached is None or cached[0] is not job.printable:
            cached = self._decks[key] = (job.printable, self._draw_deck(job))
        deck = cached[1]
        self.warnings.extend(w for w in deck.warnings if w not in self.warnings)
        return deck

    def _draw_deck(self, job: Job) -> DeckCards:
        p = job.printable
        if p.spec.layout is None:
            raise p.entry.error("a deck needs 'layout'", ("layout",))
        env = self.env(job.pack, lang=job.lang)
        lang = job.lang
        title = p.spec.title.get(lang)
        version = p.spec.version or job.pack.manifest.version
        date = p.spec.date or job.pack.manifest.date
        labels = job.pack.manifest.labels
        total = len(p.cards)
        rows: list[tuple[Entry, Item, int]] = []
        every_id: list[str] = []
        for i, entry in enumerate(p.cards):
            model = entry.model
            cid = model.get("id") if isinstance(model, dict) else getattr(model, "id", None)
            if isinstance(cid, LText):  # a user deck's id column: the same in every language
                cid = cid.get(lang)
            cid = str(cid or i + 1)
            every_id.append(cid)
            if self.only is not None and cid not in self.only:
                continue
            label = card_name(entry, lang, cid)
            extra = to_context(card_extras(job.pack, p.spec.schema_, entry.model), lang)
            numbers: dict = {"index": i + 1, "total": total, "deck": title}
            if version is not None:
                numbers["version"] = version
            if date is not None:
                numbers["date"] = date
            item = _item(
                entry,
                lang,
                label,
                {**numbers, **extra},
                labels,
                {k: e.model for k, e in p.files.items()},
            )
            count = item.data.get("count", 1)
            rows.append((entry, item, count if isinstance(count, int) else 1))
        printed = sum(c for _, _, c in rows)
        known = {k for _, item, _ in rows for k in item.data} | {"n", "N", "copy", "copies"}
        check_choice(p, known)
        unset = {
            "version": "the deck sets no 'version:'",
            "date": "the deck sets no 'date:'",
        }
        fonts = {"sans", "display", *env.fonts}
        layouts: dict[str, tuple[LayoutSpec, Builder, set[str]]] = {}
        bleed = self.options.bleed if self.options.bleed is not None else p.spec.bleed

        def layout(name: str, entry: Entry, what: str) -> tuple[LayoutSpec, Builder, set[str]]:
            if name not in layouts:
                try:
                    spec = pack_layout(job.pack, name)
                except PapirnaError as e:
                    if e.file and e.file != job.pack.manifest_doc.file:
                        raise
                    raise p.entry.error(e.message, (what,)) from None
                if bleed is not None:  # what reaches the layout's bleed edge reaches this one
                    spec = with_bleed(spec, bleed)
                try:
                    check_layout(spec, known, set(labels), fonts, unset)
                except MissingLabel as e:  # the fix is in pack.yaml, under `labels:`
                    raise job.pack.manifest_doc.error(("labels",), e.message) from None
                for warning in trim_warnings(spec):
                    if warning not in self.warnings:
                        self.warnings.append(warning)
                layouts[name] = (spec, Builder(spec, env), layout_fields(spec))
            return layouts[name]

        free = all(isinstance(e.model, dict) for e, _, _ in rows)  # own layout/back columns
        deck: DeckCards | None = None
        has_back: bool | None = None
        n = 0
        for entry, item, copies in rows:
            chosen = []
            for what in ("layout", "back"):
                ref = getattr(p.spec, what)
                data = item.data if free else {k: v for k, v in item.data.items() if k != what}
                name, why = choose(ref, data, lang, what, what)
                if why is not None:
                    by = ref.by if isinstance(ref, LayoutChoice) and what not in data else what
                    raise item.error(why, by)
                chosen.append(layout(name, entry, what) if name else None)
            front, back = chosen
            assert front is not None
            auto_low = False
            if self.options.ink == "low" and back is not None:  # --ink low
                low_name = back[0].low_ink
                if low_name is None:
                    auto_low = True
                elif low_name != "self":
                    back = layout(low_name, entry, "back")
            if deck is None:
                spec = front[0]
                deck = DeckCards(title, (spec.width, spec.height), spec.bleed, spec.safe)
                first = spec.name
            for part in (front, back):
                if part is not None and (part[0].width, part[0].height) != deck.card:
                    raise item.error(
                        f"layout {part[0].name!r} is {part[0].width:g}x{part[0].height:g}mm, "
                        f"but the deck's cards are {deck.card[0]:g}x{deck.card[1]:g}mm "
                        f"(layout {first!r}); one deck prints one size"
                    )
            if has_back is None:
                has_back = back is not None
            elif has_back != (back is not None):
                raise item.error(
                    "some cards of this deck have a back and this one has none; "
                    "give the back a 'default'"
                )
            own_id = item.data.get("id") if isinstance(entry.model, dict) else None
            cid = getattr(entry.model, "id", None) or own_id or str(p.cards.index(entry) + 1)
            f_ops = b_ops = None
            model = entry.model
            own = set(model) if isinstance(model, dict) else set(type(model).model_fields)
            for k in range(copies):
                n += 1
                stamps = {"copy": k + 1, "copies": copies, "n": n, "N": printed}
                item.data.update({s: v for s, v in stamps.items() if s not in own})
                need_f = f_ops is None or bool(front[2] & {"copy", "n"})
                need_b = back is not None and (b_ops is None or bool(back[2] & {"copy", "n"}))
                if need_f or need_b:
                    ckey = (job.pack.id, p.id, front[0].name, back and back[0].name, lang,
                            self.options.ink, repr(item.data))  # fmt: skip
                    hit = self.card_cache.get(ckey) if self.card_cache is not None else None
                    if hit is not None:  # watch mode: this card's inputs are unchanged
                        f_ops, b_ops = hit
                    else:
                        if need_f:
                            f_ops = front[1].build(item)
                        if need_b:
                            b_ops = back[1].build(item)
                            if auto_low:
                                b_ops = low_ink(b_ops, deck.card)
                        if self.card_cache is not None:
                            self.card_cache[ckey] = (f_ops, b_ops)
                            self.drawn += 1
                deck.fronts.append(f_ops)
                deck.ids.append(str(cid))
                if b_ops is not None:
                    assert deck.backs is not None
                    deck.backs.append(b_ops)
        if self.only is not None:
            check_only(self.only, every_id, p)
        if deck is None or not deck.fronts:
            raise p.entry.error("the deck has no cards to print (every count is 0)")
        if not has_back:
            deck.backs = None
        opts = self.options
        if opts.bleed is not None:
            deck.bleed = opts.bleed
        elif p.spec.bleed is not None:
            deck.bleed = p.spec.bleed
        deck.warnings = list(env.warnings)
        return deck

    def packed_cards(self, job: Job) -> tuple[DeckCards, list[tuple[str, int]]]:
        """--pack: the cards of the job's decks one after another, and (title, cards) per deck."""
        decks = [self.deck_cards(one) for one in job.decks]
        first = decks[0]
        for one, deck in zip(job.decks, decks, strict=True):
            same = (deck.card, deck.bleed, deck.backs is None) == (
                first.card,
                first.bleed,
                first.backs is None,
            )
            if not same:
                raise one.printable.entry.error(
                    f"--pack: this deck's cards ({deck.card[0]:g}x{deck.card[1]:g}mm, "
                    f"bleed {deck.bleed:g}mm, {'no ' if deck.backs is None else ''}backs) "
                    f"differ from {first.title!r}'s; it cannot share their sheets"
                )
        packed = DeckCards(" + ".join(d.title for d in decks), first.card, first.bleed, first.safe)
        for deck in decks:
            packed.fronts.extend(deck.fronts)
            packed.ids.extend(deck.ids)
            if deck.backs is not None:
                assert packed.backs is not None
                packed.backs.extend(deck.backs)
        if first.backs is None:
            packed.backs = None
        return packed, [(d.title, len(d.fronts)) for d in decks]

    def deck_pages(self, job: Job) -> list[Page]:
        """Imposed sheets of a deck (or single-card pages), with backs when the deck has one.

        A packed job (--pack) imposes its decks' cards together, each sheet naming its decks.
        """
        parts = None
        if job.members:
            deck, parts = self.packed_cards(job)
        else:
            deck = self.deck_cards(job)
        notes: list[str] = []
        try:
            pages = impose(
                deck.fronts,
                deck.backs,
                PAPER_SIZES_MM[job.paper],
                deck.card,
                deck.bleed,
                deck.title,
                opts=self.options,
                safe=deck.safe,
                notes=notes,
                parts=parts,
            )
        except PapirnaError as e:
            if e.file:
                raise
            raise job.printable.entry.error(e.message) from None
        note = f"{job.paper}: " + "; ".join(notes) if notes else ""
        if note and note not in self.warnings:
            self.warnings.append(note)
        return pages

    def _reuse(self, job: Job) -> dict[tuple, tuple]:
        """The drawings of the job's printable and language kept for its other papers.

        A page layout or a builder draws the same operations on every paper (they are centred
        or tiled afterwards); a builder that reads the paper has its drawing kept for that
        paper only. Only the printable and language drawn last are kept (the jobs of one come
        one after another), so memory does not grow with the build.
        """
        group = (id(job.pack), id(job.printable), job.lang)
        if self._drawn[0] != group:
            self._drawn = (group, {})
        return self._drawn[1]

    def page_pages(self, job: Job) -> list[Page]:
        """A one-page layout filled from the printable's data, centred on the paper."""
        p = job.printable
        if p.spec.layout is None:
            raise p.entry.error("a page needs 'layout'", ("layout",))
        layout = pack_layout(job.pack, p.spec.layout)
        kept = self._reuse(job)
        ops = kept.get(("page", job.fillable))
        if ops is None:
            entry = p.data or Entry({}, p.entry.doc, p.entry.path)
            extra = {"title": p.spec.title.get(job.lang)} if p.data is None else None
            item = _item(entry, job.lang, p.id, extra, job.pack.manifest.labels)
            ops = Builder(layout, self.env(job.pack, job.fillable, job.lang)).build(item)
            kept[("page", job.fillable)] = ops
        return [self._centred(job, layout, ops)]

    def start_pages(self, job: Job) -> list[Page]:
        """The pack's start page: what to print on this paper, how, and what to bring."""
        from generator.output.start import start_pages

        pack = job.pack
        groups = pack_groups(pack, self.options.bleed) if self.options.pack else {}

        def filename(lp: LoadedPrintable, fillable: bool, paper: str) -> str:
            group = groups.get(lp.id, ("", ()))[0] if not self.options.single else ""
            return Job(pack, lp, job.lang, paper, fillable=fillable, group=group).filename

        sizes = {}
        for pid, lp in pack.printables.items():
            if lp.spec.kind == "drawn" and lp.spec.layout is not None:
                lay = pack_layout(pack, lp.spec.layout)
                sizes[pid] = (lay.width, lay.height)
        try:
            return start_pages(
                pack, job.printable, job.lang, job.paper, self.env(pack), filename,
                self.options.duplex, sizes,
            )  # fmt: skip
        except PapirnaError as e:
            if e.file:
                raise
            raise (job.printable.data or job.printable.entry).error(e.message) from None

    def drawn_pages(self, job: Job) -> list[Page]:
        """Pages a registered builder draws, centred on the paper or tiled across sheets."""
        from generator.layout.builders import builder

        p = job.printable
        name = p.spec.builder
        if name is None or p.spec.layout is None:
            raise p.entry.error("a drawn printable needs 'builder' and 'layout'")
        try:
            draw = builder(name)
        except PapirnaError as e:
            raise p.entry.error(e.message, ("builder",)) from None
        layout = pack_layout(job.pack, p.spec.layout)
        kept = self._reuse(job)
        drawn = kept.get(("drawn", job.fillable, None)) or kept.get(
            ("drawn", job.fillable, job.paper)
        )
        if drawn is None:
            files = {k: e.model for k, e in p.files.items()}
            ctx = _PaperContext(
                layout=layout,
                data=p.data.model if p.data is not None else None,
                files=files,
                env=self.env(job.pack, job.fillable, job.lang),
                lang=job.lang,
                paper=job.paper,
                fillable=job.fillable,
                labels={k: v.get(job.lang) for k, v in job.pack.manifest.labels.items()},
                title=p.spec.title.get(job.lang),
            )
            try:
                drawn = draw(ctx)
            except PapirnaError as e:
                if e.file:
                    raise
                where = p.data or p.entry
                raise where.error(e.message) from None
            kept[("drawn", job.fillable, job.paper if ctx.paper_read else None)] = drawn
        pw, ph = PAPER_SIZES_MM[job.paper]
        if p.spec.orientation == "landscape":
            pw, ph = ph, pw
        pages: list[Page] = []
        for d in drawn:
            if d.width <= pw + 1e-6 and d.height <= ph + 1e-6:
                dx, dy = (pw - d.width) / 2, (ph - d.height) / 2
                pages.append(Page(pw, ph, [_shift(d.ops, dx, dy)]))
            elif d.height <= pw + 1e-6 and d.width <= ph + 1e-6:
                # fits turned: print the page in landscape
                dx, dy = (ph - d.width) / 2, (pw - d.height) / 2
                pages.append(Page(ph, pw, [_shift(d.ops, dx, dy)]))
            else:  # tiled, on the paper turned whichever way needs fewer sheets
                pages.extend(tile(d, (pw, ph), d.name or p.spec.title.get(job.lang)))
        return pages

    def _centred(self, job: Job, layout: LayoutSpec, ops: list) -> Page:
        pw, ph = PAPER_SIZES_MM[job.paper]
        if job.printable.spec.orientation == "landscape":
            pw, ph = ph, pw
        if layout.width > pw + 1e-6 or layout.height > ph + 1e-6:
            raise job.printable.entry.error(
                f"layout {layout.name!r} ({layout.width:g}x{layout.height:g}mm) is larger than "
                f"{job.paper} paper ({pw:g}x{ph:g}mm)",
                ("layout",),
            )
        dx, dy = (pw - layout.width) / 2, (ph - layout.height) / 2
        return Page(pw, ph, [_shift(ops, dx, dy)])


class _PaperContext(BuildContext):
    """A builder's context that notes whether the builder read the paper."""

    paper_read = False

    @property  # type: ignore[override]
    def paper(self) -> str:
        """The paper, noting that the drawing depends on it."""
        self.paper_read = True
        return self._paper

    @paper.setter
    def paper(self, value: str) -> None:
        self._paper = value


def _shift(ops: list, dx: float, dy: float) -> GroupOp:
    """Move operations; form fields are moved by value since they are not drawn in a group."""
    moved = [op._replace(x=op.x + dx, y=op.y + dy) if isinstance(op, FieldOp) else op for op in ops]
    drawn = tuple(op for op in moved if not isinstance(op, FieldOp))
    fields = tuple(op for op in moved if isinstance(op, FieldOp))
    return GroupOp(0.0, 0.0, (GroupOp(dx, dy, drawn), *fields))


def render_deck(
    pack: Pack, printable_id: str, models: list, lang: str, paper: str, title: str | None = None
) -> tuple[bytes, int]:
    """Render cards that are not in the pack's files (e.g. generated ones) with one of its decks.

    The cards are drawn exactly as the deck `printable_id` draws its own cards. Returns the PDF
    bytes and the page count.
    """
    from generator.content.yamlio import YamlDoc

    if printable_id not in pack.printables:
        raise PapirnaError(f"pack {pack.id!r} has no printable {printable_id!r}")
    base = pack.printables[printable_id]
    doc = YamlDoc(file="<generated>", data=None)
    cards = [Entry(m, doc, (i,)) for i, m in enumerate(models)]
    lp = LoadedPrintable(
        id=base.id, spec=base.spec, entry=base.entry, cards=cards, files=base.files
    )
    job = Job(pack, lp, lang, paper)
    renderer = Renderer()
    pages = renderer.deck_pages(job)
    name = title or f"{pack.manifest.name.get(lang)}: {base.spec.title.get(lang)}"
    return render_pdf(Document(name, pages)), len(pages)


def render_jobs(
    jobs: list[Job],
    out_dir: Path,
    progress: Callable[[Job], None] | None = None,
    options: PrintOptions | None = None,
) -> list[Result]:
    """Render every job to PDF bytes in memory (nothing is written here)."""
    renderer = Renderer(options)
    results = []
    for job in jobs:
        doc = renderer.document(job)
        data = render_pdf(doc)
        results.append(Result(job, out_dir / job.pack.id / job.filename, data, len(doc.pages)))
        if progress:
            progress(job)
    return results
