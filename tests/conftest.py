"""The test suite, filed by what each test tests:

* ``tests/rules/test_<section>_<topic>.py``: one rule section (``test_1_3_3_taking.py``), each test named by its
  rule (``test_1_3_3_2_marine_costs_two_infantry_steps``);
* ``tests/commands/test_<command>.py``: one CLI command; ``tests/engine/``: the constraint language, the CP-SAT
  compilers, the solve runner and its limits; ``tests/files/``: reading, validating and writing files;
  ``tests/package/``: packaging, imports, the README and golden outputs checked against real output;
* ``tests/support/``: oracles, generators and helpers (no tests), imported relatively
  (``from ..support import oracle``).

Hypothesis profiles (tests/support/profiles.py): ``ci`` - derandomized, the same examples on every
run - unless ``--hypothesis-profile=explore`` (or ``AEREF_HYPOTHESIS_PROFILE``) asks for another.

The fixtures every test may take to run the CLI (tests/support/cli.py, one result shape for both):

* ``aeref``: ``aeref("pairs", path, "--faction", "soviet")`` runs the click CLI in process and returns a
  :class:`~tests.support.cli.Ran` (``.exit_code`` / ``.code``, ``.stdout``, ``.stderr``, ``.output``,
  ``.json`` parsed on demand);
* ``aeref_process``: the same through the installed console script in a real process (the test is skipped
  where the script is not installed)."""
import pytest

from .support import cli, profiles

profiles.register()
profiles.load_default()


def pytest_collection_modifyitems(config, items):
    profiles.fast_first(items)


@pytest.fixture
def aeref():
    """Run ``aeref ARGS`` in process: the function :func:`tests.support.cli.run`."""
    return cli.run


@pytest.fixture
def aeref_process():
    """Run ``aeref ARGS`` in a real process: :func:`tests.support.cli.run_process`; skips the test where the
    ``aeref`` console script is not installed."""
    if cli.executable() is None:
        pytest.skip("the aeref console script is not installed")
    return cli.run_process
