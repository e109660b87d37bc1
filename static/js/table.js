// The card table's motion, shared by the practice game, the tutorial and the review.
// The server sends the new table as HTML and the plays that led to it as "steps"
// ({seat, card, words, text, captured, side, pisti, jack_pisti}: public facts only);
// this file plays those steps on the table already on screen, one at a time, then the
// page swaps in the server's table. Web Animations only; with prefers-reduced-motion
// nothing moves and the end state shows at once. A click or key press finishes it.
(function () {
  "use strict";
  var PACES = {
    // ms: a card's flight, the sweep of a capture, the pause before the next play, the
    // "PİŞTİ!" burst (which runs on) and how long the play holds still for it
    fast: { fly: 100, sweep: 90, gap: 20, burst: 420, hold: 0 },
    normal: { fly: 360, sweep: 300, gap: 260, burst: 900, hold: 300 },
    slow: { fly: 600, sweep: 480, gap: 700, burst: 1300, hold: 450 },
  };
  var KEY = "pisti-pace";
  var skipping = false;
  var running = [];
  var timers = [];

  function reducedMotion() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function pace() {
    var stored = null;
    try { stored = window.localStorage.getItem(KEY); } catch (e) { /* private mode */ }
    return PACES[stored] ? stored : "normal";
  }

  function setPace(name) {
    if (!PACES[name]) return;
    try { window.localStorage.setItem(KEY, name); } catch (e) { /* kept for this page only */ }
  }

  function wait(ms) {
    if (skipping || ms <= 0) return Promise.resolve();
    return new Promise(function (resolve) {
      var timer = { resolve: resolve };
      timer.id = window.setTimeout(function () {
        timers.splice(timers.indexOf(timer), 1);
        resolve();
      }, ms);
      timers.push(timer);
    });
  }

  function animate(element, keyframes, options) {
    if (skipping || !element.animate) return Promise.resolve();
    var animation = element.animate(keyframes, options);
    running.push(animation);
    return animation.finished.catch(function () {}).then(function () {
      running.splice(running.indexOf(animation), 1);
    });
  }

  // Finish whatever is moving now and show the rest of the plays without motion.
  function finish() {
    skipping = true;
    running.slice().forEach(function (a) { try { a.finish(); } catch (e) { a.cancel(); } });
    timers.slice().forEach(function (t) { window.clearTimeout(t.id); t.resolve(); });
    timers = [];
  }

  function spriteUrl(table) {
    var use = document.querySelector("svg.card use");
    var href = use ? use.getAttribute("href") : "";
    return table.getAttribute("data-sprite") || href.split("#")[0];
  }

  function cardElement(table, name, extraClass) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "card " + (extraClass || ""));
    svg.setAttribute("viewBox", "0 0 100 140");
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", spriteUrl(table) + "#" + name);
    svg.appendChild(use);
    return svg;
  }

  // Where a play starts: the card in the hand for the bottom seat, a card back otherwise.
  function source(table, step, clicked) {
    var me = table.getAttribute("data-me");
    if (String(step.seat) === me) {
      var button = clicked || table.querySelector("[data-hand] [data-card='" + step.card + "']");
      if (button) {
        var rect = button.getBoundingClientRect();
        button.classList.add("is-playing");
        return rect;
      }
    }
    var seat = table.querySelector("[data-seat='" + step.seat + "']");
    if (!seat) return null;
    var backs = seat.querySelectorAll("[data-seat-hand] .card:not(.is-gone)");
    if (backs.length) {
      var back = backs[backs.length - 1];
      var from = back.getBoundingClientRect();
      back.classList.add("is-gone");
      return from;
    }
    return seat.getBoundingClientRect();
  }

  function setStatus(table, text, isError) {
    var status = table.querySelector("[data-status]");
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("is-error", !!isError);
  }

  function moveTurn(table, step) {
    var seats = table.querySelectorAll("[data-seat]");
    var next = (Number(step.seat) + 1) % seats.length;
    seats.forEach(function (seat) {
      seat.classList.toggle("is-turn", seat.getAttribute("data-seat") === String(next));
    });
    table.setAttribute("data-turn", String(next));
  }

  function flyToPile(table, step, from, timing) {
    var pile = table.querySelector("[data-pile]");
    var empty = pile.querySelector(".pile-empty");
    if (empty) empty.remove();
    var landed = cardElement(table, step.card, "pile-card");
    landed.classList.add("is-landing");
    pile.appendChild(landed);
    var count = table.querySelector("[data-pile-count]");
    if (count) count.textContent = String(pile.querySelectorAll(".pile-card").length);
    var to = landed.getBoundingClientRect();
    if (!from || skipping) {
      landed.classList.remove("is-landing");
      return Promise.resolve();
    }
    var flying = cardElement(table, step.card, "flying-card");
    flying.setAttribute("data-seat", String(step.seat));
    flying.style.left = to.left + "px";
    flying.style.top = to.top + "px";
    flying.style.width = to.width + "px";
    document.body.appendChild(flying);
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    var scale = from.width / to.width || 1;
    return animate(flying, [
      { transform: "translate(" + dx + "px," + dy + "px) scale(" + scale + ")" },
      { transform: "translate(0,0) scale(1)" },
    ], { duration: timing.fly, easing: "cubic-bezier(.2,.7,.3,1)" }).then(function () {
      flying.remove();
      landed.classList.remove("is-landing");
    });
  }

  function celebrate(table, step, labels, timing) {
    var centre = table.querySelector("[data-pile]").parentNode;
    var burst = document.createElement("div");
    burst.className = "pisti-burst";
    burst.textContent = step.jack_pisti ? labels.jackPisti : labels.pisti;
    centre.appendChild(burst);
    // The celebration runs on its own: the next play does not wait for it to fade.
    animate(burst, [
      { transform: "translate(-50%,-50%) scale(.3)", opacity: 0 },
      { transform: "translate(-50%,-50%) scale(1.25)", opacity: 1, offset: .3 },
      { transform: "translate(-50%,-50%) scale(1)", opacity: 1, offset: .75 },
      { transform: "translate(-50%,-50%) scale(1)", opacity: 0 },
    ], { duration: timing.burst, easing: "ease-out" }).then(function () { burst.remove(); });
    return wait(timing.hold);
  }

  function sweep(table, step, timing) {
    var pile = table.querySelector("[data-pile]");
    var cards = Array.prototype.slice.call(pile.querySelectorAll(".pile-card"));
    var stack = table.querySelector("[data-stack='" + step.side + "']") ||
      table.querySelector("[data-seat='" + step.seat + "']");
    var target = stack ? stack.getBoundingClientRect() : null;
    var moves = cards.map(function (card) {
      if (!target) return Promise.resolve();
      var box = card.getBoundingClientRect();
      var dx = target.left + 12 - box.left;
      var dy = target.top - box.top;
      return animate(card, [
        { transform: getComputedStyle(card).transform, opacity: 1 },
        { transform: "translate(" + dx + "px," + dy + "px) scale(.3)", opacity: 0 },
      ], { duration: timing.sweep, easing: "ease-in", fill: "forwards" });
    });
    return Promise.all(moves).then(function () {
      cards.forEach(function (card) { card.remove(); });
      var count = table.querySelector("[data-pile-count]");
      if (count) count.textContent = "0";
      if (!stack) return;
      var number = stack.querySelector("[data-stack-count]");
      if (number) number.textContent = String(Number(number.textContent) + step.captured);
      var holder = stack.querySelector(".stack-pile");
      if (holder && !holder.firstChild) holder.appendChild(cardElement(table, "back", "stack-card is-back"));
      var marks = stack.querySelector("[data-pisti-marks]");
      if (marks && (step.pisti || step.jack_pisti)) {
        var mark = document.createElement("span");
        mark.className = "pisti-mark" + (step.jack_pisti ? " is-jack" : "");
        mark.textContent = step.jack_pisti ? "J" : "P";
        marks.appendChild(mark);
      }
    });
  }

  function playStep(table, step, options, timing) {
    if (skipping) return Promise.resolve();
    var from = source(table, step, options.clicked && options.clicked.card === step.card
      ? options.clicked.button : null);
    setStatus(table, step.text);
    if (options.onStep) options.onStep(step);
    document.dispatchEvent(new CustomEvent("pisti:step", { detail: step }));
    return flyToPile(table, step, from, timing)
      .then(function () {
        if (step.pisti || step.jack_pisti) return celebrate(table, step, options.labels, timing);
      })
      .then(function () { if (step.captured) return sweep(table, step, timing); })
      .then(function () { moveTurn(table, step); return wait(timing.gap); });
  }

  // Play ``steps`` on the table inside ``root``; resolves when the last one has landed
  // (at once with reduced motion, or when the player clicks to skip).
  function play(root, steps, options) {
    options = options || {};
    var table = root.querySelector("[data-table]");
    if (!table || !steps || !steps.length || reducedMotion()) return Promise.resolve();
    skipping = false;
    var timing = PACES[options.pace || pace()];
    function skip(event) {
      if (event.type === "keydown" && /^(Shift|Control|Alt|Meta|Tab)$/.test(event.key)) return;
      finish();
    }
    document.addEventListener("pointerdown", skip, true);
    document.addEventListener("keydown", skip, true);
    var chain = Promise.resolve();
    steps.forEach(function (step, index) {
      chain = chain.then(function () { return playStep(table, step, options, timing); });
      // The tutorial holds the learner's own result on screen before the replies come.
      if (index === 0 && options.holdFirst && steps.length > 1) {
        chain = chain.then(function () { return wait(timing.fly * 2); });
      }
    });
    return chain.then(function () {
      document.removeEventListener("pointerdown", skip, true);
      document.removeEventListener("keydown", skip, true);
      document.querySelectorAll(".flying-card").forEach(function (el) { el.remove(); });
      skipping = false;
      document.dispatchEvent(new CustomEvent("pisti:steps-done"));
    });
  }

  // The fast / normal / slow choice: radios named "pace" inside ``container``.
  function bindPace(container) {
    var control = container.querySelector("[data-pace-control]");
    if (!control) return;
    control.hidden = false;
    var current = pace();
    control.querySelectorAll("input[name=pace]").forEach(function (input) {
      input.checked = input.value === current;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "pace") setPace(event.target.value);
  });

  window.PistiTable = {
    play: play, finish: finish, pace: pace, setPace: setPace, bindPace: bindPace,
    reducedMotion: reducedMotion, setStatus: setStatus,
  };
})();
