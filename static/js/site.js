// Small progressive enhancements of every page; every page works without this file.
import { onKeys } from "./keys.js";

// (the has-js class is set by has-js.js, in the head, before the first paint)

// Phones fold the header's links and languages into a panel the Menu button opens (site.css
// shows the button only on narrow screens with scripts). The button again, Escape (focus
// back on the button), a chosen link, a tap beside the panel or the focus leaving the
// header close it.
function siteMenu() {
  const header = document.querySelector("[data-site-header]");
  const button = header && header.querySelector("[data-menu-button]");
  const menu = header && header.querySelector("[data-menu]");
  if (!button || !menu) return;
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const setOpen = (open) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("is-open", open);
  };
  button.addEventListener("click", () => setOpen(!isOpen()));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("a")) setOpen(false);
  });
  // A tap on the dimmed page only closes the panel: the click it ends in does not also
  // play the card or follow the link below.
  let swallowClick = false;
  document.addEventListener("pointerdown", (event) => {
    swallowClick = isOpen() && !header.contains(event.target);
    if (swallowClick) setOpen(false);
  }, true);
  document.addEventListener("pointercancel", () => { swallowClick = false; }, true);
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  header.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !header.contains(event.relatedTarget)) setOpen(false);
  });
  // Back to a page from the history, or a phone turned into a wide screen: closed.
  window.addEventListener("pageshow", () => setOpen(false));
  window.matchMedia("(min-width: 48rem)").addEventListener("change", () => setOpen(false));
  onKeys({
    Escape() {
      if (!isOpen()) return false;
      setOpen(false);
      button.focus();
      return true;
    },
  });
}
siteMenu();

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

// House rules: the fields of the other way of winning a match (a points target when the
// match is won on deals, and back) are hidden while they do not apply.
function scoringFields() {
  document.querySelectorAll("select[name='match_scoring']").forEach((select) => {
    const form = select.form;
    const show = () => {
      const scoring = select.value || "points";
      form.querySelectorAll("[data-scoring-only]").forEach((field) => {
        const box = field.closest(".field") || field;
        box.hidden = field.getAttribute("data-scoring-only") !== scoring;
      });
    };
    select.addEventListener("change", show);
    form.addEventListener("reset", () => window.setTimeout(show));
    show();
  });
}
scoringFields();


// A name a form cannot do without (a table's host, a seat's player) is asked for beside its
// field at once, rather than after a round trip that reloads the page; the server refuses
// an empty one too, with the same words. The field's data-required-message says them.
function requiredFirst() {
  document.addEventListener("submit", (event) => {
    const empty = [...event.target.querySelectorAll("input[data-required-message]")]
      .find((input) => !input.value.trim());
    if (!empty) return;
    event.preventDefault();
    event.stopImmediatePropagation();  // a page's own handler must not post it either
    let error = document.getElementById(empty.id + "-error") ||
      document.getElementById(empty.getAttribute("aria-describedby") || "");
    if (!error) {
      error = document.createElement("p");
      error.className = "field-error";
      error.id = empty.id + "-error";
      error.setAttribute("role", "alert");
      empty.insertAdjacentElement("afterend", error);
      empty.setAttribute("aria-describedby", error.id);
    }
    error.textContent = empty.dataset.requiredMessage;
    error.hidden = false;
    empty.setAttribute("aria-invalid", "true");
    empty.focus();
    empty.addEventListener("input", () => {
      error.hidden = true;
      empty.removeAttribute("aria-invalid");
    }, { once: true });
  }, true);
}
requiredFirst();
