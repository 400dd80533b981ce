/* The pool lobby follows a waiting player's table (docs/rules.md § The scoring pool):
   #play[data-state-url] polls pool/table/state.json every 4 s while the player waits;
   as soon as their table has started, the page goes to it. */
(function () {
  "use strict";
  var box = document.getElementById("play");
  if (!box || !box.getAttribute("data-state-url")) return;
  var url = box.getAttribute("data-state-url");
  var table = box.getAttribute("data-table-url");

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        var seated = state && state.signature && state.signature.split(":")[1] !== "0";
        if (seated) {
          window.location.assign(table);
          return;
        }
        setTimeout(poll, 4000);
      })
      .catch(function () { setTimeout(poll, 8000); });
  }
  setTimeout(poll, 4000);
})();
