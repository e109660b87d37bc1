// A puzzle's hand answers to its number keys, as every board's does; without this file
// the cards are buttons of a plain form.
import { Board, reducedMotion } from "./board.js";
import { numberKeys, onKeys } from "./keys.js";

const puzzle = document.querySelector("[data-puzzle]");
if (puzzle) numberKeys(puzzle);

// Once the solution is shown, its line (the best card, then the others' real replies)
// plays on the table at a button's press, as often as asked; so does the line of the card
// first chosen, where there is one (its steps on its own button). Under the table, the line
// last played steps one play at a time, forwards and back (◀ ▶ or the arrow keys), as
// lichess's analysis board steps through moves; a play in a list goes to it; the play
// shown is marked in its list. The lists say the same in words (and are all there is
// without this script or with less motion).
const stepper = document.querySelector("[data-line-stepper]");
const lines = [...document.querySelectorAll("[data-play-line]")].map((button) => {
  const steps = button.getAttribute("data-line-steps") || (puzzle && puzzle.getAttribute("data-line-steps"));
  const box = button.closest(".puzzle-line");
  return {
    button,
    steps: steps ? JSON.parse(steps) : [],
    items: box ? [...box.querySelectorAll("ol > li")] : [],
    name: box ? box.getAttribute("data-line-name") : "",
  };
}).filter((line) => line.steps.length);
if (puzzle && lines.length && !reducedMotion()) {
  const start = puzzle.innerHTML;
  // what the table shows: ``index`` plays of ``line`` (none yet: the puzzle's position)
  const shown = { line: null, index: 0 };
  let busy = false;

  function controls(disabled) {
    lines.forEach((line) => {
      line.button.disabled = disabled;
      line.items.forEach((item, i) => {
        item.classList.toggle("is-current", shown.line === line && i === shown.index - 1);
      });
    });
    if (!stepper || !shown.line) return;
    stepper.hidden = false;
    const { line, index } = shown;
    stepper.querySelector("[data-step='-1']").disabled = disabled || index === 0;
    stepper.querySelector("[data-step='1']").disabled = disabled || index === line.steps.length;
    stepper.querySelector("[data-step-name]").textContent = lines.length > 1 ? line.name + " ·" : "";
    const count = stepper.querySelector("[data-step-count]");
    count.textContent = count.getAttribute("data-template")
      .replace("{n}", String(index)).replace("{count}", String(line.steps.length));
  }

  // Shows ``index`` plays of ``line``: the plays before the last at once, the last one
  // moving (``all``: every play moving, the whole line as its button plays it).
  function show(line, index, { all = false } = {}) {
    if (busy) return Promise.resolve();
    busy = true;
    controls(true);
    let from = shown.line === line ? shown.index : null;
    if (from === null || all || index < from) {
      puzzle.innerHTML = start;  // back to the position
      from = 0;
    }
    // the stepper shows from the first play on, off while the line moves, counting the
    // plays as they land (it came only once a line had finished)
    const board = new Board(puzzle, {
      pace: "normal",
      onStep: () => {
        if (shown.line !== line) return;
        shown.index += 1;
        controls(true);
      },
    });
    // a line is watched, not played: no "Your turn." when it comes round to the solver
    if (board.element) board.element.removeAttribute("data-your-turn-text");
    const moving = all ? 0 : Math.max(from, index - 1);
    const before = moving > from
      ? board.play(line.steps.slice(from, moving), { instant: true }) : Promise.resolve();
    return before
      .then(() => {
        shown.line = line;
        shown.index = moving;
        // "So far you made the last capture" is true of the position, not of a line under
        // way (it stood under a table where the other side had just taken the leftover)
        const lastCapture = document.querySelector("[data-last-capture]");
        if (lastCapture) lastCapture.hidden = index > 0;
        controls(true);
        return board.play(line.steps.slice(moving, index));
      })
      .then(() => {
        board.stopAt(index ? line.steps[index - 1] : null);  // nobody is to play in a line
        shown.line = line;
        shown.index = index;
        busy = false;
        controls(false);
      });
  }

  function step(by) {
    const line = shown.line || lines[0];
    const index = Math.min(line.steps.length, Math.max(0, shown.index + by));
    if (index === shown.index && shown.line) return false;
    show(line, index);
    return true;
  }

  lines.forEach((line) => {
    line.button.hidden = false;
    line.button.addEventListener("click", () => {
      // the flights start from where the cards are now
      puzzle.scrollIntoView({ behavior: "instant", block: "center" });
      // at the normal pace whatever the table's setting: the line is there to be followed
      // (at slow an eight-card line took 13.5 s); a click or a key hurries it
      show(line, line.steps.length, { all: true }).then(() => {
        line.button.textContent = line.button.getAttribute("data-again-label");
      });
    });
    line.items.forEach((item, i) => {
      item.classList.add("is-steppable");
      item.addEventListener("click", () => show(line, i + 1));
    });
  });
  if (stepper) {
    stepper.addEventListener("click", (event) => {
      const button = event.target.closest("[data-step]");
      if (button) step(Number(button.dataset.step));
    });
  }
  onKeys({ ArrowRight: () => step(1), ArrowLeft: () => step(-1) });
  // Just answered or asked for the solution (the server sends the page to #solution):
  // the best line plays once by itself, so the table shows why; a reload does not replay it.
  if (location.hash === "#solution") {
    history.replaceState(null, "", location.pathname + location.search);
    setTimeout(() => {
      lines[0].button.click();
      // then the words: on a phone the verdict sits under the table, out of sight while
      // the line played ("Right!" was never seen); on a wide screen it is beside the table
      const verdict = document.getElementById("solution");
      const whenDone = () => {
        if (busy) { setTimeout(whenDone, 200); return; }
        if (verdict && verdict.getBoundingClientRect().top > window.innerHeight * 0.8) {
          verdict.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
        }
      };
      setTimeout(whenDone, 200);
    }, 600);
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
