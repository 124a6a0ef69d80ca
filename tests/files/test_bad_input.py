"""Bad input (FORMAT 5): exit code 2, one `Error: ...` line on stderr that names the file (and the
place in it), nothing on stdout, never a traceback. `validate --json` prints its JSON report instead, and
`validate` lists every problem, not only the first."""
from __future__ import annotations

import json
import textwrap
import time

import pytest

from ..support.cli import run

DECK = """\
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 39, name: Total War Production, war-state: total, production: 2}
  - {map: tk, faction: soviet, number: 26b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 11b, name: Siberian Reserves Released, war-state: limited, production: 0, combined: true}
"""

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
    ds:
      current: null
      hand: [11b, 24]
countries:
  Russia: {posture: war, status: active, alignment: soviet}
"""


def bomb(levels=9, width=9):
    """A YAML 'billion laughs': width**levels nodes once the aliases are expanded."""
    lines = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\ngame: ae\n"


# (name, state text, deck text or None for the good deck, words the Error line must contain)
CASES = [
    ("unknown card", STATE.replace("[26b, 38, 39]", "[26b, 38, 99]"), None,
     ["state.yaml", "factions.soviet.tk.hand[2]", "tk-soviet-99"]),
    ("broken YAML", "game: ae\nturn: [Nov-Dec 1941\nfactions: {\n", None, ["state.yaml", "line"]),
    ("unknown requirement item", STATE, DECK.replace("production: 2}", "production: 2, requires: [{colour: red}]}"),
     ["soviet.yaml", "cards[1].requires[0]", "colour", "tk-soviet-39"]),
    ("unknown country field in a requirement", STATE,
     DECK.replace("production: 2}", "production: 2, requires: [{country: {Russia: {mood: war}}}]}"),
     ["soviet.yaml", "cards[1].requires[0]", "mood", "tk-soviet-39"]),
    ("unknown posture in a requirement", STATE,
     DECK.replace("production: 2}", "production: 2, requires: [{posture: {Russia: angry}}]}"),
     ["soviet.yaml", "cards[1].requires[0]", "angry", "tk-soviet-39"]),
    ("requirement names an unknown card", STATE,
     DECK.replace("production: 2}", "production: 2, requires: [{played: 77}]}"),
     ["soviet.yaml", "cards[1]", "tk-soviet-77"]),
    ("missing deck file", STATE.replace("decks/soviet.yaml", "decks/nowhere.yaml"), None,
     ["state.yaml", "decks[0]", "nowhere.yaml"]),
    ("duplicate card number", STATE, DECK + DECK.splitlines()[1] + "\n", ["soviet.yaml", "cards[5]", "duplicate", "tk-soviet-38"]),
    ("unknown turn", STATE.replace("Nov-Dec 1941", "Smarch 1941"), None, ["state.yaml", "turn", "Smarch"]),
    ("misspelt war state", STATE.replace("tk: total,", "tk: totla,"), None, ["state.yaml", "war-state.tk", "totla"]),
    ("misspelt card war state", STATE, DECK.replace("war-state: total, production: 3", "war-state: totl, production: 3"),
     ["soviet.yaml", "cards[0]", "totl"]),
    ("card in the wrong map's hand", STATE.replace("[11b, 24]", "[11b, 24, tk-soviet-39]"), None,
     ["state.yaml", "factions.soviet.ds.hand[2]", "tk-soviet-39"]),
    ("Soviet card without a Production Value", STATE, DECK.replace(", production: 2}", "}"),
     ["soviet.yaml", "cards[1]", "Production Value"]),
    ("Current Card also in the hand", STATE.replace("current: null\n      hand: [26b", "current: 38\n      hand: [26b", 1), None,
     ["state.yaml", "factions.soviet.tk.hand[1]", "tk-soviet-38", "Current Card"]),
    ("not a mapping", "- game: ae\n- turn: Nov-Dec 1941\n", None, ["state.yaml", "mapping"]),
    ("a plain string", "just some words\n", None, ["state.yaml", "mapping"]),
    ("empty file", "", None, ["state.yaml"]),
    ("deck not a mapping", STATE, "- {map: tk}\n", ["state.yaml", "decks[", "soviet.yaml", "cards"]),
    ("YAML alias bomb", bomb(), None, ["state.yaml", "alias"]),
    ("YAML alias bomb in a deck", STATE, bomb(), ["soviet.yaml"]),
    ("unknown faction in the file", STATE.replace("  soviet:\n", "  sovjet:\n"), None, ["state.yaml", "factions.sovjet"]),
    ("unknown interpretation in the file", STATE + "interpretations: {annual-scope: yearly}\n", None,
     ["state.yaml", "interpretations.annual-scope", "yearly"]),
    ("unknown key", STATE + "wether: rain\n", None, ["state.yaml", "wether"]),
    ("unknown game", STATE.replace("game: ae", "game: xx"), None, ["state.yaml", "game"]),
    ("AE with a single war state", STATE.replace("{tk: total, ds: limited}", "total"), None, ["state.yaml", "war-state"]),
]

COMMANDS = [
    ["pairs", "{state}", "--faction", "soviet"],
    ["pairs", "{state}", "--faction", "soviet", "--json"],
    ["check", "{state}", "--faction", "soviet", "--tk", "39", "--ds", "24", "--json"],
    ["why", "{state}", "tk-soviet-38", "--faction", "soviet"],
]


def write(tmp_path, state, deck=None):
    (tmp_path / "decks").mkdir(exist_ok=True)
    (tmp_path / "decks" / "soviet.yaml").write_text(DECK if deck is None else deck)
    (tmp_path / "state.yaml").write_text(state)
    return str(tmp_path / "state.yaml")


def assert_one_error_line(r, words):
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("Error: ")
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.mark.parametrize("name,state,deck,words", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(c[:1] + c[2:]) for c in COMMANDS])
def test_bad_input_exits_2_with_one_error_line(tmp_path, name, state, deck, words, command):
    path = write(tmp_path, state, deck)
    start = time.monotonic()
    r = run(*[a.format(state=path) for a in command])
    assert time.monotonic() - start < 5, "bad input must fail fast"
    assert_one_error_line(r, words)
    assert r.stdout == ""


@pytest.mark.parametrize("name,state,deck,words", CASES, ids=[c[0] for c in CASES])
def test_validate_json_reports_bad_input(tmp_path, name, state, deck, words):
    path = write(tmp_path, state, deck)
    r = run(*["validate", path, "--json"])
    assert_one_error_line(r, words[:1])
    out = json.loads(r.stdout)
    assert out["ok"] is False and out["problems"]
    for p in out["problems"]:
        assert set(p) == {"file", "where", "message"}
    first = out["problems"][0]
    assert words[0] in first["file"]
    assert all(w in " ".join([first["file"], first["where"], first["message"]]) for w in words)


def test_alias_bomb_fails_within_seconds(tmp_path):
    """A 9**12 (282 billion node) alias bomb is refused quickly, not expanded."""
    path = write(tmp_path, bomb(levels=12))
    start = time.monotonic()
    r = run(*["validate", path])
    assert time.monotonic() - start < 3
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: ") and "state.yaml" in r.stderr


def test_deeply_nested_yaml_is_an_input_error(tmp_path):
    path = write(tmp_path, "game: " + "[" * 5000 + "]" * 5000 + "\n")
    r = run(*["pairs", path, "--faction", "soviet"])
    assert_one_error_line(r, ["state.yaml"])


def test_validate_reports_every_problem_not_only_the_first(tmp_path):
    deck = (DECK.replace("production: 2}", "production: 2, requires: [{colour: red}]}")      # unknown item
            .replace("war-state: total, production: 3", "war-state: totl, production: 3")      # bad war state
            .replace(", production: 1}", "}"))                                                 # no Production Value
    state = (STATE.replace("Nov-Dec 1941", "Smarch 1941")
             .replace("[11b, 24]", "[11b, 77]")
             .replace("tk: total,", "tk: total,"))
    path = write(tmp_path, state, deck)
    r = run(*["validate", path, "--json"])
    assert r.exit_code == 2
    problems = json.loads(r.stdout)["problems"]
    text = [" ".join(p.values()) for p in problems]
    for words in (["colour"], ["totl"], ["ds-soviet-24", "Production Value"], ["Smarch"], ["ds-soviet-77"]):
        assert any(all(w in t for w in words) for t in text), (words, text)
    # the human output says every problem once: the first as the one Error: line on stderr (FORMAT 5: file and
    # place), with how many more, and every other one on stdout (it was on both)
    r = run(*["validate", path])
    assert r.exit_code == 2
    said = [f"{p['file']}: {p['where']}: {p['message']}" for p in problems]
    assert r.stderr.splitlines() == [f"Error: {said[0]} (and {len(said) - 1} more)"]
    assert r.stdout.splitlines() == said[1:]
    # pairs reports the first problem and says there are more
    r = run(*["pairs", path, "--faction", "soviet"])
    assert_one_error_line(r, [])
    assert "more" in r.stderr


def test_validate_ok(tmp_path):
    path = write(tmp_path, STATE)
    r = run(*["validate", path, "--json"])
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"format-version": 1, "ok": True, "problems": []}
    assert r.stderr == ""


@pytest.mark.parametrize("args,words", [
    (["pairs", "{state}", "--faction", "nazis"], ["--faction"]),                     # unknown faction value
    (["pairs", "{state}"], ["--faction"]),                                           # faction missing
    (["pairs", "{state}", "--faction", "axis"], ["state.yaml", "axis"]),             # faction not in the file
    (["check", "{state}", "--faction", "western", "--tk", "38"], ["state.yaml", "western"]),
    (["why", "{state}", "tk-axis-3", "--faction", "axis"], ["axis"]),
    (["pairs", "{state}", "--faction", "soviet", "--interpretation", "annual-scope=yearly"], ["annual-scope", "yearly"]),
    (["pairs", "{state}", "--faction", "soviet", "--interpretation", "no-such=1"], ["no-such"]),
    (["pairs", "{state}", "--faction", "soviet", "--interpretation", "annual-scope"], ["annual-scope"]),
    (["check", "{state}", "--faction", "soviet", "--tk", "99"], ["tk-soviet-99"]),      # unknown card on the command line
    (["check", "{state}", "--faction", "soviet", "--tk", "not a card"], ["--tk"]),
    (["why", "{state}", "tk-soviet-99", "--faction", "soviet"], ["tk-soviet-99"]),
    (["pairs", "{state}", "--faction", "soviet", "--no-such-option"], ["no-such-option"]),
    (["pairs", "{dir}/missing.yaml", "--faction", "soviet"], ["missing.yaml"]),
    (["nonsense-command"], ["nonsense-command"]),
])
def test_bad_usage_exits_2_with_one_error_line(tmp_path, args, words):
    path = write(tmp_path, STATE)
    r = run(*[a.format(state=path, dir=tmp_path) for a in args])
    assert_one_error_line(r, words)
    assert r.stdout == ""


def test_check_in_a_single_map_game_refuses_the_other_map(tmp_path):
    state = textwrap.dedent("""\
        game: tk
        turn: Nov-Dec 1941
        decks: [decks/soviet.yaml]
        war-state: total
        factions:
          soviet:
            tk: {hand: [38, 39]}
        """)
    path = write(tmp_path, state)
    r = run(*["check", path, "--faction", "soviet", "--tk", "38", "--ds", "24"])
    assert_one_error_line(r, ["--ds"])


@pytest.mark.parametrize("extra,words", [
    ("wether: rain\n", ["wether", "unknown key"]),                  # a misspelt top-level key
    ("government: emperor\n", ["government", "emperor"]),           # a bad value of an optional key
    ("countries: {Russia: {posture: angry}}\n", ["Russia", "angry"]),
])
def test_validate_goes_on_after_a_schema_problem(tmp_path, extra, words):
    """A problem in one top-level key does not hide the problems elsewhere (every problem is reported)."""
    state = STATE.replace("[26b, 38, 39]", "[26b, 38, 99]").replace("countries:\n  Russia: {posture: war, status: active, alignment: soviet}\n", "")
    path = write(tmp_path, state + extra)
    r = run(*["validate", path, "--json"])
    assert r.exit_code == 2
    texts = [" ".join(p.values()) for p in json.loads(r.stdout)["problems"]]
    assert any(all(w in t for w in words) for t in texts), texts
    assert any("tk-soviet-99" in t for t in texts), texts


def test_a_key_written_twice_is_bad_input(tmp_path):
    p = tmp_path / "state.yaml"
    p.write_text("game: tk\nturn: May-June 1942\nwar-state: limited\nturn: Nov-Dec 1942\n")
    r = run("validate", p)
    assert r.exit_code == 2
    assert "line 4" in r.stderr and "'turn' is written twice" in r.stderr


def test_yaml_merge_keys_still_override(tmp_path):
    from aeref.model.files.yamlio import load_yaml_text
    assert load_yaml_text("a: &x {b: 1, c: 2}\nd:\n  <<: *x\n  b: 3\n", "f")["d"] == {"b": 3, "c": 2}


def test_unknown_card_in_requires_names_the_item(tmp_path):
    (tmp_path / "deck.yaml").write_text(
        "cards:\n  - {map: tk, faction: axis, number: 1, name: Test-only card, war-state: pre-war,\n"
        "     requires: [{flag: x}, {played: 99}]}\n")
    p = tmp_path / "state.yaml"
    p.write_text("game: tk\nturn: May-June 1938\nwar-state: pre-war\ndecks: [deck.yaml]\n")
    r = run("validate", p, "--json")
    probs = json.loads(r.stdout)["problems"]
    assert probs[0]["where"] == "cards[0].requires[1]" and "tk-axis-99" in probs[0]["message"]


ALLOC_STATE = """
game: tk
turn: Mar-Apr 1942
war-state: total
factions:
  western:
    tk: {hand: []}
countries:
  Greece: {minor: true, status: active, alignment: western}
replacements:
  tk:
    western:
      steps:
        - {nationality: minor, kind: any, count: 1}
      force-pool:
        - {id: GR-1, nationality: Greece, type: infantry}    # test-only unit
map:
  hexes:
    "0101": {country: Greece, city: true, control: western}
"""


def test_a_misspelt_step_in_an_allocation_is_bad_input(tmp_path):
    (tmp_path / "s.yaml").write_text(ALLOC_STATE)
    (tmp_path / "a.yaml").write_text('- {unit: GR-1, location: "0101", paid-with: ["minor infantery"]}\n')
    r = run("check-replacements", tmp_path / "s.yaml", tmp_path / "a.yaml", "--faction", "western")
    assert r.exit_code == 2
    assert "a.yaml: [0].paid-with[0]: unknown step 'minor infantery'" in r.stderr
    (tmp_path / "a.yaml").write_text('- {unit: GR-1, location: "0101", paid-with: ["minor infantry"]}\n')
    assert run("check-replacements", tmp_path / "s.yaml", tmp_path / "a.yaml", "--faction", "western").exit_code == 0
