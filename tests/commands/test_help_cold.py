"""``aeref --help`` and the shell completion of command names load no rules: each command's short help is
made by click from the docstring read in its module's source (cli/help.py ``doc_of``), so no command
module (each imports aeref.api) is imported. Measured by bench/cold_help.py."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from aeref.cli.help import SECTIONS, LazyCommands, doc_of
from aeref.cli.main import cli

PROBE = """
import sys
sys.argv = ["aeref", *sys.argv[1:]]
from aeref.cli.main import main
try:
    main()
finally:
    print("LOADED", " ".join(sorted(sys.modules)))
"""

COMMANDS = [(n, spec) for _, cmds in SECTIONS for n, spec in cmds]


def _loaded(args: list, env: dict) -> tuple[str, set]:
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "COLUMNS": "100", **env})
    text, _, loaded = out.stdout.partition("LOADED")
    return text, set(loaded.split())


def _heavy(loaded: set) -> list:
    return sorted(m for m in loaded if m == "aeref.api" or m.startswith(("aeref.solver", "aeref.model", "pydantic.main")))


@pytest.mark.parametrize("args, env, shown", [
    (["--help"], {}, "The Option Card Segment (1.1):"),
    ([], {"_AEREF_COMPLETE": "bash_complete", "COMP_WORDS": "aeref pa", "COMP_CWORD": "1"}, "plain,pairs"),
    ([], {"_AEREF_COMPLETE": "zsh_complete", "COMP_WORDS": "aeref ", "COMP_CWORD": "1"}, "Rule on one proposed"),
])
def test_help_and_the_completion_of_command_names_load_no_rules(args, env, shown):
    text, loaded = _loaded(args, env)
    assert shown in text, text
    assert "aeref.cli.main" in loaded                  # the probe can fail: it saw the command line's modules
    assert _heavy(loaded) == []


def test_a_commands_own_help_still_loads_it():
    """``aeref pairs --help`` needs the command's options: its module (and the rules) is imported; the probe
    tells the two apart."""
    text, loaded = _loaded(["pairs", "--help"], {})
    assert "--faction" in text and "aeref.api" in _heavy(loaded)


@pytest.mark.parametrize("name, spec", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_the_docstring_read_from_the_source_is_the_commands_help(name, spec):
    """The help read without importing is the command's own, so the short helps cannot drift from it."""
    assert doc_of(spec) == cli.commands[name].help


@pytest.mark.parametrize("limit", [20, 45, 74, 200])
def test_the_short_help_without_importing_is_clicks(limit):
    fresh = LazyCommands({n: spec for n, spec in COMMANDS})
    for name, _ in COMMANDS:
        assert fresh.short_help(name, limit) == cli.commands[name].get_short_help_str(limit), name


def test_the_group_help_is_the_same_whether_the_commands_are_loaded_or_not():
    """The listing of ``aeref --help`` from the source's docstrings equals the one from the loaded commands."""
    import click

    from aeref.cli.help import ReferenceGroup

    def listing(group) -> str:
        formatter = click.HelpFormatter(width=100)
        group.format_commands(click.Context(group, info_name="aeref"), formatter)
        return formatter.getvalue()

    fresh = ReferenceGroup(name="aeref")
    assert all(isinstance(dict.__getitem__(fresh.commands, n), str) for n, _ in COMMANDS)
    unloaded = listing(fresh)
    assert all(isinstance(dict.__getitem__(fresh.commands, n), str) for n, _ in COMMANDS)   # still unloaded
    for name, _ in COMMANDS:
        fresh.commands[name]                            # every command loaded
    assert unloaded == listing(fresh) and "The Replacements Segment (1.3):" in unloaded
