"""Fuzzing: random and mutated state, deck and allocation files fed to every command.

Starting from the shipped examples, hypothesis drops, duplicates, respells and
retypes keys, puts random scalars, wrong types, unknown cards, huge numbers and
unicode in their place, or breaks the YAML text itself, and runs a command of
``aeref`` on the result (every command ``aeref --help`` lists, found by
introspection, so commands added later are fuzzed too, with options drawn from
their declared types). Each run must

* end with exit code 0, 1 or 2 (3 is an internal error, i.e. a bug),
* print no traceback,
* write at most one line to stderr, an ``Error: ...`` line,
* finish within a few seconds;

and a state file ``validate`` accepts must also be accepted by the JSON Schema
of ``aeref schema`` (the editor must never flag a file the referee takes).

In-process with click's CliRunner for speed (about 1,250 examples in all), and
a handful of runs of the real ``aeref`` process.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aeref.cli.main import cli
from aeref.model.files.json_schema import json_schema

from ..support.cli import executable, run as run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SECONDS = 5.0          # a run must finish within this (in-process; the real process gets more)
#: pydantic's own words and type names, which must never reach a player (tests/files/test_mistakes.py has the full list).
INTERNALS = __import__("re").compile(r"Input should|Field required|Extra inputs|constrained-str|function-(before|after)|"
                                     r"\b\w+File\.|Value error,|errors\.pydantic")


def _load(p: Path):
    return yaml.safe_load(p.read_text(encoding="utf-8"))


STATES = {p.name: _load(p) for p in sorted(EXAMPLES.glob("*.yaml")) if isinstance(_load(p), dict)}
ALLOCATIONS = {p.name: _load(p) for p in sorted(EXAMPLES.glob("*.yaml")) if isinstance(_load(p), list)}
DECKS = {p.name: _load(p) for p in sorted((EXAMPLES / "decks").glob("*.yaml"))}
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.yaml"))}
COMMANDS = sorted(cli.commands)


def _strings(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(str(k))
            _strings(v, out)
    elif isinstance(node, list):
        for v in node:
            _strings(v, out)
    elif node is not None and not isinstance(node, bool):
        out.add(str(node))
    return out


#: Words of the examples (countries, hexes, units, card numbers ...), for option values.
POOL = sorted(_strings([STATES, DECKS, ALLOCATIONS], set()) | {
    f"{c['map']}-{c['faction']}-{c['number']}".lower() for d in DECKS.values() for c in d["cards"]})
STATE_SCHEMA = jsonschema.Draft202012Validator(json_schema("state"))
DECK_SCHEMA = jsonschema.Draft202012Validator(json_schema("deck"))

CARD_REFS = ["tk-soviet-38", "ds-soviet-24", "tk-axis-3", "ds-axis-28a", "tk-western-20", "26b", "38", "3",
             "tk-soviet-999", "ds-axis-0", "999z", "", " ", "tk-soviet-", "TK-SOVIET-38", "2315", "1706",
             "ds-soviet-11b", "none", "null", "é", "tk-soviet-38\n", "-1", "1e9", "G-1", "J-12", "R-1"]
NAMES = ["total", "limited", "pre-war", "war", "ae", "tk", "ds", "Nov-Dec 1941", "Winter 1941", "Mar-Apr 1939",
         "soviet", "axis", "western", "Russia", "Japan", "army", "navy", "none", "active", "infantry", "armor",
         "Germany", "minor", "faction", "map", "forced", "voluntary", "Total War Production", "Demand Austria"]

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-3, max_value=50),
    st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
    st.sampled_from([2 ** 31, 2 ** 63, 2 ** 64, -(2 ** 63) - 1, 10 ** 100]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(CARD_REFS), st.sampled_from(NAMES),
    st.text(max_size=12),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x2FFF), max_size=8),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=6)), inner, max_size=3)),
    max_leaves=6)

#: One mutation: (which node, what to do, a value to put there, a key spelling).
mutations = st.tuples(
    st.integers(min_value=0, max_value=10 ** 6),
    st.sampled_from(["drop", "retype", "respell", "duplicate", "wrap", "unknown-card", "huge", "empty", "unicode"]),
    values,
    st.sampled_from(["underscore", "upper", "junk", "space"]),
)


def _nodes(data, path=()):
    """Every (container, key) in ``data``, depth first."""
    out = []
    if isinstance(data, dict):
        for k in list(data):
            out.append((data, k))
            out.extend(_nodes(data[k], path + (k,)))
    elif isinstance(data, list):
        for i in range(len(data)):
            out.append((data, i))
            out.extend(_nodes(data[i], path + (i,)))
    return out


def mutate(data, muts):
    """Apply ``muts`` to a deep copy of ``data`` (a YAML tree)."""
    data = json.loads(json.dumps(data, default=str))
    for where, what, value, spelling in muts:
        nodes = _nodes(data)
        if not nodes:
            data = value if what == "retype" else data
            continue
        parent, key = nodes[where % len(nodes)]
        if what == "drop":
            del parent[key]
        elif what == "retype":
            parent[key] = value
        elif what in ("respell", "duplicate") and isinstance(parent, dict) and isinstance(key, str):
            new = {"underscore": key.replace("-", "_"), "upper": key.upper(), "junk": key + "x",
                   "space": f" {key} "}[spelling]
            if what == "respell":
                parent[new] = parent.pop(key)
            else:
                parent[new] = value if spelling == "junk" else parent[key]
        elif what == "wrap":
            parent[key] = [parent[key]] if spelling in ("underscore", "upper") else {"x": parent[key]}
        elif what == "unknown-card":
            parent[key] = "tk-soviet-999" if spelling == "underscore" else "77z"
        elif what == "huge":
            parent[key] = 10 ** 40 if spelling != "junk" else -(10 ** 40)
        elif what == "empty":
            parent[key] = {"underscore": [], "upper": {}, "junk": "", "space": None}[spelling]
        elif what == "unicode":
            parent[key] = "Ünïcødé ☭ 大日本 \u200b"
    return data


#: A command of ``aeref --help``, spread evenly (hypothesis favours small integers).
commands = st.integers(0, 2 ** 16).map(lambda i: COMMANDS[(i * 7919) % len(COMMANDS)])
#: Most files get one mutation or none, so that the commands get past loading too.
few_mutations = st.one_of(st.just([]), st.lists(mutations, min_size=1, max_size=1), st.lists(mutations, min_size=1, max_size=3))

text_edits = st.lists(st.tuples(
    st.integers(min_value=0, max_value=10 ** 6), st.integers(min_value=0, max_value=40),
    st.sampled_from([":", "[", "]", "{", "}", "&a ", "*a", "*b", "\t", "- ", "!!python/object:os.system ", "\x00",
                     "\ufeff", "'", '"', "|", ">", "%YAML 1.1\n", "---\n", "...\n", "? ", "#", "\n  ", "~", "=",
                     "<<: *a\n", "0x1F", "0o17", ".inf", "\\u00e9", "é"]),
), min_size=1, max_size=4)


def edit_text(text: str, edits) -> str:
    for at, cut, insert in edits:
        i = at % (len(text) + 1)
        text = text[:i] + insert + text[i + cut:]
    return text


# ----------------------------------------------------------------------------- running


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run(args: list[str]):
    """Invoke aeref in-process; returns (exit code, stdout, stderr, seconds)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS * 4)
    t0 = time.perf_counter()
    try:
        r = run_cli(*args)
    except _Timeout:
        pytest.fail(f"aeref {' '.join(args)} ran past {SECONDS * 4} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    took = time.perf_counter() - t0
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise AssertionError(f"aeref {' '.join(args)} raised {r.exception!r}") from r.exception
    return r.exit_code, r.stdout, r.stderr, took


def assert_well_behaved(args, code, out, err, took):
    shown = f"aeref {' '.join(map(str, args))}"
    # 4: the time limit ended an enumeration before it was complete (docs/commands.md, exit codes); never 3
    assert code in (0, 1, 2, 4), f"{shown}: exit {code}\nstdout: {out[-2000:]}\nstderr: {err}"
    assert "Traceback" not in out and "Traceback" not in err, f"{shown}: a traceback\n{out}\n{err}"
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) <= 1, f"{shown}: more than one line on stderr: {err!r}"
    if lines:
        assert lines[0].startswith("Error: "), f"{shown}: stderr is not an Error: line: {err!r}"
        leak = INTERNALS.search(lines[0])
        assert not leak, f"{shown}: the validation library's words ({leak.group(0)!r}) reach the player: {lines[0]}"
    if code == 2:
        assert len(lines) == 1, f"{shown}: exit 2 without an Error: line"
    assert took < SECONDS, f"{shown}: took {took:.1f} s"


def draw_args(data, command: str, files: dict, state=None) -> list[str]:
    """Arguments for ``command`` drawn from its declared parameters: mostly
    values that make sense for the state file (its factions, its words), now
    and then nonsense."""
    import click
    cmd = cli.commands[command]
    factions = sorted(state.get("factions", {})) if isinstance(state, dict) and isinstance(state.get("factions"), dict) else []
    factions = [f for f in factions if isinstance(f, str)] or ["soviet"]
    sensible = st.sampled_from(POOL)
    nonsense = st.one_of(st.sampled_from(CARD_REFS + NAMES), st.text(max_size=8).filter(lambda s: "\x00" not in s))
    args: list[str] = []
    for p in cmd.params:
        if isinstance(p, click.Argument):
            if p.name == "state":
                args.append(files["state"])
            elif isinstance(p.type, click.Path):
                args.append(data.draw(st.sampled_from([files["other"], files["state"], files["missing"]]), label=p.name))
            else:
                args.append(data.draw(st.one_of(sensible, sensible, nonsense), label=p.name))
            continue
        if not p.required and not data.draw(st.booleans(), label=f"use {p.name}"):
            continue
        opt = p.opts[0]
        if getattr(p, "is_flag", False):
            args.append(opt)
        elif p.name in ("faction",):
            args += [opt, data.draw(st.one_of(st.sampled_from(factions), st.sampled_from(factions),
                                              st.sampled_from(["soviet", "axis", "western", "Soviet", "allies"])), label=opt)]
        elif isinstance(p.type, click.Choice):
            args += [opt, data.draw(st.one_of(st.sampled_from(list(p.type.choices)), st.sampled_from(list(p.type.choices)),
                                              st.just("bogus")), label=opt)]
        elif isinstance(p.type, click.Path):
            if p.name in ("write", "output"):
                args += [opt, files["out"]]
            else:
                args += [opt, data.draw(st.sampled_from([files["other"], files["state"], files["missing"]]), label=opt)]
        elif isinstance(p.type, (click.types.FloatParamType, click.types.FloatRange)):
            args += [opt, data.draw(st.sampled_from(["0.01", "0.5", "5", "0", "-1", "nan", "inf", "x"]), label=opt)]
        elif isinstance(p.type, (click.types.IntParamType, click.types.IntRange)):
            args += [opt, data.draw(st.sampled_from(["0", "1", "-1", "99999999999999999999", "x"]), label=opt)]
        elif p.name == "interpretations":
            args += [opt, data.draw(st.sampled_from(
                ["annual-scope=map", "empty-slot=voluntary", "sequential-scope=faction", "calendar=a,b,c,d",
                 "annual-scope", "bogus=1", "empty-slot=", "=x", "calendar=Spring"]), label=opt)]
        else:
            n = 2 if p.multiple and data.draw(st.booleans(), label=f"two {opt}") else 1
            for _ in range(n):
                args += [opt, data.draw(st.one_of(sensible, sensible, nonsense), label=opt)]
    return args


class Workspace:
    """A temporary folder with a state file, the example decks and another file;
    made once per test and put back before each example (``reset``)."""

    _shared = None

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="aeref-fuzz-"))
        (self.dir / "decks").mkdir()
        (self.dir / "out").mkdir()
        self.files = {"state": str(self.dir / "state.yaml"), "other": str(self.dir / "other.yaml"),
                      "missing": str(self.dir / "missing.yaml"), "out": str(self.dir / "out" / "written.yaml")}
        self.reset()

    @classmethod
    def get(cls) -> "Workspace":
        if cls._shared is None or not cls._shared.dir.exists():
            cls._shared = cls()
        cls._shared.reset()
        return cls._shared

    def reset(self) -> None:
        for name in DECKS:
            (self.dir / "decks" / name).write_text(TEXTS[name], encoding="utf-8")
        for extra in ("out/written.yaml", "missing.yaml"):
            (self.dir / extra).unlink(missing_ok=True)

    def write(self, name: str, content) -> None:
        path = self.dir / name
        text = content if isinstance(content, str) else yaml.safe_dump(content, allow_unicode=True, sort_keys=False)
        path.write_text(text, encoding="utf-8")

    def close(self):
        pass


def exercise(data, ws: Workspace, command: str, state=None):
    args = [command] + draw_args(data, command, ws.files, state)
    code, out, err, took = run(args)
    assert_well_behaved(args, code, out, err, took)
    return code


#: Deterministic in CI; AEREF_FUZZ_RANDOM=1 explores new examples on each run,
#: AEREF_FUZZ_SCALE=N runs N times as many.
SCALE = max(1, int(os.environ.get("AEREF_FUZZ_SCALE", "1") or 1))
FUZZ = settings(deadline=None, database=None, suppress_health_check=list(HealthCheck),
                derandomize=not os.environ.get("AEREF_FUZZ_RANDOM"))


# ----------------------------------------------------------------------------- the tests

@settings(FUZZ, max_examples=600 * SCALE)
@given(st.sampled_from(sorted(STATES)), few_mutations, commands, st.data())
def test_mutated_state_files(name, muts, command, data):
    ws = Workspace.get()
    try:
        state = mutate(STATES[name], muts)
        ws.write("state.yaml", state)
        alloc = ALLOCATIONS and ALLOCATIONS[sorted(ALLOCATIONS)[0]]
        ws.write("other.yaml", mutate(alloc, data.draw(st.lists(mutations, max_size=2), label="allocation mutations"))
                 if alloc else state)
        exercise(data, ws, command, state)
        code, _, _, _ = run(["validate", ws.files["state"]])
        if code == 0:   # the schema accepts what the loader accepts
            errors = list(STATE_SCHEMA.iter_errors(state))
            assert not errors, [(list(e.absolute_path), e.message) for e in errors]
    finally:
        ws.close()


@settings(FUZZ, max_examples=300 * SCALE)
@given(st.sampled_from(sorted(STATES)), st.sampled_from(sorted(DECKS)), st.lists(mutations, min_size=1, max_size=4),
       commands, st.data())
def test_mutated_deck_files(state_name, deck_name, muts, command, data):
    ws = Workspace.get()
    try:
        deck = mutate(DECKS[deck_name], muts)
        ws.write(f"decks/{deck_name}", deck)
        ws.write("state.yaml", STATES[state_name])
        ws.write("other.yaml", STATES[state_name])
        exercise(data, ws, command, STATES[state_name])
        code, _, _, _ = run(["validate", ws.files["state"]])
        if code == 0 and deck_name in json.dumps(STATES[state_name]):
            errors = list(DECK_SCHEMA.iter_errors(deck))
            assert not errors, [(list(e.absolute_path), e.message) for e in errors]
    finally:
        ws.close()


@settings(FUZZ, max_examples=200 * SCALE)
@given(st.sampled_from(sorted(TEXTS)), text_edits, st.booleans(), commands, st.data())
def test_broken_yaml_text(name, edits, as_deck, command, data):
    ws = Workspace.get()
    try:
        text = edit_text(TEXTS[name], edits)
        if as_deck:   # a broken deck under an intact state file
            state_name = data.draw(st.sampled_from(sorted(STATES)), label="state")
            ws.write("state.yaml", STATES[state_name])
            for deck in DECKS:
                ws.write(f"decks/{deck}", text)
        else:
            ws.write("state.yaml", text)
        ws.write("other.yaml", text)
        exercise(data, ws, command)
    finally:
        ws.close()


@pytest.mark.parametrize("text", [
    "",                                   # empty document
    "~",
    "[]",
    "- 1\n- 2\n",
    "just a string",
    "a: &a [*a]\n",                       # a cycle
    "game: ae\nturn: &t [*t]\nwar-state: &w {x: *w}\n",
    "&a [*a, *a, *a]",
    "\ufeffgame: tk\n",
    "\x00\x01",
    "{" * 2000,
    "a: " + "[" * 900 + "]" * 900,
    "game: ae\nturn: Nov-Dec 1941\nwar-state: {tk: total, ds: total}\nfactions: {soviet: {tk: {hand: [" +
    ", ".join(str(i) for i in range(3000)) + "]}}}\n",
])
@pytest.mark.parametrize("command", COMMANDS)
def test_pathological_files(text, command, tmp_path):
    (tmp_path / "state.yaml").write_text(text, encoding="utf-8")
    import click
    cmd = cli.commands[command]
    args = [command]
    for p in cmd.params:
        if isinstance(p, click.Argument):
            args.append(str(tmp_path / "state.yaml") if isinstance(p.type, click.Path) else "38")
        elif p.required:
            args += [p.opts[0], "soviet"]
    code, out, err, took = run(args)
    assert_well_behaved(args, code, out, err, took)


def test_not_utf8_and_directories(tmp_path):
    (tmp_path / "latin1.yaml").write_bytes("game: ae # caf\xe9\n".encode("latin-1"))
    for target in (tmp_path / "latin1.yaml", tmp_path):
        for command in ("validate", "pairs", "check"):
            args = [command, str(target)] + ([] if command == "validate" else ["--faction", "soviet"])
            code, out, err, took = run(args)
            assert_well_behaved(args, code, out, err, took)
            assert code == 2


# ----------------------------------------------------------------------------- the real process

def _aeref() -> str:
    exe = executable()
    if exe is None:
        pytest.skip("the aeref console script is not installed")
    return exe


@pytest.mark.parametrize("args,text", [
    (["validate", "{state}"], "game: ae\nturn: [1, 2\n"),
    (["pairs", "{state}", "--faction", "soviet"], "game: tk\nturn: Nov-Dec 1941\nwar-state: purple\n"),
    (["check", "{state}", "--faction", "soviet", "--tk", "38"], "&a [*a]"),
    (["why", "{state}", "tk-soviet-38", "--faction", "soviet"], "game: ae\nturn: 1941\n"),
    (["pairs", "{state}", "--faction", "soviet", "--json"], None),
    (["check", "{state}", "--faction", "soviet", "--tk", "99", "--json"], None),
])
def test_real_process(args, text, tmp_path):
    if text is None:
        state = EXAMPLES / "ae-soviet-production.yaml"
    else:
        state = tmp_path / "state.yaml"
        state.write_text(text, encoding="utf-8")
    argv = [_aeref()] + [a.replace("{state}", str(state)) for a in args]
    t0 = time.perf_counter()
    p = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    took = time.perf_counter() - t0
    assert_well_behaved(args, p.returncode, p.stdout, p.stderr, min(took, SECONDS - 0.1) if took < 30 else took)
    if text is not None:
        assert p.returncode == 2


# ----------------------------------------------------------------------------- regressions found by fuzzing

def _ae_with_western_deck(tmp_path, deck_text: str) -> str:
    (tmp_path / "decks").mkdir()
    for name in DECKS:
        (tmp_path / "decks" / name).write_text(TEXTS[name], encoding="utf-8")
    (tmp_path / "decks" / "western.yaml").write_text(deck_text, encoding="utf-8")
    (tmp_path / "state.yaml").write_text(TEXTS["ae-1941.yaml"], encoding="utf-8")
    return str(tmp_path / "state.yaml")


def test_regression_reinforcement_to_of_the_wrong_type(tmp_path):
    """A card's reinforcement ``to: []`` crashed the loader (TypeError: unhashable
    type: 'list' in a before-validator; exit 3). It is a bad value: exit 2."""
    deck = yaml.safe_load(TEXTS["western.yaml"])
    spots = [c for c in deck["cards"] if c.get("reinforcements")]
    if not spots:
        pytest.skip("no Western card with reinforcements in the example deck")
    spots[0]["reinforcements"][0]["to"] = []
    path = _ae_with_western_deck(tmp_path, yaml.safe_dump(deck, sort_keys=False))
    for args in (["validate", path], ["check", path, "--faction", "axis"]):
        code, out, err, took = run(args)
        assert_well_behaved(args, code, out, err, took)
        assert code == 2 and "reinforcements" in err and ".to" in err


def test_regression_one_key_in_two_spellings(tmp_path):
    """``game`` and ``GAME`` (or ``war-state`` and ``war_state``) in one mapping:
    one was silently dropped; now it is an input error naming both."""
    (tmp_path / "state.yaml").write_text(
        "game: ae\nturn: Nov-Dec 1941\nwar-state: {tk: total, ds: total}\nwar_state: {tk: limited, ds: limited}\n",
        encoding="utf-8")
    code, out, err, took = run(["validate", str(tmp_path / "state.yaml")])
    assert code == 2 and "war-state" in err and "war_state" in err and "twice" in err


_numbers = st.one_of(st.sampled_from([0, 1, 2, 3, 4, 2 ** 31, 2 ** 62, 2 ** 63, 10 ** 40]), st.integers(0, 10 ** 20))
#: Valid but extreme values of the card fields the rules read (most edits), and anything at all (a few).
VALID_FIELDS = {
    "production": _numbers,
    "blitz": _numbers,
    "war-state": st.sampled_from(["pre-war", "limited", "total", "red", "Gray", "blue", "Total War"]),
    "combined": st.booleans(), "rearmament": st.booleans(), "recyclable": st.booleans(),
    "name": st.sampled_from(["Demand Austria", "Soviet Offensive", "War Progress", "Diplomatic Overtures",
                             "Siberian Reserves Released", "Total War Production", "Ünïcødé ☭ Offensive", "x" * 300]),
    "kinds": st.lists(st.sampled_from(["demand", "diplomatic-overtures", "offensive", "war-progress", "rearmament",
                                       "blitz-2", "limited-war-blitz"]), max_size=3),
    "requires": st.lists(st.sampled_from([
        {"played": "38"}, {"not-played": "23"}, {"war-state": "total"}, {"war-state": ["limited", "total"]},
        {"war-state": {"map": "ds", "is": ["total"]}}, {"posture": {"Russia": "war"}}, {"government": "army"},
        {"european-war": "limited"}, {"marker": "US Victory Program"}, {"flag": "x"}, {"any": []}, {"all": []},
        {"not": {"flag": "x"}}, {"any": [{"played": "38"}, {"not": {"played": "38"}}]}]), max_size=3),
    "starts": st.sampled_from([None, "limited", "total"]),
}
card_edits = st.integers(0, 10 ** 4).map(lambda i: sorted(VALID_FIELDS)[i % len(VALID_FIELDS)]).flatmap(
    lambda f: st.tuples(st.just(f), st.one_of(VALID_FIELDS[f], VALID_FIELDS[f], VALID_FIELDS[f], values)))


#: Where each deck card is: id -> (deck file, index).
DECK_CARDS = {f"{c['map']}-{c['faction']}-{str(c['number']).lower()}": (name, i)
              for name, d in DECKS.items() for i, c in enumerate(d["cards"])}


@settings(FUZZ, max_examples=150 * SCALE)
@given(st.sampled_from(["ae-soviet-production.yaml", "ae-1941.yaml", "tk-1939.yaml", "ds-1941.yaml"]),
       st.lists(st.tuples(st.integers(0, 10 ** 4), card_edits), min_size=1, max_size=3),
       st.sampled_from(["pairs", "why", "check"]), st.data())
def test_card_attributes_through_the_solver(state_name, edits, command, data):
    """Cards of the hand with random attribute values (huge Production Values,
    wrong types ...), through the commands that solve or rule, asking about
    the edited cards."""
    ws = Workspace.get()
    state = STATES[state_name]
    faction = data.draw(st.sampled_from(sorted(state["factions"])), label="faction")
    hand = [f"{m}-{faction}-{str(c).lower()}" for m, sec in state["factions"][faction].items() for c in sec.get("hand", [])]
    hand = [c for c in hand if c in DECK_CARDS] or sorted(DECK_CARDS)
    decks = json.loads(json.dumps(DECKS))
    edited = []
    for i, (field, value) in edits:
        cid = hand[i % len(hand)]
        name, k = DECK_CARDS[cid]
        decks[name]["cards"][k][field] = value
        edited.append(cid)
    for name, deck in decks.items():
        ws.write(f"decks/{name}", deck)
    ws.write("state.yaml", state)
    args = [command, ws.files["state"], "--faction", faction]
    if command == "why":
        args.insert(2, data.draw(st.sampled_from(edited + hand[:1]), label="card"))
    elif command == "check":
        for cid in edited:
            args += [f"--{cid.split('-')[0]}", cid]
    code, out, err, took = run(args)
    assert_well_behaved(args, code, out, err, took)


def test_regression_huge_production_value_in_why(tmp_path):
    """``production: 10**40`` on a card: ``why`` crashed (CP-SAT takes 64-bit
    coefficients only; exit 3). Coefficients are capped where that changes
    nothing: the card is excluded by the Soviet Production Limit."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "soviet.yaml").write_text(
        TEXTS["soviet.yaml"].replace("production: 3,", f"production: {10 ** 40},"), encoding="utf-8")
    (tmp_path / "state.yaml").write_text(TEXTS["ae-soviet-production.yaml"], encoding="utf-8")
    args = ["why", str(tmp_path / "state.yaml"), "tk-soviet-38", "--faction", "soviet", "--json"]
    code, out, err, took = run(args)
    assert_well_behaved(args, code, out, err, took)
    assert code == 1
    assert [v["title"] for v in json.loads(out)["violations"]] == ["Soviet Production Limit"]
    code, out, err, took = run(["pairs", str(tmp_path / "state.yaml"), "--faction", "soviet", "--json"])
    assert code == 0 and all(c["tk"] != "tk-soviet-38" for c in json.loads(out)["choices"])


def test_regression_huge_prefer_weight(tmp_path):
    """``prefer: {R-1: 10**40}``: the replacements objective overflowed CP-SAT's
    64-bit integers, the model was invalid, and the output blamed a time limit
    nobody had set. Weights are bounded when the file is loaded: exit 2."""
    state = yaml.safe_load(TEXTS["tk-soviet-replacements.yaml"])
    for facs in state["replacements"].values():
        for sec in facs.values():
            sec["prefer"] = {"R-1": 10 ** 40}
    (tmp_path / "decks").mkdir()
    for name in DECKS:
        (tmp_path / "decks" / name).write_text(TEXTS[name], encoding="utf-8")
    (tmp_path / "state.yaml").write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    for args in (["validate", str(tmp_path / "state.yaml")],
                 ["replacements", str(tmp_path / "state.yaml"), "--faction", "soviet", "--json"]):
        code, out, err, took = run(args)
        assert_well_behaved(args, code, out, err, took)
        assert code == 2 and "prefer" in err and "weight" in err


def test_regression_a_deck_with_cards_null(tmp_path):
    """``cards: null`` in a deck: the deck was skipped and, a deck being unreadable, the
    hand's cards were not reported either; the position loaded without the Axis cards.
    An empty ``cards:`` is now a deck of no card yet (the form `aeref deck new` writes passes
    `validate`, with a note), so the hand's cards it held are reported where the hand names them:
    the position never loads without them."""
    path = _ae_with_western_deck(tmp_path, "cards: null\n")
    for args in (["validate", path], ["check", path, "--faction", "western"]):
        code, out, err, took = run(args)
        assert_well_behaved(args, code, out, err, took)
        assert code == 2 and "factions.western.tk.hand[0]: unknown card tk-western-20: the decks hold no Western TK card" in err
    args = ["validate", str(tmp_path / "decks" / "western.yaml")]
    code, out, err, took = run(args)
    assert_well_behaved(args, code, out, err, took)
    assert code == 0 and "a deck of 0 cards" in out and "no card yet" in out


def test_regression_a_nationality_of_an_empty_list_in_a_list(tmp_path):
    """``nationality: [[]]``: the loader unwrapped the one-item list into an empty list of
    nationalities and took the unit; the schema refused it. Both refuse it now."""
    state = yaml.safe_load(TEXTS["ds-axis-replacements.yaml"])
    state["map"]["hexes"]["1706"]["units"][0]["nationality"] = [[]]
    (tmp_path / "decks").mkdir()
    for name in DECKS:
        (tmp_path / "decks" / name).write_text(TEXTS[name], encoding="utf-8")
    (tmp_path / "state.yaml").write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    code, out, err, took = run(["validate", str(tmp_path / "state.yaml")])
    assert_well_behaved(["validate"], code, out, err, took)
    assert code == 2 and "units[0].nationality" in err
    assert list(STATE_SCHEMA.iter_errors(state))
