"""docs/tutorial.md part two, three players by e-mail (1.1 "Players are not allowed to examine another
player's cards before they have been played"; the Pending Card "is placed face down", 1.1.3): played
command by command, then every file that travels (``mail/``) is searched for every hand card and Pending
Card of every faction that the file does not show played, and each player's folder for another faction's
file. (test_readme.py checks the outputs the page shows.)"""
from __future__ import annotations

import stat

import yaml

import aeref as api

from ..support import copy_examples
from ..support.docs import ROOT, examples, run
from ..support.seasonal import without_others

PAGE = ROOT / "docs" / "tutorial.md"


def _part_two():
    start = PAGE.read_text(encoding="utf-8").split("\n").index("# Part two: three players by e-mail")
    return [ex for ex in examples(PAGE) if ex.start > start]


def test_1_1_the_e_mail_tutorial_mails_no_secret(tmp_path, monkeypatch):
    """1.1: no file in mail/ names a card of a hand or a Pending Card it does not show played; each player's
    folder holds only that faction's private files, mode 0600, and pages that show no other faction's
    hidden card."""
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    steps = _part_two()
    assert len(steps) >= 9
    for ex in steps:
        code, _, _ = run(ex.command)
        assert code == ex.exit_code, ex.command
    start = api.load(tmp_path / "examples" / "tk-1939.yaml")
    secret = {cid: start.cards[cid].name for s in start.data.factions.values() for fm in s.values() for cid in fm.hand}
    mailed = sorted((tmp_path / "mail").glob("*.yaml"))
    assert len(mailed) >= 7 and not list((tmp_path / "mail").glob("*private*"))
    for path in mailed:
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        shown = set()
        for f, sections in data["factions"].items():
            for sec in sections.values():
                assert not sec.get("hand") and "pending" not in sec and "nonce" not in sec, path.name
                shown.update([sec.get("current"), *sec.get("removed", []),
                              *(p["card"] if isinstance(p, dict) else p for p in sec.get("played", []))])
        for cid, name in secret.items():
            if cid not in shown:
                assert cid not in text and name not in text, f"{path.name} names {cid} {name}"
    last = {}
    for faction in ("axis", "western", "soviet"):
        kept = sorted((tmp_path / faction).glob("*.private.yaml"), key=lambda p: p.stat().st_mtime)
        assert kept
        for p in kept:
            assert yaml.safe_load(p.read_text(encoding="utf-8"))["private"] == faction, p
            assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
        last[faction] = yaml.safe_load(kept[-1].read_text(encoding="utf-8"))
    # a player's own page (report --as FACTION, kept in its folder) shows no other faction's hidden card
    pages = sorted(tmp_path.glob("*/*.html"))
    assert pages and all(p.parent.name in last for p in pages), pages
    for page in pages:
        text = without_others(page.read_text(encoding="utf-8"))    # (the cards a hidden hand may hold: by design)
        for other, data in last.items():
            if other == page.parent.name:
                continue
            for m in ("tk", "ds"):
                sec = data.get(m) or {}
                for cid in [*sec.get("hand", []), *([sec["pending"]] if sec.get("pending") else [])]:
                    card = start.cards[cid if "-" in str(cid) else f"{m}-{other}-{cid}"]
                    assert card.id not in text and card.name not in text, f"{page.name} names {card.id} {card.name}"
