"""The rules' own examples from another faction's view (1.1 face down, 1.1.3.3), the hand known
exactly, the answers made from the view alone (byte by byte the same whatever the faction really
holds, as long as the public facts are the same), and `pairs` / `check` `--as` on every shipped
example from every view."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

import aeref

from ..support.cli import run

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
EXAMPLES = DECKS.parent

AE_SOVIET = """
game: ae
turn: Nov-Dec 1941
war-state: {{tk: total, ds: limited}}
factions:
  soviet:
    tk:
      current: null
      hand: [23, 26b, 38, 39]
    ds:
      current: null
      hand: {ds}
countries:
  Russia: {{posture: war, status: active, alignment: soviet}}
"""

ANNUAL_TK = """
game: tk
turn: {turn}
war-state: limited
factions:
  axis:
    tk:
      current: 3
      hand: [90, 28a]
  western:
    tk:
      current: null
      hand: []
cards:
  - {{map: tk, faction: axis, number: 90, name: Test Only Further Rearmament, war-state: pre-war, rearmament: true}}
"""


def write(tmp_path, body: str, name: str = "state.yaml") -> Path:
    text = "decks: [" + ", ".join(str(DECKS / f"{d}.yaml") for d in ("axis", "western", "soviet")) + "]\n"
    path = tmp_path / name
    path.write_text(text + textwrap.dedent(body))
    return path


def test_1_1_3_3_soviet_production_limit_example_from_the_western_view(tmp_path):
    """1.1.3.3 © example, Western view: Total War on TK, Russia at War. Whatever the Soviet faction holds,
    TK 38 Total War Production (3) leaves no room for a DS card with a Production Value above 0; TK 39 (2)
    with DS 24 (1) is possible, with a hand that holds both."""
    seen = aeref.load(write(tmp_path, AE_SOVIET.format(ds="[11b, 24]"))).view("western")
    r = seen.check_possible("soviet", tk="38", ds="24")
    assert not r.possible
    assert [v.as_json() for v in r.violations] == [{
        "rule": "1.1.3.3", "title": "Soviet Production Limit",
        "message": "tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3 (Total War on TK)"}]
    ok = seen.check_possible("soviet", tk="39", ds="24")
    assert ok.possible and "tk-soviet-39" in ok.hand["tk"] and "ds-soviet-24" in ok.hand["ds"]
    assert len(ok.hand["tk"]) == 4 and len(ok.hand["ds"]) == 2
    got = seen.possible_selections("soviet")
    assert got.complete
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-24"} not in got.choices
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-16"} not in got.choices        # Production Value 1 too
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-11b"} in got.choices           # Production Value 0
    # the TK hand is known exactly (every card of the deck is in it); the DS hand is 2 of 3
    tk, ds = got.seen
    assert (tk.known, ds.known, ds.candidates) == (True, False, ("ds-soviet-24", "ds-soviet-11b", "ds-soviet-16"))


@pytest.mark.parametrize("turn,possible", [("Nov-Dec 1937", True), ("Mar-Apr 1938", False)])
def test_1_1_3_3_rearmament_timing_example_from_the_western_view(tmp_path, turn, possible):
    """1.1.3.3 Annual example, Western view: the Axis revealed a Rearmament card (3) in Nov-Dec 1937; it may
    have selected another, revealed Mar-Apr 1938. In Mar-Apr 1938 (revealed May-June 1938, the same year)
    it cannot, whatever it holds."""
    seen = aeref.load(write(tmp_path, ANNUAL_TK.format(turn=turn))).view("western")
    r = seen.check_possible("axis", tk="90")
    assert r.possible == possible
    if not possible:
        assert [(v.rule.number, v.rule.title) for v in r.violations] == [("1.1.3.3", "Annual Selection Restrictions")]
        assert "tk-axis-3" in r.violations[0].message and "1938" in r.violations[0].message
    assert ({"tk": "tk-axis-90"} in seen.possible_selections("axis").choices) == possible


def test_1_1_3_no_pending_card_is_decided_over_the_hands_not_the_candidates(tmp_path):
    """1.1.3 (empty-slot=forced): with Pre-War on DS no Soviet DS card but 16 fits; the DS hand holds 2 of
    24, 11b, 16. Taken as the hand, the candidate list would forbid an empty DS slot (16 fits); but the
    hand 24, 11b holds no card that fits, so an empty DS slot is possible - with that hand."""
    body = AE_SOVIET.format(ds="[11b, 24]").replace("ds: limited", "ds: pre-war").replace(
        "war-state: {tk: total, ds: pre-war}", "war-state: {tk: limited, ds: pre-war}").replace(
        "Russia: {posture: war, status: active, alignment: soviet}",
        "Russia: {status: active, alignment: soviet, tk: {posture: war}, ds: {posture: policy-affected}}")
    seen = aeref.load(write(tmp_path, body)).view("axis")
    r = seen.check_possible("soviet", tk="26b")
    assert r.possible and sorted(r.hand["ds"]) == ["ds-soviet-11b", "ds-soviet-24"]
    assert seen.check_possible("soviet", tk="26b", ds="16").possible


def _outputs(path: Path) -> list[str]:
    out = []
    for args in (["pairs", "--faction", "soviet"], ["pairs", "--faction", "soviet", "--json"],
                 ["check", "--faction", "soviet", "--tk", "38", "--ds", "24"],
                 ["check", "--faction", "soviet", "--tk", "39", "--ds", "16", "--json"]):
        r = run(*args, str(path), "--as", "western")
        assert r.exit_code in (0, 1), r.output
        out.append(r.stdout)
    return out


def test_1_1_face_down_the_answer_is_the_same_whatever_the_hand(tmp_path):
    """1.1: the answers are made from the Western view alone - byte by byte the same for every Soviet DS hand
    of two cards (the public facts are the same), and none names a card as the one the Soviet holds."""
    outs = []
    for i, ds in enumerate(("[11b, 24]", "[24, 16]", "[16, 11b]")):
        d = tmp_path / str(i)
        d.mkdir()
        outs.append(_outputs(write(d, AE_SOVIET.format(ds=ds))))
    assert outs[0] == outs[1] == outs[2]
    d = tmp_path / "fewer"                       # a public fact changed (the hand-count): the answer changes
    d.mkdir()
    assert _outputs(write(d, AE_SOVIET.format(ds="[24]"))) != outs[0]


def _examples():
    return sorted(p for p in EXAMPLES.glob("*.yaml") if "allocation" not in p.name)


def _views(path: Path):
    """``(viewer, G)``: every faction's view of every other faction of the file ``path``."""
    factions = aeref.load(path).factions
    return [(viewer, g) for viewer in ("axis", "western", "soviet") for g in factions if g != viewer]


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.name)
def test_1_1_pairs_as_another_faction_on_every_shipped_example(path):
    """Every shipped example, every faction's view of every other faction: an answer, or one `Error:` line
    (exit 2: the faction is not in the file); never a traceback."""
    for viewer, g in _views(path):
        r = run("pairs", str(path), "--faction", g, "--as", viewer, "--json")
        assert r.exit_code in (0, 1, 2), r.output
        if r.exit_code == 2:
            assert r.stderr.startswith("Error: ") and len(r.stderr.strip().splitlines()) == 1, r.stderr
            continue
        got = json.loads(r.stdout)
        assert list(got)[0] == "format-version" and got["viewer"] == viewer and got["faction"] == g
        # never a card the viewer may not see, but as a candidate of the very faction asked about
        named = {c for h in got["hands"] for c in h["candidates"]}
        assert all(cid.split("-")[1] == g for cid in named)
        for ch in got["choices"]:
            r2 = run("check", str(path), "--faction", g, "--as", viewer,
                     *[a for m in ("tk", "ds") if ch.get(m) for a in (f"--{m}", ch[m])])
            assert r2.exit_code == 0, r2.output


def test_1_1_3_pairs_and_check_as_on_the_command_line():
    """`pairs --as` (--count, --json) and `check --as` (--json): the same answers as the API, exit 0 / 1."""
    ex = str(EXAMPLES / "ae-soviet-production.yaml")
    r = run("pairs", ex, "--faction", "soviet", "--as", "western", "--count")
    assert (r.exit_code, r.stdout.strip()) == (0, "7")
    got = run("pairs", ex, "--faction", "soviet", "--as", "western", "--json").json
    assert list(got)[:6] == ["format-version", "game", "turn", "faction", "viewer", "hands"]
    assert got["count"] == len(got["choices"]) == 7 and got["complete"] is True
    assert {"tk": "tk-soviet-38", "ds": None, "hand": {"tk": ["tk-soviet-38", "tk-soviet-39", "tk-soviet-26b"],
                                                       "ds": ["ds-soviet-24", "ds-soviet-16"]}} in got["choices"]
    r = run("check", ex, "--faction", "soviet", "--as", "western", "--tk", "38", "--ds", "24", "--json")
    assert r.exit_code == 1 and r.json["possible"] is False
    assert [v["title"] for v in r.json["violations"]] == ["Soviet Production Limit"]
    r = run("check", ex, "--faction", "soviet", "--as", "western", "--tk", "39", "--ds", "24")
    assert r.exit_code == 0 and r.stdout.startswith("Possible: Soviet Pending Cards TK 39 Total War Production")
    # --as the faction asked, or the referee: the ordinary ruling on that view
    assert run("pairs", ex, "--faction", "soviet", "--as", "soviet", "--count").stdout.strip() == "4"
    assert run("pairs", ex, "--faction", "soviet", "--as", "referee", "--count").stdout.strip() == "4"


def test_1_1_report_as_a_faction_lists_what_the_others_may_hold(tmp_path):
    """`report --as F`: for each other faction, the cards its hand may hold and the selections it may have
    made, counted and listed in parts that fold (the same as `pairs --as`); none in the referee's view."""
    ex = str(EXAMPLES / "ae-soviet-production.yaml")
    data = run("report", ex, "--as", "western", "--json").json
    pairs = run("pairs", ex, "--faction", "soviet", "--as", "western", "--json").json
    [row] = data["others"]
    assert (row["faction"], row["count"], row["complete"]) == ("soviet", 7, True)
    assert [{k: h[k] for k in ("map", "hand-count", "pending-placed", "known")} for h in row["hands"]] == [
        {"map": "tk", "hand-count": 3, "pending-placed": False, "known": True},
        {"map": "ds", "hand-count": 2, "pending-placed": False, "known": False}]
    assert [h["cards"] for h in row["hands"]] == [h["candidates"] for h in pairs["hands"]]
    assert [h["candidates"] for h in row["hands"]] == [3, 3]
    assert row["choices"] == [{m: ch[m] for m in ("tk", "ds")} for ch in pairs["choices"]]
    assert "others" not in run("report", ex, "--as", "referee", "--json").json
    page = tmp_path / "page.html"
    assert run("report", ex, "--as", "western", "-o", str(page)).exit_code == 0
    text = page.read_text(encoding="utf-8")
    assert "Soviet: 7 possible selections" in text
    assert "DS: 2 cards face down, of 3 it may hold: 24 Limited War Production;" in text
    assert "Cannot hold: 23 Limited War Production (it is the Current Card, face up (1.1))" in text
    others = text[text.index('<section id="others">'):text.index("</section>", text.index('<section id="others">'))]
    # in the order and words of the table of `pairs --as`: its row N is the page's Nth
    import re
    table = [re.split(r"\s{2,}", line.strip()) for line in
             run("pairs", ex, "--faction", "soviet", "--as", "western").stdout.splitlines() if line.strip()[:1].isdigit()]
    listed = re.findall(r"<li>(TK [^<]*)</li>", others)
    assert listed == [", ".join(f"{m} {cell}" if cell != "-" else f"no {m} card" for m, cell in zip(("TK", "DS"), row[1:]))
                      for row in table if len(row) == 3]
    assert len(listed) == 7 and listed[3] == "TK 38 Total War Production, no DS card"


def test_1_1_report_lists_the_first_selections_and_says_how_many_more(tmp_path):
    """A long list of what another faction may have placed: the page lists the first ones and points to
    `pairs --as` for the rest; the JSON holds all."""
    from aeref.cli import others
    ex = str(EXAMPLES / "ae-1941.yaml")
    data = run("report", ex, "--as", "axis", "--json").json
    western = next(o for o in data["others"] if o["faction"] == "western")
    assert len(western["choices"]) == western["count"] == 21
    old, others.PAGE_SELECTIONS = others.PAGE_SELECTIONS, 5
    try:
        page = tmp_path / "page.html"
        assert run("report", ex, "--as", "axis", "-o", str(page)).exit_code == 0
    finally:
        others.PAGE_SELECTIONS = old
    text = page.read_text(encoding="utf-8")
    assert "The selections it may have made (the first 5)" in text
    assert "and 16 more: <code>aeref pairs STATE --faction western --as axis</code>" in text


def _reveal_pair(folder: Path, pending: str, other: str) -> Path:
    """ds-axis-selected.yaml and ds-axis-reveal.yaml (its next Seasonal Turn, the Axis Pending Card awaiting its
    reveal) copied into ``folder``, the Axis Pending Card ``pending`` and ``other`` in its hand instead, in both."""
    import shutil
    shutil.copytree(DECKS, folder / "decks")
    for name in ("ds-axis-selected.yaml", "ds-axis-reveal.yaml"):
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        text = text.replace("pending: 28a", f"pending: {pending}").replace("hand: [3, 8, 12, 33a, 28b]",
                                                                          f"hand: [3, 8, 12, {other}, 28b]")
        (folder / name).write_text(text, encoding="utf-8")
    return folder / "ds-axis-reveal.yaml"


def test_1_1_1_pending_cards_awaiting_their_reveal_are_asked_on_the_turn_they_were_selected_in(tmp_path):
    """1.1.1 Step 2: the Axis Pending Card of ds-axis-reveal.yaml (Nov-Dec 1941) was selected in Aug-Sept 1941
    (previous: ds-axis-selected.yaml). From the Western view, `pairs --as` and `check --as` answer what the Axis
    faction may have selected then, on the Western view of that file, and say so; the same bytes whichever
    card it placed (28a East Wind Rain or 33a Treaty)."""
    state = EXAMPLES / "ds-axis-reveal.yaml"
    seen = aeref.load(state).view("western")
    got = seen.possible_selections("axis")
    then = aeref.load(EXAMPLES / "ds-axis-selected.yaml").view("western").possible_selections("axis")
    assert got.turn == "Aug-Sept 1941" and got.choices == then.choices and got.hands == then.hands
    assert {"ds": "ds-axis-28a"} in got.choices and {"ds": "ds-axis-3"} not in got.choices
    assert got.notes and "selected in Aug-Sept 1941" in got.notes[0] and "previous: ds-axis-selected.yaml" in got.notes[0]
    r = run("check", str(state), "--faction", "axis", "--as", "western", "--ds", "28a")
    assert r.exit_code == 0 and r.stdout.startswith("Possible: Axis Pending Cards DS 28a East Wind Rain")
    assert "Note: the Axis Pending Cards await their reveal" in r.stdout
    outs = []
    for pending, other in (("28a", "33a"), ("33a", "28a")):
        path = _reveal_pair(tmp_path / pending, pending, other)
        outs.append([run(*args, str(path), "--faction", "axis", "--as", "western").stdout
                     for args in (["pairs"], ["pairs", "--json"], ["check", "--ds", "28a"], ["check", "--ds", "3"])])
    assert outs[0] == outs[1]
    assert "Impossible whatever the Axis faction holds" in outs[0][3]


def test_1_1_1_awaiting_pending_cards_without_previous_say_where_to_ask(tmp_path):
    """Without the file of the selection's Seasonal Turn, one Error line saying where to ask (exit 2)."""
    path = _reveal_pair(tmp_path, "28a", "33a")
    (tmp_path / "ds-axis-selected.yaml").unlink()
    text = path.read_text(encoding="utf-8").replace("previous: ds-axis-selected.yaml\n", "")
    text = text.replace("      pending: 28a\n", "      pending: 28a\n      selected: Aug-Sept 1941\n")
    path.write_text(text, encoding="utf-8")
    r = run("pairs", str(path), "--faction", "axis", "--as", "western")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert "await their reveal" in r.stderr and "ask on that file, or after the reveal" in r.stderr


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.name)
def test_1_1_hidden_hand_whole_deck_is_the_hand_known_exactly(path):
    """Interpretation hidden-hand: under `whole-deck` another faction's hand is every card of its deck not public
    elsewhere. Where the hand-count says so (every hand known exactly under `part-of-deck`) the answers are the
    same; where it does not, one Error line naming the hand-count and the reading (exit 2)."""
    for viewer, g in _views(path):
        part = run("pairs", str(path), "--faction", g, "--as", viewer, "--json")
        whole = run("pairs", str(path), "--faction", g, "--as", viewer, "--json", "-i", "hidden-hand=whole-deck")
        if part.exit_code == 2:
            assert whole.exit_code == 2
            continue
        known = all(len(h["candidates"]) == h["hand-count"] + h["pending-placed"] for h in part.json["hands"])
        if known:
            assert whole.exit_code == part.exit_code
            a, b = part.json, whole.json
            assert a.pop("interpretations")["hidden-hand"] == "part-of-deck"
            assert b.pop("interpretations")["hidden-hand"] == "whole-deck"
            assert a == b
        else:
            assert whole.exit_code == 2 and len(whole.stderr.strip().splitlines()) == 1, whole.output
            assert "hand-count" in whole.stderr and "hidden-hand=whole-deck" in whole.stderr


def test_1_1_hidden_hand_whole_deck_rules_on_every_card_of_the_deck(tmp_path):
    """Under hidden-hand=whole-deck the Soviet DS hand of three cards (24, 11b, 16: every card of its test deck) is
    known exactly: `pairs --as` gives the Soviet faction's own legal selections of that hand."""
    path = write(tmp_path, AE_SOVIET.format(ds="[24, 11b, 16]"))
    whole = run("pairs", str(path), "--faction", "soviet", "--as", "western", "--json", "-i", "hidden-hand=whole-deck")
    own = run("pairs", str(path), "--faction", "soviet", "--json")
    assert whole.exit_code == own.exit_code == 0
    assert [{m: ch[m] for m in ("tk", "ds")} for ch in whole.json["choices"]] == own.json["choices"]
    assert all(h["known"] for h in whole.json["hands"])


def _reveal_file(folder: Path, pending: str, hand: str) -> Path:
    """ds-axis-reveal.yaml (its previous: ds-axis-selected.yaml beside it) in ``folder``, the Axis Pending Card
    ``pending`` and the Axis hand ``hand`` in it (the previous file as shipped)."""
    import shutil
    shutil.copytree(DECKS, folder / "decks")
    shutil.copy(EXAMPLES / "ds-axis-selected.yaml", folder)
    text = (EXAMPLES / "ds-axis-reveal.yaml").read_text(encoding="utf-8")
    text = text.replace("      pending: 28a\n      hand: [3, 8, 12, 33a, 28b]", f"      pending: {pending}\n      hand: {hand}")
    path = folder / "reveal.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_1_1_whether_a_pending_card_awaits_its_reveal_is_told_from_public_facts(tmp_path):
    """1.1: two files with the same public facts, the Axis Pending Card face down 28a (selected in Aug-Sept 1941,
    awaiting its reveal) in one, 2b in the other (28a back in the hand: what the whole file alone cannot tell
    apart from a new selection). The Western answers (`pairs --as`, `check --as`, `show --as`) are the same bytes:
    whether the card face down is the one of previous: is not the Western player's to know."""
    a = _reveal_file(tmp_path / "a", "28a", "[3, 8, 12, 33a, 28b]")
    b = _reveal_file(tmp_path / "b", "2b", "[3, 28a, 12, 33a, 28b]")
    for args in (("pairs", "--faction", "axis", "--as", "western"),
                 ("check", "--faction", "axis", "--as", "western", "--ds", "8"),
                 ("show", "--as", "western")):
        ra, rb = run(args[0], str(a), *args[1:]), run(args[0], str(b), *args[1:])
        assert (ra.exit_code, ra.output.replace(str(a.parent), "")) == (rb.exit_code, rb.output.replace(str(b.parent), ""))
    assert "awaits its reveal" in run("show", str(a), "--as", "western").stdout    # its Current Card unchanged since


def test_1_1_1_a_previous_file_of_another_turn_or_another_hand_is_named(tmp_path):
    """previous: of May-June 1941 for a Nov-Dec 1941 position: the Error names the turns; previous: whose Axis hand
    held other than the hand-count and the Pending Card now: the Error names both counts (exit 2, one line)."""
    path = _reveal_file(tmp_path, "28a", "[3, 8, 12, 33a, 28b]")
    sel = tmp_path / "ds-axis-selected.yaml"
    good = sel.read_text(encoding="utf-8")
    sel.write_text(good.replace("turn: Aug-Sept 1941", "turn: May-June 1941"), encoding="utf-8")
    r = run("pairs", str(path), "--faction", "axis", "--as", "western")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1 and "does not name" not in r.stderr, r.stderr
    assert "May-June 1941" in r.stderr
    sel.write_text(good.replace("hand: [3, 8, 12, 33a, 28b]", "hand: [3, 8]"), encoding="utf-8")
    r = run("pairs", str(path), "--faction", "axis", "--as", "western")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "hold 6 cards here but 3 in previous: ds-axis-selected.yaml" in r.stderr


def test_1_1_an_empty_hand_is_known_exactly(tmp_path):
    """A hand-count of 0 (no Pending Card placed): the hand is known exactly, and it holds no card; only "no
    Pending Card" is possible (exit 1, as `pairs` of a known empty hand)."""
    path = write(tmp_path, AE_SOVIET.format(ds="[]"))
    r = run("pairs", str(path), "--faction", "soviet", "--as", "western", "--json")
    ds = next(h for h in r.json["hands"] if h["map"] == "ds")
    assert ds["hand-count"] == 0 and ds["known"] is True
    text = run("pairs", str(path), "--faction", "soviet", "--as", "western").stdout
    assert "DS: 0 cards face down; may hold (known exactly): no card" in text


def test_1_1_3_check_as_names_the_plainer_rule_first():
    """`check --as` names a minimal set of rules; of two that each forbid the selection alone, the earlier in the
    rules' order: TK 38 (a red Total War card) with DS 16 from the Axis view of ae-1941 is stopped by 1.1.3.2
    (Limited War on the TK map), as `check --tk 38` alone says, not by the Soviet Production Limit."""
    r = run("check", str(EXAMPLES / "ae-1941.yaml"), "--faction", "soviet", "--as", "axis", "--tk", "38", "--ds", "16",
            "--json")
    assert r.exit_code == 1 and [v["rule"] for v in r.json["violations"]] == ["1.1.3.2"], r.output
