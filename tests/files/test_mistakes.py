"""Errors in a player's words: common mistakes in position and deck files
(tests/support/mistakes.py) each give exactly one line that says where the
mistake is and what was expected, with a "did you mean" for a misspelt
name, and no word of the validation library."""
from __future__ import annotations

import json
import re

import pytest

from ..support.cli import run
from ..support.mistakes import DECK, MISTAKES, STATE

#: Words of pydantic, Python or YAML internals that must never reach a player.
INTERNALS = re.compile(r"Input should|Field required|Extra inputs|valid (dictionary|list|string|integer)|File\b|"
                       r"constrained|function-|dict\[|list\[|literal\[|union|pydantic|Value error|type=|"
                       r"errors\.pydantic|Traceback|NoneType|\bint\b|\bstr\b")


def _files(tmp_path, kind, old, new):
    state, deck = STATE, DECK
    if kind == "state":
        assert old in state
        state = state.replace(old, new, 1)
    else:
        assert old in deck
        deck = deck.replace(old, new, 1)
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "soviet.yaml").write_text(deck)
    (tmp_path / "state.yaml").write_text(state)
    return str(tmp_path / "state.yaml"), str(tmp_path / "decks" / "soviet.yaml")


def test_there_are_at_least_20_mistakes():
    assert len(MISTAKES) >= 20
    assert len({m[0] for m in MISTAKES}) == len(MISTAKES)


def test_the_good_files_are_good(tmp_path):
    state, deck = _files(tmp_path, "state", "game: ae", "game: ae")
    assert run("validate", state).exit_code == 0
    assert run("validate", deck).exit_code == 0


@pytest.mark.parametrize("name,kind,old,new,where,words", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_one_mistake_one_line(tmp_path, name, kind, old, new, where, words):
    state, deck = _files(tmp_path, kind, old, new)
    r = run("validate", state)
    assert r.exit_code == 2, r.output
    # one mistake, one line, said once: the one Error: line on stderr, nothing on stdout
    assert r.stdout == "", f"{name}: said on stdout too:\n{r.stdout}"
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), f"{name}: {len(lines)} lines:\n{r.stderr}"
    line = lines[0][len("Error: "):]
    file = "decks/soviet.yaml" if kind == "deck" else "state.yaml"
    assert line.startswith(f"{tmp_path}/{file}: {where}: ") or line.startswith(f"{file}: {where}: "), line
    for w in words:
        assert w in line, (w, line)
    assert not INTERNALS.search(line), line
    # the JSON names the same place, without internals
    r = run("validate", state, "--json")
    [problem] = json.loads(r.stdout)["problems"]
    assert problem["where"] == where and not INTERNALS.search(problem["where"] + problem["message"])
    # any other command gives the same one line
    r = run("pairs", state, "--faction", "soviet")
    assert r.exit_code == 2 and r.stderr.strip() == f"Error: {line}", r.stderr


@pytest.mark.parametrize("name,kind,old,new,where,words", [m for m in MISTAKES if m[1] == "deck"],
                         ids=[m[0] for m in MISTAKES if m[1] == "deck"])
def test_deck_mistakes_in_the_deck_alone(tmp_path, name, kind, old, new, where, words):
    """`aeref validate DECK` finds the same mistake in the deck file on its own."""
    _, deck = _files(tmp_path, kind, old, new)
    r = run("validate", deck)
    assert r.exit_code == 2
    assert not [x for x in r.stdout.splitlines() if not x.startswith("Note:")]    # said once: on stderr
    [line] = r.stderr.splitlines()
    assert f": {where}: " in line and all(w in line for w in words), line
