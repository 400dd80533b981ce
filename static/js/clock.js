/* Round clocks: every [data-ends-at] element counts down as mm:ss (h:mm:ss beyond an hour),
   then shows data-over.
   data-now (the server's time when the page was made) corrects a wrong device clock.
   The clocks are looked up on every tick, so a part of the page redrawn by a script
   (static/js/mytable.js) keeps counting. */
(function () {
  "use strict";
  var skew = null;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
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
