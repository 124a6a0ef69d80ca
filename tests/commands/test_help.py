"""`aeref --help` (the commands grouped in the order of play), `aeref help [COMMAND]`, `-V`, and
the lazy command group (a command's module is imported only when it runs)."""
from __future__ import annotations

import ast
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from aeref.cli.help import SECTIONS, ReferenceGroup
from aeref.cli.main import cli


def run(*args):
    """Run aeref as the console script names itself; returns (exit code, stdout, stderr)."""
    r = CliRunner().invoke(cli, list(args), prog_name="aeref")
    return r.exit_code, r.stdout, r.stderr


def _sections(text: str) -> list:
    """``[(section title, [command names])]`` of a help text, in its order."""
    out = []
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":") and not line.startswith("Usage"):
            out.append((line[:-1], []))
        elif line.startswith("  ") and out and line.split():
            out[-1][1].append(line.split()[0])
    return out


def test_help_lists_the_commands_grouped_in_the_order_of_play():
    code, text, _ = run("--help")
    assert code == 0
    got = [(t, names) for t, names in _sections(text) if t != "Options"]
    assert got == [
        ("The position", ["validate", "show", "report", "split"]),
        ("The Option Card Segment (1.1)", ["reveal", "drm", "war-state", "pairs", "check", "why", "select"]),
        ("The Logistics Segment (1.2)", ["logistics", "check-logistics"]),
        ("The Replacements Segment (1.3)", ["replacements", "check-replacements"]),
        ("The next Seasonal Turn", ["next-turn"]),
        ("Planning ahead", ["plan"]),
        ("The game record", ["verify", "log"]),
        ("Files", ["deck", "schema", "help"]),
        ("Programs", ["serve"]),
    ]
    # every command is listed once, and every command listed runs
    listed = [n for _, names in got for n in names]
    assert sorted(listed) == sorted(cli.commands) == sorted(set(listed))
    # the short help of each starts in the same column in every section
    columns = {line.index(line.split()[1]) for line in text.splitlines()
               if line.startswith("  ") and len(line.split()) > 1 and line.split()[0] in listed}
    assert len(columns) == 1


@pytest.mark.parametrize("command", [name for _, cmds in SECTIONS for name, _ in cmds])
def test_help_command_prints_what_command_help_prints(command):
    a, b = run("help", command), run(command, "--help")
    assert a[0] == b[0] == 0
    assert a[1] == b[1] and a[1].startswith(f"Usage: aeref {command} ")


def test_help_alone_is_the_help_of_aeref():
    assert run("help")[1] == run("--help")[1]


def test_help_of_an_unknown_command_is_a_usage_error():
    code, text, err = run("help", "paris")
    assert code == 2 and text == ""
    assert err.strip() == "Error: no such command 'paris' (did you mean pairs?); `aeref --help` lists the commands"


def test_dash_v_is_the_version():
    a, b = run("-V"), run("--version")
    assert a[0] == b[0] == 0 and a[1] == b[1] and a[1].startswith("aeref, version ")


PROBE = """
import sys
from aeref.cli.main import cli
rc = cli.main(args=sys.argv[1:], standalone_mode=False)
print('CLI', sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('aeref.cli.') ))
"""


def test_a_command_imports_only_its_own_module():
    out = subprocess.run([sys.executable, "-c", PROBE, "schema", "--kind", "deck"], capture_output=True, text=True,
                         timeout=120)
    line = [l for l in out.stdout.splitlines() if l.startswith("CLI")][-1]
    loaded = set(ast.literal_eval(line[len("CLI "):]))
    commands = {spec.split(":")[0] for _, cmds in SECTIONS for _, spec in cmds}
    assert loaded & commands == {"schema", "help"}, (loaded, out.stderr)      # help: the group itself
    assert {"selection", "replacements", "report", "procedure"}.isdisjoint(loaded)


def test_a_command_added_outside_the_sections_is_still_listed():
    group = ReferenceGroup(name="aeref", help="aeref.")
    group.add_command(click.Command("extra", help="An extra command."))
    r = CliRunner().invoke(group, ["--help"], prog_name="aeref")
    assert r.exit_code == 0
    assert ("Other commands", ["extra"]) in _sections(r.stdout)


def test_help_of_a_subcommand_is_its_own_help():
    """`aeref help deck new` prints what `aeref deck new --help` prints; a subcommand that is not there is a
    usage error (exit 2)."""
    a, b = run("help", "deck", "new"), run("deck", "new", "--help")
    assert a[0] == b[0] == 0 and a[1] == b[1] and "--faction" in a[1]
    assert run("help", "deck", "old")[0] == 2 and run("help", "pairs", "x")[0] == 2
