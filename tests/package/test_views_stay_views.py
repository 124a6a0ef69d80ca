"""1.1 (face down stays face down): everything reached from a faction's view of a position is that view;
no path from ``aeref.load(f).view("western")`` leads back to another faction's hand or Pending Card."""
from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

import aeref

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REVEAL = EXAMPLES / "ds-axis-reveal.yaml"          # previous: ds-axis-selected.yaml (the Axis hand, 28a pending)


def _bytes_without_the_decks(pos: aeref.Position) -> bytes:
    """Every byte of the position's data a program can reach, less the decks' card table (the decks are
    public: every card's definition is in them, whoever holds it)."""
    data = copy.copy(pos.data)
    data.cards = {}
    return pickle.dumps(data)


def test_1_1_the_previous_position_of_a_view_is_the_same_view_byte_by_byte():
    """The Western view of DS Sep-Oct 1941: its previous position (Aug-Sept 1941, where the Axis faction
    selected ds-axis-28a from the hand 3, 8, 12, 33a, 28b) is the Western view of that file: the Axis hand is
    five face-down cards and one face-down Pending Card; none of those card ids is among its bytes."""
    referee = aeref.load(REVEAL).previous()
    hidden = referee.hidden_cards("western")
    assert hidden == {"ds-axis-28a", "ds-axis-3", "ds-axis-8", "ds-axis-12", "ds-axis-33a", "ds-axis-28b"}
    leaked = _bytes_without_the_decks(referee)
    assert all(cid.encode() in leaked for cid in hidden)       # the check can see them where they are

    prev = aeref.load(REVEAL).view("western").previous()
    assert prev is not None and prev.viewer == "western"
    seen = _bytes_without_the_decks(prev)
    assert [cid for cid in sorted(hidden) if cid.encode() in seen] == []
    axis = prev.data.factions["axis"]["ds"]
    assert (axis.hand, axis.pending, axis.hand_face_down, axis.pending_face_down) == ([], None, 5, True)
    assert axis.current == "ds-axis-11"                         # a Current Card is public (1.1)
    assert prev.previous() is None or prev.previous().viewer == "western"


@pytest.mark.parametrize("viewer", ["western", "soviet"])
def test_1_1_the_positions_made_from_a_view_are_views(viewer):
    """The next Seasonal Turn's position made from a view keeps the viewer (and hides what it hid)."""
    view = aeref.load(EXAMPLES / "ds-axis-selected.yaml").view(viewer)
    nxt = view.next_turn().position
    assert nxt.viewer == viewer
    assert not any(cid.encode() in _bytes_without_the_decks(nxt)
                   for cid in ("ds-axis-28a", "ds-axis-3", "ds-axis-8", "ds-axis-12", "ds-axis-33a", "ds-axis-28b"))


def test_the_referees_previous_position_is_the_whole_file():
    """The referee (and a position never viewed) still reaches every card of the previous file."""
    prev = aeref.load(REVEAL).view("referee").previous()
    assert prev.viewer == "referee" and prev.data.factions["axis"]["ds"].pending == "ds-axis-28a"
