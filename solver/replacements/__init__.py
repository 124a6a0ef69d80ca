"""1.3 Replacements Segment, one module per part of the rulebook (docs/design.md).

* :mod:`.received` - 1.3.1 / 1.3.2 the steps received, grouped into pools;
* :mod:`.taking` - 1.3.3 which units may be taken, with which steps;
* :mod:`.locations` - 1.3.4 Replacement Locations, as tables;
* :mod:`.context` - the facts of one Segment before any choice (the type);
* :mod:`.segment` - :func:`make_context`, gathering them;
* :mod:`.rules` - 1.3.3 / 1.3.4 / 9.1 / 9.2 as constraints;
* :mod:`.allocation` - :class:`Allocation`, one way of taking and placing;
* :mod:`.ruling` - the ruling on a proposed allocation;
* :mod:`.lost` - the steps an allocation leaves unused, and why;
* :mod:`.relaxed` - the rule deciding each lost step: the optimum re-solved, rules relaxed in turn (ortools);
* :mod:`.optimise` - the best allocation by CP-SAT (imports ortools);
* :mod:`.greedy` - the greedy baseline.
"""
from .context import ReplacementContext
from .received import MARKER_RULES, Pool, make_pools, steps_received, swb_markers
from .rules import RULES, post
from .segment import make_context
from .allocation import Allocation, paid_with_text
from .ruling import (
    ReplacementRuling, allocation_context, check_allocation, interpretations_used, read_allocation,
)

__all__ = [
    "Allocation", "MARKER_RULES", "Pool", "RULES", "ReplacementContext", "ReplacementRuling", "allocation_context",
    "check_allocation", "interpretations_used", "make_context", "make_pools", "paid_with_text", "post", "read_allocation",
    "steps_received", "swb_markers",
]
