// The tutorial without page loads: forms post with fetch, the table script plays the
// learner's card and then each scripted reply, one at a time, before the step is swapped
// in; screen readers hear what happened, and number keys pick a card or an answer.
// Without this file every form still posts and the page reloads.
(function () {
  "use strict";
  var root = document.querySelector("[data-tutorial]");
  var announcer = document.querySelector("[data-announce]");
  if (!root || !window.fetch) return;
  var Table = window.PistiTable;
  var busy = false;
  var labels = {
    pisti: root.getAttribute("data-pisti-label"),
    jackPisti: root.getAttribute("data-jack-pisti-label"),
  };

  function announce(text) {
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 30);
  }

  function focusStep(keepScroll) {
    var target = root.querySelector("[data-focus]");
    if (target) target.focus({ preventScroll: !!keepScroll });
  }

  // Keep the table above the bar that holds the feedback and "Next" on small screens.
  function keepTableInView() {
    var bar = root.querySelector("[data-step-bar]");
    var hand = root.querySelector("[data-hand]");
    if (!bar || !hand) return;
    document.documentElement.style.scrollPaddingBottom = bar.offsetHeight + "px";
    hand.scrollIntoView({ block: "nearest" });
  }

  function showError(text) {
    var table = root.querySelector("[data-table]");
    if (table && Table) Table.setStatus(table, text, true);
    announce(text);
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    if (busy) return;  // one move at a time: a double click sends one request
    busy = true;
    var data = new FormData(form);
    var clicked = null;
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
      if (event.submitter.name === "card") {
        clicked = { card: event.submitter.value, button: event.submitter };
      }
    }
    root.setAttribute("aria-busy", "true");
    // getAttribute: a field named "action" shadows the form's .action property.
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: data,
      headers: { "Accept": "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) { return window.pistiFetch.readJson(response); })
      .then(function (payload) {
        var steps = payload.steps || [];
        var played = Table && steps.length
          ? Table.play(root, steps, { labels: labels, clicked: clicked, holdFirst: true })
          : Promise.resolve();
        return played.then(function () {
          if (payload.html) root.innerHTML = payload.html;
          if (payload.error) {
            showError(payload.error);
          } else {
            announce(payload.announce || "");
          }
          focusStep(!!clicked);
          if (clicked) keepTableInView();
        });
      })
      .catch(function (error) {
        window.pistiFetch.showError(error);
        showError((error && error.message) || root.getAttribute("data-failed-label"));
      })
      .finally(function () {
        busy = false;
        root.removeAttribute("aria-busy");
      });
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || busy) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (/^[1-9]$/.test(event.key)) {
      var button = root.querySelector(
        "fieldset:not([disabled]) [data-key='" + event.key + "']"
      );
      if (button) {
        event.preventDefault();
        button.click();
      }
    }
  });
})();
