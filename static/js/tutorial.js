// The tutorial without page loads: forms post with fetch, the board plays the learner's
// card and then each scripted reply, one at a time, before the step is swapped in; screen
// readers hear what happened, and number keys pick a card or an answer. Without this file
// every form still posts and the page reloads.
import { Board } from "./board.js";
import { numberKeys } from "./keys.js";
import { announce } from "./live.js";
import { clearError, errorText, postForm, showError as showFetchError } from "./requests.js";

function lesson(root) {
  const board = new Board(root);
  let busy = false;

  function focusStep(keepScroll) {
    const target = root.querySelector("[data-focus]");
    if (target) target.focus({ preventScroll: !!keepScroll });
  }

  // Keep the board above the bar that holds the feedback and "Next" on small screens.
  function keepBoardInView() {
    const bar = root.querySelector("[data-step-bar]");
    const hand = root.querySelector("[data-hand]");
    if (!bar || !hand) return;
    document.documentElement.style.scrollPaddingBottom = bar.offsetHeight + "px";
    hand.scrollIntoView({ block: "nearest" });
  }

  function showError(text) {
    board.status(text, true);
    announce(text);
  }

  root.addEventListener("submit", (event) => {
    event.preventDefault();
    if (busy) return;  // one move at a time: a double click sends one request
    busy = true;
    const submitter = event.submitter;
    const clicked = submitter && submitter.name === "card"
      ? { card: submitter.value, button: submitter } : null;
    root.setAttribute("aria-busy", "true");
    postForm(event.target, submitter)
      .then((payload) => {
        clearError();  // the server answered: an earlier failure's alert is old news
        return board.play(payload.steps || [], { clicked, holdFirst: true }).then(() => {
          if (payload.html) root.innerHTML = payload.html;
          if (payload.error) {
            showError(payload.error);
          } else {
            announce(payload.announce || "");
          }
          focusStep(!!clicked);
          if (clicked) keepBoardInView();
        });
      })
      .catch((error) => {
        showFetchError(error);
        showError(errorText(error, root.getAttribute("data-failed-label")));
      })
      .finally(() => {
        busy = false;
        root.removeAttribute("aria-busy");
      });
  });

  numberKeys(root, { when: () => !busy });
}

const root = document.querySelector("[data-tutorial]");
if (root && window.fetch) lesson(root);
