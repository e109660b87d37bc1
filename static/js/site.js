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
