"""1.1 Option Card Segment: "Players are not allowed to examine another player's cards before they have
been played"; the Pending Card "is placed face down" (1.1.3). ``show --as F`` and ``report --as F``: for
every shipped example and every faction, no byte of another faction's hidden card (its id, number or name),
in the text, the JSON and the page (scripts, attributes and the SVG included); ``next-turn --as F``, which quotes
the Pending Cards it carries, likewise.

Two checks, independent of aeref's own list of hidden cards: the hidden cards' ids and names are searched
for in the output, and (for the numbers, which are too short to search for: "3" is in "1.1.3") the output is
compared byte by byte with the output of the same position in which every hidden card was swapped for
another card of another number and name: a view that shows nothing hidden cannot tell the two apart.

The page's part "what the others may hold" names, by design, every card another faction's hand *may* hold
(its deck less what is public), so the hidden cards among them: it is left out of the search and checked
the other way: the page is the same bytes for every hand of the same size drawn from those cards
(:func:`test_1_1_the_others_part_is_the_same_whatever_the_others_hold`).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

import aeref as api
from aeref.model.game.vocabulary import FACTIONS

from ..support.seasonal import EXAMPLES, say_no_card, without_others

#: Every shipped example that is a state file (an allocation file is a list).
STATES = sorted(p.name for p in EXAMPLES.glob("*.yaml") if isinstance(yaml.safe_load(p.read_text(encoding="utf-8")), dict))


def _hidden(pos: api.Position, viewer: str) -> dict[str, str]:
    """The cards of the other factions' hands and Pending Cards that no public list names, read from the
    position's own data (not from aeref's views): id -> name."""
    public = set()
    for sections in pos.data.factions.values():
        for fm in sections.values():
            public.update([fm.current, *fm.removed, *(p.card for p in fm.played)])
    out = {}
    for f, sections in pos.data.factions.items():
        if f == viewer:
            continue
        for fm in sections.values():
            for cid in [*fm.hand, fm.pending]:
                if cid and cid not in public:
                    out[cid] = pos.cards[cid].name
    return out


def _seen_names(pos: api.Position, viewer: str, hidden: dict) -> set[str]:
    """The names of every card the viewer may see (a hidden card may share a name with a public one)."""
    return {c.name for cid, c in pos.cards.items() if cid not in hidden and (
        c.faction == viewer or any(cid in [fm.current, *fm.removed, *(p.card for p in fm.played)]
                                   for s in pos.data.factions.values() for fm in s.values()))}


def _outputs(aeref_run, folder: Path, state: str, viewer: str, with_report: bool) -> dict[str, str]:
    out = {}
    for args in (("show",), ("show", "--json")):
        r = aeref_run(*args, folder / state, "--as", viewer)
        assert r.exit_code == 0, r
        out[" ".join(args)] = r.stdout.replace(str(folder), "FOLDER")
    said = folder / f"said-{state}"          # every faction has made its Step 4 selection (1.1.3), as next-turn needs
    shutil.copy(folder / state, said)
    say_no_card(said)
    for args in (("next-turn",), ("next-turn", "--json")):     # a position quoted in another command's output
        r = aeref_run(args[0], said, "--as", viewer, "--write", folder / "next.yaml", "--force", *args[1:])
        waits = r.exit_code == 2 and "aeref reveal first" in r.stderr     # 1.1.1 Step 2: its refusal is quoted
        assert r.exit_code == 0 or waits, r
        out[" ".join(args)] = (r.stdout + r.stderr).replace(str(folder), "FOLDER")
    if with_report:
        page = folder / "page.html"
        r = aeref_run("report", folder / state, "--as", viewer, "-o", page, "--force", "--time-limit", "20")
        assert r.exit_code == 0, r
        out["report"] = page.read_text(encoding="utf-8").replace(str(folder), "FOLDER")
    return out


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("viewer", FACTIONS)
def test_1_1_show_and_report_as_a_faction_hold_no_hidden_card(aeref, state, viewer, tmp_path):
    """1.1: the view of ``viewer`` (show, show --json, next-turn, report) names no hidden card of another faction."""
    pos = api.load(EXAMPLES / state)
    hidden = _hidden(pos, viewer)
    seen = _seen_names(pos, viewer, hidden)
    shutil.copytree(EXAMPLES, tmp_path / "a")
    outs = _outputs(aeref, tmp_path / "a", state, viewer, with_report=True)
    for what, text in outs.items():
        text = without_others(text)
        for cid, name in hidden.items():
            assert cid not in text, f"{what} --as {viewer} names the hidden card {cid}"
            if name not in seen:
                assert name not in text, f"{what} --as {viewer} names the hidden card {cid} {name}"
    if hidden:
        assert "face down" in outs["show"]


def _swapped(folder: Path, state: str, hidden: dict, pos: api.Position) -> None:
    """Rewrite every state file of ``folder``: each hidden card in a hand or as a Pending Card becomes a card of
    the same kind with another number and name (test-only cards, inline under ``cards:``)."""
    swap = {cid: f"{n}z" for n, cid in enumerate(sorted(hidden), start=90)}
    for path in folder.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "factions" not in data:
            continue
        changed = False
        for f, sections in data["factions"].items():
            for m, sec in sections.items():
                ids = lambda ref: ref if "-" in str(ref) else f"{m}-{f}-{ref}"     # noqa: E731
                if "hand" in sec:
                    new = [swap.get(ids(c), c) for c in sec["hand"]]
                    changed |= new != sec["hand"]
                    sec["hand"] = new
                if sec.get("pending") is not None and ids(sec["pending"]) in swap:
                    sec["pending"] = swap[ids(sec["pending"])]
                    changed = True
        if path.name == state or changed:
            cards = data.setdefault("cards", [])
            for cid, number in swap.items():
                c = pos.cards[cid]
                card = {"map": c.map, "faction": c.faction, "number": number, "name": f"Swapped Card {number}",
                        "war-state": str(c.war_state)}
                if c.production is not None:
                    card["production"] = c.production
                cards.append(card)
            path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("viewer", FACTIONS)
def test_1_1_a_view_cannot_tell_which_cards_are_face_down(aeref, state, viewer, tmp_path):
    """1.1: ``show --as`` and ``next-turn --as`` of a position and of the same position with every hidden card
    swapped for another (another number and name) are the same bytes: no id, number or name of a hidden card
    is shown."""
    pos = api.load(EXAMPLES / state)
    hidden = _hidden(pos, viewer)
    if not hidden:
        pytest.skip(f"{state}: nothing is hidden from the {viewer} faction")
    for side in ("a", "b"):
        shutil.copytree(EXAMPLES, tmp_path / side)
    _swapped(tmp_path / "b", state, hidden, pos)
    # both files rewritten alike (the dump drops comments), so that only the swapped cards differ
    _swapped(tmp_path / "a", state, {}, pos)
    a = _outputs(aeref, tmp_path / "a", state, viewer, with_report=False)
    b = _outputs(aeref, tmp_path / "b", state, viewer, with_report=False)
    assert a == b


def test_1_1_referee_sees_every_card_and_says_so(aeref):
    """1.1: ``--as referee`` shows every hand and Pending Card and says so in its first line."""
    r = aeref("show", EXAMPLES / "ds-axis-selected.yaml", "--as", "referee")
    assert r.exit_code == 0, r
    assert r.stdout.splitlines()[0].startswith("Referee's view")
    assert "28a East Wind Rain" in r.stdout


def test_1_1_3_a_placed_pending_card_is_shown_placed_face_down(aeref):
    """1.1 / 1.1.3: another faction sees that a Pending Card is placed (face down) and how many cards the
    hand holds, never which."""
    r = aeref("show", EXAMPLES / "ds-axis-selected.yaml", "--as", "western")
    assert r.exit_code == 0, r
    assert r.stdout.splitlines()[0].startswith("Western view")
    assert "Pending Card  placed, face down" in r.stdout
    assert "Hand (5)      5 face down" in r.stdout
    j = aeref("show", EXAMPLES / "ds-axis-selected.yaml", "--as", "western", "--json").json
    assert j["viewer"] == "western"
    assert j["factions"]["axis"]["ds"]["pending"] == {"face-down": True}
    assert j["factions"]["axis"]["ds"]["hand"] == [{"face-down": True}] * 5


def test_1_1_report_of_another_factions_matrix_is_refused(aeref, tmp_path):
    """1.1: the selection matrix needs the hand; in the Western view the Axis hand is face down: exit 2."""
    r = aeref("report", EXAMPLES / "tk-1939.yaml", "--as", "western", "--faction", "axis", "-o", tmp_path / "p.html")
    assert r.exit_code == 2, r
    assert "the Axis faction's hand is face down in the Western view" in r.stderr


@pytest.mark.parametrize("state", STATES)
def test_1_1_the_api_names_the_same_hidden_cards(state):
    """1.1: :meth:`aeref.Position.hidden_cards` is the list this test reads from the position itself, and the
    view of a faction holds none of them (the referee's view: all)."""
    pos = api.load(EXAMPLES / state)
    for viewer in FACTIONS:
        hidden = set(_hidden(pos, viewer))
        assert pos.hidden_cards(viewer) == hidden
        seen = pos.view(viewer).data
        held = {c for s in seen.factions.values() for fm in s.values() for c in [*fm.hand, fm.pending] if c}
        assert not held & hidden
    assert pos.hidden_cards("referee") == set()
    assert pos.view("referee").data.factions == pos.data.factions


@pytest.mark.parametrize("state", STATES)
def test_1_1_1_reveal_prints_only_the_cards_it_makes_public(aeref, state, tmp_path):
    """1.1 / 1.1.1 Steps 1-2: ``reveal --faction all`` prints the discarded and revealed cards, which every
    player may then see, and no id of a card that stays in a hand: its output needs no ``--as``."""
    pos = api.load(EXAMPLES / state)
    shutil.copytree(EXAMPLES, tmp_path / "a")
    r = aeref("reveal", tmp_path / "a" / state, "--faction", "all", "--write", tmp_path / "a" / "r.yaml")
    if r.exit_code not in (0, 1):
        pytest.skip(f"{state}: no reveal ({r.stderr.strip()})")
    revealed = {fm.pending for s in pos.data.factions.values() for fm in s.values()}
    for viewer in FACTIONS:
        for cid in set(_hidden(pos, viewer)) - revealed:
            assert cid not in r.stdout, f"reveal of {state} names {cid}, still in a hand"


def _other_hands(folder: Path, state: str, viewer: str, pos: api.Position) -> bool:
    """Rewrite ``state`` in ``folder``: each other faction's hand on each map becomes another hand of the same size
    drawn from the cards it may hold (its deck less its Current Card, the cards removed and those played once
    and not recyclable, and its Pending Card: what the tests' oracle counts, independent of aeref's solver):
    the public facts stay the same. True when some hand changed."""
    from ..support import hidden_oracle
    from aeref.model.secrecy.views import view
    path = folder / state
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    changed = False
    for g, sections in data["factions"].items():
        if g == viewer:
            continue
        seen = view(pos.data, viewer)
        cands = hidden_oracle.candidates(seen, g)
        for m, sec in sections.items():
            hand = sec.get("hand") or []
            pending = sec.get("pending")
            pid = None if pending is None else (pending if "-" in str(pending) else f"{m}-{g}-{pending}")
            pool = [c for c in cands.get(m, []) if c != pid]
            other = pool[::-1][: len(hand)]
            if sorted(other) != sorted(pos.data.hand(g, m)):
                sec["hand"] = other
                changed = True
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return changed


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("viewer", FACTIONS)
def test_1_1_the_others_part_is_the_same_whatever_the_others_hold(aeref, state, viewer, tmp_path):
    """1.1: ``report --as`` (the page and its JSON, "what the others may hold and may have placed" included) of a
    position and of the same position with every other faction holding another hand of the same size, drawn
    from the cards it may hold, are the same bytes."""
    pos = api.load(EXAMPLES / state)
    if viewer not in pos.factions or not _hidden(pos, viewer):
        pytest.skip(f"{state}: nothing is hidden from the {viewer} faction")
    pages = []
    for side in ("a", "b"):
        shutil.copytree(EXAMPLES, tmp_path / side)
        changed = _other_hands(tmp_path / side, state, viewer, pos) if side == "b" else None
        if side == "a":
            _swapped(tmp_path / side, state, {}, pos)        # rewritten alike (the dump drops comments)
        page = tmp_path / side / "page.html"
        r = aeref("report", tmp_path / side / state, "--as", viewer, "-o", page, "--force", "--time-limit", "20")
        assert r.exit_code == 0, r
        j = aeref("report", tmp_path / side / state, "--as", viewer, "--json", "--time-limit", "20")
        assert j.exit_code == 0, j
        pages.append((page.read_text(encoding="utf-8").replace(str(tmp_path / side), "FOLDER"),
                      j.stdout.replace(str(tmp_path / side), "FOLDER")))
    if not changed:
        pytest.skip(f"{state}: the others' hands are known exactly from the {viewer} view")
    assert pages[0] == pages[1]
    assert 'id="others"' in pages[0][0]
