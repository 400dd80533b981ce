/* The partner box of the registration form (.partner-form[data-search-url]): as a name
   or username is typed, the players it matches are offered in a <datalist> (the
   option's value is the username the form sends, its label the player's name).
   GET data-search-url?q=... answers {"results": [{"username", "name"}]}. */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".partner-form[data-search-url]"), function (form) {
    var input = form.querySelector("input[name=partner]");
    var list = form.querySelector("datalist");
    if (!input || !list) return;
    input.setAttribute("list", list.id);
    var timer = null, asked = "";
    function fill(results) {
      list.textContent = "";
      results.forEach(function (p) {
        var option = document.createElement("option");
        option.value = p.username;
        option.label = p.name + " (@" + p.username + ")";
        option.textContent = p.name + " (@" + p.username + ")";
        list.appendChild(option);
      });
      form.setAttribute("data-suggested", String(results.length));
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      var q = input.value.trim();
      if (q.length < 2 || q === asked) return;
      timer = setTimeout(function () {
        asked = q;
        fetch(form.getAttribute("data-search-url") + "?q=" + encodeURIComponent(q), {
          credentials: "same-origin", headers: { Accept: "application/json" }
        }).then(function (r) { return r.ok ? r.json() : { results: [] }; })
          .then(function (data) { if (input.value.trim() === q) fill(data.results || []); })
          .catch(function () {});
      }, 200);
    });
  });
})();
