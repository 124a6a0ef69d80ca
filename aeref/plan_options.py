"""The options of ``aeref plan`` read against a position: the wanted and avoided cards, the Seasonal Turns
of the horizon and the ``--assume`` items (a war state in effect, another faction's card revealed), each
refused with the option and value named (``ValueError``). Used by :meth:`aeref.api.Position.plan`; ``pos``
is that :class:`~aeref.api.Position`.
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from .model.files.errors import InputError
from .model.game.calendar import parse_turn
from .model.game.vocabulary import WAR_STATES, WarState


def card_named(pos: Any, faction: str, ref: str, option: str) -> str:
    """The card id ``ref`` (``MAP:CARD``, an id or a bare number) names among ``faction``'s cards, for ``option``.
    Raises ValueError naming the option and value for a map not in play or a card that is not one."""
    text = str(ref).strip()
    map_, card = (text.split(":", 1) if ":" in text else (None, text))
    if map_ is not None and map_.lower() not in pos.data.maps:
        raise ValueError(f"{option} {ref}: game {pos.data.game} has no {map_.upper()} map "
                         f"(maps: {', '.join(pos.data.maps)})")
    try:
        return str(pos._why_card(faction, card) if map_ is None else pos.card_id(card, map_.lower(), faction))
    except InputError as exc:
        raise ValueError(f"{option} {ref}: {exc.message}") from None


def horizon(pos: Any, turns: Optional[int], want: Sequence[str], by: Optional[str], max_turns: int,
            default: int) -> tuple[int, Any]:
    """The plan's horizon: ``(turns, last Seasonal Turn)``; ``default`` when ``turns`` is None. Raises
    ValueError for a horizon outside 1 to ``max_turns`` or ``by`` without ``want``."""
    if turns is not None and not 1 <= int(turns) <= max_turns:
        raise ValueError(f"--turns {turns}: the horizon is 1 to {max_turns} Seasonal Turns")
    if by and not want:
        raise ValueError(f"--by {by}: it is the turn by which the wanted cards are revealed; give the cards with "
                         "--want MAP:CARD")
    n = default if turns is None else int(turns)
    return n, pos.data.turn.ahead(n)


def plan_card(pos: Any, faction: str, ref: str, option: str) -> str:
    """The card id ``ref`` (``MAP:CARD``, an id or a bare number) names in ``faction``'s hand or Pending Cards,
    for ``option`` (``--want`` / ``--avoid``). Raises ValueError naming the option and value otherwise."""
    cid = card_named(pos, faction, ref, option)
    hand = [c for m in pos.data.maps for c in pos.data.hand(faction, m)]
    pending = [fm.pending for fm in pos.data.factions[faction].values() if fm.pending]
    # a recyclable Current Card is back in the hand once discarded (1.1.1 Step 1): the plan plans it too
    back = [c for _, c in pos.data.returning(faction)]
    if cid not in hand + pending + back:
        raise ValueError(f"{option} {ref}: {cid} is not in the {faction} hand "
                         f"(hand: {', '.join(hand) or 'empty'})")
    return str(cid)

def plan_turn(pos: Any, text: str, label: str, last: Any) -> Any:
    """The Seasonal Turn ``text`` of the plan; ``label``: the option and value, for the error."""
    try:
        t = parse_turn(text, pos.data.turn.names)
    except ValueError as exc:
        raise ValueError(f"{label}: {exc}") from None
    if not pos.data.turn < t <= last:
        raise ValueError(f"{label}: {t} is not a Seasonal Turn of the plan ({pos.data.turn.next()} to {last})")
    return t

def assumption(pos: Any, text: str, last: Any, faction: str = "") -> Any:
    """``--assume [MAP:]war-state=STATE@TURN`` or ``played=CARD@TURN`` as the plan's assumption (a war state
    never goes back, 12). Raises ValueError naming the option and value for a bad item."""
    item = str(text).strip()
    head, _, value = item.partition("=")
    map_, _, key = head.rpartition(":")
    if key.strip().lower() == "played" and not map_ and value:
        return played_assumption(pos, text, value, last, faction)
    if key.strip().lower() != "war-state" or not value:
        raise ValueError(f"--assume {text}: write [MAP:]war-state=STATE@TURN (e.g. war-state=total@Mar-Apr 1940) "
                         "or played=CARD@TURN (e.g. played=tk-western-5@Mar-Apr 1940)")
    maps = pos.data.maps
    if not map_ and len(maps) > 1:
        raise ValueError(f"--assume {text}: game {pos.data.game} has two maps: write tk:war-state=... or ds:war-state=...")
    m = (map_ or maps[0]).strip().lower()
    if m not in maps:
        raise ValueError(f"--assume {text}: game {pos.data.game} has no {m.upper()} map (maps: {', '.join(maps)})")
    state, _, when = value.partition("@")
    try:
        ws = WarState.of(state.strip())
    except (ValueError, KeyError):
        raise ValueError(f"--assume {text}: unknown war state {state.strip()!r} "
                         f"(war states: {', '.join(str(w) for w in WAR_STATES)})") from None
    if ws < pos.data.war_state[m]:
        raise ValueError(f"--assume {text}: {pos.data.war_state[m].display} is in effect on the {m.upper()} map "
                         f"in {pos.data.turn}; a war state never goes back (12)")
    if "@" in value and not when.strip():
        # `total@` with nothing after it is a turn left out, not the next one taken silently.
        raise ValueError(f"--assume {text}: an empty Seasonal Turn after @: write the turn (e.g. "
                         f"war-state={state.strip()}@Mar-Apr 1940) or leave out @ for the next Seasonal Turn")
    turn = plan_turn(pos, when.strip(), f"--assume {text}", last) if when.strip() else pos.data.turn.next()
    from .solver.plan.turn import Assumption   # lazy: the plan's modules load with the plan
    return Assumption(m, ws, turn)

def played_assumption(pos: Any, text: str, value: str, last: Any, faction: str) -> Any:
    """``--assume played=CARD@TURN``: another faction's card revealed in TURN (1.1.3.1 "card X played")."""
    cid, _, when = value.partition("@")
    cid = cid.strip().lower()
    card = pos.data.cards.get(cid)
    if card is None:
        others = sorted(c for c, x in pos.data.cards.items() if x.faction != faction and x.map in pos.data.maps)
        hint = f"e.g. {others[0]}" if others else "the file's decks hold no card of another faction: add its deck to decks:"
        raise ValueError(f"--assume {text}: no card {cid!r} in the decks this file loads (a card id as FORMAT 1; {hint})")
    if card.map not in pos.data.maps:
        raise ValueError(f"--assume {text}: {cid} is a {card.map.upper()} card; game {pos.data.game} has no "
                         f"{card.map.upper()} map")
    if card.faction == faction:
        raise ValueError(f"--assume {text}: {cid} is a card of the {faction} faction itself: the plan decides when "
                         "it is played")
    if not when.strip():
        raise ValueError(f"--assume {text}: write the Seasonal Turn it is revealed in, e.g. played={cid}@Mar-Apr 1940")
    turn = plan_turn(pos, when.strip(), f"--assume {text}", last)
    from .solver.plan.turn import PlayedAssumption   # lazy: the plan's modules load with the plan
    return PlayedAssumption(cid, turn, pos.data.card_text(cid))
