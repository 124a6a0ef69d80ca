"""Running ``aeref`` in a test: the one runner behind the ``aeref`` and ``aeref_process`` fixtures of
``tests/conftest.py``, for code that cannot take a function-scoped fixture (hypothesis tests, helpers of
``tests/support``).

``run(*args)`` runs the click CLI in process (``click.testing.CliRunner``), ``run_process(*args)`` the
installed ``aeref`` console script in a real process; both return a :class:`Ran`."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import cached_property
from pathlib import Path

from click.testing import CliRunner

from aeref.cli.main import cli


class Ran:
    """One run of aeref: ``exit_code`` (also ``code``), ``stdout``, ``stderr``, ``output`` (both streams as a
    terminal shows them), ``exception`` (None, or what the command raised - ``SystemExit`` included - when run
    in process) and ``json`` (stdout parsed, on first use; ``json.JSONDecodeError`` when it is not JSON)."""

    def __init__(self, args: list[str], exit_code: int, stdout: str, stderr: str, output: str,
                 exception: BaseException | None = None):
        self.args, self.exit_code, self.stdout, self.stderr = args, exit_code, stdout, stderr
        self.output, self.exception = output, exception

    @property
    def code(self) -> int:
        return self.exit_code

    @cached_property
    def json(self):
        return json.loads(self.stdout)

    def __repr__(self) -> str:
        return f"<aeref {' '.join(self.args)}: exit {self.exit_code}>\n{self.stdout}{self.stderr}"


def run(*args, input: str | None = None, env: dict | None = None) -> Ran:
    """Run ``aeref ARGS`` in process (each argument through ``str``, so paths may be given as they are);
    ``input`` is fed to stdin, ``env`` overrides environment variables for the run. Returns a :class:`Ran`;
    raises nothing of the command's own (an exception it raises is ``Ran.exception``)."""
    argv = [str(a) for a in args]
    r = CliRunner().invoke(cli, argv, input=input, env=env)
    return Ran(argv, r.exit_code, r.stdout, r.stderr, r.output, r.exception)


def executable() -> str | None:
    """The installed ``aeref`` console script (next to this Python first), or None when it is not installed."""
    return shutil.which("aeref", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))


def run_process(*args, env: dict | None = None, cwd: Path | str | None = None, timeout: float = 60) -> Ran:
    """Run the ``aeref`` console script with ``args`` in a real process (``env`` added to this process's
    environment); returns a :class:`Ran` (``output`` is stdout then stderr). Raises ``FileNotFoundError`` when
    the script is not installed and ``subprocess.TimeoutExpired`` past ``timeout`` seconds."""
    exe = executable()
    if exe is None:
        raise FileNotFoundError("the aeref console script is not installed")
    argv = [str(a) for a in args]
    p = subprocess.run([exe, *argv], env={**os.environ, **(env or {})}, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    return Ran(argv, p.returncode, p.stdout, p.stderr, p.stdout + p.stderr)


def one_error(r: "Ran", *words: str) -> str:
    """Assert that the run ``r`` refused its input as aeref does: exit 2 and one ``Error:`` line on stderr holding
    each of ``words``. Returns the line."""
    assert r.exit_code == 2, r
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]
