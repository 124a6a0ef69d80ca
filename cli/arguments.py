"""What the command line names, loaded and resolved: the STATE file, interpretations, factions,
maps, cards and countries. Each problem is a :class:`~.common.BadInput` naming the option."""
from __future__ import annotations

from typing import Optional

import click

from .. import api
from ..api import Budget, Position
from ..model.game.cards import parse_card_ref
from ..model.game.interpretations import check_value
from ..model.files.names import norm_key
from ..model.files.wording import suggest, unknown_card
from .common import BadInput
from .options import PRIVATES_KEY


def parse_interpretations(values: tuple) -> dict:
    """``('annual-scope=map', ...)`` -> ``{'annual-scope': 'map'}``; raises :class:`BadInput`."""
    out = {}
    for item in values:
        if "=" not in item:
            raise BadInput(f"--interpretation {item}: write NAME=VALUE, e.g. annual-scope=map")
        name, value = item.split("=", 1)
        name = norm_key(name)
        try:
            out[name] = check_value(name, value)
        except ValueError as exc:
            raise BadInput(f"--interpretation {item}: {exc}") from None
    return out


def load(state: str, interpretations: tuple = (), limit: Optional[Budget] = None, war_state_due: bool = False) -> Position:
    """Load ``state`` (``-``: standard input; raises :class:`~aeref.api.InputError`) with command-line
    interpretations applied (``war_state_due``: the file may await a war state change of 12, as
    `war-state` asks); raises :class:`~aeref.api.TimeLimitReached` when ``limit`` ran out meanwhile."""
    overrides = parse_interpretations(interpretations)
    pos = api.load(state, overrides, war_state_due, privates_given())
    if pos.chained:
        if state == "-" and pos.data.raw.record.parent is not None:    # the deal itself has no parent to check
            raise BadInput("-: a file of a game record read from standard input cannot be checked against the file it "
                           "was made from, and what is written from it would name no parent: give its path in the "
                           "mail folder")
        api.check_link(state)       # a file of a game record: its own link first (a forgery is refused here)
    if limit is not None:
        limit.check(f"loading {state}")
    return pos


def privates_given() -> tuple:
    """The ``--private`` files of the running command (:data:`~.options.private_option`)."""
    ctx = click.get_current_context(silent=True)
    return tuple(ctx.meta.get(PRIVATES_KEY, ())) if ctx is not None else ()


def require_faction(pos: Position, faction: str) -> str:
    """The faction asked for, when the state file has it (:meth:`aeref.model.files.load.Position.require_faction`)."""
    return pos.data.require_faction(faction)


def card_arg(pos: Position, ref: str, option: str, map_: Optional[str], faction: Optional[str]) -> str:
    """Resolve a card given on the command line (an id, or a bare number for ``map_``/``faction``)."""
    try:
        cid = parse_card_ref(ref, map_, faction)
    except ValueError as exc:
        raise BadInput(f"{option}: {exc}") from None
    if cid not in pos.cards:
        raise BadInput(f"{option}: {unknown_card(cid, pos.cards)}")
    return cid


def country_arg(pos: Position, name: str, option: str, map_: Optional[str] = None) -> str:
    """A country named on the command line: it must be on the Posture Display of ``map_``
    (any map when None); raises :class:`BadInput` with a "did you mean"."""
    data = pos.data
    maps = [map_] if map_ else list(data.maps)
    if any(data.country(name, m) is not None for m in maps):
        return name
    listed = sorted({c.name for m in maps for c in data.countries_on(m)})
    on = f"the {map_.upper()} Posture Display" if map_ else data.file
    raise BadInput(f"{option} {name}: not a country of {on}{suggest(name, listed)} "
                   f"(countries: {', '.join(listed) or 'none'})")


def selection_args(pos: Position, faction: str, tk_card: Optional[str], ds_card: Optional[str]) -> dict:
    """``--tk`` / ``--ds`` as a selection (map -> card id; a map left out: no card); raises :class:`BadInput`
    for a map not in play or a card that is not one."""
    choice = {}
    for m, ref in (("tk", tk_card), ("ds", ds_card)):
        if ref is None:
            continue
        if m not in pos.maps:
            raise BadInput(f"--{m}: game {pos.game} has no {m.upper()} map (maps: {', '.join(pos.maps)})")
        choice[m] = card_arg(pos, ref, f"--{m}", m, faction)
    return choice


def choose_map(pos: Position, map_: Optional[str]) -> str:
    """The map ``--map`` names, or the only map of a TK or DS game; raises :class:`BadInput`."""
    if map_ is None and len(pos.maps) > 1:
        raise BadInput(f"--map: game {pos.game} has two maps: give --map tk or --map ds")
    try:
        return pos.choose_map(map_)
    except ValueError:
        m = map_.lower()
        raise BadInput(f"--map {m}: game {pos.game} has no {m.upper()} map (maps: {', '.join(pos.maps)})") from None
