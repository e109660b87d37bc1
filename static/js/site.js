// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // Styles that only make sense with scripts (the phone drawer) hang on this class.
  document.documentElement.classList.add("has-js");
  // The language switcher keeps the visitor on the same section of the page.
  function keepFragment() {
    var links = document.querySelectorAll(".language-switcher a[data-language]");
    links.forEach(function (link) {
      var base = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", base + window.location.hash);
    });
  }
  window.addEventListener("hashchange", keepFragment);
  document.addEventListener("DOMContentLoaded", function () {
    keepFragment();
    // Buttons that only make sense with JavaScript stay hidden without it.
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
    document.querySelectorAll("[data-select-on-focus]").forEach(function (input) {
      input.addEventListener("focus", function () { input.select(); });
    });
    // Open the FAQ answer a link points to.
    if (window.location.hash) {
      var target = document.getElementById(window.location.hash.slice(1));
      if (target && target.tagName === "DETAILS") target.open = true;
    }
  });
})();

// Failed requests of the page's scripts: the server answers {"error": "..."} with a 4xx or
// 5xx status; the message is shown in a dismissible alert instead of a silent reload.
// Scripts use: fetch(...).then(pistiFetch.readJson) ... .catch(pistiFetch.showError)
window.pistiFetch = (function () {
  "use strict";
  function FetchFailed(message) { this.message = message; }

  // The payload of a successful answer; a failed one without a board to show throws.
  // An answer that carries a board ("html") and an error is the page's own to render.
  function readJson(response) {
    return response.json().then(function (payload) {
      if (!response.ok && !payload.html) throw new FetchFailed(payload.error);
      return payload;
    }, function () { throw new FetchFailed(null); });
  }

  function close(alert) {
    alert.remove();
  }

  // Shows the server's message, or the template's "could not be reached" for a network
  // failure or an answer that was not JSON (a proxy's error page).
  function showError(error) {
    var template = document.querySelector("[data-fetch-error-template]");
    if (!template) return;
    var old = document.querySelector("[data-fetch-error]");
    if (old) close(old);
    var alert = template.content.firstElementChild.cloneNode(true);
    if (error && error.message && error instanceof FetchFailed) {
      alert.querySelector("[data-fetch-error-text]").textContent = error.message;
    }
    var button = alert.querySelector("[data-fetch-error-close]");
    button.addEventListener("click", function () { close(alert); });
    document.body.appendChild(alert);
    button.focus({ preventScroll: true });
  }

  document.addEventListener("keydown", function (event) {
    var alert = document.querySelector("[data-fetch-error]");
    if (alert && event.key === "Escape") close(alert);
  });

  return { readJson: readJson, showError: showError };
})();
