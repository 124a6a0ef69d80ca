"""The commands of a Markdown page (README.md, docs/tutorial.md) and the output it shows.

A command is a line ``$ aeref ...`` inside a code block; its output is every
line after it up to the next ``$`` line or the end of the block; a last line
``(exit N)`` gives the exit code (0 when there is none). The commands run in
order, in one folder that holds a copy of examples/, so that a page can write
a file and read it in the next command.

To bring a page up to date after a change of output, run from the top of the
repository (in the virtual environment)::

    python -m tests.support.docs README.md docs/tutorial.md
"""
from __future__ import annotations

import re
import shlex
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import copy_examples
from .cli import run as run_cli

ROOT = Path(__file__).resolve().parents[2]
_EXIT = re.compile(r"^\(exit (\d+)\)$")


@dataclass
class Example:
    command: str          # the line without "$ "
    shown: list           # the output lines the page shows (blank lines left out)
    exit_code: int
    start: int            # index of the "$" line in the page
    end: int              # index of the line after the output


def examples(page: Path) -> list[Example]:
    lines = page.read_text(encoding="utf-8").split("\n")
    inside, out = False, []
    for i, line in enumerate(lines):
        if line.startswith("```"):
            inside = not inside
            continue
        if inside and line.startswith("$ aeref "):
            shown, code, j = [], 0, i + 1
            while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
                m = _EXIT.match(lines[j].strip())
                if m:
                    code = int(m.group(1))
                elif lines[j].strip():
                    shown.append(lines[j])
                j += 1
            out.append(Example(line[2:], shown, code, i, j))
    return out


def run(command: str):
    """Run one page command in the current folder: (exit code, output lines without blank ones, raw output)."""
    command, _, pipe = command.partition(" | grep ")
    r = run_cli(*shlex.split(command)[1:])
    text = r.output
    got = [line for line in text.split("\n") if line.strip()]
    if pipe:
        pattern = shlex.split(pipe)[0]
        got = [line for line in got if re.search(pattern.replace("\\|", "|"), line)]
        text = "\n".join(got) + "\n"
    return r.exit_code, got, text


def update(page: Path) -> None:
    """Rewrite the outputs ``page`` shows with what the commands print now."""
    lines = page.read_text(encoding="utf-8").split("\n")
    work = Path(tempfile.mkdtemp(prefix="aeref-docs-"))
    copy_examples(work / "examples")
    import os
    here = os.getcwd()
    os.chdir(work)
    try:
        new, last = [], 0
        for ex in examples(page):
            code, _, text = run(ex.command)
            new += lines[last:ex.start + 1]
            new += text.rstrip("\n").split("\n") if text.strip() else []
            if code:
                new.append(f"(exit {code})")
            old = lines[ex.start + 1:ex.end]
            new += [""] * (len(old) - len("\n".join(old).rstrip("\n").split("\n")) if "\n".join(old).strip() else len(old))
            last = ex.end
        new += lines[last:]
    finally:
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)
    page.write_text("\n".join(new), encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        update(Path(name).resolve())
        print(f"updated {name}")
