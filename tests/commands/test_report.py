"""`aeref report` without a browser: every matrix cell is check's ruling, names are escaped, the page is one
file with a Content-Security-Policy that admits only its own script, and it is written safely."""
import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

from aeref.cli.report import report_data, render
from aeref.model.files.load import load_position
from aeref.solver.selection.rules import check

from ..support import copy_examples
from ..support.cli import run
from ..support.markup import write_markup_position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHIPPED = sorted(p for p in EXAMPLES.glob("*.yaml") if p.read_text().lstrip().startswith(("#", "game")) and
                 "game:" in p.read_text())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_matrix_cell_is_checks_ruling(path):
    """1.1.3: each cell of each faction's matrix is the ruling of `check` on that selection, word for word."""
    pos = load_position(path)
    data = report_data(pos, list(pos.factions))
    cells = 0
    for fx in data["factions"]:
        mx = fx["matrix"]
        for row in mx["rows"]:
            for cell in row["cells"]:
                choice = {m: c for m, c in cell["choice"].items() if c}
                args = ["check", path, "--faction", fx["faction"]] + [x for m, c in choice.items() for x in (f"--{m}", c)]
                r = run(*args)
                assert r.exit_code == (0 if cell["legal"] else 1)
                assert cell["text"] == r.stdout.rstrip("\n"), args
                assert cell["legal"] == check(pos, fx["faction"], cell["choice"]).legal
                cells += 1
    assert cells >= len(pos.factions)


def test_the_ae_production_example_cell_tk_38_ds_24_is_illegal_by_the_production_limit():
    pos = load_position(EXAMPLES / "ae-soviet-production.yaml")
    [fx] = report_data(pos, ["soviet"])["factions"]
    row = next(r for r in fx["matrix"]["rows"] if r["card"] and r["card"]["id"] == "tk-soviet-38")
    col = next(i for i, c in enumerate(fx["matrix"]["cols"]) if c and c["id"] == "ds-soviet-24")
    cell = row["cells"][col]
    assert not cell["legal"] and "1.1.3.3 Soviet Production Limit: tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3" in cell["text"]


def test_the_tk_soviet_replacements_map_shows_10_placements_and_2_lost_steps():
    pos = load_position(EXAMPLES / "tk-soviet-replacements.yaml")
    [mp] = report_data(pos, ["soviet"])["maps"]
    assert len(mp["placements"]) == 10 and mp["used"] == 10 and mp["received"] == 12
    assert [(x["count"], x["rule"]) for x in mp["lost"]] == [(2, "1.3.3")]
    page = render(report_data(pos, ["soviet"]))
    assert page.count('class="placed') == 10 and "only 10 one-step Russia infantry-type units" in page


def _script_hash(page):
    script = re.search(r"<script>(.*?)</script>", page, re.S).group(1)
    return "sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()


def test_one_file_with_a_policy_that_admits_only_its_own_script():
    page = render(report_data(load_position(EXAMPLES / "ae-1941.yaml"), ["soviet"]))
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src 'none'" in csp and f"script-src '{_script_hash(page)}'" in csp
    assert not re.search(r'(src|href)="(https?:)?//', page)      # nothing fetched from elsewhere
    assert page.count("<script") == 1 and "<link" not in page


def test_names_from_the_file_are_text_not_markup(tmp_path):
    """Names in position files are untrusted: a card and a country named with markup, quotes and non-Latin
    letters appear as text (test-only names)."""
    write_markup_position(tmp_path / "s.yaml")
    page = render(report_data(load_position(tmp_path / "s.yaml"), ["soviet"]))
    assert '<script>alert("x")</script>' not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; Ω «Πόλεμος» &#39;q&#39;" in page


def test_written_atomically_and_never_over_an_existing_file(tmp_path):
    copy_examples(tmp_path / "examples")
    state = tmp_path / "examples" / "ae-soviet-production.yaml"
    r = run("report", state)
    assert r.exit_code == 0 and (tmp_path / "examples" / "ae-soviet-production.html").exists()
    before = (tmp_path / "examples" / "ae-soviet-production.html").read_text()
    r = run("report", state)
    assert r.exit_code == 2 and "exists" in r.stderr and "--force" in r.stderr
    assert r.stderr.startswith("Error: the report "), r.stderr        # no -o was given: the message does not name it
    assert (tmp_path / "examples" / "ae-soviet-production.html").read_text() == before
    r = run("report", state, "-o", tmp_path / "examples" / "ae-soviet-production.html")
    assert r.exit_code == 2 and r.stderr.startswith("Error: -o "), r.stderr
    r = run("report", state, "-o", tmp_path / "other.html", "--faction", "soviet")
    assert r.exit_code == 0 and (tmp_path / "other.html").read_text().startswith("<!DOCTYPE html>")
    assert not list(tmp_path.glob(".*.tmp")) and not list((tmp_path / "examples").glob(".*.tmp"))


def test_a_reveal_position_shows_the_reveal_and_the_markers_it_moves():
    """1.1.1 / 12.3: ds-axis-reveal.yaml reveals 28a East Wind Rain, which starts Total War on the DS map; the
    page lists reveal's steps and draws the 12.3 markers on the Turn Track where they go (Step 6 +3, Step 7
    +15 - Russia is a PAC: its Neutrality marker is kept - and Step 10 +16)."""
    pos = load_position(EXAMPLES / "ds-axis-reveal.yaml")
    t = report_data(pos, ["axis"])["turn"]
    assert t and t["legal"] and t["order"] == ["Axis", "Western"]
    [track] = t["tracks"]
    assert (track["was"], track["war-state"]) == ("limited", "total")
    moved = {mk["marker"]: b["turn"] for b in track["boxes"] for mk in b["markers"] if mk["moved"]}
    assert moved == {"Increase USCL": "Aug-Sept 1942", "Russian Entry": "Aug-Sept 1945", "V-J Day": "Nov-Dec 1945"}
    assert any(s["rule"] == "12.3 Step 7" for s in t["steps"])
    assert report_data(load_position(EXAMPLES / "ae-1941.yaml"), ["axis"])["turn"] is None


@pytest.mark.parametrize("path", [EXAMPLES / "ae-1941.yaml", EXAMPLES / "ae-aug-1941.yaml"], ids=lambda p: p.name)
def test_cards_in_no_legal_selection_are_pairs_excluded_cards(path):
    """The page's "Cards in no legal selection" are `pairs --json`'s excluded cards, reasons and all."""
    pos = load_position(path)
    factions = report_data(pos, list(pos.factions))["factions"]
    assert any(fx["excluded"] for fx in factions)
    for fx in factions:
        out = json.loads(run("pairs", path, "--faction", fx["faction"], "--json").stdout)
        assert [(x["card"]["id"], x["rules"], x["message"]) for x in fx["excluded"]] == \
               [(x["card"], x["rules"], x["message"]) for x in out["excluded"]]


def test_the_map_layout_from_ccrr_numbers_at_or_neighbours(tmp_path):
    """Hexes numbered CCRR stand on the grid their numbers give (odd columns half a hex lower); others stand
    where `at: [col, row]` puts them, or are laid out from their neighbours (test-only maps)."""
    from aeref.cli.report_map import layout
    from aeref.model.files.map_section import parse_map
    problems = []
    b = parse_map({"hexes": {"2315": {"neighbours": ["2316"]}, "2316": {"neighbours": ["2315"]}, "2415": {}}}, "f", problems)
    lay = layout(b, "tk")
    (x1, y1), (x2, y2), (x3, y3) = lay.hexes["2315"], lay.hexes["2316"], lay.hexes["2415"]
    assert x1 == x2 and y2 > y1 and x3 > x1 and y3 < y1 and not problems       # column 23 odd: half a hex lower than 24
    b = parse_map({"hexes": {"A": {"at": [1, 1]}, "B": {"at": [3, 1]}}}, "f", problems)
    lay = layout(b, "tk")
    assert lay.hexes["B"][0] > lay.hexes["A"][0] and not problems
    b = parse_map({"hexes": {"a": {"neighbours": ["b"]}, "b": {"neighbours": ["a", "c"]}, "c": {"neighbours": ["b"]}}}, "f", problems)
    lay = layout(b, "tk")
    xs = [lay.hexes[h][0] for h in "abc"]
    assert xs == sorted(xs) and len(set(xs)) == 3 and not problems               # a chain, left to right
    assert all(len(lay.polygon[h].split()) == 6 for h in "abc")


def test_a_proposed_allocation_is_drawn_with_its_ruling(tmp_path):
    """check-replacements on the map: the placement that breaks a rule is drawn where it is, with its
    violation (a garrison unit, 1.3.3.3; a hex with an enemy army, 1.3.4), and the page says Illegal."""
    import yaml
    copy_examples(tmp_path / "examples")
    alloc = tmp_path / "alloc.yaml"
    alloc.write_text(yaml.safe_dump([
        {"unit": "R-1", "location": "4010", "paid-with": ["Russia infantry"]},
        {"unit": "R-2", "location": "4013", "paid-with": ["Russia infantry"]},
        {"unit": "R-G1", "location": "4010", "paid-with": ["Russia infantry"]}]))
    r = run("report", tmp_path / "examples" / "tk-soviet-replacements.yaml", "--allocation", alloc, "--json")
    assert r.exit_code == 0, r.output
    [mp] = json.loads(r.stdout)["maps"]
    assert mp["ruling"]["legal"] is False and mp["bad-locations"] == ["4010", "4013"]
    broken = {p["unit"]: p["broken"] for p in mp["placements"]}
    assert broken["R-1"] is None and broken["R-2"].startswith("1.3.4") and broken["R-G1"].startswith("1.3.3.3")
    page = render(report_data(load_position(tmp_path / "examples" / "tk-soviet-replacements.yaml"), ["soviet"],
                              (str(alloc), yaml.safe_load(alloc.read_text()))))
    assert page.count('class="placement bad"') == 2 and ">Illegal<" in page


def test_a_placed_selection_heads_the_matrix_and_is_its_one_legal_cell():
    """1.1.3 "Card selection is final": the Pending Card placed (here awaiting its reveal, 1.1.1 Step 2)
    is a row of the matrix, its cell the one legal selection, and the page says why the rest are not."""
    pos = load_position(EXAMPLES / "ds-axis-reveal.yaml")
    [axis] = [fx for fx in report_data(pos, ["axis"])["factions"]]
    mx = axis["matrix"]
    assert mx["rows"][0]["card"]["id"] == "ds-axis-28a"
    legal = [(row["card"] or {}).get("id") for row in mx["rows"] for cell in row["cells"] if cell["legal"]]
    made = [(row["card"] or {}).get("id") for row in mx["rows"] for cell in row["cells"] if cell["made"]]
    assert legal == made == ["ds-axis-28a"]
    assert "they await their reveal" in mx["final"]
    page = render(report_data(pos, ["axis"]))
    assert 'class="cell legal made"' in page and "1.1.3: card selection is final" in page


def test_1_1_3_card_selection_is_final_is_said_once_above_the_matrix():
    """1.1.3 "Card selection is final" on a reveal page: the long sentence stands once, above the matrix; each
    cell's ruling says the rule and points there (the data keeps check's words whole, as the test above)."""
    from markupsafe import escape
    pos = load_position(EXAMPLES / "ds-axis-reveal.yaml")
    data = report_data(pos, ["axis"])
    final = data["factions"][0]["matrix"]["final"]
    assert sum(final in c["text"] for r in data["factions"][0]["matrix"]["rows"] for c in r["cells"]) >= 3
    page = render(data)
    assert page.count(str(escape(final))) == 1
    assert page.count("1.1.3 Card Selection Is Final: card selection is final (said above the matrix)") >= 3


def test_the_posture_display_uses_the_rules_words_as_show_prints_them():
    """One wording for one fact: the page's Posture Display says "Policy Affected", "War", "Soviet" as
    `show` prints them (model/wording.rules_word), never the file's spelling ("policy-affected")."""
    r = run("show", EXAMPLES / "ae-1941.yaml")
    assert "Russia     Policy Affected  Neutrality  Neutral    Soviet" in r.stdout
    page = render(report_data(load_position(EXAMPLES / "ae-1941.yaml"), ["soviet"]))
    table = page[page.index('<table class="posture">'):page.index("</table>", page.rindex('<table class="posture">'))]
    assert "<td>Policy Affected</td><td>Neutrality</td><td>Neutral</td><td>Soviet</td>" in table
    assert "<td>War</td>" in table and "policy-affected" not in table and "<td>war</td>" not in table


def test_1_3_3_3_a_garrison_unit_not_placed_says_why_beside_it():
    """1.3.3.3 Garrison Units: a garrison in the Force Pool is never taken; the page says so beside the unit
    (the rule `replacements` applies, with its message), and the units left for want of steps say that."""
    pos = load_position(EXAMPLES / "ds-axis-replacements.yaml")
    [mp] = report_data(pos, ["axis"])["maps"]
    why = {u["id"]: u["why"] for u in mp["units"] if not u["placed"]}
    assert why["J-G1"] == ("1.3.3.3 Garrison Units: J-G1 (Japan garrison) is a garrison unit: garrison units "
                           "cannot be taken as replacements")
    assert why["J-4"] == "every step received is used (9 of 9)"
    assert [u["id"] for u in mp["units"] if u["barred"]] == ["J-G1"]
    page = render(report_data(pos, ["axis"]))
    chip = page[page.index('<span class="unit barred"'):]
    assert chip.index("J-G1 (Japan garrison)") < chip.index("1.3.3.3 never taken") < chip.index("</span></span>")
    assert "<li data-unit=\"J-G1\"><b>J-G1</b>: 1.3.3.3 Garrison Units:" in page


def test_a_hex_name_is_read_and_drawn_with_its_number(tmp_path):
    """A hex's ``name:`` (docs/format-additions.md): validated as text, drawn under the hex number, escaped."""
    pos = load_position(EXAMPLES / "tk-soviet-replacements.yaml")
    assert pos.board.hexes["4013"].name == "Kiev"
    [mp] = report_data(pos, ["soviet"])["maps"]
    kiev = next(h for h in mp["hexes"] if h["id"] == "4013")
    assert kiev["label"]["text"] == "Kiev" and kiev["number"]["text"] == "4013" and kiev["label"]["y"] > kiev["number"]["y"]
    assert '<text class="hexname" data-legend="name"' in render(report_data(pos, ["soviet"]))
    bad = tmp_path / "bad.yaml"
    bad.write_text((EXAMPLES / "tk-soviet-replacements.yaml").read_text().replace("name: Kiev", "name: [Kiev]"))
    r = run("validate", bad)
    assert r.exit_code == 2 and "map.hexes.4013.name" in r.output


# ----------------------------------------------------------------------------- the plan on the page

PLAN = EXAMPLES / "tk-axis-1939-plan.yaml"


def test_report_plan_draws_what_plan_json_says(tmp_path):
    """``report --plan axis --json``: each hand card's earliest turn, its plan's selections and the rules that
    stop it the turn before (1.1.3.1: 4a needs 3 played; 1.1.3.3 Sequential: 11 cannot follow 10; 1.1.3.2:
    22a cannot come in Pre-War) are those of ``plan --json``; the goal's plan likewise."""
    plan = run("plan", PLAN, "--faction", "axis", "--turns", "4", "--json").json
    page = run("report", PLAN, "--plan", "axis", "--turns", "4", "--json").json["plan"]
    assert page["turns"][0] == plan["from"] and page["turns"][-1] == plan["to"] and len(page["turns"]) == 5
    rows = {r["card"]["id"]: r for r in page["maps"][0]["cards"]}
    assert set(rows) == {c["card"] for c in plan["cards"]}
    for c in plan["cards"]:
        row = rows[c["card"]]
        assert row["earliest"] == c["earliest"] and row["reasons"] == [f"{r['rule']}: {r['message']}" for r in c["reasons"]]
        if c["earliest"]:
            starred = [x["turn"] for x in row["cells"] if x["mark"] == "earliest"]
            assert starred == [c["earliest"]]
            picked = [(x["turn"], x["pending"]["card"]["id"]) for x in row["cells"] if x["pending"]]
            assert picked == [(s["turn"], s["pending"]["tk"]) for s in c["plan"]]
        else:
            assert "cells" not in row
    assert page["facts"] == plan["facts"] and page["goal"] is None
    goal = run("plan", PLAN, "--faction", "axis", "--turns", "4", "--want", "4a", "--want", "11", "--json").json
    page = run("report", PLAN, "--plan", "axis", "--turns", "4", "--want", "4a", "--want", "11", "--json").json["plan"]
    assert page["goal"]["reached"] == goal["reached"] == "Nov-Dec 1939"
    cells = page["maps"][0]["goal"]["cells"]
    assert [(x["turn"], x["pending"]["card"]["id"]) for x in cells if x["pending"]] == \
        [(s["turn"], s["pending"]["tk"]) for s in goal["plan"]]
    assert [x["turn"] for x in cells if x["mark"] == "wanted"] == ["Aug-Sept 1939", "Nov-Dec 1939"]
    assert {w["card"]["id"]: w["turn"] for w in page["maps"][0]["goal"]["earliest"]} == \
        {"tk-axis-4a": "Aug-Sept 1939", "tk-axis-11": "Aug-Sept 1939"}
    r = run("report", PLAN, "--plan", "axis", "--turns", "4", "-o", tmp_path / "p.html")
    assert r.exit_code == 0
    html = (tmp_path / "p.html").read_text()
    assert 'id="plan"' in html and html.count('<table class="timeline"') == 1 and 'href="#plan"' in html


def test_report_without_plan_has_no_plan():
    """Without ``--plan`` the page's data has no ``plan`` key and the page no plan section."""
    data = report_data(load_position(PLAN), ["axis"])
    assert "plan" not in data and 'id="plan"' not in render(data)


@pytest.mark.parametrize("args, message", [
    (("--as", "western", "--plan", "axis"), None),
    (("--want", "4a"), "Error: --want: it sets the plan the page draws; give --plan FACTION with it"),
    (("--turns", "3"), "Error: --turns: "),
    (("--plan", "axis", "--turns", "0"), "Error: --turns 0: the horizon is 1 to 40 Seasonal Turns"),
    (("--plan", "axis", "--want", "99"), "Error: --want 99: "),
])
def test_report_plan_bad_input_is_one_error_line_exit_2(tmp_path, args, message):
    """1.1: a plan is its faction's own thinking: ``report --as western --plan axis`` is refused (exit 2, one
    line); the plan's options without ``--plan``, and a bad horizon or wanted card, likewise."""
    state = EXAMPLES / "tk-1939.yaml" if "--as" in args else PLAN
    r = run("report", state, *args, "-o", tmp_path / "p.html")
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r
    if message is None:
        assert r.stderr.startswith("Error: --plan axis: a plan is the Axis faction's own thinking") and \
            "--as western" in r.stderr
    else:
        assert r.stderr.startswith(message), r.stderr
    assert not (tmp_path / "p.html").exists()


def test_12_a_planned_reveal_that_puts_a_war_state_in_effect_says_so_in_its_cell():
    """12 War State: in the DS Axis example (28a East Wind Rain placed) the reveal of 28a in Nov-Dec 1941 puts
    Total War in effect on the DS map: that cell of every plan through it says so; a reveal that changes no war
    state ("already in effect") says nothing; an assumed war state is marked assumed."""
    page = run("report", EXAMPLES / "ds-axis-selected.yaml", "--plan", "axis", "--turns", "3", "--json").json["plan"]
    rows = {r["card"]["number"]: r for r in page["maps"][0]["cards"]}
    wars = {c["turn"]: [w["text"] for w in c["war"]] for c in rows["12"]["cells"]}
    assert wars["Nov-Dec 1941"] == ["\u2192 Total War (12)"] and wars["Mar-Apr 1942"] == []
    assert rows["12"]["cells"][1]["war"][0]["whole"].startswith("12 War State: Total War goes into effect on the DS map")
    page = run("report", PLAN, "--plan", "axis", "--turns", "4", "--want", "22a", "--assume",
               "war-state=limited@Aug-Sept 1939", "--json").json["plan"]
    cells = page["maps"][0]["goal"]["cells"]
    assert [(c["turn"], [w["text"] for w in c["war"]]) for c in cells if c["war"]] == \
        [("Aug-Sept 1939", ["\u2192 Limited War (assumed)"])]
