/* The results import page: while the file uploads, the button is disabled and a
   progress bar and message show (an import can take several seconds). The progress
   page of a background import asks for its status every 1.5 s and, once it has
   finished, loads again: the server then opens the event or says what was wrong. */
(function () {
  "use strict";
  var progress = document.getElementById("import-progress");
  var button = document.getElementById("import-submit");
  if (progress && button) {
    button.form.addEventListener("submit", function (e) {
      var file = document.getElementById("id_file");
      if (file && !file.value) return; /* the server says what is missing */
      if (button.disabled) { e.preventDefault(); return; } /* one import per click */
      button.disabled = true;
      progress.hidden = false;
    });
    /* back from the browser's cache: the form is usable again */
    window.addEventListener("pageshow", function () {
      button.disabled = false;
      progress.hidden = true;
    });
  }
  var job = document.getElementById("import-job");
  if (!job) return;
  var label = document.getElementById("import-job-status");
  function poll() {
    fetch(job.getAttribute("data-status-url"), {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.finished) { window.location.reload(); return; }
        if (data && label) label.textContent = data.label.charAt(0).toUpperCase() + data.label.slice(1);
        window.setTimeout(poll, 1500);
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 1000);
})();
