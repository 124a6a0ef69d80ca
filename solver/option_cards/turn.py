"""A Seasonal Turn from start to end: selecting the Pending Cards (1.1.1 Step 4,
1.1.3), moving on to the next Seasonal Turn, and revealing the Pending Cards
of every faction (1.1.1 Steps 1-2, with what a reveal sets off).

* :func:`select` - rules on a selection exactly as :func:`solver.selection.rules.check`
  does (plus 1.1.3 "Card selection is final") and, when it is legal, returns
  the position with the cards placed face down as the Pending Cards.
* :func:`next_turn` - the position of the next Seasonal Turn, ready for the
  reveal: the turn advanced, the Pending Cards carried. What happens outside
  the Seasonal Phase (moves, combat, events) is the players' to enter.
* :func:`reveal_all` - every faction's reveal (:func:`solver.option_cards.procedure.reveal`)
  in :data:`REVEAL_ORDER`, each on the position the one before left.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, TypeVar

from ...model.files.errors import InputError, Problem
from ...model.files.load import Position
from ...model.game.vocabulary import WarState, faction_name, join_and

from .procedure import Reveal, reveal
from ..engine.registry import rules
from ..selection.rules import FINAL, Ruling, check, complete_choice, final_message, open_slots, selection_made

#: The order in which the factions carry out their Seasonal Phase and reveal
#: their Pending Cards (1.1.1). The rules give the Option Card Procedure to
#: "the phasing faction" and list the factions Axis, Western, Soviet wherever
#: they list them (1.1.3.3, 1.2.1); the Axis reveal comes before the Allied
#: factions', who may "immediately" declare Total War after an illegal Axis
#: Current Card (1.1.1). The rules text here does not state the order of the
#: factions' turns in so many words: this is aeref's reading (README,
#: Interpretations).
REVEAL_ORDER: tuple[str, ...] = ("axis", "western", "soviet")

#: 1.1.1 "the phasing faction" performs Steps 1-4 before the next faction's Step 1 (interpretation
#: ``order-of-play``): the ruling on a selection made after a later faction's reveal.
ORDER_OF_PLAY = rules["1.1.1"].row("Order of Play", interpretations=("order-of-play",))


def later_reveals(pos: Position, faction: str) -> list[str]:
    """The factions after ``faction`` in :data:`REVEAL_ORDER` that have revealed in this Seasonal Turn
    (:meth:`~model.files.load.Position.revealed_this_turn`): under ``order-of-play=faction-by-faction``
    ``faction`` selects (1.1.1 Step 4) before their Step 1, on the position before their reveals.
    Empty under ``reveals-first``, for a faction not in the order, or when it cannot be told."""
    if pos.interpretations_in_force.get("order-of-play") != "faction-by-faction" or faction not in REVEAL_ORDER:
        return []
    after = REVEAL_ORDER[REVEAL_ORDER.index(faction) + 1:]
    return [g for g in after if g in pos.factions and pos.revealed_this_turn(g)]


#: The parts of a position a reveal changes (1.1.1 Steps 1-2, 1.1.2.2, *1.1.4, 12): what
#: :func:`position_seen` undoes of the later factions' reveals. The rest (the map, the Force Pools of the
#: Replacements Segment, the decks) no reveal changes.
_REVEALED_FIELDS = ("factions", "war_state", "european_war", "markers", "countries", "seasonal", "government", "flags")


@dataclass
class Seen:
    """The position a faction saw at its 1.1.1 Step 4 under the order of play in force
    (:func:`position_seen`): ``position`` (the position asked about itself when no later faction
    has revealed), ``later`` the factions whose reveals in this Seasonal Turn came after that
    Step 4 and were undone, ``reveals`` one phrase per such reveal and what it set off (its cards,
    the war state changes), ``lacking`` what the file lacks when the earlier position cannot be
    told (then ``position`` is None)."""
    position: Optional[Position]
    later: list = field(default_factory=list)
    reveals: list = field(default_factory=list)
    lacking: Optional[str] = None


def _undone(now: Any, before: Any, after: Any) -> Any:
    """``now`` with every part that went from ``before`` to ``after`` set back to ``before``'s (dicts by
    key, dataclasses by field, anything else whole); the parts the change left alone stay as in ``now``.
    Returns a new value where something is set back, ``now`` itself where nothing is."""
    if before == after:
        return now
    if isinstance(now, dict) and isinstance(before, dict) and isinstance(after, dict):
        out = dict(now)
        for k in set(before) | set(after):
            if k not in before:
                if k in out and out[k] == after[k]:
                    del out[k]
            elif k not in after or k not in out:
                out[k] = copy.deepcopy(before[k])
            else:
                out[k] = _undone(out[k], before[k], after[k])
        return out
    if (dataclasses.is_dataclass(now) and not isinstance(now, type) and type(now) is type(before) is type(after)):
        out = copy.copy(now)
        for f in dataclasses.fields(now):
            a, b = getattr(before, f.name), getattr(after, f.name)
            if a != b:
                setattr(out, f.name, _undone(getattr(now, f.name), a, b))
        return out
    return copy.deepcopy(before)


def _face_down(prev: Position, factions: list) -> Optional[str]:
    """The first of ``factions`` whose hand or Pending Card lies face down in ``prev`` (its reveal cannot be
    replayed without it), or None."""
    return next((g for g in factions for fm in prev.factions.get(g, {}).values()
                 if fm.hand_face_down is not None or fm.pending_face_down), None)


def _after_own_step_4(pos: Position, faction: str) -> bool:
    """``faction`` revealed in this Seasonal Turn and its Current Card may have entered counters after its
    Step 4 (1.1.2.2 Reinforcements: "After the faction's Pending Card has been placed"; *Step 5, *1.1.4 for
    the Soviet faction in DS alone): the position it saw at Step 4 may lack them."""
    sections = pos.factions.get(faction, {})
    cards = [pos.cards[fm.current] for fm in sections.values() if fm.current and fm.current in pos.cards]
    maybe = any(c.reinforcements for c in cards) or (pos.game == "ds" and faction == "soviet" and bool(cards))
    return maybe and pos.revealed_this_turn(faction)


def position_seen(pos: Position, faction: str) -> Seen:
    """The position ``faction`` saw when it selected its next Pending Cards (1.1.1 Step 4) under the
    order of play in force (interpretation ``order-of-play``).

    It is ``pos`` itself when nothing of this Seasonal Turn came after that Step 4 (it cannot be told
    without a readable ``previous:``). Two things may have: the later factions' reveals under
    ``faction-by-faction`` (:func:`later_reveals`), and the faction's own 1.1.2.2 Reinforcements and
    *Step 5, which come after its Pending Card is placed (:func:`_after_own_step_4`). Then the reveals
    of this turn are replayed from the position of ``previous:`` (:func:`next_turn`, then
    :func:`~solver.option_cards.procedure.reveal` faction by faction in the order of play, each checked against
    ``previous:``), and what came after the Step 4 (the later cards, the war state changes they set
    off with their effects, reinforcements, the ESV) is set back in ``pos`` to what it was at that
    Step 4; everything else (the faction's own cards, what the players entered) is read from ``pos``.
    Returns a :class:`Seen`; its ``lacking`` says what the file lacks when the replay cannot be made
    (a hand face down in ``previous:``, a reveal that fails, an Allied declaration of Total War the
    file does not record, Current Cards the replay does not give). Raises
    :class:`~model.files.errors.InputError` for a faction not in the position."""
    f = pos.require_faction(faction)
    later = later_reveals(pos, f)
    own = _after_own_step_4(pos, f)
    if not later and not own:
        return Seen(pos)
    prev = pos.previous_position()
    cut = REVEAL_ORDER.index(f) if f in REVEAL_ORDER else len(REVEAL_ORDER)
    replayed = [g for g in REVEAL_ORDER if g in pos.factions and (g in later or (
        REVEAL_ORDER.index(g) <= cut and pos.revealed_this_turn(g)))]
    named = f"previous: {pos.seasonal.previous}"
    hidden = _face_down(prev, replayed)
    if hidden is not None:
        return Seen(None, later, lacking=f"{named} shows the {faction_name(hidden)} hand face down, so the reveals of "
                                         f"{pos.turn} cannot be replayed to the position the {faction_name(f)} "
                                         f"faction saw; give the {faction_name(hidden)} private file")
    done = _replay(pos, f, prev, replayed, later if not own else [f, *later], named)
    if isinstance(done, Seen):
        return done
    cur, before, reveals = done
    if before is None or all(getattr(before, n) == getattr(cur, n) for n in _REVEALED_FIELDS):
        return Seen(pos)           # nothing after the Step 4 changed the position (its own cards enter nothing)
    seen = copy.copy(pos)
    for name in _REVEALED_FIELDS:
        setattr(seen, name, _undone(getattr(pos, name), getattr(before, name), getattr(cur, name)))
    return Seen(seen, later, reveals)


def _replay(pos: Position, f: str, prev: Position, replayed: list, after: list, named: str) -> Any:
    """The reveals of ``pos``'s turn replayed from ``prev`` (:func:`position_seen`): ``(cur, before, reveals)``
    - the position after them, the position at ``f``'s Step 4 (before what ``after`` did: ``f`` itself for
    its own 1.1.2.2 Reinforcements and *Step 5, the later factions for their reveals) and one phrase per thing
    undone - or a :class:`Seen` saying what the file lacks."""
    later = [g for g in after if g != f]
    cur, before, reveals = next_turn(prev).position, None, []
    try:
        for g in replayed:
            if g in later and before is None:
                before = cur
            res = reveal(cur, g, prev)
            if res.total_war_option is not None and any(pos.war_state[m] == "total" for m in res.total_war_option["maps"]):
                return Seen(None, later, lacking=(
                    f"the {faction_name(g)} Current Card replayed from {named} was illegal, and the file does not say "
                    "whether an Allied faction declared Total War at once (1.1.1) or a later reveal started it"))
            if g == f and g in after:
                before = reveal(cur, g, prev, before_step_4=True).position
                entered = [e["counter"] for r in res.maps.values() for e in r.reinforcements if e["received"]]
                esv = any(r.esv and r.esv.get("esv-after") is not None for r in res.maps.values())
                if entered or esv:
                    what = ", ".join(entered) + (" and " if entered and esv else "") + ("the ESV adjustment" if esv else "")
                    reveals.append(f"its own reinforcements ({what}: 1.1.2.2, entered after the Pending Card is placed)")
            if g in later:
                cards = join_and(pos.card_text(r.revealed) for r in res.maps.values() if r.revealed) or "no card"
                started = [f"{_display(ch.after)} went into "
                           f"effect on the {ch.map.upper()} map, was {_display(ch.before)}"
                           for ch in res.war_state if ch.changes]
                reveals.append(f"the {faction_name(g)} reveal ({cards}" + "".join(f": {s}" for s in started) + ")")
            cur = res.position
    except (InputError, ValueError) as exc:
        return Seen(None, later, lacking=f"the reveals of {pos.turn} cannot be replayed from {named}: {exc}")
    for g in replayed:
        for m, fm in pos.factions[g].items():
            got = cur.factions.get(g, {}).get(m)
            if got is None or got.current != fm.current:
                return Seen(None, later, lacking=(
                    f"the {faction_name(g)} {m.upper()} Current Card here is {pos.card_text(fm.current) if fm.current else 'none'}, "
                    f"but its reveal replayed from {named} gives {pos.card_text(got.current) if got and got.current else 'none'}"))
    return cur, before, reveals


def _display(state: str) -> str:
    """``Total War`` for ``total`` (12)."""
    return WarState.of(state).display


def seen_note(message: str) -> str:
    """The note of a legal ruling (or an answer) made on the position a faction saw: 1.1.1 Order of Play and ``message``."""
    return f"{ORDER_OF_PLAY.printed} {ORDER_OF_PLAY.title}: {message}"


def seen_message(pos: Position, faction: str, seen: Seen) -> str:
    """The words of 1.1.1 Order of Play for a ruling made on ``seen`` (:func:`position_seen`): which reveals
    the ruling must not depend on, and why (interpretation ``order-of-play=faction-by-faction``)."""
    name = faction_name(faction)
    if not seen.later:          # only its own reinforcements came after its Step 4 (1.1.2.2): no interpretation
        return (f"the {name} faction selects its next Pending Cards (Step 4) before {join_and(seen.reveals)}: "
                f"ruled on the position before them, the one the {name} faction saw")
    return (f"the {name} faction selects its next Pending Cards (Step 4) before {join_and(seen.reveals)} "
            f"(interpretation order-of-play=faction-by-faction): ruled on the position before "
            f"{'that reveal' if len(seen.reveals) == 1 else 'those reveals'}, the one the {name} faction saw")


def lacking_error(pos: Position, faction: str, seen: Seen) -> InputError:
    """The :class:`~model.files.errors.InputError` (at ``previous``) for a position whose :class:`Seen` cannot be told:
    the later reveals, and what the file lacks."""
    names = join_and(f"the {faction_name(g)} faction" for g in seen.later)
    return InputError(Problem(pos.file, "previous", (
        f"{names} revealed in {pos.turn} after the {faction_name(faction)} faction's Step 4 (1.1.1 Order of Play, "
        f"interpretation order-of-play=faction-by-faction), and the position the {faction_name(faction)} faction "
        f"saw cannot be told: {seen.lacking}; select on the position its own reveal left (`aeref reveal --faction "
        f"{faction}`), or rule with -i order-of-play=reveals-first")))


R = TypeVar("R")


def rule_in_order(pos: Position, faction: str, rule: Callable[[Position], R],
                  same: Callable[[R, R], bool], seen: Optional[Seen] = None) -> tuple[R, Optional[str]]:
    """A ruling of ``rule`` (a function of a position) as the order of play gives it (1.1.1, interpretation
    ``order-of-play``): on ``pos`` when ``faction`` saw it (:func:`position_seen`) or when ``same`` says
    the ruling on the position it saw is the same; else the ruling on the position it saw, with the
    message of :func:`seen_message` (None: ruled normally). Raises :class:`~model.files.errors.InputError`
    when the position it saw cannot be told (the message says what the file lacks). ``seen``: the
    :func:`position_seen` of ``pos`` and ``faction`` when the caller has it already."""
    seen = seen if seen is not None else position_seen(pos, faction)
    if seen.position is None:
        raise lacking_error(pos, faction, seen)
    now = rule(pos)
    if seen.position is pos:
        return now, None
    earlier = rule(seen.position)
    if same(now, earlier):
        return now, None
    return earlier, seen_message(pos, faction, seen)


def _selection_ruling(pos: Position, f: str, choice: dict) -> Ruling:
    """:func:`~solver.selection.rules.check` on ``choice`` with 1.1.3 "Card selection is final" when no slot is left open."""
    ruling = check(pos, f, choice)
    made = selection_made(pos, f)
    if made is not None and not open_slots(pos, f):   # placing again, even the same cards, is no selection
        final = FINAL.violation(final_message(pos, f, made))
        ruling = Ruling(False, [final] + [v for v in ruling.violations if v != final], ruling.interpretations)
    return ruling


def select(pos: Position, faction: str, choice: dict) -> tuple[Ruling, Optional[Position]]:
    """Rule on ``faction``'s selection ``choice`` (map -> card id; a map left
    out: no card, or the card already placed there) and place it.

    Returns the :class:`~solver.selection.rules.Ruling` of :func:`~solver.selection.rules.check`
    on the choice completed by the cards already placed
    (:func:`~solver.selection.rules.complete_choice`), with a 1.1.3 violation added
    when the faction has no slot left open this Seasonal Turn ("Card selection
    is final": a placed card binds, a slot left open may still be filled), made
    on the position the faction saw at its Step 4 under the order of play
    (:func:`rule_in_order`, interpretation ``order-of-play``: a ruling that a
    later faction's reveal in this Seasonal Turn would change is made on the
    position before that reveal, with a 1.1.1 Order of Play violation first, or
    its words in ``notes`` when legal), and the new position (the cards taken
    from the hand of ``pos`` and made the Pending Cards, each with the turn it
    was selected in), or None when the selection is illegal. Raises
    :class:`~model.files.errors.InputError` for a faction not in the position, or when
    the position the faction saw cannot be told (what the file lacks).
    """
    f = pos.require_faction(faction)
    choice = complete_choice(pos, f, choice)
    made = selection_made(pos, f)
    ruling, message = rule_in_order(pos, f, lambda p: _selection_ruling(p, f, choice),
                                    lambda a, b: a.as_json() == b.as_json())
    if message is not None:
        interps = {**ruling.interpretations, "order-of-play": pos.interpretations_in_force["order-of-play"]}
        if ruling.legal:
            ruling = Ruling(True, [], interps, [seen_note(message)])
        else:
            ruling = Ruling(False, [ORDER_OF_PLAY.violation(message)] + ruling.violations, interps)
    if not ruling.legal:
        return ruling, None
    out = copy.deepcopy(pos)
    for m, cid in choice.items():
        if cid is None and not any(choice.values()) and made is None and m in out.factions[f]:
            out.factions[f][m].selected = pos.turn    # "no card", said (1.1.3): recorded, unlike not yet selecting
        if cid is None or (made or {}).get(m) == cid:
            continue
        fm = out.factions[f][m]
        fm.hand.remove(cid)
        fm.pending = cid
        fm.selected = pos.turn
    return ruling, out


@dataclass
class NextTurn:
    """The position of the next Seasonal Turn (``position``) and what it carries:
    ``pending`` (faction -> map -> card id or None, the cards to reveal) and
    ``notes`` (one line per faction and map without a Pending Card)."""
    position: Position
    pending: dict
    notes: list


def next_turn(pos: Position) -> NextTurn:
    """The next Seasonal Turn's position, ready for the reveal (1.1.1): the
    turn advanced by one, everything else as it is, the Pending Cards
    carried (they are revealed now: 1.1.3 "A Pending Card selected now is
    revealed at the next Seasonal Turn"; ``"face-down"`` for one whose card is
    in a private file). A faction with no Pending Card on a map reveals no
    new Current Card there (1.1.3)."""
    out = copy.deepcopy(pos)
    out.turn = pos.turn.next()
    pending, notes = {}, []
    for f in REVEAL_ORDER:
        for m in pos.maps:
            fm = pos.factions.get(f, {}).get(m)
            if fm is None:
                continue
            # a Pending Card placed face down (its card in the faction's private file, 1.1) is carried face down
            pending.setdefault(f, {})[m] = fm.pending or ("face-down" if fm.pending_face_down else None)
            if pending[f][m] is None:
                notes.append(f"{faction_name(f)} has no {m.upper()} Pending Card: it reveals no new {m.upper()} "
                             f"Current Card in {out.turn} (1.1.3)")
    return NextTurn(out, pending, notes)


@dataclass
class RevealAll:
    """Every faction's :class:`~solver.option_cards.procedure.Reveal`, in :data:`REVEAL_ORDER`,
    and the resulting ``position``."""
    turn: str
    reveals: list
    position: Position

    @property
    def illegal(self) -> bool:
        return any(r.illegal for r in self.reveals)

    def as_json(self) -> dict:
        each = [r.as_json() for r in self.reveals]
        legal = False if self.illegal else (None if any(e["legal"] is None for e in each) else True)
        interps: dict = {}
        for e in each:
            interps.update(e["interpretations"])
        return {"faction": "all", "turn": self.turn, "order": [r.faction for r in self.reveals], "legal": legal,
                "reveals": each, "interpretations": interps}


def reveal_all(pos: Position, previous: Optional[Position] = None, declare_total_war: bool = False,
               remove: tuple = (), selected_on: Optional[dict] = None) -> RevealAll:
    """Reveal the Pending Cards of every faction in the position, in
    :data:`REVEAL_ORDER`, each on the position the reveal before it left
    (a war state started by the Axis card is in effect for the Allied
    reveals). ``declare_total_war`` is the Allied declaration after an
    illegal Axis Current Card (1.1.1): it goes with the Axis reveal. ``selected_on``: by faction, the position
    it saw at its Step 4 in ``previous``'s turn, on which its cards are checked (default ``previous``).
    Raises ``ValueError`` as :func:`~solver.option_cards.procedure.reveal` does."""
    reveals: list[Reveal] = []
    cur = pos
    for f in REVEAL_ORDER:
        if f not in pos.factions:
            continue
        res = reveal(cur, f, previous, declare_total_war and f == "axis", remove,
                     selected_on=(selected_on or {}).get(f))
        reveals.append(res)
        cur = res.position
    if declare_total_war and "axis" not in pos.factions:
        raise ValueError("--declare-total-war: the Axis faction is not in the state file (1.1.1)")
    return RevealAll(str(pos.turn), reveals, cur)
