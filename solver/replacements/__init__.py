"""1.3 Replacements Segment, one module per part of the rulebook (docs/design.md).

* :mod:`.received` - 1.3.1 / 1.3.2 the steps received, grouped into pools;
* :mod:`.taking` - 1.3.3 which units may be taken, with which steps;
* :mod:`.locations` - 1.3.4 Replacement Locations, as tables;
* :mod:`.context` - the facts of one Segment before any choice;
* :mod:`.rules` - 1.3.3 / 1.3.4 / 9.1 / 9.2 as constraints;
* :mod:`.ruling` - allocations and the ruling on a proposed one;
* :mod:`.lost` - the steps an allocation leaves unused, and why;
* :mod:`.optimise` - the best allocation by CP-SAT (imports ortools);
* :mod:`.greedy` - the greedy baseline.
"""
from .context import ReplacementContext, make_context
from .received import MARKER_RULES, Pool, make_pools, steps_received, swb_markers
from .rules import RULES, post
from .ruling import (
    Allocation, ReplacementRuling, allocation_context, check_allocation, interpretations_used, paid_with_text, read_allocation,
)

__all__ = [
    "Allocation", "MARKER_RULES", "Pool", "RULES", "ReplacementContext", "ReplacementRuling", "allocation_context",
    "check_allocation", "interpretations_used", "make_context", "make_pools", "paid_with_text", "post", "read_allocation",
    "steps_received", "swb_markers",
]
