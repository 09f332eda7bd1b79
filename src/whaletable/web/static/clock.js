// Clocks and absent players: each seat's time, who is away, the votes to let a bot play
// for them, and the way back. The server keeps the time; this only counts down from
// what the latest state message said, and sends leave / vote / return on the table's
// own socket (table.js).
(function () {
  "use strict";
  var panel = document.getElementById("clock-panel");
  if (!panel) return;
  var text = JSON.parse(panel.dataset.i18n || "{}");
  var role = panel.dataset.role;
  var seatsList = document.getElementById("clock-seats");
  var leaveBox = document.getElementById("clock-leave");
  var leaveAsk = document.getElementById("leave-ask");
  var leaveConfirm = document.getElementById("leave-confirm");
  var leaveYes = document.getElementById("leave-yes");
  var leaveNo = document.getElementById("leave-no");
  var replacedBox = document.getElementById("clock-replaced");
  var clocks = null;  // the latest message's clocks
  var finished = false;
  var receivedAt = 0;  // when it came (this page's clock: only differences are used)
  var running = null;  // the countdown's element and what it started from

  var fill = window.whaletableText.fill;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  // 754000 ms → "12:34"; an hour or more → "1:02:03"; a day or more → "2 d 03:04" (in the
  // reader's words).
  function shown(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24;
    var m = Math.floor(s / 60) % 60, sec = s % 60;
    if (d > 0) return fill(text.days, { days: d, time: two(h) + ":" + two(m) });
    if (h > 0) return h + ":" + two(m) + ":" + two(sec);
    return m + ":" + two(sec);
  }

  function send(message) {
    var api = window.whaletable;
    if (!api || !api.socket || api.socket.readyState !== WebSocket.OPEN) return;
    api.socket.send(JSON.stringify(message));
  }

  function has(list, seat) { return (list || []).indexOf(seat) >= 0; }

  function button(label, onClick, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "button " + (cls || "");
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  function span(cls, value) {
    var s = document.createElement("span");
    s.className = cls;
    s.textContent = value;
    return s;
  }

  function renderSeats() {
    seatsList.textContent = "";
    running = null;
    var me = clocks.seat;  // the seat this page shows (null: a spectator)
    var present = me !== null && me !== undefined && role !== "spectator" &&
      !has(clocks.absent, me) && !has(clocks.replaced, me);
    clocks.names.forEach(function (name, seat) {
      var li = document.createElement("li");
      li.className = "clock-seat";
      li.dataset.seat = String(seat);
      var badge = span("seat-badge seat-" + seat, String(seat + 1));
      li.appendChild(badge);
      li.appendChild(span("clock-name", name));
      var state = "idle";
      var note = "";
      if (has(clocks.replaced, seat)) {
        state = "bot";
        note = text.bot;
      } else if (has(clocks.absent, seat)) {
        state = "away";
        note = has(clocks.gone, seat) ? text.gone : text.away;
      } else if (clocks.running === seat) {
        state = "running";
        note = text.turn;
      }
      li.dataset.state = state;
      if (note) li.appendChild(span("clock-note", note));
      var left = clocks.left[seat];
      if (left !== null && left !== undefined) {
        var time = span("clock-time", shown(left));
        time.setAttribute("role", "timer");
        li.appendChild(time);
        if (state === "running" && !finished) running = { el: time, left: left };
      }
      var votes = clocks.votes[String(seat)];
      if (state === "away" && votes && !finished) {
        var needed = clocks.needed[String(seat)];
        li.appendChild(span("clock-votes", fill(text.voted, { count: votes.length, needed: needed })));
        if (has(clocks.may_vote, seat)) {
          li.appendChild(button(fill(text.vote, { name: name }), function () {
            send({ type: "vote", seat: seat });
          }, "clock-vote"));
        }
      }
      // Which buttons to draw is the server's to say (the same rules it answers with).
      if (has(clocks.may_return, seat) && !finished) {
        var label = role === "seat" ? text.back : fill(text.backFor, { name: name });
        li.appendChild(button(label, function () {
          send({ type: "return", seat: seat });
        }, "primary clock-back"));
      }
      seatsList.appendChild(li);
    });
    if (leaveBox) {
      leaveBox.hidden = finished || !present;
      // A question asked stays open while others move; it goes when leaving no longer applies.
      if (leaveBox.hidden) {
        leaveConfirm.hidden = true;
        leaveAsk.hidden = false;
      }
    }
  }

  function renderReplaced() {
    var list = replacedBox.querySelector("ul");
    list.textContent = "";
    (clocks.spells || []).forEach(function (spell) {
      var li = document.createElement("li");
      var template = spell.to === null ? text.fromOn : text.from;
      li.textContent = fill(template, { name: spell.name, start: spell.from, stop: spell.to });
      list.appendChild(li);
    });
    replacedBox.hidden = !(clocks.spells || []).length;
  }

  function mark() {
    var body = document.body.dataset;
    body.absent = (clocks.absent || []).join(",");
    body.replaced = (clocks.replaced || []).join(",");
    body.clockRunning = clocks.running === null ? "" : String(clocks.running);
  }

  function onState(msg) {
    if (!msg.clocks) return;
    clocks = msg.clocks;
    finished = !!msg.finished;
    receivedAt = performance.now();
    renderSeats();
    renderReplaced();
    mark();
    panel.hidden = false;
  }

  function tick() {
    if (!running) return;
    running.el.textContent = shown(running.left - (performance.now() - receivedAt));
  }

  if (leaveAsk) {
    // Leaving is asked twice: a slip of the finger must not give a seat away.
    leaveAsk.addEventListener("click", function () {
      leaveAsk.hidden = true;
      leaveConfirm.hidden = false;
      leaveNo.focus();
    });
    leaveNo.addEventListener("click", function () {
      leaveConfirm.hidden = true;
      leaveAsk.hidden = false;
      leaveAsk.focus();
    });
    leaveYes.addEventListener("click", function () {
      var seat = clocks ? clocks.seat : null;
      send(seat === null || seat === undefined ? { type: "leave" } : { type: "leave", seat: seat });
      leaveConfirm.hidden = true;
      leaveAsk.hidden = false;
    });
  }

  // The clocks follow the messages as they come, not as the board shows them: during paced
  // play the board is some steps behind, but a clock is the server's time of now (only the
  // newest state carries clocks) and counts down from when it came.
  document.addEventListener("whaletable:message", function (event) {
    if (event.detail && event.detail.type === "state") onState(event.detail);
  });
  setInterval(tick, 250);
})();
