"""Planning ahead: the Pending Cards of the next Seasonal Turns, proved.

A plan is one faction's Pending Card selection in each Seasonal Turn of a horizon. The questions are put
to ONE CP-SAT model over the horizon (:mod:`solver.plan.model`: the selection rules of
:mod:`solver.selection.rules` posted per turn, the facts earlier turns decide as literals of the model):

* the earliest turn of every hand card: turn 0 from the file's legal selections, then turn by turn, each
  card not yet placed solved with its selection in that turn assumed; an infeasible turn is proved (the
  model holds every real plan), a plan found places every card it selects in that turn;
* the rules that stop a card in the turn before: a minimal core of the per-(rule, turn) enforcement
  literals (:meth:`~solver.plan.model.PlanModel.core`); in turn 0, the file's own position, each rule
  excluding the card alone (:meth:`Evaluator.excluding`);
* a goal: the first turn by which every wanted card can be selected (each earlier one proved infeasible),
  else a minimal set of wanted cards (by deletion) and the core of rules behind it.

Every plan the model finds is carried out by the Seasonal Turn's own procedure and re-checked by ``check``
turn by turn (:func:`~solver.plan.turn.replay`); one that fails has its prefix forbidden and the model is
solved again (the counterexample loop of :meth:`~solver.plan.model.PlanModel.feasible`), so a plan shown is
legal. ``--count`` is the breadth-first search over the positions the faction can reach (:class:`Planner`),
positions no rule tells apart merged with their counts added: an exact dynamic programme over real
positions (the rules evaluated by :func:`~solver.selection.rules.legal_choices_direct`, no rule written again).

What the faction does not decide is frozen at the file's value: the other factions select no Pending Cards
unless an assumption has one reveal a card (:class:`~solver.plan.turn.PlayedAssumption`, counted from the Step 4
the order of play lets the faction see it), countries, markers and the Government stay as they are but for what
the faction's own reveals set off (a war state changed by a revealed card's ``starts``, an Allied Country at war
or an assumption, with the effects of 12.2 and 12.3; the counters a Current Card enters, 1.1.2.2, from the next
Seasonal Turn's selection). The first selection is ruled on the position the faction saw at its Step 4 (1.1.1
Order of Play), as ``check`` rules it. Every named interpretation in force applies in every turn. Imports ortools (through
:mod:`solver.plan.model`): the API loads this module lazily.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...model.game.calendar import Turn
from ...model.files.load import Position
from ...model.game.vocabulary import faction_name

from . import model as plan_model
from ..engine.limits import Budget, Progress, ProgressSink
from .turn import PlayedAssumption, _key, advance, first_seen, replay, start as plan_start
from ..selection.rules import evaluator, interpretations_used, legal_choices_direct, make_context

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
    stop it in the turn before (or, when it cannot come, in every turn of the horizon: with those
    rules alone in force no plan selects it),
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
    conflict_rules: list = field(default_factory=list)   # (rule key, message) of the rules, each in a turn, behind ``conflict``


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
        start = plan_start(pos, self.faction, assumptions)
        self.start = start
        self.first = first_seen(pos, self.faction, assumptions, start)     # turn 0 ruled as ``check`` rules it
        self.levels: list[dict] = [{(_key(start, self.faction), frozenset()): Node(start, None, None)}]
        self.choices: dict = {}        # node key -> legal choices
        self.evaluators: dict = {}     # node key -> (context, evaluator) of the reasons
        self.cards = _hand_cards(pos, self.faction)
        self.complete = True

    def legal(self, key, node: Node) -> list[dict]:
        """The legal selections of a node (the selection rules on its position), computed once and charged
        to the budget. Raises :class:`Stopped` when the budget is spent."""
        if key not in self.choices:
            pos = self.first if node.parent is None else node.position
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


def _hand_cards(pos: Position, faction: str) -> list[tuple[str, str]]:
    """Every card of the faction's hand (and its Pending Cards, and a recyclable Current Card, which
    returns to the hand when discarded: 1.1.1 Step 1), ``(map, card id)`` in map then hand order."""
    out = []
    back = dict(pos.returning(faction))
    for m in pos.maps:
        fm = pos.factions[faction].get(m)
        if fm is None:
            continue
        for c in ([fm.pending] if fm.pending else []) + list(fm.hand) + ([back[m]] if m in back else []):
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
        out.append(f"the other factions ({', '.join(others)}) select no Pending Cards: their cards are not played"
                   + (" but for those assumed below" if any(isinstance(a, PlayedAssumption) for a in assumptions) else ""))
    out.append("countries, markers, the Government and the Force Pools stay as in the file, but for what the "
               "faction's own reveals set off: a war state going into effect with its effects (12.2, 12.3: Policy "
               "markers removed, *European Total War markers placed), and the counters its Current Cards enter "
               "(1.1.2.2), read from the next Seasonal Turn's selection on")
    for m in pos.maps:
        out.append(f"{pos.war_state[m].display} in effect on the {m.upper()} map in {pos.turn}; it changes only by "
                   f"a revealed card that starts a war state (12), an Allied Country at war (12) or an assumption, "
                   f"with its effects")
    for a in assumptions:
        seen = a.seen_from(pos, faction) if isinstance(a, PlayedAssumption) else None
        out.append(a.text() if seen in (None, a.turn) else
                   f"{a.text()}; counted as played from the {faction_name(faction)} faction's Step 4 of {seen}: "
                   f"the {faction_name(faction)} faction selects before that faction's reveal (1.1.1 Order of Play, "
                   f"interpretation order-of-play=faction-by-faction)")
    out.append("a Pending Card selected in a Seasonal Turn is revealed in the next one (1.1.3) and the "
               "Current Card it replaces is discarded (1.1.1 Step 1)")
    return out


def plan(pos: Position, faction: str, turns: Optional[int] = None, assumptions: tuple = (), goal: Goal = Goal(),
         count: bool = False, budget: Optional[Budget] = None, progress: ProgressSink = None) -> PlanResult:
    """Plan ``faction``'s Pending Cards over ``turns`` Seasonal Turns (default :func:`default_turns`).

    The plan is one CP-SAT model over the horizon (:class:`~solver.plan.model.PlanModel`: the selection
    rules posted per turn). Without a goal: for every hand card (:func:`_hand_cards`) the :class:`Earliest`
    turn it can be revealed in (each turn, earliest first, solved with the card's choice assumed: a turn
    found infeasible is proved), a plan, and a minimal set of the rules (each in a turn) that stop it in the
    turn before. With a goal: the earliest plan reaching it, or a minimal set of wanted cards (shrunk by
    deletion) and of the rules that keep them from all coming. ``count``: the number of distinct plans over
    the whole horizon (meeting the goal, when one is given), counted exactly by the breadth-first merge of
    the positions no rule tells apart (:class:`Planner`: a dynamic programme over real positions, faster
    than enumerating the model's solutions). Every plan returned is re-checked turn by turn
    (:func:`replay`). ``budget`` bounds every solve (CP-SAT's deterministic work, then the wall clock); when
    it runs out the answer is the best so far (``complete`` False). ``progress`` receives
    :class:`~solver.engine.limits.Progress` reports. Raises ``ValueError`` for a horizon of 0 or more than
    :data:`MAX_TURNS`, :class:`~model.files.errors.InputError` for a faction not in the position.
    """
    f = pos.require_faction(faction)
    turns = default_turns(pos.turn) if turns is None else turns
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"--turns {turns}: the horizon is 1 to {MAX_TURNS} Seasonal Turns")
    budget = budget or Budget(None)
    last = pos.turn.ahead(turns)
    res = PlanResult(f, pos.turn, last, [], goal, None, None, [], None, True, facts(pos, f, assumptions),
                     interpretations_used(pos))
    solver = _Solver(plan_model, pos, f, turns, assumptions, budget, progress)
    if goal.empty:
        res.earliest = solver.earliest_all()
    else:
        res.goal_plan, res.goal_turn = solver.goal(goal)
        if res.goal_plan is None and solver.complete:
            res.conflict, res.conflict_rules = solver.conflict(goal)
    res.complete = solver.complete
    if count:
        planner = Planner(pos, f, turns, assumptions, goal, budget, progress)
        try:
            res.count = _count(planner)
        except Stopped:
            res.count, res.count_exact = _count_so_far(planner), False
        res.complete = res.complete and planner.complete
    return res


class _Solver:
    """The questions of :func:`plan` put to one :class:`~solver.plan.model.PlanModel` (and, for the
    minimal conflict sets, a second one with an enforcement literal per rule and turn)."""

    def __init__(self, plan_model, pos: Position, faction: str, turns: int, assumptions: tuple,
                 budget: Budget, progress: ProgressSink):
        self.pm_mod = plan_model
        self.pos, self.faction, self.turns = pos, faction, turns
        self.assumptions, self.budget, self.progress = assumptions, budget, progress
        self.start = plan_start(pos, faction, assumptions)
        self.first = first_seen(pos, faction, assumptions, self.start)     # turn 0 ruled as ``check`` rules it
        self.cards = _hand_cards(pos, faction)
        self.model = self._new(True)
        self.memo: dict = {}
        self.complete = True

    def _new(self, enforce: bool):
        m = self.pm_mod.PlanModel(self.start, self.faction, self.turns, self.cards, self.assumptions, enforce, self.first)
        m.original = self.pos
        return m

    def _feasible(self, lits: list, upto: int):
        found = self.model.feasible(lits, upto, self.budget, self.progress, self.memo)
        if found.status == "stopped":
            self.complete = False
        return found

    def earliest_all(self) -> list:
        """The :class:`Earliest` of every hand card: turn 0 from the file's legal selections, then turn by
        turn the cards not yet placed, each solved with its choice in that turn assumed (a plan found places
        every card it selects in that turn too)."""
        pm, cards = self.model, self.cards
        found: dict = {}
        legal = legal_choices_direct(self.first, self.faction)
        cover: dict = {}                  # card -> a legal choice holding it; those holding most new cards first
        for want in range(len(self.pos.maps), 0, -1):
            for choice in legal:
                new = [(m, c) for m, c in choice.items() if c and (m, c) in cards and (m, c) not in cover]
                if len(new) >= want:
                    cover.update({mc: choice for mc in new})
        for mc, choice in cover.items():
            found[mc] = (0, replay(self.pos, self.faction, [choice], self.assumptions, self.memo))
        searched = 1
        stopped = False
        for k in range(1, self.turns):
            for m, c in cards:
                if (m, c) in found:
                    continue
                f = self._feasible([pm.x(k, m, c)], k)
                if f.status == "stopped":
                    stopped = True
                    break
                if f.status == "plan":
                    for mm, cc in f.choices[k].items():
                        if cc and (mm, cc) in cards and (mm, cc) not in found:
                            found[(mm, cc)] = (k, f.steps)
            if stopped:
                break
            searched = k + 1
        out = []
        for m, c in cards:
            if (m, c) in found:
                k, steps = found[(m, c)]
                reasons = self.reasons([(k - 1, m, c)]) if k > 0 else []
                out.append(Earliest(c, m, steps[-1].reveal_turn, steps, reasons))
            elif searched == self.turns:
                # "never": the rules that stop it in every turn of the horizon, not only in the last one (a core of
                # the last turn alone may name 1.1.3's hand and No Pending Card: with those alone the card comes earlier)
                out.append(Earliest(c, m, None, [], self.reasons([(k, m, c) for k in range(self.turns)], any_turn=True)))
            else:
                out.append(Earliest(c, m, None, [], [], False, self.pos.turn.ahead(searched + 1)))
        return out

    def reasons(self, wanted: list, any_turn: bool = False) -> list:
        """A minimal set of the rules (each in a turn) that stop the selections ``wanted`` (``(k, map, card)``), all
        of them together, or with ``any_turn`` each one (the card selected in none of those turns: with only these
        rules in force no plan selects it in any): ``(rule key, message)`` pairs, the message the turn and what the
        rule says there of the card."""
        if not self.complete:
            return []
        if len(wanted) == 1 and wanted[0][0] == 0:
            # turn 0 is the file's position, ruled exactly: each rule excluding the card alone is a minimal set
            k, m, c = wanted[0]
            ctx = make_context(self.first, self.faction, {mm: [cc for x, cc in self.cards if x == mm] for mm in self.pos.maps})
            ev = evaluator(ctx)
            alone = ev.excluding((m, c))
            if alone:
                ids = {id(x) for x in alone}
                vs = [b.violation for b in ev.broken({**{s: None for s in ctx.slots}, m: c}) if id(b.constraint) in ids]
                out = []
                for v in vs:
                    item = (f"{v.rule} {v.title}", f"{self.pos.turn}: {v.message}")
                    if item not in out:
                        out.append(item)
                return out
        pm = self.model
        if any_turn:
            lits = [pm.selected_by(m, c, max(k for k, _, _ in wanted)) for m, c in {(m, c) for _, m, c in wanted}]
        else:
            lits = [pm.x(k, m, c) for k, m, c in wanted]
        core = pm.core(lits, self.budget)
        if core is None:
            self.complete = False
            return []
        return [(key, pm.explain(key, k, wanted)) for key, k in core]

    def _by(self, pm, goal: Goal, upto: int) -> list:
        """The literals "every wanted card selected by turn ``upto``, no avoided card ever"."""
        out = [pm.selected_by(pm.card_map(w), w, upto) for w in goal.want]
        for a in goal.avoid:
            for k in range(self.turns):
                x = pm.x(k, pm.card_map(a), a)
                if x is True:
                    out.append(False)
                elif x is not False:
                    out.append(x.negated())
        return out

    def _last_turn(self, goal: Goal) -> int:
        if goal.by is None:
            return self.turns - 1
        return min(self.turns - 1, goal.by.index - self.pos.turn.index - 1)

    def goal(self, goal: Goal) -> tuple:
        """The earliest plan meeting ``goal``: the first turn K by which every wanted card can be selected
        (each earlier K proved infeasible), the plan carried out to K; only ``avoid``: a plan of the whole
        horizon. ``(None, None)`` when none does (or the budget ended the search)."""
        pm = self.model
        first = 0 if goal.want else self.turns - 1
        for k in range(first, self._last_turn(goal) + 1):
            f = self._feasible(self._by(pm, goal, k), k)
            if f.status == "plan":
                return f.steps, (f.steps[-1].reveal_turn if f.steps else self.pos.turn)
            if f.status == "stopped":
                break
        return None, None

    def conflict(self, goal: Goal) -> tuple:
        """A minimal set of the wanted cards that no plan reveals together (by deletion: a card whose removal
        leaves the rest still impossible is dropped), and a minimal set of the rules, each in a turn, that keep
        those cards from all coming (:meth:`~solver.plan.model.PlanModel.core`)."""
        kept = list(goal.want)
        last = self._last_turn(goal)
        for c in list(goal.want):
            if len(kept) == 1:
                break
            trial = Goal(tuple(x for x in kept if x != c), goal.by, goal.avoid)
            f = self._feasible(self._by(self.model, trial, last), last) if last >= 0 else None
            if f is not None and f.status == "stopped":
                return kept, []
            if f is None or f.status == "none":
                kept = list(trial.want)
        if last < 0:
            return kept, []
        pm = self.model
        core = pm.core(self._by(pm, Goal(tuple(kept), goal.by, goal.avoid), last), self.budget)
        if core is None:
            self.complete = False
            return kept, []
        cards = [(k, pm.card_map(c), c) for c in kept for k in range(last + 1)]
        return kept, [(key, pm.explain(key, k, cards)) for key, k in core]


def _count(planner: Planner) -> int:
    """The distinct plans (selection sequences) over the whole horizon, meeting the goal when one is given."""
    planner.expand(planner.turns - 1)
    want = set(planner.goal.want)
    return sum(n.count for n in planner.levels[planner.turns].values() if set(n.revealed_by) >= want)


def _count_so_far(planner: Planner) -> int:
    """A lower bound when stopped: the plans reaching the deepest complete level (each goes on at least one
    way: selecting no card is legal when nothing fits)."""
    return sum(n.count for n in planner.levels[-1].values()) if planner.levels else 0
