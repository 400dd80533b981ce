/* The board page's replay of a played board (docs/rules.md § Online play, The board
   page): each .replay[data-replay] box finds its board in the #board-replays data
   (tournaments/views/boards.py, _replay: the hands as dealt and the tricks in the order
   played, each with its leader, (seat, card) pairs and winner) and steps through the
   tricks: First, Back, Next, Last (and the arrow keys, Home and End). Step 0 is before
   the opening lead; step k shows trick k in the middle, the four hands without the
   cards of tricks 1..k, and the tricks each side has won. The static table of the play
   is hidden once the replay runs. With the analysis of the play (docs/rules.md § The
   analysis of the play: each trick's ``costs`` and ``after``), a card that cost tricks
   double dummy is marked "−n" on the table, and the list under it gives, card by card,
   the tricks the card's side could still take after it. An alerted call of the auction (.alerted) shows its
   explanation on a tap. */
(function () {
  "use strict";
  // An alerted call of an auction: a tap shows or hides its explanation.
  document.querySelectorAll(".alerted").forEach(function (el) {
    el.addEventListener("click", function () { el.classList.toggle("open"); });
  });
  var source = document.getElementById("board-replays");
  if (!source) return;
  var replays = {};
  JSON.parse(source.textContent).forEach(function (r) { replays[String(r.id)] = r; });

  var SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var ORDER = "SHDC";

  function rankText(rank) { return rank === "T" ? "10" : rank; }

  function suitSpan(suit) {
    var el = document.createElement("span");
    el.className = "suit suit-" + suit.toLowerCase();
    el.textContent = SUITS[suit];
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  function cardEl(card) {
    var el = document.createElement("span");
    el.className = "playcard";
    el.appendChild(suitSpan(card.charAt(0)));
    el.appendChild(document.createTextNode(rankText(card.charAt(1))));
    el.setAttribute("aria-label", card);
    return el;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, key) {
      return values[key] !== undefined ? String(values[key]) : m;
    });
  }

  function setup(box) {
    var data = replays[box.getAttribute("data-replay")];
    if (!data) return;
    var total = data.tricks.length;
    var step = 0;

    function label(name) { return box.getAttribute("data-l-" + name) || ""; }

    function costEl(cost) {
      var el = document.createElement("span");
      el.className = "dd-cost";
      el.textContent = "\u2212" + cost;
      el.title = fill(label("cost"), { n: cost });
      return el;
    }

    function draw() {
      var gone = {};
      var won = { NS: 0, EW: 0 };
      for (var i = 0; i < step; i++) {
        var trick = data.tricks[i];
        trick.cards.forEach(function (pair) { gone[pair[1]] = true; });
        if (trick.winner) won["NS".indexOf(trick.winner) >= 0 ? "NS" : "EW"] += 1;
      }
      box.querySelectorAll(".replay-hand").forEach(function (hand) {
        var seat = hand.getAttribute("data-seat");
        var list = hand.querySelector(".replay-suits");
        list.textContent = "";
        ORDER.split("").forEach(function (suit) {
          var ranks = data.hands[seat]
            .filter(function (c) { return c.charAt(0) === suit && !gone[c]; })
            .map(function (c) { return rankText(c.charAt(1)); });
          var li = document.createElement("li");
          li.appendChild(suitSpan(suit));
          li.appendChild(document.createTextNode(" " + (ranks.length ? ranks.join("\u2009") : "\u2013")));
          list.appendChild(li);
        });
      });
      var current = step > 0 ? data.tricks[step - 1] : null;
      box.querySelectorAll(".replay-card").forEach(function (slot) {
        slot.textContent = "";
        slot.classList.remove("won", "led");
        if (!current) return;
        var seat = slot.getAttribute("data-card");
        current.cards.forEach(function (pair, index) {
          if (pair[0] !== seat) return;
          slot.appendChild(cardEl(pair[1]));
          var cost = current.costs ? current.costs[index] : 0;
          if (cost > 0) slot.appendChild(costEl(cost));
          if (index === 0) slot.classList.add("led");
          if (current.winner === seat) slot.classList.add("won");
        });
      });
      var dd = box.querySelector('[data-f="dd"]');
      if (dd) {
        dd.textContent = "";
        if (current && current.costs) {
          current.cards.forEach(function (pair, index) {
            var li = document.createElement("li");
            var seat = document.createElement("b");
            seat.textContent = pair[0];
            li.appendChild(seat);
            li.appendChild(document.createTextNode(" "));
            li.appendChild(cardEl(pair[1]));
            var side = "NS".indexOf(pair[0]) >= 0 ? "NS" : "EW";
            li.appendChild(document.createTextNode(" \u2192 " + side + " " + current.after[index]));
            if (current.costs[index] > 0) li.appendChild(costEl(current.costs[index]));
            dd.appendChild(li);
          });
        }
      }
      box.querySelector('[data-f="step"]').textContent =
        step === 0 ? label("start") : fill(label("trick"), { n: step, total: total });
      box.querySelector('[data-f="won"]').textContent = fill(label("won"), { ns: won.NS, ew: won.EW });
      var cut = step === total && total > 0 && (total < 13 || !data.tricks[total - 1].winner);
      box.querySelector('[data-f="claimed"]').textContent = cut ? label("claimed") : "";
      box.querySelector('[data-go="first"]').disabled = step === 0;
      box.querySelector('[data-go="back"]').disabled = step === 0;
      box.querySelector('[data-go="next"]').disabled = step === total;
      box.querySelector('[data-go="last"]').disabled = step === total;
    }

    function go(where) {
      if (where === "first") step = 0;
      else if (where === "back") step = Math.max(0, step - 1);
      else if (where === "next") step = Math.min(total, step + 1);
      else if (where === "last") step = total;
      draw();
    }

    box.querySelectorAll("[data-go]").forEach(function (button) {
      button.addEventListener("click", function () { go(button.getAttribute("data-go")); });
    });
    box.addEventListener("keydown", function (event) {
      var keys = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" };
      if (keys[event.key]) {
        event.preventDefault();
        go(keys[event.key]);
      }
    });
    var record = box.closest(".record");
    var table = record ? record.querySelector("table.play") : null;
    if (table) table.hidden = true;
    box.hidden = false;
    draw();
  }

  document.querySelectorAll(".replay[data-replay]").forEach(setup);
})();
