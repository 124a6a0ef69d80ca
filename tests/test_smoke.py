"""The shipped AE example end to end through the CLI (FORMAT 5)."""
import json
from pathlib import Path

from click.testing import CliRunner

from aeref.cli.main import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_pairs_on_the_ae_production_example():
    r = CliRunner().invoke(cli, ["pairs", str(EXAMPLES / "ae-soviet-production.yaml"), "--faction", "soviet", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert {"tk": "tk-soviet-39", "ds": "ds-soviet-24"} in out["choices"]
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-24"} not in out["choices"]
