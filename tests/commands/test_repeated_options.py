"""A single-value option given twice is a usage error: ``--tk 38 --tk 39`` is exit 2,
never the last one silently; for every such option of every command (found by introspection)."""
from __future__ import annotations

import click
import pytest

from aeref.cli.main import cli

from ..support.cli import run


def _commands():
    ctx = click.Context(cli)
    for name in sorted(cli.list_commands(ctx)):
        cmd = cli.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            for sub in sorted(cmd.list_commands(ctx)):
                yield [name, sub], cmd.get_command(ctx, sub)
        else:
            yield [name], cmd


SINGLE = [(words, opt.opts[0]) for words, cmd in _commands() for opt in cmd.params
          if isinstance(opt, click.Option) and not (opt.multiple or opt.count or opt.is_flag)]


def test_there_are_single_value_options():
    assert len(SINGLE) > 10 and any(o == "--tk" for _, o in SINGLE)


@pytest.mark.parametrize("words,option", SINGLE, ids=[" ".join(w) + " " + o for w, o in SINGLE])
def test_single_value_option_given_twice_is_a_usage_error(words, option):
    """``aeref COMMAND --opt A --opt B`` exits 2 with one Error: line naming the option."""
    r = run(*words, option, "1", option, "2")
    assert r.code == 2, r.output
    assert r.stderr.strip() == f"Error: {option} is given twice: give it once", r.stderr


def test_check_tk_38_tk_39_is_refused():
    """The issue's example: ``check --tk 38 --tk 39`` does not rule on TK 39 alone."""
    r = run("check", "examples/ae-soviet-production.yaml", "--faction", "soviet", "--tk", "38", "--tk", "39")
    assert r.code == 2 and "--tk is given twice" in r.stderr


def test_flags_and_repeatable_options_may_repeat():
    """A flag (``--json --json``) and a repeatable option (``-i``) are not single values."""
    r = run("check", "examples/ae-soviet-production.yaml", "--faction", "soviet", "--tk", "39", "--json", "--json",
            "-i", "annual-scope=map", "-i", "annual-scope=map")
    assert r.code in (0, 1), r.output
