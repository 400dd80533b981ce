/* Round clocks: every [data-ends-at] element counts down as mm:ss (h:mm:ss beyond an hour),
   then shows data-over.
   data-now (the server's time when the page was made) corrects a wrong device clock.
   The clocks are looked up on every tick, so a part of the page redrawn by a script
   (static/js/mytable.js) keeps counting.

   Times (docs/rules.md § Times and places): the server writes every time in the event's
   zone with the zone named (<time datetime data-tz data-fmt>, the `event_time` filters).
   When the browser's own zone shows another wall-clock time for that instant, the
   viewer's time is added after it, labelled with <html data-local-time> ("%(time)s your
   time"): a player in Beijing reading a UTC event sees "10:52 UTC (18:52 your time)", and
   the countdown agrees with both. */
(function () {
  "use strict";
  if (window.bridgehallClock) return; // loaded by base.html and by some pages again
  window.bridgehallClock = true;
  var skew = null;
  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function wallClock(date, zone, fmt) {
    var opts = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    if (fmt === "seconds") opts.second = "2-digit";
    if (fmt === "datetime") { opts.year = "numeric"; opts.month = "2-digit"; opts.day = "2-digit"; }
    if (zone) opts.timeZone = zone;
    var parts = {};
    new Intl.DateTimeFormat("en-GB", opts).formatToParts(date).forEach(function (p) {
      parts[p.type] = p.value;
    });
    var hm = parts.hour + ":" + parts.minute + (fmt === "seconds" ? ":" + parts.second : "");
    return fmt === "datetime" ? parts.year + "-" + parts.month + "-" + parts.day + " " + hm : hm;
  }

  function localize() {
    var label = document.documentElement.getAttribute("data-local-time") || "%(time)s";
    var times = document.querySelectorAll("time[data-tz]:not([data-localized])");
    Array.prototype.forEach.call(times, function (el) {
      el.setAttribute("data-localized", "");
      if (el.closest("[data-ends-at]")) return; // a countdown: its text is the clock's
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      var fmt = el.getAttribute("data-fmt") || "time";
      var mine, theirs;
      try {
        mine = wallClock(at, null, fmt);
        theirs = wallClock(at, el.getAttribute("data-tz"), fmt);
      } catch (e) { return; }
      if (mine === theirs) return;
      var span = document.createElement("span");
      span.className = "localtime";
      span.textContent = " (" + label.replace("%(time)s", mine) + ")";
      el.appendChild(span);
    });
  }

  window.bridgehallLocalize = localize; // for a time a script has just written

  function tick() {
    localize();
    var clocks = document.querySelectorAll("[data-ends-at]");
    if (!clocks.length) return;
    if (skew === null) {
      var first = clocks[0].getAttribute("data-now");
      skew = first ? Date.parse(first) - Date.now() : 0;
      if (isNaN(skew) || Math.abs(skew) < 2000) skew = 0;
    }
    var now = Date.now() + skew;
    Array.prototype.forEach.call(clocks, function (el) {
      var left = Math.floor((Date.parse(el.getAttribute("data-ends-at")) - now) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) {
        el.textContent = el.getAttribute("data-over") || "00:00";
        el.classList.add("over");
        el.classList.remove("soon");
        return;
      }
      el.classList.remove("over");
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60);
      el.textContent = (h ? h + ":" + pad(m) : pad(m)) + ":" + pad(left % 60);
      el.classList.toggle("soon", left < 300);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
