"""Hypothesis profiles (tests/support/profiles.py): ``ci`` - derandomized, the same examples on every
run - unless ``--hypothesis-profile=explore`` (or ``AEREF_HYPOTHESIS_PROFILE``) asks for another."""
from .support import profiles

profiles.register()
profiles.load_default()


def pytest_collection_modifyitems(config, items):
    profiles.fast_first(items)
