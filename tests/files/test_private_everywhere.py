"""One set of options for face-down files (1.1): ``--private`` on every command that reads a state file;
``show`` and ``report`` of a public file without ``--as`` are the public view (no error naming a private
file the player can never have); ``validate`` knows a private file; "file exists" names the file that is
really in the way."""
from __future__ import annotations

import shutil

import click
import pytest

from aeref.cli.main import cli
from aeref.cli.options import _keep_privates

from ..support.seasonal import EXAMPLES
from ..support.cli import one_error as _one_error


def _state_commands():
    ctx = click.Context(cli)
    out = []
    for name in cli.list_commands(ctx):
        cmd = cli.get_command(ctx, name)
        subs = [cmd.get_command(ctx, n) for n in cmd.list_commands(ctx)] if isinstance(cmd, click.Group) else [cmd]
        out += [(name, c) for c in subs if any(p.name == "state" for p in c.params)]
    return out


@pytest.mark.parametrize("name,command", _state_commands(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_command_that_reads_a_state_file_takes_private(name, command):
    """The one shared option (cli/options.py ``private_option``), not one of its own."""
    opts = [p for p in command.params if "--private" in getattr(p, "opts", ())]
    assert len(opts) == 1, f"{name} has no --private"
    assert opts[0].callback is _keep_privates


def _mail(tmp_path, source: str = "tk-1939.yaml"):
    """``source`` split: the public file ``mail/t.yaml`` alone in its folder, the private files in ``own/``
    (each player's own folder)."""
    from ..support.cli import run

    shutil.copytree(EXAMPLES / "decks", tmp_path / "decks")
    shutil.copy2(EXAMPLES / source, tmp_path / source)
    (tmp_path / "mail").mkdir()
    (tmp_path / "own").mkdir()
    r = run("split", tmp_path / source, "-o", tmp_path / "mail" / "t.yaml")
    assert r.exit_code == 0, r
    for f in ("axis", "western", "soviet"):
        mine = tmp_path / "mail" / f"t.{f}.private.yaml"
        if mine.exists():
            mine.rename(tmp_path / "own" / mine.name)
    return tmp_path


@pytest.fixture
def mail(tmp_path):
    return _mail(tmp_path)


#: The commands that lacked --private, each with its source, its faction and what it needs; the exit codes a
#: good run may give.
COMMANDS = [
    ("tk-1939.yaml", "axis", ["validate"], (0,)),
    ("tk-1939.yaml", "axis", ["plan", "-f", "axis", "--turns", "1"], (0, 1)),
    ("tk-1939.yaml", "axis", ["war-state"], (0, 1)),
    ("tk-1939.yaml", "axis", ["drm"], (0,)),
    ("tk-soviet-replacements.yaml", "soviet", ["logistics", "-f", "soviet"], (0, 1)),
    ("tk-soviet-replacements.yaml", "soviet", ["check-logistics", "-f", "soviet"], (0, 1)),
    ("ds-axis-selected.yaml", "axis", ["next-turn", "--write", "{tmp}/mail/next.yaml"], (0,)),
    ("tk-1939.yaml", "axis", ["split", "-o", "{tmp}/again.yaml"], (0,)),
]


def _args(command, tmp):
    return [a.replace("{tmp}", str(tmp)) for a in command]


@pytest.mark.parametrize("source,faction,command,codes", COMMANDS, ids=lambda c: c[0] if isinstance(c, list) else "")
def test_private_is_read_by_the_commands_that_lacked_it(aeref, tmp_path, source, faction, command, codes):
    """Given with --private the private file is joined (a good one: the command runs; one of another game:
    one Error line naming it, so it was read)."""
    mail = _mail(tmp_path, source)
    state = mail / "mail" / "t.yaml"
    mine = mail / "own" / f"t.{faction}.private.yaml"
    args = _args(command, mail)
    r = aeref(args[0], state, *args[1:], "--private", mine)
    assert r.exit_code in codes, r
    wrong = mail / "own" / "wrong.private.yaml"
    text = mine.read_text(encoding="utf-8")
    assert f"game: {source[:2]}" in text
    wrong.write_text(text.replace(f"game: {source[:2]}", "game: ae"), encoding="utf-8")
    for p in [*mail.rglob("next*.yaml"), *mail.rglob("again*.yaml")]:
        p.unlink()
    r = aeref(args[0], state, *args[1:], "--private", wrong)
    _one_error(r, "wrong.private.yaml", "another game")


def test_validate_counts_the_hand_of_the_private_file_given(aeref, mail):
    state = mail / "mail" / "t.yaml"
    r = aeref("validate", state)
    assert r.exit_code == 0 and "0 cards in hands" in r.stdout, r
    r = aeref("validate", state, "--private", mail / "own" / "t.axis.private.yaml")
    assert r.exit_code == 0 and "4 cards in hands" in r.stdout, r


def test_plan_needs_the_hand_and_finds_it_through_private(aeref, mail):
    """1.1.3: a plan selects from the faction's hand; face down without the private file (the message says
    to give --private, which plan now takes)."""
    state = mail / "mail" / "t.yaml"
    _one_error(aeref("plan", state, "-f", "axis", "--turns", "1"), "--private")
    r = aeref("plan", state, "-f", "axis", "--turns", "1", "--private", mail / "own" / "t.axis.private.yaml")
    assert r.exit_code in (0, 1), r


@pytest.mark.parametrize("command", [["show"], ["report", "-o", "{tmp}/page.html"], ["report", "--json"]],
                         ids=lambda c: " ".join(c[:2]))
def test_show_and_report_of_a_public_file_without_as_are_the_public_view(aeref, mail, command):
    """No private file beside it, no --as: the page and the overview show what every player may see (1.1),
    and no message names a private file."""
    args = _args(command, mail)
    r = aeref(args[0], mail / "mail" / "t.yaml", *args[1:])
    assert r.exit_code == 0, r
    assert "private" not in r.stderr
    if "--json" in command:
        assert r.json["factions"] == [] or all(not f.get("matrix") for f in r.json["factions"]), r.json["factions"]


def test_report_of_a_public_file_with_one_private_file_draws_that_factions_matrix(aeref, mail):
    r = aeref("report", mail / "mail" / "t.yaml", "--json", "--private", mail / "own" / "t.axis.private.yaml")
    assert r.exit_code == 0, r
    assert [f["faction"] for f in r.json["factions"]] == ["axis"], r.json["factions"]


def test_report_asked_for_a_face_down_faction_says_which_private_file(aeref, mail):
    _one_error(aeref("report", mail / "mail" / "t.yaml", "-f", "soviet", "--json"), "t.soviet.private.yaml")


def test_validate_of_a_private_file_validates_it_with_its_public_file(aeref, mail):
    """Beside its public file (STEM.FACTION.private.yaml with STEM.yaml) it is joined and checked; its hand is
    counted."""
    shutil.copy2(mail / "own" / "t.axis.private.yaml", mail / "mail" / "t.axis.private.yaml")
    r = aeref("validate", mail / "mail" / "t.axis.private.yaml")
    assert r.exit_code == 0, r
    assert "the private file of the Axis faction, joined to" in r.stdout and "4 cards" in r.stdout
    r = aeref("validate", mail / "mail" / "t.axis.private.yaml", "--json")
    assert r.exit_code == 0 and r.json["kind"] == "private" and r.json["ok"] is True, r


def test_validate_of_a_private_file_names_its_public_file_with_state(aeref, mail):
    r = aeref("validate", mail / "own" / "t.axis.private.yaml", "--state", mail / "mail" / "t.yaml")
    assert r.exit_code == 0, r


def test_validate_of_a_private_file_without_its_public_file_says_to_give_it(aeref, mail):
    line = _one_error(aeref("validate", mail / "own" / "t.axis.private.yaml"), "t.axis.private.yaml: private:",
                      "private file of the Axis faction", "--state PUBLIC")
    assert "war-state" not in line and "unknown key" not in line


def test_validate_of_a_broken_private_file_names_the_place(aeref, mail):
    mine = mail / "own" / "t.axis.private.yaml"
    mine.write_text(mine.read_text(encoding="utf-8") + "ds:\n  hand: []\n", encoding="utf-8")
    _one_error(aeref("validate", mine, "--state", mail / "mail" / "t.yaml"), "t.axis.private.yaml: ds:", "no Axis section")


def test_file_exists_names_the_private_file_in_the_way(aeref, mail):
    """``select --seal --write n.yaml``: n.yaml is free but n.axis.private.yaml exists: the message names
    n.axis.private.yaml, and nothing is written."""
    state = mail / "mail" / "t.yaml"
    mine = mail / "own" / "t.axis.private.yaml"
    # the private file is written where its player keeps it: beside the one read (own/)
    (mail / "own" / "n.axis.private.yaml").write_text("private: axis\n", encoding="utf-8")
    r = aeref("select", state, "-f", "axis", "--tk", "4a", "--seal", "--write", mail / "mail" / "n.yaml",
              "--private", mine)
    _one_error(r, "n.axis.private.yaml", "exists", "--force")
    assert not (mail / "mail" / "n.yaml").exists()
    assert (mail / "own" / "n.axis.private.yaml").read_text(encoding="utf-8") == "private: axis\n"


@pytest.mark.parametrize("command", [["show"], ["pairs", "-f", "axis"], ["report", "--json"]], ids=lambda c: c[0])
def test_a_private_file_given_as_state_says_to_give_its_public_file(aeref, mail, command):
    """Not "unknown key private" and a list of missing keys: one line saying what the file is and what to give."""
    mine = mail / "own" / "t.axis.private.yaml"
    line = _one_error(aeref(command[0], mine, *command[1:]), f"{mine}: private: a private file", "public file",
                      "--private")
    assert "unknown key" not in line and "required" not in line
