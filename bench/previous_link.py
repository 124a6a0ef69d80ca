#!/usr/bin/env python3
"""Benchmark of the ``previous:`` link check every command makes (model/files/previous.py): not a test.

Run by hand from the project root::

    python bench/previous_link.py            # a chain of 40 state files of a 20,000-hex map
    python bench/previous_link.py --files 10 --hexes 2000

Each file of the chain is the same large position (``bench/replacements.py``'s ``generate``) with
``previous:`` naming the one before (the first has none): what every command reading the last file
pays is :func:`model.files.previous.link_problems` (the one link, and the walk back for a cycle, each
file's head read for its ``previous:``). Printed: the median seconds of the check in the process, and
the median wall seconds of ``aeref validate`` (a process each) on the last file beside the same file
without ``previous:``.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml


def _generate(hexes: int) -> str:
    spec = importlib.util.spec_from_file_location("bench_replacements", Path(__file__).parent / "replacements.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return yaml.safe_dump(mod.generate(200, hexes, 0), sort_keys=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=40)
    ap.add_argument("--hexes", type=int, default=20_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    from aeref.model.files.previous import link_problems

    body = _generate(args.hexes)
    head, rest = body.split("\n", 1)                     # game: ... first; previous: goes after it
    exe = str(Path(sys.executable).parent / "aeref")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for i in range(args.files):
            prev = f"previous: t{i - 1:02d}.yaml\n" if i else ""
            (tmp / f"t{i:02d}.yaml").write_text(f"{head}\n{prev}{rest}")
        (tmp / "alone.yaml").write_text(body)
        last = tmp / f"t{args.files - 1:02d}.yaml"
        size = last.stat().st_size / 2**20
        checks = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            assert link_problems(str(last), last, f"t{args.files - 2:02d}.yaml", tmp / f"t{args.files - 2:02d}.yaml") == []
            checks.append(time.perf_counter() - t0)

        def wall(path):
            times = []
            for _ in range(args.runs):
                t0 = time.perf_counter()
                subprocess.run([exe, "validate", str(path)], check=True, capture_output=True)
                times.append(time.perf_counter() - t0)
            return statistics.median(times)
        print(f"load average before: {os.getloadavg()}")
        print(f"{args.files} files of {size:.1f} MB ({args.hexes} hexes)")
        print(f"link_problems (the link and the walk back): {statistics.median(checks) * 1000:.1f} ms median")
        print(f"aeref validate, last file of the chain: {wall(last):.2f} s; the same without previous: "
              f"{wall(tmp / 'alone.yaml'):.2f} s (medians of {args.runs})")
        print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
