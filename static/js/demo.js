// The home page's board plays a few cards of a real deal, again and again, so a visitor
// sees the game before reading about it. The plays come from the engine (data-steps);
// nothing loops for those who ask for less motion, or while the tab is hidden.
import { Board, reducedMotion } from "./board.js";

function pause(ms) { return new Promise((resolve) => window.setTimeout(resolve, ms)); }

function loop(figure, board, steps, start) {
  if (document.hidden) return pause(1000).then(() => loop(figure, board, steps, start));
  return pause(1500)
    .then(() => board.play(steps))
    .then(() => pause(2500))
    .then(() => { figure.innerHTML = start; })
    .then(() => loop(figure, board, steps, start));
}

const figure = document.querySelector("[data-demo]");
if (figure && !reducedMotion()) {
  const steps = JSON.parse(figure.getAttribute("data-steps") || "[]");
  if (steps.length) loop(figure, new Board(figure, { pace: "normal" }), steps, figure.innerHTML);
}

// The sample table says "play your own": with script, a tap on it deals a game at once, as
// "Play now" does (without script the link opens the practice page and its choices).
const demoLink = document.querySelector("[data-demo-link]");
const playNow = document.querySelector("form.play-now");
if (demoLink && playNow && playNow.requestSubmit) {
  demoLink.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;  // a new tab
    event.preventDefault();
    playNow.requestSubmit();
  });
}
