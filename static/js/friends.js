// A table with friends: one WebSocket, one frame per change. The server sends each browser
// only its own seat's view and refuses any bad message with a reason; this script draws
// what it is sent and sends what the player clicks. Words here: the table is the game the
// friends sit at (its seats, status and version), the board is the drawn cards (board.js),
// a frame is one message of the state type. The socket hands each message to a handler by type
// (socket.js); the close codes and message type names are the server's (friends/protocol.py),
// read from the page (#friends-close-codes, #friends-message-types).
import { Board } from "./board.js";
import { reducedMotion } from "./motion.js";
import { numberKeys, onKeys } from "./keys.js";
import { announce, logLine, scrollToNewest } from "./live.js";
import { openSocket } from "./socket.js";
import "./sound.js";  // the table's sounds and their on/off switch

const SVG = "http://www.w3.org/2000/svg";
const NOTE_SECONDS = 6;  // how long a note stays over the table
const LOW_SECONDS = 5;  // a turn timer's last seconds, in red

function format(text, values) {
  return text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
}

// "in 10 s": the number and its unit never part at a line's end ("in 10 / s" wrapped)
function keepUnit(text) {
  return text.replace(/(\d) (\S)/g, "$1\u00a0$2");
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function pageJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

// The table's link: copied with a word that says so, or handed to the phone's own share
// sheet where the browser has one.
function copyLink() {
  const input = document.getElementById("table-link");
  const copy = document.querySelector("[data-copy-link]");
  const share = document.querySelector("[data-share-link]");
  if (!input) return;
  if (copy && navigator.clipboard) {
    const label = copy.textContent;
    copy.hidden = false;
    copy.addEventListener("click", () => navigator.clipboard.writeText(input.value).then(() => {
      copy.textContent = copy.dataset.copied;
      window.setTimeout(() => { copy.textContent = label; }, 2000);
    }, () => input.select()));
  }
  if (share && navigator.share) {
    share.hidden = false;
    share.addEventListener("click", () => {
      navigator.share({ title: share.dataset.title, url: input.value }).catch(() => {});
    });
  }
}

// Everything this page draws, from frames only: the players, the board, the deal's end.
function drawing(root, t, { takeOver = () => {} } = {}) {
  const hooks = {};
  ["status", "note", "players", "strip", "board", "result", "reactions", "log", "earlier"].forEach((name) => {
    hooks[name] = root.querySelector("[data-friends-" + name + "]");
  });
  hooks.stripDeal = root.querySelector("[data-friends-strip-deal]");
  const board = new Board(root, { onStep: (step) => logStep(step) });
  let frame = null;  // the newest frame from the server
  // the frame the table shows: the newest once its cards have landed. The clock, its ring
  // and "Your turn" follow this one; from the newest they ran ahead of the cards (the next
  // player's fresh clock on the seat that had just run out, "Your turn" over their card).
  let drawn = null;
  let queue = Promise.resolve();
  let shownDeal = null;
  let shownMatch = null;  // "Play again" starts a new match at deal 1: a new deal all the same
  let shownPlays = 0;
  let myLastPlay = 0;  // the number of this seat's latest play in the deal, landed or not
  let launched = null;  // your card on its way to the pile while the server decides
  let hurried = false;  // told of your clock's last seconds, this turn

  function say(text) { hooks.status.textContent = text; }

  // Reactions shown over their senders' seats: kept here, so a board redrawn by the next
  // play puts them back for the rest of their time instead of wiping them.
  const BUBBLE_MS = 3500;
  const bubbles = new Map();  // seat -> {text, until}

  function drawBubble(seat) {
    const shown = bubbles.get(seat);
    const place = board.element && board.element.querySelector("[data-seat='" + seat + "']");
    if (!shown || !place) return;
    const left = shown.until - Date.now();
    const old = place.querySelector(".reaction-bubble");
    if (old) old.remove();
    if (left <= 0) {
      bubbles.delete(seat);
      return;
    }
    const bubble = place.appendChild(element("span", "reaction-bubble", shown.text));
    bubble.setAttribute("aria-hidden", "true");  // the log line is what is read out
    if (shown.drawn) bubble.style.animation = "none";  // the same bubble, redrawn: no new pop
    shown.drawn = true;
    window.setTimeout(() => {
      bubble.remove();
      if (bubbles.get(seat) === shown && shown.until <= Date.now()) bubbles.delete(seat);
    }, left);
  }

  // A note floats over the table (friends.css) and goes after a while, or on a tap.
  let noteTimer = 0;
  let noteLasts = false;  // a note that stays until the connection's news changes
  function note(text, options = {}) {
    window.clearTimeout(noteTimer);
    hooks.note.textContent = text;
    hooks.note.hidden = !text;
    noteLasts = !!text && !!options.lasting;
    if (text && !options.lasting) noteTimer = window.setTimeout(() => { hooks.note.hidden = true; }, NOTE_SECONDS * 1000);
  }
  // A frame has come: a note about the connection ("offline", "your card waits") is over;
  // any other stays its few seconds (the timer's "played for you" was wiped at once by the
  // bot's reply that came right after it, and a player never read it: review 5).
  function frameCame() {
    if (noteLasts) note("");
  }
  if (hooks.note) hooks.note.addEventListener("click", () => { hooks.note.hidden = true; });

  function nameOf(seat) { return frame ? frame.seats[seat].name : ""; }

  function statusText(f) {
    if (f.status === "finished") return t.match_over;
    if (f.deal_over) return t.deal_over;
    return turnText(f, f.to_move);
  }

  // The line above the table says only what the table cannot: someone away, watching.
  // Whose turn it is the table says itself (its status line and the seat's flag), so it
  // is not said a third time here.
  function turnText(f, seat) {
    const mover = f.seats[seat];
    if (mover && mover.away && !mover.stand_in) return format(t.waiting, { name: mover.name });
    if (f.seat === null) return t.watching;
    return "";
  }

  // While the board plays a frame's cards, the line and the players' boxes follow the
  // board's own record of whose turn it is (pisti:turn, as it highlights the seat), never
  // the frame's final turn ahead of the cards.
  document.addEventListener("pisti:turn", () => {
    const turn = shownTurn();
    if (!frame || !frame.view || turn === null) return;
    // -1: nobody to play (the round's last card, your turn waits for your new hand; or a
    // card that hands you the turn, until what it takes is swept)
    if (Number(turn) >= 0) say(turnText(frame, Number(turn)));
    markToMove();
    // the clock goes with the turn at once, not at its next quarter-second tick (a spent
    // "0 s" stayed on the seat the turn had left for up to 250 ms: seen in CI under load)
    tick();
  });

  // Whose turn the table shows now: the board's own record (data-turn, "-1" for nobody
  // between a round's last card and the next hand), or null without a board or a turn.
  function shownTurn() {
    const table = board.element;
    return table && table.hasAttribute("data-turn") ? table.getAttribute("data-turn") : null;
  }

  // The one place the players' list marks the seat to play: from the board's own record
  // of whose turn it is, as the seats' flags and the clock's ring follow it.
  function markToMove() {
    const turn = shownTurn();
    if (!hooks.players) return;
    hooks.players.querySelectorAll("li[data-seat]").forEach((item) => {
      item.classList.toggle("is-to-move", item.dataset.seat === turn);
    });
  }

  function timerRing() {
    const ring = document.createElementNS(SVG, "svg");
    ring.setAttribute("viewBox", "0 0 36 36");
    ring.setAttribute("class", "timer-ring");
    ring.setAttribute("aria-hidden", "true");
    const track = document.createElementNS(SVG, "circle");
    const arc = document.createElementNS(SVG, "circle");
    [track, arc].forEach((circle) => {
      circle.setAttribute("cx", "18"); circle.setAttribute("cy", "18");
      circle.setAttribute("r", "15"); ring.appendChild(circle);
    });
    track.setAttribute("class", "timer-track");
    arc.setAttribute("class", "timer-arc");
    arc.setAttribute("stroke-dasharray", "94.25");
    arc.dataset.timerArc = "";
    return ring;
  }

  const takeOverAt = new Map();  // seat: when a bot may play for its away player
  function standInLabel() { return element("span", "stand-in", " — " + t.stand_in); }

  function players(f) {
    const list = hooks.players;
    list.textContent = "";
    f.seats.forEach((seat) => {
      const item = element("li", "friends-player");
      item.dataset.seat = seat.seat;
      if (seat.away) item.classList.add("is-away");
      item.appendChild(element("strong", "", seat.name));
      // a bot's level; a player's seat kept by a bot says so in words instead (a level
      // beside a player's name made them look like a bot)
      if (seat.level_name && !seat.stand_in) item.appendChild(element("span", "seat-level", seat.level_name));
      if (seat.seat === f.seat) item.appendChild(element("span", "you", " " + t.you));
      if (seat.stand_in) item.appendChild(standInLabel());
      else if (seat.away && seat.kind === "human") item.appendChild(element("span", "away-note", " — " + t.away));
      if (seat.away && seat.kind === "human" && f.seat !== null) {
        const button = element("button", "button-secondary", format(t.take_over, { name: seat.name }));
        button.type = "button";
        button.dataset.takeOver = seat.seat;
        // off, counting down, until the server would let a bot play for them; the
        // earliest moment told while they are away (each is the server's whole seconds
        // from a frame's arrival, never early: redrawn from a later one, the count jumped
        // back from 14 s to 15 s)
        const ready = Date.now() + 1000 * (seat.take_over_in || 0);
        takeOverAt.set(seat.seat, Math.min(ready, takeOverAt.get(seat.seat) ?? Infinity));
        button.dataset.readyAt = String(takeOverAt.get(seat.seat));
        button.dataset.name = seat.name;
        item.appendChild(button);
      }
      // back at the table: their next time away counts afresh
      if (!seat.away) takeOverAt.delete(seat.seat);
      list.appendChild(item);
    });
    markSeats(f);
    markToMove();
    tick();
  }

  // Someone away, or a bot playing for them, is tagged at their seat on the table, where a
  // phone shows it (the players' row above the strip came and went with it and moved the
  // table under the thumb: review 8; a phone shows no row in play now).
  function markSeats(f) {
    const table = hooks.board.querySelector("[data-table]");
    if (!table) return;
    f.seats.forEach((seat) => {
      const label = table.querySelector(`[data-seat="${seat.seat}"] .seat-label`);
      if (!label) return;
      label.querySelectorAll(".seat-away").forEach((tag) => tag.remove());
      const word = seat.stand_in ? t.stand_in_short
        : seat.away && seat.kind === "human" ? t.away_short : "";
      if (word) label.appendChild(element("span", "seat-away", word));
    });
  }

  // Under the moves list, the deals of this match already played, each a link to its
  // review: a new deal starts the list afresh, and its last deal's plays were gone.
  function earlierDeals(f) {
    const box = hooks.earlier;
    if (!box) return;
    const played = f.deal_over ? f.deals.length - 1 : f.deals.length;  // the summary links its own
    const links = box.querySelector("[data-earlier-links]");
    if (links.childElementCount === played) return;
    links.textContent = "";
    for (let n = 1; n <= played; n += 1) {
      const link = document.createElement("a");
      link.href = box.dataset.url.replace(/0\/$/, n + "/");
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = format(t.deal_number, { n });
      links.append(link);
    }
    box.hidden = played === 0;
  }

  // The score strip, as in the practice game: each side's match total and its points
  // this deal (the board changes those as the captures land, then this redraws them).
  function strip(f) {
    earlierDeals(f);
    const sides = hooks.strip;
    if (!sides || !f.sides) return;
    hooks.stripDeal.textContent = format(t.deal_number, { n: f.deal }) + " · " + f.goal;
    sides.textContent = "";
    // your own side first, as the practice game's strip has it (each keeps its index, by
    // which the board adds the points as the captures land)
    const order = f.sides.map((side, index) => index);
    if (f.seat !== null && f.seat !== undefined) {
      const mine = f.seat % f.sides.length;
      order.sort((a, b) => (b === mine) - (a === mine));
    }
    order.forEach((index) => {
      const side = f.sides[index];
      const entry = sides.appendChild(element("span", "strip-side"));
      // a partnership's name carries its side's dot, as its captured piles on the table do
      if (f.seats.length > f.sides.length) {
        // a watcher sees the table from the first seat: that seat's team in the light colour
        const viewer = f.seat !== null && f.seat !== undefined ? f.seat : 0;
        entry.classList.add("is-team", index === viewer % f.sides.length ? "is-ours" : "is-theirs");
      }
      entry.appendChild(element("span", "strip-name", side.name));
      entry.append(" ");
      entry.appendChild(element("strong", "strip-total", String(side.total)));
      entry.append(" ");
      if (f.deal_over) {
        // the total already counts the deal; the pill keeps its place, unseen, so the
        // strip does not jump when the next deal's points come
        const place = entry.appendChild(element("span", "strip-now is-zero is-place", "+0"));
        place.setAttribute("aria-hidden", "true");
        return;
      }
      const now = entry.appendChild(element("span", "strip-now", "+" + side.deal_points));
      now.title = t.this_deal;  // a wide friends strip leaves out the pills' key
      now.classList.toggle("is-zero", !side.deal_points);
      now.dataset.stripPoints = index;
      entry.appendChild(element("span", "visually-hidden", " " + t.this_deal));
    });
    // a key says what the pills are, as in the practice game (CSS puts it after your pill;
    // unseen between deals, when the pills only keep their places)
    const key = sides.appendChild(element("span", "strip-legend"));
    key.setAttribute("aria-hidden", "true");
    key.textContent = t.this_deal;
  }

  // The deal's end as the server rendered it (sent only once the deal is over).
  function result(f) {
    const box = hooks.result;
    const wasHidden = box.hidden;
    box.innerHTML = f.deal_end || "";
    box.hidden = !f.deal_end;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (f.deal_end && wasHidden && lost) {
      const heading = box.querySelector("[data-focus]");
      if (heading) heading.focus({ preventScroll: true });
    }
  }

  // One line of the log per play, numbered as the deal's plays are; a reaction said after
  // this play, waiting for it to be shown, comes right after it.
  function logStep(step) {
    logLine(hooks.log, step.text, {
      pisti: step.pisti || step.jack_pisti, remark: !!step.leftover, number: step.index + 1,
    });
    if (step.leftover) return;
    const isDue = (held) => held.deal === shownDeal && held.after <= step.index + 1;
    const due = heldLines.filter(isDue);
    heldLines = heldLines.filter((held) => !isDue(held));
    due.forEach((held) => placeLine(held.text, held.deal, held.after, held.options));
  }

  // A reaction goes in the log after the play its sender had last seen ([deal, after]),
  // the same place on every page and after a reload; one said after a play this page has
  // not shown yet waits for it; one of an earlier deal is not in this deal's log. So does
  // a remark of the server's (a bot standing in, a player back, the timer's card).
  let heldLines = [];  // reactions and remarks waiting for the play they follow
  const loggedRemarks = new Set();  // ids of the server's remarks in the log
  function loggedPlays() {
    return [...hooks.log.children].filter((li) => li.value && !li.classList.contains("is-remark"));
  }
  function lastLogged(plays) { return plays.length ? plays[plays.length - 1].value : 0; }
  function placeReaction(text, deal, after) {
    placeLine(text, deal, after, { remark: true, reaction: true });
  }
  function placeRemarks(f) {
    (f.remarks || []).filter((remark) => !loggedRemarks.has(remark.id)).forEach((remark) => {
      loggedRemarks.add(remark.id);
      placeLine(remark.text, f.deal, remark.after, { remark: true });
    });
  }
  function placeLine(text, deal, after, options) {
    if (!hooks.log) return;
    if (deal === undefined || after === undefined) {
      logLine(hooks.log, text, options);
      return;
    }
    if (deal !== shownDeal) {
      if (deal > (shownDeal || 0)) heldLines.push({ text, deal, after, options });
      return;
    }
    const plays = loggedPlays();
    if (after > lastLogged(plays)) {
      heldLines.push({ text, deal, after, options });
      return;
    }
    logLine(hooks.log, text, options);
    const line = hooks.log.lastElementChild;
    const next = plays.find((li) => li.value > after);
    if (next) hooks.log.insertBefore(line, next);
  }

  // The board plays the new cards on the board on screen, then the server's board for
  // this seat is swapped in; frames wait their turn. Each play is logged as it lands, so
  // the log never tells a play the table has not shown yet.
  function boardFor(f) {
    queue = queue.then(() => {
      const sameDeal = shownDeal === f.deal && shownMatch === f.match_number;
      const newDeal = shownDeal !== null && !sameDeal;
      if (newDeal && hooks.log) hooks.log.textContent = "";  // a new deal starts a new log
      if (newDeal && shownMatch !== f.match_number) {
        // a new match's remarks are numbered from the first again, and none waits from the last
        loggedRemarks.clear();
        heldLines = [];
      }
      let fresh = [];
      if (sameDeal) {
        fresh = f.steps.filter((step) => step.index >= shownPlays);
      } else if (newDeal && f.opening_html) {
        // The next deal's first plays (the bots before you) land on its opening table,
        // the last deal's summary put away and the points this deal starting from none.
        fresh = f.steps;
        board.redraw(hooks.board, f.opening_html);
        hooks.result.hidden = true;
        strip({ ...f, deal_over: false, sides: f.sides.map((side) => ({ ...side, deal_points: 0 })) });
      } else {
        // a page just opened (or reloaded): the whole deal's log at once, not animated
        f.steps.forEach(logStep);
      }
      const seen = sameDeal ? shownPlays : 0;
      shownDeal = f.deal;
      shownMatch = f.match_number;
      shownPlays = Math.max(seen, f.view.history.length, ...f.steps.map((step) => step.index + 1));
      myLastPlay = Math.max(0, ...f.steps.filter((step) => step.seat === f.seat && !step.leftover)
        .map((step) => step.index + 1));
      const others = fresh.filter((step) => step.seat !== f.seat).map((step) => step.text);
      if (others.length) announce(others.join(" "));
      const mine = launched;
      launched = null;
      const moving = board.element && fresh.length;
      if (!moving) fresh.forEach(logStep);
      placeRemarks(f);  // between the plays logged; one after a card still to land waits
      // the welcome back is a note over the table only: the moves list has the remarks
      // "You were away: …" and "You are back at the table." (it said it twice: review 7)
      const played = moving
        ? board.play(fresh, { launched: mine, dealEnds: !!f.deal_over, newDeal })
        : board.rollBack(mine);
      return played.then(() => {
        if (frame !== f) return;  // a newer frame is already waiting
        board.redraw(hooks.board, f.html);
        // the last play stays readable on the board; the seats' flags show whose turn it is
        const last = fresh[fresh.length - 1];
        if (last && !f.deal_over) board.tellLast(last);
        bubbles.forEach((_, seat) => drawBubble(seat));
        drawn = f;
        players(f);
        say(statusText(f));
        // the summary over the table says it in full; the line stays for screen readers
        hooks.status.classList.toggle("visually-hidden", !!f.deal_over || f.status === "finished");
        strip(f);
        result(f);
      });
    }).catch(() => { /* the next frame redraws everything */ });
  }

  // The first player at the table (by seat) is the one whose page asks for the bot when
  // an away player's turn has waited long enough: one request, not one from every screen.
  function firstPresent(f) {
    const here = f.seats.find((seat) => seat.kind === "human" && !seat.away);
    return here ? here.seat : null;
  }

  // The away player whose turn holds everyone up now, and when a bot may play for them:
  // the clock's ring and the seat's flag count to the same moment as the line above the
  // table (the ring said "16 s left" beside "a bot plays for them in 14 s").
  let holdingUp = null;

  function countTakeOvers() {
    if (!hooks.players) return;  // the lobby has no list of players yet
    const turn = shownTurn();
    const wasHoldingUp = holdingUp;
    holdingUp = null;
    hooks.players.querySelectorAll("[data-take-over]").forEach((button) => {
      const readyAt = Number(button.dataset.readyAt);
      const seconds = Math.ceil((readyAt - Date.now()) / 1000);
      button.disabled = seconds > 0;
      button.textContent = keepUnit(seconds > 0
        ? format(t.take_over_in, { name: button.dataset.name, seconds })
        : format(t.take_over, { name: button.dataset.name }));
      // Their turn holds everyone up: the line above the table counts down, then a bot
      // plays for them by itself (the button is for a player away when it is not yet
      // their turn; the seat is theirs again when they come back). Their turn as the table
      // shows it: the line went on counting "in 0 s" while the card played for them flew.
      const seat = Number(button.dataset.takeOver);
      const waiting = !!drawn && turn === String(seat) && !drawn.deal_over;
      button.closest("li").classList.toggle("is-holding-up", waiting);  // the line says it
      if (!waiting) return;
      // with a turn timer the bot plays when it runs out, if that comes first: one
      // countdown, said by the line and the clock, and the button keeps its words without
      // a count of its own (two counts, "2 s left" and "in 3 s", disagreed)
      holdingUp = { seat, at: readyAt };
      const timerLeft = drawn.deadlineAt === null ? Infinity
        : Math.ceil((drawn.deadlineAt - Date.now()) / 1000);
      const until = Math.max(0, Math.min(seconds, timerLeft));
      say(keepUnit(format(t.bot_plays_in, { name: button.dataset.name, seconds: until })));
      button.textContent = format(t.take_over, { name: button.dataset.name });
      // asked once, and again after a few seconds if the server said it was too soon
      const asked = Number(button.dataset.asked || 0);
      if (seconds <= 0 && Date.now() - asked > 3000 && frame.to_move === seat
          && firstPresent(frame) === frame.seat) {
        button.dataset.asked = String(Date.now());
        takeOver(seat);
      }
    });
    // the turn has moved on from the player away: the line says what it says for that turn
    if (wasHoldingUp && !holdingUp && frame && turn !== null && Number(turn) >= 0) {
      say(turnText(frame, Number(turn)));
    }
    // on a phone the table fills the screen under whatever stands above it (the line,
    // someone away): it gives up that height instead of pushing the hand off the screen
    // (on a phone the line lies over the table: no height of its own)
    const lineHeight = hooks.status && getComputedStyle(hooks.status).position !== "absolute"
      ? hooks.status.offsetHeight : 0;
    const above = lineHeight + hooks.players.offsetHeight;
    root.style.setProperty("--above-table", above + "px");
  }

  const wide = window.matchMedia("(min-width: 64rem)");  // the players' list beside the table

  // A bot starting to play for someone away is seen at once in the players' list and the
  // line above the table (the moves list has the server's remark, in its place).
  function noteSeatChanges(before, after) {
    after.seats.forEach((seat, index) => {
      const was = before.seats[index];
      if (!was) return;
      if (seat.stand_in && !was.stand_in) {
        const text = format(t.stand_in_now, { name: seat.name });
        // the list and the line say it at once, not once the cards in flight have landed
        // (they went on counting "a bot plays for them in 0 s" beside a live button)
        const item = hooks.players && hooks.players.querySelector(`li[data-seat="${index}"]`);
        if (item && !item.querySelector(".stand-in")) {
          item.querySelectorAll("[data-take-over], .away-note").forEach((el) => el.remove());
          item.classList.remove("is-holding-up");
          item.appendChild(standInLabel());
        }
        say(text);
      }
    });
  }

  // The clock of the seat the table shows to play: the newest frame's once the table has
  // reached that turn, the drawn frame's until then, none for a seat between them (a bot's
  // turn, your card still in the air). The ring goes with the turn marker, a fresh one
  // for each turn: it stayed, faded, beside the player who had just played, and came back
  // at 15 s on the seat whose time had just run out.
  function clockFor(turn) {
    if (frame && frame.status === "playing" && String(frame.to_move) === turn) return frame;
    if (drawn && String(drawn.to_move) === turn) return drawn;
    return null;
  }

  function placeRing(turn, deadlineAt) {
    let ring = hooks.players.querySelector(".timer-ring");
    const item = turn === null ? null : hooks.players.querySelector(`li[data-seat="${turn}"]`);
    if (ring && (ring.closest("li") !== item || ring.dataset.deadline !== String(deadlineAt))) {
      ring.nextElementSibling.remove();  // its words
      ring.remove();
      ring = null;
    }
    if (!ring && item) {
      ring = item.appendChild(timerRing());
      ring.dataset.deadline = String(deadlineAt);
      item.appendChild(element("span", "timer-text", "")).dataset.timerText = "";
    }
    return ring;
  }

  // A timer's table deals the next deal by itself once the summary's time is over: the
  // summary counts it down under its button (the server deals it; nobody waits for good).
  function countNextDeal() {
    const line = hooks.result && hooks.result.querySelector("[data-next-in]");
    if (!line || !drawn || !drawn.deal_over || drawn.deadlineAt === null) return;
    const seconds = Math.max(0, Math.ceil((drawn.deadlineAt - Date.now()) / 1000));
    line.textContent = keepUnit(format(t.next_deal_in, { seconds }));
  }

  function tick() {
    countTakeOvers();
    countNextDeal();
    if (!hooks.players || !drawn || !drawn.timer || drawn.status !== "playing") return;
    const table = board.element;
    const turn = shownTurn();
    const shown = turn === null ? null : clockFor(turn);
    const counting = !!shown && shown.deadlineAt !== null && !shown.deal_over
      && !(launched && String(shown.seat) === turn);
    // a seat without a clock of its own now (a bot, a card in the air): an empty grey ring,
    // so that a phone's one-line list keeps its height
    const ring = placeRing(turn === null || turn === "-1" ? null : turn, counting ? shown.deadlineAt : null);
    const flags = hooks.board ? hooks.board.querySelectorAll("[data-turn-flag]") : [];
    flags.forEach((flag) => { delete flag.dataset.left; flag.classList.remove("is-low"); });
    hooks.status.classList.remove("is-low");
    if (!ring) return;
    const text = ring.nextElementSibling;
    const arc = ring.querySelector("[data-timer-arc]");
    ring.classList.toggle("is-passing", !counting);
    if (!counting) {
      text.textContent = "";
      return;
    }
    // an away player's turn: the moment a bot plays for them, if it comes before the timer's
    const deadlineAt = holdingUp && String(holdingUp.seat) === turn
      ? Math.min(shown.deadlineAt, holdingUp.at) : shown.deadlineAt;
    const left = Math.max(0, deadlineAt - Date.now());
    const seconds = Math.ceil(left / 1000);
    const low = left <= LOW_SECONDS * 1000;
    arc.setAttribute("stroke-dashoffset", String(94.25 * (1 - left / (shown.timer * 1000))));
    ring.classList.toggle("is-low", low);  // the last seconds in red (it stayed calm at 1 s)
    text.textContent = format(t.time_left, { seconds });
    // and on the table, in the flag of the seat to play, where the eyes are (the list
    // stands in the side column on a desktop; a phone shows only the flag)
    const flag = table.querySelector(`[data-seat="${turn}"] [data-turn-flag]`);
    if (flag) {
      flag.dataset.left = keepUnit(format(t.seconds_short, { seconds }));
      flag.classList.toggle("is-low", low);
    }
    // your last seconds: a phone's moves sheet opened on your turn closes (it lay over
    // the other seats and the pile while the clock ran out)
    if (String(shown.seat) === turn && low && !hurried) {
      hurried = true;
      document.dispatchEvent(new CustomEvent("friends:last-seconds"));
    }
    if (!low) hurried = false;
    // your own clock also in the line above the table on a wide screen
    const yours = String(shown.seat) === turn && wide.matches;
    if (yours) say(keepUnit(format(t.your_time_left, { seconds })));
    hooks.status.classList.toggle("is-low", yours && low);  // red there too
  }
  window.setInterval(tick, 250);

  return {
    say, note, frameCame, nameOf, tick,
    get frame() { return frame; },
    // a line in the table's own status line, under the pile (the next play replaces it)
    tableLine(text) { board.status(text); },
    log(text, options) { logLine(hooks.log, text, options); },
    placeReaction,
    // where this page stands, for a reaction it sends: [deal, plays shown, your own card
    // counted from the moment it leaves the hand]
    seenPlace() {
      if (shownDeal === null || !hooks.log) return null;
      // your own card counts from the moment it leaves your hand, still in the air or not
      // yet answered (then it is the play after every one the server has sent)
      return [shownDeal, launched ? shownPlays + 1 : Math.max(lastLogged(loggedPlays()), myLastPlay)];
    },
    // A reaction also shows for a few seconds as a bubble at the sender's seat, where the
    // others are looking (the log keeps it).
    bubble(seat, text) {
      bubbles.set(seat, { text, until: Date.now() + BUBBLE_MS });
      drawBubble(seat);
    },
    // Your card leaves the hand at once; the next frame plays on from it, a refusal
    // puts it back.
    launch(button, options) {
      board.rollBack(launched);
      launched = board.launch(button, options);
      tick();  // the clock stops with the card, not at its next quarter second
    },
    refused() {
      const next = root.querySelector("[data-next]");
      if (next) next.disabled = false;  // the press was refused: it may be made again
      const mine = launched;
      launched = null;
      queue = queue.then(() => board.rollBack(mine));
    },
    show(f) {
      if (frame && frame.status === "playing" && f.status === "playing") noteSeatChanges(frame, f);
      frame = f;
      root.dataset.version = f.version;
      // the deadline counts from the frame's arrival, though its clock shows once drawn
      f.deadlineAt = f.deadline_ms === null ? null : Date.now() + f.deadline_ms;
      tick();  // a turn passed stops the clock at once (see tick)
      if (f.status === "lobby" || !f.view) {
        say(t.lobby);
        return;
      }
      // not your turn any more (the timer played for you): the hand is off at once, not
      // once the card played for you has landed
      if (f.to_move !== f.seat) {
        hooks.board.querySelectorAll("fieldset.hand").forEach((hand) => { hand.disabled = true; });
      }
      hooks.reactions.hidden = f.seat === null;
      boardFor(f);
    },
  };
}

// The lobby is drawn by the server. A change to it (a friend sits down, a bot is put in)
// swaps in the seats of a fresh copy of the page rather than reloading it: the page stays
// where it was scrolled, and a bot is in its seat in one round trip. Anything beyond the
// seats (the game started, the table filled up for a visitor) reloads the page.
// The seat a host's lobby form was about, until the seats swap in (by the form's answer or
// by the frame that tells of it, whichever comes first): see ``keepInPlace``.
let lobbyAnchor = null;

function swapLobby(root, html, refused) {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const lobby = document.querySelector(".friends-lobby");
  const next = fresh.querySelector(".friends-lobby");
  const freshRoot = fresh.querySelector("[data-friends-table]");
  const outer = (doc, selector) => (doc.querySelector(selector) || { outerHTML: "" }).outerHTML;
  if (!lobby || !next || !freshRoot || freshRoot.dataset.status !== "lobby"
      || outer(document, "[data-invited]") !== outer(fresh, "[data-invited]")) {
    window.location.reload();
    return;
  }
  // One swap per change: the frame telling of it and the answer to one's own form both
  // bring the same seats, whichever comes second changes nothing (a refusal still shows).
  if (!refused && Number(freshRoot.dataset.version) <= Number(root.dataset.version)) return;
  document.querySelectorAll("main .messages").forEach((list) => list.remove());
  const said = fresh.querySelector("main .messages");
  if (said) lobby.before(document.adoptNode(said));
  lobby.replaceWith(document.adoptNode(next));
  root.dataset.version = freshRoot.dataset.version;
  keepInPlace(lobbyAnchor);
  lobbyAnchor = null;
}

// The seat whose bot the host changed stays where it was on the screen, its menu focused:
// the new seats came in taller or shorter above it and the page jumped under the thumb
// (review 8). ``anchor``: the seat's number and where its top stood.
function keepInPlace(anchor) {
  const seat = anchor && document.querySelector(`.friends-lobby li[data-seat="${anchor.seat}"]`);
  if (!seat) return;
  window.scrollBy(0, seat.getBoundingClientRect().top - anchor.top);
  const menu = seat.querySelector("select, button");
  if (menu) menu.focus({ preventScroll: true });
}

function refreshLobby(root, request) {
  return (request || fetch(window.location.href, { headers: { Accept: "text/html" } }))
    .then((response) => response.text().then((html) => swapLobby(root, html, !response.ok)))
    .catch(() => window.location.reload());
}

function friendsTable(root, t, closeCodes, types) {
  const draw = drawing(root, t, {
    takeOver: (seat) => socket.send({ type: types.take_over, seat }),
  });
  // From here the lobby's forms swap the seats in place rather than post the page (a tap
  // before this script ran posts it plainly, and the page reloads; the tests wait for it).
  root.dataset.enhanced = "true";
  // A lobby form on its way (take a seat, a bot, start) must not be cut short by a
  // reload: its answer carries the seat's session cookie and the next page.
  let leaving = false;
  // A plain form of the page (a lobby action, or leaving the table) posts as it is.
  const isPlain = (form) => !root.contains(form) || !form.hasAttribute("data-hand-form");
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.hasAttribute("data-lobby-swap") && window.fetch && window.DOMParser) {
      // a bot put in, changed or taken out: the answer's seats swap in (the same page)
      event.preventDefault();
      form.querySelectorAll("button").forEach((button) => { button.disabled = true; });
      const seat = form.closest("li[data-seat]");
      lobbyAnchor = seat && { seat: seat.dataset.seat, top: seat.getBoundingClientRect().top };
      refreshLobby(root, fetch(form.action, { method: "POST", body: new FormData(form) }));
      return;
    }
    if (isPlain(form)) leaving = true;
  });
  // The hand is a form: a click, a number key or a card dragged onto the pile (board.js)
  // submits it with the card's button as the submitter; the card goes by the socket.
  root.addEventListener("submit", (event) => {
    if (isPlain(event.target)) return;
    event.preventDefault();
    const button = event.submitter;
    if (!button || button.name !== "card") return;
    if (!event.target.hasAttribute("data-hand-form") || button.closest("fieldset[disabled]")) return;
    const pending = !socket.open;  // offline: it waits for the connection, faded
    draw.launch(button, { pending });
    button.classList.add("is-playing");
    if (pending) draw.note(t.offline_pending, { lasting: true });
    socket.send({ type: types.play, card: button.value, version: currentVersion() });
  });

  // A card tapped while another seat is to play: the hand is off (greyed), and the table's
  // line says why rather than nothing happening (a new player tapped and waited).
  root.addEventListener("pointerdown", (event) => {
    const hand = event.target.closest && event.target.closest("fieldset[data-hand][disabled]");
    const table = hand && hand.closest("[data-table]");
    if (!table || !draw.frame || draw.frame.status !== "playing" || draw.frame.deal_over) return;
    const turn = table.getAttribute("data-turn");
    if (turn === null || turn === table.getAttribute("data-me") || Number(turn) < 0) return;
    const name = draw.nameOf(Number(turn));
    draw.tableLine(t.not_your_turn + (name ? " " + format(t.to_play, { who: name }) + "." : ""));
    // and the card tapped gives a small shake, where the finger is (nothing under reduced motion)
    const card = event.target.closest("button[name=card]");
    if (card && card.animate && !reducedMotion()) {
      card.animate([
        { transform: "translateX(0)" }, { transform: "translateX(-6px)" },
        { transform: "translateX(6px)" }, { transform: "translateX(-3px)" },
        { transform: "translateX(0)" },
      ], { duration: 300, easing: "ease-out" });
    }
  });

  let welcomeSaid = false;  // this return's welcome back is over the table already
  const handlers = {
    [types.state](frame) {
      const wasLobby = root.dataset.status === "lobby";
      if (wasLobby && String(frame.version) !== root.dataset.version) {
        if (!leaving) refreshLobby(root);  // the lobby is drawn by the server
        return;
      }
      // a welcome back is said once, for a few seconds like any note (it stayed over the
      // score strip on a phone until the player's next card; the moves list keeps it)
      if (!frame.welcome_back) welcomeSaid = false;
      if (frame.note) draw.note(frame.note);
      else if (frame.welcome_back && !welcomeSaid) draw.note(frame.welcome_back);
      else draw.frameCame();
      if (frame.welcome_back) welcomeSaid = true;
      draw.show(frame);
    },
    [types.refused](message) {
      draw.refused();
      draw.note(message.message);
    },
    [types.reaction](message) {
      // your own reaction says "You", as your own plays do
      const own = draw.frame && message.seat === draw.frame.seat;
      draw.placeReaction((own ? t.you_said : draw.nameOf(message.seat)) + ": " + message.text,
        message.deal, message.after);
      // one said before this page opened (a reload) is in the log, not in a bubble
      if (!message.earlier) draw.bubble(message.seat, message.text);
    },
  };
  // The version of the board on screen: the last frame's, or the server-rendered page's
  // before the first frame comes (a press then is not lost: the socket keeps it).
  function currentVersion() {
    return draw.frame ? draw.frame.version : Number(root.dataset.version);
  }

  const socket = openSocket(root.dataset.wsPath, {
    handlers,
    finalCodes: Object.values(closeCodes),
    paused: () => leaving,
    onFinal: () => window.location.reload(),
    onLost: () => draw.say(t.reconnecting),
  });
  // The browser knows at once when the network goes; the socket may take a while to
  // notice. Say so over the table (the socket keeps a card pressed meanwhile).
  window.addEventListener("offline", () => draw.note(t.offline, { lasting: true }));
  window.addEventListener("online", () => draw.note(""));

  // The server takes one reaction every few seconds: the chips rest for that long after
  // one is said (a bar fills under them), rather than a second press being refused.
  function coolDown(group) {
    if (!group) return;
    const seconds = Number(group.dataset.cooldown) || 3;
    const chips = group.querySelectorAll("[data-reaction]");
    chips.forEach((chip) => { chip.disabled = true; });
    group.style.setProperty("--cooldown", seconds + "s");
    group.classList.remove("is-cooling");
    void group.offsetWidth;  // restart the bar's animation
    group.classList.add("is-cooling");
    window.setTimeout(() => {
      chips.forEach((chip) => { chip.disabled = false; });
      group.classList.remove("is-cooling");
    }, seconds * 1000);
  }

  root.addEventListener("click", (event) => {
    const target = event.target.closest("button");
    if (!target) return;
    const version = currentVersion();
    if (target.dataset.next !== undefined) {
      target.disabled = true;  // one press; the next frame redraws the button or the wait
      socket.send({ type: types.next, version });
    } else if (target.dataset.reaction) {
      const at = draw.seenPlace();
      socket.send({ type: types.react, reaction: target.dataset.reaction, ...(at ? { at } : {}) });
      coolDown(target.closest("[data-friends-reactions]"));
    } else if (target.dataset.takeOver !== undefined) {
      socket.send({ type: types.take_over, seat: Number(target.dataset.takeOver) });
    }
  });
  numberKeys(root);
}

// On a phone the moves are a sheet from the screen's top (the hand stays in sight below it):
// the strip's "Moves" opens and closes it, so does its own button, and Escape. Without script
// (or on a wide screen, where the log stands beside the table) "Moves" is a plain link.
function movesDrawer() {
  const drawer = document.querySelector("[data-moves-drawer]");
  const toggle = document.querySelector("[data-moves-toggle]");
  const close = drawer && drawer.querySelector("[data-moves-close]");
  if (!drawer || !toggle || !close) return;
  close.hidden = false;
  const narrow = window.matchMedia("(max-width: 40rem)");
  // opened while another seat was to play (a look at the moves as they come): it closes
  // when your turn comes, so the whole table is in sight while your clock runs
  let peek = false;
  const yourTurn = () => {
    const table = document.querySelector("[data-friends-board] [data-table]");
    return !!table && table.hasAttribute("data-turn")
      && table.getAttribute("data-turn") === table.getAttribute("data-me")
      && !!table.querySelector("[data-hand-form]");
  };
  document.addEventListener("pisti:turn", () => {
    if (peek && drawer.classList.contains("is-open") && yourTurn()) set(false);
  });
  // opened on your turn, it stays, but not through your clock's last seconds
  document.addEventListener("friends:last-seconds", () => {
    if (drawer.classList.contains("is-open") && yourTurn()) set(false);
  });
  function set(open) {
    peek = open && !yourTurn();
    drawer.classList.toggle("is-open", open);
    if (open) scrollToNewest(drawer.querySelector("[data-friends-log]"));
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    close.setAttribute("aria-expanded", open ? "true" : "false");
    (open ? drawer : toggle).focus({ preventScroll: true });
  }
  toggle.addEventListener("click", (event) => {
    if (!narrow.matches) return;  // the log is on the screen: the link scrolls to it
    event.preventDefault();
    set(!drawer.classList.contains("is-open"));
  });
  close.addEventListener("click", () => set(false));
  onKeys({
    Escape() {
      if (!drawer.classList.contains("is-open")) return false;
      set(false);
      return true;
    },
  });
}

// The hand's capture marks ("takes 3", the gold outline) help a learner; a player who
// wants a game without them turns them off here, for every table in this browser.
function captureHintsSwitch(root) {
  const box = root && root.querySelector("[data-capture-hints]");
  if (!box) return;
  const KEY = "pisti-friends-capture-hints";
  const apply = () => root.classList.toggle("hides-capture-hints", !box.checked);
  try { box.checked = window.localStorage.getItem(KEY) !== "off"; } catch (e) { /* kept for this page only */ }
  box.closest("label").hidden = false;
  apply();
  box.addEventListener("change", () => {
    apply();
    try { window.localStorage.setItem(KEY, box.checked ? "on" : "off"); } catch (e) { /* this page only */ }
  });
}

copyLink();
movesDrawer();
const root = document.querySelector("[data-friends-table]");
captureHintsSwitch(root);
const strings = pageJson("friends-strings");
const closeCodes = pageJson("friends-close-codes");
const types = pageJson("friends-message-types");
if (root && strings && closeCodes && types && window.WebSocket) {
  friendsTable(root, strings, closeCodes, types);
}
