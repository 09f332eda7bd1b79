// "My games": every table this browser opens with a seat's link is remembered here, in
// localStorage and in a cookie (the cookie is what /mine lists; the server keeps no list).
(function () {
  "use strict";
  var KEY = "whaletable.mine";
  var COOKIE = "whaletable_mine";
  var MOST = 20;  // as MAX_MINE in routes/mine.py
  var TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

  function unique(list) {
    var out = [];
    list.forEach(function (t) {
      if (typeof t === "string" && TOKEN.test(t) && out.indexOf(t) < 0) out.push(t);
    });
    return out.slice(0, MOST);
  }

  function stored() {
    try {
      var list = JSON.parse(localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? unique(list) : [];
    } catch (e) {
      return [];
    }
  }

  function inCookie() {
    var found = [];
    document.cookie.split(";").forEach(function (part) {
      var pair = part.trim().split("=");
      if (pair[0] === COOKIE && pair[1]) found = pair[1].split(".");
    });
    return unique(found);
  }

  function save(list) {
    list = unique(list);
    try { localStorage.setItem(KEY, JSON.stringify(list)); } catch (e) { /* private mode */ }
    document.cookie = COOKIE + "=" + list.join(".") + "; path=/; max-age=31536000; SameSite=Lax" +
      (location.protocol === "https:" ? "; Secure" : "");
    return list;
  }

  var table = document.getElementById("table");
  if (table) {
    // A player's page (one seat, or a shared device): the latest first.
    var role = table.dataset.role;
    var token = table.dataset.token || "";
    if ((role === "seat" || role === "hotseat") && TOKEN.test(token)) {
      save([token].concat(inCookie(), stored()));
    }
    return;
  }

  var mine = document.getElementById("mine");
  if (!mine) return;
  // This browser's storage may know tables the cookie lost (cleared, or from before it):
  // put them back and list again, once.
  var listed = inCookie();
  var all = save(listed.concat(stored()));
  var more = all.some(function (t) { return listed.indexOf(t) < 0; });
  if (more && inCookie().length === all.length) location.reload();

  mine.querySelectorAll("form.mine-forget").forEach(function (form) {
    form.addEventListener("submit", function () {
      var gone = form.querySelector("input[name=token]").value;
      // Out of the storage too, or the next visit would put it back.
      save(stored().filter(function (t) { return t !== gone; }));
    });
  });
})();
