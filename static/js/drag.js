// Drag a card of the hand onto the pile (mouse, touch and pen: Pointer Events). A press
// that moves more than a few pixels lifts the card (the button itself, moved with a
// transform only, so nothing else on the page moves); the pile lights up while the
// pointer is over it or the table's centre around it. Releasing there plays the card
// exactly as a click does: the hand form is submitted with that button as the submitter,
// so the page's own submit handling runs (its one-move-at-a-time guard, the board's
// flight, which starts from where the card was dropped). Releasing anywhere else, Escape
// or a cancelled pointer puts the card back. A press without movement stays a click, and
// the click a browser sends after a drag is swallowed. Listeners sit on the root (event
// delegation), so a board swapped in from the server needs nothing new. Markup hooks:
// data-hand-form, data-hand (the fieldset, disabled when it is not your turn), data-pile.

import { reducedMotion } from "./motion.js";

const THRESHOLD = 8;  // px the pointer moves before a press becomes a drag
const DROP_MARGIN = 24;  // px around the pile (and the centre) that still count
const RETURN_MS = 180;
const CLICK_AFTER_DRAG_MS = 350;  // a click this soon after a drag belongs to the drag
const bound = new WeakSet();
let dragAt = -Infinity;

// A click the browser sends for the press that was a drag must not play the card too.
document.addEventListener("click", (event) => {
  if (!event.isTrusted || performance.now() - dragAt > CLICK_AFTER_DRAG_MS) return;
  dragAt = -Infinity;
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);

function inside(rect, x, y, margin) {
  return x >= rect.left - margin && x <= rect.right + margin &&
    y >= rect.top - margin && y <= rect.bottom + margin;
}

function overPile(pile, x, y) {
  if (!pile || !pile.isConnected) return false;
  const centre = pile.parentNode;
  return inside(pile.getBoundingClientRect(), x, y, DROP_MARGIN) ||
    (centre && centre.classList.contains("centre") &&
      inside(centre.getBoundingClientRect(), x, y, 0));
}

// The card slides back to its place in the hand (at once with reduced motion).
function putBack(button) {
  const from = button.style.transform;
  button.style.transform = "";
  button.classList.remove("is-dragged", "is-dropped");
  if (!from || !button.isConnected || reducedMotion() || !button.animate) return;
  button.classList.add("is-returning");
  const animation = button.animate(
    [{ transform: from }, { transform: "translate(0, 0)" }],
    { duration: RETURN_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  animation.finished.catch(() => {}).then(() => button.classList.remove("is-returning"));
}

// After a drop the card waits where it was let go until the page plays it (the board
// hides it as it flies, or a new board replaces it); if the page took no move (a network
// error, or a guard that ignored it) it goes back.
function settle(root, button) {
  if (!button.isConnected || button.classList.contains("is-playing")) return;
  if (root.getAttribute("aria-busy") === "true") {
    window.setTimeout(() => settle(root, button), 250);
    return;
  }
  putBack(button);
}

function drop(root, button) {
  button.classList.remove("is-dragged");
  button.classList.add("is-dropped");
  const form = button.form;
  if (form && form.requestSubmit) form.requestSubmit(button);
  else button.click();  // no requestSubmit: a synthetic click is not swallowed
  window.setTimeout(() => settle(root, button), 250);
}

function startPress(root, event) {
  if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
  const button = event.target.closest && event.target.closest("button[name=card]");
  const hand = button && button.closest("[data-hand]");
  if (!hand || !root.contains(hand) || hand.disabled || button.disabled ||
      !button.closest("[data-hand-form]") || button.classList.contains("is-dropped")) return;
  const board = button.closest("[data-table]") || root;
  const pile = board.querySelector("[data-pile]");
  const id = event.pointerId;
  const x0 = event.clientX;
  const y0 = event.clientY;
  let dragging = false;
  let over = false;

  function highlight(on) {
    over = on;
    if (pile) pile.classList.toggle("is-drop-target", on);
  }

  function end() {
    document.removeEventListener("pointermove", move, true);
    document.removeEventListener("pointerup", up, true);
    document.removeEventListener("pointercancel", cancel, true);
    document.removeEventListener("keydown", key, true);
    document.removeEventListener("contextmenu", menu, true);
    document.documentElement.classList.remove("is-dragging-card");
    highlight(false);
    if (dragging) dragAt = performance.now();
    try { button.releasePointerCapture(id); } catch (e) { /* already released */ }
  }

  function move(e) {
    if (e.pointerId !== id) return;
    const dx = e.clientX - x0;
    const dy = e.clientY - y0;
    if (!dragging) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      if (hand.disabled || !button.isConnected) { end(); return; }
      dragging = true;
      try { button.setPointerCapture(id); } catch (err) { /* the pointer is gone */ }
      button.classList.add("is-dragged");
      document.documentElement.classList.add("is-dragging-card");
    }
    if (!button.isConnected) {  // a new board came in: this card is no longer there
      end();
      return;
    }
    e.preventDefault();
    button.style.transform = "translate(" + dx + "px," + dy + "px)";
    highlight(overPile(pile, e.clientX, e.clientY));
  }

  function up(e) {
    if (e.pointerId !== id) return;
    const wasDragging = dragging;
    const onPile = over || (dragging && overPile(pile, e.clientX, e.clientY));
    end();
    if (!wasDragging || !button.isConnected) return;
    if (onPile && !hand.disabled) drop(root, button);
    else putBack(button);
  }

  function cancel(e) {
    if (e.pointerId !== id) return;
    const wasDragging = dragging;
    end();
    if (wasDragging) putBack(button);
  }

  // Escape puts the card back; the press then ends without a click (up() sees no drag).
  function key(e) {
    if (e.key !== "Escape" || !dragging) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    end();
    putBack(button);
    // The button is still held: swallow the click its release would send.
    document.addEventListener("pointerup", function swallow(u) {
      if (u.pointerId !== id) return;
      document.removeEventListener("pointerup", swallow, true);
      dragAt = performance.now();
    }, true);
  }

  function menu(e) { if (dragging) e.preventDefault(); }

  document.addEventListener("pointermove", move, true);
  document.addEventListener("pointerup", up, true);
  document.addEventListener("pointercancel", cancel, true);
  document.addEventListener("keydown", key, true);
  document.addEventListener("contextmenu", menu, true);
}

// Cards in the hand inside ``root`` can be dragged onto the pile from now on, through
// every board the page swaps in. Once per root.
export function enableDrag(root) {
  if (!root || bound.has(root) || !window.PointerEvent) return;
  bound.add(root);
  root.classList.add("can-drag");
  root.addEventListener("pointerdown", (event) => startPress(root, event));
}
