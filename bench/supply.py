#!/usr/bin/env python3
"""Benchmark: supply tracing (model/game/board.py) as it is, beside networkx's own multi-source shortest
paths on a filtered subgraph view. Not a test; the decision is in bench/results/2026-12-05-supply-networkx.md.

Run by hand from the project root::

    python bench/supply.py            # maps of 2,000, 20,000 and 100,000 hexes
    python bench/supply.py --smoke    # a 400-hex map: the test suite's check that it runs

For each map (``bench/replacements.py``'s ``generate`` grid, Russian units and enemy units placed as
there) and each question (every country's supply sources, overland and not), both tracers give the
table "next location on a shortest line toward the sources" for every location that can trace; the
script checks the tables are identical (the same supply lines, so byte-identical rulings) and times
each, the graph built once per map in both (the Board's cached graph).
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _generator():
    spec = importlib.util.spec_from_file_location("aeref_bench_replacements", ROOT / "bench" / "replacements.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def networkx_paths(board, faction: str, targets: tuple, overland: bool) -> dict:
    """The table of ``Board._supply_paths`` from networkx: ``multi_source_dijkstra_path`` (unit weights: its
    heap pops equal distances in the order pushed, the sources in the order given, as the breadth-first
    search does) over ``subgraph_view`` of the open locations."""
    import networkx as nx
    g = board.graph
    blocked = {h.id for h in board.hexes.values() if board.enemy_ground_units(h.id, faction)}
    tset = set(targets)
    view = nx.subgraph_view(g, filter_node=lambda n: n not in blocked and not (overland and n not in board.hexes
                                                                                and n not in tset))
    sources = [t for t in targets if t in view]
    paths = nx.multi_source_dijkstra_path(view, sources) if sources else {}
    return {n: (p[-2] if len(p) > 1 else None) for n, p in paths.items()}


def run(n_hexes: int, repeat: int) -> tuple[int, bool, float, float]:
    from aeref.model.files.load import load_position
    state = _generator().generate(200, n_hexes)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.yaml"
        path.write_text(yaml.dump(state, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False))
        board = load_position(path).map_board
    board.graph                                            # built once per map, for both
    questions = [(tuple(board.supply_sources(c)), ov) for c in ("Russia", "Germany") for ov in (False, True)]
    questions = [(t, ov) for t, ov in questions if t]
    same = True
    ours, theirs = [], []
    for _ in range(repeat):
        for targets, overland in questions:
            board._supply_cache.clear()
            t = time.perf_counter()
            a = board._supply_paths("soviet", targets, overland)
            ours.append(time.perf_counter() - t)
            t = time.perf_counter()
            b = networkx_paths(board, "soviet", targets, overland)
            theirs.append(time.perf_counter() - t)
            same = same and a == b and list(a) == list(b)
    return len(board.hexes), same, statistics.median(ours) * 1000, statistics.median(theirs) * 1000


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smoke", action="store_true", help="a 400-hex map, once")
    a = ap.parse_args(argv)
    sizes, repeat = ((400,), 1) if a.smoke else ((2_000, 20_000, 100_000), 5)
    print("hexes     identical  today (BFS on the graph) ms  networkx (multi-source Dijkstra, view) ms")
    status = 0
    for n in sizes:
        hexes, same, ours, theirs = run(n, repeat)
        print(f"{hexes:>7,}   {str(same):<9}  {ours:27.1f}  {theirs:40.1f}")
        status = status or (0 if same else 1)          # a difference fails the smoke run too
    return status


if __name__ == "__main__":
    sys.exit(main())
