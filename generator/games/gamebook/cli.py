"""`papirna fight`: the exact odds of a gamebook fight, and a chart of them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from generator.cli.common import handles_errors, stdout
from generator.errors import PapirnaError

if TYPE_CHECKING:
    from generator.games.gamebook.rules import Fight, FightOdds, Tables

# One paragraph per line: the help wraps them to the terminal's width.
HELP = "\n\n".join(
    [
        "Exact odds of a gamebook fight: win, lose, escape and the expected number of rounds.",
        "Computed by dynamic programming over the fight's states (your strength, your friends' "
        "and the enemy's), not by sampling. How papirna reads the rulebook where it is not "
        "explicit:",
        "- Each round the side with initiative strikes first: attack strength = combat strength "
        "x armour value, a die, the attacker's table gives the damage. A side killed by the first "
        "strike does not strike back; otherwise the defender strikes back with its reduced "
        "strength. Attack strength 0 never wounds.",
        "- --initiative roll rolls every round: 1-3 the enemy strikes first, 4-6 you do.",
        "- Friends: warriors and alchemists add their attack strength to yours (one roll, on your "
        "table); a wizard casts a light spell every round (its own die, the spell-power column of "
        "table II), as does your Spellcasting skill along with each of your attacks. The enemy's "
        "blow goes to one living fighter of your group, chosen before the roll to maximise your "
        "survival, then your wins, then your strength after a win. You die at 0 strength even if friends live; a friend at 0 is "
        "out of the fight. The bomb and potions are not modelled.",
        "- Fleeing (--flee, --flee-at N): in a round that starts with your strength at N or less "
        "you try to flee instead of attacking; the enemy strikes first; if you live through that "
        "blow, wizard friends still cast (they cast in every round), and unless their spells "
        "finish the enemy you escape.",
        "Odds show two decimals; an outcome that may or may not happen never shows as 0.00% or "
        "100.00%, but as < 0.01% or > 99.99%. --json gives exact fractions too.",
    ]
)

_FRIEND = re.compile(r"^(warrior|alchemist|wizard):(\d+)(?:[x×*/](\d+))?$")
TABLE_NAMES = {"i": "I", "1": "I", "ii": "II", "2": "II", "iii": "III", "3": "III"}


def register(app: typer.Typer) -> None:
    """Add the `fight` command."""
    app.command("fight", help=HELP)(fight)


def _whole(value: str, option: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise PapirnaError(f"{option}: expected a whole number, got {value!r}") from None


def _table(value: str, option: str) -> str:
    name = TABLE_NAMES.get(value.strip().lower())
    if name is None:
        raise PapirnaError(f"{option}: unknown table {value!r}, expected I, II or III")
    return name


def parse_friend(text: str):
    """'warrior:12x3', 'alchemist:8x2' (strength x armour value) or 'wizard:15' (spell power)."""
    from generator.games.gamebook.rules import Friend

    m = _FRIEND.match(text.strip().lower())
    if m is None:
        raise PapirnaError(
            f"--friend: expected warrior:STRENGTHxARMOUR_VALUE, alchemist:STRENGTHxARMOUR_VALUE or "
            f"wizard:POWER, got {text!r}"
        )
    kind, a, b = m.group(1), int(m.group(2)), m.group(3)
    if kind == "wizard":
        if b is not None:
            raise PapirnaError(
                f"--friend: a wizard has a spell power only (wizard:15), got {text!r}"
            )
        return Friend("wizard", power=a)
    if b is None:
        raise PapirnaError(f"--friend: give a {kind}'s strength and armour value ({kind}:12x3)")
    return Friend(kind, strength=a, armour_value=int(b))


def load_tables() -> Tables:
    """The combat tables computed from the gamebook pack's combat.yaml."""
    from generator.content.validate import validate
    from generator.content.yamlio import load_yaml_file
    from generator.games.gamebook.models import CombatTables
    from generator.games.gamebook.rules import combat_tables
    from generator.resources import content_dir

    return combat_tables(
        validate(CombatTables, load_yaml_file(content_dir() / "gamebook" / "combat.yaml"))
    )


@handles_errors
def fight(
    strength: str = typer.Option(
        "10", "--strength", "-s", metavar="N", help="Your current combat strength."
    ),
    armour_value: str = typer.Option(
        ...,
        "--armour-value",
        "-a",
        metavar="N",
        help="Your armour value (výzbroj: weapon, shield and worn gear together).",
    ),
    table: str = typer.Option(
        "II", "--table", "-t", metavar="I|II|III", help="The table your attacks use."
    ),
    enemy_strength: str = typer.Option(
        ..., "--enemy-strength", "-S", metavar="N", help="The enemy's strength."
    ),
    enemy_armour_value: str = typer.Option(
        ..., "--enemy-armour-value", "-A", metavar="N", help="The enemy's armour value."
    ),
    enemy_table: str = typer.Option(
        "II", "--enemy-table", "-T", metavar="I|II|III", help="The enemy's table."
    ),
    initiative: str = typer.Option(
        "you",
        "--initiative",
        "-i",
        metavar="you|enemy|roll",
        help="Who strikes first each round (roll: a die every round).",
    ),
    friends: list[str] = typer.Option(
        None,
        "--friend",
        "-f",
        metavar="KIND:N[xN]",
        help="A friend: warrior:12x3 or alchemist:8x2 (strength x armour value), or wizard:15 "
        "(spell power 1-29). Up to two.",
    ),
    spellcasting: str = typer.Option(
        "0",
        "--spellcasting",
        metavar="0-3",
        help="Your Spellcasting skill level 0-3 (a light spell per attack).",
    ),
    flee: bool = typer.Option(False, "--flee", help="Try to flee in the first round."),
    flee_at: str | None = typer.Option(
        None, "--flee-at", metavar="N", help="Try to flee once your strength is this or less."
    ),
    simulate: str = typer.Option(
        "0",
        "--simulate",
        metavar="N",
        help="Also play N fights with dice and show the sampled odds.",
    ),
    seed: str = typer.Option("1", "--seed", metavar="S", help="Seed of --simulate."),
    chart: Path | None = typer.Option(
        None,
        "--chart",
        metavar="FILE.pdf",
        help="Also write a PDF chart: win odds against enemy strength.",
    ),
    lang: str = typer.Option("cs", "--lang", metavar="cs|en", help="Language of the chart."),
    paper: str = typer.Option("a4", "--paper", metavar="a4|letter", help="Paper of the chart."),
    as_json: bool = typer.Option(False, "--json", help="Print the odds as JSON."),
) -> None:
    """Exact odds of a gamebook fight (see `papirna fight --help`)."""
    from generator.games.gamebook.rules import Fight, FightSolver, Side

    if initiative not in ("you", "enemy", "roll"):
        raise PapirnaError(f"--initiative: expected you, enemy or roll, got {initiative!r}")
    if flee and flee_at is not None:
        raise PapirnaError("give --flee or --flee-at, not both")
    if lang not in ("cs", "en"):
        raise PapirnaError(f"--lang: expected cs or en, got {lang!r}")
    if paper not in ("a4", "letter"):
        raise PapirnaError(f"--paper: expected a4 or letter, got {paper!r}")
    if chart is not None and chart.suffix.lower() != ".pdf":
        raise PapirnaError("--chart: the chart must be a .pdf file", file=str(chart))
    you = Side(
        _whole(strength, "--strength"),
        _whole(armour_value, "--armour-value"),
        _table(table, "--table"),
    )
    enemy = Side(
        _whole(enemy_strength, "--enemy-strength"),
        _whole(enemy_armour_value, "--enemy-armour-value"),
        _table(enemy_table, "--enemy-table"),
    )
    runs = _whole(simulate, "--simulate")
    if not 0 <= runs <= 1_000_000:
        raise PapirnaError(f"--simulate: 0 to 1,000,000 fights, got {runs}")
    setup = Fight(
        you=you,
        enemy=enemy,
        initiative=initiative,  # type: ignore[arg-type]
        friends=tuple(parse_friend(f) for f in friends or []),
        spellcasting=_whole(spellcasting, "--spellcasting"),
        flee_at=you.strength
        if flee
        else (None if flee_at is None else _whole(flee_at, "--flee-at")),
    )
    tables = load_tables()
    solver = FightSolver(tables, setup)
    odds = solver.odds()
    sampled = _simulate(tables, setup, solver, runs, _whole(seed, "--seed")) if runs else None
    if as_json:
        exact = FightSolver(tables, setup, exact=True).odds()
        out = {
            # the floats are the exact fractions rounded once: a fight that cannot be lost has 0
            **{k: None if v is None else float(v) for k, v in exact._asdict().items()},
            "exact": {k: None if v is None else str(v) for k, v in exact._asdict().items()},
            **({"simulated": sampled} if sampled else {}),
        }
        typer.echo(json.dumps(out, indent=2))
    else:
        _print(setup, odds, sampled)
    if chart is not None:
        _chart(chart, tables, setup, solver, lang, paper)
        if not as_json:
            stdout().print(f"wrote {chart}")


def _simulate(tables: Tables, setup: Fight, solver, runs: int, seed: int) -> dict:
    import random

    from generator.games.gamebook.rules import simulate_fight

    rng = random.Random(seed)
    counts = {"win": 0, "lose": 0, "escape": 0}
    rounds = 0
    for _ in range(runs):
        r = simulate_fight(tables, setup, rng, solver)
        counts[r.outcome] += 1
        rounds += r.rounds
    return {"fights": runs, **{k: v / runs for k, v in counts.items()}, "rounds": rounds / runs}


def describe(setup: Fight) -> str:
    """One line naming both sides of a fight."""
    y, e = setup.you, setup.enemy
    parts = [
        f"you {y.strength} × {y.armour_value} = {y.strength * y.armour_value} on table {y.table}",
        f"enemy {e.strength} × {e.armour_value} = {e.strength * e.armour_value} on table {e.table}",
        f"initiative: {setup.initiative}",
    ]
    for f in setup.friends:
        if f.profession == "wizard":
            parts.append(f"wizard (spell power {f.power})")
        else:
            parts.append(f"{f.profession} {f.strength} × {f.armour_value}")
    if setup.spellcasting:
        parts.append(f"Spellcasting {setup.spellcasting}")
    if setup.flee_at is not None:
        parts.append(f"flee at strength {setup.flee_at} or less")
    return "; ".join(parts)


def percent(value: float) -> str:
    """A probability with two decimals that prints 100 % or 0 % only when it is exactly so."""
    from generator.layout.kit import pct

    if abs(value - round(value)) < 1e-12:  # float noise around a certain outcome
        value = float(round(value))
    return pct(value, "en", digits=2)


def _print(setup: Fight, odds: FightOdds, sampled: dict | None) -> None:
    from rich.table import Table

    out = stdout()
    out.print(describe(setup))
    t = Table(show_header=sampled is not None, box=None, pad_edge=False)
    t.add_column("")
    t.add_column("exact", justify="right")
    if sampled:
        t.add_column(f"{sampled['fights']} fights played", justify="right")

    def row(label: str, value: str, key: str | None = None, pct: bool = True) -> None:
        cells = [label, value]
        if sampled and key:
            v = sampled[key]
            cells.append(percent(v) if pct else f"{v:.2f}")
        elif sampled:
            cells.append("")
        t.add_row(*cells)

    row("win", percent(odds.win), "win")
    row("lose", percent(odds.lose), "lose")
    if setup.flee_at is not None:
        row("escape", percent(odds.escape), "escape")
    row("rounds (expected)", f"{odds.rounds:.2f}", "rounds", pct=False)
    if odds.strength_if_won is not None:
        row("your strength after a win (expected)", f"{odds.strength_if_won:.1f}")
    out.print(t)


def _chart(path: Path, tables: Tables, setup: Fight, solver, lang: str, paper: str) -> None:
    from generator.content.validate import validate
    from generator.content.yamlio import load_yaml_file
    from generator.games.gamebook.chart import fight_chart_page
    from generator.games.gamebook.models import FightOddsPage
    from generator.layout.engine import Env
    from generator.layout.ops import Document, GroupOp, Page
    from generator.output.files import write_atomic
    from generator.render.metrics import ReportlabMetrics
    from generator.render.pdf import render_pdf
    from generator.resources import content_dir
    from generator.units import PAPER_SIZES_MM

    page = validate(FightOddsPage, load_yaml_file(content_dir() / "gamebook" / "fight-odds.yaml"))
    env = Env(ReportlabMetrics())
    drawn = fight_chart_page(env, page, tables, setup, solver, lang)
    pw, ph = PAPER_SIZES_MM[paper]
    if drawn.width > drawn.height:
        pw, ph = ph, pw
    dx, dy = (pw - drawn.width) / 2, (ph - drawn.height) / 2
    doc = Document("papirna fight", [Page(pw, ph, [GroupOp(dx, dy, tuple(drawn.ops))])])
    write_atomic(path, render_pdf(doc))
