"""Planning ahead (issue 23): the Pending Cards of the next Seasonal Turns, proved.

A plan is one faction's Pending Card selection in each Seasonal Turn of a
horizon. Each turn is decided by the selection rules of
:mod:`solver.selection` on the position that turn would reach (the one
:class:`~solver.constraints.Evaluator`: :func:`~solver.selection.legal_choices_direct`),
and the next turn's position is made by the Seasonal Turn's own procedure of
:mod:`solver.turn` / :mod:`solver.procedure`: the selection placed
(:func:`~solver.turn.select`, which rules on it as ``check`` does), the turn
advanced (:func:`~solver.turn.next_turn`) and the faction's Pending Cards
revealed (:func:`~solver.procedure.reveal`, 1.1.1 Steps 1-2: the Current Card
discarded, set aside or back to the hand when recyclable, the © twin removed,
the war state a card ``starts``). No rule is written again for planning.

The search is breadth first over the positions the faction can reach, turn by
turn; positions that no rule tells apart (the same hand, Current Cards,
cards revealed, war states) are one node. So the first turn in which a card
can be revealed is the earliest (every position of every earlier turn was
tried: a proof by exhaustion), and the rules that stop it in the turn before
are read from every position of that turn (:meth:`Evaluator.excluding`, else
every violation of a selection holding it).

One turn of the search (the selection placed, the reveal, the re-check) is :mod:`solver.plan_turn`.

What the faction does not decide is frozen at the file's value: the other
factions select no Pending Cards, countries, markers and the Government stay
as they are; a war state changes only by a revealed card's ``starts`` or by
an :class:`Assumption`. Every named interpretation in force applies in every
turn. Does not import ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Optional

from ..model.calendar import Turn
from ..model.position import Position
from ..model.vocabulary import faction_name

from .limits import Budget, Progress, ProgressSink
from .plan_turn import _assume, _key, _lean, advance, replay
from .selection import evaluator, interpretations_used, legal_choices_direct, make_context

#: The longest horizon a plan may look ahead (Seasonal Turns).
MAX_TURNS = 40

#: The search's deterministic budget, in work units per second of ``--time-limit``: a planned turn (a
#: position made by the reveal) costs one unit, ruling on a position's selections one unit per
#: :data:`CHOICES_PER_UNIT` combinations tried. Measured on the 2-core development machine under load:
#: 300 to 600 units a second (TK 40 cards, AE 30 + 30); 150 lets this count, not the wall clock, end a
#: search (the same point on every run), the wall clock staying a backstop.
TURNS_PER_SECOND = 150
CHOICES_PER_UNIT = 30


@dataclass(frozen=True)
class Goal:
    """What a plan must reach: every card of ``want`` revealed as a Current Card by Seasonal Turn
    ``by`` (None: within the horizon), no card of ``avoid`` ever selected."""
    want: tuple = ()
    by: Optional[Turn] = None
    avoid: tuple = ()

    @property
    def empty(self) -> bool:
        return not self.want and not self.avoid


@dataclass
class Node:
    """A position the faction can reach; ``parent`` and ``choice``: the node and selection it was
    reached from (None at the start); ``count``: the plans (selection sequences) reaching it."""
    position: Position
    parent: Optional["Node"]
    choice: Optional[dict]
    count: int = 1
    revealed_by: frozenset = frozenset()     # the wanted cards revealed by the goal's turn


@dataclass
class Earliest:
    """The earliest Seasonal Turn in which ``card`` can be revealed as a Current Card
    (``turn`` None: not within the horizon, or not proved when ``proved`` is False), a plan
    that achieves it (``plan``, a list of :class:`PlanTurn`) and ``reasons``: the rules that
    stop it in the turn before (or, when it cannot come, in the last turn of the horizon),
    each ``(rule key, message)``."""
    card: str
    map: str
    turn: Optional[Turn]
    plan: list
    reasons: list
    proved: bool = True
    not_before: Optional[Turn] = None   # stopped: proved not to come before this turn


@dataclass
class PlanResult:
    """The answer of :func:`plan`: ``earliest`` (one :class:`Earliest` per hand card, both maps in
    AE), or with a goal ``goal_plan`` (the earliest plan reaching it, None when none does) and
    ``conflict`` (a minimal set of wanted cards that cannot all be met); ``count`` of plans (with
    ``count_exact`` False: at least that many); ``facts``: every fact relied on; ``complete``
    False when the budget ended the search first."""
    faction: str
    start: Turn
    last: Turn
    earliest: list
    goal: Goal
    goal_plan: Optional[list]
    goal_turn: Optional[Turn]
    conflict: list
    count: Optional[int]
    count_exact: bool
    facts: list
    interpretations: dict
    complete: bool = True
    rechecked: bool = True
    notes: list = field(default_factory=list)


class Stopped(Exception):
    """The budget ran out during the search."""


# ----------------------------------------------------------------------------- the search

class Planner:
    """The breadth-first search of :func:`plan` over the positions ``faction`` can reach from ``pos``
    in ``turns`` Seasonal Turns (see the module doc). ``levels[k]`` holds the nodes of the k-th
    selection turn (``pos.turn`` + k), keyed by :func:`_key`."""

    def __init__(self, pos: Position, faction: str, turns: int, assumptions: tuple = (), goal: Goal = Goal(),
                 budget: Optional[Budget] = None, progress: ProgressSink = None):
        self.faction = pos.require_faction(faction)
        self.progress = progress
        self.work = 0
        self.turns = turns
        self.assumptions = assumptions
        self.goal = goal
        self.budget = budget or Budget(None)
        start = _lean(pos)
        _assume(start, assumptions)
        self.start = start
        self.levels: list[dict] = [{(_key(start, self.faction), frozenset()): Node(start, None, None)}]
        self.choices: dict = {}        # node key -> legal choices
        self.evaluators: dict = {}     # node key -> (context, evaluator) of the reasons
        self.cards = _hand_cards(pos, self.faction)
        self.complete = True

    def legal(self, key, node: Node) -> list[dict]:
        """The legal selections of a node (the selection rules on its position), computed once and charged
        to the budget. Raises :class:`Stopped` when the budget is spent."""
        if key not in self.choices:
            pos = node.position
            combos = 1
            for m in pos.maps:
                combos *= len(pos.hand(self.faction, m)) + 2
            self._check_budget(0, 0, 1 + combos // CHOICES_PER_UNIT)
            self.choices[key] = legal_choices_direct(pos, self.faction)
        return self.choices[key]

    def _check_budget(self, level: int, positions: int, units: int = 1) -> None:
        """Count ``units`` of work; raise :class:`Stopped` when the budget (the count first, see
        :data:`TURNS_PER_SECOND`, then the wall clock) is spent. Reports progress now and then."""
        before, self.work = self.work, self.work + units
        b = self.budget
        if b.limited and (self.work > b.seconds * TURNS_PER_SECOND or b.elapsed() >= b.seconds):
            self.complete = False
            raise Stopped()
        if self.progress is not None and positions and before // 25 != self.work // 25:
            self.progress(Progress(f"planning {self.start.turn.ahead(level)} ({positions} positions)", None, None,
                                   b.elapsed(), b.left()))

    def expand(self, k: int) -> dict:
        """The nodes of selection turn k + 1, from those of turn k (plans that avoid the goal's
        ``avoid`` cards only). Raises :class:`Stopped` when the budget runs out."""
        while len(self.levels) <= k + 1:
            j = len(self.levels) - 1
            nxt: dict = {}
            for key, node in self.levels[j].items():
                for choice in self.legal(key, node):
                    self._check_budget(j, len(self.levels[j]))
                    if any(c in self.goal.avoid for c in choice.values() if c):
                        continue
                    ok, after, _ = advance(node.position, self.faction, choice, self.assumptions, ruled=True)
                    if not ok:          # the selection rules said legal: the procedure agrees (re-checked)
                        continue
                    met = node.revealed_by | {c for c in choice.values() if c in self.goal.want and (
                        self.goal.by is None or after.turn <= self.goal.by)}
                    nk = (_key(after, self.faction), frozenset(met))
                    if nk in nxt:
                        nxt[nk].count += node.count
                    else:
                        nxt[nk] = Node(after, node, choice, node.count, frozenset(met))
            self.levels.append(nxt)
        return self.levels[k + 1]


def _path(node: Node, last: Optional[dict] = None) -> list[dict]:
    out = [] if last is None else [last]
    while node.parent is not None:
        out.append(node.choice)
        node = node.parent
    return list(reversed(out))


def _reasons(planner: Planner, k: int, slot: str, card: str) -> list:
    """The rules that keep ``card`` out of every legal selection in every position of selection turn k:
    per position, the constraints excluding the card alone (:meth:`Evaluator.excluding`), else every
    violation of a selection holding it; distinct (rule, message) pairs, in order of discovery. Each
    position's rules are posted once for all the cards asked about (``planner.evaluators``)."""
    seen, out = set(), []
    for key, node in planner.levels[k].items():
        if key not in planner.evaluators:
            extra = {m: [c for mm, c in planner.cards if mm == m] for m in node.position.maps}
            ctx = make_context(node.position, planner.faction, extra)
            planner.evaluators[key] = (ctx, evaluator(ctx))
        ctx, ev = planner.evaluators[key]
        alone = ev.excluding((slot, card))
        if alone:
            ids = {id(c) for c in alone}
            vs = [b.violation for b in ev.broken({**{s: None for s in ctx.slots}, slot: card}) if id(b.constraint) in ids]
        else:
            vs = []
            others = [s for s in ctx.slots if s != slot]
            for rest in product(*[ctx.values(s) for s in others]):
                vs += ev.violations({slot: card, **dict(zip(others, rest))})
        for v in vs:
            item = (f"{v.rule} {v.title}", v.message)
            if item not in seen:
                seen.add(item)
                out.append(item)
    return out


def _hand_cards(pos: Position, faction: str) -> list[tuple[str, str]]:
    """Every card of the faction's hand (and its Pending Cards, and a recyclable Current Card, which
    returns to the hand when discarded: 1.1.1 Step 1), ``(map, card id)`` in map then hand order."""
    out = []
    for m in pos.maps:
        fm = pos.factions[faction].get(m)
        if fm is None:
            continue
        back = [fm.current] if fm.current and pos.cards[fm.current].recyclable else []
        for c in ([fm.pending] if fm.pending else []) + list(fm.hand) + back:
            if (m, c) not in out:
                out.append((m, c))
    return out


def default_turns(turn: Turn) -> int:
    """The default horizon: from ``turn`` to the end of the next calendar year (its Nov-Dec)."""
    return Turn(turn.year + 1, 3, turn.names).index - turn.index


def facts(pos: Position, faction: str, assumptions: tuple) -> list[str]:
    """Every fact a plan relies on, in words: what the faction does not decide, frozen at the file's value."""
    others = [faction_name(f) for f in pos.factions if f != faction]
    out = []
    if others:
        out.append(f"the other factions ({', '.join(others)}) select no Pending Cards: their cards are not played")
    out.append("countries, markers, the Government and the Force Pools stay as in the file")
    for m in pos.maps:
        out.append(f"{pos.war_state[m].display} in effect on the {m.upper()} map in {pos.turn}; it changes only by "
                   f"a revealed card that starts a war state (12) or by an assumption")
    out += [a.text() for a in assumptions]
    out.append("a Pending Card selected in a Seasonal Turn is revealed in the next one (1.1.3) and the "
               "Current Card it replaces is discarded (1.1.1 Step 1)")
    return out


def plan(pos: Position, faction: str, turns: Optional[int] = None, assumptions: tuple = (), goal: Goal = Goal(),
         count: bool = False, budget: Optional[Budget] = None, progress: ProgressSink = None) -> PlanResult:
    """Plan ``faction``'s Pending Cards over ``turns`` Seasonal Turns (default :func:`default_turns`).

    Without a goal: for every hand card (:func:`_hand_cards`) the :class:`Earliest` turn it can be
    revealed in, a plan, and the reasons of the turn before. With a goal: the earliest plan reaching
    it, or a minimal set of wanted cards that cannot all be met (shrunk by deletion). ``count``: the
    number of distinct plans over the whole horizon (meeting the goal, when one is given). Every plan
    returned is re-checked turn by turn (:func:`replay`). ``budget`` bounds the search (a count of
    planned turns, :data:`TURNS_PER_SECOND`, then the wall clock); when it runs out the answer is the best
    so far (``complete`` False). ``progress`` receives :class:`~solver.limits.Progress` reports. Raises ``ValueError`` for a
    horizon of 0 or more than :data:`MAX_TURNS`, :class:`~model.errors.InputError` for a faction not in
    the position.
    """
    f = pos.require_faction(faction)
    turns = default_turns(pos.turn) if turns is None else turns
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"--turns {turns}: the horizon is 1 to {MAX_TURNS} Seasonal Turns")
    budget = budget or Budget(None)
    last = pos.turn.ahead(turns)
    planner = Planner(pos, f, turns, assumptions, goal, budget, progress)
    res = PlanResult(f, pos.turn, last, [], goal, None, None, [], None, True, facts(pos, f, assumptions),
                     interpretations_used(pos))
    if goal.empty:
        res.earliest = _earliest_all(planner, pos)
    else:
        try:
            res.goal_plan, res.goal_turn = _goal(planner, pos)
            if res.goal_plan is None:
                res.conflict = _conflict(pos, planner)
        except Stopped:
            pass
    if count:
        try:
            res.count = _count(planner)
        except Stopped:
            res.count, res.count_exact = _count_so_far(planner), False
    res.complete = res.complete and planner.complete
    return res


def _earliest_all(planner: Planner, pos: Position) -> list[Earliest]:
    """The :class:`Earliest` of every hand card: level by level, the first selection turn with a
    position in which a legal selection holds the card. The budget running out leaves the cards not
    yet found unproved, with the turn they cannot come before."""
    cards = _hand_cards(pos, planner.faction)
    found: dict = {}
    memo: dict = {}
    searched = 0                     # selection turns examined in full
    try:
        for k in range(planner.turns):
            level = planner.levels[k] if k < len(planner.levels) else planner.expand(k - 1)
            for key, node in level.items():
                for choice in planner.legal(key, node):
                    for m, c in choice.items():
                        if c and (m, c) in cards and (m, c) not in found:
                            found[(m, c)] = (k, node, choice)
            searched = k + 1
            if len(found) == len(cards):
                break
    except Stopped:
        pass
    out = []
    for m, c in cards:
        if (m, c) in found:
            k, node, choice = found[(m, c)]
            steps = replay(pos, planner.faction, _path(node, choice), planner.assumptions, memo)
            reasons = _reasons(planner, k - 1, m, c) if k > 0 else []
            out.append(Earliest(c, m, steps[-1].reveal_turn, steps, reasons))
        elif searched == planner.turns:
            out.append(Earliest(c, m, None, [], _reasons(planner, planner.turns - 1, m, c)))
        else:
            out.append(Earliest(c, m, None, [], [], False, pos.turn.ahead(searched + 1)))
    return out


def _goal(planner: Planner, pos: Position) -> tuple[Optional[list], Optional[Turn]]:
    """The earliest plan meeting the goal: the first level with a node whose wanted cards are all revealed."""
    want = set(planner.goal.want)
    for k in range(planner.turns + 1):
        if k >= len(planner.levels):
            planner.expand(k - 1)
        for node in planner.levels[k].values():
            if set(node.revealed_by) >= want:
                if not want:             # only --avoid: the plan of the whole horizon
                    if k < planner.turns:
                        break
                steps = replay(pos, planner.faction, _path(node), planner.assumptions)
                return steps, (steps[-1].reveal_turn if steps else pos.turn)
    return None, None


def _conflict(pos: Position, planner: Planner) -> list:
    """A minimal set of the wanted cards that no plan reveals together (by deletion: a card whose
    removal leaves the rest still impossible is dropped). The searches share ``planner``'s budget."""
    goal = planner.goal
    kept = list(goal.want)
    for c in list(goal.want):
        if len(kept) == 1:
            break
        trial = [x for x in kept if x != c]
        p = Planner(pos, planner.faction, planner.turns, planner.assumptions, Goal(tuple(trial), goal.by, goal.avoid),
                    planner.budget, planner.progress)
        p.work = planner.work
        try:
            found, _ = _goal(p, pos)
        finally:
            planner.work, planner.complete = p.work, planner.complete and p.complete
        if found is None:
            kept = trial
    return kept


def _count(planner: Planner) -> int:
    """The distinct plans (selection sequences) over the whole horizon, meeting the goal when one is given."""
    planner.expand(planner.turns - 1)
    want = set(planner.goal.want)
    return sum(n.count for n in planner.levels[planner.turns].values() if set(n.revealed_by) >= want)


def _count_so_far(planner: Planner) -> int:
    """A lower bound when stopped: the plans reaching the deepest complete level (each goes on at least one
    way: selecting no card is legal when nothing fits)."""
    return sum(n.count for n in planner.levels[-1].values()) if planner.levels else 0
