"""The one compiler, for interchangeable entities: constraints to CP-SAT as counts.

Part of :mod:`solver.cpsat` (``compile_model(..., entities=...)`` lands here).
An *entity* is a group of slots that belong together - a Force Pool unit's
``("place", unit)`` and ``("pay", unit)`` - and its *joint value* the tuple of
its slots' values. Entities that no constraint and no objective tells apart
form a *class*; the model has one integer per class and joint value, the
number of the class's entities that take it (their sum is the size of the
class). So 2,000 Force Pool units of a few kinds become a few hundred integers,
not 2,000 x (locations + payments) Booleans, and the solver does not search
among equivalent permutations of identical units.

How each constraint is compiled (exact, not a relaxation):

* a :class:`~solver.constraints.Nogood` on one entity removes the joint values
  it forbids from the entity's class;
* an :class:`~solver.constraints.AtMost` becomes one linear inequality over the
  counts (members of a class contribute alike);
* a nogood across entities of classes A and B (say two units of different
  Minor Countries in one hex) forbids "some member of A satisfies its part and
  some member of B satisfies its part"; within one class, "two members satisfy
  the part" (at most one may). That is exact when the nogood is posted for
  every pair of members (the family is complete); when it is not, the classes
  involved are split into single entities, for which it is exact anyway.

Two entities are in one class when they have the same domains, the same
one-entity nogoods, the same coefficients in the same sums and objectives.
Values of one role that the constraints tell apart only by a capacity of their
own (hexes, by their stacking room) are merged into groups
(:mod:`solver.cpsat_groups`). A solution is read back
(:meth:`CountModel.choice`) by spreading each group's count over its values in
order and giving the members of each class, in order, the joint values in
domain order: identical units take the earliest locations in id order,
deterministically.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from math import comb, perm, prod
from typing import Any, Callable, Hashable, Optional, Sequence

from ortools.sat.python import cp_model

from .constraints import ANY, Constraint, Nogood
from .cpsat_groups import ValueGroup, group_values


@dataclass
class EntityClass:
    """Interchangeable entities: ``members`` (indexes into :attr:`CountModel.entities`, in
    order), the ``joint`` values they may take (tuples, in domain order) and one
    integer ``vars[i]`` per joint value: how many members take it."""
    members: list
    joint: list = field(default_factory=list)
    vars: list = field(default_factory=list)
    _index: Optional[dict] = field(default=None, repr=False)

    @property
    def size(self) -> int:
        return len(self.members)

    def matching(self, part: frozenset) -> list:
        """The indexes (in :attr:`joint`) of the joint values for which every literal of ``part`` holds."""
        if self._index is None:
            self._index = _index(self.joint)
        return _select(self._index, part, len(self.joint))


def _index(joints: list) -> dict:
    """``{(role, value): [index, ...]}`` of ``joints``, with ``(role, ANY)`` for every value but None."""
    out: dict = {}
    for i, x in enumerate(joints):
        for r, v in enumerate(x):
            out.setdefault((r, v), []).append(i)
            if v is not None:
                out.setdefault((r, ANY), []).append(i)
    return out


def _select(index: dict, part: frozenset, n: int) -> list:
    """The joint indexes where every literal of ``part`` holds (all of them for an empty part)."""
    if not part:
        return list(range(n))
    sets = sorted((index.get(lit, ()) for lit in part), key=len)
    if len(sets) == 1:
        return list(sets[0])
    rest = [set(x) for x in sets[1:]]
    return [i for i in sets[0] if all(i in r for r in rest)]


def _can_hold(part: frozenset) -> bool:
    """False when ``part`` gives one role two values (ANY goes with any value but None)."""
    per: dict = {}
    for r, v in part:
        per.setdefault(r, set()).add(v)
    for vals in per.values():
        concrete = {v for v in vals if v is not ANY}
        if len(concrete) > 1 or (ANY in vals and None in concrete):
            return False
    return True


def _disjoint(p: frozenset, q: frozenset) -> bool:
    """True when no joint value satisfies both parts."""
    return not _can_hold(p | q)


class CountModel:
    """A CP-SAT model of a choice over interchangeable entities (see the module doc).

    ``entities[i]`` is the tuple of slots of entity ``i``; ``classes`` the
    :class:`EntityClass` es; ``objective(j)`` the linear expression of the
    ``j``-th objective given to the compiler; :meth:`linear` any class-level
    weighting; :meth:`choice` the expanded choice of a solution; :meth:`hint`
    a solution hint from a choice.
    """

    def __init__(self, model: cp_model.CpModel, entities: list, domains: dict, classes: list, objectives: list,
                 groups: Sequence[ValueGroup] = ()):
        self.model = model
        self.entities = entities
        self.domains = domains
        self.classes = classes
        self._objectives = objectives
        self.groups = list(groups)
        self.infeasible = False
        self._group_of = {(g.role, v): g for g in self.groups for v in g.values}
        self._class_of = {s: ci for ci, c in enumerate(classes) for e in c.members for s in entities[e]}

    def class_of(self, slot: Hashable) -> Optional[int]:
        """The index in :attr:`classes` of the class of the entity holding ``slot`` (None: no domain)."""
        return self._class_of.get(slot)

    def objective(self, j: int) -> cp_model.LinearExpr:
        """The ``j``-th objective given to the compiler, over the counts."""
        return self._objectives[j]

    def linear(self, weight: Callable[[tuple, tuple], int]) -> cp_model.LinearExpr:
        """``sum(weight(first member's slots, joint value) * count)`` over every class and joint value:
        a weighting that treats the members of a class alike (a tie-break)."""
        terms = []
        for c in self.classes:
            slots = self.entities[c.members[0]]
            for x, v in zip(c.joint, c.vars):
                w = weight(slots, x)
                if w:
                    terms.append((v, w))
        return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [w for _, w in terms]) if terms else 0

    def choice(self, value: Callable[[Any], int]) -> dict:
        """The choice (slot -> value) of a solution, ``value(var)`` reading a count.

        The entities that take a :class:`ValueGroup`, in entity order, are given its
        values in order, each up to its capacity; then the members of each class, in
        order, take the class's joint values in domain order (interchangeable, so any
        order is legal: this one is canonical)."""
        taken: dict = {}
        waiting: dict = {}
        for c in self.classes:
            members = iter(c.members)
            for x, v in zip(c.joint, c.vars):
                for _ in range(int(value(v))):
                    e = next(members)
                    g = next((self._group_of[(r, x[r])] for r in range(len(x)) if (r, x[r]) in self._group_of), None)
                    if g is None:
                        taken[e] = x
                    else:
                        waiting.setdefault(id(g), (g, []))[1].append((e, x))
        for g, items in waiting.values():
            items.sort(key=lambda item: item[0])
            for (e, x), val in zip(items, g.fill(len(items))):
                taken[e] = x[:g.role] + (val,) + x[g.role + 1:]
        out: dict = {}
        for c in self.classes:
            slots = self.entities[c.members[0]]
            rank = [{v: i for i, v in enumerate(self.domains[s])} for s in slots]
            xs = sorted((taken[e] for e in c.members), key=lambda x: [rank[r][v] for r, v in enumerate(x)])
            for e, x in zip(c.members, xs):
                out.update(zip(self.entities[e], x))
        return out

    def counts(self, choice: dict) -> Optional[list]:
        """Per class, the count of each joint value in ``choice`` (a slot left out holds None),
        or None when an entity's joint value is not allowed."""
        out = []
        for c in self.classes:
            index = {x: i for i, x in enumerate(c.joint)}
            n = [0] * len(c.joint)
            for e in c.members:
                x = tuple(choice.get(s) for s in self.entities[e])
                x = tuple(self._group_of[(r, v)].values[0] if (r, v) in self._group_of else v for r, v in enumerate(x))
                i = index.get(x)
                if i is None:
                    return None
                n[i] += 1
            out.append(n)
        return out

    def hint(self, choice: dict) -> bool:
        """Hint ``choice`` to the solver (replacing any hint). Returns False (no hint) when it is not allowed."""
        counts = self.counts(choice)
        self.model.clear_hints()
        if counts is None:
            return False
        for c, n in zip(self.classes, counts):
            for v, k in zip(c.vars, n):
                self.model.add_hint(v, k)
        return True


def compile_counts(constraints: Sequence[Constraint], domains: dict, entities: Sequence[tuple], *,
                   objectives: Sequence[Sequence[tuple]] = (), label: str = "n") -> CountModel:
    """Compile ``constraints`` over ``domains`` (``{slot: [value, ...]}``, None a value where
    allowed) for ``entities`` (tuples of slots; a slot in no entity is one of its own;
    slots without a domain always hold None) to a :class:`CountModel`.

    ``objectives`` are lists of ``(coefficient, literal)`` terms: entities they
    weigh differently are not merged, and :meth:`CountModel.objective` gives each
    as a linear expression. Exact for every Nogood / AtMost (see the module doc).
    """
    ents: list = []
    where: dict = {}
    for group in entities:
        slots = tuple(s for s in group if s in domains and s not in where)
        if slots:
            for r, s in enumerate(slots):
                where[s] = (len(ents), r)
            ents.append(slots)
    for s in domains:
        if s not in where:
            where[s] = (len(ents), 0)
            ents.append((s,))
    index = {s: set(vs) for s, vs in domains.items()}

    def resolve(lit):
        slot, v = lit[0], lit[1]
        if slot not in where:
            return v is None                     # a slot without a domain holds None
        if v is not ANY and v is not None and v not in index[slot]:
            return False
        e, r = where[slot]
        return e, r, v

    n_ent = len(ents)
    local: list = [set() for _ in range(n_ent)]
    sig_sums: list = [[] for _ in range(n_ent)]
    sums: list = []                              # (slack, [(entity, items)]), items: frozenset(((role, value), coef))
    cross: list = []                             # [{entity: part}]
    shared: dict = {}                            # equal items are one object (memory, hashing)
    empty = False

    def by_entity(terms, slack):
        """``(slack, [(entity, items)])`` of sum terms: constant terms moved into the slack."""
        per: dict = {}
        get_where, get_per = where.get, per.get
        for coef, lit in terms:
            slot, v = lit[0], lit[1]
            w = get_where(slot)
            if w is None:
                if v is None:
                    slack -= coef                    # a slot without a domain holds None
                continue
            if not coef or (v is not ANY and v is not None and v not in index[slot]):
                continue
            e = w[0]
            prev = get_per(e)
            if prev is None:                         # the usual case: one literal of the entity
                per[e] = (w[1], v, coef)
                continue
            if type(prev) is tuple:
                prev = per[e] = {(prev[0], prev[1]): prev[2]}
            key = (w[1], v)
            prev[key] = prev.get(key, 0) + coef
        out = []
        for e, d in per.items():
            if type(d) is tuple:
                items = shared.get(d)
                if items is None:
                    items = shared[d] = frozenset((((d[0], d[1]), d[2]),))
            else:
                items = frozenset(d.items())
                items = shared.setdefault(items, items)
            out.append((e, items))
        return slack, out

    for c in constraints:
        if isinstance(c, Nogood):
            parts: dict = {}
            dead = False
            for l in c.lits:
                x = resolve(l)
                if x is True:
                    continue
                if x is False:
                    dead = True
                    break
                parts.setdefault(x[0], set()).add((x[1], x[2]))
            if dead:
                continue
            fparts = {e: frozenset(p) for e, p in parts.items()}
            if not all(_can_hold(p) for p in fparts.values()):
                continue
            if not fparts:
                empty = True
            elif len(fparts) == 1:
                (e, p), = fparts.items()
                local[e].add(p)
            else:
                cross.append(fparts)
        else:
            i = len(sums)
            slack, entries = by_entity(c.terms, c.bound - c.const)
            sums.append((slack, entries))
            for e, items in entries:
                sig_sums[e].append((i, items))
    objs: list = []
    sig_objs: list = [[] for _ in range(n_ent)]
    for j, terms in enumerate(objectives):
        _, entries = by_entity(terms, 0)
        objs.append(entries)
        for e, items in entries:
            sig_objs[e].append((j, items))

    # classes: the same domains, one-entity nogoods, sums and objectives (signatures in constraint order)
    cls_of: list = [0] * n_ent
    ids: dict = {}
    for e in range(n_ent):
        base = (tuple(tuple(domains[s]) for s in ents[e]), frozenset(local[e]), tuple(sig_sums[e]), tuple(sig_objs[e]))
        cls_of[e] = ids.setdefault(base, len(ids))
    sig_sums = sig_objs = None                       # no longer needed: free them
    # cross-entity nogoods: exact by counts only for complete families; split the others' classes
    while True:
        sizes = Counter(cls_of)
        fams: dict = {}
        for fp in cross:
            key = frozenset(Counter((cls_of[e], p) for e, p in fp.items()).items())
            fams[key] = fams.get(key, 0) + 1
        split = set()
        for key, count in fams.items():
            items = list(key)
            classes = [a for (a, _), _ in items]
            if all(k == 1 for _, k in items) and len(set(classes)) == len(classes):
                expected = prod(sizes[a] for a in classes)        # one member of each class
            elif len(items) == 1 and items[0][1] == 2:
                expected = comb(sizes[classes[0]], 2)             # two members of one class, the same part
            elif len(items) == 2 and classes[0] == classes[1] and _disjoint(items[0][0][1], items[1][0][1]):
                expected = perm(sizes[classes[0]], 2)             # two members of one class, each its own part
            else:
                expected = None
            if expected != count:
                split.update(a for a in classes if sizes[a] > 1)
        if not split:
            break
        for e in range(n_ent):
            if cls_of[e] in split:
                cls_of[e] = len(ids)
                ids[("single", e)] = len(ids)

    m = cp_model.CpModel()
    by_id: dict = {}
    for e in range(n_ent):
        by_id.setdefault(cls_of[e], EntityClass([])).members.append(e)
    classes = list(by_id.values())
    pos_of = {cid: i for i, cid in enumerate(by_id)}
    for c in classes:
        e0 = c.members[0]
        every = list(product(*[domains[s] for s in ents[e0]]))
        index = _index(every)
        out = set()
        for p in local[e0]:
            out.update(_select(index, p, len(every)))
        c.joint = [x for i, x in enumerate(every) if i not in out]

    def coefs(ci: int, items: frozenset) -> dict:
        """``{joint index: coefficient}`` of one member's terms ``items`` (non-zero only)."""
        c = classes[ci]
        out: dict = {}
        for lit, k in items:
            for i in c.matching(frozenset((lit,))):
                out[i] = out.get(i, 0) + k
        return {i: k for i, k in out.items() if k}

    def per_class(entries) -> dict:
        """``{class: {joint index: coefficient}}`` of sum or objective terms (members alike)."""
        out: dict = {}
        for e, items in entries:
            ci = pos_of[cls_of[e]]
            if ci not in out:
                out[ci] = coefs(ci, items)
        return out

    sum_cs = [(slack, per_class(entries)) for slack, entries in sums]
    obj_cs = [per_class(entries) for entries in objs]
    crossed = {lit for fp in cross for p in fp.values() for lit in p}
    groups, sum_cs, obj_cs = group_values(classes, sum_cs, obj_cs, crossed)
    for ci, c in enumerate(classes):
        k = c.size
        c.vars = [m.new_bool_var(f"{label}{ci}") if k == 1 else m.new_int_var(0, k, f"{label}{ci}") for _ in c.joint]
        if c.vars:
            m.add(cp_model.LinearExpr.sum(c.vars) == k)
        else:
            empty = True                           # nothing allowed for these entities
    comp = CountModel(m, ents, domains, classes, [], groups)

    # sums
    for slack, per in sum_cs:
        vs, ws, top = [], [], 0
        for ci, cs in per.items():
            cap = max(slack, 0) + 1
            cvars = classes[ci].vars
            for i in sorted(cs):
                vs.append(cvars[i])
                ws.append(min(cs[i], cap))
            top += classes[ci].size * min(max(cs.values(), default=0), cap)
        if top <= slack:
            continue                               # cannot be exceeded
        if not vs:
            empty = empty or slack < 0
            continue
        m.add(cp_model.LinearExpr.weighted_sum(vs, ws) <= slack)
    # cross-entity nogoods, one per complete family
    flags: dict = {}

    def part_vars(ci: int, p: frozenset) -> list:
        c = classes[ci]
        return [c.vars[i] for i in c.matching(p)]

    def some(ci: int, p: frozenset):
        """A literal implied by "some member of class ci satisfies p" (None: none can)."""
        key = (ci, p)
        if key not in flags:
            vs = part_vars(ci, p)
            if not vs:
                flags[key] = None
            elif classes[ci].size == 1 and len(vs) == 1:
                flags[key] = vs[0]
            else:
                y = m.new_bool_var(f"some{ci}")
                m.add(cp_model.LinearExpr.sum(vs) <= classes[ci].size * y)
                flags[key] = y
        return flags[key]

    done = set()
    for fp in cross:
        items = Counter((pos_of[cls_of[e]], p) for e, p in fp.items())
        key = frozenset(items.items())
        if key in done:
            continue
        done.add(key)
        if len(items) == 1 and next(iter(items.values())) == 2:
            (ci, p), = items
            vs = part_vars(ci, p)
            if vs:
                m.add(cp_model.LinearExpr.sum(vs) <= 1)
            continue
        lits = [some(ci, p) for (ci, p) in items]
        if any(x is None for x in lits):
            continue                               # a part no member can satisfy: never broken
        m.add_bool_or([x.negated() for x in lits])
    # objectives
    for per in obj_cs:
        vs, ws = [], []
        for ci, cs in per.items():
            for i in sorted(cs):
                vs.append(classes[ci].vars[i])
                ws.append(cs[i])
        comp._objectives.append(cp_model.LinearExpr.weighted_sum(vs, ws) if vs else 0)
    if empty:
        m.add_bool_or([])                          # a constraint that always breaks: infeasible
        comp.infeasible = True
    return comp
