"""The Seasonal Turn calendar: four Seasonal Turns a year.

A year has the Seasonal Turns ``Mar-Apr``, ``May-June``, ``Aug-Sept`` and
``Nov-Dec`` in that order (interpretation ``calendar`` may rename them). The
calendar year of a Winter (Nov-Dec) turn is that of its Nov-Dec (1.1.3.3).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from ..files.wording import suggest

DEFAULT_NAMES: tuple[str, str, str, str] = ("Mar-Apr", "May-June", "Aug-Sept", "Nov-Dec")

_SPELLINGS: dict[str, int] = {}
for _i, _words in enumerate(
    [
        ["mar-apr", "march-april", "mar-april", "march-apr", "spring"],
        ["may-june", "may-jun", "may", "summer"],
        ["aug-sept", "aug-sep", "august-september", "aug-september", "fall", "autumn"],
        ["nov-dec", "november-december", "nov-december", "winter"],
    ]
):
    for _w in _words:
        _SPELLINGS[re.sub(r"[^a-z]", "", _w)] = _i

_TURN = re.compile(r"^\s*(?P<name>[A-Za-z][A-Za-z .\-/]*?)\s*,?\s*(?P<year>\d{4})\s*$")


@dataclass(frozen=True, order=True)
class Turn:
    """One Seasonal Turn: ``year`` and ``season`` (0 = Mar-Apr ... 3 = Nov-Dec)."""

    year: int
    season: int
    names: tuple = field(default=DEFAULT_NAMES, compare=False, repr=False)   # interpretation ``calendar``

    @property
    def index(self) -> int:
        """Seasonal Turns since the start of year 0 (for arithmetic)."""
        return self.year * 4 + self.season

    @property
    def calendar_year(self) -> int:
        """The calendar year of the turn (a Winter turn counts as its Nov-Dec)."""
        return self.year

    def ahead(self, n: int) -> "Turn":
        """The Seasonal Turn ``n`` Seasonal Turns later (earlier for negative ``n``)."""
        i = self.index + n
        return Turn(i // 4, i % 4, self.names)

    def next(self) -> "Turn":
        """The next Seasonal Turn (when a Pending Card selected now is revealed)."""
        return self.ahead(1)

    def name(self, names: Sequence[str] | None = None) -> str:
        """``Nov-Dec 1941``, with ``names`` (default: the turn's calendar) for the four Seasonal Turns."""
        return f"{(names or self.names)[self.season]} {self.year}"

    def __str__(self) -> str:
        return self.name()


def parse_turn(text: object, names: Sequence[str] | None = None) -> Turn:
    """Parse ``"Nov-Dec 1941"`` (or ``Winter 1941``, ``Aug-Sep 1942`` ...) into a :class:`Turn`.

    ``names`` are extra names of the four Seasonal Turns (interpretation
    ``calendar``). Raises ``ValueError`` with a message naming the accepted
    spellings when ``text`` is not a Seasonal Turn.
    """
    if not isinstance(text, str):
        raise ValueError(f"write a Seasonal Turn such as Nov-Dec 1941 (the turn, then the year), not {text!r}")
    m = _TURN.match(text)
    if not m:
        raise ValueError(f"write a Seasonal Turn such as Nov-Dec 1941 (the turn, then the year), not {text!r}")
    key = re.sub(r"[^a-z]", "", m.group("name").lower())
    season = None
    if names:
        for i, n in enumerate(names):
            if re.sub(r"[^a-z]", "", str(n).lower()) == key:
                season = i
    if season is None:
        season = _SPELLINGS.get(key)
    if season is None:
        hint = suggest(m.group("name"), list(names or ()) + list(DEFAULT_NAMES) + ["Spring", "Summer", "Fall", "Winter"])
        raise ValueError(
            f"unknown turn {text!r}{hint}: the Seasonal Turns are "
            f"{', '.join(names) if names else 'Mar-Apr, May-June, Aug-Sept, Nov-Dec (or Spring, Summer, Fall, Winter)'}"
        )
    return Turn(int(m.group("year")), season, tuple(names) if names else DEFAULT_NAMES)
