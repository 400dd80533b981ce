/* Round clocks: every [data-ends-at] element counts down as mm:ss (h:mm:ss beyond an hour),
   then shows data-over.
   data-now (the server's time when the page was made) corrects a wrong device clock. */
(function () {
  "use strict";
  var clocks = Array.prototype.slice.call(document.querySelectorAll("[data-ends-at]"));
  if (!clocks.length) return;
  var first = clocks[0].getAttribute("data-now");
  var skew = first ? Date.parse(first) - Date.now() : 0;
  if (isNaN(skew) || Math.abs(skew) < 2000) skew = 0;
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = Date.now() + skew;
    clocks.forEach(function (el) {
      var left = Math.floor((Date.parse(el.getAttribute("data-ends-at")) - now) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) {
        el.textContent = el.getAttribute("data-over") || "00:00";
        el.classList.add("over");
        el.classList.remove("soon");
        return;
      }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60);
      el.textContent = (h ? h + ":" + pad(m) : pad(m)) + ":" + pad(left % 60);
      el.classList.toggle("soon", left < 300);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
