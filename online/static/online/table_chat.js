/* The table's chat panel (online/templates/online/table.html; docs/rules.md § Online
   play, chat): the page has it only for a player seated at the table when the event
   allows chat. Lines go and come over the table's WebSocket (table.js: `playChatSend`,
   and the `play:chat` / `play:chat-error` / `play:socket` events); they are not stored,
   so a reload starts with an empty log. Each line shows its sender's seat and name and
   the time, in the event's zone. */
(function () {
  "use strict";
  var root = document.getElementById("play-table");
  var panel = document.getElementById("table-chat");
  var configNode = document.getElementById("play-config");
  if (!root || !panel || !configNode) return;
  var cfg = JSON.parse(configNode.textContent);
  var T = cfg.strings || {};
  var log = panel.querySelector("[data-chat-log]");
  var form = panel.querySelector("form");
  var input = form.querySelector("input");
  var send = form.querySelector("button");
  var status = panel.querySelector("[data-chat-status]");
  var empty = panel.querySelector("[data-chat-empty]");
  var MAX_LINES = 100;

  function t(key, params) {
    var text = T[key] !== undefined ? T[key] : key;
    Object.keys(params || {}).forEach(function (k) {
      text = text.split("%(" + k + ")s").join(String(params[k]));
    });
    return text;
  }
  function timeText(iso) {
    var at = new Date(iso);
    if (isNaN(at.getTime())) return "";
    try {
      return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: cfg.time_zone }).format(at);
    } catch (e) { return ""; }
  }
  function span(cls, text) {
    var node = document.createElement("span");
    node.className = cls;
    node.textContent = text;
    return node;
  }

  function add(msg) {
    var who = root.playSeatName ? root.playSeatName(msg.seat) : { seat: msg.seat, name: "" };
    var name = msg.name || who.name;
    var line = document.createElement("li");
    line.className = "chat-line" + (msg.seat === cfg.seat ? " mine" : "");
    var head = document.createElement("span");
    head.className = "chat-who";
    head.appendChild(span("chat-seat", who.seat));
    if (name) head.appendChild(span("chat-name", name));
    var time = document.createElement("time");
    time.className = "chat-time";
    time.setAttribute("datetime", msg.at || "");
    time.textContent = timeText(msg.at);
    head.appendChild(time);
    line.appendChild(head);
    line.appendChild(span("chat-text", msg.text));
    log.appendChild(line);
    while (log.children.length > MAX_LINES) log.removeChild(log.firstChild);
    if (empty) empty.hidden = true;
    log.scrollTop = log.scrollHeight;
  }

  function setLive(open) {
    input.disabled = !open;
    send.disabled = !open;
    status.textContent = open ? "" : t("chat_offline");
    status.hidden = open;
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    if (root.playChatSend && root.playChatSend(text)) {
      input.value = "";
      status.hidden = true;
    } else setLive(false);
    input.focus();
  });
  root.addEventListener("play:chat", function (e) { add(e.detail); });
  root.addEventListener("play:chat-error", function (e) {
    var key = "err_" + e.detail.code;
    status.textContent = T[key] !== undefined ? T[key] : e.detail.detail || t("err_unknown");
    status.hidden = false;
  });
  root.addEventListener("play:socket", function (e) { setLive(!!e.detail.open); });
  setLive(false);
})();
