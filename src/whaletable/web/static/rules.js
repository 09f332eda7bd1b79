// The rules panel of a table's page: a dialog over the table, opened by its button (or by a
// refused move's link to a rule, at that rule), closed by its button or Escape, and focus
// back where it was. No inline script: the CSP allows /static only.
(function () {
  "use strict";
  var panel = document.getElementById("rules-panel");
  var opener = document.getElementById("rules-open");
  if (!panel || !opener) return;
  var closer = document.getElementById("rules-close");
  var prefix = panel.dataset.prefix || "";
  var back = null; // what had the focus when the panel opened

  function open(section) {
    if (!panel.open) {
      back = document.activeElement;
      panel.showModal();
    }
    var target = section ? document.getElementById(prefix + section) : null;
    if (target) {
      target.setAttribute("tabindex", "-1");
      target.scrollIntoView({ block: "start" });
      target.focus();
    } else {
      closer.focus();
    }
  }

  opener.addEventListener("click", function () { open(null); });
  closer.addEventListener("click", function () { panel.close(); });
  // Escape closes a modal dialog by itself; either way the focus goes back.
  panel.addEventListener("close", function () {
    var to = back && document.contains(back) ? back : opener;
    back = null;
    to.focus();
  });
  // A click on the backdrop (outside the panel's box) closes it too.
  panel.addEventListener("click", function (event) {
    if (event.target === panel) panel.close();
  });
  // A refused move's link to its rule opens the rule here instead of leaving the table.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-rule]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    open(link.dataset.rule);
  });
})();
