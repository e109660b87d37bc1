// The practice game without page loads: moves post with fetch, the table script plays
// every card (yours, then each bot's) before the new table is swapped in, errors show in
// the table's status line, number keys play cards. Without this file every form posts and
// the page reloads with the same information.
(function () {
  "use strict";
  var root = document.querySelector("[data-practice]");
  var announcer = document.querySelector("[data-announce]");
  if (!root || !window.fetch || !window.PistiTable) return;
  var Table = window.PistiTable;
  var busy = false;
  var drawerOpen = false;  // survives the board being swapped in after a help change
  var labels = {
    pisti: root.getAttribute("data-pisti-label"),
    jackPisti: root.getAttribute("data-jack-pisti-label"),
  };

  function announce(text) {
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = text; }, 30);
  }

  function showError(text) {
    var table = root.querySelector("[data-table]");
    if (table) Table.setStatus(table, text, true);
    announce(text);
  }

  function post(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return fetch(form.getAttribute("action"), {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "Accept": "application/json" },
    }).then(function (response) { return window.pistiFetch.readJson(response); });
  }

  function render(payload, keepFocus) {
    if (payload.html) root.innerHTML = payload.html;
    enhance();
    if (keepFocus) return;
    var focus = root.querySelector("[data-focus]") ||
      root.querySelector(".hand:not([disabled]) button");
    if (focus) focus.focus({ preventScroll: true });
  }

  // What the server-rendered board needs once scripts run: the pace choice, the drawer.
  function enhance() {
    Table.bindPace(root);
    root.querySelectorAll("[data-drawer-toggle]").forEach(function (t) { t.hidden = false; });
    var log = root.querySelector("[data-log]");
    if (log) log.scrollTop = log.scrollHeight;
    var drawer = root.querySelector("[data-drawer]");
    if (drawer && drawerOpen) {
      drawer.classList.add("is-open");
      root.querySelectorAll("[data-drawer-toggle]").forEach(function (t) {
        t.setAttribute("aria-expanded", "true");
      });
    }
  }

  function setDrawer(open) {
    var drawer = root.querySelector("[data-drawer]");
    var toggle = root.querySelector(".score-strip [data-drawer-toggle]");
    if (!drawer || !toggle) return;
    drawerOpen = open;
    drawer.classList.toggle("is-open", open);
    root.querySelectorAll("[data-drawer-toggle]").forEach(function (t) {
      t.setAttribute("aria-expanded", open ? "true" : "false");
    });
    if (open) {
      var first = drawer.querySelector("h2, input, button");
      if (first && first.tagName === "H2") first.setAttribute("tabindex", "-1");
      if (first) first.focus({ preventScroll: true });
    } else {
      toggle.focus({ preventScroll: true });
    }
  }

  root.addEventListener("click", function (event) {
    var toggle = event.target.closest("[data-drawer-toggle]");
    if (toggle) setDrawer(!drawerOpen);
  });

  function appendLog(step) {
    var log = root.querySelector("[data-log]");
    if (!log) return;
    var item = document.createElement("li");
    item.textContent = step.text;
    if (step.pisti || step.jack_pisti) item.className = "is-pisti";
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  root.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-hint")) {
      event.preventDefault();
      post(form, event.submitter).then(function (payload) {
        var out = form.querySelector("[data-hint-output]");
        out.textContent = payload.hint || payload.error || "";
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
    var submitter = event.submitter;
    var clicked = null;
    if (submitter && submitter.name === "card") {
      clicked = { card: submitter.value, button: submitter };
    }
    post(form, submitter)
      .then(function (payload) {
        if (payload.error) {
          render(payload, true);
          showError(payload.error);
          return;
        }
        var steps = payload.steps || [];
        return Table.play(root, steps, { labels: labels, clicked: clicked, onStep: appendLog })
          .then(function () {
            var isHelp = form.hasAttribute("data-help");
            var changed = isHelp && document.activeElement && document.activeElement.name;
            render(payload, isHelp);
            // A help switch keeps the focus where the player left it.
            var again = changed && root.querySelector("[data-help] [name='" + changed + "']");
            if (again) again.focus({ preventScroll: true });
            var said = steps.map(function (s) { return s.text; });
            var status = root.querySelector("[data-status]");
            if (status && status.textContent) said.push(status.textContent);
            if (said.length) announce(said.join(" "));
          });
      })
      .catch(function (error) {
        if (clicked) clicked.button.classList.remove("is-playing");
        window.pistiFetch.showError(error);
        showError((error && error.message) || root.getAttribute("data-failed-label"));
      })
      .finally(function () { busy = false; root.removeAttribute("aria-busy"); });
  });

  root.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-help")) form.requestSubmit();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      var drawer = root.querySelector("[data-drawer].is-open");
      if (drawer) setDrawer(false);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey || busy) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (/^[1-9]$/.test(event.key)) {
      var button = root.querySelector(".hand:not([disabled]) [data-key='" + event.key + "']");
      if (button) { event.preventDefault(); button.click(); }
    }
  });

  enhance();
})();

// The new-game form: presets fill the fields at once (links work without JavaScript).
(function () {
  "use strict";
  var form = document.querySelector("[data-new-game]");
  if (!form || !form.hasAttribute("data-presets")) return;
  var presets = JSON.parse(form.getAttribute("data-presets"));
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
