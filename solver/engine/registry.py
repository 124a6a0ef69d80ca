"""The rules of the rulebook, each one object registered once by its number (docs/rules.md).

``rules["1.3.4"]`` is THE :class:`Rule` of that number: its number as printed,
its title as the rules text heads it, the module that defines it, what it
decides and the interpretations it reads. A rule is its number: it compares
and hashes as the number string (``rules["1.3.4"] == "1.3.4"``), prints as
it and is written as it in JSON, so a ruling's ``v.rule`` can be compared
with ``"1.3.4"`` and read as ``v.rule.number`` / ``v.rule.title``.

What a rule says is written as its *rows* (:class:`Row`, the one row type):
the titled parts a ruling prints ("1.3.3 Force Pool Limitation: ..."), the
lines of a table (a Replacement Location of 1.3.4, a marker of 1.3.2, a step
of 12.3), each with the function that posts its constraints (``post``) or
decides its fact (``run``) and the condition it is for (``when``). A row is
made by :meth:`Rule.row`, once: a second row with the same number, title and
text raises. Rows compare by number, title, step and text, never by identity.

Importable without ortools or networkx. The index of every rule and row is
:mod:`solver.rules_index` (``python -m aeref.solver.rules_index > docs/rules.md``).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Optional

from ...model.game.interpretations import INTERPRETATIONS

#: The maps a row applies to when it names none.
BOTH = ("tk", "ds")


class Rule(str):
    """One numbered rule of the rulebook: ``number`` as printed (``"1.3.3"``), ``title`` as the
    rules text heads it, ``module`` the module that defines it, ``decides`` one line of what it
    decides, ``rows`` its parts and table lines (:meth:`row`).

    A ``str`` whose value is the number: it compares and hashes by number and prints as it.
    """

    number: str
    title: str
    module: str
    decides: str
    registered: bool

    def __new__(cls, number: str, title: str = "", module: str = "", decides: str = "", registered: bool = False):
        self = super().__new__(cls, number)
        self.number, self.title, self.module, self.decides, self.registered = number, title, module, decides, registered
        self.rows = []
        return self

    def __repr__(self) -> str:
        return f"Rule({self.number!r}, {self.title!r})"

    def __reduce__(self):
        if self.registered:
            return (_lookup, (self.number,))
        return (Rule, (self.number, self.title, self.module, self.decides))

    @property
    def heading(self) -> str:
        """``"1.3.4 Placing Replacements"``: the number and title."""
        return f"{self.number} {self.title}"

    @property
    def interpretations(self) -> tuple:
        """The named interpretations this rule reads: those of :mod:`model.game.interpretations`
        made for its number, and those its rows name."""
        own = [name for name, it in INTERPRETATIONS.items() if it.rule == self.number]
        return tuple(dict.fromkeys(own + [n for r in self.rows for n in r.interpretations]))

    def row(self, title: Optional[str] = None, post: Optional[Callable] = None, interpretations: tuple = (),
            meta: bool = False, *, maps: tuple = BOTH, when: Optional[Callable] = None, run: Optional[Callable] = None,
            text: str = "", step: str = "", mark: str = "") -> "Row":
        """Make and register a row of this rule (``title`` defaults to the rule's). Returns the
        :class:`Row`. Raises ``ValueError`` when a row with the same title, step and text exists."""
        r = Row(self, self.title if title is None else title, post, interpretations, meta, maps=maps, when=when,
                run=run, text=text, step=step, mark=mark, module=sys._getframe(1).f_globals.get("__name__", ""))
        if r in self.rows:
            raise ValueError(f"rule {r.key} ({step or text or 'no text'}) is defined twice")
        self.rows.append(r)
        return r


@dataclass(frozen=True, eq=False)
class Row:
    """A part of a rule, or a line of one of its tables: the one row type.

    ``rule`` the :class:`Rule` it belongs to (a number string is looked up in the registry,
    or stands for a rule of its own that is not registered: the constraint language's tests);
    ``title`` what a ruling prints after the number; ``post(ctx)`` (``post(ctx, evaluator)``
    when ``meta``) yields its constraints; ``interpretations`` the interpretations it reads;
    ``maps`` the maps whose rules have it (△); ``when`` the condition of a table line (who a
    Replacement Location is for, when a step applies); ``run`` its fact (a check, the places,
    the steps received, a step's effect); ``text`` the rules text it encodes; ``step`` and
    ``mark`` a numbered step and its ©/* mark (``*12.3 Step 8``); ``module`` the module that made it.
    """

    rule: Any
    title: str
    post: Optional[Callable] = None
    interpretations: tuple = ()
    meta: bool = False
    maps: tuple = BOTH
    when: Optional[Callable] = None
    run: Optional[Callable] = None
    text: str = ""
    step: str = ""
    mark: str = ""
    module: str = ""

    def __post_init__(self):
        if not isinstance(self.rule, Rule):
            object.__setattr__(self, "rule", rules.get(self.rule) or Rule(str(self.rule), self.title))

    @property
    def number(self) -> str:
        """The rule's number as printed (``"1.3.3"``)."""
        return self.rule.number

    @property
    def printed(self) -> str:
        """The number a ruling prints for this row: ``"1.3.3"``, ``"12.3 Step 6"``, ``"*12.3 Step 8"``."""
        return f"{self.mark}{self.rule.number}" + (f" {self.step}" if self.step else "")

    @property
    def key(self) -> str:
        """``"1.1.3.3 Soviet Production Limit"``: the row's name in cores and reports."""
        return f"{self.number} {self.title}"

    def _id(self) -> tuple:
        return (self.rule.number, self.title, self.step, self.text)

    def __eq__(self, other) -> bool:
        return isinstance(other, Row) and self._id() == other._id()

    def __hash__(self) -> int:
        return hash(self._id())

    def __repr__(self) -> str:
        return f"Row({self.printed!r}, {self.title!r})"

    def violation(self, message: str) -> "Violation":
        """The :class:`Violation` of this row with ``message``."""
        return Violation(self.rule, self.title, message)


@dataclass(frozen=True)
class Violation:
    """A broken rule in a ruling: ``rule`` the :class:`Rule` (compares with its number string),
    ``title`` of the part broken, ``message`` with the concrete values. A number string given
    for ``rule`` is looked up in the registry."""

    rule: Any
    title: str
    message: str

    def __post_init__(self):
        if not isinstance(self.rule, Rule):
            object.__setattr__(self, "rule", rules.get(self.rule) or Rule(str(self.rule), self.title))

    def as_json(self) -> dict:
        return {"rule": self.rule.number, "title": self.title, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule.number} {self.title}: {self.message}"


class Registry(Mapping):
    """Every rule by number, in the order of the rulebook: ``rules["1.3.4"]``. Read-only."""

    def __init__(self, entries):
        self._rules: dict = {}
        for number, title, module, decides in entries:
            if number in self._rules:
                raise ValueError(f"rule {number} is registered twice")
            self._rules[number] = Rule(number, title, module, decides, registered=True)

    def __getitem__(self, number: str) -> Rule:
        return self._rules[number]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)


_R = "solver.replacements."
#: The rules of the rulebook that aeref decides: number, title as the rules text heads it, defining module, what it decides.
rules = Registry([
    ("1.1.1", "Option Card Procedure", "solver.option_cards.procedure",
     "discarding the Current Card, revealing the Pending Card (legal when selected?), the © twin; selection: no © twin of a played card"),
    ("1.1.2", "Option Card Segment Actions", "solver.option_cards.actions",
     "a Current Card's action that removes a type of card takes it from the hand when the hand holds one"),
    ("1.1.2.1", "Political DRMs", "solver.option_cards.drm", "the Political DRM of a roll, term by term"),
    ("1.1.2.2", "Reinforcements", "solver.option_cards.actions", "which counters a revealed card enters, and where"),
    ("1.1.3", "Pending Card Selection", "solver.selection.rules",
     "a Pending Card comes from the hand, selection is final, a slot stays empty only when no card fits"),
    ("1.1.3.1", "Pending Card Selection Requirements", "solver.selection.rules", "whether a card's Selection Requirements hold"),
    ("1.1.3.2", "War State Selection Restrictions", "solver.selection.rules", "the cards the war state in effect allows"),
    ("1.1.3.3", "Other Selection Restrictions", "solver.selection.restrictions",
     "Sequential, Annual and Theater restrictions, identically named © cards, the Soviet Production Limit"),
    ("1.1.4", "Soviet Current Card ESV Adjustment", "solver.option_cards.actions", "* the ESV adjustment of a Soviet Current Card"),
    ("1.2", "Logistics / Partisan Segment", "solver.logistics", "the actions of the Segment name markers and hexes that exist"),
    ("1.2.1", "Logistics Markers", "solver.logistics",
     "placing or removing one Logistics marker: each faction's placement rule (△) and its restrictions"),
    ("1.2.2", "Partisan Base Markers", "solver.logistics",
     "Partisan Bases placed: no more than the Force Pool holds, one per Conquered Allied Minor Country"),
    ("1.2.2.1", "Partisan Base Placement", "solver.logistics", "where a Partisan Base may be placed"),
    ("1.2.2.2", "On-map Partisan Bases", "solver.logistics", "removing a Partisan Base that is on the map"),
    ("1.3.1", "Current Card Seasonal Replacements", _R + "received",
     "the steps of the Current Card's Replacements box; △ DS Chinese steps"),
    ("1.3.2", "Additional Seasonal Replacements", _R + "received", "the steps the markers of 1.3.2 add, and pair exchanges"),
    ("1.3.2.1", "Anti-Comintern Crusade (TK) / Hakko Ichiu (DS)", _R + "received", "△ the steps of the marker"),
    ("1.3.2.2", "Minor Country Production (TK) / Japanese Mandate (DS)", _R + "received", "△ the steps of the marker"),
    ("1.3.2.3", "No Retreat (TK) / Minor Country Production (DS)", _R + "received", "△ the steps of the marker"),
    ("1.3.2.4", "SS Europa (TK) / US Victory Program (DS)", _R + "received", "△ the steps of the marker"),
    ("1.3.2.5", "US Victory Program", _R + "received", "△ TK: the steps of the marker"),
    ("1.3.2.6", "War Economy", _R + "received", "△ TK: the steps of the marker"),
    ("1.3.3", "Taking Replacements", _R + "taking",
     "which Force Pool units may be taken with which steps; steps received are not exceeded; unplaced steps are lost"),
    ("1.3.3.1", "Minor Country Replacements", _R + "taking",
     "Minor Country steps go to the faction's Minor Countries, never to a Conquered Allied Minor Country"),
    ("1.3.3.2", "Airborne and Marine Units", _R + "taking", "an airborne or marine unit costs two infantry-type steps"),
    ("1.3.3.3", "Garrison Units", _R + "taking", "garrison units are never taken"),
    ("1.3.3.5", "Colonial Units", _R + "taking", "colonial steps are taken as colonial units"),
    ("1.3.4", "Placing Replacements", _R + "locations",
     "each unit's Replacement Locations (a table per map, △) and no hex with enemy units or markers"),
    ("9.1", "Minor Country Stacking", _R + "rules", "ground units of different Minor Countries do not stack (placing replacements)"),
    ("9.2", "Stacking", _R + "rules", "the stacking limits after the Segment (placing replacements)"),
    ("12", "War State", "solver.war_state", "what starts Limited War and Total War; there is no going back"),
    ("12.2", "Limited War Effects", "solver.war_state", "Outbreak of War units to the Delay Box"),
    ("12.3", "Total War Effects", "solver.war_state", "the numbered steps carried out when Total War goes into effect"),
])

#: Every rule, in the order of the rulebook.
RULES: tuple = tuple(rules.values())


def _lookup(number: str) -> Rule:
    return rules[number]


def citation(number: str) -> str:
    """How a test names rule ``number``: its digits with underscores (``"1.3.3.2"`` -> ``"1_3_3_2"``)."""
    return number.lstrip("*©△ ").replace(".", "_")
