"""The counting mode of the one compiler, read without a model: interchangeable entities as counts.

:func:`solver.engine.compiler.compile_model` with ``entities`` builds the CP-SAT model over the
classes this module reads (:func:`count_shape`); this module imports no ortools. Both modes read
literals, sums and classes the same way (:mod:`solver.engine.core`). An *entity* is a group of slots that belong together - a Force Pool unit's
``("place", unit)`` and ``("pay", unit)`` - and its *joint value* the tuple of
its slots' values. Entities that no constraint and no objective tells apart
form a *class*; the model has one integer per class and joint value, the
number of the class's entities that take it (their sum is the size of the
class). So 2,000 Force Pool units of a few kinds become a few hundred integers,
not 2,000 x (locations + payments) Booleans, and the solver does not search
among equivalent permutations of identical units.

How each constraint is compiled (exact, not a relaxation):

* a :class:`~solver.engine.constraints.Nogood` on one entity removes the joint values
  it forbids from the entity's class;
* an :class:`~solver.engine.constraints.AtMost` becomes one linear inequality over the
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
(:mod:`solver.engine.groups`). A solution is read back
(:meth:`CountReading.choice`) by spreading each group's count over its values in
order and giving the members of each class, in order, the joint values in
domain order: identical units take the earliest locations in id order,
deterministically.

:func:`count_shape` works in named stages: the entities (:func:`_entities`),
the constraints read per entity (:class:`_Read`), the classes
(:func:`~solver.engine.groups.entity_classes`,
:func:`~solver.engine.groups.split_incomplete_families`), their joint
values (:func:`_joint_values`), the value groups, then the model: counts,
sums, cross-entity nogoods, objectives (in :mod:`solver.engine.compiler`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Callable, Hashable, Optional, Sequence

from .constraints import Constraint, Nogood
from .core import add_terms, can_hold_together, on_domain, wanted_by
from .groups import ValueGroup, entity_classes, group_values, split_incomplete_families


@dataclass
class EntityClass:
    """Interchangeable entities: ``members`` (indexes into :attr:`CountReading.entities`, in
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
    """``{(role, wanted): [index, ...]}`` of ``joints``: the joint values each literal of a role holds for
    (:func:`~solver.engine.core.wanted_by`: the value, and ANY for every value but None)."""
    out: dict = {}
    for i, x in enumerate(joints):
        for r, v in enumerate(x):
            for w in wanted_by(v):
                out.setdefault((r, w), []).append(i)
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


class CountReading:
    """A choice over interchangeable entities read as counts (see the module doc), without the model:
    ``entities[i]`` is the tuple of slots of entity ``i``; ``classes`` the :class:`EntityClass` es;
    :meth:`choice` the expanded choice of a solution; :meth:`counts` the counts of a choice. The CP-SAT
    model over these counts is built by :func:`solver.engine.compiler.compile_model` (its
    :class:`~solver.engine.compiler.CountModel`)."""

    def __init__(self, entities: list, domains: dict, classes: list, groups: Sequence[ValueGroup] = ()):
        self.entities = entities
        self.domains = domains
        self.classes = classes
        self.groups = list(groups)
        self.infeasible = False
        self._group_of = {(g.role, v): g for g in self.groups for v in g.values}
        self._class_of = {s: ci for ci, c in enumerate(classes) for e in c.members for s in entities[e]}

    def class_of(self, slot: Hashable) -> Optional[int]:
        """The index in :attr:`classes` of the class of the entity holding ``slot`` (None: no domain)."""
        return self._class_of.get(slot)

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


def count_shape(constraints: Sequence[Constraint], domains: dict, entities: Sequence[tuple],
                objectives: Sequence[Sequence[tuple]]) -> tuple:
    """The counting mode's reading of ``constraints`` (see the module doc), all but the model:
    ``(entities, classes, of, sums, objectives, cross, groups, empty)`` - the entities' slots, the
    :class:`EntityClass` es (joint values set, no counts yet), each entity's class index, the sums
    ``(slack, {class: {joint index: coefficient}})`` and objectives per class, the cross-entity nogoods,
    the value groups, and whether some constraint can never hold."""
    ents, where = _entities(domains, entities)
    read = _Read(domains, ents, where)
    read.constraints(constraints)
    read.objectives(objectives)
    cls_of = entity_classes(domains, ents, read.local, read.sig_sums, read.sig_objs)
    read.sig_sums = read.sig_objs = None             # no longer needed: free them
    split_incomplete_families(cls_of, read.cross)
    by_id: dict = {}
    for e, cid in enumerate(cls_of):
        by_id.setdefault(cid, EntityClass([])).members.append(e)
    classes = list(by_id.values())
    class_at = {cid: i for i, cid in enumerate(by_id)}
    of = [class_at[cid] for cid in cls_of]           # entity -> index in classes
    _joint_values(classes, domains, ents, read.local)
    sum_cs = [(slack, _per_class(classes, of, entries)) for slack, entries in read.sums]
    obj_cs = [_per_class(classes, of, entries) for entries in read.objs]
    crossed = {lit for fp in read.cross for p in fp.values() for lit in p}
    groups, sum_cs, obj_cs = group_values(classes, sum_cs, obj_cs, crossed)
    return ents, classes, of, sum_cs, obj_cs, read.cross, groups, read.empty


def _entities(domains: dict, entities: Sequence[tuple]) -> tuple[list, dict]:
    """``(ents, where)``: the entities' slots that have a domain (each slot in its first entity only;
    a slot in none is an entity of its own) and ``where[slot] = (entity, role)``."""
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
    return ents, where


class _Read:
    """The constraints and objectives of :func:`compile_counts`, read per entity.

    A *part* is a frozenset of ``(role, wanted)``: what a nogood asks of one entity.
    ``local[e]``: the parts of nogoods on entity ``e`` alone; ``cross``: nogoods across
    entities, ``{entity: part}``; ``sums``: ``(slack, [(entity, items)])`` with items a
    frozenset of ``((role, wanted), coefficient)``; ``objs``: the objectives' entries alike;
    ``sig_sums`` / ``sig_objs``: per entity, the sums / objectives it takes part in and how
    (its signature); ``empty``: a nogood that always breaks.
    """

    def __init__(self, domains: dict, ents: list, where: dict):
        self.where = where
        self.values = {s: set(vs) for s, vs in domains.items()}
        n = len(ents)
        self.local: list = [set() for _ in range(n)]
        self.cross: list = []
        self.sums: list = []
        self.objs: list = []
        self.sig_sums: list = [[] for _ in range(n)]
        self.sig_objs: list = [[] for _ in range(n)]
        self.shared: dict = {}                       # equal items are one object (memory, hashing)
        self.single: dict = {}                       # item -> the shared frozenset of it alone
        self.memo: dict = {}                         # id(terms) -> (terms, constant, entries): entries
        self.empty = False

    def resolve(self, lit: tuple) -> Any:
        """True / False when ``lit`` always / never holds (:func:`~solver.engine.core.on_domain`),
        else ``(entity, role, wanted)``."""
        slot, v = lit[0], lit[1]
        known = on_domain(v, self.values.get(slot))
        if known is not None:
            return known
        e, r = self.where[slot]
        return e, r, v

    def constraints(self, constraints: Sequence[Constraint]) -> None:
        for c in constraints:
            if isinstance(c, Nogood):
                self.nogood(c)
            else:
                i = len(self.sums)
                slack, entries = self.entries(c.terms, c.bound - c.const)
                self.sums.append((slack, entries))
                for e, items in entries:
                    self.sig_sums[e].append((i, items))

    def objectives(self, objectives: Sequence[Sequence[tuple]]) -> None:
        for j, terms in enumerate(objectives):
            _, entries = self.entries(terms, 0)
            self.objs.append(entries)
            for e, items in entries:
                self.sig_objs[e].append((j, items))

    def nogood(self, c: Nogood) -> None:
        """``c`` as a part per entity: local to one entity, across entities, or always broken."""
        parts: dict = {}
        for l in c.lits:
            x = self.resolve(l)
            if x is True:
                continue
            if x is False:
                return                               # a literal that never holds: never broken
            parts.setdefault(x[0], set()).add((x[1], x[2]))
        fparts = {e: frozenset(p) for e, p in parts.items()}
        if not all(can_hold_together(p) for p in fparts.values()):
            return
        if not fparts:
            self.empty = True
        elif len(fparts) == 1:
            (e, p), = fparts.items()
            self.local[e].add(p)
        else:
            self.cross.append(fparts)

    def entries(self, terms: Sequence[tuple], slack: int) -> tuple[int, list]:
        """``(slack, [(entity, items)])`` of sum terms (:func:`~solver.engine.core.add_terms`):
        constant terms moved into the slack, equal items shared. Sums posted with one tuple of
        terms (9.2's units and steps of a hex) are read once."""
        memo = self.memo.get(id(terms))
        if memo is not None and memo[0] is terms:
            return slack - memo[1], memo[2]
        const, coefs = add_terms(terms, self.resolve)
        per: dict = {}
        for (e, r, v), k in coefs.items():
            item = ((r, v), k)
            d = per.get(e)
            if d is None:
                per[e] = [item]
            else:
                d.append(item)
        out = []
        shared, single = self.shared, self.single
        for e, d in per.items():
            if len(d) == 1:                          # one item (a unit in a hex's stacking sum): one lookup
                items = single.get(d[0])
                if items is None:
                    items = frozenset(d)
                    items = single[d[0]] = shared.setdefault(items, items)
            else:
                items = frozenset(d)
                items = shared.setdefault(items, items)
            out.append((e, items))
        self.memo[id(terms)] = (terms, const, out)
        return slack - const, out


def _joint_values(classes: list, domains: dict, ents: list, local: list) -> None:
    """Each class's joint values: every tuple of its first member's domains that none of its
    one-entity nogoods forbids, in domain order."""
    for c in classes:
        e0 = c.members[0]
        every = list(product(*[domains[s] for s in ents[e0]]))
        index = _index(every)
        out = set()
        for p in local[e0]:
            out.update(_select(index, p, len(every)))
        c.joint = [x for i, x in enumerate(every) if i not in out]


def _per_class(classes: list, of: list, entries: list) -> dict:
    """``{class: {joint index: coefficient}}`` of sum or objective entries (members alike: the
    first entry of a class speaks for it; non-zero coefficients only)."""
    out: dict = {}
    for e, items in entries:
        ci = of[e]
        if ci not in out:
            c = classes[ci]
            out[ci] = add_terms(((k, i) for lit, k in items for i in c.matching(frozenset((lit,)))), _same)[1]
    return out


def _same(x: Any) -> Any:
    return x


