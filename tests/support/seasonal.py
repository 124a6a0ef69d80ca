"""Test helpers for the 1.1.1 / 12 / 1.1.2.1 / 1.2 tests: write a state file next
to copies of the shipped decks and run the CLI. Test-only data."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from aeref.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def write_state(tmp_path: Path, name: str, data: dict) -> Path:
    decks = tmp_path / "decks"
    if not decks.exists():
        shutil.copytree(EXAMPLES / "decks", decks)
    data = dict(data)
    data.setdefault("decks", ["decks/axis.yaml", "decks/western.yaml", "decks/soviet.yaml"])
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return p


def run(*args):
    """Run aeref; returns (exit code, parsed JSON or text, stderr)."""
    r = CliRunner().invoke(cli, [str(a) for a in args])
    out = r.stdout
    if "--json" in args and r.exit_code in (0, 1):
        out = json.loads(out)
    return r.exit_code, out, r.stderr
