// What changes on a card page while nobody reloads it, said the same way everywhere: one
// aria-live region for screen readers (data-announce, in the base template), and the move
// log (data-log in practice, data-friends-log at a table with friends): newest last, at
// most LOG_LENGTH lines, scrolled to the newest.

// A deal has at most 52 plays, then the leftover line, and at a table with friends the
// reactions between them (one a player every 3 s at most): the log keeps a whole deal.
export const LOG_LENGTH = 200;

// Tell screen readers ``text``; emptied first so the same words are read again.
export function announce(text) {
  const region = document.querySelector("[data-announce]");
  if (!region) return;
  region.textContent = "";
  window.setTimeout(() => { region.textContent = text; }, 30);
}

// Scrolled to the newest, the log's top line is usually cut in half: once lines are hidden
// above, the top edge fades (.has-more-above), so the cut reads as "more above".
export function scrollToNewest(log) {
  if (!log) return;
  log.scrollTop = log.scrollHeight;
  markHiddenAbove(log);
  if (!log.dataset.fadeWatched) {
    log.dataset.fadeWatched = "1";
    log.addEventListener("scroll", () => markHiddenAbove(log), { passive: true });
  }
}

function markHiddenAbove(log) {
  log.classList.toggle("has-more-above", log.scrollTop > 2);
}

// One more line at the end of ``log`` (an <ol>); the oldest go beyond LOG_LENGTH. A
// ``remark`` (a friend's reaction, the leftover cards going to the last capturer) is a
// line of its own without a move's number; a
// ``number`` keeps a move's own number when the log starts part-way through a deal.
export function logLine(log, text, { pisti = false, remark = false, reaction = false, number = null } = {}) {
  if (!log) return;
  const item = document.createElement("li");
  item.textContent = text;
  if (number) item.value = number;
  if (pisti) item.className = "is-pisti";
  if (remark) item.className = "is-remark";
  if (reaction) item.classList.add("is-reaction");
  log.appendChild(item);
  while (log.children.length > LOG_LENGTH) log.removeChild(log.firstElementChild);
  scrollToNewest(log);
}

// A play (a step of the board) as a line of the log.
export function logStep(log, step) {
  logLine(log, step.text, { pisti: !!(step.pisti || step.jack_pisti), remark: !!step.leftover });
}
