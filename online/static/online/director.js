/* The director's console of online play (online/templates/online/director_console.html):
   polls GET /api/events/<e>/online/tables/ every few seconds and draws every table (its
   board, auction or trick, time used, seats and their connections, a claim waiting for
   a ruling), and sends the director's rulings, adjusted scores, substitutes, robots
   (moved into a seat or out: the robots app's endpoints) and cancellations to the
   console's POST endpoints. The server checks everything again. */
(function () {
  "use strict";
  var node = document.getElementById("td-config");
  var list = document.getElementById("td-tables");
  if (!node || !list) return;
  var cfg = JSON.parse(node.textContent);
  var T = cfg.strings || {};
  var statusNode = document.getElementById("td-status");
  var flash = document.getElementById("td-flash");
  var gone = document.getElementById("td-disconnections");
  var SEATS = ["N", "E", "S", "W"];
  var open = {}; // which forms the director has unfolded, by table id

  function t(key, params) {
    var text = T[key] !== undefined ? T[key] : key;
    Object.keys(params || {}).forEach(function (k) {
      text = text.split("%(" + k + ")s").join(String(params[k]));
    });
    return text;
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "cls") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }

  function clock(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function say(text, error) {
    flash.textContent = text;
    flash.className = "td-flash" + (error ? " td-error" : "");
    flash.hidden = false;
  }

  function post(url, body) {
    flash.hidden = true;
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": cfg.csrf },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) say(t("failed", { detail: data.detail || r.status }), true);
        else say(t("done"), false);
        refresh();
      });
    }).catch(function () { say(t("offline"), true); });
  }

  function phaseText(row) {
    if (row.phase === "auction") return t("phase_auction", { n: row.calls + 1 });
    if (row.phase === "play") return t("phase_play", { n: row.trick });
    return t("phase_" + row.phase);
  }

  function form(children, onSubmit) {
    var f = el("form", {}, children);
    f.addEventListener("submit", function (e) { e.preventDefault(); onSubmit(f); });
    return f;
  }

  function select(name, values, labels) {
    var s = el("select", { name: name, "aria-label": name });
    values.forEach(function (v, i) { s.appendChild(el("option", { value: v, text: labels ? labels[i] : v })); });
    return s;
  }

  function folded(row, key, title, body) {
    var d = el("details", {}, [el("summary", { text: title }), body]);
    if (open[row.table + key]) d.open = true;
    d.addEventListener("toggle", function () { open[row.table + key] = d.open; });
    return d;
  }

  // docs/rules.md § Robots, substitutes: a robot into the seat, or out of it at once
  function robotButton(url, seat, seated) {
    var label = t(seated ? "robot_out_label" : "robot_in_label", { seat: t(seat) });
    return form([el("button", { cls: "btn btn-small btn-ghost td-robot", type: "submit", "aria-label": label, title: label, text: t(seated ? "robot_out" : "robot_in") })], function () {
      post(url + (seated ? "robot/remove/" : "robot/"), { seat: seat });
    });
  }

  function tableCard(row) {
    var url = cfg.table_api + row.table + "/";
    var title = t("table", { n: row.number }) + (row.board_number ? " · " + t("board", { n: row.board_number }) : "");
    var facts = phaseText(row) + (row.seconds_used !== null ? " · " + t("used", { t: clock(row.seconds_used) }) : "");
    var link = el("a", { href: cfg.table_page.replace("{id}", row.table), text: title });
    var card = el("article", { cls: "td-table", "data-table": row.table }, [
      el("h3", {}, [link]),
      el("p", { cls: "td-facts", text: facts }),
    ]);
    var seats = el("ul", { cls: "td-seats" });
    var alarm = false;
    SEATS.forEach(function (s) {
      var seat = row.seats[s] || {};
      var state = seat.state === "gone" ? t("gone", { n: seat.gone_seconds }) : t(seat.state || "away");
      if (seat.state === "disconnected") alarm = true;
      if (seat.robot) state = t("robot");
      var item = el("li", { cls: "td-seat-" + (seat.robot ? "robot" : seat.state || "away"), "data-seat": s }, [
        el("span", { text: t(s) + ": " + (seat.name || "—") + " (" + state + ")" }),
      ]);
      if (cfg.robots && row.phase !== "done" && (seat.robot || seat.state !== "connected")) item.appendChild(robotButton(url, s, !!seat.robot));
      seats.appendChild(item);
    });
    card.appendChild(seats);
    if (row.claim) {
      var c = row.claim;
      var box = el("div", { cls: "td-claim" }, [
        el("p", { text: t(c.rejected ? "claim_waits" : "claim_answer", { seat: t(c.seat), n: c.tricks, left: c.tricks_left }) }),
      ]);
      if (c.rejected) {
        alarm = true;
        var tricks = el("input", { type: "number", name: "tricks", min: c.declarer_won, max: c.declarer_won + c.tricks_left, value: c.declarer_won, "aria-label": t("declarer_tricks"), required: "required" });
        box.appendChild(form([el("label", { text: t("declarer_tricks") }), tricks, el("button", { cls: "btn btn-small", type: "submit", text: t("rule") })], function () {
          post(url + "rule/", { version: row.version, tricks: tricks.value });
        }));
        box.appendChild(form([el("button", { cls: "btn btn-small btn-ghost", type: "submit", text: t("let_play") })], function () {
          post(url + "rule/", { version: row.version, tricks: "play" });
        }));
      }
      card.appendChild(box);
    }
    if (alarm) card.className += " td-alert";
    if (row.board) {
      var ns = select("ns", ["A=", "A+", "A-"]), ew = select("ew", ["A=", "A+", "A-"]);
      var reason = el("input", { type: "text", name: "reason", maxlength: "200", placeholder: t("reason"), "aria-label": t("reason") });
      card.appendChild(folded(row, "adjust", t("adjust") + " · " + t("board", { n: row.board_number }), form(
        [el("label", { text: t("ns") }), ns, el("label", { text: t("ew") }), ew, reason, el("button", { cls: "btn btn-small", type: "submit", text: t("give") })],
        function () { post(url + "adjust/", { board: row.board, ns: ns.value, ew: ew.value, reason: reason.value }); }
      )));
    }
    var seat = select("seat", SEATS, SEATS.map(function (s) { return t(s); }));
    var user = el("input", { type: "text", name: "username", autocomplete: "off", placeholder: t("username"), "aria-label": t("username"), required: "required" });
    card.appendChild(folded(row, "sub", t("substitute"), form(
      [el("label", { text: t("seat") }), seat, user, el("button", { cls: "btn btn-small", type: "submit", text: t("move_in") })],
      function () { post(url + "substitute/", { seat: seat.value, username: user.value.trim() }); }
    )));
    return card;
  }

  function draw(data) {
    list.textContent = "";
    if (!data.tables.length) list.appendChild(el("p", { cls: "muted", text: t("no_tables") }));
    data.tables.forEach(function (row) { list.appendChild(tableCard(row)); });
    list.setAttribute("aria-busy", "false");
    gone.textContent = "";
    if (!data.disconnections.length) gone.appendChild(el("li", { cls: "muted", text: t("none") }));
    data.disconnections.forEach(function (d) {
      var line = el("li", { text: t("disc_line", { table: d.table_number, board: d.board_number, seat: t(d.seat), player: d.player }) + " " });
      if (d.outage) line.appendChild(el("span", { cls: "badge", text: t("outage") }));
      if (d.cancelled) line.appendChild(el("span", { cls: "badge", text: t("cancelled") }));
      if (!d.cancelled && !d.outage) {
        line.appendChild(form([el("button", { cls: "btn btn-small btn-ghost", type: "submit", text: t("cancel") })], function () {
          post(cfg.cancel, { disconnection: d.id });
        }));
      }
      gone.appendChild(line);
    });
    updated(data.now);
  }

  // "Updated 14:48:01 Shanghai (UTC+8)": the server's time of the data, 24-hour in the
  // event's zone with the zone named, as every page writes times (docs/rules.md § Times
  // and places; the page's <template id="td-time"> carries the zone and its name), and
  // the viewer's own time after it where that differs (static/js/clock.js).
  var timeTemplate = document.getElementById("td-time");
  function updated(now) {
    var at = new Date(now);
    var stamp = timeTemplate && timeTemplate.content.querySelector("time");
    var time = stamp ? stamp.cloneNode(true) : null;
    var text;
    try {
      var parts = {};
      new Intl.DateTimeFormat("en-GB", {
        hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
        timeZone: time ? time.getAttribute("data-tz") : undefined,
      }).formatToParts(at).forEach(function (p) { parts[p.type] = p.value; });
      text = parts.hour + ":" + parts.minute + ":" + parts.second;
    } catch (e) { time = null; }
    if (isNaN(at.getTime()) || !time) { statusNode.textContent = t("updated", { t: now || "" }); return; }
    time.setAttribute("datetime", at.toISOString());
    time.firstChild.textContent = text + " "; // then the zone's name, kept
    var words = t("updated", { t: "\u0000" }).split("\u0000");
    statusNode.textContent = words[0];
    statusNode.appendChild(time);
    statusNode.appendChild(document.createTextNode(words.slice(1).join("")));
    if (window.bridgehallLocalize) window.bridgehallLocalize();
  }

  function busyTyping() {
    var a = document.activeElement;
    return a && list.contains(a) && (a.tagName === "INPUT" || a.tagName === "SELECT");
  }

  function refresh() {
    fetch(cfg.console, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) { if (!busyTyping()) draw(data); })
      .catch(function () { statusNode.textContent = t("offline"); });
  }

  function loop() {
    refresh();
    setTimeout(loop, cfg.poll_ms || 3000);
  }
  loop();
})();
