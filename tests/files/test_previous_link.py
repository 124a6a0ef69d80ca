"""``previous:`` (the state file of the Seasonal Turn the Pending Cards were selected in, which 1.1.1 Step 2
checks every reveal against) is checked by every command that reads a state file, not by ``reveal`` alone:
missing, a folder, a device, the file itself, or a chain of ``previous:`` files that comes back is one
``Error:`` line naming the file and ``previous:``, exit 2. And no command writes a file over an earlier
position its ``previous:`` leads to."""
from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import given, settings, strategies as st

from ..support.seasonal import EXAMPLES
from ..support.cli import one_error as _one_error

#: Every command that reads a state file, with what it needs besides STATE (none writes: the link is checked first).
COMMANDS = [
    ["validate"], ["show"], ["report", "-o", "{out}/page.html"], ["pairs", "-f", "axis"],
    ["check", "-f", "axis"], ["why", "-f", "axis", "28b"], ["reveal", "-f", "axis"], ["war-state"], ["drm"],
    ["logistics", "-f", "axis"], ["replacements", "-f", "axis"], ["next-turn", "--write", "{out}/next.yaml"],
    ["plan", "-f", "axis", "--turns", "1"], ["split", "-o", "{out}/pub.yaml"],
]


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    (tmp_path / "out").mkdir()
    return tmp_path / "ex"


def _with_previous(folder, previous: str, name: str = "r.yaml"):
    text = (folder / "ds-axis-reveal.yaml").read_text(encoding="utf-8")
    assert "previous: ds-axis-selected.yaml" in text
    p = folder / name
    p.write_text(text.replace("previous: ds-axis-selected.yaml", f"previous: {previous}"), encoding="utf-8")
    return p


def _run(aeref, folder, command, state):
    args = [a.replace("{out}", str(folder.parent / "out")) for a in command]
    return aeref(args[0], state, *args[1:])


BROKEN = {
    "missing": ("nowhere.yaml", "is not found"),
    "folder": ("decks", "is a directory"),
    "device": ("/dev/null", "not a regular file"),
    "itself": ("r.yaml", "is this file itself"),
}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("kind", list(BROKEN))
def test_1_1_1_a_broken_previous_link_is_refused_by_every_command(aeref, folder, command, kind):
    previous, says = BROKEN[kind]
    state = _with_previous(folder, previous)
    before = sorted(os.listdir(folder.parent / "out"))
    line = _one_error(_run(aeref, folder, command, state), f"{state}: previous: {previous}", says)
    assert "Traceback" not in line
    assert sorted(os.listdir(folder.parent / "out")) == before       # nothing written


@pytest.mark.parametrize("command", [["validate"], ["show"], ["report", "-o", "{out}/page.html"], ["pairs", "-f", "axis"]],
                         ids=lambda c: c[0])
def test_1_1_1_a_cycle_of_previous_files_is_refused(aeref, folder, command):
    """r.yaml -> s.yaml -> r.yaml: the position before r.yaml would be one of its own later ones."""
    sel = (folder / "ds-axis-selected.yaml").read_text(encoding="utf-8")
    (folder / "s.yaml").write_text(sel.replace("turn: Aug-Sept 1941", "turn: Aug-Sept 1941\nprevious: r.yaml"),
                                   encoding="utf-8")
    state = _with_previous(folder, "s.yaml")
    _one_error(_run(aeref, folder, command, state), f"{state}: previous: s.yaml", "r.yaml -> s.yaml -> r.yaml", "cycle")


def test_1_1_1_a_longer_cycle_beyond_the_first_link_is_refused(aeref, folder):
    """r.yaml -> a.yaml -> b.yaml -> a.yaml: the cycle does not pass through r.yaml, still it is refused."""
    sel = (folder / "ds-axis-selected.yaml").read_text(encoding="utf-8")
    for name, prev in (("a.yaml", "b.yaml"), ("b.yaml", "a.yaml")):
        (folder / name).write_text(sel.replace("turn: Aug-Sept 1941", f"turn: Aug-Sept 1941\nprevious: {prev}"),
                                   encoding="utf-8")
    state = _with_previous(folder, "a.yaml")
    _one_error(aeref("validate", state), f"{state}: previous: a.yaml", "a.yaml -> b.yaml -> a.yaml", "cycle")


def test_1_1_1_a_good_previous_link_passes(aeref, folder):
    """The shipped example: ds-axis-reveal.yaml names ds-axis-selected.yaml, which has no previous."""
    r = aeref("validate", folder / "ds-axis-reveal.yaml")
    assert r.exit_code == 0, r
    r = aeref("show", folder / "ds-axis-reveal.yaml")
    assert r.exit_code == 0, r


def test_1_1_1_previous_of_the_previous_file_is_not_this_commands(aeref, folder):
    """The file previous: names may itself name a file this player does not hold (the first file of a
    game passed by mail): the reveal reads the file before it and goes on."""
    sel = folder / "ds-axis-selected.yaml"
    sel.write_text(sel.read_text(encoding="utf-8").replace("turn: Aug-Sept 1941",
                                                           "turn: Aug-Sept 1941\nprevious: not-held.yaml"),
                   encoding="utf-8")
    r = aeref("reveal", folder / "ds-axis-reveal.yaml", "-f", "axis")
    assert r.exit_code in (0, 1), r


def test_1_1_1_reveal_over_the_file_previous_names_is_refused(aeref, folder):
    """``reveal R --write S --force`` where R says ``previous: S``: S is the position the Pending Card was
    selected in; replacing it is refused, naming previous: and what to do, and S is unchanged."""
    prev = folder / "ds-axis-selected.yaml"
    before = prev.read_bytes()
    r = aeref("reveal", folder / "ds-axis-reveal.yaml", "-f", "axis", "--write", prev, "--force")
    _one_error(r, "previous:", "write to a new file")
    assert prev.read_bytes() == before


def test_1_1_1_a_write_over_an_earlier_position_of_the_chain_is_refused(aeref, folder):
    """The chain ds-axis-reveal.yaml -> ds-axis-selected.yaml -> g.yaml: the reveal written over g.yaml, the
    position two links back, is refused too, g.yaml kept."""
    sel = folder / "ds-axis-selected.yaml"
    text = sel.read_text(encoding="utf-8")
    (folder / "g.yaml").write_text(text.replace("turn: Aug-Sept 1941", "turn: May-June 1941"), encoding="utf-8")
    sel.write_text(text.replace("turn: Aug-Sept 1941", "turn: Aug-Sept 1941\nprevious: g.yaml"), encoding="utf-8")
    before = (folder / "g.yaml").read_bytes()
    r = aeref("reveal", folder / "ds-axis-reveal.yaml", "-f", "axis", "--write", folder / "g.yaml", "--force")
    _one_error(r, "previous:", "earlier position", "write to a new file")
    assert (folder / "g.yaml").read_bytes() == before


def test_api_write_over_previous_raises_input_error(folder):
    """The API refuses the same: :class:`aeref.api.InputError` naming ``previous``."""
    from aeref import api

    pos = api.load(folder / "ds-axis-reveal.yaml")
    res = pos.reveal("axis")
    with pytest.raises(api.InputError) as err:
        res.write(str(folder / "ds-axis-selected.yaml"), force=True)
    assert err.value.place == "previous"


def test_1_1_1_split_over_the_file_previous_names_is_refused(aeref, folder):
    """``split R -o S --force`` where R says ``previous: S``: refused as every writer refuses it, S kept."""
    prev = folder / "ds-axis-selected.yaml"
    before = prev.read_bytes()
    r = aeref("split", folder / "ds-axis-reveal.yaml", "-o", prev, "--force")
    _one_error(r, "previous:", "write to a new file")
    assert prev.read_bytes() == before
    assert not list(folder.glob("ds-axis-selected.*.private.yaml"))


# ----------------------------------------------------------------------------- random chains, against a walk of names


def _oracle(links: dict) -> str:
    """What the link of file 0 is, from the names alone: ``none`` (no previous:), ``itself``, ``back`` (the walk
    returns to file 0), ``cycle`` (it returns to another file) or ``ok``."""
    first = links[0]
    if first is None:
        return "none"
    if first == 0:
        return "itself"
    seen, here = set(), first
    while here is not None:
        if here == 0:
            return "back"
        if here in seen:
            return "cycle"
        seen.add(here)
        here = links[here]
    return "ok"


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=1, max_value=7).flatmap(
    lambda n: st.lists(st.one_of(st.none(), st.integers(0, n - 1)), min_size=n, max_size=n)))
def test_1_1_1_the_link_check_agrees_with_a_walk_of_names(tmp_path_factory, links):
    """Chains of up to 7 files, each ``previous:`` none or any file (itself included): the check refuses exactly
    the chains that come back, naming which way."""
    from aeref.model.files.previous import link_problems

    folder = tmp_path_factory.mktemp("chain")
    links = dict(enumerate(links))
    for i, j in links.items():
        (folder / f"f{i}.yaml").write_text("game: tk\n" + (f"previous: f{j}.yaml\n" if j is not None else ""),
                                           encoding="utf-8")
    want = _oracle(links)
    if want == "none":
        return
    got = link_problems("f0.yaml", folder / "f0.yaml", f"f{links[0]}.yaml", folder / f"f{links[0]}.yaml")
    said = {"itself": "is this file itself", "back": "leads back to this file", "cycle": "leads to a cycle"}
    if want == "ok":
        assert got == [], got
    else:
        assert len(got) == 1 and got[0].where == "previous" and said[want] in got[0].message, (links, got)
