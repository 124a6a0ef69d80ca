"""Make the pictures of `aeref report` in docs/: each a screenshot of a shipped example's page in headless
Chromium (Debian's chromium and chromium-driver, driven by Selenium), at a desktop width (1400 px) and a
phone width (390 px).

    python docs/pictures.py            # writes docs/report-*.png (the plan's: report --plan axis --want 4a --want 11;
                                       # the others': report --as axis, its first faction's two folds opened)
    python docs/pictures.py /tmp/out   # writes them elsewhere (to look at them first)

Look at every picture after making it: this script checks only that each is a PNG.
"""
from __future__ import annotations

import base64
import shutil
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import aeref
from aeref.cli.report import render, report_data

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

#: (picture, example, factions, window width, what to shoot: a CSS selector, and a click before it)
PICTURES = [
    ("report-matrix.png", "ae-soviet-production.yaml", ["soviet"], 1400, "#selection",
     "table.matrix tr:nth-child(3) td:nth-child(3)"),
    ("report-map.png", "ds-axis-replacements.yaml", ["axis"], 1400, ".repl", ".unit:nth-child(9)"),
    ("report-plan.png", "tk-axis-1939-plan.yaml", ["axis"], 1400, "#plan", None),
    ("report-phone-matrix.png", "ae-soviet-production.yaml", ["soviet"], 390, "#selection",
     "table.matrix tr:nth-child(3) td:nth-child(3)"),
    ("report-phone-map.png", "ds-axis-replacements.yaml", ["axis"], 390, ".repl", None),
    ("report-phone-plan.png", "tk-axis-1939-plan.yaml", ["axis"], 390, "#plan", None),
    ("report-others.png", "ae-1941.yaml", ["axis"], 1000, "#others",
     ("details.others summary", "details.others details summary")),
]
#: The view a picture is made from (``report --as``): picture -> faction; the others are the referee's.
VIEWS = {"report-others.png": "axis"}
#: The most a picture shows of its element's height (px): the top of a long element.
TALLEST = {"report-phone-map.png": 640}
#: The plan a picture draws (``report --plan``): picture -> (faction, turns, wanted cards).
PLANS = {"report-plan.png": ("axis", 4, ("4a", "11")), "report-phone-plan.png": ("axis", 4, ("4a", "11"))}


def plan_of(pos, name):
    """The plan answers ``report --plan`` passes to the page, or None for a picture without a plan."""
    if name not in PLANS:
        return None
    faction, turns, want = PLANS[name]
    return pos.plan(faction, turns), pos.plan(faction, turns, want)


def browser():
    """Headless Chromium of the given window width."""
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
              "--force-device-scale-factor=1"):
        opts.add_argument(a)
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    d = browser()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, example, factions, width, selector, click in PICTURES:
                pos = aeref.load(EXAMPLES / example)
                pos = pos.view(VIEWS[name]) if name in VIEWS else pos
                page = Path(tmp) / (Path(example).stem + ".html")
                page.write_text(render(report_data(pos, factions or list(pos.factions), plan=plan_of(pos, name))),
                                encoding="utf-8")
                d.set_window_size(width, 1000)
                d.get(page.as_uri())
                for sel in ((click,) if isinstance(click, str) else click or ()):
                    d.find_element("css selector", sel).click()
                # the element's box on the page, shot whole (beyond the window) through Chrome's DevTools
                box = d.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left + scrollX, "
                                       "r.top + scrollY, r.width, r.height]",
                                       d.find_element("css selector", selector))
                shot = d.execute_cdp_cmd("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": max(box[0] - 8, 0), "y": max(box[1] - 8, 0), "width": min(box[2] + 16, width),
                             "height": min(box[3] + 16, TALLEST.get(name, 100000)), "scale": 1}})
                (out / name).write_bytes(base64.b64decode(shot["data"]))
                assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
                print(out / name)
    finally:
        d.quit()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
