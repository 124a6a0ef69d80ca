"""Input problems: every problem names the file and the place in it."""
from __future__ import annotations

import re
from dataclasses import dataclass

#: A word longer than this in a problem (a value, a name, a path) is cut, saying how long it was.
LONGEST_WORD = 200
_LONG = re.compile(r"\S{%d,}" % (LONGEST_WORD + 1))


def cut_long(text: str) -> str:
    """``text`` with each word longer than :data:`LONGEST_WORD` characters cut to its first 60 and its
    length (``'xxxx…' (100002 characters)``): a 100,000-character value is never echoed whole."""
    def cut(m: re.Match) -> str:
        word = m.group().rstrip(":,;)")
        return f"{word[:60]}... ({len(word)} characters){m.group()[len(word):]}"
    return _LONG.sub(cut, text)


@dataclass(frozen=True)
class Problem:
    """One problem with an input file.

    ``file`` is the file name as the user gave it, ``where`` a dotted path into
    the YAML document (``factions.soviet.tk.hand[1]``; empty for the whole
    file) and ``message`` says what is wrong.
    """

    file: str
    where: str
    message: str

    def __post_init__(self):
        for name in ("file", "where", "message"):          # a 100,000-character value is never echoed whole
            value = getattr(self, name)
            if isinstance(value, str) and len(value) > LONGEST_WORD:
                object.__setattr__(self, name, cut_long(value))

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}" if self.where else f"{self.file}: {self.message}"

    def as_json(self) -> dict:
        return {"file": self.file, "where": self.where, "message": self.message}


class InputError(Exception):
    """Bad input: one or more :class:`Problem` s (``InputError(file, place, message)`` for one);
    ``file``, ``place`` and ``message`` are the first one's. The CLI turns it into exit code 2."""

    def __init__(self, problems: "list[Problem] | Problem | str", place: str = "", message: str = ""):
        if isinstance(problems, str):          # InputError(file, place, message): one problem
            problems = Problem(problems, place, message)
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems: list[Problem] = list(problems)
        super().__init__(self.one_line())

    @property
    def file(self) -> str:
        """The file of the first problem."""
        return self.problems[0].file if self.problems else ""

    @property
    def place(self) -> str:
        """Where in the file the first problem is (a dotted YAML path; empty: the whole file)."""
        return self.problems[0].where if self.problems else ""

    @property
    def message(self) -> str:
        """What is wrong, in the first problem."""
        return self.problems[0].message if self.problems else "invalid input"

    def one_line(self) -> str:
        """The first problem, and how many more there are, on one line."""
        if not self.problems:
            return "invalid input"
        first = str(self.problems[0]).replace("\n", " ")
        more = len(self.problems) - 1
        if more:
            first += f" (and {more} more problem{'s' if more > 1 else ''}; `aeref validate` lists them all)"
        return first


def join_path(*parts: object) -> str:
    """Join YAML path parts: ``join_path('factions', 'soviet', 'hand', 1)`` -> ``factions.soviet.hand[1]``."""
    out = ""
    for p in parts:
        if p is None or p == "":
            continue
        if isinstance(p, int):
            out += f"[{p}]"
        elif p.startswith("["):
            out += p
        else:
            out += ("." if out else "") + str(p)
    return out
