/* Result entry with the thumb: a button pad under each result form on my-table writes
   into the form's own fields (contract, declarer, tricks, lead), which stay editable by
   hand and are what is submitted. Level, strain and double make the contract; "=",
   "+1"… "+6", "−1"… "−13" set the tricks from the level; suit and rank make the lead.
   After a refused entry the page opens at that board's card, its message on top. */
(function () {
  "use strict";
  var SUITS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"], ["NT", "NT"]];
  var RANKS = "AKQJT98765432".split("");
  var SEATS = ["N", "E", "S", "W"];

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function button(label, onClick, title) {
    var b = el("button", "pad-btn", label);
    b.type = "button";
    if (title) b.title = title;
    b.addEventListener("click", function () { onClick(b); });
    return b;
  }
  function row(name, buttons) {
    var r = el("div", "pad-row");
    r.appendChild(el("span", "pad-name muted small", name));
    buttons.forEach(function (b) { r.appendChild(b); });
    return r;
  }
  function field(form, suffix) {
    return form.querySelector('[name$="-' + suffix + '"]');
  }
  function mark(group, chosen) {
    group.forEach(function (b) { b.setAttribute("aria-pressed", b === chosen ? "true" : "false"); });
  }

  function enhance(form) {
    var contract = field(form, "contract"), declarer = field(form, "declarer");
    var tricks = field(form, "tricks"), lead = field(form, "lead");
    if (!contract || !declarer || !tricks || !lead) return;
    var words = form.closest("[data-pad-words]") || document.querySelector("[data-pad-words]");
    var w = function (key, fallback) {
      return (words && words.getAttribute("data-pad-" + key)) || fallback;
    };
    var state = { level: "", strain: "", dbl: "", suit: "" };
    function writeContract() {
      if (state.level && state.strain) contract.value = state.level + state.strain + state.dbl;
    }
    var levels = [], strains = [], dbls = [], seats = [], results = [], suits = [], ranks = [];
    for (var i = 1; i <= 7; i++) {
      levels.push(button(String(i), function (b) {
        state.level = b.textContent; mark(levels, b); writeContract();
      }));
    }
    SUITS.forEach(function (s) {
      var b = button(s[1], function () { state.strain = s[0]; mark(strains, b); writeContract(); });
      b.classList.add("suit-" + s[0]);
      strains.push(b);
    });
    [["", "–"], ["X", "X"], ["XX", "XX"]].forEach(function (d) {
      var b = button(d[1], function () { state.dbl = d[0]; mark(dbls, b); writeContract(); });
      dbls.push(b);
    });
    SEATS.forEach(function (s) {
      var b = button(s, function () { declarer.value = s; mark(seats, b); });
      seats.push(b);
    });
    function currentLevel() {
      return parseInt(state.level || (contract.value.match(/^[1-7]/) || [""])[0], 10);
    }
    // Every result from 13 tricks to none: "=" and "+1"… "+6" made, "−1"… "−13" down;
    // once the level is known only the ones it allows show (docs/rules.md § Entry and
    // confirmation).
    var made = [], down = [];
    for (var d = -13; d <= 6; d++) {
      (function (delta) {
        var label = delta === 0 ? "=" : (delta > 0 ? "+" + delta : "−" + -delta);
        var b = button(label, function () {
          var level = currentLevel();
          if (!level) { contract.focus(); return; }
          var t = 6 + level + delta;
          if (t >= 0 && t <= 13) { tricks.value = String(t); mark(results, b); }
        });
        b.classList.add("pad-result");
        b.setAttribute("data-delta", String(delta));
        results.push(b);
        (delta >= 0 ? made : down).push(b);
      })(d);
    }
    down.reverse();
    function showResults() {
      var level = currentLevel();
      results.forEach(function (b) {
        var t = 6 + level + parseInt(b.getAttribute("data-delta"), 10);
        b.hidden = Boolean(level) && (t < 0 || t > 13);
      });
    }
    levels.forEach(function (b) { b.addEventListener("click", showResults); });
    contract.addEventListener("input", showResults);
    SUITS.slice(0, 4).reverse().forEach(function (s) {
      var b = button(s[1], function () {
        state.suit = s[0]; mark(suits, b);
        if (lead.value.length === 2) lead.value = s[0] + lead.value.charAt(1);
      });
      b.classList.add("suit-" + s[0]);
      suits.push(b);
    });
    RANKS.forEach(function (r) {
      var b = button(r === "T" ? "10" : r, function () {
        if (!state.suit) { mark(ranks, null); return; }
        lead.value = state.suit + r; mark(ranks, b);
      });
      ranks.push(b);
    });
    var pad = el("div", "entry-pad");
    pad.appendChild(row(w("contract", "Contract"), levels));
    pad.appendChild(row("", strains.concat(dbls)));
    pad.appendChild(row(w("declarer", "Declarer"), seats));
    pad.appendChild(row(w("result", "Result"), made));
    pad.appendChild(row("", down));
    pad.appendChild(row(w("lead", "Lead"), suits));
    pad.appendChild(row("", ranks));
    var fields = form.querySelector(".result-fields");
    fields.parentNode.insertBefore(pad, fields);
    showResults();
  }

  function all() {
    Array.prototype.forEach.call(document.querySelectorAll("form.result-form"), function (f) {
      if (!f.hasAttribute("data-pad")) { f.setAttribute("data-pad", ""); enhance(f); }
    });
  }
  // my-table redraws itself (mytable.js): enhance the new forms too.
  var box = document.getElementById("my-table");
  if (box && window.MutationObserver) new MutationObserver(all).observe(box, { childList: true });
  all();
  // A refused entry: the page opens at its board, the message at the top of the card.
  var refused = document.querySelector(".board-slot.refused");
  if (refused) {
    if (window.history && history.replaceState) history.replaceState(null, "", "#" + refused.id);
    refused.scrollIntoView({ block: "start" });
  }
})();
