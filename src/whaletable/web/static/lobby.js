// The lobby: fit the seat rows, names and options to the chosen game; copy buttons on link pages.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var count = document.getElementById("num-players");

  function chosen() {
    return game.options[game.selectedIndex];
  }

  function fillCounts() {
    var opt = chosen();
    var rows = document.querySelectorAll(".seat-row").length;
    var min = Number(opt.dataset.min), max = Math.min(Number(opt.dataset.max), rows);
    var keep = Number(count.value);
    count.textContent = "";
    for (var n = min; n <= max; n++) {
      var o = document.createElement("option");
      o.value = String(n);
      o.textContent = String(n);
      count.appendChild(o);
    }
    count.value = String(Math.max(min, Math.min(max, keep || min)));
  }

  function fillBots() {
    var bots = JSON.parse(chosen().dataset.bots || "[]");
    var levels = bots.map(function (b) { return b.level; });
    document.querySelectorAll(".seat-row select.bot").forEach(function (select) {
      var keep = select.value;
      select.textContent = "";
      bots.forEach(function (b) {
        var o = document.createElement("option");
        o.value = b.level;
        o.textContent = b.label;  // the level in the reader's words, with its rating
        select.appendChild(o);
      });
      if (levels.indexOf(keep) >= 0) select.value = keep;
    });
  }

  function showOptions() {
    document.querySelectorAll("fieldset.options").forEach(function (fs) {
      var on = fs.dataset.game === game.value;
      fs.hidden = !on;
      fs.disabled = !on;
    });
  }
    document.querySelectorAll(".game-card").forEach(function (card) {
      card.classList.toggle("chosen", card.dataset.game === game.value);
    });

  // Each seat starts with a name of its own in the reader's words ("Player 2", "Medium bot 3"),
  // kept in step with who sits there until someone writes a name of their own.
  var seats = document.querySelector("fieldset.seats");
  var defaults = seats ? JSON.parse(seats.dataset.defaultNames || "{}") : {};

  function defaultName(row) {
    var kind = row.querySelector("select.kind").value;
    var template = defaults[kind === "bot" ? row.querySelector("select.bot").value : "human"];
    return window.whaletableText.fill(template, { number: Number(row.dataset.index) + 1 });
  }

  function showSeats() {
    var n = Number(count.value);
    document.querySelectorAll(".seat-row").forEach(function (row) {
      var on = Number(row.dataset.index) < n;
      row.hidden = !on;
      row.querySelectorAll("select, input").forEach(function (el) { el.disabled = !on; });
      var kind = row.querySelector("select.kind").value;
      var bot = row.querySelector("select.bot");
      bot.hidden = kind !== "bot";
      bot.disabled = !on || kind !== "bot";  // only a bot seat sends a level
      var name = row.querySelector("input.name");
      name.hidden = kind === "open";
      name.placeholder = defaultName(row);
      if (name.dataset.auto === "true") name.value = name.placeholder;
    });
  }

  document.querySelectorAll(".seat-row input.name").forEach(function (name) {
    name.addEventListener("input", function () {
      name.dataset.auto = name.value.trim() === "" ? "true" : "false";
    });
  });
  var form = document.getElementById("new-game");
  if (form) {
    // A name left empty is sent as its seat's default, in the words the reader saw.
    form.addEventListener("submit", function () {
      form.querySelectorAll(".seat-row input.name").forEach(function (name) {
        if (!name.disabled && name.value.trim() === "") name.value = name.placeholder;
      });
    });
  }

  if (game && count) {
    game.addEventListener("change", function () {
      fillCounts(); fillBots(); showOptions(); showSeats();
    });
    count.addEventListener("change", showSeats);
    document.querySelectorAll(".seat-row select.kind, .seat-row select.bot").forEach(function (s) {
      s.addEventListener("change", showSeats);
    });
    fillCounts(); fillBots(); showOptions(); showSeats();
  }

  // The pace's fields: only those of the pace chosen (every one still works without script).
  var paceBox = document.querySelector("fieldset.pace");
  if (paceBox) {
    var showPace = function () {
      var checked = paceBox.querySelector("input[name=pace]:checked");
      var pace = checked ? checked.value : "untimed";
      var clock = paceBox.querySelector("select[name=clock]");
      paceBox.querySelectorAll("[data-pace-for]").forEach(function (field) {
        var wanted = field.dataset.paceFor;
        field.hidden = wanted === "custom"
          ? !(pace === "realtime" && clock && clock.value === "custom")
          : wanted !== pace;
      });
    };
    paceBox.addEventListener("change", showPace);
    showPace();
  }

  // A link made relative (the server trusts no Host it was not told of) is shown whole,
  // completed from the address this browser reached the server at.
  document.querySelectorAll("a.url").forEach(function (a) {
    var href = a.getAttribute("href");
    if (href && href.charAt(0) === "/") a.textContent = new URL(href, location.href).href;
  });

  var copied = document.getElementById("copied");
  document.querySelectorAll("button.copy").forEach(function (button) {
    button.addEventListener("click", function () {
      var url = new URL(button.dataset.copy, location.href).href;
      var done = function () {
        if (copied) { copied.textContent = copied.dataset.text; copied.hidden = false; }
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(done);
      } else {
        var area = document.createElement("textarea");
        area.value = url;
        document.body.appendChild(area);
        area.select();
        document.execCommand("copy");
        area.remove();
        done();
      }
    });
  });
})();
