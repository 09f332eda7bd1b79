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

  var api = { socket: null, lastStep: null, version: null };
  window.whaletable = api;
  var delay = 500;
  var handoverSeat = null;
  var waiting = false;
  var advising = false;  // an advice request is on its way

  function say(template, name) {
    return String(template || "").split("{name}").join(name);
  }

  function mark(msg) {
    var body = document.body.dataset;
    body.step = api.lastStep === null ? "" : String(api.lastStep);
    // For what else the page does with each state (static/alerts.js).
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
    if (waiting || api.lastStep === null) return;
    if (send({ type: "act", step: api.lastStep, action: action })) {
      waiting = true;
      document.body.classList.add("waiting");
    }
  }

  function showError(message) {
    errorLine.textContent = message;
    errorLine.hidden = !message;
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
    again.action = "/games/" + encodeURIComponent(msg.key) + "/again";
    result.hidden = false;
  }

  function onState(msg) {
    waiting = false;
    document.body.classList.remove("waiting");
    handoverSeat = null;
    handover.hidden = true;
    play.hidden = false;
    api.lastStep = msg.step;
    // Advice is for the state it was asked in: a new state closes it (and an answer still
    // on its way for the old one is dropped when it comes).
    if (api.version !== msg.version) closeAdvice();
    api.version = msg.version;
    board.innerHTML = msg.board;
    renderActions(msg.actions || []);
    actionsBox.hidden = !!msg.finished;  // nothing to wait for once the game is over
    renderLog(msg.log || []);
    status.textContent = msg.status;
    undo.hidden = !msg.can_undo;
    showError("");
    renderResult(msg);
    autoSelect();
    document.body.dataset.finished = msg.finished ? "true" : "false";
    document.body.dataset.you = msg.you === null || msg.you === undefined ? "" : String(msg.you);
    if (adviceAsk) {
      // A shared device is advised for the seat to move only; nobody is once it is over.
      var canAsk = !msg.finished && (root.dataset.role !== "hotseat" || msg.you !== null);
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
    handoverText.textContent = say(text.handover, msg.name);
    handoverReady.textContent = say(text.ready, msg.name);
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

  function connect() {
    var scheme = location.protocol === "https:" ? "wss:" : "ws:";
    var socket = new WebSocket(scheme + "//" + location.host + wsPath);
    api.socket = socket;
    socket.addEventListener("open", function () {
      delay = 500;
      setConn(true);
    });
    socket.addEventListener("message", function (event) {
      var msg;
      try { msg = JSON.parse(event.data); } catch (e) { return; }
      if (msg.type === "state") {
        delete document.body.dataset.handover;
        onState(msg);
      } else if (msg.type === "handover") {
        onHandover(msg);
      } else if (msg.type === "again") {
        onAgain(msg);
      } else if (msg.type === "advice") {
        onAdvice(msg);
      } else if (msg.type === "error") {
        if (advising) closeAdvice();
        waiting = false;
        document.body.classList.remove("waiting");
        showError(msg.message);
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
