"""`aeref report` pages in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by
Selenium. Every shipped example's page opens with no console error and no network request; a tapped matrix
cell shows check's ruling; a picked unit outlines its Replacement Locations; names with markup stay text; a
phone-width window needs no sideways scrolling of the page. Screenshots are saved for a person to look at
(AEREF_SCREENSHOTS=DIR keeps them; the README's pictures come from here). Skipped, with one line, where
Chromium is not installed."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from aeref.cli.report import report_data, render
from aeref.model.files.load import load_position

from ..support.markup import write_markup_position
from ..support.seasonal import without_others

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHIPPED = sorted(p for p in EXAMPLES.glob("*.yaml") if "game:" in p.read_text())
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="Chromium not installed (apt-get install chromium chromium-driver): browser tests of aeref report skipped")


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
              "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=opts)
    yield d
    d.quit()


def _page(tmp_path, state, factions=None, name=None):
    pos = load_position(state)
    out = tmp_path / (name or (Path(state).stem + ".html"))
    out.write_text(render(report_data(pos, factions or list(pos.factions))), encoding="utf-8")
    return out


def _open(d, path, width=1200):
    d.set_window_size(width, 900)
    d.get_log("browser")
    d.get_log("performance")
    d.get(path.as_uri())
    return d


def _requests(d):
    """The URLs the page asked for (Chrome's network log), the page itself left out."""
    out = []
    for e in d.get_log("performance"):
        msg = json.loads(e["message"])["message"]
        if msg.get("method") == "Network.requestWillBeSent":
            out.append(msg["params"]["request"]["url"])
    return out


def _shot(d, name, tmp_path, element=None, view=None):
    """A screenshot: the whole page, one ``element`` (a CSS selector), or the window scrolled to ``view``."""
    keep = os.environ.get("AEREF_SCREENSHOTS")
    path = Path(keep or tmp_path) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if element:
        assert d.find_element("css selector", element).screenshot(str(path))
    elif view:
        d.execute_script("arguments[0].scrollIntoView({block: 'start'})", d.find_element("css selector", view))
        assert d.save_screenshot(str(path))
    else:
        h = d.execute_script("return document.documentElement.scrollHeight")
        w = d.execute_script("return window.innerWidth")
        d.set_window_size(w, min(max(h, 400), 5000))
        d.execute_script("window.scrollTo(0, 0)")
        assert d.save_screenshot(str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000      # a picture, and not a blank one
    return path


@pytest.mark.parametrize("state", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_example_opens_without_errors_or_requests(browser, tmp_path, state):
    page = _page(tmp_path, state)
    d = _open(browser, page)
    assert d.find_element("css selector", "h1").text
    errors = [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert errors == []
    assert [u for u in _requests(d) if u != page.as_uri()] == []
    assert d.execute_script("return performance.getEntriesByType('resource').length") == 0
    _shot(d, f"report-{state.stem}.png", tmp_path)


def test_a_tapped_cell_shows_checks_ruling(browser, tmp_path):
    """The AE Soviet Production example: TK 38 with DS 24 is illegal, 1.1.3.3 Soviet Production Limit."""
    state = EXAMPLES / "ae-soviet-production.yaml"
    d = _open(browser, _page(tmp_path, state, ["soviet"]), 900)
    heads = [th.text for th in d.find_elements("css selector", "table.matrix tr:first-child th")]
    col = next(i for i, t in enumerate(heads) if t.startswith("24 "))
    row = next(tr for tr in d.find_elements("css selector", "table.matrix tr")
               if tr.find_elements("css selector", "th") and tr.find_element("css selector", "th").text.startswith("38 "))
    cell = row.find_elements("css selector", "td")[col - 1]
    assert "illegal" in cell.get_attribute("class")
    cell.click()
    text = d.find_element("id", "ruling-text").text
    assert text.startswith("Illegal: Soviet Pending Cards TK 38 Total War Production, DS 24 Limited War Production")
    assert "1.1.3.3 Soviet Production Limit: tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3" in text
    _shot(d, "report-matrix.png", tmp_path, view="#selection")
    d.find_element("id", "ruling-close").click()
    assert not d.find_element("id", "ruling").is_displayed()


def test_a_picked_unit_outlines_its_replacement_locations(browser, tmp_path):
    """The TK Soviet example (1.3.3 Force Pool Limitation): 10 placements drawn, 2 lost steps with their rule;
    R-1's Replacement Locations are outlined, the hexes it may not use are not."""
    state = EXAMPLES / "tk-soviet-replacements.yaml"
    d = _open(browser, _page(tmp_path, state, ["soviet"]), 1000)
    assert len(d.find_elements("css selector", "g.placement")) == 10
    assert "2 Russia infantry: 1.3.3 only 10 one-step Russia infantry-type units" in d.find_element("css selector", "ul.lost").text
    unit = next(u for u in d.find_elements("css selector", ".unit") if u.text.startswith("R-1 "))
    unit.click()
    outlined = {e.get_attribute("data-loc") for e in d.find_elements("css selector", ".eligible")}
    pos = load_position(state)
    from aeref.solver.replacements import make_context
    assert outlined == set(make_context(pos, "soviet", "tk").eligible["R-1"]) and outlined
    _shot(d, "report-map-tk.png", tmp_path, element=".repl")


def test_the_ds_axis_map(browser, tmp_path):
    """DS 1.3.2.1 Hakko Ichiu example position: 9 of 9 steps placed; the Kwantung unit's only Replacement
    Location is the hex of the Kwantung Logistics marker (DS 1.3.4)."""
    d = _open(browser, _page(tmp_path, EXAMPLES / "ds-axis-replacements.yaml", ["axis"]), 1000)
    assert len(d.find_elements("css selector", "g.placement")) == 6
    next(u for u in d.find_elements("css selector", ".unit") if u.text.startswith("J-K1 ")).click()
    assert {e.get_attribute("data-loc") for e in d.find_elements("css selector", ".eligible")} == {"1404"}
    _shot(d, "report-map.png", tmp_path, element=".repl")


def test_markup_in_names_is_shown_as_text(browser, tmp_path):
    evil = '<script>alert("x")</script> Ω «Πόλεμος»'
    write_markup_position(tmp_path / "s.yaml", evil)
    d = _open(browser, _page(tmp_path, tmp_path / "s.yaml"))
    assert evil in d.find_element("css selector", "table.posture").text
    assert evil in d.find_element("css selector", ".card.total").text
    assert d.execute_script("return document.querySelectorAll('script').length") == 1
    assert [e for e in d.get_log("browser") if e["level"] == "SEVERE"] == []


def test_readable_on_a_phone(browser, tmp_path):
    d = _open(browser, _page(tmp_path, EXAMPLES / "ae-1941.yaml"), 390)
    assert d.execute_script("return document.documentElement.scrollWidth") <= 400
    _shot(d, "report-phone.png", tmp_path)


# ----------------------------------------------------------------------------- the map read at a glance

MAPPED = [p for p in SHIPPED if "\nmap:" in p.read_text() and "\nreplacements:" in p.read_text()]   # a map drawn
LONG = 'Dnepropetrovsk-Zaporozhye <b>"&amp;</b>'
TYPES = ("airborne", "marine", "mountain", "ski", "mechanized", "cavalry", "fortress", "exp", "hq")


def _crowded(tmp_path):
    """The TK Soviet example with a hex holding more counters than a hex draws (every unit type, long ids), a
    long hex name with markup, and units in its Off-Map Box: the hardest case for the map's layout."""
    import yaml
    state = yaml.safe_load((EXAMPLES / "tk-soviet-replacements.yaml").read_text())
    hexes = state["map"]["hexes"]
    hexes["4016"]["name"] = LONG
    hexes["4016"]["units"] = [{"id": f"R-{t.upper()}-LONG-ID-{i}", "faction": "soviet", "nationality": "Russia",
                               "type": t, "steps": 2} for i, t in enumerate(TYPES)]
    hexes["4011"]["name"] = "Novgorod"
    hexes["4011"]["units"] = [{"id": f"R-{t.upper()}", "faction": "soviet", "nationality": "Russia", "type": t,
                               "steps": 1} for t in TYPES[5:]]
    state["map"]["boxes"] = {"Central Asia": {"units": [{"id": f"R-CA{i}", "faction": "soviet", "nationality": "Russia",
                                                         "type": "infantry", "steps": 1} for i in range(3)]}}
    path = tmp_path / "crowded.yaml"
    path.write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    return path


_BOXES_JS = """
// every hex (and Off-Map Box) of the page: the boxes of what it draws (texts, the City square, each counter
// or marker as one box), the boxes that overlap, and those that leave the hex's outline
var out = [];
function inside(shape, b) {
  var pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]];
  return pts.every(function (p) {
    var q = shape.ownerSVGElement.createSVGPoint(); q.x = p[0]; q.y = p[1];
    return shape.isPointInFill(q) || shape.isPointInStroke(q);
  });
}
document.querySelectorAll("g.hexg, g.boxg").forEach(function (g) {
  var shape = g.querySelector("polygon, rect.box");
  var parts = Array.prototype.filter.call(g.children, function (c) {
    return c.tagName !== "title" && c !== shape; });
  var boxes = parts.map(function (c) { var b = c.getBBox(); return {what: c.textContent.trim() || c.getAttribute("class"),
    x: b.x, y: b.y, width: b.width, height: b.height, el: c}; });
  var bad = [];
  boxes.forEach(function (b, i) {
    if (b.width === 0 || b.height === 0) { bad.push("empty: " + b.what); }
    if (!inside(shape, b)) { bad.push("leaves " + (g.dataset.hex || g.dataset.box) + ": " + b.what); }
    boxes.slice(i + 1).forEach(function (o) {
      var w = Math.min(b.x + b.width, o.x + o.width) - Math.max(b.x, o.x);
      var h = Math.min(b.y + b.height, o.y + o.height) - Math.max(b.y, o.y);
      if (w > 0.01 && h > 0.01) { bad.push("overlap: " + b.what + " / " + o.what); }
    });
    // a counter's own texts stay on the counter
    var face = b.el.querySelector("rect, circle");
    b.el.querySelectorAll("text").forEach(function (t) {
      var tb = t.getBBox(), fb = face.getBBox();
      if (tb.x < fb.x - 0.5 || tb.y < fb.y - 0.5 || tb.x + tb.width > fb.x + fb.width + 0.5 ||
          tb.y + tb.height > fb.y + fb.height + 0.5) { bad.push("off its counter: " + t.textContent); }
    });
  });
  out.push({where: g.dataset.hex || g.dataset.box, parts: boxes.length, bad: bad});
});
return out;
"""


@pytest.mark.parametrize("state", MAPPED + ["crowded"], ids=lambda p: getattr(p, "name", p))
def test_no_text_of_a_hex_overlaps_another_or_leaves_the_hex(browser, tmp_path, state):
    """Measured in the browser (SVG bounding boxes): in every hex and Off-Map Box of the replacement map
    (1.3), the number, the name, the City square and each counter or marker are apart and inside the outline;
    a counter's steps and letters stay on it. Every shipped example with a map, and a crowded hex."""
    path = _crowded(tmp_path) if state == "crowded" else state
    d = _open(browser, _page(tmp_path, path), 1400)
    found = d.execute_script(_BOXES_JS)
    assert found and all(h["bad"] == [] for h in found), [h for h in found if h["bad"]]
    assert sum(h["parts"] for h in found) > len(found)
    if state == "crowded":
        # the hex draws five of its counters, the sixth square says how many more, and the name is cut, whole on hover
        more = d.find_element("css selector", 'g.hexg[data-hex="4016"] g.more-g')
        drawn = d.find_elements("css selector", 'g.hexg[data-hex="4016"] > g')
        assert len(drawn) == 6 and more.text.startswith("+") and int(more.text[1:]) >= 5
        assert "R-HQ-LONG-ID-8" in more.get_attribute("data-ruling")
        name = d.find_element("css selector", 'g.hexg[data-hex="4016"] text.hexname')
        assert name.text.endswith("\u2026") and LONG in d.find_element(
            "css selector", 'g.hexg[data-hex="4016"] > title').get_attribute("textContent")
        assert d.execute_script("return Array.prototype.filter.call(document.querySelectorAll('b'), function (b) {"
                                " return b.textContent === '\"&amp;'; }).length") == 0     # markup stays text
        _shot(d, "report-map-crowded.png", tmp_path, element=".repl")


@pytest.mark.parametrize("state", MAPPED + ["crowded"], ids=lambda p: getattr(p, "name", p))
def test_every_symbol_and_colour_of_the_map_has_a_legend_entry(browser, tmp_path, state):
    """Each thing the map draws names what it is (``data-legend``); the legend beside the map has a visible
    entry for every one of them: control colours, City, hex number and name, each nationality's colour, each
    unit-type symbol, steps, new replacement units, markers, Off-Map Boxes, the Replacement Location outline."""
    path = _crowded(tmp_path) if state == "crowded" else state
    d = _open(browser, _page(tmp_path, path), 1400)
    for repl in d.find_elements("css selector", ".repl"):
        used = set(d.execute_script(
            "var s = []; arguments[0].querySelectorAll('svg [data-legend]').forEach(function (e) {"
            " if (!e.closest('.legend')) { s = s.concat(e.getAttribute('data-legend').split(' ')); } }); return s;",
            repl))
        entries = {e.get_attribute("data-legend-entry"): e for e in repl.find_elements("css selector", "[data-legend-entry]")}
        assert used and used - set(entries) == set()
        assert all(e.is_displayed() and e.text for e in entries.values())
        assert "eligible" in entries or not repl.find_elements("css selector", ".unit")
    if state == "crowded":
        assert {f"type-{t}" for t in TYPES} <= used


@pytest.mark.parametrize("state", SHIPPED, ids=lambda p: p.name)
def test_at_390_px_nothing_is_cut_without_a_scroll_box_and_its_cue(browser, tmp_path, state):
    """A phone (390 px): no element reaches past the right edge unless it is inside a box that scrolls
    sideways, and every such box fits the screen and shows its cue ("scroll sideways for more")."""
    d = _open(browser, _page(tmp_path, state), 390)
    cut = d.execute_script("""
      var w = document.documentElement.clientWidth, bad = [];
      document.querySelectorAll("body *").forEach(function (e) {
        var r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= w + 0.5 || e.closest("svg") && e.tagName !== "svg") { return; }
        var box = e.parentElement;
        while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) { box = box.parentElement; }
        if (!box) { bad.push("cut: " + e.tagName + "." + e.className + " " + (e.textContent || "").slice(0, 30)); return; }
        if (box.getBoundingClientRect().right > w + 0.5) { bad.push("scroll box past the edge: " + box.className); }
        if (!box.classList.contains("overflows") || getComputedStyle(box, "::before").content === "none") {
          bad.push("no cue: " + box.className); }
      });
      return bad;""")
    assert cut == []
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390


def test_the_matrix_keeps_its_header_row_and_column_in_sight(browser, tmp_path):
    """The selection matrix (1.1.3) scrolled inside its box, both ways: the header row stays at the box's top
    and the card column at its left."""
    d = _open(browser, _page(tmp_path, EXAMPLES / "ae-soviet-production.yaml", ["soviet"]), 390)
    box = d.find_element("css selector", ".scroll.matrixbox")
    d.execute_script("arguments[0].style.maxWidth = '160px'; arguments[0].style.maxHeight = '120px';"
                     "arguments[0].scrollTo(400, 400)", box)
    got = d.execute_script("""
      var box = arguments[0], b = box.getBoundingClientRect();
      var head = box.querySelector("tr:first-child th:nth-child(2)").getBoundingClientRect();
      var side = box.querySelector("tr:last-child th").getBoundingClientRect();
      return [box.scrollLeft, box.scrollTop, head.top - b.top, side.left - b.left];""", box)
    assert got[0] > 0 and got[1] > 0
    assert abs(got[2]) < 1.5 and abs(got[3]) < 1.5


@pytest.mark.parametrize("width", [390, 1400])
def test_the_ruling_panel_covers_no_cell_it_explains(browser, tmp_path, width):
    """A tapped cell's ruling (check's words, 1.1.3) opens below the matrix: it covers no cell of it, and it
    is in sight; the last cell (bottom right) too, and a tapped counter's words open below its map."""
    d = _open(browser, _page(tmp_path, EXAMPLES / "ae-aug-1941.yaml"), width)
    for cell in [d.find_elements("css selector", "td.cell")[0], d.find_elements("css selector", "td.cell")[-1]]:
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell)
        cell.click()
        panel = d.find_element("id", "ruling")
        assert panel.is_displayed() and panel.text
        over = d.execute_script("""
          var p = arguments[0].getBoundingClientRect(), n = 0;
          document.querySelectorAll("td.cell, th, .repl svg").forEach(function (c) {
            var r = c.getBoundingClientRect();
            if (r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom) { n += 1; } });
          return [n, p.top >= 0 && p.top < innerHeight];""", panel)
        assert over == [0, True]
    counters = d.find_elements("css selector", "g.placement, g.ctr-g")
    if counters:
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", counters[0])
        counters[0].click()
        assert d.find_element("id", "ruling-title").text == counters[0].get_attribute("data-title")
        assert d.execute_script("return document.getElementById('ruling').previousElementSibling.className") == "mapwrap"


def test_printed_the_page_has_no_pop_up_no_scroll_box_and_no_navigation(browser, tmp_path):
    """``@media print``: the displays as a player lays them out; the ruling panel, the navigation and the
    scroll cues are not printed, and no box scrolls (nothing is cut on paper)."""
    d = _open(browser, _page(tmp_path, EXAMPLES / "ae-soviet-production.yaml"), 390)
    d.find_element("css selector", "td.cell").click()
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        got = d.execute_script("""
          var s = function (q) { return getComputedStyle(document.querySelector(q)); };
          var boxes = Array.prototype.map.call(document.querySelectorAll(".scroll"), function (b) {
            var cue = getComputedStyle(b, "::before");
            return getComputedStyle(b).overflowX + "/" + (cue.content === "none" || cue.display === "none" ? "no cue" : "cue"); });
          return [s("#ruling").display, s("nav").display, boxes];""")
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert got[0] == "none" and got[1] == "none"
    assert got[2] and set(got[2]) == {"visible/no cue"}


# ----------------------------------------------------------------------------- the plan, the phone map, big maps

PLAN = EXAMPLES / "tk-axis-1939-plan.yaml"


def _plan_page(tmp_path, state, faction, want=(), by=None, turns=None, viewer=None, name="plan.html"):
    """The page of ``report --plan faction`` (the plan answers of :meth:`aeref.api.Position.plan`)."""
    import aeref as api
    pos = api.load(state)
    if viewer:
        pos = pos.view(viewer)
    earliest = pos.plan(faction, turns)
    goal = pos.plan(faction, turns, want, by) if want or by else None
    out = tmp_path / name
    out.write_text(render(report_data(pos, [faction], plan=(earliest, goal))), encoding="utf-8")
    return out


_CELLS_JS = """
// every cell of the plan's timelines: its text is not cut (no overflow) and no box inside it leaves it
var bad = [], n = 0;
document.querySelectorAll("table.timeline th, table.timeline td").forEach(function (c) {
  n += 1;
  var r = c.getBoundingClientRect();
  if (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1) { bad.push("cut: " + c.textContent.slice(0, 40)); }
  c.querySelectorAll("*").forEach(function (e) {
    var b = e.getBoundingClientRect();
    if (b.width === 0) { return; }
    if (b.left < r.left - 0.5 || b.right > r.right + 0.5 || b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5) {
      bad.push("leaves its cell: " + e.textContent.slice(0, 40)); }
  });
});
return [n, bad];
"""


@pytest.mark.parametrize("width", [1400, 390])
@pytest.mark.parametrize("goal", [False, True], ids=["earliest", "goal"])
def test_the_plan_timeline_renders_with_a_legend_and_no_text_out_of_its_cell(browser, tmp_path, width, goal):
    """The plan (1.1.1, 1.1.3) as a timeline per map: no console error, no request; a caption and a
    legend; a column per Seasonal Turn; each card's earliest turn starred where plan --json says it is (4a:
    Aug-Sept 1939, 1.1.3.1 needs 3 played first); no text of a cell overflows it or leaves it (DOM boxes)."""
    want = ("4a", "11") if goal else ()
    page = _plan_page(tmp_path, PLAN, "axis", want, turns=4)
    d = _open(browser, page, width)
    assert [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []
    assert [u for u in _requests(d) if u != page.as_uri()] == []
    table = d.find_element("css selector", "table.timeline")
    assert table.find_element("css selector", "caption").text.startswith("TK map")
    assert "earliest" in d.find_element("css selector", ".tl-legend").text
    heads = [th.text for th in table.find_elements("css selector", "tr:first-child th.tlturn")]
    assert heads[0].startswith("Mar-Apr 1939") and heads[-1].startswith("Mar-Apr 1940") and len(heads) == 5
    row = next(tr for tr in table.find_elements("css selector", "tr.cardrow") if tr.text.startswith("4a "))
    cells = row.find_elements("css selector", "td")
    assert [i for i, c in enumerate(cells) if "earliest" in c.get_attribute("class")] == [heads.index("Aug-Sept 1939")]
    why = row.find_element("css selector", "td.why")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", why)
    why.click()
    assert "1.1.3.1 Pending Card Selection Requirements" in d.find_element("id", "ruling-text").text
    if goal:
        marked = [c.text for c in table.find_elements("css selector", "tr.goalrow td.wanted, tr.goalrow td.earliest")]
        assert len(marked) == 2 and marked[-1].endswith("4a Nazi-Soviet Pact")     # the goal reached in Nov-Dec 1939
    n, bad = d.execute_script(_CELLS_JS)
    assert n > 20 and bad == []
    if width == 390:
        assert d.execute_script("return document.documentElement.scrollWidth") <= 390
        box = d.find_element("css selector", ".scroll.tlbox")
        assert "overflows" in box.get_attribute("class")        # the timeline scrolls in its box, with the cue
    _shot(d, f"report-plan-{width}-{'goal' if goal else 'earliest'}.png", tmp_path, element="#plan")


def test_1_1_a_plan_page_made_as_its_faction_holds_no_other_factions_hidden_card(aeref, tmp_path):
    """1.1: ``report --as axis --plan axis`` of the AE 1941 example names no hidden card of the other factions,
    and is byte for byte the page of the same position with every hidden card swapped for another (so no
    number of one is shown either); it opens with no console error."""
    import aeref as api
    from ..rules.test_1_1_face_down import _hidden, _swapped
    state = "ae-1941.yaml"
    pos = api.load(EXAMPLES / state)
    hidden = _hidden(pos, "axis")
    assert hidden
    pages = []
    for side, swap in (("a", {}), ("b", hidden)):
        shutil.copytree(EXAMPLES, tmp_path / side)
        _swapped(tmp_path / side, state, swap, pos)
        out = tmp_path / side / "page.html"
        r = aeref("report", tmp_path / side / state, "--as", "axis", "--plan", "axis", "--turns", "3", "-o", out)
        assert r.exit_code == 0, r
        page = out.read_text(encoding="utf-8").replace(str(tmp_path / side), "FOLDER")
        # what the others may hold is counted from the decks, which are public and which the swap changes (it adds
        # test-only cards): that section is compared apart, in tests/rules/test_1_1_hidden_examples.py
        pages.append(without_others(page))
    assert 'id="plan"' in pages[0]
    for cid, name in hidden.items():
        assert cid not in pages[0]
    assert pages[0] == pages[1]


def test_1_1_a_page_as_a_faction_with_the_plan_opens_without_errors(browser, tmp_path):
    """1.1: the Axis view of AE 1941 with the Axis plan: no console error, no request; the other factions'
    hands are card backs."""
    page = _plan_page(tmp_path, EXAMPLES / "ae-1941.yaml", "axis", turns=3, viewer="axis")
    d = _open(browser, page, 1400)
    assert [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []
    assert [u for u in _requests(d) if u != page.as_uri()] == []
    assert len(d.find_elements("css selector", "table.timeline")) == 2 and d.find_elements("css selector", ".card.back")


@pytest.mark.parametrize("state", MAPPED, ids=lambda p: p.name)
def test_at_390_px_the_map_fits_the_screen_and_a_tapped_hex_shows_its_contents(browser, tmp_path, state):
    """A phone (390 px): the replacement map (1.3) is drawn to the screen's width, its box does not scroll
    sideways and the map starts at its left edge; a tapped hex shows its number and contents; zoomed in, the
    map scrolls inside its box with the cue."""
    d = _open(browser, _page(tmp_path, state), 390)
    for repl in d.find_elements("css selector", ".repl"):
        got = d.execute_script("""
          var box = arguments[0].querySelector(".mapbox"), svg = box.querySelector("svg").getBoundingClientRect();
          return [box.scrollWidth - box.clientWidth, svg.left, svg.right, document.documentElement.clientWidth];""", repl)
        assert got[0] <= 1 and got[1] >= 0 and got[2] <= got[3]
        hexg = repl.find_element("css selector", "g.hexg polygon")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", hexg)
        d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", hexg)
        hid = hexg.get_attribute("data-loc")
        assert d.find_element("id", "ruling-title").text == f"hex {hid}"
        assert d.find_element("id", "ruling-text").text.startswith(hid)
        repl.find_element("css selector", '[data-zoom="1"]').click()
        box = repl.find_element("css selector", ".mapbox")
        assert d.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", box)
        assert "overflows" in box.get_attribute("class")
        repl.find_element("css selector", '[data-zoom="0"]').click()
        assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", box)
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390
    if state.name == "ds-axis-replacements.yaml":
        _shot(d, "report-phone-map-fits.png", tmp_path, element=".repl .mapwrap")


def _big(tmp_path) -> Path:
    """The TK Soviet example on a map of 900 hexes (a 30 x 30 block of plain hexes added to its own)."""
    import yaml
    state = yaml.safe_load((EXAMPLES / "tk-soviet-replacements.yaml").read_text())
    hexes = state["map"]["hexes"]
    for c in range(11, 41):
        for r in range(10, 40):
            hexes.setdefault(f"{c:02d}{r:02d}", {"country": "Russia", "control": "axis" if c < 25 else "soviet"})
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    return path


def test_a_map_of_more_than_800_hexes_numbers_the_hexes_that_hold_something(browser, tmp_path):
    """A big map (900 hexes): the hexes that hold a unit, a marker or a City carry their number, the others
    none, and the page says so; no text of a hex overlaps another or leaves the hex (measured, as above);
    zoomed in 8x a number is at least 9 px high."""
    state = _big(tmp_path)
    d = _open(browser, _page(tmp_path, state, ["soviet"]), 1400)
    numbered = {t.get_attribute("textContent") for t in d.find_elements("css selector", "text.hexnum")}
    assert numbered == {"4010", "4012", "4013", "4014", "4015", "4016"}
    assert "900 hexes" in d.find_element("css selector", ".repl p.numbers").text
    found = d.execute_script(_BOXES_JS)
    assert len(found) >= 900 and all(h["bad"] == [] for h in found), [h for h in found if h["bad"]][:5]
    for _ in range(3):
        d.find_element("css selector", '[data-zoom="1"]').click()
    high = d.execute_script("return document.querySelector('text.hexnum').getBoundingClientRect().height")
    assert high >= 9
    _shot(d, "report-map-big.png", tmp_path, element=".repl .mapwrap")


@pytest.mark.parametrize("width", [1400, 390])
def test_1_1_what_the_others_may_hold_folds_and_opens(browser, tmp_path, width):
    """1.1: the Axis view of AE 1941, its part "what the others may hold": one fold per other faction, closed at
    first (its summary counts the selections), opened by a tap on the summary: the cards each map's hand may
    hold, then a second fold listing the selections; no line wider than the screen."""
    from aeref.model.secrecy.views import view
    pos = view(load_position(EXAMPLES / "ae-1941.yaml"), "axis")
    page = tmp_path / "others.html"
    page.write_text(render(report_data(pos, ["axis"])), encoding="utf-8")
    d = _open(browser, page, width)
    assert [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []
    folds = d.find_elements("css selector", "#others details.others")
    assert [f.find_element("css selector", "summary").text for f in folds] == [
        "Western: 21 possible selections", "Soviet: 5 possible selections"]
    western = folds[0]
    assert not western.find_element("css selector", "ul").is_displayed()
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", western)
    western.find_element("css selector", "summary").click()
    assert "of 3 it may hold" in western.find_element("css selector", "ul").text
    inner = western.find_element("css selector", "details")
    inner.find_element("css selector", "summary").click()
    items = inner.find_elements("css selector", "ol li")
    assert len(items) == 21 and items[0].is_displayed()
    overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1
    _shot(d, f"others-{width}.png", tmp_path, view="#others")
