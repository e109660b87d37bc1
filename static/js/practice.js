// The practice game without page loads: moves post with fetch, the bots' cards appear one
// at a time, a pişti is announced, number keys play cards. Without this file every form
// posts and the page reloads with the same information.
(function () {
  "use strict";
  var root = document.querySelector("[data-practice]");
  var announcer = document.querySelector("[data-announce]");
  if (!root || !window.fetch) return;
  var busy = false;
  // ms between the bots' cards: readable, not slow; brisk for those who ask for less motion.
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var PACE = reduced ? 60 : 650;

  function announce(text) {
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 30);
  }

  function wait(ms) { return new Promise(function (r) { window.setTimeout(r, ms); }); }

  function showStep(step) {
    var log = root.querySelector("[data-events]");
    if (!log) {
      var section = document.createElement("section");
      section.className = "recent";
      log = document.createElement("ol");
      log.className = "event-log";
      log.setAttribute("data-events", "");
      section.appendChild(log);
      root.querySelector(".board").prepend(section);
    }
    var item = document.createElement("li");
    item.textContent = step.text;
    if (step.pisti || step.jack_pisti) {
      item.className = "is-pisti";
      var flag = document.createElement("strong");
      flag.className = "pisti-flag pisti-pop";
      flag.textContent = " " + root.getAttribute(
        step.jack_pisti ? "data-jack-pisti-label" : "data-pisti-label");
      item.appendChild(flag);
    }
    log.appendChild(item);
    var pile = root.querySelector("[data-pile]");
    if (pile) pile.setAttribute("data-last-card", step.text);
    announce(step.text);
  }

  function post(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return fetch(form.getAttribute("action"), {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "Accept": "application/json" },
    }).then(function (response) { return window.pistiFetch.readJson(response); });
  }

  function render(payload) {
    root.innerHTML = payload.html;
    var focus = root.querySelector("[data-focus]") ||
      root.querySelector(".hand button:not([disabled])");
    if (focus) focus.focus({ preventScroll: true });
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-hint")) {
      event.preventDefault();
      post(form, event.submitter).then(function (payload) {
        var out = form.querySelector("[data-hint-output]");
        out.textContent = payload.hint;
        var button = payload.card && root.querySelector("button[name=card][value='" + payload.card + "']");
        if (button) button.classList.add("is-hinted");
      }).catch(function (error) { window.pistiFetch.showError(error); });
      return;
    }
    if (!form.hasAttribute("data-move") && !form.hasAttribute("data-help")) return;
    event.preventDefault();
    if (busy) return;  // one move at a time: a double click sends one request
    busy = true;
    root.setAttribute("aria-busy", "true");
    post(form, event.submitter)
      .then(function (payload) {
        if (payload.error) {
          render(payload);
          announce(payload.error);
          return;
        }
        var steps = payload.steps || [];
        var log = root.querySelector("[data-events]");
        if (log) log.innerHTML = "";
        var chain = Promise.resolve();
        steps.forEach(function (step, index) {
          chain = chain.then(function () {
            showStep(step);
            return wait(index === steps.length - 1 ? PACE / 2 : PACE);
          });
        });
        return chain.then(function () { render(payload); });
      })
      .catch(function (error) { window.pistiFetch.showError(error); })
      .finally(function () { busy = false; root.removeAttribute("aria-busy"); });
  });

  root.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-help")) form.requestSubmit();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || busy) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (/^[1-9]$/.test(event.key)) {
      var button = root.querySelector(".hand:not([disabled]) [data-key='" + event.key + "']");
      if (button) { event.preventDefault(); button.click(); }
    }
  });
})();

// The new-game form: presets fill the fields at once (links work without JavaScript).
(function () {
  "use strict";
  var form = document.querySelector("[data-new-game]");
  var data = document.getElementById("presets-data");
  if (!form || !data) return;
  var presets = JSON.parse(data.textContent);
  var defaults = {};
  Array.prototype.forEach.call(form.elements, function (el) {
    if (el.name && el.type !== "radio") defaults[el.name] = el.value;
  });
  document.querySelectorAll("[data-preset]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var preset = presets[link.getAttribute("data-preset")] || {};
      Object.keys(defaults).forEach(function (name) {
        var field = form.elements[name];
        if (!field || name === "csrfmiddlewaretoken") return;
        field.value = name in preset ? preset[name] : defaults[name];
      });
      document.querySelectorAll("[data-preset]").forEach(function (l) { l.removeAttribute("aria-current"); });
      link.setAttribute("aria-current", "true");
    });
  });
})();
