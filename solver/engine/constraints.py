"""The constraint language: rules as data, and the one evaluator (docs/design.md).

A rule of the rulebook (a :class:`~solver.engine.registry.Row` of a registered
:class:`~solver.engine.registry.Rule`: its number as printed, a short title) posts, for one position, constraints over *choice literals*. A literal
(:class:`Lit`) says what one *slot* of a choice holds: ``Lit("tk",
"tk-soviet-38")`` "the TK Pending Card is tk-soviet-38", ``Lit("ds", None)``
"no DS Pending Card", ``Lit(("place", "R-1"), ANY)`` "unit R-1 is placed
somewhere". A choice is a mapping slot -> value; a slot it leaves out holds
None. Two kinds of constraint, each carrying its rule and the message that
explains it with the concrete values:

* :class:`Nogood` - these literals must not all hold together;
* :class:`AtMost` - ``const + sum(coef for coef, lit in terms if lit holds) <= bound``
  (coefficients are not negative).

:class:`Evaluator` interprets constraints on concrete choices: the referee's
ruling (every violation), a quick "does it fit" and the literals a unary
constraint excludes. :mod:`solver.engine.compiler` compiles the very same constraints
to CP-SAT. Nothing else checks or compiles a constraint.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping, NamedTuple, Optional, Sequence, Union

from .registry import Row, Violation


class _AnyValue:
    """The literal value "the slot holds some value (not None)"."""

    _it = None

    def __new__(cls):
        if cls._it is None:
            cls._it = super().__new__(cls)
        return cls._it

    def __repr__(self) -> str:
        return "ANY"

    def __reduce__(self):
        return (_AnyValue, ())


#: A literal value meaning "the slot holds some value (not None)".
ANY = _AnyValue()


class Lit(NamedTuple):
    """A choice literal: ``slot`` holds ``value`` (None: nothing; :data:`ANY`: something).

    A plain tuple underneath, so ``Lit("tk", None) == ("tk", None)``.
    """

    slot: Hashable
    value: Any

    def holds(self, choice: Mapping) -> bool:
        """True when this literal holds in ``choice`` (a slot left out holds None)."""
        return holds(self, choice)


def matches(wanted: Any, value: Any) -> bool:
    """True when a literal asking for ``wanted`` (a value, None: nothing, :data:`ANY`: some value)
    holds for a slot holding ``value`` (None: nothing): the one reading of a literal, which the
    evaluator and both compilers (:mod:`solver.engine.core`) use."""
    return value is not None if wanted is ANY else value == wanted


def holds(lit: tuple, choice: Mapping) -> bool:
    """True when the literal ``(slot, value)`` holds in ``choice`` (a slot left out holds None)."""
    return matches(lit[1], choice.get(lit[0]))


#: A rule's part or table line: the one row type (:class:`solver.engine.registry.Row`). ``Rule("9.9", "Test")``
#: makes a row of its own, outside the registry (the rulebook's rows are made by ``rules[number].row(...)``).
Rule = Row


@dataclass(eq=False)
class Nogood:
    """The literals ``lits`` must not all hold at once; ``message`` says why, ``rule`` which rule."""

    lits: tuple
    message: str
    rule: Optional[Row] = None


@dataclass(eq=False)
class AtMost:
    """``const + sum(coef for (coef, lit) in terms if lit holds) <= bound``.

    ``explain(held)`` gives the message for the literals that hold in a
    violating choice; ``rule`` the rule it belongs to. Coefficients are not negative.
    """

    terms: tuple
    bound: int
    explain: Callable[[list], str]
    const: int = 0
    rule: Optional[Row] = None


Constraint = Union[Nogood, AtMost]


@dataclass(frozen=True)
class Broken:
    """A constraint broken by a choice: the ``constraint``, the literals of it that ``held``
    and the ``message``. :attr:`violation` is the ruling's :class:`Violation`."""

    constraint: Constraint
    held: tuple
    message: str

    @property
    def rule(self) -> Row:
        return self.constraint.rule

    @property
    def violation(self) -> Violation:
        return self.rule.violation(self.message)


def post(rules: Sequence[Row], ctx: Any) -> list[Constraint]:
    """Post every rule for ``ctx``: plain rules first, then meta rules over them.

    Returns the constraints in posting order (rule by rule), each carrying
    its rule: the posting rule unless the constraint names another
    (a pair exchange posted with the step counts cites 1.3.2.3, say).
    """
    base: list[Constraint] = []
    for rule in rules:
        if not rule.meta and rule.post is not None:
            base.extend(_stamp(rule, rule.post(ctx)))
    out = list(base)
    metas = [r for r in rules if r.meta]
    if metas:
        ev = Evaluator(base)
        for rule in metas:
            out.extend(_stamp(rule, rule.post(ctx, ev)))
    return out


def _anchor_rank(lit: tuple) -> int:
    """Index a nogood under its most selective literal: a value, then ANY, then None."""
    return 2 if lit[1] is None else 1 if lit[1] is ANY else 0


def _stamp(rule: Row, constraints: Iterable[Constraint]) -> Iterator[Constraint]:
    for c in constraints:
        if c.rule is None:
            c.rule = rule
        yield c


class Evaluator:
    """The constraints of one position, indexed to evaluate choices quickly.

    The one place a :class:`Nogood` or :class:`AtMost` is checked against a
    concrete choice (a mapping slot -> value; a slot left out holds None).
    Each nogood is indexed under one of its literals (a concrete value if it
    has one, else ``ANY``, else None); a choice looks up the literals it makes
    true (and ``ANY`` for a slot that holds a value).
    """

    def __init__(self, constraints: Sequence[Constraint]):
        self.constraints = list(constraints)
        self._order = {id(c): i for i, c in enumerate(self.constraints)}
        self._nogoods: dict[tuple, list[Nogood]] = {}
        self._empty: list[Nogood] = []          # nogoods with no literal: always broken
        self._sums: list[AtMost] = []
        self._none_anchored: dict[Hashable, list[Nogood]] = {}
        for c in self.constraints:
            if isinstance(c, Nogood):
                if not c.lits:
                    self._empty.append(c)
                    continue
                anchor = min(c.lits, key=_anchor_rank)
                self._nogoods.setdefault((anchor[0], anchor[1]), []).append(c)
                if anchor[1] is None:
                    self._none_anchored.setdefault(anchor[0], []).append(c)
            else:
                self._sums.append(c)
        self._over = [i for i, c in enumerate(self._sums) if c.const > c.bound]
        self._indexed = False                   # the indexes of _index (fits, unary_excluded, slots): built when asked
        self._by_lit: Optional[tuple] = None    # the literals of each constraint, indexed for broken_by

    def _index(self) -> None:
        """The indexes of :meth:`fits`, :meth:`unary_excluded` and the ``slots`` of :meth:`broken`, built
        on first use (a ruling that only lists what is broken never reads every term of every sum twice)."""
        if self._indexed:
            return
        self._indexed = True
        self._by_slot: dict[Hashable, list[Constraint]] = {}
        self._unary: dict = {}                  # literal -> the constraints that exclude it alone
        # for fits(): the other literals of each nogood by anchor, unary nogoods, sum terms by literal
        self._rest: dict[tuple, list[tuple]] = {}
        self._unary_nogoods: set = set()
        self._sum_terms: dict[tuple, list[tuple[int, int]]] = {}
        self._none_slots: set = set()           # slots with a None literal: a choice must name them for the fast path
        i = 0
        for c in self.constraints:
            if isinstance(c, Nogood):
                if not c.lits:
                    continue
                anchor = min(c.lits, key=_anchor_rank)
                key = (anchor[0], anchor[1])
                rest = tuple(dict.fromkeys((l[0], l[1]) for l in c.lits if (l[0], l[1]) != key))
                if rest:
                    self._rest.setdefault(key, []).append(rest)
                else:
                    self._unary_nogoods.add(key)
                    self._unary.setdefault(key, []).append(c)
                self._none_slots.update(l[0] for l in c.lits if l[1] is None)
                slots = {l[0] for l in c.lits}
            else:
                slots = {l[0] for _, l in c.terms}
                for coef, l in c.terms:
                    if c.const + coef > c.bound:
                        self._unary.setdefault((l[0], l[1]), []).append(c)
                    if coef:
                        self._sum_terms.setdefault((l[0], l[1]), []).append((i, coef))
                    if l[1] is None:
                        self._none_slots.add(l[0])
                i += 1
            for s in slots:
                self._by_slot.setdefault(s, []).append(c)

    # ------------------------------------------------------------------ the one check
    @staticmethod
    def check(c: Constraint, choice: Mapping) -> Optional[Broken]:
        """The :class:`Broken` of ``c`` in ``choice``, or None when it holds."""
        get = choice.get
        if isinstance(c, Nogood):
            for l in c.lits:
                w = l[1]
                v = get(l[0])
                if not ((v is not None) if w is ANY else (v == w)):      # holds(l, choice), inline
                    return None
            return Broken(c, tuple(c.lits), c.message)
        held, total = [], c.const
        for coef, l in c.terms:
            # holds(l, choice), inline: a sum has a term per unit and hex (232,000 for 2,000 units)
            w = l[1]
            v = get(l[0])
            if (v is not None) if w is ANY else (v == w):
                held.append(l)
                total += coef
        if total <= c.bound:
            return None
        return Broken(c, tuple(held), c.explain(held))

    def _candidates(self, choice: Mapping) -> Iterator[Constraint]:
        yield from self._empty
        for slot, value in choice.items():
            yield from self._nogoods.get((slot, value), ())
            if value is not None:
                yield from self._nogoods.get((slot, ANY), ())
        # nogoods anchored on a None literal of a slot the choice leaves out
        for slot, cs in self._none_anchored.items():
            if slot not in choice:
                yield from cs
        yield from self._sums

    def broken(self, choice: Mapping, slots: Optional[Iterable[Hashable]] = None) -> list[Broken]:
        """Every broken constraint of ``choice``, in posting order. With ``slots``,
        only the constraints that mention one of those slots are checked."""
        if slots is not None:
            self._index()
            seen, cands = set(), []
            for s in slots:
                for c in self._by_slot.get(s, ()):
                    if id(c) not in seen:
                        seen.add(id(c))
                        cands.append(c)
        else:
            cands = self._candidates(choice)
        out = [b for c in cands if (b := self.check(c, choice)) is not None]
        out.sort(key=lambda b: self._order[id(b.constraint)])
        return out

    def broken_by(self, choice: Mapping, lits: Iterable[tuple]) -> list[Broken]:
        """The broken constraints of ``choice`` among those in which one of ``lits`` (``(slot, value)``
        pairs that hold in ``choice``) appears as a literal or a term - as such, or as ``(slot, ANY)``
        for a value - in posting order. A constraint in which none of them appears keeps its total
        when a slot of ``lits`` changes from None to its value: the check of one placement more
        (:mod:`solver.replacements.lost`) needs only these, not every constraint of the slot."""
        if self._by_lit is None:
            # nogoods by literal; sums by the set of their literals, one set per tuple of terms (9.2 posts
            # a hex's units and steps with one): a sum of 2,000 terms is one set, not 2,000 index entries
            index: dict = {}
            groups: dict = {}                   # id(terms) -> (terms, literals, [sums])
            for c in self.constraints:
                if isinstance(c, Nogood):
                    for k in {(l[0], l[1]) for l in c.lits}:
                        index.setdefault(k, []).append(c)
                else:
                    got = groups.get(id(c.terms))
                    if got is None or got[0] is not c.terms:
                        # a Lit is a tuple: it hashes and compares as (slot, value)
                        got = groups[id(c.terms)] = (c.terms, set(l for _, l in c.terms), [])
                    got[2].append(c)
            self._by_lit = index, [(keys, cs) for _, keys, cs in groups.values()]
        index, sums = self._by_lit
        seen, out = set(), []
        for slot, value in lits:
            for key in ((slot, value), (slot, ANY)):
                for c in [*index.get(key, ()), *(c for keys, cs in sums if key in keys for c in cs)]:
                    if id(c) not in seen:
                        seen.add(id(c))
                        if (b := self.check(c, choice)) is not None:
                            out.append(b)
        out.sort(key=lambda b: self._order[id(b.constraint)])
        return out

    def violations(self, choice: Mapping) -> list[Violation]:
        """Every :class:`Violation` of ``choice`` in posting order (rule order), each once."""
        out, seen = [], set()
        for b in self.broken(choice):
            v = b.violation
            if v not in seen:
                seen.add(v)
                out.append(v)
        return out

    def fits(self, choice: Mapping, slots: Optional[Iterable[Hashable]] = None) -> bool:
        """True when ``choice`` breaks no constraint (of those mentioning ``slots``, when given)."""
        self._index()
        if slots is not None:
            return all(self.check(c, choice) is None for s in slots for c in self._by_slot.get(s, ()))
        if any(s not in choice for s in self._none_slots):
            return all(self.check(c, choice) is None for c in self._candidates(choice))
        if self._empty or self._over:
            return False
        get = choice.get
        totals: dict = {}
        for slot, value in choice.items():
            for key in ((slot, value), (slot, ANY)) if value is not None else ((slot, None),):
                if key in self._unary_nogoods:
                    return False
                for rest in self._rest.get(key, ()):
                    for l in rest:
                        v = get(l[0])
                        if not (v is not None if l[1] is ANY else v == l[1]):
                            break
                    else:
                        return False
                for i, coef in self._sum_terms.get(key, ()):
                    totals[i] = totals.get(i, 0) + coef
        sums = self._sums
        return all(sums[i].const + t <= sums[i].bound for i, t in totals.items())

    def unary_excluded(self, lit: tuple) -> bool:
        """True when ``lit`` alone breaks a constraint (a unary nogood, or a coefficient
        above the bound): such literals are pruned before a model is built."""
        self._index()
        return (lit[0], lit[1]) in self._unary

    def excluding(self, lit: tuple) -> list:
        """The constraints that exclude ``lit`` alone (a unary nogood, or a coefficient above
        the bound), in posting order."""
        self._index()
        return sorted(self._unary.get((lit[0], lit[1]), ()), key=lambda c: self._order[id(c)])


def _holds_value(lit: tuple, value: Any) -> bool:
    """True when the literal ``(slot, value)`` holds for a slot holding ``value``."""
    return matches(lit[1], value)


class Tracker:
    """A choice built a few slots at a time (the greedy placer), evaluated incrementally.

    The running total of every :class:`AtMost` is kept and constraints are
    indexed by literal, so :meth:`fits` looks only at the constraints with a
    literal whose truth the change flips: the cost of a trial does not grow with
    the size of the sums or with the other values of the changed slots. For a
    starting choice that breaks no constraint, ``fits(changes)`` answers what
    :meth:`Evaluator.fits` answers for the choice with ``changes`` applied and
    ``slots`` the changed slots.
    """

    def __init__(self, constraints: Sequence[Constraint], choice: Mapping):
        self.choice = dict(choice)
        self.sums = [c for c in constraints if isinstance(c, AtMost)]
        get = self.choice.get
        self.totals = []
        held: dict = {}                          # id(terms) -> (terms, total): sums posted with one tuple of terms
        for c in self.sums:
            got = held.get(id(c.terms))
            if got is None or got[0] is not c.terms:
                total = 0
                for coef, l in c.terms:
                    w, v = l[1], get(l[0])
                    if (v is not None) if w is ANY else (v == w):      # _holds_value(l, v), inline
                        total += coef
                got = held[id(c.terms)] = (c.terms, total)
            self.totals.append(c.const + got[1])
        # literal -> [(group, coef)]; a group is the sums posted with one tuple of terms (9.2: a hex's units
        # and steps), indexed once: group -> the indexes of its sums in self.sums
        terms: dict = {}
        nogoods: dict = {}
        groups: dict = {}
        self._members: list = []
        for i, c in enumerate(self.sums):
            got = groups.get(id(c.terms))
            if got is not None and got[0] is c.terms:
                self._members[got[1]].append(i)
                continue
            g = len(self._members)
            groups[id(c.terms)] = (c.terms, g)
            self._members.append([i])
            for coef, l in c.terms:
                if coef:
                    got = terms.get(l)          # a Lit is a tuple: it hashes and compares as (slot, value)
                    if got is None:
                        terms[l] = [(g, coef)]
                    else:
                        got.append((g, coef))
        for c in constraints:
            if isinstance(c, Nogood):
                for key in dict.fromkeys((l[0], l[1]) for l in c.lits):
                    nogoods.setdefault(key, []).append(c)
        self._terms = terms
        self._nogoods = nogoods
        self.version = 0

    @staticmethod
    def _flipped(slot: Hashable, old: Any, new: Any) -> tuple[list, list]:
        """The literal keys that stop holding and those that start holding when ``slot`` goes from ``old`` to ``new``."""
        if old == new:
            return [], []
        off, on = [(slot, old)], [(slot, new)]
        if (old is None) != (new is None):
            (on if old is None else off).append((slot, ANY))
        return off, on

    def _deltas(self, changes: Mapping) -> dict:
        out: dict = {}
        for slot, new in changes.items():
            off, on = self._flipped(slot, self.choice.get(slot), new)
            for keys, sign in ((off, -1), (on, 1)):
                for key in keys:
                    for g, coef in self._terms.get(key, ()):
                        for i in self._members[g]:
                            out[i] = out.get(i, 0) + sign * coef
        return out

    def fits(self, changes: Mapping) -> bool:
        """True when the choice with ``changes`` (slot -> value) applied breaks no constraint
        whose literals on the changed slots it flips. The choice itself is not changed."""
        sums = self.sums
        for i, d in self._deltas(changes).items():
            if d > 0 and self.totals[i] + d > sums[i].bound:
                return False
        old = {s: self.choice.get(s) for s in changes}
        fresh = [key for slot, new in changes.items() for key in self._flipped(slot, old[slot], new)[1]]
        self.choice.update(changes)
        try:
            for key in fresh:
                for c in self._nogoods.get(key, ()):
                    if Evaluator.check(c, self.choice) is not None:
                        return False
            return True
        finally:
            self.choice.update(old)

    def set(self, changes: Mapping) -> None:
        """Apply ``changes`` (slot -> value) to the choice; :attr:`version` counts the changes."""
        for i, d in self._deltas(changes).items():
            self.totals[i] += d
        self.choice.update(changes)
        self.version += 1
