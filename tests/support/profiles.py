"""Hypothesis profiles of the test suite (registered and loaded by ``tests/conftest.py``).

* ``ci`` (the default): derandomized - every run draws the same examples, with no example database -
  so that two runs of ``pytest`` give the same result; the example counts written in the tests.
* ``explore``: new random examples on every run, ten times as many, failures saved in
  ``.hypothesis/`` and replayed first: ``pytest --hypothesis-profile=explore``.
* ``mutation``: as ``ci`` with a fifth of the examples, a failure not shrunk (a mutant is killed as soon
  as one example fails) and the property tests run after the others: used by ``bench/mutation.py``.

Select one with ``pytest --hypothesis-profile=NAME`` or ``AEREF_HYPOTHESIS_PROFILE=NAME``. A test
writes its example count as ``max_examples=scaled(500)``: 500 under ``ci``, 5000 under ``explore``.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

#: The example count the ``ci`` profile stands for (hypothesis' default); ``scaled`` multiplies by the
#: loaded profile's ``max_examples`` over it.
BASE = 100

_COMMON = dict(deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


def register() -> None:
    settings.register_profile("ci", max_examples=BASE, derandomize=True, database=None, **_COMMON)
    settings.register_profile("explore", max_examples=10 * BASE, derandomize=False, **_COMMON)
    settings.register_profile("mutation", max_examples=BASE // 5, derandomize=True, database=None,
                              phases=[Phase.explicit, Phase.reuse, Phase.generate], **_COMMON)


def load_default() -> None:
    """Load ``AEREF_HYPOTHESIS_PROFILE`` (default ``ci``); ``--hypothesis-profile`` overrides it later."""
    settings.load_profile(os.environ.get("AEREF_HYPOTHESIS_PROFILE", "ci"))


def scaled(n: int) -> int:
    """``n`` examples under the ``ci`` profile, as many times more as the loaded profile asks."""
    return max(1, n * settings.default.max_examples // BASE)


def fast_first(items) -> None:
    """Under the ``mutation`` profile, run the property (hypothesis) tests after the others, so that a
    mutant a worked example kills is killed at once."""
    from hypothesis import is_hypothesis_test
    if settings.get_current_profile_name() == "mutation":
        items.sort(key=lambda item: is_hypothesis_test(getattr(item, "obj", None)))
