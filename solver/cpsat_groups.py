"""Part of the count compiler (:mod:`solver.cpsat_counts`): values of one role merged into groups.

A Force Pool unit's candidate locations are, to the rules, often alike but for
the stacking room each hex has: 629 Cities of Russia for a Soviet infantry
unit. :func:`group_values` finds the values that every constraint and every
objective treats alike except for a capacity of their own (a sum of
coefficient 1 over exactly the joint values with that value: 9.2 stacking),
and the count model then has one joint value for the whole group with one sum
``count <= sum of the capacities``. Exact: any such count can be spread over the
group's values in order, each within its capacity (:meth:`ValueGroup.fill`).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ValueGroup:
    """Values of one role (locations) that no constraint tells apart but by a capacity of its own
    (the stacking room of a hex): the model has one joint value for all of them, the first, and
    one sum ``count <= sum(caps)``; ``caps[i]`` is None for no capacity at all."""
    role: int
    values: list
    caps: list

    def fill(self, n: int) -> list:
        """``n`` values for ``n`` entities: the first value up to its capacity, then the next."""
        out, i, used = [], 0, 0
        for _ in range(n):
            while self.caps[i] is not None and used >= self.caps[i]:
                i, used = i + 1, 0
            out.append(self.values[i])
            used += 1
        return out


def group_values(classes: list, sums: list, objectives: list, crossed: set) -> tuple:
    """Merge the values of one role that the constraints tell apart only by a capacity of their own.

    ``sums`` are ``[(slack, {class: {joint index: coefficient}})]``, ``objectives`` ``[{class: {...}}]``,
    ``crossed`` the literals of cross-entity nogoods. A value v of role r is *capped* by a sum whose
    every non-zero coefficient is 1 on exactly the joint values allowed with ``x[r] == v`` (9.2
    stacking in hex v); two values fall in one group when every class allows them with the same
    other roles, every other sum and objective weighs them alike, both are capped or neither, and no
    cross-entity nogood names them. Exact: any count up to the sum of the caps can be spread over
    the group's values (:meth:`ValueGroup.fill`), each within its cap. The first role with a group of
    two or more values is merged (in every class, joint values of the group become its first
    value's). Returns ``(groups, sums, objectives)`` rewritten; the classes' joints are changed.
    """
    n_roles = max((len(c.joint[0]) for c in classes if c.joint), default=0)
    for r in range(n_roles):
        allowed: dict = {}                          # value -> {(class, other roles)}
        order: list = []
        for ci, c in enumerate(classes):
            for x in c.joint:
                if len(x) > r and x[r] is not None:
                    if x[r] not in allowed:
                        allowed[x[r]] = set()
                        order.append(x[r])
                    allowed[x[r]].add((ci, x[:r] + x[r + 1:]))
        profile: dict = {v: [frozenset(allowed[v])] for v in order}
        caps: dict = {}
        capping: dict = {}                         # sum index -> the value it caps
        for si, (slack, per) in enumerate(sums):
            touched: dict = {}
            for ci, cs in per.items():
                joint = classes[ci].joint
                for i, k in cs.items():
                    x = joint[i]
                    if len(x) > r and x[r] is not None:
                        touched.setdefault(x[r], set()).add((ci, x[:r] + x[r + 1:], k))
            if len(touched) == 1:
                (v, terms), = touched.items()
                if all(k == 1 for *_, k in terms) and {t[:2] for t in terms} == allowed[v] and \
                        all(x[r] == v for ci, cs in per.items() for i in cs for x in [classes[ci].joint[i]]):
                    caps[v] = slack if v not in caps else min(caps[v], slack)
                    capping[si] = v
                    continue
            for v, terms in touched.items():
                profile[v].append(("sum", si, frozenset(terms)))
        for j, per in enumerate(objectives):
            for ci, cs in per.items():
                joint = classes[ci].joint
                for i, k in cs.items():
                    x = joint[i]
                    if len(x) > r and x[r] is not None:
                        profile[x[r]].append(("objective", j, ci, x[:r] + x[r + 1:], k))
        found: dict = {}
        for v in order:
            if (r, v) in crossed:
                continue
            key = (v in caps, frozenset(profile[v]))
            found.setdefault(key, []).append(v)
        groups = [ValueGroup(r, vs, [caps.get(v) for v in vs]) for vs in found.values() if len(vs) > 1]
        if not groups:
            continue
        merged = {v: g for g in groups for v in g.values[1:]}
        renums = []
        for c in classes:                           # the group's joint values become its first value's
            keep = [i for i, x in enumerate(c.joint) if not (len(x) > r and x[r] in merged)]
            renums.append({old: new for new, old in enumerate(keep)})
            c.joint = [c.joint[i] for i in keep]
            c._index = None
        grouped = {v for g in groups for v in g.values}
        new_sums = [(slack, _renumber(per, renums)) for si, (slack, per) in enumerate(sums)
                    if not (si in capping and capping[si] in grouped)]
        for g in groups:
            if all(c is not None for c in g.caps):
                first = g.values[0]
                per = {ci: {i: 1 for i, x in enumerate(c.joint) if len(x) > r and x[r] == first}
                       for ci, c in enumerate(classes)}
                new_sums.append((sum(g.caps), {ci: cs for ci, cs in per.items() if cs}))
        new_objs = [_renumber(per, renums) for per in objectives]
        return groups, new_sums, new_objs
    return [], sums, objectives


def _renumber(per: dict, renums: list) -> dict:
    """``per`` (``{class: {old joint index: coefficient}}``) on the classes' new joint indexes."""
    out = {}
    for ci, cs in per.items():
        renum = renums[ci]
        new = {renum[i]: k for i, k in cs.items() if i in renum}
        if new:
            out[ci] = new
    return out
