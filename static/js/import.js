/* The results import page: while the file uploads and imports, the button is disabled
   and a progress bar and message show (an import can take several seconds). */
(function () {
  "use strict";
  var progress = document.getElementById("import-progress");
  var button = document.getElementById("import-submit");
  if (!progress || !button) return;
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
})();
