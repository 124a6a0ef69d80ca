"""The place in every message: a wrong entry of ``decks:`` names the state file and ``decks[N]`` (and what the
file listed there is), a device there is "a deck file" that is wanted, and an alias bomb gives the line of
its first alias. Each one ``Error:`` line, exit 2."""
from __future__ import annotations


import pytest

from ..support.cli import one_error as _one_error


def _listing(folder, entry: str):
    text = (folder / "tk-1939.yaml").read_text(encoding="utf-8")
    line = "decks: [decks/axis.yaml, decks/western.yaml, decks/soviet.yaml]"
    assert line in text
    p = folder / "d.yaml"
    p.write_text(text.replace(line, f"decks: [decks/axis.yaml, decks/western.yaml, decks/soviet.yaml, {entry}]"),
                 encoding="utf-8")
    return p


@pytest.mark.parametrize("entry,what", [
    ("tk-1939.yaml", "(it is a state file)"),
    ("tk-soviet-allocation.yaml", "allocation file"),
    ("/proc/self/status", "a deck file is a mapping with a `cards:` list"),
])
@pytest.mark.parametrize("command", [["validate"], ["show"], ["pairs", "-f", "axis"]], ids=lambda c: c[0])
def test_a_file_that_is_no_deck_in_decks_names_the_state_file_and_its_entry(aeref, folder, entry, what, command):
    state = _listing(folder, entry)
    line = _one_error(aeref(command[0], state, *command[1:]), f"{state}: decks[3]: deck file {entry}", what)
    assert not line.startswith(f"Error: {entry}:")


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero"])
def test_a_device_in_decks_asks_for_a_deck_file(aeref, folder, device):
    state = _listing(folder, device)
    line = _one_error(aeref("validate", state), f"{state}: decks[3]: deck file {device}", "a deck file")
    assert "state file" not in line


def test_a_private_file_in_decks_is_named_as_one(aeref, folder):
    r = aeref("split", folder / "tk-1939.yaml", "-o", folder / "pub.yaml")
    assert r.exit_code == 0, r
    state = _listing(folder, "pub.axis.private.yaml")
    _one_error(aeref("validate", state), f"{state}: decks[3]", "(it is a private file)")


def test_validate_of_a_deck_alone_still_names_the_deck(aeref, folder):
    """Without a state file listing it, the message is the deck file's own (``aeref validate DECK``)."""
    bad = folder / "decks" / "bad.yaml"
    bad.write_text("cardz: []\n", encoding="utf-8")
    r = aeref("validate", bad)
    assert r.exit_code == 2, r
    assert str(bad) in r.stderr


def _bomb(first_alias_line: int) -> str:
    lines = ["game: tk", "turn: Mar-Apr 1939"] + ["# a comment"] * (first_alias_line - 4)
    lines.append("a0: &a0 [x, x, x, x, x, x, x, x, x, x]")
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("at", [4, 9])
def test_an_alias_bomb_gives_the_line_of_its_first_alias(aeref, tmp_path, at):
    text = _bomb(at)
    p = tmp_path / "bomb.yaml"
    p.write_text(text, encoding="utf-8")
    first = next(i for i, line in enumerate(text.splitlines(), 1) if "*a" in line)
    assert first == at
    column = text.splitlines()[first - 1].index("*") + 1
    _one_error(aeref("validate", p), f"{p}: line {first}, column {column}: YAML aliases would expand")


def test_an_alias_bomb_in_a_deck_names_the_deck_and_the_line(aeref, folder):
    (folder / "decks" / "bomb.yaml").write_text("cards:\n" + "\n".join(_bomb(4).splitlines()[2:]) + "\n",
                                                encoding="utf-8")
    state = _listing(folder, "decks/bomb.yaml")
    _one_error(aeref("validate", state), "decks/bomb.yaml: line 3, column", "YAML aliases would expand")
