"""Files written back the way the player wrote them: every writing command
(`select --write`, `next-turn`, `reveal --write`, `war-state --write`) on every shipped example it
applies to. A line diff of the source and the written file shows only the lines the Seasonal Turn
changes: every comment (the `# yaml-language-server: $schema=...` line first), key order, flow
style, quoting and short card ids are kept, and every section the command does not change is
copied byte for byte. The written file reads back to the same position as the plain dump the
writer used to write (`model.files.write.plain_text`)."""
from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path

import pytest

from aeref.model.files import write
from aeref.model.files.load import load_position

from ..support.seasonal import EXAMPLES, run, say_no_card

STATES = sorted(p.name for p in EXAMPLES.glob("*.yaml") if re.search(r"(?m)^game:", p.read_text()))
#: The top-level sections each command may change (FORMAT 4); every other one must stay as written.
SELECT = {"factions"}
NEXT_TURN = {"turn", "previous"}
REVEAL = {"factions", "war-state", "countries", "markers", "boxes", "counters", "esv", "turn-track", "european-war",
          "flags", "government", "previous"}
WAR_STATE = {"war-state", "countries", "markers", "boxes", "turn-track", "european-war", "flags", "esv"}


@pytest.fixture
def ex(tmp_path):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    return tmp_path / "examples"


def _plain(monkeypatch):
    """Make the writer write as it did before the round trip: the plain dump of the position."""
    monkeypatch.setattr(write, "state_text", lambda pos, out, previous=None, record=None: write.plain_text(
        write.state_dict(pos, out, previous, record=record)))


def _sections(text: str) -> dict:
    """The text of each top-level key (from its line to the next top-level key), and ``""``: the lines before."""
    out, key = {"": []}, ""
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z_][\w-]*)\s*:", line)
        if m:
            key = m.group(1).replace("_", "-").lower()
            out[key] = []
        out[key].append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def _diff(src: str, out: str) -> tuple[list, list]:
    """The lines removed from ``src`` and the lines added in ``out`` (difflib)."""
    removed, added = [], []
    for line in difflib.ndiff(src.splitlines(), out.splitlines()):
        if line.startswith("- "):
            removed.append(line[2:])
        elif line.startswith("+ "):
            added.append(line[2:])
    return removed, added


def _comments(text: str) -> list:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


def assert_written_as_source(src_path: Path, out_path: Path, may_change: set) -> tuple[list, list]:
    """The written file keeps the source's comments (in order), its schema line (first) and every
    section outside ``may_change`` byte for byte; returns the lines removed and added."""
    src, out = src_path.read_text(), out_path.read_text()
    assert out.splitlines()[0] == src.splitlines()[0]
    assert _comments(out) == _comments(src), "a comment was lost or moved"
    a, b = _sections(src), _sections(out)
    for key in set(a) | set(b):
        if key not in may_change:
            assert a.get(key) == b.get(key), f"{out_path.name}: section {key!r} changed"
    for line in b.get("factions", "").splitlines():
        assert line.lstrip().startswith("#") or not re.search(r"\b(tk|ds)-(axis|western|soviet)-\w+", line), f"a long card id written: {line}"
    return _diff(src, out)


def _position(path: Path) -> tuple:
    p = load_position(path)
    return (p.game, p.turn, p.maps, p.war_state, p.factions, p.countries, p.government, p.european_war, p.markers,
            p.flags, p.interpretations, p.seasonal, sorted(p.cards))


def assert_same_position(monkeypatch, args: list, out: Path) -> None:
    """Running ``args`` again with the plain writer (to ``ref-`` + out's name) reads back to the same position."""
    ref = out.with_name("ref-" + out.name)
    with monkeypatch.context() as m:
        _plain(m)
        code, _, err = run(*[ref if a == out else a for a in args])
    assert code in (0, 1), err
    assert _position(out) == _position(ref)
    assert ref.read_text() != out.read_text()          # the plain dump drops the comments: the test can tell


def _first_selection(path: Path, faction: str):
    code, res, _ = run("pairs", path, "--faction", faction, "--json")
    if code != 0:
        return None
    return next((c for c in res["choices"] if any(c.values())), None)


def _select(ex: Path, name: str, monkeypatch) -> list:
    """Every faction of ``name`` selects its first legal selection, one after the other; the files written."""
    written, cur = [], ex / name
    factions = list(load_position(cur).factions)
    for f in factions:
        choice = _first_selection(cur, f)
        if choice is None:
            continue
        out = ex / f"{Path(name).stem}-{f}.yaml"
        args = ["select", cur, "--faction", f, "--write", out]
        for m, cid in choice.items():
            if cid:
                args += [f"--{m}", cid]
        code, text, err = run(*args)
        if code == 1 and "1.1.3 Card Selection Is Final" in text:
            continue                          # the Pending Cards await their reveal: no selection now
        assert code == 0, text + err
        removed, added = assert_written_as_source(cur, out, SELECT)
        # only the faction's hand lines go, each for a hand without the card and the Pending Card
        assert removed and all(re.match(r"^\s+hand:|^\s+\w+:\s*\{.*hand:", line) for line in removed), removed
        picked = [cid.split("-", 2)[2] for cid in choice.values() if cid]
        for number in picked:
            assert any(re.search(rf"pending: {re.escape(number)}\b", line) for line in added), (number, added)
        # and the turn of the selection beside each Pending Card (1.1.1 Step 4, `selected:`)
        assert sum(bool(re.match(r"^\s+selected: ", line)) for line in added) == len(picked), added
        assert len(added) <= len(removed) + 2 * len(picked)
        assert_same_position(monkeypatch, args, out)
        written.append(out)
        cur = out
    return written


@pytest.mark.parametrize("name", STATES)
def test_1_1_3_select_writes_only_the_hand_and_pending_lines(ex, monkeypatch, name):
    written = _select(ex, name, monkeypatch)
    if name in ("ae-1941.yaml", "ae-aug-1941.yaml", "ds-1941.yaml", "tk-1939.yaml", "ae-soviet-production.yaml"):
        assert written, f"{name}: no faction could select"


@pytest.mark.parametrize("name", STATES)
def test_1_1_1_next_turn_writes_only_the_turn_and_previous(ex, monkeypatch, name):
    out = ex / "next.yaml"
    args = ["next-turn", say_no_card(ex / name), "--write", out]   # every faction has made its Step 4 selection
    code, text, err = run(*args)
    if load_position(ex / name).awaiting_reveal("axis"):       # 1.1.1 Step 2: reveal first
        assert code == 2 and "aeref reveal first" in err and not out.exists(), text + err
        return
    assert code == 0, text + err
    removed, added = assert_written_as_source(ex / name, out, NEXT_TURN)
    assert all(re.match(r"^(turn|previous):", line) for line in removed + added), (removed, added)
    assert f"previous: {name}" in added
    assert_same_position(monkeypatch, args, out)


@pytest.mark.parametrize("name", STATES)
def test_1_1_1_reveal_after_select_and_next_turn_keeps_the_layout(ex, monkeypatch, name):
    """The Seasonal Turn by commands: every faction selects, the turn advances, every faction reveals."""
    written = _select(ex, name, monkeypatch)
    if not written:
        pytest.skip(f"{name}: no faction selects here")
    if load_position(ex / name).awaiting_reveal("axis"):
        pytest.skip(f"{name}: the Axis Pending Cards await their reveal (1.1.1 Step 2): no next turn before it")
    nxt = ex / "next.yaml"
    assert run("next-turn", say_no_card(written[-1]), "--write", nxt)[0] == 0
    out = ex / "revealed.yaml"
    args = ["reveal", nxt, "--faction", "all", "--write", out]
    code, text, err = run(*args)
    assert code in (0, 1), text + err
    assert_written_as_source(nxt, out, REVEAL)
    assert_same_position(monkeypatch, args, out)


def test_1_1_1_reveal_of_the_shipped_reveal_example(ex, monkeypatch):
    out = ex / "revealed.yaml"
    args = ["reveal", ex / "ds-axis-reveal.yaml", "--faction", "axis", "--write", out]
    code, text, err = run(*args)
    assert code == 0, text + err
    removed, added = assert_written_as_source(ex / "ds-axis-reveal.yaml", out, REVEAL)
    assert "war-state: total" in added                       # 28a East Wind Rain starts Total War (12)
    assert any(re.match(r"^\s+current: 28a$", line) for line in added)
    assert any(re.search(r"\{card: 11, turn: Aug-Sept 1941\}", line) for line in added)
    assert not any("pending" in line for line in added)
    assert_same_position(monkeypatch, args, out)


@pytest.mark.parametrize("name", STATES)
def test_12_war_state_write_keeps_the_layout(ex, monkeypatch, name):
    pos = load_position(ex / name)
    m = pos.maps[-1]
    if pos.war_state[m] == "total":
        pytest.skip("Total War is in effect: no change to write")
    out = ex / "war.yaml"
    args = ["war-state", ex / name, "--map", m, "--to", "total", "--write", out]
    code, text, err = run(*args)
    assert code == 0, text + err
    removed, added = assert_written_as_source(ex / name, out, WAR_STATE)
    assert any(line.startswith("war-state:") and "total" in line for line in added)
    assert_same_position(monkeypatch, args, out)


def test_written_to_another_folder_rewrites_only_the_deck_paths(ex, monkeypatch):
    out = ex.parent / "nov.yaml"                     # the folder above: the decks are in examples/decks
    args = ["next-turn", say_no_card(ex / "ae-aug-1941.yaml"), "--write", out]
    assert run(*args)[0] == 0
    removed, added = assert_written_as_source(ex / "ae-aug-1941.yaml", out, NEXT_TURN | {"decks"})
    assert sorted(added) == ["decks: [examples/decks/axis.yaml, examples/decks/western.yaml, examples/decks/soviet.yaml]",
                             "previous: examples/ae-aug-1941.yaml", "turn: Nov-Dec 1941"]
    assert_same_position(monkeypatch, args, out)


def test_a_key_written_with_underscores_and_long_ids_stays_so(tmp_path, monkeypatch):
    """A file written the other ways FORMAT allows (`war_state`, long card ids) keeps them."""
    shutil.copytree(EXAMPLES / "decks", tmp_path / "decks")
    src = tmp_path / "s.yaml"
    src.write_text("# my game\ngame: tk\nturn: Fall 1939   # autumn\ndecks: [decks/axis.yaml]\nwar_state: pre-war\n"
                   "factions:\n  axis:\n    tk:\n      current: tk-axis-10\n      hand: [tk-axis-11, tk-axis-4a, tk-axis-28a]\n"
                   "      played:\n        - {card: tk-axis-3, turn: Nov-Dec 1938}\n")
    out = tmp_path / "o.yaml"
    args = ["select", src, "--faction", "axis", "--tk", "28a", "--write", out]
    code, text, err = run(*args)
    assert code == 0, text + err
    removed, added = _diff(src.read_text(), out.read_text())
    assert removed == ["      hand: [tk-axis-11, tk-axis-4a, tk-axis-28a]"]
    assert added == ["      pending: tk-axis-28a", "      selected: Fall 1939", "      hand: [tk-axis-11, tk-axis-4a]"]
    assert_same_position(monkeypatch, args, out)


HAND_WRITTEN = """\
# a game typed in by hand: four-space indents, a key in capitals, comments inside the sections
game: ds
turn: Summer 1941
decks: [decks/axis.yaml, decks/western.yaml]
war-state: limited
Factions:
    axis:
        ds:
            current: 11    # Diplomatic Overtures
            hand: [3, 8, 12, 33a, 28b, 28a]
    # the Western faction
    western:
        ds:
            current:
            hand:
              - 19a   # Aid to China
              - 5
              - 27
# Countries follow
countries:
    Nationalist China: {posture: war, status: active, alignment: western}
    Japan: {status: active, alignment: axis}
esv: 5
"""


def test_a_hand_written_file_keeps_its_layout_through_a_seasonal_turn(tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES / "decks", tmp_path / "decks")
    src = tmp_path / "s.yaml"
    src.write_text(HAND_WRITTEN)
    sel = tmp_path / "sel.yaml"
    args = ["select", src, "--faction", "axis", "--ds", "28a", "--write", sel]
    assert run(*args)[0] == 0
    removed, added = assert_written_as_source(src, sel, SELECT)
    assert (removed, added) == (["            hand: [3, 8, 12, 33a, 28b, 28a]"],
                                ["            pending: 28a", "            selected: Summer 1941",
                                 "            hand: [3, 8, 12, 33a, 28b]"])
    assert_same_position(monkeypatch, args, sel)
    nxt = tmp_path / "next.yaml"
    assert run("next-turn", say_no_card(sel), "--write", nxt)[0] == 0
    out = tmp_path / "revealed.yaml"
    args = ["reveal", nxt, "--faction", "all", "--write", out]
    assert run(*args)[0] == 0
    removed, added = assert_written_as_source(nxt, out, REVEAL)
    # the Axis card inserted (`played:`) goes in its faction's section, above the comment of the next one
    text = out.read_text()
    assert "              - {card: 11, turn: May-June 1941}\n    # the Western faction\n    western:" in text
    assert "            current:\n            hand:\n              - 19a   # Aid to China" in text
    assert_same_position(monkeypatch, args, out)


def test_top_level_keys_from_the_events_are_the_composers():
    """The round trip's top-level sections (FORMAT 4, every key of the state file's mapping) are read from
    libyaml's events, not a node tree: the same keys and lines as PyYAML's composer, for values that are
    block and flow collections, block scalars, aliases and comments; a document that is not one block mapping
    is refused (the plain dump is written then)."""
    import yaml
    from aeref.model.files.round_trip import _TOP_KEYS, _top_keys
    for text in ["game: tk\n", "a:\n  b: [1, {c: 2}]\n  d:\n  - 1\nd: |\n  x\n# c\ne: 3\nf: [1]\ng: {a: b}\n",
                 "a: &x [1]\nb: *x\nc: 1\n", "# head\n\na: {x: [1,\n  2]}\nb:\n- c: 1\n  d: [e]\nz: ''\n"]:
        _TOP_KEYS.clear()
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        assert _top_keys(text) == [(k.value, k.start_mark.line) for k, _ in root.value], text
    for text in ["- 1\n", "{a: 1}\n", "a: 1\n---\nb: 2\n", "", "? [1]\n: 2\n"]:
        _TOP_KEYS.clear()
        with pytest.raises(ValueError):
            _top_keys(text)
