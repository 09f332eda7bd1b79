// The replay page: steps through a finished game without reloading. The boards are drawn
// by the server for the chosen viewpoint and loaded a part at a time; without this file
// the page's links step through it one page load at a time.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root || !window.fetch) return;
  var text = JSON.parse(root.dataset.i18n || "{}");
  var framesUrl = root.dataset.framesUrl;
  var total = Number(root.dataset.steps);
  var seat = root.dataset.seat;
  var board = document.getElementById("board");
  var status = document.getElementById("status");
  var stepLine = document.getElementById("step");
  var log = document.getElementById("log");
  var errorLine = document.getElementById("error");
  var playBox = document.getElementById("autoplay-box");
  var play = document.getElementById("autoplay");
  var speed = document.getElementById("speed");
  var stepField = document.querySelector(".viewpoint input[name=step]");
  var links = {
    first: document.getElementById("first"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next"),
    last: document.getElementById("last"),
  };

  var motion = window.whaletableMotion;
  var words = window.whaletableText;
  var CHUNK = 40;  // steps per request, as many as the server draws at once
  var SPEED_KEY = "whaletable.replay-speed";
  var frames = {};  // step → {board, status, reveal}
  var loading = {};  // chunk start → its request
  var current = Number(root.dataset.step);
  var wanted = current;  // the step last asked for (it may still be loading)
  var timer = null;
  var playing = false;

  function ms() {
    return motion.PACES[speed.value] || motion.PACES.normal;
  }

  function urlOf(step) {
    var query = "?step=" + step + (seat === "" ? "" : "&seat=" + encodeURIComponent(seat));
    return location.pathname + query;
  }

  function load(step) {
    var start = Math.floor(step / CHUNK) * CHUNK;
    if (loading[start]) return loading[start];
    var query = "?start=" + start + "&count=" + CHUNK + (seat === "" ? "" : "&seat=" + encodeURIComponent(seat));
    loading[start] = fetch(framesUrl + query, { headers: { accept: "application/json" } })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then(function (data) {
        data.frames.forEach(function (f) { frames[f.step] = f; });
      })
      .catch(function (e) {
        delete loading[start];  // asked again next time
        throw e;
      });
    return loading[start];
  }

  function setLink(link, step, enabled) {
    if (enabled) {
      link.href = urlOf(step);
      link.classList.remove("disabled");
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.classList.add("disabled");
      link.setAttribute("aria-disabled", "true");
    }
  }

  function markLog(step) {
    var shown = null;
    log.querySelectorAll("li").forEach(function (li) {
      var at = Number(li.dataset.step);
      li.classList.toggle("current", at === step);
      li.classList.toggle("later", at > step);
      if (at === step) {
        li.setAttribute("aria-current", "step");
        if (shown === null) shown = li;
      } else {
        li.removeAttribute("aria-current");
      }
    });
    if (shown) {
      // Scrolled within the log only: the page itself stays where the reader has it.
      var top = shown.offsetTop - log.offsetTop;
      if (top < log.scrollTop || top + shown.offsetHeight > log.scrollTop + log.clientHeight) {
        log.scrollTop = Math.max(0, top - log.clientHeight / 3);
      }
    } else if (step === 0) {
      log.scrollTop = 0;
    }
  }

  function show(step) {
    var frame = frames[step];
    current = step;
    motion.draw(board, frame.board, playing ? ms() : motion.PACES.fast);
    status.textContent = frame.status;
    stepLine.textContent = words.fill(text.step, { step: step, total: total });
    setLink(links.first, 0, step > 0);
    setLink(links.prev, Math.max(0, step - 1), step > 0);
    setLink(links.next, Math.min(total, step + 1), step < total);
    setLink(links.last, total, step < total);
    if (stepField) stepField.value = String(step);
    markLog(step);
    history.replaceState(null, "", urlOf(step));
    document.body.dataset.step = String(step);
    document.body.dataset.reveal = frame.reveal ? "true" : "false";
  }

  function go(step) {
    step = Math.max(0, Math.min(total, step));
    wanted = step;
    if (frames[step]) {
      show(step);
      if (step + 1 <= total && !frames[step + 1]) load(step + 1).catch(function () {});
      return Promise.resolve();
    }
    document.body.dataset.loading = "true";
    return load(step).then(function () {
      delete document.body.dataset.loading;
      errorLine.hidden = true;
      if (wanted === step) show(step);
    }, function () {
      delete document.body.dataset.loading;
      errorLine.textContent = text.failed;
      errorLine.hidden = false;
      pause();
    });
  }

  // --- autoplay
  function tick() {
    timer = null;
    if (!playing) return;
    if (current >= total) { pause(); return; }
    go(current + 1).then(function () {
      if (!playing) return;
      if (current >= total) { pause(); return; }
      var hold = frames[current] && frames[current].reveal ? motion.REVEAL_HOLD : 1;
      timer = setTimeout(tick, ms() * hold);
    });
  }

  function start() {
    if (current >= total) go(0);
    playing = true;
    document.body.dataset.playing = "true";
    play.textContent = text.pause;
    play.setAttribute("aria-pressed", "true");
    if (timer === null) timer = setTimeout(tick, ms());
  }

  function pause() {
    playing = false;
    document.body.dataset.playing = "false";
    play.textContent = text.play;
    play.setAttribute("aria-pressed", "false");
    if (timer !== null) { clearTimeout(timer); timer = null; }
  }

  function toggle() {
    if (playing) pause(); else start();
  }

  // --- wiring: the links step here instead of loading a page
  function stepBy(link, step) {
    link.addEventListener("click", function (event) {
      if (!link.hasAttribute("href") || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      pause();
      go(step());
    });
  }
  stepBy(links.first, function () { return 0; });
  stepBy(links.prev, function () { return current - 1; });
  stepBy(links.next, function () { return current + 1; });
  stepBy(links.last, function () { return total; });

  log.addEventListener("click", function (event) {
    var link = event.target.closest("a");
    var li = event.target.closest("li[data-step]");
    if (!link || !li || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    pause();
    go(Number(li.dataset.step));
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    // A button takes its own space (a click); a link does nothing with it, so it plays.
    var typing = target.closest && target.closest("input, select, textarea, button");
    var rtl = document.documentElement.dir === "rtl";
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      if (target.closest && target.closest("input, select, textarea")) return;
      event.preventDefault();
      pause();
      // On a right-to-left page the arrow pointing back is the right one.
      var back = (event.key === "ArrowLeft") !== rtl;
      go(current + (back ? -1 : 1));
    } else if (event.key === " " && !typing) {
      event.preventDefault();
      toggle();
    }
  });

  play.addEventListener("click", toggle);
  // Only the speeds the page offers (a replay has no "off").
  var offered = Array.prototype.map.call(speed.options, function (o) { return o.value; });
  speed.value = words.storedChoice(SPEED_KEY, offered, speed.value);
  speed.addEventListener("change", function () { words.storeChoice(SPEED_KEY, speed.value); });

  playBox.hidden = false;
  document.body.dataset.playing = "false";
  document.body.dataset.step = String(current);
  markLog(current);
  load(current).catch(function () {});
})();
