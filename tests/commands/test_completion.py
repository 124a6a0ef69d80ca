"""Shell completion: after --tk / --ds, the numbers of the cards in the faction's hand on
that map, read from the STATE file already typed; nothing without one, or with a broken one."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from aeref.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
AE = "examples/ae-soviet-production.yaml"


def complete(line: str, shell: str = "bash") -> list[str]:
    """What the shell is offered for the last word of ``line`` (click's completion protocol)."""
    words = line.split(" ")
    env = {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1), "_AEREF_COMPLETE": f"{shell}_complete"}
    r = CliRunner().invoke(cli, [], env=env, prog_name="aeref")
    lines = [x for x in r.stdout.splitlines() if x]
    if shell == "bash":                    # "type,value" per line
        return [x.split(",", 1)[1] for x in lines]
    return lines[1::3]                     # zsh: type, value, help


@pytest.fixture(autouse=True)
def _at_the_top(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_tk_completes_the_hand_numbers_of_the_faction():
    assert complete(f"aeref check {AE} --faction soviet --tk ") == ["26b", "38", "39"]
    assert complete(f"aeref check {AE} -f soviet --tk 3") == ["38", "39"]


def test_ds_completes_from_the_ds_hand_with_the_card_names_in_zsh():
    assert complete(f"aeref check {AE} -f soviet --ds ", "zsh") == ["11b", "24"]


def test_select_completes_too():
    assert complete("aeref select examples/ae-aug-1941.yaml -f axis --tk 2") == ["22a"]


def test_nothing_without_a_state_file_or_with_a_broken_one(tmp_path):
    assert complete("aeref check --tk ") == []
    assert complete("aeref check missing.yaml -f soviet --tk ") == []
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: [\n")
    assert complete(f"aeref check {bad} -f soviet --tk ") == []
