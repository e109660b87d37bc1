// The tutorial without page loads: forms post with fetch, the step is swapped in place,
// screen readers hear what happened, and number keys pick a card or an answer.
// Without this file every form still posts and the page reloads.
(function () {
  "use strict";
  var root = document.querySelector("[data-tutorial]");
  var announcer = document.querySelector("[data-announce]");
  if (!root || !window.fetch) return;
  var busy = false;

  function announce(text) {
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 30);
  }

  function focusStep() {
    var target = root.querySelector("[data-focus]");
    if (target) target.focus({ preventScroll: false });
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    event.preventDefault();
    if (busy) return;  // one move at a time: a double click sends one request
    busy = true;
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
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
        if (payload.html) root.innerHTML = payload.html;
        announce(payload.announce || payload.error || "");
        focusStep();
      })
      .catch(function (error) { window.pistiFetch.showError(error); })
      .finally(function () {
        busy = false;
        root.removeAttribute("aria-busy");
      });
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
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
