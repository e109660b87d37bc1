// The score sheet as an offline web app, and one-click copying of its links.
// Without this file every form still posts and every link still works.
//
// Offline, a deal is kept in localStorage with an id chosen here, shown in the table as
// "not sent yet", and posted once the connection returns. The server ignores an id it
// has already seen, so a retry never adds a deal twice; after sending, the page reloads
// and shows the server's own totals. The revision the deal was entered on lets the server
// tell (and show) that the sheet was changed elsewhere meanwhile.
(function () {
  "use strict";

  function registerWorker() {
    var holder = document.querySelector("[data-sw]");
    if (!holder || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(holder.dataset.sw, { scope: holder.dataset.swScope })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () {
        // The first visit was not served through the worker: keep this page now.
        if (!navigator.serviceWorker.controller && window.caches && navigator.onLine) {
          caches.open("pisti-scoresheet-v1").then(function (cache) {
            var files = [window.location.pathname];
            document.querySelectorAll("link[rel=stylesheet], script[src], link[rel=manifest]")
              .forEach(function (el) { files.push(el.getAttribute("href") || el.getAttribute("src")); });
            return cache.addAll(files);
          }).catch(function () {});
        }
      }).catch(function () {});
  }

  function setupCopyButtons() {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      var input = document.getElementById(button.dataset.copy);
      if (!input) return;
      button.hidden = false;
      var label = button.innerHTML;
      button.addEventListener("click", function () {
        var done = function () {
          button.textContent = button.dataset.copied;
          window.setTimeout(function () { button.innerHTML = label; }, 2000);
        };
        if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(input.value).then(done, function () {
            input.select(); document.execCommand("copy"); done();
          });
        } else {
          input.select(); document.execCommand("copy"); done();
        }
      });
    });
  }

  // ---- deals kept on this device -------------------------------------------------

  var section = document.querySelector("[data-sheet-entry]");
  var storeKey = section ? "pisti-sheet-pending:" + section.dataset.sheet : null;

  function pending() {
    try { return JSON.parse(window.localStorage.getItem(storeKey)) || []; }
    catch (e) { return []; }
  }

  function savePending(list) {
    window.localStorage.setItem(storeKey, JSON.stringify(list));
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) return "deal-" + crypto.randomUUID();
    return "deal-" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  function number(value) {
    var n = Number(value);
    return value !== "" && value !== null && Number.isInteger(n) && n >= 0 ? n : null;
  }

  // The engine's scoring of a detailed deal, for the provisional total shown offline; the
  // server scores it again when it arrives, and its totals replace these.
  function detailedPoints(fields, sides, rules) {
    var tallies = [];
    for (var i = 0; i < sides; i++) {
      var get = function (key) { return number(fields["detailed-" + key + "_" + i]); };
      var t = { cards: get("cards"), aces: get("aces"), jacks: get("jacks"),
        pisti: get("pisti"), jackPisti: 0,
        two: fields["detailed-two_of_clubs_" + i] === "on",
        ten: fields["detailed-ten_of_diamonds_" + i] === "on" };
      var counts = [[get("jack_on_jack"), rules.jack_on_lone_jack],
        [get("jack_on_card"), rules.jack_on_lone_card]];
      if ([t.cards, t.aces, t.jacks, t.pisti, counts[0][0], counts[1][0], get("jack_on_empty")]
        .indexOf(null) !== -1) return null;
      counts.forEach(function (pair) {
        if (pair[1] === "pisti") t.pisti += pair[0];
        else if (pair[1] === "jack_pisti") t.jackPisti += pair[0];
      });
      if (rules.jack_on_empty_table) t.pisti += get("jack_on_empty");
      tallies.push(t);
    }
    var cards = tallies.map(function (t) { return t.cards; });
    var best = Math.max.apply(null, cards);
    var majority = cards.filter(function (c) { return c === best; }).length === 1 &&
      (rules.majority_rule !== "over_half" || best >= 27) ? cards.indexOf(best) : -1;
    return tallies.map(function (t, side) {
      return t.aces + t.jacks + (t.two ? rules.two_of_clubs_points : 0) +
        (t.ten ? rules.ten_of_diamonds_points : 0) +
        (side === majority ? rules.majority_bonus : 0) +
        t.pisti * rules.pisti_points + t.jackPisti * rules.jack_pisti_points;
    });
  }

  function pointsOf(mode, fields) {
    var sides = Number(section.dataset.sides);
    if (mode === "detailed") {
      return detailedPoints(fields, sides, JSON.parse(section.dataset.rules));
    }
    var points = [];
    for (var i = 0; i < sides; i++) {
      var p = number(fields["quick-points_" + i]);
      if (p === null || p > 300) return null;
      points.push(p);
    }
    return points;
  }

  function status(text) {
    var box = document.querySelector("[data-offline-status]");
    if (!box) return;
    box.hidden = !text;
    box.textContent = text || "";
  }

  // Pending deals as rows of the table, their points added to the totals shown.
  function showPending() {
    var table = document.querySelector("[data-sheet-table]");
    if (!table) return;
    table.querySelectorAll("tr[data-pending]").forEach(function (row) { row.remove(); });
    var totalCells = table.querySelectorAll("[data-final-total]");
    totalCells.forEach(function (cell) {
      if (cell.dataset.server === undefined) cell.dataset.server = cell.textContent.trim();
      cell.textContent = cell.dataset.server;
    });
    var list = pending();
    var body = table.tBodies[0];
    var empty = body.querySelector("[data-no-deals]");
    if (empty) empty.hidden = list.length > 0;
    var running = Array.prototype.map.call(totalCells, function (c) { return Number(c.dataset.server); });
    list.forEach(function (deal) {
      var row = document.createElement("tr");
      row.className = "pending";
      row.dataset.pending = deal.id;
      var head = document.createElement("th");
      head.scope = "row";
      var tag = document.createElement("span");
      tag.className = "pending-tag";
      tag.textContent = section.dataset.textPending;
      head.appendChild(tag);
      row.appendChild(head);
      deal.points.forEach(function (p, side) {
        running[side] += p;
        var cell = document.createElement("td");
        var plus = document.createElement("span");
        plus.className = "deal-points";
        plus.textContent = "+" + p;
        var total = document.createElement("span");
        total.className = "running";
        total.textContent = running[side];
        cell.append(plus, " ", total);
        row.appendChild(cell);
      });
      row.appendChild(document.createElement("td"));
      body.appendChild(row);
    });
    totalCells.forEach(function (cell, side) { cell.textContent = running[side]; });
    if (list.length) status(section.dataset.textWaiting + " " + list.length);
  }

  function keepOffline(form) {
    var mode = form.dataset.offlineForm;
    var fields = {};
    new FormData(form).forEach(function (value, key) { fields[key] = value; });
    var points = pointsOf(mode, fields);
    if (!points) { status(section.dataset.textIncomplete); return; }
    var list = pending();
    list.push({ id: newId(), mode: mode, action: form.getAttribute("action").split("#")[0],
      fields: fields, points: points, revision: Number(section.dataset.revision) });
    savePending(list);
    form.reset();
    showPending();
    status(section.dataset.textSavedOffline);
  }

  var sending = false;
  var RETRY_MS = 2000;
  // A post that has not answered in this time is given up and tried again (the server
  // recognises a deal it already has): on a weak signal a request can hang without end,
  // and while it hangs nothing else would be sent.
  var SEND_TIMEOUT_MS = 8000;

  function postWithin(url, body, ms) {
    var controller = new AbortController();
    var timer = window.setTimeout(function () { controller.abort(); }, ms);
    return fetch(url, { method: "POST", body: body, credentials: "same-origin",
      headers: { Accept: "application/json" }, signal: controller.signal })
      .then(function (response) {
        return response.json().then(function (answer) { return [response, answer]; });
      })
      .finally(function () { window.clearTimeout(timer); });
  }

  // Post the kept deals in order; stop at the first network failure and try again later.
  function sendPending() {
    if (sending || !navigator.onLine) return;
    var list = pending();
    if (!list.length) return;
    sending = true;
    status(section.dataset.textSending);
    var revision = null;
    var refusals = [];
    var sendNext = function () {
      var deal = pending()[0];
      if (!deal) return Promise.resolve(true);
      var body = new FormData();
      Object.keys(deal.fields).forEach(function (key) { body.append(key, deal.fields[key]); });
      body.append("client_id", deal.id);
      body.append("revision", revision === null ? deal.revision : revision);
      return postWithin(deal.action, body, SEND_TIMEOUT_MS)
        .then(function (pair) {
          var response = pair[0], answer = pair[1];
          if (response.ok) {
            // The sheet moved on by our own deal: the next one goes on top of it.
            revision = answer.revision;
          } else if (response.status === 400) {
            refusals.push(deal.points.join(" : ") + " — " + (answer.errors || []).join(" "));
          } else {
            throw new Error("server " + response.status);
          }
          savePending(pending().filter(function (d) { return d.id !== deal.id; }));
          return sendNext();
        });
    };
    sendNext().then(function () {
      if (refusals.length) {
        window.sessionStorage.setItem(storeKey + ":refused", JSON.stringify(refusals));
      }
      if (revision !== null) window.sessionStorage.setItem(storeKey + ":revision", revision);
      window.location.reload();
    }).catch(function () {
      sending = false;
      showPending();
      // The "online" event can come before the network answers (or the server failed):
      // try again shortly rather than wait for the next time the browser goes online.
      if (navigator.onLine) window.setTimeout(sendPending, RETRY_MS);
    });
  }

  // After sending, the reload may be answered by the worker's copy from before the deals
  // (the network failed once more): a page older than the revision the server answered
  // with fetches itself again, so the deals just sent never seem lost.
  var STALE_RELOADS = 5;

  function replaceStaleCopy() {
    var key = storeKey + ":revision";
    var expected = Number(window.sessionStorage.getItem(key));
    if (!expected || Number(section.dataset.revision) >= expected) {
      window.sessionStorage.removeItem(key);
      window.sessionStorage.removeItem(key + ":tries");
      return false;
    }
    var tries = Number(window.sessionStorage.getItem(key + ":tries")) || 0;
    if (tries >= STALE_RELOADS) return false;  // keep the copy; the next visit updates it
    window.sessionStorage.setItem(key + ":tries", tries + 1);
    status(section.dataset.textStale);
    window.setTimeout(function () {
      if (navigator.onLine) window.location.reload();
      else window.addEventListener("online", function () { window.location.reload(); });
    }, RETRY_MS);
    return true;
  }

  function showRefusals() {
    var key = storeKey + ":refused";
    var refusals = JSON.parse(window.sessionStorage.getItem(key) || "[]");
    window.sessionStorage.removeItem(key);
    if (refusals.length) status(section.dataset.textRefused + " " + refusals.join("; "));
  }

  function setupOffline() {
    if (!section || !window.localStorage) return;
    document.querySelectorAll("form[data-offline-form]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        if (navigator.onLine) return;  // online: the plain form post, as without script
        event.preventDefault();
        keepOffline(form);
      });
    });
    if (!replaceStaleCopy()) showRefusals();
    showPending();
    window.addEventListener("online", sendPending);
    // Also try now and then: an "online" event can be missed, or come too early.
    window.setInterval(sendPending, 5 * RETRY_MS);
    sendPending();
  }

  function focusErrors() {
    var summary = document.querySelector("[data-error-summary]");
    if (summary) summary.focus();
  }

  document.addEventListener("DOMContentLoaded", function () {
    registerWorker();
    setupCopyButtons();
    setupOffline();
    focusErrors();
  });
})();
