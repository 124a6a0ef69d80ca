"""Benchmark: `aeref verify` of a long game record against one cold `aeref check`, side by side.

Plays an AE game by e-mail from examples/ae-1941.yaml through the public API: the deal (`split`), then each
Seasonal Turn each faction selects its first legal Pending Cards sealed (or no card when none fits), the next
Seasonal Turn, and each faction's reveal in the order of play: 7 files per Seasonal Turn. Then times, cold
(a fresh process each, the bytecode cache in a scratch PYTHONPYCACHEPREFIX, after one warm-up round) and side by
side (bench/selection.py's rounds), `aeref verify` of the last file and `aeref check` of the deal's example, and
prints the ratio.

    python bench/verify.py [--turns 40] [--runs 3]      # --quick: 2 Seasonal Turns, 1 run (a smoke run)
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from selection import cold_env, interleaved   # noqa: E402  (the cold, side-by-side timing of the other benchmarks)
EXAMPLE = "ae-1941.yaml"


def play(folder: Path, turns: int, example: str = EXAMPLE) -> Path:
    """The game of ``turns`` Seasonal Turns from examples/``example`` in ``folder``: returns its last public file."""
    import aeref
    shutil.copytree(ROOT / "examples", folder / "dealer")
    pos = aeref.load(folder / "dealer" / example)
    mail = folder / "mail"
    pos.split(mail / "t0.yaml", private_dirs={f: folder / f for f in pos.data.factions})
    shutil.rmtree(folder / "dealer")
    n, last = 0, mail / "t0.yaml"
    factions = list(pos.data.factions)

    def step(answer) -> None:
        nonlocal n, last
        n += 1
        out = mail / f"t{n}.yaml"
        answer.write(str(out))
        last = out

    for _ in range(turns):
        for f in factions:
            p = aeref.load(last, privates=[_private(folder, f)])
            choice = next(iter(p.legal_selections(f)), None)
            step(p.select(f, tk=choice.tk if choice else None, ds=choice.ds if choice else None, seal=True))
        step(aeref.load(last).next_turn())
        for f in factions:
            p = aeref.load(last, privates=[_private(folder, f)])
            ans = p.reveal(f)
            if ans.refused or ans.open_choices:
                raise SystemExit(f"the reveal of {f} in {last} waits for a choice: {ans.refused or ans.open_choices}")
            step(ans)
    return last


def _private(folder: Path, faction: str) -> Path:
    """The newest private file of ``faction`` in its folder."""
    files = sorted((folder / faction).glob(f"*.{faction}.private.yaml"), key=lambda p: p.stat().st_mtime_ns)
    return files[-1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--turns", type=int, default=40)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="2 Seasonal Turns, 1 run: a smoke run")
    a = ap.parse_args(argv)
    turns, runs = (2, 1) if a.quick else (a.turns, a.runs)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t = time.perf_counter()
        last = play(folder, turns)
        played = time.perf_counter() - t
        files = len(list((folder / "mail").glob("t*.yaml")))
        r = subprocess.run([sys.executable, "-m", "aeref", "verify", str(last)], capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"verify: exit {r.returncode}: {r.stdout}{r.stderr}")
        env = cold_env(True)            # bench/selection.py: the bytecode cache of an installed package
        try:
            v, c = (statistics.median(t) for t in interleaved(
                [[sys.executable, "-m", "aeref", "verify", str(last)],
                 [sys.executable, "-m", "aeref", "check", str(ROOT / "examples" / EXAMPLE), "--faction", "soviet"]],
                env, runs))
        finally:
            shutil.rmtree(env["PYTHONPYCACHEPREFIX"], ignore_errors=True)
    print(f"AE game by e-mail from examples/{EXAMPLE}: {turns} Seasonal Turns, {files} public files "
          f"(played in {played:.1f} s)")
    print("| command | cold wall time (median of %d) |" % runs)
    print("|---|---|")
    print(f"| aeref verify (the whole chain) | {v:.2f} s |")
    print(f"| aeref check (one selection) | {c:.2f} s |")
    print(f"| ratio | {v / c:.1f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
