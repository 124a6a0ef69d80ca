"""The exit codes of docs/commands.md#exit-codes that need a real process: a reader that closes standard
output (141, nothing on stderr) and Ctrl-C (130, what was found printed and marked as interrupted).

Each test runs the installed console script (or ``python -c`` calling its ``main``) in a subprocess and
sends the real signal or closes the real pipe: click's test runner has neither."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import yaml

from ..support import cli
from ..support.bench import load as load_bench
from ..support.scale_positions import ae_hands, write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.skipif(cli.executable() is None, reason="the aeref console script is not installed")

# A run of the console script whose every CP-SAT solution takes 0.3 s more and which writes "solving" on
# stderr at the first one: the test's Ctrl-C lands in the middle of a search (the in-process tests of
# tests/engine/test_progress.py raise KeyboardInterrupt from a progress sink; here it is the signal).
_SLOW = """
import sys, time
from aeref.solver.engine import runner as cpsat
found = cpsat._Watch.on_solution_callback
def slow(self):
    found(self)
    if not getattr(slow, "said", False):
        slow.said = True
        sys.stderr.write("solving\\n"); sys.stderr.flush()
    time.sleep(0.3)
cpsat._Watch.on_solution_callback = slow
sys.argv[0] = "aeref"
from aeref.cli.main import main
main()
"""


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """AE, Soviet, 100 x 100 interchangeable test-only cards: 10,000 legal selections, far more output than
    a pipe holds (64 KiB), so that the reader's closing is seen while the command still writes."""
    return write(ae_hands(100, 100), tmp_path_factory.mktemp("exit") / "big.yaml")


def _closed_at_once(args: list) -> subprocess.CompletedProcess:
    """Run ``aeref ARGS`` with a standard output whose reader closed it before the command wrote anything
    (as ``aeref ... | true``)."""
    p = subprocess.Popen([cli.executable(), *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read()
    p.wait(60)
    return subprocess.CompletedProcess(args, p.returncode, b"", err)


@pytest.mark.parametrize("args", [
    ["pairs", "BIG", "--faction", "soviet", "--limit", "0"],
    ["pairs", "BIG", "--faction", "soviet", "--json"],
])
def test_head_closing_the_pipe_ends_the_command_quietly_with_141(big, args):
    """``aeref pairs STATE --faction soviet | head -1`` in a shell (600 KB of answer, far more than the pipe
    holds, so the reader is gone while the command writes; a short answer such as ``show``'s may be written
    whole before ``head`` closes: see the next test): the first line is printed, the command
    ends with 141 (128 + SIGPIPE, as for any Unix tool: neither a ruling, 0 or 1, nor an error, 2 or 3) and
    says nothing on stderr (no "Exception ignored", no traceback, no "Error:")."""
    line = " ".join(str(big) if a == "BIG" else a for a in [cli.executable(), *args])
    p = subprocess.run(["bash", "-c", f"{line} 2>err.txt | head -1; echo \"${{PIPESTATUS[0]}}\""],
                       capture_output=True, text=True, cwd=big.parent, timeout=60)
    first, code = p.stdout.rstrip("\n").split("\n")
    assert first in ("Legal Pending Card selections: Soviet, Aug-Sept 1942 (AE), revealed in Nov-Dec 1942", "{"), p.stdout
    assert code == "141" and (big.parent / "err.txt").read_text() == ""


@pytest.mark.parametrize("args", [
    ["pairs", EXAMPLES / "ae-soviet-production.yaml", "--faction", "soviet"],
    ["pairs", EXAMPLES / "ae-soviet-production.yaml", "--faction", "soviet", "--json"],
    ["show", EXAMPLES / "ae-soviet-production.yaml"],
    ["replacements", EXAMPLES / "tk-soviet-replacements.yaml", "--faction", "soviet"],
    ["check", EXAMPLES / "ae-soviet-production.yaml", "--faction", "soviet", "--tk", "38", "--ds", "24"],
])
def test_a_reader_gone_before_the_first_write_is_141_and_silent(args):
    """A short answer, all of it still in the buffer when the command ends (the reader gone at the
    flush): the same 141 and an empty stderr, never 1 (the code of "illegal", which ``check`` here would be)."""
    got = _closed_at_once(args)
    assert (got.returncode, got.stderr) == (141, b"")


def test_a_closed_pipe_after_the_whole_answer_was_read_is_no_failure():
    """The reader that read everything before closing saw the whole answer: the ruling's own code."""
    p = subprocess.run(["bash", "-c", f"{cli.executable()} check {EXAMPLES / 'ae-soviet-production.yaml'} "
                        "--faction soviet --tk 38 --ds 24 | cat >/dev/null; echo \"${PIPESTATUS[0]}\""],
                       capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "1" and p.stderr == ""


def _interrupt(argv: list, wait_for: bytes | None = None, delay: float = 0.0) -> tuple[int, str, str]:
    """Run ``argv``, send SIGINT once stderr says ``wait_for`` (or after ``delay`` seconds); returns
    ``(exit code, stdout, stderr)``."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "100"})
    if wait_for is not None:
        assert p.stderr.readline() == wait_for
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    return p.returncode, out.decode(), err.decode()


def test_ctrl_c_during_the_search_prints_what_was_found_marked_interrupted_and_exits_130(tmp_path):
    """Ctrl-C while CP-SAT enumerates the selections of bench/selection.py's 40 distinct cards a map (1.1.3:
    hundreds of selections, each solution slowed to 0.3 s): the selections found so far are printed, the
    count says "not complete: interrupted by Ctrl-C", one line on stderr says so, exit 130 (128 + SIGINT)."""
    state = tmp_path / "distinct.yaml"
    state.write_text(yaml.safe_dump(load_bench("selection").generate(40)))
    code, out, err = _interrupt([sys.executable, "-c", _SLOW, "pairs", str(state), "--faction", "soviet"],
                                wait_for=b"solving\n", delay=0.5)
    assert code == 130, (out, err)
    assert "legal selections (not complete: interrupted by Ctrl-C)." in out and "\nat least " in out, out
    assert err.strip().split("\n")[-1] == "Interrupted (Ctrl-C): what was found before is printed; it is not complete"


def test_ctrl_c_during_the_replacements_search_keeps_the_allocation_found_and_exits_130():
    """1.3: Ctrl-C while the steps are placed: the allocation found is printed with what is proved, exit 130."""
    code, out, err = _interrupt([sys.executable, "-c", _SLOW, "replacements",
                                 str(EXAMPLES / "tk-soviet-replacements.yaml"), "--faction", "soviet"],
                                wait_for=b"solving\n", delay=0.1)
    assert code == 130, (out, err)
    assert "interrupted (Ctrl-C)" in out and "Steps used: " in out
    assert err.strip().split("\n")[-1] == "Interrupted (Ctrl-C): what was found before is printed; it is not complete"


def test_ctrl_c_before_any_answer_exits_130_with_one_line(big):
    """Ctrl-C while the position loads or the command starts: nothing on stdout, one line, exit 130 (was 1,
    the code of "illegal")."""
    huge = write(ae_hands(20000, 20000), big.parent / "huge.yaml")    # seconds to load
    code, out, err = _interrupt([cli.executable(), "pairs", str(huge), "--faction", "soviet", "--count"],
                                delay=1.0)
    assert (code, out) == (130, "") and err == "Interrupted (Ctrl-C) before the answer was complete\n", err


def test_the_one_table_lists_every_exit_code_the_command_line_uses():
    """docs/commands.md#exit-codes names each EXIT_* code of cli/common.py once, and no other."""
    import re

    from aeref.cli import common
    page = (Path(__file__).resolve().parents[2] / "docs" / "commands.md").read_text(encoding="utf-8")
    table = page.split("### Exit codes", 1)[1].split("\n###", 1)[0]
    listed = [int(m) for m in re.findall(r"^\| `(\d+)` \|", table, re.M)]
    used = sorted(v for k, v in vars(common).items() if k.startswith("EXIT_"))
    assert listed == used == [0, 1, 2, 3, 4, 130, 141]
