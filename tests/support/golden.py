"""Golden rulings: every command's whole output on a fixed corpus of positions, compared word for word.

The worked-example tests check the facts a rule decides; these check everything a referee reads: the
rule numbers, the concrete values, the words of each reason, the JSON keys, the exit code. A change of
a ruling's wording or of a fact in it fails ``tests/package/test_golden.py`` until a person has read the new
output and accepted it::

    python -m tests.support.golden --update        # rewrite tests/golden/outputs/ (then read the diff)
    python -m tests.support.golden --new-corpus    # draw the generated positions again (seldom)

The corpus (``tests/golden/positions/``) is the shipped examples, a few positions written by hand for
the rules the others seldom reach (``hand-*``: the 1.3.2 markers, colonial units), and positions drawn once from the
random generators of the property tests (``selection_positions.scenarios``, ``replacement_positions.
spec_and_allocation``) with fixed seeds and written out as files: test-only data, so that the goldens
depend on aeref's code only, not on hypothesis' drawing. Each position is run through every command
that reads it (:func:`commands`), in process (``tests/support/cli.py``), so that mutation testing
(``bench/mutation.py``) sees the mutated code.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

from .cli import run as run_cli

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT / "tests" / "golden"
POSITIONS = CORPUS / "positions"
OUTPUTS = CORPUS / "outputs"
EXAMPLES = ROOT / "examples"

#: How many positions of each generator the corpus holds.
SELECTION_POSITIONS = 32
REPLACEMENT_POSITIONS = 32
#: At most this many cards of a hand are checked alone and asked ``why`` about, per faction and map.
CARDS_ASKED = 4


def corpus() -> list[Path]:
    """The state files of the corpus: the shipped examples, then the drawn positions (sorted)."""
    shipped = sorted(EXAMPLES.glob("*.yaml"))
    drawn = sorted(POSITIONS.glob("*/state.yaml"))
    return shipped + drawn


def name_of(state: Path) -> str:
    """``examples/tk-1939.yaml`` -> ``tk-1939``; ``positions/sel-03/state.yaml`` -> ``sel-03``."""
    return state.parent.name if state.name == "state.yaml" else state.stem


def commands(state: Path) -> list[list[str]]:
    """The command lines run on ``state`` (without ``aeref`` and the file), from what the position holds:
    per faction the selection commands (``pairs`` in text and JSON, ``check`` of each card alone and of one
    pair, ``why`` of each card), per map ``war-state``, ``drm``, per faction and map ``replacements`` and
    ``logistics``, ``check-replacements`` of the corpus' allocation when there is one, and ``reveal``."""
    from aeref.model.files.errors import InputError
    from aeref.model.files.load import load_position

    out = [["validate"], ["show"], ["show", "--json"]]
    try:
        pos = load_position(state)
    except InputError:
        return out
    for faction in pos.factions:
        f = ["-f", faction]
        out += [["pairs", *f], ["pairs", *f, "--json"]]
        firsts = {}
        for m in pos.maps:
            hand = list(pos.hand(faction, m))[:CARDS_ASKED]
            if hand:
                firsts[m] = hand[0]
            for cid in hand:
                out.append(["check", *f, f"--{m}", cid])
                out.append(["why", *f, cid])
        if len(firsts) == 2:
            out.append(["check", *f, "--tk", firsts["tk"], "--ds", firsts["ds"], "--json"])
        if firsts:
            out.append(["why", *f, next(iter(firsts.values())), "--json"])
    hexes = sorted(pos.board.hexes)[:2]
    for m in pos.maps:
        mp = ["--map", m]
        out += [["war-state", *mp], ["war-state", *mp, "--to", "total", "--json"], ["drm", *mp],
                ["drm", *mp, "--segment", "other", "--json"]]
        starting = [cid for cid, c in sorted(pos.cards.items()) if c.map == m and c.starts][:2]
        out += [["war-state", *mp, "--card", cid] for cid in starting]
        countries = [c.name for c in pos.countries_on(m)][:1]
        for c in countries:
            out += [["drm", *mp, "--country", c, "--table", "current-card", "--table", "diplomatic-incident",
                     "--table", "international-crisis"], ["drm", *mp, "--country", c, "--segment", "other", "--json"]]
        for faction in pos.factions:
            pool = pos.seasonal.pool(m, faction) if pos.seasonal is not None else None
            for name in (pool.logistics[:1] if pool else []):
                out += [["check-logistics", "-f", faction, *mp, "--place-logistics", f"{name}@{h}"]
                        for h in hexes + ["9999"]]
            if pool and pool.partisan_bases:
                out += [["check-logistics", "-f", faction, *mp, "--place-partisan", h] for h in hexes + ["9999"]]
    for (m, faction) in sorted(pos.replacements):
        out += [["replacements", "-f", faction, "--map", m], ["replacements", "-f", faction, "--map", m, "--json"],
                ["logistics", "-f", faction, "--map", m], ["logistics", "-f", faction, "--map", m, "--json"]]
        allocation = state.parent / "allocation.yaml"
        if state.name == "state.yaml" and allocation.exists():
            out += [["check-replacements", "-f", faction, "--map", m, str(allocation)],
                    ["check-replacements", "-f", faction, "--map", m, str(allocation), "--json"]]
    if pos.factions:
        out += [["reveal", "-f", "all"], ["reveal", "-f", "all", "--json"]]
    return out


def render(state: Path) -> str:
    """Every command of :func:`commands` on ``state`` and its output (stdout, then stderr, then the exit
    code when it is not 0), with the corpus' folders written as ``<examples>`` and ``<corpus>``."""
    parts = []
    for args in commands(state):
        extra = [a for a in args[1:] if a.endswith("allocation.yaml")]
        line = [args[0], str(state), *[a for a in args[1:] if a not in extra], *extra]
        r = run_cli(*line)
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            raise r.exception
        text = r.stdout + (("[stderr]\n" + r.stderr) if r.stderr else "")
        shown = " ".join(args[:1] + [state.name] + args[1:])
        parts.append(f"$ aeref {shown}\n{text}" + (f"[exit {r.exit_code}]\n" if r.exit_code else ""))
    out = "\n".join(parts)
    for folder, label in ((str(POSITIONS), "<corpus>"), (str(EXAMPLES), "<examples>"), (str(ROOT), "<repo>")):
        out = out.replace(folder, label)
    return out


def golden(state: Path) -> Path:
    return OUTPUTS / f"{name_of(state)}.txt"


def new_corpus() -> None:
    """Draw the corpus' generated positions again (fixed seeds) and write them as files."""
    import shutil
    import tempfile

    from .distributions import draw_examples
    from .replacement_positions import allocation_rows, spec_and_allocation, to_position
    from .selection_positions import scenarios

    for d in list(POSITIONS.glob("sel-*")) + list(POSITIONS.glob("rep-*")):    # the hand-written ones stay
        shutil.rmtree(d)
    for i, (state, deck, _faction, _extra) in enumerate(draw_examples(scenarios(), SELECTION_POSITIONS)):
        d = POSITIONS / f"sel-{i:02d}"
        (d / "decks").mkdir(parents=True)
        (d / "decks" / "test-deck.yaml").write_text(_header() + yaml.safe_dump(deck, sort_keys=False))
        (d / "state.yaml").write_text(_header() + yaml.safe_dump(state, sort_keys=False))
    for i, (spec, rows) in enumerate(draw_examples(spec_and_allocation(), REPLACEMENT_POSITIONS)):
        d = POSITIONS / f"rep-{i:02d}"
        d.mkdir(parents=True)
        with tempfile.TemporaryDirectory() as tmp:
            pos = to_position(spec, tmp)
            text = Path(pos.file).read_text()
        (d / "state.yaml").write_text(_header() + text)
        (d / "allocation.yaml").write_text(_header() + yaml.safe_dump(allocation_rows(rows), sort_keys=False))


def _header() -> str:
    return ("# Test-only data drawn by tests/support/golden.py (python -m tests.support.golden --new-corpus):\n"
            "# cards, hexes, units and Force Pools here are made up for the tests.\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Golden rulings of the corpus (tests/package/test_golden.py).")
    ap.add_argument("--update", action="store_true", help="rewrite every golden output")
    ap.add_argument("--new-corpus", action="store_true", help="draw the generated positions again, then --update")
    a = ap.parse_args(argv)
    if a.new_corpus:
        new_corpus()
    if a.update or a.new_corpus:
        if OUTPUTS.exists():
            for p in OUTPUTS.glob("*.txt"):
                p.unlink()
        OUTPUTS.mkdir(parents=True, exist_ok=True)
        for state in corpus():
            golden(state).write_text(render(state))
            print(f"wrote {golden(state).relative_to(ROOT)}")
        for target in damaged_files():
            damaged_golden(target).write_text(render_damaged(target))
            print(f"wrote {damaged_golden(target).relative_to(ROOT)}")
    return 0



# -- bad input: every place of the shipped files damaged once, and what `validate` says -------------------

#: The damages, taken in turn from one place of a file to the next.
DAMAGES = ("a word", "left out", "a list", "-1", "misspelt", "empty")


def _places(data, path=()):
    """Every place of a parsed YAML document, as paths of keys and indexes, the document first."""
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _places(v, path + (i,))


def damage(data, path: tuple, how: str):
    """A copy of ``data`` with the place ``path`` damaged ``how`` (one of :data:`DAMAGES`)."""
    import copy

    out = copy.deepcopy(data)
    if not path:
        return {"a word": "nonsense", "left out": None, "a list": [1], "-1": -1, "misspelt": {"gmae": "tk"},
                "empty": {}}[how]
    parent = out
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    old = parent[last]
    if how == "a word":
        parent[last] = "nonsense"
    elif how == "left out":
        del parent[last]
    elif how == "a list":
        parent[last] = 7 if isinstance(old, (dict, list)) else [old]
    elif how == "-1":
        parent[last] = -1
    elif how == "misspelt":
        if isinstance(parent, dict):
            parent[f"{last}x" if isinstance(last, str) else last + 1000] = parent.pop(last)
        else:
            parent.append(copy.deepcopy(old))        # a list item written twice
    else:
        parent[last] = None
    return out


#: The shipped allocation files and the state file each is an allocation for.
ALLOCATIONS = {"tk-soviet-allocation.yaml": "tk-soviet-replacements.yaml"}


def damaged_files() -> list[Path]:
    """The files whose damages are ruled on: the shipped states and decks, and the hand-written states."""
    return (sorted(EXAMPLES.glob("*.yaml")) + sorted((EXAMPLES / "decks").glob("*.yaml"))
            + sorted(POSITIONS.glob("hand-*/state.yaml")))


def render_damaged(target: Path) -> str:
    """``validate`` of ``target`` damaged at each of its places in turn (two damages per place, taken in turn
    from :data:`DAMAGES`); a deck is validated through ``tk-1939.yaml``, which reads every shipped deck, and
    an allocation is ruled on by ``check-replacements`` with its state file (:data:`ALLOCATIONS`).
    For each damage: the place, the damage and the exit code, then what ``validate`` printed."""
    import shutil
    import tempfile

    data = yaml.safe_load(target.read_text())
    is_deck = target.parent.name == "decks"
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        shutil.copytree(EXAMPLES / "decks", tmp / "decks")
        if is_deck:                                        # a deck, read by a state file
            written = tmp / "decks" / target.name
            shutil.copy2(EXAMPLES / "tk-1939.yaml", tmp / "tk-1939.yaml")
            args = ["validate", str(tmp / "tk-1939.yaml")]
        elif isinstance(data, list):                       # an allocation, ruled on by check-replacements
            written = tmp / target.name
            shutil.copy2(EXAMPLES / ALLOCATIONS[target.name], tmp / ALLOCATIONS[target.name])
            args = ["check-replacements", str(tmp / ALLOCATIONS[target.name]), str(written), "-f", "soviet"]
        else:
            written = tmp / target.name
            args = ["validate", str(written)]
            previous = target.parent / str(data.get("previous", "")) if isinstance(data, dict) else None
            if previous is not None and data.get("previous") and previous.is_file():
                shutil.copy2(previous, tmp / previous.name)   # every command checks the previous: link
        for i, path in enumerate(_places(data)):
            for how in (DAMAGES[i % len(DAMAGES)], DAMAGES[(i + 3) % len(DAMAGES)]):
                written.write_text(yaml.safe_dump(damage(data, path, how), sort_keys=False))
                r = run_cli(*args)
                if r.exception is not None and not isinstance(r.exception, SystemExit):
                    raise AssertionError(f"{target.name} {path} {how}: {r.exception!r}") from r.exception
                said = (r.stdout + r.stderr).replace(str(tmp), "<tmp>").strip().splitlines()
                place = "/".join(str(p) for p in path) or "(the file)"
                lines.append(f"{place} [{how}] -> exit {r.exit_code}")
                lines += [f"  {x}" for x in said]
    return "\n".join(lines) + "\n"


def damaged_golden(target: Path) -> Path:
    kind = "deck-" if target.parent.name == "decks" else ""
    return OUTPUTS / f"bad-{kind}{name_of(target)}.txt"


if __name__ == "__main__":
    sys.exit(main())
