// Sound at the card table (the practice game, the tables with friends): a soft tick when a
// card lands and takes nothing, a sweep when it captures, a chime for a pişti and another for
// a jack pişti, in time with the board's animation (board.js sends a "pisti:step" event as a
// card leaves the hand; the sound comes as it lands). Nothing is heard before the visitor's
// first pointerdown or keydown on the page (browsers' autoplay rules, and good manners); the
// "Sound" button ([data-sound-toggle], hidden without JavaScript) turns it off and on, and
// the choice is kept in localStorage ("pisti-sound": "on" or "off", on when unset).
// Web Audio plays the files named on that button (data-sound-<name>-ogg / -mp3): Ogg/Opus
// where the browser can play it, else MP3. Each sound started is announced as a document
// event "pisti:sound" with detail {name} (the browser tests listen for it).
import { flightTime } from "./board.js";

const KEY = "pisti-sound";
const NAMES = ["play", "capture", "pisti", "jack-pisti"];
// With reduced motion every play of a turn shows at once: their sounds follow each other
// GAP ms apart instead of all together.
const GAP = 90;
const LATE = 250;  // a sound this late (a tab in the background, a slow file) is left out
const VOLUME = 0.8;

let interacted = false;
let context = null;
let output = null;
const buffers = {};
let nextFree = 0;
let lastStarted = -Infinity;  // when the last sound really started
let order = Promise.resolve();
const waiting = new Set();  // timers of sounds still to come, cleared when sound goes off

export function soundOn() {
  let stored = null;
  try { stored = window.localStorage.getItem(KEY); } catch (e) { /* private mode */ }
  return stored !== "off";
}

function keep(on) {
  try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* this page only */ }
}

// The sound of a play: a pişti (jack pişti) over a capture over a plain play.
export function soundOf(step) {
  if (step.jack_pisti) return "jack-pisti";
  if (step.pisti) return "pisti";
  if (step.captured) return "capture";
  return "play";
}

function camel(text) {
  return text.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
}

// The files of ``name`` in the order to try them: the format this browser prefers first.
function filesOf(name) {
  const toggle = document.querySelector("[data-sound-toggle]");
  if (!toggle) return [];
  const ogg = toggle.dataset[camel("sound-" + name + "-ogg")];
  const mp3 = toggle.dataset[camel("sound-" + name + "-mp3")];
  const probe = document.createElement("audio");
  const opus = probe.canPlayType && probe.canPlayType('audio/ogg; codecs="opus"') !== "";
  return (opus ? [ogg, mp3] : [mp3, ogg]).filter(Boolean);
}

function decode(data) {
  // the callback form: older Safari has no promise from decodeAudioData
  return new Promise((resolve, reject) => context.decodeAudioData(data, resolve, reject));
}

function load(name) {
  return filesOf(name).reduce((found, url) => found.then((buffer) => buffer ||
    window.fetch(url)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject()))
      .then(decode)
      .catch(() => null)), Promise.resolve(null));
}

// The audio output, made (and the files fetched) only inside a user gesture, so that the
// browser lets it run; null where there is no Web Audio.
function audio() {
  if (context || !interacted || !document.querySelector("[data-sound-toggle]")) return context;
  if (navigator.userActivation && !navigator.userActivation.isActive) return null;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  try { context = new Context(); } catch (e) { return null; }
  output = context.createGain();
  output.gain.value = VOLUME;
  output.connect(context.destination);
  NAMES.forEach((name) => { buffers[name] = load(name); });
  return context;
}

function start(name, buffer) {
  if (!soundOn() || !context) return;
  if (context.state !== "running") {
    // suspended (a phone put the page away): it resumes at the next gesture, and sounds
    // kept until then would all come at once
    context.resume().catch(() => {});
    return;
  }
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(output);
  source.start();
  lastStarted = performance.now();
  document.dispatchEvent(new CustomEvent("pisti:sound", { detail: { name } }));
}

// Plays ``name`` ``delay`` ms from now (as the card lands), GAP ms after the one before;
// sounds keep the order of the plays even while their files are still on their way.
export function playSound(name, delay = 0) {
  if (!interacted || !soundOn() || !audio() || !buffers[name]) return;
  const due = performance.now() + delay;
  order = order.then(() => buffers[name]).then((buffer) => {
    const now = performance.now();
    if (!buffer || now - due > LATE) return;
    const at = Math.max(due, nextFree);
    nextFree = at + GAP;
    startAt(name, buffer, at);
  }).catch(() => {});
}

// Starts the sound at ``at``, and never within GAP ms of the one started before: a timer
// that fired late must not squeeze the next sound against it.
function startAt(name, buffer, at) {
  const timer = window.setTimeout(() => {
    waiting.delete(timer);
    const now = performance.now();
    if (now - at > LATE) return;
    if (now < lastStarted + GAP) startAt(name, buffer, at);
    else start(name, buffer);
  }, Math.max(0, Math.max(at, lastStarted + GAP) - performance.now()));
  waiting.add(timer);
}

function gesture(event) {
  if (event.type === "pointerdown" || event.type === "keydown") interacted = true;
  if (!interacted || !soundOn()) return;
  if (!audio()) return;
  if (context.state === "suspended") context.resume().catch(() => {});
}

function showToggles() {
  document.querySelectorAll("[data-sound-toggle]").forEach((toggle) => {
    toggle.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    toggle.hidden = false;
  });
}

function toggle() {
  const on = !soundOn();
  keep(on);
  showToggles();
  if (on) {
    playSound("play");  // so the player hears what was turned on, and how loud
  } else {
    waiting.forEach((timer) => window.clearTimeout(timer));
    waiting.clear();
  }
}

// Shows the page's "Sound" buttons with the stored choice (again after a page swaps in new
// markup).
export function bindSound() {
  showToggles();
}

["pointerdown", "pointerup", "keydown", "click"].forEach((type) => {
  document.addEventListener(type, gesture, true);
});
document.addEventListener("click", (event) => {
  if (event.target.closest && event.target.closest("[data-sound-toggle]")) toggle();
});
document.addEventListener("pisti:step", (event) => {
  playSound(soundOf(event.detail || {}), flightTime());
});
// A choice made in another tab shows here too.
window.addEventListener("storage", (event) => { if (event.key === KEY) showToggles(); });
showToggles();
