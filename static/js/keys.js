// The keyboard of every card page, written once: number keys 1–9 press the button with
// that data-key (a card of the hand, a tutorial answer) inside an enabled fieldset, and
// each page may add its own (the review's arrows, Escape closing what is open). Keys typed
// into a field (not a switch) and keys held with Alt, Ctrl or Meta are left to the browser.

// The first key pressed outside a field shows the number-key hints a touch screen hides
// (site.css); a name typed on a phone's own keyboard is not a keyboard to play with.
function markKeyboard(event) {
  if (typing(event)) return;
  document.documentElement.classList.add("uses-keys");
  document.removeEventListener("keydown", markKeyboard);
}
document.addEventListener("keydown", markKeyboard);

// A switch (a radio button, a checkbox) takes no digits: after "Bot speed" is clicked the
// number keys still play the hand.
const SWITCHES = ["radio", "checkbox", "button", "submit", "reset", "range", "color", "file"];

function typing(event) {
  const tag = (event.target.tagName || "").toLowerCase();
  if (tag === "input") return !SWITCHES.includes((event.target.type || "").toLowerCase());
  return tag === "textarea" || tag === "select";
}

// ``handlers`` maps a key (as event.key names it) to a function of the event; one that
// returns true has used the key (its default is prevented). ``when`` may pause them all.
export function onKeys(handlers, { when = () => true } = {}) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !when()) return;
    const handler = handlers[event.key] || (/^[1-9]$/.test(event.key) && handlers.digit);
    if (!handler || (event.key !== "Escape" && typing(event))) return;
    if (handler(event) === true) event.preventDefault();
  });
}

// ← and → move the focus along the numbered buttons (a hand's cards) when one has it.
function moveAlong(step) {
  const current = document.activeElement;
  if (!current || !current.matches || !current.matches("[data-key]")) return false;
  const buttons = Array.from(current.parentNode.querySelectorAll("[data-key]:not(.is-playing)"));
  const next = buttons[buttons.indexOf(current) + step];
  if (!next) return false;
  next.focus();
  return true;
}

// Number keys press the numbered buttons inside ``root`` (a function returning the root
// is read on each key, for pages that swap their content).
export function numberKeys(root, { when } = {}) {
  onKeys({
    digit(event) {
      const scope = typeof root === "function" ? root() : root;
      const button = scope && scope.querySelector(
        "fieldset:not([disabled]) [data-key='" + event.key + "']");
      if (!button) return false;
      button.click();
      return true;
    },
    ArrowLeft: () => moveAlong(-1),
    ArrowRight: () => moveAlong(1),
  }, { when });
}
