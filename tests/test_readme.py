"""The README shows real output: every `$ aeref ...` line in its code blocks is run
(in a copy of examples/) and must print exactly what the README shows."""
import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner

from aeref.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent


def _examples():
    lines = (ROOT / "README.md").read_text().split("\n")
    inside, out = False, []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            inside = not inside
            continue
        if inside and line.startswith("$ aeref "):
            shown = []
            for nxt in lines[i + 1:]:
                if nxt.startswith("$ ") or nxt.startswith("```"):
                    break
                if nxt.strip() and nxt.strip() != "(exit 1)":
                    shown.append(nxt)
            out.append((line[2:], shown))
    return out


def test_readme_shows_real_output(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    examples = _examples()
    assert len(examples) >= 10
    for cmd, shown in examples:
        command, _, pipe = cmd.partition(" | grep ")
        r = CliRunner().invoke(cli, shlex.split(command)[1:])
        got = [l for l in r.stdout.split("\n") if l.strip()]
        if pipe:
            pattern = shlex.split(pipe)[0]
            got = [l for l in got if re.search(pattern.replace("\\|", "|"), l)]
        assert got == shown, f"README output of `{cmd}` is out of date"
