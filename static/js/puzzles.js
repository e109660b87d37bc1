// A puzzle's hand answers to its number keys, as every board's does; without this file
// the cards are buttons of a plain form.
import { Board, reducedMotion } from "./board.js";
import { numberKeys } from "./keys.js";

const puzzle = document.querySelector("[data-puzzle]");
if (puzzle) numberKeys(puzzle);

// Once the solution is shown, its line (the best card, then the others' real replies)
// plays on the table at a button's press, as often as asked; so does the line of the card
// first chosen, where there is one (its steps on its own button). The lists of plays beside
// them say the same in words (and are all there is without this script or with less motion).
const lineButtons = [...document.querySelectorAll("[data-play-line]")];
if (puzzle && lineButtons.length && !reducedMotion()) {
  const start = puzzle.innerHTML;
  let playing = false;
  let played = false;
  const play = (button, steps) => {
    if (playing) return;
    playing = true;
    lineButtons.forEach((b) => { b.disabled = true; });  // one line on the table at a time
    if (played) puzzle.innerHTML = start;  // back to the position, then again
    puzzle.scrollIntoView({ behavior: "instant", block: "center" });  // the flights start from where the cards are now
    // at the normal pace whatever the table's setting: the line is there to be followed
    // (at slow an eight-card line took 13.5 s); a click or a key hurries it
    const board = new Board(puzzle, { pace: "normal" });
    board.play(steps).then(() => {
      board.stopAt(steps[steps.length - 1]);  // the line is over: nobody is to play
      playing = false;
      played = true;
      lineButtons.forEach((b) => { b.disabled = false; });
      button.textContent = button.getAttribute("data-again-label");
    });
  };
  lineButtons.forEach((button) => {
    const steps = button.getAttribute("data-line-steps") || puzzle.getAttribute("data-line-steps");
    if (!steps) return;
    button.hidden = false;
    button.addEventListener("click", () => play(button, JSON.parse(steps)));
  });
  // Just answered or asked for the solution (the server sends the page to #solution):
  // the best line plays once by itself, so the table shows why; a reload does not replay it.
  if (location.hash === "#solution" && !lineButtons[0].hidden) {
    history.replaceState(null, "", location.pathname + location.search);
    setTimeout(() => lineButtons[0].click(), 600);
  }
}

// A timed run counts down on the page; the server keeps the real clock, so when the time
// is up the page reloads to show the result (an answer after it does not count).
const left = document.querySelector("[data-seconds-left]");
if (left) {
  const endsAt = Date.now() + Number(left.dataset.secondsLeft) * 1000;
  const template = left.textContent.replace(/\d+/, "{s}");
  const bar = document.querySelector("[data-time-bar]");
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    left.textContent = template.replace("{s}", String(seconds));
    if (bar) {
      bar.value = Math.max(0, (endsAt - Date.now()) / 1000);
      bar.classList.toggle("is-ending", seconds <= 20);  // the last seconds in red
    }
    if (seconds === 0) window.location.reload();
    else window.setTimeout(tick, 250);
  };
  tick();
}
