"""Fixtures of the file tests: ``folder``, a copy of examples/ to write in."""
import shutil

import pytest

from ..support.seasonal import EXAMPLES


@pytest.fixture
def folder(tmp_path):
    """A copy of examples/ (its decks too) in the test's own folder."""
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    return tmp_path / "ex"
