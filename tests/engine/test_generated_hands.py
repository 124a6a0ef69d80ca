"""The benchmark's generated positions (bench/selection.py: AE, hands of 5 to 40
test-only cards per map) as a correctness test, not a timing: CP-SAT
enumeration over classes of interchangeable cards, direct evaluation and the
oracle give the same list, and the classes really merge cards."""
from pathlib import Path

import pytest
import yaml

from ..support import oracle
from ..support.bench import load
from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.engine.core import interchangeable_classes
from aeref.solver.engine.constraints import Evaluator
from aeref.solver.selection.rules import RULES, choice_key, legal_choices_direct, make_context, post

ROOT = Path(__file__).resolve().parents[2]


bench = load("selection")


@pytest.mark.parametrize("n", [5, 15, 25, 40])
@pytest.mark.parametrize("interps", [{}, {"empty-slot": "voluntary", "annual-scope": "map"}])
def test_generated_hands_agree(n, interps, tmp_path):
    state = bench.generate(n)
    state["interpretations"] = interps
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state, sort_keys=False))
    pos = load_position(path)
    solved, complete = enumerate_choices(pos, "soviet")
    assert complete
    direct = legal_choices_direct(pos, "soviet")
    assert solved == direct
    assert solved == sorted([dict(c) for c in oracle.legal_set(pos, "soviet")], key=choice_key)
    if not interps:
        assert solved == bench.mini_oracle(state)
    ctx = make_context(pos, "soviet")
    constraints = post(RULES, ctx)
    classes = interchangeable_classes({s: ctx.values(s) for s in ctx.slots}, constraints, Evaluator(constraints))
    assert sum(len(c) for c in classes["tk"]) <= n + 1
    assert len(classes["tk"]) < n or n <= 5       # the decomposition merges cards
