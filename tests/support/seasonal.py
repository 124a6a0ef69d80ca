"""Test helpers for the 1.1.1 / 12 / 1.1.2.1 / 1.2 tests: write a state file next
to copies of the shipped decks and run the CLI. Test-only data."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from . import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def write_state(tmp_path: Path, name: str, data: dict) -> Path:
    decks = tmp_path / "decks"
    if not decks.exists():
        shutil.copytree(EXAMPLES / "decks", decks)
    data = dict(data)
    data.setdefault("decks", ["decks/axis.yaml", "decks/western.yaml", "decks/soviet.yaml"])
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return p


def run(*args):
    """Run aeref in process (:func:`tests.support.cli.run`) and return the run as a triple: ``(exit code,
    stdout parsed as JSON when ``--json`` is given and the exit code is 0 or 1 - else the text -, stderr)``."""
    r = cli.run(*args)
    return r.exit_code, (r.json if "--json" in args and r.exit_code in (0, 1) else r.stdout), r.stderr


def empty_state(tmp_path: Path, game: str, *, hexes=None, boxes=None, pool=None, **extra) -> Path:
    """``s.yaml`` in ``tmp_path``: a position of ``game`` (May-June 1942, Total War) with every faction, no
    cards, and (when given) a map of ``hexes`` and Off-Map ``boxes`` and a marker ``pool``; ``extra`` keys are
    written as they are. Returns the file's path."""
    maps = ["tk", "ds"] if game == "ae" else [game]
    st = {"game": game, "turn": "May-June 1942",
          "war-state": {m: "total" for m in maps} if game == "ae" else "total", "decks": [],
          "factions": {f: {m: {"hand": []} for m in maps} for f in ("axis", "western", "soviet")}}
    if pool is not None:
        st["marker-pool"] = pool
    if hexes is not None:
        st["map"] = {"hexes": hexes, **({"boxes": boxes} if boxes else {})}
    st.update(extra)
    return write_state(tmp_path, "s.yaml", st)


def ds_card_state(tmp_path: Path, requires, **extra) -> Path:
    """``s.yaml`` in ``tmp_path``: DS, Nov-Dec 1941, Limited War, the Navy leading the Japanese Government, and
    one test-only Axis card, ds-axis-90 "Test Only Card" (Pre-War), in the Axis hand, with these ``requires``
    items (FORMAT 3); ``extra`` keys are written as they are. Returns the file's path."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "government": "navy",
          "factions": {"axis": {"ds": {"hand": [90]}}},
          "cards": [{"map": "ds", "faction": "axis", "number": 90, "name": "Test Only Card", "war-state": "pre-war",
                     "requires": requires}], **extra}
    return write_state(tmp_path, "s.yaml", st)


def say_no_card(path: Path) -> Path:
    """Rewrite the state file ``path`` in place (its layout kept) so that every faction that has not made its
    1.1.1 Step 4 selection says it selects no card (1.1.3 "must say so": ``selected: TURN`` on each of its
    sections without a Pending Card), as ``next-turn`` needs. Factions that selected, and files whose Pending
    Cards await their reveal, are left as they are. Returns ``path``."""
    from aeref.model.files.load import load_position
    from aeref.model.files.write import write_state as write_position
    pos = load_position(path)
    changed = False
    for sections in pos.factions.values():
        if any(fm.pending or fm.pending_face_down or fm.sealed or fm.selected for fm in sections.values()):
            continue
        for fm in sections.values():
            fm.selected, changed = pos.turn, True
    if changed:
        write_position(pos, path, force=True)
    return Path(path)


def without_others(text: str) -> str:
    """A page (or ``report --json``) less its part "what the others may hold" (1.1): it names, by design, every
    card another faction's face-down hand *may* hold (its deck less what is public), so the hidden ones among
    them; a search for hidden cards leaves it out (tests/rules/test_1_1_face_down.py checks it byte by byte)."""
    text = re.sub(r'<section id="others">.*?</section>', "", text, flags=re.S)
    return re.sub(r'"others": \[.*?\n  \]', "", text, flags=re.S)
