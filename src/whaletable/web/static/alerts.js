// Turn alerts on a table page: when this page's seat is to move, the tab's title and icon
// say so (and, if the player turned them on, a short tone and a browser notification).
(function () {
  "use strict";
  var box = document.getElementById("alerts");
  var icon = document.getElementById("favicon");
  if (!box || !icon) return;
  var text = JSON.parse(box.dataset.i18n || "{}");
  var title = document.title;
  var icons = { idle: icon.getAttribute("href"), turn: "/static/favicon-turn.svg" };
  var sound = document.getElementById("alert-sound");
  var notify = document.getElementById("alert-notify");
  var KEYS = { sound: "whaletable.alerts.sound", notify: "whaletable.alerts.notify" };
  var yours = false;
  var audio = null;

  function remembered(key) {
    try { return localStorage.getItem(key) === "on"; } catch (e) { return false; }
  }

  function remember(key, on) {
    try { localStorage.setItem(key, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function tone() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      var now = audio.currentTime;
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.12, now);
      gain.gain.exponentialRampToValueAtTime(0.001, now + 0.35);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(now);
      osc.stop(now + 0.35);
    } catch (e) { /* no sound on this device */ }
  }

  function notice() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    try {
      new Notification(text.turn, { body: title, tag: "whaletable-turn" });
    } catch (e) { /* some browsers allow notifications from a service worker only */ }
  }

  // Each message the table shows (table.js): a state names the seat this page moves for,
  // if any; a hand-over of a shared device moves for nobody until the player is ready.
  function update(event) {
    var msg = event.detail || {};
    var d = document.body.dataset;
    var now = msg.type === "state" && !msg.finished && msg.you !== null && msg.you !== undefined;
    if (now === yours) return;
    yours = now;
    document.title = now ? window.whaletableText.fill(text.title, { title: title }) : title;
    icon.setAttribute("href", now ? icons.turn : icons.idle);
    d.turnAlert = now ? "on" : "off";
    if (now && sound && sound.checked) tone();
    if (now && notify && notify.checked) notice();
  }

  document.addEventListener("whaletable:state", update);
  // A state may have come before this script ran: the page shows it, so the tab does too.
  if (window.whaletable && window.whaletable.shown) update({ detail: window.whaletable.shown });

  if (sound) {
    sound.checked = remembered(KEYS.sound);
    sound.addEventListener("change", function () {
      remember(KEYS.sound, sound.checked);
      if (sound.checked) tone();  // a click lets the page play sound, and says what it is
    });
  }
  if (notify) {
    if (!("Notification" in window)) {
      notify.disabled = true;
    } else {
      notify.checked = remembered(KEYS.notify) && Notification.permission === "granted";
      notify.addEventListener("change", function () {
        remember(KEYS.notify, notify.checked);
        if (!notify.checked || Notification.permission === "granted") return;
        // Asked for only now, when the player ticked the box.
        Notification.requestPermission().then(function (answer) {
          if (answer !== "granted") {
            notify.checked = false;
            remember(KEYS.notify, false);
          }
        });
      });
    }
  }
})();
