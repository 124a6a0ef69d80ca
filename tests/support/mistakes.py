"""Common mistakes in position and deck files (test-only data): each case edits a
good file in one place, as a player might; ``tests/files/test_mistakes.py`` checks that
each gives exactly one line a player understands."""
from __future__ import annotations

#: A good AE state file next to decks/ (the shipped decks), test-only.
STATE = """\
game: ae
turn: Nov-Dec 1941
decks: [decks/soviet.yaml]
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk:
      current: null
      hand: [26b, 38, 39]
      played:
        - {card: 23, turn: Mar-Apr 1941}
    ds:
      current: null
      hand: [11b, 24]
countries:
  Russia: {posture: war, status: active, alignment: soviet}
replacements:
  tk:
    soviet:
      steps: [{nationality: Russia, kind: infantry, count: 2}]
      force-pool: [{id: R-1, nationality: Russia, type: infantry}]
map:
  hexes:
    "4010": {country: Russia, city: true, supply-source: Russia, neighbours: ["4012"]}
    "4012": {country: Russia, neighbours: ["4010"]}
"""

#: (name, file edited: state or deck, text replaced, replacement, where, words the one line must contain)
MISTAKES = [
    ("a turn written as a year", "state", "turn: Nov-Dec 1941", "turn: 1941",
     "turn", ["write a Seasonal Turn such as Nov-Dec 1941", "not 1941"]),
    ("a played card's turn written as a year", "state", "turn: Mar-Apr 1941}", "turn: 1941}",
     "factions.soviet.tk.played[0].turn", ["Seasonal Turn", "such as Mar-Apr 1941", "not 1941"]),
    ("a misspelt Seasonal Turn", "state", "turn: Nov-Dec 1941", "turn: Nov-Dez 1941",
     "turn", ["unknown turn 'Nov-Dez 1941'", "did you mean Nov-Dec?"]),
    ("a list written as a string", "state", "hand: [26b, 38, 39]", "hand: 26b, 38, 39",
     "factions.soviet.tk.hand", ["in brackets", "[26b, 38, 39]"]),
    ("a misspelt key", "state", "countries:", "countrys:",
     "countrys", ["unknown key 'countrys'", "did you mean", "countries"]),
    ("the US spelling of neighbours", "state", '"4012": {country: Russia, neighbours', '"4012": {country: Russia, neighbors',
     "map.hexes.4012.neighbors", ["unknown key 'neighbors'", "did you mean neighbours?"]),
    ("a card number not in the deck", "state", "hand: [11b, 24]", "hand: [11b, 42]",
     "factions.soviet.ds.hand[1]", ["unknown card ds-soviet-42", "did you mean ds-soviet-24?"]),
    ("a card number not in any deck", "state", "hand: [26b, 38, 39]", "hand: [26b, 38, 77]",
     "factions.soviet.tk.hand[2]", ["unknown card tk-soviet-77", "the Soviet TK cards are 23, 26b, 38, 39"]),
    ("a misspelt unit type", "state", "type: infantry}]", "type: infantery}]",
     "replacements.tk.soviet.force-pool[0].type", ["unknown unit type 'infantery'", "did you mean infantry?"]),
    ("a misspelt faction", "state", "  soviet:\n    tk:", "  sovjet:\n    tk:",
     "factions.sovjet", ["unknown faction 'sovjet'", "did you mean soviet?"]),
    ("a misspelt Posture", "state", "posture: war", "posture: wra",
     "countries.Russia.posture", ["unknown posture 'wra'", "did you mean war?"]),
    ("a card written as a list", "state", "current: null\n      hand: [26b", "current: [38]\n      hand: [26b",
     "factions.soviet.tk.current", ["write a card number such as 38", "not [38]"]),
    ("a misspelt key in a played card", "state", "{card: 23, turn", "{crad: 23, turn",
     "factions.soviet.tk.played[0].crad", ["unknown key 'crad'", "did you mean card?"]),
    ("a misspelt map in the war state", "state", "{tk: total, ds: limited}", "{tk: total, sd: limited}",
     "war-state.sd", ["map 'sd' is not in play", "did you mean ds?"]),
    ("a misspelt deck file", "state", "decks: [decks/soviet.yaml]", "decks: [decks/sovjet.yaml]",
     "decks[0]", ["deck file decks/sovjet.yaml not found", "decks are found from the state file's folder"]),
    ("countries written as a list", "state", "countries:\n  Russia: {posture: war, status: active, alignment: soviet}",
     "countries: [Russia]", "countries", ["write the countries, such as {Russia: {posture: war", "not [Russia]"]),
    ("a misspelt interpretation", "state", "countries:", "interpretations: {annual_scop: map}\ncountries:",
     "interpretations.annual_scop", ["unknown interpretation 'annual-scop'", "did you mean annual-scope?"]),
    ("a misspelt step kind", "state", "kind: infantry, count: 2", "kind: infanty, count: 2",
     "replacements.tk.soviet.steps[0].kind", ["unknown step kind 'infanty'", "did you mean infantry?"]),
    ("a misspelt war state on a card", "deck", "war-state: total, production: 3", "war-state: totl, production: 3",
     "cards[0].war-state", ["unknown war state 'totl'", "did you mean total?"]),
    ("a word where true or false goes", "deck", "combined: true", "combined: maybe",
     "cards[2].combined", ["write true or false", "not 'maybe'"]),
    ("a Production Value written as a word", "deck", "production: 3", "production: three",
     "cards[0].production", ["Production Value", "whole number such as 3", "not 'three'"]),
    ("a misspelt Selection Requirement", "deck", "production: 2}", "production: 2, requires: [{playd: 38}]}",
     "cards[1].requires[0].playd", ["unknown requirement item 'playd'", "did you mean played?"]),
    ("a card without its name", "deck", "name: Limited War Production, ", "",
     "cards[3].name", ["required key missing", "the card's name as printed"]),
    ("a misspelt map in a faction", "state", "    ds:\n      current: null", "    dss:\n      current: null",
     "factions.soviet.dss", ["map 'dss' is not in play", "did you mean ds?"]),
]

#: The shipped Soviet deck's cards as the mistakes edit them (test-only copy, one card a line).
DECK = """\
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 39, name: Total War Production, war-state: total, production: 2}
  - {map: tk, faction: soviet, number: 26b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 11b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
  - {map: tk, faction: soviet, number: 23, name: Limited War Production, war-state: limited, production: 1}
"""
