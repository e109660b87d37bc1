// Small progressive enhancements of every page; every page works without this file.

// Styles that only make sense with scripts (the phone drawer) hang on this class.
document.documentElement.classList.add("has-js");

// The language switcher keeps the visitor on the same section of the page.
function keepFragment() {
  document.querySelectorAll(".language-switcher a[data-language]").forEach((link) => {
    const base = link.getAttribute("href").split("#")[0];
    link.setAttribute("href", base + window.location.hash);
  });
}
window.addEventListener("hashchange", keepFragment);
keepFragment();

// Buttons that only make sense with JavaScript stay hidden without it.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
document.querySelectorAll("[data-select-on-focus]").forEach((input) => {
  input.addEventListener("focus", () => input.select());
});
// Open the FAQ answer a link points to.
if (window.location.hash) {
  const target = document.getElementById(window.location.hash.slice(1));
  if (target && target.tagName === "DETAILS") target.open = true;
}
