"""Private files (docs/face-down.md): a position as a public file and one private file per faction, so that
1.1 holds at a distance ("Players are not allowed to examine another player's cards before they have been
played"; the Pending Card "is placed face down", 1.1.3). ``aeref split``, ``--private``, the private files
found beside the state file, and every way a private file can contradict its public file (exit 2)."""
from __future__ import annotations

import re
import shutil
import stat

import pytest
import yaml

import aeref as api
from aeref.model.secrecy.private import public_problems

from ..support.seasonal import EXAMPLES

STATES = sorted(p.name for p in EXAMPLES.glob("*.yaml")
                if isinstance(yaml.safe_load(p.read_text(encoding="utf-8")), dict))


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    return tmp_path / "ex"


def _split(aeref, folder, state="tk-1939.yaml", out="pub.yaml"):
    r = aeref("split", folder / state, "-o", folder / out)
    assert r.exit_code == 0, r
    return folder / out


@pytest.mark.parametrize("state", STATES)
def test_1_1_split_public_file_holds_no_hidden_card_and_joins_back(aeref, folder, state):
    """1.1: ``split`` writes a public file that names no card of any hand or Pending Card (ids and names
    searched, comments dropped), private files of mode 0600, and the three joined back are the position."""
    whole = api.load(folder / state)
    public = _split(aeref, folder, state)
    text = public.read_text(encoding="utf-8")
    played = {c for s in whole.data.factions.values() for fm in s.values()
              for c in [fm.current, *fm.removed, *(p.card for p in fm.played)] if c}
    for f, sections in whole.data.factions.items():
        for m, fm in sections.items():
            for cid in [*fm.hand, fm.pending]:
                if cid and cid not in played:
                    number = cid.split("-", 2)[2]
                    assert cid not in text and f"- {number}\n" not in text and f"[{number}" not in text
                    assert whole.cards[cid].name not in text or any(
                        whole.cards[c].name == whole.cards[cid].name for c in played)
            private = folder / f"pub.{f}.private.yaml"
            assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert "#" not in text
    a = aeref("show", folder / state, "--json").json
    b = aeref("show", public, "--json").json
    assert a["viewer"] == b["viewer"] == "referee"
    for d in (a, b):
        d.pop("file")
    assert a == b


def test_1_1_split_never_overwrites_without_force(aeref, folder):
    """Files aeref writes: ``split`` over an existing private file without --force writes nothing, exit 2."""
    (folder / "pub.soviet.private.yaml").write_text("mine\n", encoding="utf-8")
    r = aeref("split", folder / "tk-1939.yaml", "-o", folder / "pub.yaml")
    assert r.exit_code == 2, r
    assert r.stderr.startswith("Error: ") and "pub.soviet.private.yaml" in r.stderr and "--force" in r.stderr
    assert not (folder / "pub.yaml").exists() and not (folder / "pub.axis.private.yaml").exists()
    assert (folder / "pub.soviet.private.yaml").read_text(encoding="utf-8") == "mine\n"
    assert aeref("split", folder / "tk-1939.yaml", "-o", folder / "pub.yaml", "--force").exit_code == 0


def test_1_1_a_public_file_with_a_private_field_is_refused():
    """1.1: a mapping to be written as a public file is checked: a listed hand, a named Pending Card, a nonce."""
    data = {"game": "tk", "factions": {"axis": {"tk": {"hand-count": 2, "pending": "22a"}},
                                       "soviet": {"tk": {"hand": ["38"], "nonce": "ab"}}}}
    where = sorted(p.where for p in public_problems(data, "pub.yaml"))
    assert where == ["factions.axis.tk.pending", "factions.soviet.tk.hand", "factions.soviet.tk.nonce"]
    assert public_problems({"game": "tk", "factions": {"axis": {"tk": {"hand-count": 2, "hand": []}}}}, "p") == []


def test_1_1_3_a_ruling_needing_a_hand_not_in_the_files_says_whose(aeref, folder):
    """1.1.3: ``pairs``/``check``/``why``/``select`` of a faction whose hand is in no file read: exit 2, naming
    the faction and its private file; with ``--private`` (or the file beside the state file) the ruling."""
    public = _split(aeref, folder)
    away = folder / "away"
    away.mkdir()
    shutil.move(folder / "pub.western.private.yaml", away / "w.yaml")
    for args in (("pairs",), ("check", "--tk", "20"), ("why", "20"),
                 ("select", "--tk", "28a", "--write", folder / "next.yaml")):
        r = aeref(args[0], public, *args[1:], "--faction", "western")
        assert r.exit_code == 2, r
        assert r.stderr.count("\n") == 1 and "Western faction's hand is face down" in r.stderr
        assert "pub.western.private.yaml" in r.stderr
    assert not (folder / "next.yaml").exists()
    r = aeref("check", public, "--faction", "western", "--tk", "28a", "--private", away / "w.yaml")
    assert r.exit_code == 0, r
    assert aeref("check", public, "--faction", "axis", "--tk", "4a").exit_code == 0     # found beside it
    # the faction's own view (--as western) without its private file: the same advice, not "face down in the
    # Western view", which would tell a player that its own hand is hidden from it
    for args in (("report", "-o", folder / "w.html"),):
        r = aeref(args[0], public, *args[1:], "--as", "western")
        assert r.exit_code == 2 and "in the Western view" not in r.stderr, r
        assert "pub.western.private.yaml" in r.stderr and "--private" in r.stderr, r


def test_1_1_1_select_writes_the_public_file_and_the_private_file(aeref, folder):
    """1.1.1 Step 4 / 1.1.3: the Pending Card placed face down: the public file says it is placed, the
    faction's private file (mode 0600) names it; the next command reads both back."""
    public = _split(aeref, folder)
    for f in ("western", "soviet"):
        (folder / f"pub.{f}.private.yaml").unlink()
    r = aeref("select", public, "--faction", "axis", "--tk", "4a", "--write", folder / "next.yaml")
    assert r.exit_code == 0, r
    text = (folder / "next.yaml").read_text(encoding="utf-8")
    assert not re.search(r"\b4a\b", text) and "Nazi-Soviet" not in text and "sealed: sha256:" in text   # a file of a game record: always sealed
    private = folder / "next.axis.private.yaml"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert yaml.safe_load(private.read_text(encoding="utf-8"))["tk"]["pending"] == "tk-axis-4a"
    j = aeref("show", folder / "next.yaml", "--json").json
    assert j["factions"]["axis"]["tk"]["pending"]["id"] == "tk-axis-4a"
    assert j["factions"]["western"]["tk"]["hand"] == [{"face-down": True}] * 3


def test_1_1_1_reveal_of_a_face_down_pending_card_needs_the_private_file(aeref, folder):
    """1.1.1 Step 2: revealing a Pending Card that is in no file read: exit 2, naming whose."""
    r = aeref("split", folder / "ds-axis-reveal.yaml", "-o", folder / "pub.yaml")
    assert r.exit_code == 0, r
    (folder / "pub.axis.private.yaml").unlink()
    r = aeref("reveal", folder / "pub.yaml", "--faction", "axis")
    assert r.exit_code == 2, r
    assert "Axis Pending Card on the DS map is face down" in r.stderr


def _private(folder, name, body):
    p = folder / name
    p.write_text(yaml.safe_dump(body), encoding="utf-8")
    return p


@pytest.mark.parametrize("body, where, words", [
    ({"private": "axis", "game": "ds", "tk": {"hand": ["11"]}}, "game", "another game"),
    ({"private": "axis", "game": "tk", "ds": {"hand": ["11"]}}, "ds", "no Axis section of the DS map"),
    ({"private": "axis", "game": "tk", "tk": {"hand": ["11", "4a", "22a"]}}, "tk.hand", "hand-count: 4"),
    ({"private": "axis", "game": "tk", "tk": {"hand": ["11", "4a", "22a", "3"]}}, "tk.hand[3]",
     "was played in Nov-Dec 1938 and is not recyclable"),
    ({"private": "axis", "game": "tk", "tk": {"hand": ["11", "4a", "22a", "28a"], "pending": "3"}}, "tk.pending",
     "shows no Pending Card placed"),
    ({"private": "axis", "game": "tk", "tk": {"hand": ["11", "4a", "22a", "28a"], "nonce": "0" * 32}}, "tk.nonce",
     "holds no seal"),
    ({"private": "axis", "game": "tk", "tk": {"hand": ["11", "4a", "22a", "28a"], "nonce": "00"}}, "tk.nonce",
     "'00' is not 32 lower-case hexadecimal digits"),
    ({"private": "allies", "game": "tk"}, "private", "not a faction"),
])
def test_1_1_a_private_file_that_contradicts_the_public_file_is_refused(aeref, folder, body, where, words):
    """1.1: a private file of another game or faction, or one that contradicts the public file (a hand card
    listed as played, a hand of another size, a Pending Card the public file does not show placed, a nonce of the
    wrong form, refused when the file is read, not only at the reveal): one
    ``Error:`` line naming the private file and the place, exit 2."""
    public = _split(aeref, folder)
    (folder / "pub.axis.private.yaml").unlink()
    bad = _private(folder, "bad.yaml", body)
    r = aeref("show", public, "--private", bad)
    assert r.exit_code == 2, r
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(f"Error: {bad}: {where}: "), r.stderr
    assert words in r.stderr


def test_1_1_two_private_files_of_one_faction_are_refused(aeref, folder):
    """1.1: two private files of one faction: exit 2, naming both."""
    public = _split(aeref, folder)
    second = folder / "second.yaml"
    shutil.copy(folder / "pub.axis.private.yaml", second)
    r = aeref("show", public, "--private", second)
    assert r.exit_code == 2, r
    assert "a second private file of the Axis faction" in r.stderr


def test_1_1_show_says_whose_view_a_split_position_is(aeref, folder):
    """1.1: a public file read with every private file is the whole position, and ``show`` says so in its first
    line (as ``--as referee``); read without one, its first line says that what no file holds lies face down.
    A whole file shown without ``--as`` holds everything and says so too ("shows all, and says so")."""
    public = _split(aeref, folder)
    r = aeref("show", public)
    assert r.exit_code == 0 and r.stdout.splitlines()[0].startswith("Referee's view"), r
    (folder / "pub.soviet.private.yaml").unlink()
    r = aeref("show", public)
    assert r.exit_code == 0 and r.stdout.splitlines()[0].startswith("Public view"), r
    assert aeref("show", public, "--json").json["viewer"] == "public"
    assert aeref("show", folder / "tk-1939.yaml", "--json").json["viewer"] == "referee"
    r = aeref("show", folder / "tk-1939.yaml")
    assert r.stdout.splitlines()[0] == "Referee's view: every faction's hands and Pending Cards are shown", r
