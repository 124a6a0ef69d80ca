"""Part of the count compiler (:mod:`solver.engine.counts`): entities merged into classes, values of one role into groups.

Entities (Force Pool units) that no constraint and no objective tells apart are
one class (:func:`entity_classes`, by signature: :func:`~solver.engine.core.classes_by_signature`),
split again where a cross-entity nogood is not posted for every pair of members
(:func:`split_incomplete_families`).

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

from collections import Counter
from dataclasses import dataclass
from math import comb, perm, prod
from typing import Optional

from .core import can_hold_together, classes_by_signature


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


def entity_classes(domains: dict, ents: list, local: list, sig_sums: list, sig_objs: list) -> list:
    """Per entity (``ents[e]``, its slots), the id of its class: entities with the same domains,
    one-entity nogoods (``local[e]``), sums and objectives (``sig_sums[e]``, ``sig_objs[e]``: how it
    takes part in each, in constraint order); ids in order of first member."""
    def signature(e):
        return (tuple(tuple(domains[s]) for s in ents[e]), frozenset(local[e]), tuple(sig_sums[e]), tuple(sig_objs[e]))

    cls_of = [0] * len(ents)
    for cid, members in enumerate(classes_by_signature(range(len(ents)), signature)):
        for e in members:
            cls_of[e] = cid
    return cls_of


def split_incomplete_families(cls_of: list, cross: list) -> None:
    """Cross-entity nogoods (``cross``: ``[{entity: part}]``) are exact by counts only for complete
    families (posted for every pair of members): split the classes of the others into single
    entities, until every family is complete. Changes ``cls_of`` in place (new ids after the others)."""
    next_id = max(cls_of, default=-1) + 1
    while True:
        sizes = Counter(cls_of)
        fams: dict = {}
        for fp in cross:
            key = frozenset(Counter((cls_of[e], p) for e, p in fp.items()).items())
            fams[key] = fams.get(key, 0) + 1
        split: set = set()
        for key, count in fams.items():
            items = list(key)
            classes = [a for (a, _), _ in items]
            if _family_size(items, sizes) != count:
                split.update(a for a in classes if sizes[a] > 1)
        if not split:
            return
        for e in range(len(cls_of)):
            if cls_of[e] in split:
                cls_of[e] = next_id
                next_id += 1


def _family_size(items: list, sizes: Counter) -> Optional[int]:
    """How many nogoods a complete family of ``items`` (``((class, part), times)``) has, for classes
    of ``sizes``; None for a shape that counts cannot express."""
    classes = [a for (a, _), _ in items]
    if all(k == 1 for _, k in items) and len(set(classes)) == len(classes):
        return prod(sizes[a] for a in classes)        # one member of each class
    if len(items) == 1 and items[0][1] == 2:
        return comb(sizes[classes[0]], 2)             # two members of one class, the same part
    if len(items) == 2 and classes[0] == classes[1] and not can_hold_together(items[0][0][1] | items[1][0][1]):
        return perm(sizes[classes[0]], 2)             # two members of one class, each its own part
    return None


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
        allowed = _allowed(classes, r)
        profile: dict = {v: [frozenset(w)] for v, w in allowed.items()}
        caps, capping = _caps(classes, sums, r, allowed, profile)
        _weighed(classes, objectives, r, profile)
        found = classes_by_signature([v for v in allowed if (r, v) not in crossed],
                                     lambda v: (v in caps, frozenset(profile[v])))
        groups = [ValueGroup(r, vs, [caps.get(v) for v in vs]) for vs in found if len(vs) > 1]
        if groups:
            return (groups, *_merge(classes, sums, objectives, r, groups, capping))
    return [], sums, objectives


def _others(x: tuple, r: int) -> tuple:
    """A joint value without its role ``r``."""
    return x[:r] + x[r + 1:]


def _allowed(classes: list, r: int) -> dict:
    """``{value: {(class, other roles)}}``: with which other roles each class allows each value of role
    ``r`` (values in order of first appearance; None left out)."""
    allowed: dict = {}
    for ci, c in enumerate(classes):
        for x in c.joint:
            if len(x) > r and x[r] is not None:
                allowed.setdefault(x[r], set()).add((ci, _others(x, r)))
    return allowed


def _caps(classes: list, sums: list, r: int, allowed: dict, profile: dict) -> tuple[dict, dict]:
    """``(caps, capping)``: each capped value of role ``r`` with its capacity (the least slack of the
    sums capping it) and ``{sum index: value it caps}``; every other sum is added to the
    ``profile`` of each value it weighs."""
    caps: dict = {}
    capping: dict = {}
    for si, (slack, per) in enumerate(sums):
        touched: dict = {}
        for ci, cs in per.items():
            joint = classes[ci].joint
            for i, k in cs.items():
                x = joint[i]
                if len(x) > r and x[r] is not None:
                    touched.setdefault(x[r], set()).add((ci, _others(x, r), k))
        if len(touched) == 1:
            (v, terms), = touched.items()
            if all(k == 1 for *_, k in terms) and {t[:2] for t in terms} == allowed[v] and \
                    all(x[r] == v for ci, cs in per.items() for i in cs for x in [classes[ci].joint[i]]):
                caps[v] = slack if v not in caps else min(caps[v], slack)
                capping[si] = v
                continue
        for v, terms in touched.items():
            profile[v].append(("sum", si, frozenset(terms)))
    return caps, capping


def _weighed(classes: list, objectives: list, r: int, profile: dict) -> None:
    """Add to the ``profile`` of each value of role ``r`` how every objective weighs it."""
    for j, per in enumerate(objectives):
        for ci, cs in per.items():
            joint = classes[ci].joint
            for i, k in cs.items():
                x = joint[i]
                if len(x) > r and x[r] is not None:
                    profile[x[r]].append(("objective", j, ci, _others(x, r), k))


def _merge(classes: list, sums: list, objectives: list, r: int, groups: list, capping: dict) -> tuple[list, list]:
    """Merge ``groups`` of role ``r``: in every class the group's joint values become its first
    value's; the sums capping a grouped value are replaced by one sum per group (its count within
    the sum of the caps, when every value is capped). Returns ``(sums, objectives)`` renumbered."""
    merged = {v: g for g in groups for v in g.values[1:]}
    renums = []
    for c in classes:
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
    return new_sums, [_renumber(per, renums) for per in objectives]


def _renumber(per: dict, renums: list) -> dict:
    """``per`` (``{class: {old joint index: coefficient}}``) on the classes' new joint indexes."""
    out = {}
    for ci, cs in per.items():
        renum = renums[ci]
        new = {renum[i]: k for i, k in cs.items() if i in renum}
        if new:
            out[ci] = new
    return out
