"""Every writer writes only what `validate` accepts: a random walk of the commands that write a state file
(`select`, `reveal` of one faction or all, `next-turn`, `war-state --write`, `split`) over random Seasonal Turns
(tests/support/order_positions.py: Pending Cards that start war states, requirements, AE and TK), each command
on the last file written. Whatever a command answers - a ruling (0 or 1), a refusal (2: a reveal already made,
1.1.1; a faction that has not selected, 1.1.3; a war state going back, 12) - every file it wrote passes
`validate`, and none answers with an internal error (exit 3)."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aeref.model.game.vocabulary import FACTIONS

from ..support.order_positions import order_scenarios, write_turn
from ..support.profiles import scaled
from ..support.seasonal import run

ACTIONS = ("select", "select-all", "select-all", "next-turn", "next-turn", "reveal", "reveal", "reveal-all",
           "war-state", "split")


def _select_args(cur: Path, faction: str, pick: int) -> list:
    """The ``--tk`` / ``--ds`` of the ``pick``-th legal selection `pairs` lists (none listed: no card)."""
    code, res, _ = run("pairs", cur, "--faction", faction, "--json", "--limit", "4")
    if code not in (0, 1) or not isinstance(res, dict) or not res["choices"]:
        return []
    choice = res["choices"][pick % len(res["choices"])]
    return [a for m, cid in choice.items() if cid for a in (f"--{m}", cid)]


def _step(d: Path, cur: Path, i: int, action: str, faction: str, pick: int) -> tuple[list, Path]:
    """One command of the walk on ``cur``: its arguments and the file it may write."""
    out = d / f"w{i}.yaml"
    if action == "select":
        return ["select", cur, "--faction", faction, *_select_args(cur, faction, pick), "--write", out], out
    if action == "select-all":         # every faction of the file selects in turn (the last select is the step)
        for j, f in enumerate(FACTIONS[:-1]):
            step = d / f"w{i}-{j}.yaml"
            if run("select", cur, "--faction", f, *_select_args(cur, f, pick), "--write", step)[0] == 0:
                assert run("validate", step)[0] == 0, step
                cur = step
        return ["select", cur, "--faction", FACTIONS[-1], *_select_args(cur, FACTIONS[-1], pick), "--write", out], out
    if action == "next-turn":
        return ["next-turn", cur, "--write", out], out
    if action == "reveal":
        return ["reveal", cur, "--faction", faction, "--write", out], out
    if action == "reveal-all":
        return ["reveal", cur, "--faction", "all", "--write", out], out
    if action == "war-state":
        return ["war-state", cur, "--map", "tk", "--to", ("limited", "total")[pick % 2], "--write", out], out
    return ["split", cur, "-o", d / f"split{i}" / "public.yaml"], d / f"split{i}" / "public.yaml"


@settings(max_examples=scaled(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(order_scenarios(), st.booleans(), st.lists(st.tuples(st.sampled_from(ACTIONS), st.sampled_from(FACTIONS),
                                            st.integers(0, 3)), min_size=3, max_size=10))
def test_every_file_a_writer_writes_passes_validate(spec, selecting, walk):
    """1.1.1, 1.1.3, 12: the files `select`, `reveal`, `next-turn`, `war-state --write` and `split` write along a
    random walk all pass `validate` (exit 0); no command exits 3; a refusal writes nothing."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        # the turn the Pending Cards were selected in, or the next one, before its reveals
        cur = write_turn(d, spec).parent / ("selected.yaml" if selecting else "next.yaml")
        written = 0
        for i, (action, faction, pick) in enumerate(walk):
            args, out = _step(d, cur, i, action, faction, pick)
            code, text, err = run(*args)
            assert code != 3, (args, text, err)
            if code == 2:
                assert not out.exists(), (args, err)          # a refusal writes nothing
                continue
            if not out.exists():
                continue                                      # a ruling that writes nothing (an illegal selection)
            vcode, vout, verr = run("validate", out)
            assert vcode == 0, (args, text, verr)
            if action.startswith("reveal"):                  # 1.1.1: a faction reveals once a Seasonal Turn
                again = d / f"again{i}.yaml"
                code, text, err = run("reveal", out, "--faction", "all" if action == "reveal-all" else faction,
                                      "--write", again)
                assert code == 2 and err.count("\n") == 1 and not again.exists(), (args, text, err)
            written += 1
            if action != "split":                             # the walk goes on from the file written
                cur = out
