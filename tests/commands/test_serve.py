"""``aeref serve --stdio``: JSON lines in, one JSON line out per request, in one real process; each answer
is the command's ``--json`` (1.1.3, 1.3 rulings as the commands give them) with the command's exit code."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from ..support import cli

ROOT = Path(__file__).resolve().parents[2]
AE = "examples/ae-soviet-production.yaml"

pytestmark = pytest.mark.skipif(cli.executable() is None, reason="the aeref console script is not installed")

REQUESTS = [
    ({"id": 1, "command": "pairs", "state": AE, "faction": "soviet"}, ["pairs", AE, "--faction", "soviet"]),
    ({"id": "b", "command": "check", "state": AE, "faction": "soviet", "tk": "38", "ds": "24"},
     ["check", AE, "--faction", "soviet", "--tk", "38", "--ds", "24"]),
    ({"id": 3, "command": "why", "state": "examples/tk-1939.yaml", "faction": "axis", "card": "22a"},
     ["why", "examples/tk-1939.yaml", "22a", "--faction", "axis"]),
    ({"id": 4, "command": "replacements", "state": "examples/tk-soviet-replacements.yaml", "faction": "soviet"},
     ["replacements", "examples/tk-soviet-replacements.yaml", "--faction", "soviet"]),
    ({"id": 5, "command": "logistics", "state": "examples/tk-soviet-replacements.yaml", "faction": "soviet"},
     ["logistics", "examples/tk-soviet-replacements.yaml", "--faction", "soviet"]),
]


def _serve(lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([cli.executable(), "serve", "--stdio"], input="\n".join(lines) + "\n", cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_each_answer_is_the_commands_json_with_its_exit_code():
    got = _serve([json.dumps(r) for r, _ in REQUESTS])
    assert got.returncode == 0 and got.stderr == "", got.stderr
    replies = [json.loads(line) for line in got.stdout.splitlines()]
    assert [r["id"] for r in replies] == [r["id"] for r, _ in REQUESTS]
    for reply, (_, args) in zip(replies, REQUESTS):
        ran = subprocess.run([cli.executable(), *args, "--json"], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
        expected = json.loads(ran.stdout)
        del expected["format-version"]
        assert (reply["format-version"], reply["exit-code"], reply["answer"]) == (1, ran.returncode, expected), args
    assert replies[1]["answer"]["violations"][0]["rule"] == "1.1.3.3" and replies[1]["exit-code"] == 1


def test_a_bad_request_is_answered_with_its_error_and_the_next_one_still_served():
    got = _serve(["not json", json.dumps({"id": 2, "command": "move", "state": AE}),
                  json.dumps({"id": 3, "command": "check", "state": "examples/missing.yaml", "faction": "soviet"}),
                  json.dumps({"id": 4, "command": "pairs", "state": AE}),
                  json.dumps({"id": 5, "command": "check", "state": AE, "faction": "soviet", "tk": "39", "ds": "11b"})])
    replies = [json.loads(line) for line in got.stdout.splitlines()]
    assert got.returncode == 0 and len(replies) == 5
    assert [r["exit-code"] for r in replies] == [2, 2, 2, 2, 0]
    assert replies[0]["error"].startswith("the request is not JSON")
    assert "unknown command 'move'" in replies[1]["error"]
    assert replies[2]["error"] == "examples/missing.yaml: file not found"
    assert replies[3]["error"] == "the request lacks 'faction'"
    assert replies[4]["answer"]["legal"] is True


def test_a_state_file_changed_between_requests_is_read_again(tmp_path):
    """The position is kept between requests and read again when its file changes: here broken on purpose,
    so the second answer is its error."""
    import shutil
    shutil.copytree(ROOT / "examples", tmp_path / "ex")
    state = tmp_path / "ex" / "ae-soviet-production.yaml"
    req = json.dumps({"id": 1, "command": "check", "state": str(state), "faction": "soviet", "tk": "38", "ds": "24"})
    p = subprocess.Popen([cli.executable(), "serve", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, cwd=tmp_path)
    p.stdin.write(req + "\n")
    p.stdin.flush()
    first = json.loads(p.stdout.readline())
    state.write_text(state.read_text().replace("game: ae", "game: chess", 1))
    p.stdin.write(req + "\n")
    p.stdin.close()
    second = json.loads(p.stdout.readline())
    assert p.wait(60) == 0
    assert first["exit-code"] == 1 and first["answer"]["violations"][0]["rule"] == "1.1.3.3"
    assert second["exit-code"] == 2 and "chess" in second["error"], second
