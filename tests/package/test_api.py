"""The public Python API (aeref.api): the README's example, the types of the answers, each
answer's as_json() exactly the JSON the command prints with --json on the shipped examples, one
meaning of time_limit, InputError(file, place, message), and the laziness of import + check."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import aeref
from aeref.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"
AE = str(EX / "ae-soviet-production.yaml")


def cli_json(*args: str) -> dict:
    """The command's JSON without its first field, the version of its shape (checked here), which the API's
    answers leave out: the rest is the answer's as_json()."""
    r = CliRunner().invoke(cli, [*args, "--json"])
    assert r.exit_code in (0, 1), r.output
    out = json.loads(r.stdout)
    assert next(iter(out)) == "format-version" and out.pop("format-version") == 1
    return out


def same(answer) -> dict:
    """The answer's as_json() as JSON text reads it back (WarState members are their strings)."""
    return json.loads(json.dumps(answer.as_json()))


def test_the_issue_example_runs_as_written():
    pos = aeref.load(AE)
    legal = pos.legal_selections("soviet")
    assert (aeref.Selection(tk="38", ds="24") in legal) is False
    assert legal.count() == aeref.Count(4, True) and int(legal.count()) == 4
    first = list(legal)[:3]
    assert all(isinstance(s, aeref.Selection) for s in first)
    assert first[0] == aeref.Selection(tk="tk-soviet-38", ds="ds-soviet-11b")
    assert first[0] in legal
    why = legal.why("tk-soviet-38")
    assert isinstance(why, aeref.Why) and why.legal and why.example == {"tk": "tk-soviet-38", "ds": "ds-soviet-11b"}
    [v] = pos.check("soviet", tk="38", ds="24").violations
    assert isinstance(v, aeref.Violation) and isinstance(v.rule, aeref.Rule)
    assert (v.rule.number, v.rule.title) == ("1.1.3.3", "Soviet Production Limit")
    assert "exceeds the limit 3" in v.message
    assert v.values == (("tk", "tk-soviet-38"), ("ds", "ds-soviet-24"))


def test_1_1_3_selection_in_legal_agrees_with_the_enumeration():
    """`in` (direct evaluation) and iteration (CP-SAT) agree on every pair of the hands."""
    pos = aeref.load(AE)
    legal = pos.legal_selections("soviet")
    listed = set(legal)
    for tk in pos.hand("soviet", "tk") + [None]:
        for ds in pos.hand("soviet", "ds") + [None]:
            sel = aeref.Selection(tk=tk, ds=ds)
            assert (sel in legal) == (sel in listed) == pos.check("soviet", sel).legal, sel
    assert aeref.Selection(tk="tk-soviet-999") not in legal        # a card the decks do not hold


def test_1_1_3_legal_selections_has_a_len_and_a_repr_that_says_what_is_known():
    """len() of the legal selections of 1.1.3 is their number (the count of `pairs`); the repr names faction,
    file and turn, solves nothing before the first question, then says how many, "at least" when the time
    limit ended the enumeration."""
    legal = aeref.load(AE).legal_selections("soviet")
    assert repr(legal) == ("<aeref.LegalSelections soviet in " + AE + " (AE Nov-Dec 1941): not enumerated yet>")
    assert legal._found is None                  # the repr asked nothing
    assert len(legal) == 4 == legal.count().number == len(list(legal))
    assert repr(legal) == "<aeref.LegalSelections soviet in " + AE + " (AE Nov-Dec 1941): 4 legal selections>"
    cut = aeref.load(AE).legal_selections("soviet", time_limit=1e-9)
    assert not cut.complete
    assert repr(cut).endswith(f": at least {len(cut)} legal selection{'' if len(cut) == 1 else 's'}>")


def test_replacements_allocation_has_its_facts():
    pos = aeref.load(EX / "tk-soviet-replacements.yaml")
    a = pos.replacements("soviet", map="tk", time_limit=5.0)
    assert isinstance(a, aeref.Allocation) and a.proved and a.bound == a.steps_used
    assert a.steps_used == sum(len(p.paid_with) for p in a.placements) <= a.steps_received
    assert all(isinstance(p, aeref.Placement) for p in a.placements)
    assert a.steps_received - a.steps_used == sum(lost["count"] for lost in a.lost)


@pytest.mark.parametrize("time_limit", [None, 0, 0.0])
def test_time_limit_none_and_zero_both_mean_no_limit(time_limit):
    legal = aeref.load(AE).legal_selections("soviet", time_limit=time_limit)
    assert legal.count() == aeref.Count(4, True)
    assert aeref.load(EX / "tk-soviet-replacements.yaml").replacements("soviet", time_limit=time_limit).proved


def test_input_error_names_file_place_and_message(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tk\nturn: Nov-Dec 1941\nwar-state: {tk: total}\nfactions: {soviet: {tk: {hand: [tk-soviet-1]}}}\n")
    with pytest.raises(aeref.InputError) as info:
        aeref.load(bad)
    e = info.value
    assert e.file == str(bad) and e.place and e.message and e.problems
    assert aeref.InputError("f.yaml", "turn", "bad turn").one_line() == "f.yaml: turn: bad turn"
    with pytest.raises(aeref.InputError) as info:
        aeref.load(AE).check("soviet", tk="99")
    assert "unknown card tk-soviet-99" in info.value.message


# every command's --json against the API's as_json() on the shipped examples
REVEAL = str(EX / "ds-axis-reveal.yaml")
CASES = {
    "pairs": (["pairs", AE, "--faction", "soviet"], lambda p: p.legal_selections("soviet")),
    "check": (["check", AE, "--faction", "soviet", "--tk", "38", "--ds", "24"],
              lambda p: p.check("soviet", tk="38", ds="24")),
    "why": (["why", AE, "tk-soviet-26b", "--faction", "soviet"], lambda p: p.why("soviet", "tk-soviet-26b")),
    "replacements": (["replacements", str(EX / "tk-soviet-replacements.yaml"), "--faction", "soviet"],
                     lambda p: p.replacements("soviet")),
    "check-replacements": (["check-replacements", str(EX / "tk-soviet-replacements.yaml"),
                            str(EX / "tk-soviet-allocation.yaml"), "--faction", "soviet"],
                           lambda p: p.check_replacements("soviet", str(EX / "tk-soviet-allocation.yaml"))),
    "reveal": (["reveal", REVEAL, "--faction", "axis"], lambda p: p.reveal("axis")),
    "reveal-all": (["reveal", REVEAL, "--faction", "all"], lambda p: p.reveal("all")),
    "war-state": (["war-state", REVEAL, "--to", "total"], lambda p: p.war_state_change(to="total")),
    "drm": (["drm", REVEAL, "--country", "Hopeh", "--table", "current-card", "--table", "diplomatic-incident"],
            lambda p: p.drm(tables=["current-card", "diplomatic-incident"], country="Hopeh")),
    "logistics": (["logistics", REVEAL, "--faction", "axis"], lambda p: p.logistics("axis")),
    "check-logistics": (["check-logistics", REVEAL, "--faction", "axis", "--place-logistics", "IGHQ@0101"],
                        lambda p: p.check_logistics("axis", place_logistics=[("IGHQ", "0101")])),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_json_is_the_commands_json(name):
    args, ask = CASES[name]
    assert same(ask(aeref.load(args[1]))) == cli_json(*args)


def test_as_json_of_the_commands_that_write(tmp_path):
    """select, next-turn and reveal --write: the same answer, and `written` names the file."""
    out = str(tmp_path / "out.yaml")
    sel = cli_json("select", str(EX / "ae-aug-1941.yaml"), "--faction", "axis", "--tk", "22a", "--ds", "28b",
                   "--write", out)
    placed = aeref.load(EX / "ae-aug-1941.yaml").select("axis", tk="22a", ds="28b")
    placed.write(out, force=True)
    assert sel["written"] == out and same(placed) == sel
    state = str(EX / "ds-axis-selected.yaml")
    nxt = cli_json("next-turn", state, "--write", out, "--force")
    turn = aeref.load(state).next_turn()
    turn.write(out, force=True, previous=state)
    assert same(turn) == nxt and nxt["previous"] == state
    rev = cli_json("reveal", REVEAL, "--faction", "axis", "--write", out, "--force")
    answer = aeref.load(REVEAL).reveal("axis")
    answer.write(out, force=True)
    assert same(answer) == rev
    with pytest.raises(aeref.InputError):              # the written file reads back
        aeref.load(str(tmp_path / "missing.yaml"))
    assert aeref.load(out).turn == aeref.load(REVEAL).turn


PROBE = """
import sys
import aeref
pos = aeref.load(sys.argv[1])
assert not pos.check("soviet", tk="38", ds="24").legal
assert aeref.Selection(tk="38", ds="11b") in pos.legal_selections("soviet")
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'networkx'))
print('HEAVY', heavy)
"""


def test_import_load_check_and_in_import_neither_ortools_nor_networkx():
    out = subprocess.run([sys.executable, "-c", PROBE, AE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "HEAVY []"


def test_the_laziness_probe_can_fail():
    """Counting solves: the same probe then sees ortools."""
    probe = PROBE.replace("heavy =", "pos.legal_selections('soviet').count()\nheavy =")
    out = subprocess.run([sys.executable, "-c", probe, AE], capture_output=True, text=True, timeout=120)
    assert "ortools" in out.stdout, out.stderr


LAZY_PROBE = """
import sys
import aeref.answers
before = sorted(m for m in sys.modules if m.startswith('aeref.answers.'))
plan = aeref.answers.Plan
print(before, plan.__module__, 'Plan' in dir(aeref.answers), 'aeref.answers.turn' in sys.modules)
"""


def test_aeref_answers_names_every_answer_and_imports_the_others_on_first_use():
    """``aeref.answers`` (and ``aeref.api``, ``aeref``) name every answer; those ``check`` never
    gives are imported from their module on first use (PEP 562), each module when one of its answers is asked."""
    import aeref.answers
    import aeref.api

    for name in aeref.answers.__all__:
        value = getattr(aeref.answers, name)
        for module in (aeref.api, aeref):
            if name in module.__all__:
                assert getattr(module, name) is value, (module.__name__, name)
    assert set(aeref.answers.LAZY) < set(aeref.answers.__all__) <= set(dir(aeref.answers))
    for module in (aeref.answers, aeref.api):
        with pytest.raises(AttributeError, match="NoSuchAnswer"):
            getattr(module, "NoSuchAnswer")
    out = subprocess.run([sys.executable, "-c", LAZY_PROBE], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["['aeref.answers.ruling',", "'aeref.answers.selection']", "aeref.answers.plan",
                                  "True", "False"], out.stderr


# the API's answers against the accepted golden outputs (tests/golden/outputs/), apart from the command line:
# a change of as_json() that the CLI would print too is caught here as well as by tests/test_golden.py
GOLDEN = ROOT / "tests" / "golden" / "outputs"
FROM_GOLDEN = [
    ("ae-soviet-production", "pairs ae-soviet-production.yaml -f soviet --json", lambda p: p.legal_selections("soviet")),
    ("ae-soviet-production", "check ae-soviet-production.yaml -f soviet --tk tk-soviet-26b --ds ds-soviet-11b --json",
     lambda p: p.check("soviet", tk="tk-soviet-26b", ds="ds-soviet-11b")),
    ("ae-soviet-production", "why ae-soviet-production.yaml -f soviet tk-soviet-26b --json",
     lambda p: p.why("soviet", "26b")),
    ("ds-axis-reveal", "war-state ds-axis-reveal.yaml --map ds --to total --json",
     lambda p: p.war_state_change("ds", to="total")),
    ("ds-axis-reveal", "drm ds-axis-reveal.yaml --map ds --country Nationalist China --segment other --json",
     lambda p: p.drm("ds", country="Nationalist China", segment="other")),
    ("ds-axis-reveal", "reveal ds-axis-reveal.yaml -f all --json", lambda p: p.reveal("all")),
    ("tk-soviet-replacements", "replacements tk-soviet-replacements.yaml -f soviet --map tk --json",
     lambda p: p.replacements("soviet", "tk")),
    ("ds-axis-replacements", "logistics ds-axis-replacements.yaml -f axis --map ds --json",
     lambda p: p.logistics("axis", "ds")),
]


def golden_json(name: str, command: str) -> dict:
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    block = text.split(f"$ aeref {command}\n", 1)[1].split("\n$ aeref ", 1)[0]
    out = json.loads(block.split("[exit", 1)[0].replace("<examples>", str(EX)))
    assert out.pop("format-version") == 1      # the command's, not the answer's (docs/commands.md)
    return out


@pytest.mark.parametrize("name, command, ask", FROM_GOLDEN, ids=[c.split(" ")[0] for _, c, _ in FROM_GOLDEN])
def test_as_json_is_the_accepted_golden_json(name, command, ask):
    assert same(ask(aeref.load(EX / f"{name}.yaml"))) == golden_json(name, command)


@pytest.mark.parametrize("example, faction", [("ae-soviet-production", "soviet"), ("tk-1939", "axis"),
                                              ("ds-axis-reveal", "axis"), ("ae-aug-1941", "western")])
def test_1_1_3_check_rules_as_the_selection_rules_do(example, faction):
    """Every selection of the hands: the API's ruling is the rules module's, violation for violation,
    each Violation carrying the Rule object that posted it."""
    from aeref.solver.selection.rules import RULES, check

    pos = aeref.load(EX / f"{example}.yaml")
    rules = set(RULES)
    hands = [pos.hand(faction, m) + [None] for m in pos.maps]
    pairs = [dict(zip(pos.maps, c)) for c in itertools.product(*hands)]
    for choice in pairs:
        ours = pos.check(faction, aeref.Selection.of(choice))
        assert ours.as_json() == check(pos.data, faction, choice).as_json(), choice
        assert all(v.rule in rules and v.values for v in ours.violations), choice
