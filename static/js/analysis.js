// The review with analysis and the puzzles: arrow keys step through the moves, number keys
// answer a puzzle, and the review page shows progress while the worker runs and reloads
// the panel when the result is stored. Without this file the links and a reload do the same.
import { arrowKeys, numberKeys } from "./keys.js";
import { readJson, showError } from "./requests.js";

const moves = document.querySelector("[data-analysis-board]");
if (moves) arrowKeys({ previous: moves.dataset.previous, next: moves.dataset.next });

// A puzzle's hand answers to its number keys, as every board's does.
const puzzle = document.querySelector("[data-puzzle]");
if (puzzle) numberKeys(puzzle);

const panel = document.querySelector("[data-analysis-status]");
if (panel && panel.dataset.analysisFinished !== "1") {
  const line = panel.querySelector("[data-analysis-progress]");
  const poll = () => {
    fetch(panel.dataset.analysisStatus, { headers: { Accept: "application/json" } })
      .then(readJson)
      .then((data) => {
        if (data.finished) { window.location.reload(); return; }
        if (line) line.textContent = data.text;
        window.setTimeout(poll, 1500);
      })
      .catch(showError);
  };
  window.setTimeout(poll, 1000);
}
