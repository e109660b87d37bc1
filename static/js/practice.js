// The practice game without page loads: moves post with fetch, the board plays every
// card (yours, then each bot's) before the server's new board is swapped in, errors show
// in the board's status line, number keys play cards. Without this file every form posts
// and the page reloads with the same information. Also the new-game form's presets.
import { Board } from "./board.js";
import { numberKeys, onKeys } from "./keys.js";
import { announce, logStep, scrollToNewest } from "./live.js";
import { clearError, errorText, postForm, showError as showFetchError } from "./requests.js";
import { bindSound } from "./sound.js";

function game(root) {
  let busy = false;
  let drawerOpen = false;  // survives the board being swapped in after a help change
  // opened while the cards were moving (a look at the moves as the bots play): it closes
  // when the turn comes back, so the hand is not left under it (a new player had to find
  // "Close" before every card)
  let drawerPeek = false;
  const board = new Board(root, { onStep: (step) => logStep(root.querySelector("[data-log]"), step) });

  // A refused or unsent card is told in the table's own status line (one message, where
  // the eye is); it gives way to the line it replaced when the connection is back.
  let statusBeforeError = "";
  function showError(text) {
    const status = root.querySelector("[data-status]");
    if (status && !status.classList.contains("is-error")) statusBeforeError = status.textContent;
    board.status(text, true);
    announce(text);
  }
  window.addEventListener("online", () => {
    if (root.querySelector("[data-status].is-error")) board.status(statusBeforeError, false);
  });

  function render(payload, keepFocus) {
    if (payload.html) board.redraw(root, payload.html);
    enhance();
    if (keepFocus) return;
    const focus = root.querySelector("[data-focus]") ||
      root.querySelector(".hand:not([disabled]) button");
    if (focus) focus.focus({ preventScroll: true });
  }

  // What the server-rendered board needs once scripts run: the pace choice, the sound
  // switch, the drawer.
  function enhance() {
    board.bindPace();
    bindSound();
    root.querySelectorAll("[data-drawer-toggle]").forEach((t) => { t.hidden = false; });
    scrollToNewest(root.querySelector("[data-log]"));
    const drawer = root.querySelector("[data-drawer]");
    if (drawer && drawerOpen) {
      drawer.classList.add("is-open");
      root.querySelectorAll("[data-drawer-toggle]").forEach((t) => {
        t.setAttribute("aria-expanded", "true");
      });
    }
  }

  function setDrawer(open) {
    const drawer = root.querySelector("[data-drawer]");
    const toggle = root.querySelector(".score-strip [data-drawer-toggle]");
    if (!drawer || !toggle) return;
    drawerOpen = open;
    drawerPeek = open && busy;
    drawer.classList.toggle("is-open", open);
    root.querySelectorAll("[data-drawer-toggle]").forEach((t) => {
      t.setAttribute("aria-expanded", open ? "true" : "false");
    });
    if (open) {
      const first = drawer.querySelector("h2, input, button");
      if (first && first.tagName === "H2") first.setAttribute("tabindex", "-1");
      if (first) first.focus({ preventScroll: true });
    } else {
      toggle.focus({ preventScroll: true });
    }
  }

  root.addEventListener("click", (event) => {
    if (event.target.closest("[data-drawer-toggle]")) setDrawer(!drawerOpen);
  });

  function hint(form, submitter) {
    postForm(form, submitter).then((payload) => {
      const output = form.querySelector("[data-hint-output]");
      output.textContent = payload.hint || payload.error || "";
      // on a phone the sentence lands below the table: brought into view, the least scroll,
      // only when its first line is off the screen (scrolling to show a long hint's last
      // line moved the hand under the player's thumb)
      if (output.getBoundingClientRect().top > window.innerHeight - 24) {
        output.scrollIntoView({ block: "nearest" });
      }
      const button = payload.card &&
        root.querySelector("button[name=card][value='" + payload.card + "']");
      if (button) button.classList.add("is-hinted");
    }).catch(showFetchError);
  }

  // While the last answer is still being shown the hand waits (dimmed): a press hurries
  // the plays on screen (board.js) and chooses nothing. Its click would land on the new
  // board's card under the finger, so it is swallowed: a card is chosen only after the
  // player has seen what the bots played.
  let swallowUntil = 0;
  document.addEventListener("pointerdown", (event) => {
    const button = busy && event.target.closest && event.target.closest("[data-hand] button[name=card]");
    if (button && root.contains(button)) swallowUntil = Date.now() + 1000;
  }, true);
  document.addEventListener("click", (event) => {
    if (Date.now() > swallowUntil) return;
    swallowUntil = 0;
    const button = event.target.closest && event.target.closest("[data-hand] button[name=card]");
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);

  // No hint while the cards move: the bots play on. The answer's board, drawn after their
  // cards, gives the button back (it was live under every bot's play).
  function holdHint() {
    root.querySelectorAll("[data-hint] button").forEach((button) => { button.disabled = true; });
  }

  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.hasAttribute("data-hint")) {
      event.preventDefault();
      hint(form, event.submitter);
      return;
    }
    if (!form.hasAttribute("data-move") && !form.hasAttribute("data-help")) return;
    event.preventDefault();
    if (busy) return;  // one move at a time: a double click sends one request
    busy = true;
    root.setAttribute("aria-busy", "true");
    holdHint();
    const submitter = event.submitter;
    const clicked = submitter && submitter.name === "card"
      ? { card: submitter.value, button: submitter } : null;
    // Your card leaves the hand at once; the server's answer decides the rest. The hint
    // was about the hand it leaves: it goes with it.
    const launched = clicked ? board.launch(clicked.button) : null;
    if (clicked) root.querySelectorAll("[data-hint-output]").forEach((out) => { out.textContent = ""; });
    postForm(form, submitter)
      .then((payload) => {
        clearError();  // the server answered: an earlier failure's alert is old news
        if (payload.error) {
          // Refused: the card goes back to the hand (the server's board), with the reason.
          return board.rollBack(launched).then(() => {
            render(payload, true);
            showError(payload.error);
          });
        }
        const steps = payload.steps || [];
        if (payload.opening_html) {
          // A new deal that a bot opens: its cards land on the fresh deal, not on the
          // last deal's summary.
          render(payload, true);
          const table = root.querySelector("[data-table]");
          if (table) table.outerHTML = payload.opening_html;
          // the new deal's log so far is exactly these plays: they are logged as they land
          const log = root.querySelector("[data-log]");
          if (log) log.textContent = "";
          // and its points start from none, counted on as the captures land (board.js)
          root.querySelectorAll("[data-strip-points]").forEach((pill) => {
            pill.textContent = "+0";
            pill.classList.add("is-zero");
          });
          root.querySelectorAll("[data-side-captured], [data-side-pisti], [data-side-jack-pisti]")
            .forEach((cell) => { cell.textContent = "0"; });
          holdHint();  // the answer's board came first: off under the bots' opening plays
        }
        const newDeal = !!payload.opening_html;
        const dealEnds = !!payload.deal_over && steps.length > 0;
        return board.play(steps, { clicked, launched, newDeal, dealEnds }).then(() => {
          const isHelp = form.hasAttribute("data-help");
          if (drawerPeek && !payload.deal_over) setDrawer(false);
          const changed = isHelp && document.activeElement && document.activeElement.name;
          render(payload, isHelp);
          // A help switch keeps the focus where the player left it.
          const again = changed && root.querySelector("[data-help] [name='" + changed + "']");
          if (again) again.focus({ preventScroll: true });
          const said = steps.map((s) => s.text);
          const status = root.querySelector("[data-status]");
          if (status && status.textContent) said.push(status.textContent);
          if (said.length) announce(said.join(" "));
          // The last play stays readable on the board, so a bot's capture is not gone the
          // moment the new board comes in, and the line says the turn is yours.
          const last = steps[steps.length - 1];
          if (last && !payload.deal_over && root.querySelector("fieldset.hand:not([disabled])")) {
            board.tellLast(last);
          }
        });
      })
      .catch((error) => board.rollBack(launched).then(() => {
        if (clicked) clicked.button.classList.remove("is-playing");
        showError(errorText(error, root.getAttribute("data-failed-label")));
      }))
      .finally(() => {
        busy = false;
        root.removeAttribute("aria-busy");
      });
  });

  root.addEventListener("change", (event) => {
    const form = event.target.form;
    if (form && form.hasAttribute("data-help")) form.requestSubmit();
  });

  onKeys({
    Escape() {
      if (!root.querySelector("[data-drawer].is-open")) return false;
      setDrawer(false);
      return true;
    },
  });
  numberKeys(root, { when: () => !busy });
  enhance();
}

// The new-game form: presets fill the fields at once (links work without JavaScript).
function presets(form) {
  const chosen = JSON.parse(form.getAttribute("data-presets"));
  const defaults = {};
  Array.from(form.elements).forEach((el) => {
    if (el.name && el.type !== "radio") defaults[el.name] = el.value;
  });
  const links = document.querySelectorAll("[data-preset]");
  links.forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const preset = chosen[link.getAttribute("data-preset")] || {};
      Object.keys(defaults).forEach((name) => {
        const field = form.elements[name];
        if (!field || name === "csrfmiddlewaretoken") return;
        field.value = name in preset ? preset[name] : defaults[name];
      });
      // fields shown by another field's value (site.js) follow the new values
      const scoring = form.elements.match_scoring;
      if (scoring) scoring.dispatchEvent(new Event("change"));
      links.forEach((l) => l.removeAttribute("aria-current"));
      link.setAttribute("aria-current", "true");
    });
  });
}

const root = document.querySelector("[data-practice]");
if (root && window.fetch) game(root);
const newGame = document.querySelector("[data-new-game][data-presets]");
if (newGame) presets(newGame);
