// The analysis: arrow keys step through the moves; number keys answer a puzzle; the review page shows progress while
// the worker runs and reloads the panel when the result is stored. Without this file the
// links and a reload do the same.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var board = document.querySelector("[data-analysis-board]");
    if (board) {
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        var target = event.key === "ArrowLeft" ? board.dataset.previous
          : event.key === "ArrowRight" ? board.dataset.next : null;
        if (target) window.location.assign(target);
      });
    }
    // A puzzle's hand answers to its number keys, as the practice table's does.
    var puzzle = document.querySelector("[data-puzzle]");
    if (puzzle) {
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
        var button = puzzle.querySelector(".hand:not([disabled]) [data-key='" + event.key + "']");
        if (button) button.click();
      });
    }
    var panel = document.querySelector("[data-analysis-status]");
    if (!panel || panel.dataset.analysisFinished === "1") return;
    var line = panel.querySelector("[data-analysis-progress]");
    function poll() {
      fetch(panel.dataset.analysisStatus, { headers: { Accept: "application/json" } })
        .then(window.pistiFetch.readJson)
        .then(function (data) {
          if (data.finished) { window.location.reload(); return; }
          if (line) line.textContent = data.text;
          window.setTimeout(poll, 1500);
        })
        .catch(window.pistiFetch.showError);
    }
    window.setTimeout(poll, 1000);
  });
})();
