/* The notice of the table page for a player a robot replaced (robots/seat_notice.html):
   asks GET /api/events/<e>/tables/<t>/reclaim/ every few seconds and opens the table as
   soon as the seat is the player's again (when the board in play ended). */
(function () {
  "use strict";
  var box = document.getElementById("robot-notice");
  if (!box) return;
  var url = box.getAttribute("data-state-api");
  var shown = null;
  function look() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return;
        if (data.state === "yours") { window.location.reload(); return; }
        if (shown !== null && data.state !== shown) { window.location.reload(); return; }
        shown = data.state;
      })
      .catch(function () { /* offline: the next look tries again */ })
      .then(function () { setTimeout(look, 3000); });
  }
  setTimeout(look, 3000);
})();
