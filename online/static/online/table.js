/* The playing table (online/templates/online/table.html): draws each `state` message of
   docs/online-play.md, and sends calls, cards, claims, answers and undo requests.

   Transport: the WebSocket /ws/events/<e>/tables/<t>/; when it cannot open or drops, the
   page polls GET /api/events/<e>/tables/<t>/play/ every 2 s and sends by POST to the same
   address, while it tries the socket again now and then. The addresses come from the
   page's config (`api`, `ws`): the practice table (practice/views.py) gives its own API
   and socket (/ws/practice/<session>/, the same protocol). Every action carries the
   table's version: one the server has moved past is refused (`stale`), never applied
   twice (docs/rules.md § Online play).

   What a seat sees and may do is decided by the server; this script only draws what it
   is sent and computes no rule: the view's `legal` (the calls and cards of the seat that
   acts) and `may` (claim, undo, answer) enable the buttons, and the server checks every
   action again and answers with an error code, shown in words. */
(function () {
  "use strict";
  var root = document.getElementById("play-table");
  var configNode = document.getElementById("play-config");
  if (!root || !configNode) return;
  var cfg = JSON.parse(configNode.textContent);
  var T = cfg.strings || {};

  var SEATS = ["N", "E", "S", "W"];
  var AUCTION_COLUMNS = ["W", "N", "E", "S"];
  var SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var HAND_SUITS = ["S", "H", "C", "D"]; // black and red alternate
  var RANKS = "AKQJT98765432";
  var STRAINS = ["C", "D", "H", "S", "NT"];
  var POLL_MS = 2000;

  var view = null; // the last table drawn
  var held = null; // the next board's table, held while the finished one is read
  var served = null; // the last view the socket sent: what its next change counts from
  var socket = null;
  var socketOpen = false;
  var socketTries = 0;
  var pollTimer = null;
  var reconnectTimer = null;
  var pingTimer = null;
  var busy = false; // an action sent, its answer not yet back
  var busyTimer = null;
  var seq = 0;
  var bidLevel = null;
  var alertOn = false;
  var alertText = "";
  var claimOpen = false;
  var alertNote = null;
  var errorTimer = null;
  var players = cfg.players || {}; // who holds each seat: {"N": {"name", "robot"}}
  var waitTimer = null; // while the next round is not open: read the table now and then
  var WAIT_POLL_MS = 20000;

  function t(key, params) {
    var text = T[key] !== undefined ? T[key] : key;
    if (params) {
      Object.keys(params).forEach(function (k) {
        text = text.split("%(" + k + ")s").join(String(params[k]));
      });
    }
    return text;
  }
  function tn(key, n, params) { return t(key + (Number(n) === 1 ? "_one" : "_other"), params); }
  function slot(name) { return root.querySelector('[data-slot="' + name + '"]'); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") node.textContent = v;
        else if (k === "class") node.className = v;
        else if (k === "on") Object.keys(v).forEach(function (ev) { node.addEventListener(ev, v[ev]); });
        else node.setAttribute(k, v === true ? "" : v);
      });
    }
    (children || []).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  // --- bridge facts --------------------------------------------------------------------
  function seatAfter(seat, steps) { return SEATS[(SEATS.indexOf(seat) + (steps === undefined ? 1 : steps)) % 4]; }
  function sideOf(seat) { return seat === "N" || seat === "S" ? "NS" : "EW"; }
  function rankText(rank) { return rank === "T" ? "10" : rank; }
  function isRed(suit) { return suit === "H" || suit === "D"; }
  function seatName(seat) { return t(seat); }
  function vulnerable(seat) {
    var v = view && view.vulnerability;
    return v === "All" || v === "Both" || v === sideOf(seat);
  }
  function suitSpan(suit) {
    return el("span", { class: "suit suit-" + suit + (isRed(suit) ? " red-suit" : ""), text: SYMBOL[suit] });
  }
  function callNode(call) {
    if (call === "P") return el("span", { class: "call call-pass", text: t("pass") });
    if (call === "X") return el("span", { class: "call call-x", text: "X" });
    if (call === "XX") return el("span", { class: "call call-xx", text: "XX" });
    var m = /^([1-7])(NT|S|H|D|C)$/.exec(call || "");
    if (!m) return el("span", { class: "call", text: call || "" });
    return el("span", { class: "call" }, [m[1], m[2] === "NT" ? el("span", { class: "nt", text: "NT" }) : suitSpan(m[2])]);
  }
  function contractNode(contract) {
    if (!contract) return null;
    if (contract === "PASS") return el("span", { class: "call", text: t("passed_out") });
    var m = /^([1-7](?:NT|S|H|D|C))(X{0,2})$/.exec(contract);
    if (!m) return el("span", { text: contract });
    var node = callNode(m[1]);
    if (m[2]) node.appendChild(el("span", { class: "dbl", text: m[2] }));
    return node;
  }
  function cardLabel(card) { return rankText(card.charAt(1)) + SYMBOL[card.charAt(0)]; }
  function sortHand(cards) {
    return cards.slice().sort(function (a, b) {
      var s = HAND_SUITS.indexOf(a.charAt(0)) - HAND_SUITS.indexOf(b.charAt(0));
      return s || RANKS.indexOf(a.charAt(1)) - RANKS.indexOf(b.charAt(1));
    });
  }
  // How many cards each seat has played so far.
  function playedBy() {
    var counts = { N: 0, E: 0, S: 0, W: 0 };
    (view.tricks || []).forEach(function (trick) {
      trick.cards.forEach(function (card, i) { counts[seatAfter(trick.leader, i)] += 1; });
    });
    return { counts: counts };
  }
  function currentTrick() {
    var tricks = view.tricks || [];
    return tricks.length ? tricks[tricks.length - 1] : null;
  }
  function tricksLeft() {
    var won = view.tricks_won || { NS: 0, EW: 0 };
    return 13 - (won.NS || 0) - (won.EW || 0);
  }

  // What the viewer may do now, as the server's view says (`legal`, `may`).
  function legal() { return (view && view.legal) || { calls: [], cards: [] }; }
  function may(what) { return !!(view && cfg.seat && view.may && view.may[what]); }
  function myTurn() {
    var l = legal();
    return !!(cfg.seat && (l.calls.length || l.cards.length));
  }
  function callLegal(call) { return legal().calls.indexOf(call) >= 0; }
  function levelOpen(level) {
    return STRAINS.some(function (strain) { return callLegal(level + strain); });
  }
  function playableCards(seat) {
    if (view.to_play !== seat || !legal().cards.length) return null;
    return legal().cards;
  }

  // --- drawing ---------------------------------------------------------------------------
  function positions() {
    var me = cfg.seat || "S";
    return { bottom: me, left: seatAfter(me, 1), top: seatAfter(me, 2), right: seatAfter(me, 3) };
  }

  function cardNode(card, playable, small) {
    var suit = card.charAt(0);
    var attrs = {
      class: "pcard" + (isRed(suit) ? " red-suit" : "") + (small ? " small" : ""),
      "data-card": card,
      "aria-label": cardLabel(card),
    };
    var face = [
      el("span", { class: "corner", "aria-hidden": "true" }, [
        el("span", { class: "rank", text: rankText(card.charAt(1)) }),
        el("span", { class: "pip", text: SYMBOL[suit] }),
      ]),
      el("span", { class: "middle", "aria-hidden": "true", text: SYMBOL[suit] }),
    ];
    if (playable === undefined) return el("span", attrs, face);
    attrs.type = "button";
    attrs["data-key"] = "card-" + card;
    attrs.disabled = !playable || busy;
    attrs.on = { click: function () { act("card", card); } };
    return el("button", attrs, face);
  }

  function handRow(seat, cards) {
    var playable = playableCards(seat);
    var interactive = playable !== null || (cfg.seat && (seat === cfg.seat || (seat === view.dummy && cfg.seat === view.declarer)));
    var row = el("div", { class: "hand-row" + (playable ? " live" : "") });
    sortHand(cards).forEach(function (card) {
      row.appendChild(cardNode(card, interactive ? !!playable && playable.indexOf(card) >= 0 : undefined));
    });
    return row;
  }
  function handLines(cards) {
    var box = el("div", { class: "hand-lines" });
    HAND_SUITS.forEach(function (suit) {
      var ranks = sortHand(cards).filter(function (c) { return c.charAt(0) === suit; })
        .map(function (c) { return rankText(c.charAt(1)); });
      box.appendChild(el("div", { class: "line" + (isRed(suit) ? " red-suit" : "") }, [
        el("span", { class: "pip", text: SYMBOL[suit] }),
        el("span", { class: "ranks", text: ranks.length ? ranks.join(" ") : "\u2014" }),
      ]));
    });
    return box;
  }
  function backs(count) {
    var box = el("div", { class: "backs", "aria-label": t("cards_left", { n: count }) });
    for (var i = 0; i < Math.min(count, 3); i++) box.appendChild(el("span", { class: "back", "aria-hidden": "true" }));
    box.appendChild(el("span", { class: "count", text: String(count) }));
    return box;
  }

  // A seat whose player is disconnected: `connected` is false for it (null at a
  // practice table, where the other three are robots).
  function isGone(seat) {
    return !!(view && view.connected && view.connected[seat] === false);
  }

  function seatLabel(seat) {
    var tags = [];
    if (seat === cfg.seat) tags.push(el("span", { class: "tag you", text: t("you") }));
    if (view.declarer && seat === view.declarer && view.phase !== "auction") tags.push(el("span", { class: "tag", text: t("declarer") }));
    if (view.dummy && seat === view.dummy && view.phase !== "auction") tags.push(el("span", { class: "tag", text: t("dummy") }));
    // gone longer than the grace (docs/rules.md § Online play): said to everyone at the
    // table, and cleared when the player is back
    var gone = isGone(seat);
    if (gone) {
      tags.push(el("span", { class: "tag off", "data-gone": seat }, [
        el("span", { class: "sr-only", text: seatName(seat) + ": " }), t("disconnected"),
      ]));
    }
    var holder = players[seat];
    var name = holder ? holder.name : (cfg.names || {})[seat];
    if (holder && holder.robot) tags.push(el("span", { class: "tag robot", text: t("robot") }));
    return el("div", {
      class: "seat-label" + (vulnerable(seat) ? " vul-red" : "") + (view.to_play === seat && view.phase !== "over" ? " turn" : "") + (gone ? " gone" : ""),
      title: name || null, // a narrow phone may cut a long name short
    }, [
      el("span", { class: "seat-dot", text: seat }),
      el("span", { class: "who" }, [el("span", { class: "seat-dir", text: seatName(seat) }), name ? el("span", { class: "player", text: name }) : null]),
    ].concat(tags));
  }

  function drawSeats() {
    var pos = positions();
    var counts = playedBy().counts;
    Object.keys(pos).forEach(function (where) {
      var seat = pos[where];
      var box = clear(root.querySelector('[data-pos="' + where + '"]'));
      box.setAttribute("data-seat", seat);
      box.appendChild(seatLabel(seat));
      var cards = (view.hands || {})[seat];
      if (cards) {
        if (where === "left" || where === "right") box.appendChild(handLines(cards));
        else box.appendChild(handRow(seat, cards));
      } else {
        box.appendChild(backs(Math.max(0, 13 - counts[seat])));
      }
    });
  }

  // A robot's call that the viewer may ask about: an opponent's (never its partner's).
  function robotCallAsked(c) {
    var holder = players[c.seat];
    return !!(cfg.explain && holder && holder.robot && cfg.seat && sideOf(cfg.seat) !== sideOf(c.seat));
  }
  var explained = {}; // "board:index" -> the robot's explanation, asked once
  function robotCallExplain(c, n) {
    var key = view.board + ":" + n;
    var show = function (text) { alertNote = { call: c.call, text: text, robot: true }; draw(); };
    if (explained[key]) { show(explained[key]); return; }
    fetch(cfg.explain + "?index=" + n, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, d: d }; }); })
      .then(function (res) {
        var text = res.ok ? res.d.explanation : (res.d.detail || t("no_explanation"));
        if (res.ok) explained[key] = text;
        show(text);
      })
      .catch(function () { show(t("no_explanation")); });
  }

  function auctionTable() {
    var table = el("table", { class: "auction" });
    var head = el("tr");
    AUCTION_COLUMNS.forEach(function (s) {
      head.appendChild(el("th", { scope: "col", class: vulnerable(s) ? "vul-red" : "", title: seatName(s), text: s }));
    });
    table.appendChild(el("thead", null, [head]));
    var body = el("tbody");
    var cells = [];
    for (var i = 0; i < AUCTION_COLUMNS.indexOf(view.dealer); i++) cells.push(el("td", { class: "blank" }));
    (view.auction || []).forEach(function (c, n) {
      var content = callNode(c.call);
      var td = el("td");
      if (c.alert !== undefined && c.alert !== null) {
        var explain = c.alert || t("no_explanation");
        var button = el("button", {
          type: "button", class: "alerted", title: explain, "data-key": "alert-" + n,
          "aria-label": content.textContent + " \u2014 " + t("alerted", { text: explain }),
          on: { click: function () { alertNote = { call: c.call, text: explain, card: !!(players[c.seat] && players[c.seat].robot) }; draw(); } },
        }, [content, el("span", { class: "alert-mark", "aria-hidden": "true", text: "!" })]);
        td.appendChild(button);
      } else if (robotCallAsked(c)) {
        // docs/rules.md § Robots: an opponent asks what a robot's call shows
        td.appendChild(el("button", {
          type: "button", class: "alerted robot-call", title: t("ask_robot"), "data-key": "robot-" + n,
          "aria-label": content.textContent + " \u2014 " + t("ask_robot"),
          on: { click: function () { robotCallExplain(c, n); } },
        }, [content]));
      } else {
        td.appendChild(content);
      }
      cells.push(td);
    });
    if (view.phase === "auction") cells.push(el("td", { class: "next-call", text: "?" }));
    for (var r = 0; r < cells.length; r += 4) body.appendChild(el("tr", null, cells.slice(r, r + 4)));
    table.appendChild(body);
    var wrap = el("div", { class: "auction-wrap" }, [table]);
    if (alertNote) {
      var note = alertNote.robot ? t("robot_explains", { text: alertNote.text }) : t("alerted", { text: alertNote.text });
      var noteParts = [callNode(alertNote.call), " ", note];
      // docs/rules.md § Robots: the robots' whole system, from the explain panel
      if ((alertNote.robot || alertNote.card) && cfg.system_card) {
        noteParts.push(" ", el("a", { href: cfg.system_card, target: "_blank", rel: "noopener", text: t("system_card") }));
      }
      wrap.appendChild(el("p", { class: "alert-note" }, noteParts));
    }
    return wrap;
  }

  function trickNode() {
    var trick = currentTrick();
    var pos = positions();
    var box = el("div", { class: "trick" });
    if (trick) {
      // the trick's place in the play (tricks_won shows a claim's result once it ends)
      var number = (view.tricks || []).length;
      box.appendChild(el("span", { class: "trick-no", text: t("trick", { n: number }) }));
      Object.keys(pos).forEach(function (where) {
        var i = (SEATS.indexOf(pos[where]) - SEATS.indexOf(trick.leader) + 4) % 4;
        var spot = el("div", { class: "spot spot-" + where + (trick.winner === pos[where] ? " won" : "") });
        if (i < trick.cards.length) spot.appendChild(cardNode(trick.cards[i], undefined, true));
        box.appendChild(spot);
      });
    }
    return box;
  }

  function resultText(result) {
    if (!result) return null;
    if (result.status === "cut") return el("p", { class: "result-line", text: t("cut") });
    if (result.status === "passed_out" || result.contract === "PASS") {
      return el("p", { class: "result-line", text: t("passed_out") });
    }
    var line = el("p", { class: "result-line" });
    var made = tn("made", result.tricks, { contract: "\u0000", seat: seatName(result.declarer), n: result.tricks });
    var parts = made.split("\u0000");
    line.appendChild(document.createTextNode(parts[0]));
    line.appendChild(contractNode(result.contract));
    line.appendChild(document.createTextNode(parts.slice(1).join("")));
    var score = result.ns_score === null || result.ns_score === undefined ? null :
      (result.ns_score > 0 ? "+" : "") + result.ns_score;
    var box = el("div", { class: "result-box" }, [line]);
    if (score !== null) box.appendChild(el("p", { class: "score" + (result.ns_score < 0 ? " neg" : ""), text: t("score_ns", { score: score }) }));
    return box;
  }

  function drawCentre() {
    var centre = clear(slot("centre"));
    if (view.phase === "auction") centre.appendChild(auctionTable());
    else if (view.phase === "over" && (!currentTrick() || currentTrick().cards.length === 4)) {
      centre.appendChild(resultText(view.result) || el("span"));
    } else centre.appendChild(trickNode());
  }

  function drawBar() {
    slot("board").textContent = view.board_number ? t("board", { n: view.board_number }) : slot("board").textContent;
    var none = view.phase === "none";
    ["dealer", "vul"].forEach(function (name) { slot(name).hidden = none; });
    var dealer = clear(slot("dealer"));
    dealer.appendChild(el("span", { class: "k", text: t("dealer") }));
    dealer.appendChild(document.createTextNode(" " + (view.dealer || "")));
    var vul = clear(slot("vul"));
    var v = view.vulnerability === "Both" ? "All" : view.vulnerability || "None";
    vul.className = "fact vul vul-" + v;
    vul.textContent = t("vul_" + v);
    var contract = clear(slot("contract"));
    if (view.contract && view.phase !== "auction") {
      contract.appendChild(contractNode(view.contract));
      if (view.declarer) contract.appendChild(document.createTextNode(" " + t("by", { seat: view.declarer })));
    }
    contract.hidden = !contract.firstChild;
    var tricks = clear(slot("tricks"));
    var won = view.tricks_won || { NS: 0, EW: 0 };
    if (view.phase !== "auction") {
      tricks.appendChild(el("span", { class: "k", text: t("tricks") }));
      tricks.appendChild(document.createTextNode(" NS " + (won.NS || 0) + " \u00b7 EW " + (won.EW || 0)));
    }
    tricks.hidden = !tricks.firstChild;
    if (view.ends_at) drawClock(view.ends_at);
  }

  function drawClock(endsAt) {
    var clock = slot("clock");
    if (!clock || clock.getAttribute("data-ends-at") === endsAt) return;
    var at = new Date(endsAt);
    if (isNaN(at.getTime())) return;
    clock.setAttribute("data-ends-at", endsAt);
    var hm;
    try {
      hm = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: cfg.time_zone }).format(at);
    } catch (e) { return; }
    slot("ends").textContent = t("ends_at", { t: hm + " " + cfg.zone_label });
  }

  function drawTurn() {
    var turn = slot("turn");
    if (!cfg.seat) { turn.textContent = t("spectator"); return; }
    if (held) { // the next board started: say so when it waits for this player
      var waits = held.actor === cfg.seat;
      turn.className = "turn" + (waits ? " mine" : "");
      turn.textContent = waits ? t("your_turn_next", { n: held.board_number }) : "";
      return;
    }
    if (view.phase === "over" || view.claim || view.undo) { turn.textContent = ""; turn.className = "turn"; return; }
    var mine = myTurn();
    turn.className = "turn" + (mine ? " mine" : "") + (!mine && view.actor && isGone(view.actor) ? " gone" : "");
    if (mine) turn.textContent = view.to_play === cfg.seat ? t("your_turn") : t("your_turn_dummy");
    else if (view.actor) {
      var name = players[view.actor] ? players[view.actor].name : (cfg.names || {})[view.actor];
      if (isGone(view.actor)) turn.textContent = t("waiting_for_gone", { seat: seatName(view.actor) });
      else turn.textContent = t("waiting_for", { seat: seatName(view.actor) + (name ? " (" + name + ")" : "") });
    } else turn.textContent = "";
  }

  // The bidding box is built once and then only enabled and disabled, so that the
  // alert's explanation being typed survives every redraw.
  var box = null;
  function buildBox() {
    box = { node: slot("box"), levels: [], strains: [] };
    var levels = el("div", { class: "box-row levels", role: "group", "aria-label": t("auction") });
    for (var level = 1; level <= 7; level++) {
      (function (lv) {
        var b = el("button", { type: "button", class: "bid-level", "data-key": "lvl-" + lv, text: String(lv),
          on: { click: function () { bidLevel = bidLevel === lv ? null : lv; draw(); } } });
        box.levels.push(b);
        levels.appendChild(b);
      })(level);
    }
    var strains = el("div", { class: "box-row strains" });
    STRAINS.forEach(function (strain) {
      var label = strain === "NT" ? t("NT") : t(strain === "S" ? "SP" : strain);
      var b = el("button", {
        type: "button", class: "bid-strain strain-" + strain + (isRed(strain) ? " red-suit" : ""),
        "data-key": "strain-" + strain, "aria-label": label, title: label,
        on: { click: function () { if (bidLevel) call(bidLevel + strain); } },
      }, [strain === "NT" ? "NT" : SYMBOL[strain]]);
      b.strain = strain;
      box.strains.push(b);
      strains.appendChild(b);
    });
    box.pass = el("button", { type: "button", class: "bid-pass", "data-key": "call-P", text: t("pass"), on: { click: function () { call("P"); } } });
    box.x = el("button", { type: "button", class: "bid-x", "data-key": "call-X", "aria-label": t("double"), title: t("double"), text: "X", on: { click: function () { call("X"); } } });
    box.xx = el("button", { type: "button", class: "bid-xx", "data-key": "call-XX", "aria-label": t("redouble"), title: t("redouble"), text: "XX", on: { click: function () { call("XX"); } } });
    box.alert = el("button", { type: "button", class: "bid-alert", "aria-pressed": "false", text: t("alert"),
      on: { click: function () { alertOn = !alertOn; draw(); if (alertOn) box.input.focus(); } } });
    var calls = el("div", { class: "box-row calls" }, [box.pass, box.x, box.xx, box.alert]);
    box.input = el("input", { type: "text", class: "alert-input", maxlength: "200", placeholder: t("alert_explain"), "aria-label": t("alert_explain"),
      on: { input: function (e) { alertText = e.target.value; } } });
    box.alertRow = el("div", { class: "box-row alert-row" }, [box.input]);
    box.node.appendChild(levels);
    box.node.appendChild(strains);
    box.node.appendChild(calls);
    box.node.appendChild(box.alertRow);
  }
  function drawBox() {
    var show = !!cfg.seat && view.phase === "auction";
    slot("box").hidden = !show;
    if (!show) return;
    if (!box) buildBox();
    var mine = myTurn() && !busy;
    if (bidLevel && !levelOpen(bidLevel)) bidLevel = null;
    box.levels.forEach(function (b, i) {
      var lv = i + 1;
      b.disabled = !mine || !levelOpen(lv);
      b.setAttribute("aria-pressed", bidLevel === lv ? "true" : "false");
    });
    box.strains.forEach(function (b) {
      b.disabled = !mine || !bidLevel || !callLegal(bidLevel + b.strain);
    });
    box.pass.disabled = !mine || !callLegal("P");
    box.x.disabled = !mine || !callLegal("X");
    box.xx.disabled = !mine || !callLegal("XX");
    box.alert.disabled = !mine; // an alert goes with the player's own call
    box.alert.setAttribute("aria-pressed", alertOn ? "true" : "false");
    box.alertRow.hidden = !alertOn;
    box.node.classList.toggle("mine", mine);
  }

  function button(label, key, onClick, cls) {
    return el("button", { type: "button", class: "btn " + (cls || ""), "data-key": key, disabled: busy, text: label, on: { click: onClick } });
  }
  function drawActions() {
    var panel = clear(slot("actions"));
    var rows = [];
    var claim = view.claim, undo = view.undo;
    if (claim) {
      rows.push(el("p", { class: "request", text: t("claim_waits", { seat: seatName(claim.seat), n: claim.tricks }) }));
      if (claim.rejected) {
        rows.push(el("p", { class: "muted", text: t("claim_rejected") }));
        if (!cfg.seat) rows.push(rulingPanel());
      } else if (may("answer")) {
        rows.push(el("div", { class: "row-actions" }, [
          button(t("accept"), "claim-accept", function () { act("accept"); }, "btn-primary"),
          button(t("reject"), "claim-reject", function () { act("reject"); }, "btn-danger"),
        ]));
      } else rows.push(el("p", { class: "muted", text: t("waiting_answer") }));
    }
    if (undo) {
      rows.push(el("p", { class: "request", text: t("undo_waits", { seat: seatName(undo.seat) }) }));
      if (may("answer")) {
        rows.push(el("div", { class: "row-actions" }, [
          button(t("accept"), "undo-accept", function () { act("accept"); }, "btn-primary"),
          button(t("reject"), "undo-reject", function () { act("reject"); }, "btn-danger"),
        ]));
      } else rows.push(el("p", { class: "muted", text: t("waiting_answer") }));
    }
    var canClaim = may("claim");
    if (!canClaim) claimOpen = false;
    var tools = [];
    if (canClaim) {
      tools.push(el("button", { type: "button", class: "btn", "data-key": "claim", "aria-expanded": claimOpen ? "true" : "false",
        disabled: busy, text: t("claim"), on: { click: function () { claimOpen = !claimOpen; draw(); } } }));
    }
    if (may("undo")) tools.push(button(t("undo"), "undo", function () { act("undo"); }));
    if (tools.length) rows.push(el("div", { class: "row-actions" }, tools));
    if (claimOpen) {
      var left = tricksLeft();
      var pick = el("div", { class: "claim-pick", role: "group", "aria-label": t("claim_how_many", { n: left }) });
      for (var n = 0; n <= left; n++) {
        (function (k) {
          pick.appendChild(el("button", { type: "button", class: "claim-n", "data-key": "claim-" + k, disabled: busy,
            "aria-label": t("claim_send", { n: k }), text: String(k), on: { click: function () { claimOpen = false; act("claim", k); } } }));
        })(n);
      }
      rows.push(el("p", { class: "small muted", text: t("claim_how_many", { n: left }) }));
      rows.push(pick);
      rows.push(button(t("cancel"), "claim-cancel", function () { claimOpen = false; draw(); }, "btn-light"));
    }
    rows.forEach(function (r) { panel.appendChild(r); });
    panel.hidden = !rows.length;
  }

  // The director's ruling on a rejected claim: the declaring side's tricks in all
  // (from those it has won to those plus the tricks left), or play on.
  function rulingPanel() {
    var won = (view.tricks_won || {})[sideOf(view.declarer)] || 0;
    var pick = el("div", { class: "claim-pick", role: "group", "aria-label": t("rule_how_many") });
    for (var n = won; n <= won + tricksLeft(); n++) {
      (function (k) {
        pick.appendChild(el("button", { type: "button", class: "claim-n", "data-key": "rule-" + k, disabled: busy,
          "aria-label": t("rule_send", { n: k }), text: String(k), on: { click: function () { act("rule", k); } } }));
      })(n);
    }
    return el("div", { class: "ruling" }, [
      el("p", { class: "small muted", text: t("rule_how_many") }),
      pick,
      button(t("play_on"), "rule-play", function () { act("rule", "play"); }),
    ]);
  }

  function drawResult() {
    var panel = clear(slot("result"));
    if (view.phase !== "over" && view.phase !== "none") { panel.hidden = true; waitForRound(false); return; }
    panel.hidden = false;
    panel.appendChild(el("h2", { text: view.phase === "none" ? t("no_board") : t("result") }));
    var result = resultText(view.result);
    if (result) panel.appendChild(result);
    // a practice board's score against the event's field (practice/state.py)
    if (view.practice && view.practice.text) {
      panel.appendChild(el("p", { class: "strong practice-score", text: t("practice_score", { score: view.practice.text }) }));
    }
    var next = view.next;
    if (held || (next && next.board)) {
      var number = held ? held.board_number : next.board_number;
      panel.appendChild(el("p", { class: "muted", text: t("next_is", { n: number }) }));
      panel.appendChild(button(t("next_board"), "next-board", nextBoard, "btn-primary"));
    } else if (next && next.round_over) {
      panel.appendChild(el("p", { class: "strong", text: t("round_over") }));
      goNext(panel, next.go, next.where);
    }
    waitForRound(!held && next && next.round_over && next.go && next.go.status === "wait");
  }

  // Where this seat goes next (docs/online-play.md, `next.go`): the next round's table,
  // its start while it is not open, the standings after the last round, the pool's lobby.
  function goNext(panel, go, where) {
    var status = go ? go.status : null;
    var link = null;
    if (!go && where) panel.appendChild(el("p", { class: "go-next", text: where })); // said in words only
    if (status === "table") {
      panel.appendChild(el("p", { class: "go-next", "data-go": status,
        text: t("go_table", { round: go.round, table: go.table_number, direction: go.direction }) }));
      link = el("a", { class: "btn btn-primary", href: go.url, text: t("go_to_table", { table: go.table_number }) });
    } else if (status === "wait") {
      panel.appendChild(el("p", { class: "go-next", "data-go": status,
        text: t("go_wait", { round: go.round, time: go.starts_at_text }) }));
    } else if (status === "bye") {
      panel.appendChild(el("p", { class: "go-next", "data-go": status, text: t("go_bye", { round: go.round }) }));
    } else if (status === "over") {
      panel.appendChild(el("p", { class: "go-next", "data-go": status, text: t("go_over") }));
      link = el("a", { class: "btn btn-primary", href: go.url, text: t("standings") });
    } else if (status === "lobby") {
      link = el("a", { class: "btn btn-primary", href: go.url, text: t("back_to_pool") });
    }
    if (link) panel.appendChild(link);
    if (status !== "over" && status !== "lobby") {
      panel.appendChild(el("a", { class: "btn" + (link ? " btn-light" : " btn-primary"), href: cfg.my_table, text: t("go_to_my_table") }));
    }
  }
  function waitForRound(on) {
    if (on && !waitTimer) waitTimer = setInterval(poll, WAIT_POLL_MS);
    if (!on && waitTimer) { clearInterval(waitTimer); waitTimer = null; }
  }

  function drawAuctionPanel() {
    var panel = slot("auction-panel");
    var show = view.phase !== "auction" && (view.auction || []).length > 0;
    panel.hidden = !show;
    var side = clear(slot("auction-side"));
    if (show) side.appendChild(auctionTable());
  }

  function draw() {
    if (!view) return;
    var focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.getAttribute("data-key") : null;
    if (socketOpen) setConn("live");
    else if (pollTimer) setConn("polling");
    root.setAttribute("data-phase", view.phase);
    root.removeAttribute("aria-busy");
    root.classList.toggle("my-turn", myTurn());
    drawBar();
    drawTurn();
    if (view.phase === "none") {
      Array.prototype.forEach.call(root.querySelectorAll("[data-pos]"), clear);
      clear(slot("centre"));
    } else {
      drawSeats();
      drawCentre();
    }
    drawBox();
    drawActions();
    drawResult();
    drawAuctionPanel();
    if (focused) {
      var again = root.querySelector('[data-key="' + focused + '"]');
      if (again && !again.disabled) again.focus();
    }
  }

  // --- messages --------------------------------------------------------------------------
  function showError(code, detail) {
    var box = slot("error");
    var key = "err_" + code;
    box.textContent = T[key] !== undefined ? T[key] : detail || t("err_unknown");
    box.hidden = false;
    box.setAttribute("data-code", code || "");
    clearTimeout(errorTimer);
    errorTimer = setTimeout(function () { box.hidden = true; }, 8000);
  }
  function notice(text) {
    var box = slot("notice");
    box.textContent = text;
    box.hidden = !text;
  }
  function done() {
    busy = false;
    clearTimeout(busyTimer);
  }

  function receive(table) {
    if (!table || typeof table !== "object" || table.version === undefined) return;
    if (!table.phase) table.phase = "none"; // no board to play at this table
    if (table.seat !== undefined) cfg.seat = table.seat; // the server's word on the seat
    if (table.players) players = table.players; // sent when a seat changes hands
    if (view && table.board === view.board && table.version < view.version) return; // old news
    if (view && table.board !== view.board && view.phase === "over" && !held && table.phase !== "over") {
      held = table; // the next board waits until the player has read this one's result
      done();
      draw();
      return;
    }
    if (held && table.board === held.board) { held = table; return; }
    var moved = !view || table.version !== view.version || table.board !== view.board;
    if (view && table.board !== view.board) {
      alertNote = null;
      bidLevel = null;
      // the end of the last board was missed (a dropped socket): say where its result is
      if (view.phase !== "over" && view.board_number) notice(t("board_ended", { n: view.board_number }));
    }
    view = table;
    if (moved) {
      done();
      if (view.phase !== "auction") { bidLevel = null; alertOn = false; }
    }
    draw();
  }
  function nextBoard() {
    if (held) {
      var next = held;
      held = null;
      view = null;
      alertNote = null;
      receive(next);
    } else {
      poll();
    }
  }

  function call(value) {
    var explanation = alertOn ? alertText.trim() : "";
    if (alertOn && !explanation) { // an alert is its explanation: nothing to show without one
      showError("alert_text");
      if (box) box.input.focus();
      return;
    }
    act("call", value, alertOn ? explanation : undefined);
  }

  function act(kind, value, alert) {
    if (!view || busy) return;
    slot("error").hidden = true; // a new try: the last refusal no longer stands
    var message = { version: view.version, kind: kind };
    if (value !== undefined) message.value = value;
    if (alert !== undefined && alert !== null) message.alert = alert;
    busy = true;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(function () { busy = false; draw(); }, 6000);
    if (kind === "call") { bidLevel = null; alertOn = false; alertText = ""; if (box) box.input.value = ""; }
    draw();
    if (socketOpen) {
      seq += 1;
      message.type = "act";
      message.id = "c-" + seq;
      socket.send(JSON.stringify(message));
      return;
    }
    fetch(cfg.api, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": cfg.csrf },
      body: JSON.stringify(message),
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (response.ok) { receive(body); return; }
        done();
        draw();
        showError(body.code, body.detail);
        if (body.code === "stale") poll();
      });
    }).catch(function () {
      done();
      draw();
      showError("unknown");
    });
  }

  // What a change adds to the last view the server sent (online/changes.py, the same rule):
  // set whole, lists spliced from their first changed place, mappings merged by key.
  function applyChange(last, change) {
    var next = Object.assign({}, last, change.set || {});
    Object.keys(change.splice || {}).forEach(function (key) {
      var at = change.splice[key][0];
      next[key] = (last[key] || []).slice(0, at).concat(change.splice[key][1]);
    });
    Object.keys(change.merge || {}).forEach(function (key) {
      next[key] = Object.assign({}, last[key] || {}, change.merge[key]);
    });
    return next;
  }

  function onSocketMessage(event) {
    var msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg.type === "state") { served = msg.table; receive(msg.table); }
    else if (msg.type === "change") {
      // a change counts from the last view sent; one that does not follow it (a gap)
      // asks for the whole view
      if (served && (msg.version === served.version || msg.version === served.version + 1)) {
        served = applyChange(served, msg.change || {});
        receive(served);
      } else if (socketOpen && socket) {
        socket.send(JSON.stringify({ type: "sync" }));
      }
    }
    else if (msg.type === "error" && typeof msg.id === "string" && msg.id.indexOf("m-") === 0) {
      root.dispatchEvent(new CustomEvent("play:chat-error", { detail: msg })); // a chat line's, not an action's
    } else if (msg.type === "error") {
      done();
      draw();
      showError(msg.code, msg.detail);
      if (msg.code === "stale") poll();
    } else if (msg.type === "warning") {
      notice(tn("minutes_left", msg.minutes_left, { n: msg.minutes_left }));
    } else if (msg.type === "chat") {
      root.dispatchEvent(new CustomEvent("play:chat", { detail: msg }));
    }
  }
  function socketChanged() {
    root.dispatchEvent(new CustomEvent("play:socket", { detail: { open: socketOpen } }));
  }
  // The chat panel (table_chat.js) sends its lines through the table's socket.
  root.playChatSend = function (text) {
    if (!socketOpen || !socket) return false;
    seq += 1;
    socket.send(JSON.stringify({ type: "chat", id: "m-" + seq, text: text }));
    return true;
  };
  root.playSeatName = function (seat) {
    var holder = players[seat];
    return { seat: seatName(seat), name: holder ? holder.name : (cfg.names || {})[seat] || "", robot: !!(holder && holder.robot) };
  };

  // --- transport ---------------------------------------------------------------------------
  function setConn(key) {
    var conn = slot("conn");
    conn.textContent = t(key);
    conn.className = "conn conn-" + key;
  }
  function poll() {
    return fetch(cfg.api, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (body) { receive(body); })
      .catch(function () { if (!view) setConn("load_failed"); });
  }
  function startPolling() {
    if (pollTimer) return;
    setConn(view ? "polling" : "connecting");
    poll();
    pollTimer = setInterval(poll, POLL_MS);
  }
  function stopPolling() {
    clearInterval(pollTimer);
    pollTimer = null;
  }
  function connect() {
    // no socket address (or none in this browser): polling only
    if (!cfg.ws || !("WebSocket" in window)) { startPolling(); return; }
    // changes, not whole views, after the first (online/changes.py)
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + cfg.ws +
      (cfg.ws.indexOf("?") < 0 ? "?" : "&") + "changes=1";
    served = null;
    var ws;
    try { ws = new WebSocket(url); } catch (e) { startPolling(); scheduleReconnect(); return; }
    socket = ws;
    var opened = false;
    var giveUp = setTimeout(function () { if (!opened) { startPolling(); } }, 3000);
    ws.onopen = function () {
      opened = true;
      socketOpen = true;
      socketTries = 0;
      clearTimeout(giveUp);
      stopPolling();
      setConn("live");
      socketChanged();
      clearInterval(pingTimer);
      pingTimer = setInterval(function () { if (socketOpen) ws.send(JSON.stringify({ type: "ping" })); }, 25000);
    };
    ws.onmessage = onSocketMessage;
    ws.onclose = function (event) {
      clearTimeout(giveUp);
      clearInterval(pingTimer);
      if (socket === ws) { socket = null; socketOpen = false; socketChanged(); }
      if (busy) { done(); draw(); }
      startPolling();
      // 4403: the server refused this seat (its error said why); asking again won't help
      if (event.code !== 4403) scheduleReconnect();
    };
  }
  function scheduleReconnect() {
    clearTimeout(reconnectTimer);
    socketTries += 1;
    var wait = Math.min(30000, 2000 * Math.pow(2, Math.min(socketTries, 4)));
    reconnectTimer = setTimeout(connect, wait);
  }

  // Keys on a desktop: P pass, X double (twice: redouble), 1-7 then C/D/H/S/N a bid.
  document.addEventListener("keydown", function (e) {
    if (!view || view.phase !== "auction" || !myTurn() || busy) return;
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var k = e.key.toUpperCase();
    if (k >= "1" && k <= "7") { bidLevel = Number(k); draw(); e.preventDefault(); return; }
    var strain = { C: "C", D: "D", H: "H", S: "S", N: "NT" }[k];
    if (strain && bidLevel) { if (callLegal(bidLevel + strain)) call(bidLevel + strain); e.preventDefault(); return; }
    if (k === "P") { call("P"); e.preventDefault(); }
    if (k === "X") { if (callLegal("XX")) call("XX"); else if (callLegal("X")) call("X"); e.preventDefault(); }
    if (k === "ESCAPE") { bidLevel = null; draw(); }
  });

  // A phone back from the background: catch up at once, and reopen the socket.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    poll();
    if (!socket) { clearTimeout(reconnectTimer); connect(); }
  });

  poll();
  connect();
})();
