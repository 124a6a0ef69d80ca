"""The README and the documentation pages show real output: every `$ aeref ...` line in
the code blocks of README.md and of each page in docs/ is run, in order, in a copy of
examples/ (a page writes files and reads them back), and must print exactly what the
page shows, with the exit code it shows (`(exit N)`, else 0). Bring the pages up to
date with `python -m tests.support.docs README.md docs/*.md`.

The generated parts of the documentation are checked too: the command reference names
every command (mkdocs-click renders its --help), and the table of interpretations is
the one model/game/interpretations.py gives (`python -m tests.support.pages`)."""

import re

import pytest

from ..support import copy_examples, pages
from ..support.docs import ROOT, examples, run

#: the pages with commands, and how many each shows at least (a page that loses its
#: examples, or a change of the page format that hides them, fails)
LEAST = {"README.md": 2, "docs/tutorial.md": 12, "docs/commands.md": 16}


def _pages_with_commands():
    found = [p for p in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))] if examples(p)]
    return [str(p.relative_to(ROOT)) for p in found]


PAGES = _pages_with_commands()


def test_every_page_with_commands_is_checked():
    """The pages found are at least the ones known to show commands; README and docs
    together show at least as many as the README and the tutorial did before the docs site."""
    assert set(LEAST) <= set(PAGES), PAGES
    assert sum(len(examples(ROOT / p)) for p in PAGES) >= 30


@pytest.mark.parametrize("page", PAGES)
def test_page_shows_real_output(tmp_path, monkeypatch, page):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    found = examples(ROOT / page)
    assert len(found) >= LEAST.get(page, 1)
    for ex in found:
        code, got, _ = run(ex.command)
        assert got == ex.shown, f"{page}: the output of `{ex.command}` is out of date"
        assert code == ex.exit_code, f"{page}: `{ex.command}` exits {code}, the page shows {ex.exit_code}"


def test_the_tutorial_uses_no_editor():
    """A player plays the tutorial's Seasonal Turn with commands only: every step is an aeref command."""
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    commands = [ex.command.split()[1] for ex in examples(ROOT / "docs" / "tutorial.md")]
    for step in ("show", "pairs", "select", "next-turn", "reveal", "replacements"):
        assert step in commands, step
    for line in text.split("\n"):
        assert not line.startswith("$ ") or line.startswith("$ aeref "), line


def test_the_readme_starts_a_player():
    """The README is at most 15 KB; its first screen says that players bring their own decks
    and how to write one; it keeps the two set-up commands and the main example that .ci/run replays."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= 15 * 1024
    first_screen = "\n".join(text.split("\n")[:40])
    assert "your decks" in first_screen and "cards:" in first_screen and "aeref validate" in first_screen
    assert '```sh\npip install -e ".[test]"\npytest\n```' in text
    assert "$ aeref pairs examples/ae-soviet-production.yaml --faction soviet" in text


def _click_blocks(text):
    """(module, command, prog_name) of each `::: mkdocs-click` block of a page."""
    blocks = []
    for m in re.finditer(r"^::: mkdocs-click\n((?:    :\w+: .*\n)+)", text, re.M):
        opts = dict(re.findall(r"^    :(\w+): (.*)$", m.group(1), re.M))
        blocks.append((opts["module"], opts["command"], opts["prog_name"]))
    return blocks


def test_every_command_has_its_help_on_the_commands_page():
    """docs/commands.md renders each command's --help with mkdocs-click: every command `aeref --help`
    lists has one block, and each block names the very command its heading names."""
    import importlib

    import click

    from aeref.cli.main import cli

    blocks = _click_blocks((ROOT / "docs" / "commands.md").read_text(encoding="utf-8"))
    ctx = click.Context(cli)
    names = cli.list_commands(ctx)
    assert sorted(prog.split()[1] for _, _, prog in blocks) == sorted(names)
    for module, attr, prog in blocks:
        assert getattr(importlib.import_module(module), attr) is cli.get_command(ctx, prog.split()[1]), prog


def test_the_interpretations_page_is_current():
    """docs/interpretations.md shows the table model/game/interpretations.py gives, every interpretation in it."""
    from aeref.model.game.interpretations import INTERPRETATIONS

    text = pages.INTERPRETATIONS_PAGE.read_text(encoding="utf-8")
    assert pages.current(text) == text, "run `python -m tests.support.pages`"
    for name in INTERPRETATIONS:
        assert f"| `{name}` |" in text


def test_the_deck_examples_are_decks(tmp_path):
    """The deck a player copies from the README or docs/decks.md is one `aeref validate` accepts."""
    checked = 0
    for page in ("README.md", "docs/decks.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
            if re.search(r"^cards:", block, re.M) and not re.search(r"^game:", block, re.M):
                deck = tmp_path / f"deck{checked}.yaml"
                deck.write_text(block, encoding="utf-8")
                code, got, _ = run(f"aeref validate {deck}")
                assert code == 0 and got[0].startswith("OK: "), (page, got)
                checked += 1
    assert checked >= 2
