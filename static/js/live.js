/* Live standings: every [data-live-url] box reloads its HTML fragment every
   data-live-interval ms (15 s) while the page is visible, and stops once the fragment
   says the results are final (it then carries a [data-final] element). */
(function () {
  "use strict";
  document.querySelectorAll("[data-live-url]").forEach(function (box) {
    var url = box.getAttribute("data-live-url");
    var every = parseInt(box.getAttribute("data-live-interval"), 10) || 15000;
    var timer = setInterval(function () {
      if (document.hidden) return;
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(function (html) {
          box.innerHTML = html;
          if (box.querySelector("[data-final]")) clearInterval(timer);
        })
        .catch(function () { /* keep the last standings; try again next time */ });
    }, every);
  });
})();
