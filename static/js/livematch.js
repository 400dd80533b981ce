/* The live match view follows the match by itself. #live-match (a match's boards and
   running score) and #live-event (every match of the round) poll their data-live-url
   every data-interval ms (3 s) while the page is visible, sending the last ETag in
   If-None-Match: an unchanged state is a 304 with no body. A new state is drawn into the
   page; when the round or the list of boards/matches changed the page is reloaded.
   A final state (the round has closed) is still followed: a director may correct it. */
(function () {
  "use strict";
  var box = document.getElementById("live-match") || document.getElementById("live-event");
  if (!box) return;
  var url = box.getAttribute("data-live-url");
  var every = parseInt(box.getAttribute("data-interval"), 10) || 3000;
  var etag = box.getAttribute("data-etag") || "";
  var timer = null;

  function label(name) { return box.getAttribute("data-l-" + name) || ""; }
  function field(scope, name) { return scope.querySelector('[data-f="' + name + '"]'); }
  function setText(el, text) { if (el && el.textContent !== text) el.textContent = text; }
  function vp(value) { return value === null || value === undefined ? "" : Number(value).toFixed(2); }
  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function span(cls, text, title) {
    var el = document.createElement("span");
    if (cls) el.className = cls;
    el.textContent = text;
    if (title) el.title = title;
    return el;
  }

  var SUITS = { S: ["\u2660", "spades"], H: ["\u2665", "hearts"], D: ["\u2666", "diamonds"], C: ["\u2663", "clubs"] };

  // A contract with its suit symbol ("4SX" -> 4♠X), as tournaments/views/display.py's
  // contract_html writes it.
  function contractEl(contract) {
    var el = span("contract", contract.charAt(0));
    var rest = contract.slice(1);
    var strain = rest.indexOf("NT") === 0 ? "NT" : rest.charAt(0);
    if (strain === "NT") el.appendChild(span("strain-nt", "NT"));
    else if (SUITS[strain]) el.appendChild(span("suit suit-" + strain.toLowerCase(), SUITS[strain][0], SUITS[strain][1]));
    if (rest.length > strain.length) el.appendChild(document.createTextNode(rest.slice(strain.length)));
    return el;
  }

  // A room's result as the pages say it: "1♥ by S, +1" (result_html), or Pass.
  function resultEl(room) {
    var el = span("res", "");
    if (!room.contract || room.contract.toUpperCase() === "PASS" || room.tricks === null) {
      el.appendChild(span("pass", label("pass")));
      return el;
    }
    var diff = room.tricks - (parseInt(room.contract.charAt(0), 10) + 6);
    var outcome = diff === 0 ? "=" : (diff > 0 ? "+" + diff : String(diff));
    var pattern = label("result") || "{contract} {seat} {outcome}";
    pattern.split(/(\{contract\}|\{seat\}|\{outcome\})/).forEach(function (part) {
      if (part === "{contract}") el.appendChild(contractEl(room.contract));
      else if (part === "{seat}") el.appendChild(document.createTextNode(label("seat-" + String(room.declarer).toLowerCase()) || room.declarer));
      else if (part === "{outcome}") el.appendChild(document.createTextNode(outcome));
      else if (part) el.appendChild(document.createTextNode(part));
    });
    return el;
  }

  function drawRoom(cell, room) {
    var parts = [];
    if (room.status === "not_started") parts.push(span("muted", "–", label("not-started")));
    else if (room.status === "cut") parts.push(span("muted", label("cut")));
    else if (room.adjusted) parts.push(span("res", room.adjusted));
    else if (room.result) {
      parts.push(resultEl(room));
      parts.push(document.createTextNode(" "));
      parts.push(span("ns small", room.ns_score === null ? "" : signed(room.ns_score)));
    } else parts.push(span("done", "✓", label("finished")));
    var html = parts.map(function (p) { return p.outerHTML || p.textContent; }).join("");
    if (cell.innerHTML !== html) {
      cell.textContent = "";
      parts.forEach(function (p) { cell.appendChild(p); });
    }
  }

  function drawStatus(state) {
    var badge = field(box, "status");
    if (!badge) return;
    var final = state.status === "final";
    setText(badge, label(final ? "final" : "in-play"));
    badge.className = "badge " + (final ? "badge-finished" : "badge-running");
  }

  function drawMatch(state) {
    var rows = box.querySelectorAll("#live-boards tr[data-board]");
    if (rows.length !== state.boards.length) return false;
    var s = state.score;
    setText(field(box, "home_imps"), String(s.home_imps));
    setText(field(box, "away_imps"), String(s.away_imps));
    setText(field(box, "home_vp"), vp(s.home_vp));
    setText(field(box, "away_vp"), vp(s.away_vp));
    setText(field(box, "boards_scored"), String(s.boards_scored));
    state.boards.forEach(function (b, i) {
      var row = rows[i];
      drawRoom(row.querySelector('[data-room="open"]'), b.open);
      drawRoom(row.querySelector('[data-room="closed"]'), b.closed);
      setText(field(row, "home"), b.home_imps === null ? "" : String(b.home_imps));
      setText(field(row, "away"), b.away_imps === null ? "" : String(b.away_imps));
    });
    return true;
  }

  function drawEvent(state) {
    var rows = box.querySelectorAll("#live-matches tr[data-match]");
    if (rows.length !== state.matches.length) return false;
    for (var i = 0; i < rows.length; i++) {
      var m = state.matches[i], row = rows[i];
      if (String(m.match) !== row.getAttribute("data-match")) return false;
      var s = m.score;
      if (!m.bye) {
        setText(field(row, "imps"), s.home_imps + "–" + s.away_imps);
        setText(field(row, "vps"), vp(s.home_vp) + "–" + vp(s.away_vp));
        setText(field(row, "boards"), m.boards_finished + "/" + m.boards_total);
      }
    }
    return true;
  }

  function draw(state) {
    var round = parseInt(box.getAttribute("data-round") || "0", 10);
    if (round && state.round !== round) return false;
    drawStatus(state);
    return box.id === "live-match" ? drawMatch(state) : drawEvent(state);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, every);
  }

  function poll() {
    if (document.hidden) { schedule(); return; }
    var headers = { Accept: "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (r) {
        if (r.status === 304) return null;
        if (!r.ok) throw new Error(r.status);
        etag = r.headers.get("ETag") || "";
        return r.json();
      })
      .then(function (state) {
        if (state === null) return;
        box.setAttribute("data-etag", etag);
        if (!draw(state)) { window.location.reload(); return; }
        box.setAttribute("data-status", state.status || "");
      })
      .catch(function () { /* keep the page as it is; try again next time */ })
      .then(schedule);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
  schedule();
})();
