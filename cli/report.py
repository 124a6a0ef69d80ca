"""``aeref report``: one self-contained HTML page of a position and its rulings.

Everything on the page comes from the commands' own functions, so the page
says what the commands say: the position (``show``'s facts), the selection
matrix (every cell ruled by ``check``'s engine, with ``check``'s words, the
cards in no legal selection with ``pairs``' reasons), the replacement map
(``replacements``' allocation and lost steps, or ``check-replacements``'
ruling on a proposed allocation), and - for a reveal position - the steps of
``reveal`` with the markers they move on the Turn Track.

The page is one file: no server, no network, no external script, font or
image. Names from position files are untrusted text: Jinja2 escapes them
(auto-escaping on), and a Content-Security-Policy admits only the page's own
inline style and the one inline script (by its hash).
"""
from __future__ import annotations

import base64
import hashlib
import time
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any, Optional

import click

from .. import __version__
from ..api import Budget, InputError, Position
from ..model.game.vocabulary import WarState, faction_name
from ..model.files.wording import rules_word
from ..model.files.yamlio import load_yaml_file
from .arguments import BadInput, load, require_faction
from .common import budget
from .jsonout import emit_json
from .options import OutputFile, STDIN_HELP, as_option, faction_choice, force_option, interp_option, state_argument, time_limit_option
from .options import plan_goal_options, private_option
from .report_plan import card_tile, plan_timeline, plans
from .report_replacements import replacement_map
from .report_turn import game_record, seasonal_turn
from .writing import write_text_safely

_SCRIPT_NAME = "report.js"


# ----------------------------------------------------------------------------- the selection matrix

#: The most cells a selection matrix draws (50 x 50): a bigger one is left out and the page lists the
#: first :data:`LISTED` legal selections instead, saying how many cells it left out.
MATRIX_CELLS = 2500
LISTED = 200


def matrix(pos: Position, faction: str, legal=None, limit=None, reserve: float = 0.0) -> dict:
    """Every selection of ``faction``'s hands (each map's hand plus "no card"), ruled by the engine of
    ``check`` (:meth:`aeref.api.LegalSelections.check`: ``check``'s ruling, the rules posted once) with
    ``check``'s words. In AE the rows are the TK hand and the columns the DS hand; in TK or DS alone one
    column. When the faction has placed its Pending Cards (1.1.3 "Card selection is final") they head the
    rows and columns and ``"final"`` says so in ``pairs``' words.

    ``legal``: the faction's :class:`~aeref.api.LegalSelections` (default: a new one within ``limit``).
    A matrix of more than :data:`MATRIX_CELLS` cells is not drawn: ``"omitted"`` gives its size and
    ``"legal"`` the first :data:`LISTED` legal selections in the order people read them (``"legal-count"``,
    ``"legal-complete"``). Cells the time limit (``limit``, a Budget) leaves unruled have ``"legal"`` None,
    counted in ``"unruled"``; the ruling stops ``reserve`` seconds before the limit (the time the page
    takes to build and write, :func:`page_reserve`)."""
    from .selection import _natural, ruling_lines      # lazy: the command module of `check`

    legal = legal if legal is not None else pos.legal_selections(faction, limit)
    maps = list(pos.maps)
    made = pos.selection_made(faction)
    hands = {m: ([made[m]] if made and made.get(m) else []) + list(pos.hand(faction, m)) + [None] for m in maps}
    rows_map, cols_map = maps[0], (maps[1] if len(maps) > 1 else None)
    final = pos.final_message(faction, made) if made is not None else None
    n_rows, n_cols = len(hands[rows_map]), (len(hands[cols_map]) if cols_map else 1)
    if n_rows * n_cols > MATRIX_CELLS:
        counted = legal.count()
        listed = [{m: card_tile(pos, ch[m]) for m in maps} for ch in islice(legal.ordered(maps, _natural), LISTED)]
        return {"rows-map": rows_map, "cols-map": cols_map, "cols": [], "rows": [], "final": final,
                "omitted": {"cells": n_rows * n_cols, "rows": n_rows, "cols": n_cols}, "unruled": 0,
                "legal": listed, "legal-count": counted.number, "legal-complete": counted.complete}
    rows, unruled = [], 0
    for r in hands[rows_map]:
        cells: list[dict[str, Any]] = []
        for c in (hands[cols_map] if cols_map else [None]):
            choice = {rows_map: r}
            if cols_map:
                choice[cols_map] = c
            cell_made = made is not None and all(made.get(m) == v for m, v in choice.items())
            if limit is not None and limit.limited and limit.left() <= reserve:
                unruled += 1
                cells.append({"choice": choice, "legal": None, "text": "not ruled: the time limit ran out first",
                              "rules": [], "made": cell_made})
                continue
            ruling = legal.check(choice)
            lines = ruling_lines(pos, faction, {k: v for k, v in choice.items() if v}, ruling)
            cells.append({"choice": choice, "legal": ruling.legal, "text": "\n".join(lines),
                          "rules": sorted({v.rule.number for v in ruling.violations}), "made": cell_made})
        rows.append({"card": card_tile(pos, r), "cells": cells})
    return {"rows-map": rows_map, "cols-map": cols_map,
            "cols": [card_tile(pos, c) for c in hands[cols_map]] if cols_map else [None], "rows": rows, "final": final,
            "omitted": None, "unruled": unruled}


def excluded(pos: Position, faction: str, limit=None, legal=None) -> list[dict]:
    """The hand cards in no legal selection with the minimal rules that exclude them, as ``pairs``
    lists them (the same enumeration and explanation, :meth:`aeref.api.LegalSelections.excluded`;
    ``legal``: the faction's LegalSelections when already made)."""
    legal = legal if legal is not None else pos.legal_selections(faction, limit)
    return [{**a.excluded_json(), "card": card_tile(pos, a.card), "map": a.map} for a in legal.excluded()]


# ----------------------------------------------------------------------------- the page

@dataclass
class _Reserved(Budget):
    """The command's :class:`~aeref.api.Budget` with ``reserve`` seconds of its wall clock kept back for
    building and writing the page: the solves, the enumeration and the matrix see the wall clock end that
    much earlier; the deterministic work budget is the command's own (the same answers on any machine)."""

    reserve: float = 0.0

    def left(self) -> Optional[float]:
        return None if self.seconds is None else max(0.0, self.seconds - self.reserve - self.elapsed())


def _cells(pos: Position, faction: str) -> int:
    """How many cells (or listed selections) the faction's matrix draws, as :func:`matrix` decides."""
    sizes = [len(pos.hand(faction, m)) + 2 for m in pos.maps]     # each hand, "no card" and a placed card
    cells = sizes[0] * (sizes[1] if len(sizes) > 1 else 1)
    return cells if cells <= MATRIX_CELLS else LISTED


def page_reserve(pos: Position, factions: list[str]) -> float:
    """Seconds of ``--time-limit`` kept back for building and writing the page: the time this process took
    to compile the page's template (so measured on this machine at its present load), scaled by what the
    page draws. Rendering a cell, a listed selection or a card costs about 1/2,000 of the compile (measured:
    801 cells 0.07 s, 2,401 cells 0.2 s beside a compile of 0.23 s); a quarter of the compile is added for
    the rest of the page and the write."""
    compiled = _page_template()[3]
    drawn = sum(_cells(pos, f) for f in factions) + len(pos.data.cards)
    return compiled * (0.25 + drawn / 2000)


def report_data(pos, factions: list[str], allocation: Optional[tuple] = None,
                allocation_faction: Optional[str] = None, limit=None, plan: Optional[tuple] = None,
                reserve: float = 0.0) -> dict:
    """Everything the page shows, as plain data (tested apart from the HTML). ``pos``: an
    :class:`aeref.api.Position` or the plain data of one; ``limit``: the command's
    :class:`~aeref.api.Budget` for every solve (default: none), of which ``reserve`` seconds are kept
    back for the page (:func:`page_reserve`): every solve, the enumeration and the matrix stop that much
    before the limit; ``plan``: ``(earliest, goal)``, the :class:`aeref.answers.Plan` answers
    :func:`plan_timeline` draws (``goal`` may be None), or None: no plan on the page (and no ``"plan"`` key)."""
    from .show import facts                 # lazy: the command module of `show`
    pos = pos if isinstance(pos, Position) else Position(pos)
    if limit is not None and limit.limited and reserve > 0:
        limit = _Reserved(limit.seconds, limit.start, limit.spent, limit.interrupted, reserve)
    data: dict[str, Any] = {"facts": facts(pos.data), "factions": [], "maps": [], "turn": seasonal_turn(pos)}
    for f in factions:
        legal = pos.legal_selections(f, limit)
        left_out = excluded(pos, f, limit, legal)      # enumerated first: the matrix rules cells while time is left
        data["factions"].append({"faction": f, "name": faction_name(f), "matrix": matrix(pos, f, legal, limit, reserve),
                                 "excluded": left_out})
    from .others import report_others       # lazy: the command module of `pairs --as`
    others = report_others(pos, limit)      # a faction's view: what the others may hold and may have placed (1.1)
    if others:
        data["others"] = others
    if pos.data.map_board is not None and pos.data.replacements:
        for (m, f) in sorted(pos.data.replacements):
            if f not in pos.factions:
                continue
            alloc = allocation if allocation is not None and f == (allocation_faction or f) else None
            data["maps"].append(replacement_map(pos, f, m, alloc, limit))
    if plan is not None:
        data["plan"] = plan_timeline(pos, *plan)
    return data


@cache
def _page_template() -> tuple:
    """The page's template compiled (once a process), the inline script, its hash for the
    Content-Security-Policy, and the seconds the compile took (:func:`page_reserve`)."""
    from jinja2 import Environment, PackageLoader, select_autoescape     # lazy: only the page needs Jinja2

    started = time.perf_counter()
    loader = PackageLoader("aeref.cli", "templates")
    env = Environment(loader=loader, autoescape=select_autoescape(default=True), trim_blocks=True, lstrip_blocks=True)
    script = loader.get_source(env, _SCRIPT_NAME)[0]
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    template = env.get_template("report.html.j2")
    return template, script, f"sha256-{digest}", time.perf_counter() - started


def render(data: dict) -> str:
    """The page: the template filled with ``data`` (Jinja2, auto-escaping on)."""
    template, script, digest, _ = _page_template()
    return template.render(d=data, script=script, script_hash=digest, faction_name=faction_name,
                           rules_word=rules_word, war_state_name=lambda w: WarState.of(w).display,
                           version=__version__)


def _seen(pos: Position, faction: str) -> bool:
    """Whether the files read show ``faction``'s hands (:meth:`aeref.api.Position.require_seen`)."""
    try:
        pos.require_seen(faction)
    except InputError:
        return False
    return True


@click.command(epilog=STDIN_HELP)
@state_argument()
@click.option("--faction", "-f", "factions", multiple=True,
              type=faction_choice(),
              help="A faction whose selection matrix the page shows (repeatable; default: every faction of the file).")
@click.option("--allocation", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="A proposed allocation (as check-replacements takes it): the map shows its ruling.")
@click.option("--allocation-faction", type=faction_choice(),
              default=None, help="The faction of --allocation (default: the file's only Replacements faction).")
@click.option("-o", "--output", "output", type=OutputFile(), default=None, metavar="FILE",
              help="Where to write the page (default: STATE with .html).")
@force_option
@interp_option
@time_limit_option
@as_option
@click.option("--json", "as_json", is_flag=True, help="Print the page's data as JSON instead of writing the page.")
@private_option
@click.option("--plan", "plan_faction", type=faction_choice(), default=None, metavar="FACTION",
              help="Draw FACTION's plan as a timeline per map (as aeref plan finds it): every hand card's earliest "
                   "turn, and with --want the earliest plan that reveals the wanted cards.")
@plan_goal_options("With --plan: ")
def report(state, factions, allocation, allocation_faction, output, force, interpretations, time_limit, viewer, as_json,
           plan_faction, turns, want, by, avoid, assume):
    """Write one self-contained HTML page of the position and its rulings: the
    position as the game's displays, each faction's selection matrix (tap a
    cell for check's ruling), the replacement map, the Seasonal Turn; with
    --plan FACTION the faction's plan as a timeline per map.

    \b
    Example:
      aeref report examples/ae-soviet-production.yaml
      aeref report examples/tk-axis-1939-plan.yaml --plan axis --want 4a --want 11
    """
    for name, given in (("--turns", turns is not None), ("--want", want), ("--by", by), ("--avoid", avoid),
                        ("--assume", assume)):
        if given and plan_faction is None:
            raise BadInput(f"{name}: it sets the plan the page draws; give --plan FACTION with it")
    limit = budget(time_limit)
    pos = load(state, interpretations, limit)
    chained = pos.chained and state != "-"
    if viewer is not None:      # the page as one viewer sees it (1.1): only its own selection matrix
        pos = pos.view(viewer)
        fs = [pos.require_seen(f) for f in factions] or [f for f in pos.factions if f == pos.viewer or pos.viewer == "referee"]
    else:
        # no --as: the public view of a public file; a hand face down in every file read gets no matrix (asking
        # for its faction with --faction says which private file is needed)
        fs = [require_faction(pos, f) for f in factions] or [f for f in pos.factions if _seen(pos, f)]
    alloc = None
    if allocation is not None:
        alloc = (allocation, load_yaml_file(allocation, allocation))
    plan = None
    if plan_faction is not None:
        plan = plans(pos, plan_faction.lower(), turns, want, by, avoid, assume, limit)
    reserve = page_reserve(pos, fs) if limit.limited and not as_json else 0.0
    data = report_data(pos, fs, alloc, allocation_faction.lower() if allocation_faction else None, limit, plan,
                       reserve)
    if chained:
        data["record"] = game_record(state, pos.viewer if viewer is not None else None)
    if as_json:
        emit_json(data)
        return 0
    path = output or (state[:-5] if state.endswith(".yaml") else state.rsplit(".", 1)[0] if "." in state else state) + ".html"
    # the message names the option when it was given, else the page's default place (STATE with .html)
    write_text_safely(path, render(data), force, "-o" if output else "the report")
    click.echo(f"Wrote {path}")
    return 0
