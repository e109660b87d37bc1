// A puzzle's hand answers to its number keys, as every board's does; without this file
// the cards are buttons of a plain form.
import { numberKeys } from "./keys.js";

const puzzle = document.querySelector("[data-puzzle]");
if (puzzle) numberKeys(puzzle);

// A timed run counts down on the page; the server keeps the real clock, so when the time
// is up the page reloads to show the result (an answer after it does not count).
const left = document.querySelector("[data-seconds-left]");
if (left) {
  const endsAt = Date.now() + Number(left.dataset.secondsLeft) * 1000;
  const template = left.textContent.replace(/\d+/, "{s}");
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    left.textContent = template.replace("{s}", String(seconds));
    if (seconds === 0) window.location.reload();
    else window.setTimeout(tick, 250);
  };
  tick();
}
