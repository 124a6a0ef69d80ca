// aeref report: tap a matrix cell to read its ruling, a counter for its words; pick a unit to outline its
// Replacement Locations. No network access, no framework: the page is one file.
(function () {
  "use strict";
  var panel = document.getElementById("ruling");
  var panelText = document.getElementById("ruling-text");
  var panelTitle = document.getElementById("ruling-title");
  // the panel opens right below the matrix or map it explains, so it covers none of it
  function show(title, text, near) {
    panelTitle.textContent = title;
    panelText.textContent = text;
    var anchor = near.closest(".scroll.matrixbox") || near.closest(".mapwrap") || near.closest(".scroll") || near;
    if (anchor.nextElementSibling !== panel) { anchor.after(panel); }
    panel.hidden = false;
    panel.scrollIntoView({block: "nearest"});
  }
  document.addEventListener("click", function (ev) {
    var cell = ev.target.closest("[data-ruling]");
    if (cell) {
      document.querySelectorAll(".picked[data-ruling]").forEach(function (c) { c.classList.remove("picked"); });
      cell.classList.add("picked");
      show(cell.getAttribute("data-title"), cell.getAttribute("data-ruling"), cell);
      return;
    }
    var unit = ev.target.closest("[data-locations]");
    if (unit) {
      var map = unit.closest(".repl");
      var on = !unit.classList.contains("picked");
      map.querySelectorAll(".unit.picked").forEach(function (u) { u.classList.remove("picked"); });
      map.querySelectorAll(".eligible").forEach(function (h) { h.classList.remove("eligible"); });
      if (on) {
        unit.classList.add("picked");
        JSON.parse(unit.getAttribute("data-locations")).forEach(function (loc) {
          map.querySelectorAll("[data-loc]").forEach(function (h) {
            if (h.getAttribute("data-loc") === loc) { h.classList.add("eligible"); }
          });
        });
      }
      return;
    }
    var zoom = ev.target.closest("[data-zoom]");
    if (zoom) {
      // the map drawn to fit (0), or 2x, 4x ... up to 8x its fitted width: it then scrolls inside its box
      var repl = zoom.closest(".repl"), svg = repl.querySelector(".mapbox svg"), box = svg.parentElement;
      var step = parseInt(zoom.getAttribute("data-zoom"), 10);
      var level = step === 0 ? 0 : Math.max(0, Math.min(3, (parseInt(svg.getAttribute("data-level") || "0", 10)) + step));
      svg.setAttribute("data-level", String(level));
      svg.classList.toggle("zoomed", level > 0);
      if (level > 0) {
        var fitted = Math.min(parseFloat(svg.getAttribute("width")), box.clientWidth || parseFloat(svg.getAttribute("width")));
        svg.style.width = Math.round(fitted * Math.pow(2, level)) + "px";
      } else { svg.style.width = ""; }
      cues();
      hints();
      return;
    }
    if (ev.target.closest("#ruling-close")) { panel.hidden = true; }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { panel.hidden = true; }
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest && ev.target.closest("[data-ruling], [data-locations]")) {
      ev.preventDefault();
      ev.target.click();
    }
  });
  // a box wider than its room scrolls inside itself: mark it, so that it shows its cue
  function cues() {
    document.querySelectorAll(".scroll").forEach(function (box) {
      box.classList.toggle("overflows", box.scrollWidth > box.clientWidth + 1);
    });
  }
  // beside the zoom buttons: how large the map is drawn
  function hints() {
    document.querySelectorAll(".repl").forEach(function (repl) {
      var svg = repl.querySelector(".mapbox svg"), hint = repl.querySelector(".zoomed-by");
      if (!svg || !hint) { return; }
      var level = parseInt(svg.getAttribute("data-level") || "0", 10);
      var shown = svg.getBoundingClientRect().width / parseFloat(svg.getAttribute("width"));
      hint.textContent = level > 0 ? "zoomed in " + Math.pow(2, level) + "\u00d7: the map scrolls in its box; tap a hex for its contents"
        : shown < 0.98 ? "drawn at " + Math.round(shown * 100) + "% to fit the page: + to read the numbers; tap a hex for its contents"
        : "+ to zoom in; tap a hex for its contents";
    });
  }
  cues();
  hints();
  window.addEventListener("resize", function () { cues(); hints(); });
})();
