// The board: the drawn card table shared by the practice game, the tutorial, the home
// page's demo and the tables with friends (the review, the analysis and the puzzles draw
// the same markup and only need the keys). The server sends the new board as HTML and the
// plays that led to it as "steps" ({seat, card, words, text, captured, side, pisti,
// jack_pisti}: public facts only); a Board plays those steps on the board already on
// screen, one at a time, then the page swaps in the server's board. Web Animations only;
// with prefers-reduced-motion nothing moves and the end state shows at once. A click or a
// key press finishes it. Each play shown is a document event "pisti:step" (detail: the
// step; with reduced motion a turn's all at once), then one "pisti:steps-done". Markup
// hooks: data-table (the board), data-seat, data-stack, data-pile, data-hand, data-card,
// data-turn, data-status, data-last-play (see pisti_site/table.py). Every Board also lets
// the player drag a card of the hand onto the pile (drag.js).

import { enableDrag } from "./drag.js";
import { reducedMotion } from "./motion.js";

export { enableDrag, reducedMotion };

const PACES = {
  // ms: a card's flight, the sweep of a capture, the pause before the next play, the
  // "PİŞTİ!" burst (which runs on), how long the play holds still for it, how long a
  // fresh deal's hand shows before a bot opens it, how long the last table of a deal
  // stays before its summary, and how long a capturing card shows on the pile before the
  // sweep (so the eye sees what took it). Fast still lets the eye follow each card (a
  // 2 vs 2 round of three bot plays stays under 1.5 s). At normal a deal's last card, the
  // leftover's sweep and the held last table take about 3 s before the summary (3.7-4.2 s
  // felt slow to a new player). A new deal's opening table shows 1.5 s at normal before a bot
  // leads (0.9 s and a capture took the opening cards before a new player had seen them).
  // A pişti holds the play still a little longer at normal (0.55 s) and its words stay 2 s:
  // at 1.6 s and 0.3 s a new player called it "brief, the next turn already showing".
  // Between two plays at normal, 0.45 s: at 0.18 s a bot's answer came 0.3 s after your
  // card had landed (the pile taken before it was seen) and a 2 vs 2 round of three bots
  // was too quick to follow on a phone.
  // Fast holds a pişti 0.3 s too: with none the next card landed under its words at once.
  // A fresh hand comes from the stock card by card (dealIn, each card's flight and the gap
  // between two): the hand appeared all at once, "no dealing motion" (review 7).
  fast: { fly: 150, sweep: 120, gap: 60, burst: 1500, hold: 300, deal: 800, end: 700, look: 100, dealIn: 140, dealGap: 40 },
  normal: { fly: 320, sweep: 260, gap: 450, burst: 2000, hold: 550, deal: 1500, end: 1100, look: 380, dealIn: 240, dealGap: 70 },
  slow: { fly: 600, sweep: 480, gap: 700, burst: 2400, hold: 800, deal: 2000, end: 2200, look: 750, dealIn: 360, dealGap: 110 },
};
// A line put back on the table at once (a puzzle's line stepped back): nothing moves or sounds.
const INSTANT = { fly: 0, sweep: 0, gap: 0, burst: 0, hold: 0, deal: 0, end: 0, look: 0, dealIn: 0, dealGap: 0 };
const PACE_KEY = "pisti-pace";
const SVG = "http://www.w3.org/2000/svg";
// A press or a key while cards move hurries the rest: everything plays HURRY times as
// fast, but every card is still seen landing.
const HURRY = 4;
let hurried = false;
let running = [];
let timers = [];

export function pace() {
  let stored = null;
  try { stored = window.localStorage.getItem(PACE_KEY); } catch (e) { /* private mode */ }
  return PACES[stored] ? stored : "normal";
}

// How long a card of this page's pace flies before it lands (none with reduced motion).
export function flightTime() {
  return reducedMotion() ? 0 : PACES[pace()].fly;
}

export function setPace(name) {
  if (!PACES[name]) return;
  try { window.localStorage.setItem(PACE_KEY, name); } catch (e) { /* this page only */ }
}

function wait(ms) {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = { resolve };
    const done = () => {
      timers.splice(timers.indexOf(timer), 1);
      resolve();
    };
    timer.done = done;
    timer.id = window.setTimeout(done, hurried ? ms / HURRY : ms);
    timers.push(timer);
  });
}

function animate(element, keyframes, options) {
  if (!element.animate) return Promise.resolve();
  const animation = element.animate(keyframes, options);
  if (hurried) animation.playbackRate = HURRY;
  running.push(animation);
  return animation.finished.catch(() => {}).then(() => {
    running.splice(running.indexOf(animation), 1);
  });
}

// A press or a key (not a modifier or Tab alone) means "faster, please".
function isHurryEvent(event) {
  return !(event.type === "keydown" && /^(Shift|Control|Alt|Meta|Tab)$/.test(event.key));
}

function hurryOn(event) {
  if (isHurryEvent(event)) hurry();
}

// What moves now and what is still to come plays HURRY times as fast; the pauses between
// plays shrink as much.
export function hurry() {
  if (hurried) return;
  hurried = true;
  running.forEach((animation) => {
    if (animation.updatePlaybackRate) animation.updatePlaybackRate(HURRY);
    else animation.playbackRate = HURRY;
  });
  timers.slice().forEach((timer) => {
    window.clearTimeout(timer.id);
    timer.id = window.setTimeout(timer.done, 40);
  });
}

function spriteUrl(board) {
  const use = document.querySelector("svg.card use");
  const href = use ? use.getAttribute("href") : "";
  return board.getAttribute("data-sprite") || href.split("#")[0];
}

function cardElement(board, name, extraClass) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "card " + (extraClass || ""));
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", spriteUrl(board) + "#" + name);
  svg.appendChild(use);
  return svg;
}

// The number keys follow the cards left in the hand, as on the next board.
function renumber(hand) {
  if (!hand) return;
  hand.querySelectorAll("[data-key]:not(.is-playing)").forEach((button, index) => {
    button.setAttribute("data-key", String(index + 1));
    const key = button.querySelector(".card-key");
    if (key) key.textContent = String(index + 1);
  });
}

// The card played leaves its place and the cards left slide together while it flies, as
// the server's next board draws the hand: closed up, never with a gap.
function closeUp(button, width, ms) {
  const hand = button.parentNode;
  renumber(hand);
  if (!button.animate || !hand) return;
  const gap = parseFloat(getComputedStyle(hand).columnGap) || 0;
  animate(button, [
    { width: width + "px", minWidth: "0px", padding: "0px", marginRight: "0px" },
    { width: "0px", minWidth: "0px", padding: "0px", marginRight: -gap + "px" },
  ], { duration: ms, easing: "ease-in-out", fill: "forwards" });
}

// Where a play starts: the card in the hand for the bottom seat (where it was dropped, if
// it was dragged), a card back otherwise.
function source(board, step, clicked, timing) {
  if (String(step.seat) === board.getAttribute("data-me")) {
    const button = clicked || board.querySelector("[data-hand] [data-card='" + step.card + "']");
    if (button) {
      const rect = button.getBoundingClientRect();
      button.classList.add("is-playing");
      closeUp(button, rect.width, timing.fly);
      return rect;
    }
  }
  const seat = board.querySelector("[data-seat='" + step.seat + "']");
  if (!seat) return null;
  const backs = seat.querySelectorAll("[data-seat-hand] .card:not(.is-gone)");
  if (backs.length) {
    const back = backs[backs.length - 1];
    const from = back.getBoundingClientRect();
    back.classList.add("is-gone");
    // the words under the backs follow them ("3 cards" as the fourth leaves)
    const count = seat.querySelector("[data-seat-count]");
    const counts = count && (count.getAttribute("data-counts") || "").split("|");
    if (counts && counts[backs.length - 1] !== undefined) count.textContent = counts[backs.length - 1];
    return from;
  }
  return seat.getBoundingClientRect();
}

// The board's status line (data-status): what just happened, or an error.
export function setStatus(board, text, isError) {
  const status = board && board.querySelector("[data-status]");
  if (!status) return;
  status.textContent = text;
  status.classList.toggle("is-error", !!isError);
}

function moveTurn(board, step) {
  const seats = board.querySelectorAll("[data-seat]");
  let next = (Number(step.seat) + 1) % seats.length;
  fadeLastPlay(board, next);
  // The round's last card: your turn comes with your new hand (the server's next board),
  // not while your hand is still empty.
  const mine = board.getAttribute("data-me");
  if (String(next) === mine && board.querySelector("[data-hand]") &&
      !board.querySelector("[data-hand] [data-card]:not(.is-playing)")) next = -1;
  // The deal's last card: nobody is to play (the next seat stayed flagged "to play" over
  // its 0 cards through the sweep, until the summary came: review 7).
  if (dealPlayedOut(board)) next = -1;
  setTurn(board, next);
}

// No card in the stock and none in any hand: the card in flight was the deal's last.
function dealPlayedOut(board) {
  return !board.querySelector("[data-stock] .stock-card") &&
    !board.querySelector("[data-hand] [data-card]:not(.is-playing)") &&
    !board.querySelector("[data-seat-hand] .card:not(.is-gone)");
}

// The one record of whose turn it is: the highlighted seat, its flag (CSS) and the
// board's ``data-turn`` change together, and the page hears of it (pisti:turn).
function setTurn(board, seat) {
  board.querySelectorAll("[data-seat]").forEach((element) => {
    element.classList.toggle("is-turn", element.getAttribute("data-seat") === String(seat));
  });
  board.setAttribute("data-turn", String(seat));
  document.dispatchEvent(new CustomEvent("pisti:turn", { detail: seat }));
}

// The number beside the pile; none on an empty pile (its outline says so).
function setPileCount(board, cards) {
  const count = board.querySelector("[data-pile-count]");
  if (!count) return;
  count.textContent = String(cards);
  count.hidden = cards === 0;
}

function flyToPile(board, step, from, timing) {
  const pile = board.querySelector("[data-pile]");
  const landed = cardElement(board, step.card, "pile-card");
  landed.classList.add("is-landing");
  pile.appendChild(landed);
  // the count changes as the card lands, not while it is still in the air
  const count = () => setPileCount(board, pile.querySelectorAll(".pile-card").length);
  const to = landed.getBoundingClientRect();
  if (!from) {
    landed.classList.remove("is-landing");
    count();
    return Promise.resolve();
  }
  const flying = cardElement(board, step.card, "flying-card");
  flying.setAttribute("data-seat", String(step.seat));
  flying.style.left = to.left + "px";
  flying.style.top = to.top + "px";
  flying.style.width = to.width + "px";
  document.body.appendChild(flying);
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = from.width / to.width || 1;
  // the count changes once the card is nearly there (its easing covers most of the way
  // in the first half), not while it leaves the hand nor after it has visibly landed
  wait(timing.fly / 2).then(count);
  return animate(flying, [
    { transform: "translate(" + dx + "px," + dy + "px) scale(" + scale + ")" },
    { transform: "translate(0,0) scale(1)" },
  ], { duration: timing.fly, easing: "cubic-bezier(.2,.7,.3,1)" }).then(() => {
    flying.remove();
    landed.classList.remove("is-landing");
    count();
  });
}

function celebrate(board, step, labels, timing) {
  // over the pile itself, where the eye is (centred between the stock and the pile it
  // stood beside the cards it named), and outside the board: the board drawn anew after
  // the bots' replies took it away with it, at fast within 0.5 s
  const box = board.querySelector("[data-pile]").getBoundingClientRect();
  const burst = document.createElement("div");
  burst.className = "pisti-burst";
  burst.style.left = box.left + box.width / 2 + "px";
  burst.style.top = box.top + box.height / 2 + "px";
  burst.textContent = step.jack_pisti ? labels.jackPisti : labels.pisti;
  // your side's in your team's blue, the others' in red (every pişti was the others' red)
  const mine = board.querySelector("[data-seat='" + board.getAttribute("data-me") + "'] [data-stack]");
  if (mine && mine.getAttribute("data-stack") === String(step.side)) burst.classList.add("is-ours");
  document.body.appendChild(burst);
  // whole on the screen: a long word over a pile right of a phone's middle ran past its
  // edge ("BUBEN-PİŞTİ!", review 8)
  const half = burst.offsetWidth / 2;
  const edge = document.documentElement.clientWidth;
  const centre = Math.min(Math.max(box.left + box.width / 2, half + 4), edge - half - 4);
  burst.style.left = centre + "px";
  sparkle(box, timing);
  // its points pop with it, the moment it happens (they came with the sweep, a second
  // after the words said "pişti!"), and the side table counts it then too
  showPoints(step);
  countSidePisti(step);
  // The celebration runs on its own: the next play does not wait for it to fade. It
  // stays whole for most of its time (it faded from half-way, gone at fast in 0.5 s), and
  // a tap that hurries the cards on does not cut it short (it is not in ``animate``'s
  // list): it is the moment the player most wants to see.
  if (!burst.animate) {
    window.setTimeout(() => burst.remove(), timing.burst);
    return wait(timing.hold);
  }
  burst.animate([
    { transform: "translate(-50%,-50%) scale(.3)", opacity: 0 },
    { transform: "translate(-50%,-50%) scale(1.25)", opacity: 1, offset: .2 },
    { transform: "translate(-50%,-50%) scale(1)", opacity: 1, offset: .35 },
    { transform: "translate(-50%,-50%) scale(1)", opacity: 1, offset: .85 },
    { transform: "translate(-50%,-50%) scale(1)", opacity: 0 },
  ], { duration: timing.burst, easing: "ease-out" }).finished.catch(() => {})
    .then(() => burst.remove());
  return wait(timing.hold);
}

// A pişti's flash: a gold ring widening from the pile and sparks flying out of it, under the
// "PİŞTİ!" words (a new player called the badge alone "correct, but not a celebration").
// Outside the board, like the words, and as short as the pace; nothing under reduced motion
// (a pişti is never celebrated then).
const SPARKS = 12;

function sparkle(box, timing) {
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const ms = Math.min(timing.burst, 1100);
  const ring = document.createElement("div");
  ring.className = "pisti-ring";
  ring.style.left = x + "px";
  ring.style.top = y + "px";
  ring.style.width = ring.style.height = Math.max(box.width, box.height) + "px";
  document.body.appendChild(ring);
  const parts = [ring];
  if (ring.animate) {
    ring.animate([
      { transform: "translate(-50%,-50%) scale(.4)", opacity: .9 },
      { transform: "translate(-50%,-50%) scale(1.8)", opacity: 0 },
    ], { duration: ms * .7, easing: "ease-out", fill: "forwards" });
  }
  const reach = Math.max(box.width, box.height) * 1.7;
  for (let i = 0; i < SPARKS; i += 1) {
    const spark = document.createElement("div");
    spark.className = "pisti-spark";
    spark.style.left = x + "px";
    spark.style.top = y + "px";
    document.body.appendChild(spark);
    parts.push(spark);
    const angle = (2 * Math.PI * i) / SPARKS + (i % 2 ? .2 : -.1);
    const distance = reach * (i % 3 === 0 ? 1 : .75);
    const at = (share, scale) => "translate(calc(-50% + " + Math.cos(angle) * distance * share +
      "px), calc(-50% + " + Math.sin(angle) * distance * share + "px)) scale(" + scale + ")";
    if (spark.animate) {
      // bright most of the way out, fading only at the end
      spark.animate([
        { transform: at(0, 1), opacity: 1 },
        { transform: at(.85, .8), opacity: 1, offset: .7 },
        { transform: at(1, .4), opacity: 0 },
      ], { duration: ms, easing: "ease-out", fill: "forwards" });
    }
  }
  window.setTimeout(() => parts.forEach((part) => part.remove()), ms + 50);
}

// The calm banner of the deal's end over the emptied pile; the board swapped in after the
// hold takes it away.
// Nobody is to play any more: no seat keeps its flag (a deal's end, a line shown to its end).
function clearTurn(board) {
  board.querySelectorAll(".is-turn").forEach((seat) => seat.classList.remove("is-turn"));
  board.removeAttribute("data-turn");
}

function dealOver(board, labels, timing) {
  clearTurn(board);  // no seat keeps its flag under the banner
  if (labels && labels.dealOver) {
    const banner = document.createElement("div");
    banner.className = "deal-over-banner";
    banner.textContent = labels.dealOver;
    board.querySelector("[data-pile]").parentNode.appendChild(banner);
  }
  return wait(timing.end);
}

// One mark per kind with its count, as the server draws it ("Pişti", then "Pişti ×2").
function addMark(marks, jack) {
  const css = jack ? "pisti-mark is-jack" : "pisti-mark";
  let mark = marks.querySelector(jack ? ".pisti-mark.is-jack" : ".pisti-mark:not(.is-jack)");
  if (!mark) {
    mark = document.createElement("span");
    mark.className = css;
    mark.dataset.count = "0";
    // the words in the page's language, from the server's markup
    mark.textContent = jack ? marks.dataset.jackMark : marks.dataset.mark;
    if (jack) marks.appendChild(mark); else marks.prepend(mark);
  }
  const count = Number(mark.dataset.count) + 1;
  mark.dataset.count = String(count);
  let times = mark.querySelector(".mark-times");
  if (count > 1 && !times) times = mark.appendChild(document.createElement("span"));
  if (times) {
    times.className = "mark-times";
    times.textContent = "×" + count;
  }
}

function sweep(board, step, timing) {
  const pile = board.querySelector("[data-pile]");
  const cards = Array.from(pile.querySelectorAll(".pile-card"));
  // The cards go to the capturing seat's own pile; every pile of that side (partners
  // show the same one) then counts them.
  const stack = board.querySelector("[data-seat='" + step.seat + "'] [data-stack]") ||
    board.querySelector("[data-stack='" + step.side + "']") ||
    board.querySelector("[data-seat='" + step.seat + "']");
  const stacks = board.querySelectorAll("[data-stack='" + step.side + "']");
  const target = stack ? stack.getBoundingClientRect() : null;
  setPileCount(board, 0);  // the count goes with the cards, not after them
  const moves = cards.map((card) => {
    if (!target) return Promise.resolve();
    const box = card.getBoundingClientRect();
    const dx = target.left + 12 - box.left;
    const dy = target.top - box.top;
    return animate(card, [
      { transform: getComputedStyle(card).transform, opacity: 1 },
      { transform: "translate(" + dx + "px," + dy + "px) scale(.3)", opacity: 0 },
    ], { duration: timing.sweep, easing: "ease-in", fill: "forwards" });
  });
  return Promise.all(moves).then(() => {
    cards.forEach((card) => card.remove());
    stacks.forEach((pile) => {
      const number = pile.querySelector("[data-stack-count]");
      if (number) number.textContent = String(Number(number.textContent) + step.captured);
      const holder = pile.querySelector(".stack-pile");
      if (holder && !holder.firstChild) {
        holder.appendChild(cardElement(board, "back", "stack-card is-back"));
      }
      // the mark at the seat that made the pişti (a partner's copy of the team's pile has
      // its own: the server draws them so)
      const marks = pile.closest("[data-seat='" + step.seat + "']") || stacks.length === 1
        ? pile.querySelector("[data-pisti-marks]") : null;
      if (marks && (step.pisti || step.jack_pisti)) addMark(marks, !!step.jack_pisti);
    });
    countSideTable(step);
    // the points come with the cards: shown on landing, they ran a second ahead of the
    // pile's count (a pişti's burst, then the sweep)
    showPoints(step);
  });
}

// The score table beside the board (data-side-*, outside it): the side's cards and piştis
// this deal, counted on as the capture lands, so it never lags the strip.
function addToCells(selector, count) {
  document.querySelectorAll(selector).forEach((cell) => {
    cell.textContent = String(Number(cell.textContent) + count);
    if (cell.parentNode.hasAttribute("data-side-jack-pisti-wrap")) cell.parentNode.hidden = false;
  });
}

function countSideTable(step) {
  addToCells("[data-side-captured='" + step.side + "']", step.captured);
  countSidePisti(step);
}

// A pişti is counted once: with its burst (the strip's +10 came then and the table beside it
// still said 0), or with the sweep when nothing celebrated it (a line replayed at once).
function countSidePisti(step) {
  if (step.sidePistiCounted || !(step.pisti || step.jack_pisti)) return;
  step.sidePistiCounted = true;
  addToCells("[data-side-" + (step.jack_pisti ? "jack-pisti" : "pisti") + "='" + step.side + "']", 1);
}

// The score strip (data-strip-points, outside the board): each side's points this deal,
// changed as a capture's cards reach the capturer's pile; a pişti's points pop.
function showPoints(step) {
  if (!step.points) return;
  let gained = 0;
  document.querySelectorAll("[data-strip-points]").forEach((cell) => {
    const side = Number(cell.getAttribute("data-strip-points"));
    const text = "+" + step.points[side];
    if (cell.textContent === text) return;
    if (side === step.side && !gained) gained = step.points[side] - (Number(cell.textContent) || 0);
    cell.textContent = text;
    cell.classList.toggle("is-zero", !step.points[side]);
    if (side === step.side && (step.pisti || step.jack_pisti)) {
      // a gold flash and a small swell: at 1.6 times its size it covered the total
      animate(cell, [
        { transform: "scale(1.15)", backgroundColor: "#ffd54f" },
        { transform: "scale(1)" },
      ], { duration: 900, easing: "ease-out" });
    }
  });
  if (gained > 0) floatPoints(step, gained);
}

// The points a capture scored rise from the capturer's own pile ("+3" by the seat that took
// them): the strip above the table changed where a phone player's eye was not.
function floatPoints(step, gained) {
  const stack = document.querySelector("[data-seat='" + step.seat + "'] [data-stack]");
  if (!stack || reducedMotion()) return;
  // from the pile's own picture (over the seat's words it hid "Taken 6" and the chips)
  const pile = stack.querySelector(".stack-pile");
  const box = (pile && pile.getBoundingClientRect().width ? pile : stack).getBoundingClientRect();
  const float = document.createElement("div");
  float.className = "points-float" + (step.pisti || step.jack_pisti ? " is-pisti" : "");
  float.setAttribute("aria-hidden", "true");
  float.textContent = "+" + gained;
  float.style.left = box.left + box.width / 2 + "px";
  float.style.top = box.top + box.height / 2 + "px";
  document.body.appendChild(float);
  if (!float.animate) {
    window.setTimeout(() => float.remove(), 900);
    return;
  }
  // a short rise over the pile's own count: higher, it lay over the seat's name and chips
  float.animate([
    { transform: "translate(-50%, -50%) scale(.6)", opacity: 0 },
    { transform: "translate(-50%, -70%) scale(1.1)", opacity: 1, offset: .2 },
    { transform: "translate(-50%, -90%) scale(1)", opacity: 1, offset: .7 },
    { transform: "translate(-50%, -120%) scale(1)", opacity: 0 },
  ], { duration: 900, easing: "ease-out" }).finished.catch(() => {}).then(() => float.remove());
}

// A play's line, and "Your turn." after it when it handed the turn to you (a new player
// read the reply alone as the table still busy).
function withYourTurn(board, step) {
  const me = board.getAttribute("data-me");
  const yours = board.getAttribute("data-your-turn-text");
  const handedOver = board.getAttribute("data-turn") === me && String(step.seat) !== me;
  return handedOver && yours ? step.text + " " + yours : step.text;
}

// A card's corner sign ("10♦", "Q♥") from its name ("TD", "QH"), as the server writes it
// (pisti_site/svg.py card_sign).
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

function cardSign(name) {
  return (name[0] === "T" ? "10" : name[0]) + SUIT_SIGNS[name[1]];
}

// The card of the seat to play next was laid a whole turn of the table ago: drawn faded,
// as the server draws it, from the moment the turn heads its way ("to play" beside its last
// card read as its card just now).
function fadeLastPlay(board, seat) {
  const chip = board.querySelector("[data-seat='" + seat + "'] [data-last-play]");
  if (chip && !chip.classList.contains("is-none")) chip.classList.add("is-old");
}

// The seat's "played Q♥" shows the card that just landed: after a 2 vs 2 round of three
// quick bot plays each seat still says what it laid.
function showLastPlay(board, step) {
  const chip = board.querySelector("[data-seat='" + step.seat + "'] [data-last-play]");
  if (!chip || !step.card) return;
  const pattern = chip.getAttribute("data-pattern") || "%(card)s";
  const [before, after] = pattern.split("%(card)s");
  const card = document.createElement("span");
  card.className = "last-play-card" + (/[DH]$/.test(step.card) ? " is-red" : "");
  card.textContent = cardSign(step.card);
  const sign = chip.querySelector(".last-play-sign");
  sign.replaceChildren(before || "", card, after || "");
  // and under it what it took: "took the pile", "pişti!" (the line keeps its room)
  const kind = step.jack_pisti ? "jack_pisti" : step.pisti ? "pisti" : step.captured ? "pile" : "";
  const took = kind ? chip.getAttribute("data-took-" + kind.replace("_", "-")) || "" : "";
  chip.querySelector(".last-play-took").textContent = took || "\u00a0";
  chip.classList.remove("is-none", "is-old", "took-pile", "took-pisti", "took-jack_pisti");
  fadeLastPlay(board, (Number(step.seat) + 1) % board.querySelectorAll("[data-last-play]").length);
  if (kind) {
    chip.classList.add("took-" + kind);
    // only the latest capture says so: two seats' "took the pile" left a new player unable
    // to tell who had taken it last
    board.querySelectorAll("[data-last-play]").forEach((other) => {
      if (other === chip || !other.matches(".took-pile, .took-pisti, .took-jack_pisti")) return;
      other.classList.remove("took-pile", "took-pisti", "took-jack_pisti");
      other.querySelector(".last-play-took").textContent = "\u00a0";
      const heard = other.querySelector(".visually-hidden");
      heard.textContent = heard.textContent.replace(/, [^,]*$/, "");
    });
  }
  chip.querySelector(".visually-hidden").textContent =
    pattern.replace("%(card)s", step.words || "") + (took ? ", " + took : "");
}

// A step lands: its line in the status, the page's own handler, and the document event
// the sounds (and the tests) listen to.
function tellStep(board, step, options) {
  setStatus(board, step.text);
  if (!step.leftover) showLastPlay(board, step);
  if (options.instant) return;  // replayed to reach a later play: already told once
  if (options.onStep) options.onStep(step);
  document.dispatchEvent(new CustomEvent("pisti:step", { detail: step }));
}

// The cards left on the table at the end go to the side that captured last: no card
// leaves a hand, the pile is swept and the status line says so.
function playLeftover(board, step, options, timing) {
  tellStep(board, step, options);
  return wait(timing.gap).then(() => sweep(board, step, timing)).then(() => wait(timing.fly));
}

// The player's own card leaves the hand the moment it is chosen, before the server
// answers: ``launch`` starts its flight to the pile; ``play`` then picks it up as the first
// step (the capture, the celebration and the replies follow), or ``rollBack`` puts it
// back in the hand if the server refused it or could not be reached.
export function launch(root, button, { pending = false } = {}) {
  const board = root.querySelector("[data-table]");
  if (!board || reducedMotion()) return null;
  const step = { seat: Number(board.getAttribute("data-me")), card: button.getAttribute("data-card") };
  hurried = false;
  const from = source(board, step, button, PACES[pace()]);
  const launched = { card: step.card, button, board, hurried: false, turn: board.getAttribute("data-turn") };
  // Your turn is over as the card leaves your hand. A card that cannot go yet (no
  // connection: it waits to be sent) keeps the turn and lands faded until the answer.
  if (!pending) {
    moveTurn(board, step);
    // the status line follows at once ("You: four of hearts"); the server's step then
    // says what it took, and a refusal puts the reason there instead
    const me = board.getAttribute("data-you");  // "You", not a friends seat's own name
    const name = button.querySelector(".visually-hidden");
    const status = board.querySelector("[data-status]");
    launched.statusBefore = status ? status.textContent : null;
    if (me && name) setStatus(board, me + ": " + name.textContent.trim());
  }
  // what the other cards would have taken is stale once this one is on its way
  board.querySelectorAll("[data-hand] .takes").forEach((label) => { label.hidden = true; });
  board.querySelectorAll("[data-hand] .captures").forEach((card) => card.classList.remove("captures"));
  // A click or key before the server answers hurries the flight and the replies to come.
  const hurryLater = (event) => {
    if (!isHurryEvent(event)) return;
    launched.hurried = true;
    hurry();
  };
  document.addEventListener("pointerdown", hurryLater, true);
  document.addEventListener("keydown", hurryLater, true);
  launched.stopListening = () => {
    document.removeEventListener("pointerdown", hurryLater, true);
    document.removeEventListener("keydown", hurryLater, true);
  };
  launched.landed = flyToPile(board, step, from, PACES[pace()]);
  if (pending) {
    launched.landed = launched.landed.then(() => {
      const cards = board.querySelectorAll("[data-pile] .pile-card");
      if (cards.length) cards[cards.length - 1].classList.add("is-pending");
    });
  }
  return launched;
}

export function rollBack(launched) {
  if (!launched) return Promise.resolve();
  launched.stopListening();
  return launched.landed.then(() => {
    const pile = launched.board.querySelector("[data-pile]");
    const cards = pile ? pile.querySelectorAll(".pile-card") : [];
    const last = cards[cards.length - 1];
    if (last && !last.classList.contains("is-down")) last.remove();
    if (pile) setPileCount(launched.board, pile.querySelectorAll(".pile-card").length);
    // back in its place in the hand, the others moving aside for it
    if (launched.button.getAnimations) launched.button.getAnimations().forEach((a) => a.cancel());
    launched.button.classList.remove("is-playing");
    renumber(launched.button.parentNode);
    if (launched.turn !== null) setTurn(launched.board, launched.turn);  // still yours
    if (launched.statusBefore != null) setStatus(launched.board, launched.statusBefore);
  });
}

function playStep(board, step, options, timing) {
  if (step.leftover) return playLeftover(board, step, options, timing);
  const launched = options.launched && options.launched.card === step.card &&
    String(step.seat) === board.getAttribute("data-me") ? options.launched : null;
  const clicked = options.clicked && options.clicked.card === step.card
    ? options.clicked.button : null;
  const from = launched ? null : source(board, step, clicked, timing);
  // The turn passes as the card leaves the hand: the highlighted seat and its flag move
  // together, from the one record of whose turn it is. Yours comes once the card has
  // landed (and taken what it takes): "your turn" never shows over a hand still waiting.
  const toMe = String((Number(step.seat) + 1) % board.querySelectorAll("[data-seat]").length) ===
    board.getAttribute("data-me") && String(step.seat) !== board.getAttribute("data-me");
  if (!toMe) moveTurn(board, step);
  // what the play did is told (status, log, sound) as the card arrives: once it is nearly
  // on the pile (its easing covers most of the way in the first half of the flight, when
  // the pile's count changes too), so the words neither run ahead of the table nor trail it
  const arrived = launched ? launched.landed : flyToPile(board, step, from, timing);
  const told = (launched ? arrived : Promise.race([arrived, wait(timing.fly / 2)]))
    .then(() => tellStep(board, step, options));
  return Promise.all([arrived, told])
    .then(() => {
      // the card has landed: its seat's turn is over, though yours waits for what it
      // takes (the flag and a friend's clock stayed on the seat through its pişti)
      if (toMe && !options.instant) setTurn(board, -1);
      if ((step.pisti || step.jack_pisti) && !options.instant) {
        return celebrate(board, step, options.labels, timing);
      }
    })
    .then(() => {
      if (step.captured) return wait(timing.look).then(() => sweep(board, step, timing));
    })
    .then(() => {
      if (!toMe) return;
      moveTurn(board, step);
      setStatus(board, withYourTurn(board, step));
    })
    // the pause before the next play; after the last one the hand is yours at once
    .then(() => (options.last === step ? undefined : wait(timing.gap)));
}

// Play ``steps`` on the board inside ``root``; resolves when the last one has landed
// (at once with reduced motion; faster once the player presses a key or the screen).
export function play(root, steps, options = {}) {
  const board = root.querySelector("[data-table]");
  if (!board || !steps || !steps.length) return Promise.resolve();
  if (reducedMotion()) {
    // Nothing moves, but the plays still happened: the page (its log) and the listeners
    // (the sounds) hear of each.
    steps.forEach((step) => {
      if (options.onStep) options.onStep(step);
      document.dispatchEvent(new CustomEvent("pisti:step", { detail: step }));
    });
    document.dispatchEvent(new CustomEvent("pisti:steps-done"));
    return Promise.resolve();
  }
  // A click or key while your own card was already on its way asked to hurry these too.
  if (options.launched) options.launched.stopListening();
  hurried = !!(options.launched && options.launched.hurried);
  const timing = options.instant ? INSTANT : PACES[options.pace || pace()];
  document.addEventListener("pointerdown", hurryOn, true);
  document.addEventListener("keydown", hurryOn, true);
  // A new deal that a bot opens: the fresh hand shows a moment before the first card flies.
  let chain = options.newDeal ? wait(timing.deal) : Promise.resolve();
  const last = options.dealEnds ? null : steps[steps.length - 1];
  steps.forEach((step, index) => {
    chain = chain.then(() => playStep(board, step, { ...options, last }, timing));
    // The tutorial holds the learner's own result on screen before the replies come.
    if (index === 0 && options.holdFirst && steps.length > 1) {
      chain = chain.then(() => wait(timing.fly * 2));
    }
  });
  // The deal's last plays and the sweep stay in view a moment, under a "deal over" banner,
  // before the summary covers them.
  if (options.dealEnds) chain = chain.then(() => dealOver(board, options.labels, timing));
  return chain.then(() => {
    document.removeEventListener("pointerdown", hurryOn, true);
    document.removeEventListener("keydown", hurryOn, true);
    document.querySelectorAll(".flying-card").forEach((el) => el.remove());
    hurried = false;
    document.dispatchEvent(new CustomEvent("pisti:steps-done"));
  });
}

let paceBound = false;

// The fast / normal / slow choice: radios named "pace" inside ``container``.
export function bindPace(container) {
  if (!paceBound) {
    paceBound = true;
    document.addEventListener("change", (event) => {
      if (event.target.name === "pace") setPace(event.target.value);
    });
  }
  const control = container.querySelector("[data-pace-control]");
  if (!control) return;
  control.hidden = false;
  const current = pace();
  control.querySelectorAll("input[name=pace]").forEach((input) => {
    input.checked = input.value === current;
  });
}

// The cards in the hand on ``board`` (null without a board): what a redraw compares with.
function handCards(board) {
  if (!board) return null;
  return new Set([...board.querySelectorAll("[data-hand] [data-card]")].map((b) => b.getAttribute("data-card")));
}

// A fresh hand (a new round, a new deal) comes from the stock one card after another, as
// dealt at a real table: for each card that was not in the hand ``before`` a copy flies
// from the stock to its place, where the card shows as its copy lands. The cards
// themselves do not move (a card moving under a finger or a pointer is a card missed), and
// a card pressed while its copy flies is played. A page's first board and a hand that only
// lost its card deal nothing.
function dealIn(board, before, timing) {
  if (!board || !before || reducedMotion() || !timing.dealIn) return;
  const fresh = [...board.querySelectorAll("[data-hand] [data-card]")]
    .filter((button) => !before.has(button.getAttribute("data-card")));
  const stock = board.querySelector("[data-stock]");
  if (fresh.length < 2 || !stock || !fresh[0].animate) return;
  const from = (stock.querySelector(".stock-card") || stock).getBoundingClientRect();
  fresh.forEach((button, index) => {
    const face = button.querySelector(".card") || button;
    const to = face.getBoundingClientRect();
    if (!to.width) return;
    const copy = cardElement(board, button.getAttribute("data-card"), "deal-card");
    Object.assign(copy.style, { left: to.left + "px", top: to.top + "px", width: to.width + "px" });
    document.body.appendChild(copy);
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = Math.max(0.4, Math.min(1, from.width / to.width));
    const timed = { duration: timing.dealIn, delay: index * timing.dealGap, easing: "ease-out", fill: "backwards" };
    const flight = copy.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" },
    ], timed);
    flight.finished.catch(() => {}).then(() => copy.remove());
    button.animate([{ opacity: 0 }, { opacity: 0 }], timed);  // shown as its copy lands
  });
}

// The board of one page: ``root`` holds it (and gets a new one from the server after each
// move); the "PİŞTİ!" words come from the root's data-pisti-label / data-jack-pisti-label.
// A playable hand inside the root can be dragged onto the pile, on every board swapped in.
export class Board {
  constructor(root, { onStep = null, pace: fixedPace = null } = {}) {
    this.root = root;
    enableDrag(root);
    this.onStep = onStep;
    this.pace = fixedPace;
    this.labels = {
      pisti: root.getAttribute("data-pisti-label"),
      jackPisti: root.getAttribute("data-jack-pisti-label"),
      dealOver: root.getAttribute("data-deal-over-label"),
    };
  }

  get element() { return this.root.querySelector("[data-table]"); }

  // Swaps in the server's next board (``html`` into ``container``, the root or a part of
  // it); a fresh hand in it is dealt in from the stock (see ``dealIn``).
  redraw(container, html) {
    const before = handCards(this.element);
    container.innerHTML = html;
    dealIn(this.element, before, PACES[this.pace || pace()]);
  }

  // Plays ``steps``; ``clicked`` ({card, button}) starts the player's own card from the
  // button pressed, ``holdFirst`` holds the first play still before the others.
  // ``instant``: the steps land at once, without sound or burst (a line stepped back to).
  play(steps, { clicked = null, launched = null, holdFirst = false, newDeal = false, dealEnds = false, instant = false } = {}) {
    return play(this.root, steps, {
      labels: this.labels, clicked, launched, holdFirst, newDeal, dealEnds, instant,
      onStep: this.onStep, pace: this.pace,
    });
  }

  // The player's own card starts for the pile at once (see ``launch``).
  launch(button, options) { return launch(this.root, button, options); }

  rollBack(launched) { return rollBack(launched); }

  status(text, isError) { setStatus(this.element, text, isError); }

  // The line once a page has drawn the board after its plays: the last play stays
  // readable, and when it handed the turn to you the line says so ("… Your turn.").
  tellLast(step) { setStatus(this.element, withYourTurn(this.element, step)); }

  // A line shown to its end (a puzzle's solution): nobody is to play, the cards left are
  // not to be pressed, and the line says the last play ("Your turn." would be untrue).
  stopAt(step) {
    const board = this.element;
    if (!board) return;
    clearTurn(board);
    board.querySelectorAll("[data-hand] button").forEach((button) => { button.disabled = true; });
    if (step) setStatus(board, step.text);
  }

  bindPace() { bindPace(this.root); }
}
