// aeref report: tap a matrix cell to read its ruling; pick a unit to outline its Replacement Locations.
// No network access, no framework: the page is one file.
(function () {
  "use strict";
  var panel = document.getElementById("ruling");
  var panelText = document.getElementById("ruling-text");
  var panelTitle = document.getElementById("ruling-title");
  function show(title, text) {
    panelTitle.textContent = title;
    panelText.textContent = text;
    panel.hidden = false;
  }
  document.addEventListener("click", function (ev) {
    var cell = ev.target.closest("[data-ruling]");
    if (cell) {
      document.querySelectorAll(".cell.picked").forEach(function (c) { c.classList.remove("picked"); });
      cell.classList.add("picked");
      show(cell.getAttribute("data-title"), cell.getAttribute("data-ruling"));
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
    if (ev.target.closest("#ruling-close")) { panel.hidden = true; }
  });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") { panel.hidden = true; } });
})();
