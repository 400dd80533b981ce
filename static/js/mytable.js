/* My table follows the event by itself (and, while the round is open, the results at
   the table: the opponents' entries, acceptances and rejections show within 5 s). #my-table[data-state-url] polls that JSON
   (my-table/state.json): every 5 s once the round's end is due or while the round is
   over and the next one is awaited, otherwise every 30 s (or at the due time if sooner).
   When the state's signature differs from the page's (the round closed, the next round
   is seated, the event started or finished) the box is redrawn from a fresh copy of the
   page (or, when my-table answers with the online table's page, the browser goes
   there). When the round's clock runs out, data-waiting ("Round over — waiting for the
   next round") shows at once, before the server has closed the round. */
(function () {
  "use strict";
  var box = document.getElementById("my-table");
  if (!box || !box.getAttribute("data-state-url")) return;
  var FAST = 5000, SLOW = 30000;
  var timer = null;
  var serverNow = Date.parse(box.getAttribute("data-now") || "");
  var skew = isNaN(serverNow) ? 0 : serverNow - Date.now();
  if (Math.abs(skew) < 2000) skew = 0;

  function now() { return Date.now() + skew; }
  function attr(name) { return box.getAttribute(name) || ""; }
  function dueAt() {
    var d = Date.parse(attr("data-due"));
    return isNaN(d) ? null : d;
  }
  function roundStatus() { return attr("data-signature").split(":")[2] || ""; }

  function showWaiting(on) {
    var clockBox = box.querySelector(".clock-box");
    if (!clockBox) return;
    var note = clockBox.querySelector(".clock-status[data-js]");
    if (!on) {
      if (note) note.parentNode.removeChild(note);
      return;
    }
    if (clockBox.querySelector(".clock-status")) return;
    note = document.createElement("div");
    note.className = "clock-status strong";
    note.setAttribute("data-js", "");
    note.setAttribute("role", "status");
    note.textContent = attr("data-waiting");
    clockBox.insertBefore(note, clockBox.firstChild);
  }

  function schedule() {
    clearTimeout(timer);
    if (!attr("data-state-url")) return; // the event has finished: nothing more to follow
    var due = dueAt(), delay;
    var open = roundStatus() === "open";
    if (roundStatus() === "closed" || due === null || now() >= due) {
      delay = FAST;
      if (open && due !== null) showWaiting(true);
    } else {
      delay = Math.max(1000, Math.min(SLOW, due - now() + 1000));
      if (open) {
        showWaiting(false);
        delay = Math.min(delay, FAST); // the opponents' entries show within seconds
      }
    }
    timer = setTimeout(poll, delay);
  }

  function redraw() {
    return fetch(window.location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status);
        // my-table now opens the table itself (an online round has opened): go there
        if (r.redirected) { window.location.assign(r.url); return null; }
        return r.text();
      })
      .then(function (html) {
        if (html === null) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("my-table");
        if (!fresh) return;
        Array.prototype.slice.call(box.attributes).forEach(function (a) {
          if (a.name !== "id") box.removeAttribute(a.name);
        });
        Array.prototype.forEach.call(fresh.attributes, function (a) {
          box.setAttribute(a.name, a.value);
        });
        var typed = keepTyped();
        box.innerHTML = fresh.innerHTML;
        restoreTyped(typed);
      });
  }

  // A redraw (the opponents entered or answered a result) keeps what the user was
  // typing into the other boards' forms.
  function keepTyped() {
    var values = {};
    Array.prototype.forEach.call(box.querySelectorAll(".result-form [name]"), function (el) {
      if (el.type !== "hidden" && el.type !== "submit" && el.value) values[el.name] = el.value;
    });
    return values;
  }
  function restoreTyped(values) {
    Object.keys(values).forEach(function (name) {
      var el = box.querySelector('.result-form [name="' + name + '"]');
      if (el && !el.value) el.value = values[name];
    });
  }

  function poll() {
    if (document.hidden) { schedule(); return; }
    fetch(attr("data-state-url"), {
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "application/json" },
    })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (state) {
        if (state.signature !== attr("data-signature")) return redraw();
        // Same round, same status: only the time may have moved (extension, pause).
        box.setAttribute("data-due", state.due || "");
        var clock = box.querySelector(".clock[data-ends-at]");
        if (clock && state.due) clock.setAttribute("data-ends-at", state.due);
      })
      .catch(function () { /* keep the page as it is; try again next time */ })
      .then(schedule);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
  schedule();
})();
