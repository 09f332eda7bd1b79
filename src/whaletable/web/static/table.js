// The live table: one WebSocket, the server draws everything, this file only wires it up.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) return;
  var text = JSON.parse(root.dataset.i18n || "{}");
  var wsPath = root.dataset.wsPath;
  var board = document.getElementById("board");
  var play = document.getElementById("play");
  var actions = document.getElementById("actions");
  var actionsBox = actions.closest(".actions-box");
  var undo = document.getElementById("undo");
  var log = document.getElementById("log");
  var status = document.getElementById("status");
  var errorLine = document.getElementById("error");
  var conn = document.getElementById("conn");
  var result = document.getElementById("result");
  var headline = document.getElementById("result-headline");
  var note = document.getElementById("result-note");
  var again = document.getElementById("again");
  var handover = document.getElementById("handover");
  var handoverText = document.getElementById("handover-text");
  var handoverReady = document.getElementById("handover-ready");
  // Only on a player's page at a table with advice on.
  var adviceAsk = document.getElementById("advice-ask");
  var adviceClose = document.getElementById("advice-close");
  var advicePanel = document.getElementById("advice");
  var paceChoice = document.getElementById("pace");
  var skip = document.getElementById("skip");

  var api = { socket: null, lastStep: null, version: null };
  window.whaletable = api;
  var delay = 500;
  var handoverSeat = null;
  var waiting = false;
  var advising = false;  // an advice request is on its way

  var fill = window.whaletableText.fill;
  var motion = window.whaletableMotion;

  function mark(msg) {
    var body = document.body.dataset;
    body.step = api.lastStep === null ? "" : String(api.lastStep);
    // For what else the page does with each state (static/alerts.js); kept, for a script
    // that loads after the first state came (a slow server's deferred scripts).
    api.shown = msg;
    document.dispatchEvent(new CustomEvent("whaletable:state", { detail: msg }));
  }

  function setConn(open) {
    document.body.dataset.conn = open ? "open" : "closed";
    conn.dataset.state = open ? "open" : "closed";
    conn.textContent = open ? text.open : text.closed;
  }

  function send(message) {
    if (!api.socket || api.socket.readyState !== WebSocket.OPEN) return false;
    api.socket.send(JSON.stringify(message));
    return true;
  }

  function act(action) {
    // Only the newest state is acted on: while older steps are still being shown, none is.
    if (waiting || api.lastStep === null || queue.length) return;
    if (send({ type: "act", step: api.lastStep, action: action })) {
      waiting = true;
      document.body.classList.add("waiting");
    }
  }

  function showError(message) {
    errorLine.textContent = message;
    errorLine.hidden = !message;
  }

  // A refused move names the rule that governs it: a link there (rules.js opens it here).
  function showRule(rule) {
    var link = document.createElement("a");
    link.href = rule.url;
    link.dataset.rule = rule.id;
    link.textContent = rule.label;
    errorLine.append(" ", link);
  }

  // --- boat selection, purely on this page: show the chosen boat's destinations
  function svgOf() {
    return board.querySelector("svg");
  }

  function select(boat) {
    var svg = svgOf();
    if (!svg) return;
    if (boat === null || svg.getAttribute("data-selected") === boat) {
      svg.removeAttribute("data-selected");
    } else {
      svg.setAttribute("data-selected", boat);
    }
  }

  function autoSelect() {
    var boats = board.querySelectorAll(".boat.selectable");
    var seen = {};
    var count = 0;
    boats.forEach(function (b) {
      var id = b.getAttribute("data-boat");
      if (!seen[id]) { seen[id] = true; count += 1; }
    });
    if (count === 1) select(boats[0].getAttribute("data-boat"));
  }

  function activate(target) {
    var actEl = target.closest(".act");
    if (actEl && board.contains(actEl)) {
      act(JSON.parse(actEl.getAttribute("data-action")));
      return true;
    }
    var boat = target.closest(".boat.selectable");
    if (boat && board.contains(boat)) {
      select(boat.getAttribute("data-boat"));
      return true;
    }
    return false;
  }

  board.addEventListener("click", function (event) {
    activate(event.target);
  });
  board.addEventListener("keydown", function (event) {
    if ((event.key === "Enter" || event.key === " ") && activate(event.target)) {
      event.preventDefault();
    }
    if (event.key === "Escape") select(null);
  });

  undo.addEventListener("click", function () {
    if (api.lastStep !== null) send({ type: "undo", step: api.lastStep });
  });

  // --- advice: asked for the state shown, dropped as soon as the state changes
  function suggested(buttons, suggestion) {
    var wanted = suggestion ? JSON.stringify(suggestion) : null;
    buttons.forEach(function (button) {
      button.classList.toggle("suggested", wanted !== null && button.dataset.action === wanted);
    });
  }

  function closeAdvice() {
    advising = false;
    document.body.dataset.advice = "";
    if (!advicePanel) return;
    advicePanel.textContent = "";
    advicePanel.hidden = true;
    adviceClose.hidden = true;
    adviceAsk.disabled = false;
    adviceAsk.setAttribute("aria-expanded", "false");
    suggested(actions.querySelectorAll(".action"), null);
  }

  function askAdvice() {
    if (advising || api.lastStep === null) return;
    if (send({ type: "advice", step: api.lastStep })) {
      advising = true;
      adviceAsk.disabled = true;
      advicePanel.textContent = text.advising;
      advicePanel.hidden = false;
    }
  }

  function onAdvice(msg) {
    if (!advicePanel || msg.version !== api.version) return;  // for a state no longer shown
    advising = false;
    advicePanel.innerHTML = msg.panel;
    advicePanel.hidden = false;
    adviceClose.hidden = false;
    adviceAsk.disabled = false;
    adviceAsk.setAttribute("aria-expanded", "true");
    suggested(actions.querySelectorAll(".action"), msg.suggestion);
    document.body.dataset.advice = String(msg.version);
  }

  if (adviceAsk) {
    adviceAsk.addEventListener("click", askAdvice);
    adviceClose.addEventListener("click", function () {
      closeAdvice();
      adviceAsk.focus();
    });
  }

  handoverReady.addEventListener("click", function () {
    if (handoverSeat !== null) send({ type: "ready", seat: handoverSeat });
  });

  // --- drawing what the server sends
  function renderActions(list) {
    actions.textContent = "";
    if (!list.length) {
      var idle = document.createElement("p");
      idle.className = "idle";
      idle.textContent = text.none;
      actions.appendChild(idle);
      return;
    }
    list.forEach(function (entry) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button action";
      button.textContent = entry.label;
      button.dataset.action = JSON.stringify(entry.action);
      button.addEventListener("click", function () { act(entry.action); });
      actions.appendChild(button);
    });
  }

  function renderLog(lines) {
    log.textContent = "";
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      log.appendChild(li);
    });
    log.scrollTop = log.scrollHeight;
  }

  function cell(row, tag, value) {
    var c = document.createElement(tag);
    c.textContent = value;
    row.appendChild(c);
  }

  function renderResult(msg) {
    if (!msg.finished || !msg.result) {
      result.hidden = true;
      return;
    }
    var head = result.querySelector("thead");
    var body = result.querySelector("tbody");
    head.textContent = "";
    body.textContent = "";
    var h = document.createElement("tr");
    [text.player].concat(msg.result.columns).forEach(function (t) { cell(h, "th", t); });
    head.appendChild(h);
    msg.result.rows.forEach(function (r) {
      var tr = document.createElement("tr");
      if (r.winner) tr.className = "winner";
      cell(tr, "td", r.winner ? r.name + " ★" : r.name);
      r.cells.forEach(function (v) { cell(tr, "td", String(v)); });
      body.appendChild(tr);
    });
    headline.textContent = msg.result.headline || "";
    headline.hidden = !msg.result.headline;
    note.textContent = msg.result.note || "";
    note.hidden = !msg.result.note;
    // What the game says under the table: what a team saved and lost, how it ranks.
    var lines = document.getElementById("result-lines");
    lines.textContent = "";
    (msg.result.lines || []).forEach(function (line) { cell(lines, "li", line); });
    lines.hidden = !lines.childNodes.length;
    again.action = "/games/" + encodeURIComponent(msg.key) + "/again";
    result.hidden = false;
  }

  // --- keyboard play: every state redraws the board and the action buttons, and the focus
  // would fall back to the page's start with them. It goes back to what it was on: the same
  // action (board piece or button) or the same id if the new state still has it, else the
  // first action, so Tab and Enter play on from where they were.
  var lastFocus = null;
  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (!el || !el.getAttribute) return;
    lastFocus = {
      action: el.getAttribute("data-action"),
      id: el.id || null,
      onBoard: board.contains(el),
    };
  });

  function keepFocus() {
    var now = document.activeElement;
    if (!lastFocus || (now && now !== document.body)) return;  // focus survived the redraw
    var places = lastFocus.onBoard ? [board, actions] : [actions, board];
    var candidates = [];
    places.forEach(function (place) {
      place.querySelectorAll("[data-action]").forEach(function (el) {
        if (lastFocus.action !== null && el.getAttribute("data-action") === lastFocus.action) {
          candidates.push(el);
        }
      });
    });
    if (lastFocus.id) candidates.push(document.getElementById(lastFocus.id));
    candidates.push(actions.querySelector(".action"), board.querySelector(".act"));
    // The first that takes the focus: a piece drawn but not shown (another boat's
    // destination) does not, and the next is tried.
    for (var i = 0; i < candidates.length; i++) {
      if (!candidates[i]) continue;
      candidates[i].focus({ preventScroll: true });
      if (document.activeElement === candidates[i]) return;
    }
  }

  function onState(msg, stillWaiting) {
    // A state told again while this page's move is on its way is not that move's answer:
    // the page goes on waiting for it rather than offer the state's moves once more.
    waiting = !!stillWaiting;
    document.body.classList.toggle("waiting", waiting);
    handoverSeat = null;
    handover.hidden = true;
    play.hidden = false;
    api.lastStep = msg.step;
    // Advice is for the state it was asked in: a new state closes it (and an answer still
    // on its way for the old one is dropped when it comes).
    if (api.version !== msg.version) closeAdvice();
    api.version = msg.version;
    drawBoard(msg.board);
    renderActions(msg.actions || []);
    actionsBox.hidden = !!msg.finished;  // nothing to wait for once the game is over
    renderLog(msg.log || []);
    status.textContent = msg.status;
    undo.hidden = !msg.can_undo;
    showError("");
    renderResult(msg);
    autoSelect();
    keepFocus();
    document.body.dataset.finished = msg.finished ? "true" : "false";
    document.body.dataset.you = msg.you === null || msg.you === undefined ? "" : String(msg.you);
    document.body.dataset.frame = msg.frame ? "true" : "false";
    document.body.dataset.reveal = msg.reveal ? "true" : "false";
    if (adviceAsk) {
      // A shared device is advised for the seat to move only; nobody is once it is over,
      // nor on a step gone by that is being shown.
      var canAsk = !msg.finished && !msg.frame &&
        (root.dataset.role !== "hotseat" || msg.you !== null);
      adviceAsk.hidden = !canAsk;
      if (!canAsk) closeAdvice();
    }
    mark(msg);
  }

  function onHandover(msg) {
    // Hide the previous seat's view completely: nothing of it stays in the page.
    closeAdvice();
    board.textContent = "";
    actions.textContent = "";
    undo.hidden = true;
    play.hidden = true;
    handoverSeat = msg.to;
    handoverText.textContent = fill(text.handover, { name: msg.name });
    handoverReady.textContent = fill(text.ready, { name: msg.name });
    handover.hidden = false;
    document.body.dataset.handover = String(msg.to);
    document.body.dataset.you = "";  // nobody acts from this page until the player is ready
    mark(msg);
  }

  // Someone pressed "Play again": offer this page its own link to the new table.
  function onAgain(msg) {
    var link = document.getElementById("join-link");
    if (!link) {
      link = document.createElement("a");
      link.id = "join-link";
      link.className = "button primary";
      again.insertBefore(link, again.firstChild);
    }
    link.href = msg.url;
    link.textContent = text.join;
  }

  // Pieces that moved slide there (motion.js), unless the pace shows steps at once.
  function drawBoard(markup) {
    motion.draw(board, markup, paceMs());
  }

  // --- pacing: the steps bots and chance played are shown one after another, the newest
  // state last; what may be clicked is always the newest state's
  var PACES = motion.PACES;
  var QUEUE_LIMIT = 40;  // steps waiting here at most; older ones are dropped
  var PACE_KEY = "whaletable.pace";
  var queue = [];  // messages received, not shown yet, oldest first
  var timer = null;
  var readyAt = 0;  // when the next message may be shown
  var fresh = true;  // the socket just opened: its first state is shown at once
  var shownMsg = null;  // the message shown last

  function paceMs() {
    return PACES[paceChoice ? paceChoice.value : "normal"] || 0;
  }

  function holdOf(msg) {
    if (msg.type !== "state") return 0;
    return msg.reveal ? paceMs() * motion.REVEAL_HOLD : paceMs();
  }

  function marked() {
    var body = document.body.dataset;
    body.queued = String(queue.length);
    if (skip) skip.hidden = !queue.length;
  }

  function display(msg, stillWaiting) {
    shownMsg = msg;
    if (msg.type === "state") {
      delete document.body.dataset.handover;
      onState(msg, stillWaiting);
    } else {
      onHandover(msg);
    }
  }

  function pump() {
    if (timer !== null) return;
    while (queue.length) {
      var wait = readyAt - Date.now();
      if (wait > 0) {
        timer = setTimeout(function () { timer = null; pump(); }, wait);
        break;
      }
      var msg = queue.shift();
      display(msg);
      readyAt = Date.now() + holdOf(msg);
    }
    marked();
  }

  function enqueue(messages, now) {
    messages.forEach(function (m) { queue.push(m); });
    // A page far behind drops the oldest steps it was to show (a reveal last of all).
    while (queue.length > QUEUE_LIMIT) {
      var dropped = -1;
      for (var i = 0; i < queue.length - 1 && dropped < 0; i++) {
        if (queue[i].frame && !queue[i].reveal) dropped = i;
      }
      queue.splice(dropped < 0 ? 0 : dropped, 1);
    }
    if (now) readyAt = 0;
    pump();
  }

  function skipToLatest() {
    if (!queue.length) return;
    if (timer !== null) { clearTimeout(timer); timer = null; }
    var last = queue[queue.length - 1];
    queue = [];
    display(last);
    readyAt = Date.now() + paceMs();
    marked();
  }

  function received(msg) {
    var frames = [];
    if (msg.type === "state") {
      document.body.dataset.latest = String(msg.step);
      frames = Array.isArray(msg.frames) ? msg.frames : [];
      delete msg.frames;
    }
    if (fresh) {
      // A page that (re)connects shows where the game is, not what it missed.
      fresh = false;
      queue = [];
      enqueue([msg], true);
      return;
    }
    // This page's own move, or a seat that just took a shared device: shown at once,
    // and whatever follows it at the page's pace. A hand-over waits for the steps before
    // it: the last seat's view goes once they have been shown.
    var now = msg.type === "state" && (waiting || handoverSeat !== null);
    var last = queue.length ? queue[queue.length - 1] : shownMsg;
    if (msg.type === "state" && !frames.length && last && last.type === "state" &&
        last.step === msg.step && last.version === msg.version) {
      // The same state again (told once more as the table settles): it takes the place of
      // the one it repeats rather than waiting its turn behind it.
      if (queue.length) queue[queue.length - 1] = msg; else display(msg, waiting);
      return;
    }
    enqueue(frames.concat([msg]), now);
  }

  if (paceChoice) {
    paceChoice.value = window.whaletableText.storedChoice(PACE_KEY, Object.keys(PACES), "normal");
    paceChoice.addEventListener("change", function () {
      window.whaletableText.storeChoice(PACE_KEY, paceChoice.value);
      readyAt = Math.min(readyAt, Date.now() + paceMs());
      if (timer !== null) { clearTimeout(timer); timer = null; }
      pump();
    });
  }
  if (skip) skip.addEventListener("click", skipToLatest);

  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var socket = new WebSocket(scheme + "//" + location.host + wsPath);
    api.socket = socket;
    socket.addEventListener("open", function () {
      delay = 500;
      fresh = true;
      setConn(true);
    });
    socket.addEventListener("message", function (event) {
      var msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      // Other panels of the page (the clocks) read the same messages.
      document.dispatchEvent(new CustomEvent("whaletable:message", { detail: msg }));
      if (msg.type === "state" || msg.type === "handover") {
        received(msg);
      } else if (msg.type === "again") {
        onAgain(msg);
      } else if (msg.type === "advice") {
        onAdvice(msg);
      } else if (msg.type === "error") {
        if (advising) closeAdvice();
        waiting = false;
        document.body.classList.remove("waiting");
        showError(msg.message);
        if (msg.rule) showRule(msg.rule);
      }
    });
    socket.addEventListener("close", function () {
      if (api.socket !== socket) return;
      waiting = false;
      document.body.classList.remove("waiting");
      if (advising) closeAdvice();
      setConn(false);
      var wait = delay;
      delay = Math.min(delay * 2, 5000);
      setTimeout(connect, wait);
    });
  }

  // Not connected yet: the indicator keeps its "connecting…" until the socket opens.
  document.body.dataset.conn = "closed";
  document.body.dataset.finished = "false";
  connect();
})();
