// Pieces slide from where they stood to where they stand when a board is drawn again
// (FLIP: the new board is drawn, then each piece that moved starts where it was and
// glides to its place). A piece is an element marked data-piece, known by its data-key.
// The live table and the replay share the paces steps are shown at, written here once.
(function () {
  "use strict";
  // Milliseconds each step is shown at each pace ("off": every step at once).
  var PACES = { slow: 1600, normal: 800, fast: 300, off: 0 };
  var REVEAL_HOLD = 4;  // a step the rules make public stays this many paces
  var still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function centres(svg) {
    var found = {};
    if (!svg) return found;
    svg.querySelectorAll("[data-piece]").forEach(function (el) {
      var key = el.getAttribute("data-key");
      if (found[key]) return;
      try {
        var box = el.getBBox();
        found[key] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      } catch (e) { /* not drawn (the board is hidden): nothing to slide */ }
    });
    return found;
  }

  // Put the board `markup` into `box`; pieces that moved slide for about `ms` milliseconds.
  function draw(box, markup, ms) {
    var before = box.querySelector("svg");
    var view = before ? before.getAttribute("viewBox") : null;
    var moving = ms > 0 && !(still && still.matches);
    var was = moving ? centres(before) : {};
    box.innerHTML = markup;
    var after = box.querySelector("svg");
    if (!moving || !after || after.getAttribute("viewBox") !== view) return;
    var duration = Math.min(450, Math.max(150, ms * 0.6));
    after.querySelectorAll("[data-piece]").forEach(function (el) {
      var old = was[el.getAttribute("data-key")];
      if (!old || typeof el.animate !== "function") return;
      var now;
      try { now = el.getBBox(); } catch (e) { return; }
      var dx = old.x - (now.x + now.width / 2);
      var dy = old.y - (now.y + now.height / 2);
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      el.animate(
        [{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "translate(0px, 0px)" }],
        { duration: duration, easing: "ease-out" }
      );
    });
  }

  window.whaletableMotion = { draw: draw, PACES: PACES, REVEAL_HOLD: REVEAL_HOLD };
})();
