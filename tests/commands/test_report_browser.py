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
from aeref.model.position import load_position

from ..support.markup import write_markup_position

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
