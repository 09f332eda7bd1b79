// What every page's script does with words and remembered choices: the sentences come
// translated from the server as templates ("Take back the seat of {name}"), filled here.
(function () {
  "use strict";

  // fill("{name} to move", {name: "Ana"}) → "Ana to move"; a name not given stays as written.
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
    });
  }

  // The choice stored under `key` if it is one of `allowed` (a list), else `fallback`.
  function storedChoice(key, allowed, fallback) {
    try {
      var chosen = window.localStorage.getItem(key);
      return allowed.indexOf(chosen) >= 0 ? chosen : fallback;
    } catch (e) { return fallback; }  // storage refused (private mode): the default
  }

  function storeChoice(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* this page only */ }
  }

  window.whaletableText = { fill: fill, storedChoice: storedChoice, storeChoice: storeChoice };
})();
