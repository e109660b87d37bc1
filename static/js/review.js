// The review board: the plays of a finished deal stepped through in the page. Each step is
// its own address and a whole page without this script; here the same address is asked
// for with the page's step header and only the step comes back, swapped in place, the
// address kept on it with the History API (replaced, not added: Back leaves the review,
// as it does lichess's board). The move list, the buttons, the bars of the chart,
// ← → Home End all step; the neighbours are fetched ahead, so a step shows at once. While the analysis runs its progress is shown, and the page
// reloads once it is stored.
import { onKeys } from "./keys.js";
import { readJson, showError } from "./requests.js";

function reviewBoard(root) {
  const header = root.dataset.stepHeader;
  const plays = Number(root.dataset.plays);
  const urlOf = (n) => root.dataset.stepBase + n + "/";
  const steps = new Map();  // address -> promise of the step's HTML
  let wanted = null;  // the last address asked for: a slower earlier answer is dropped
  let heading = null;  // the play the keys step from: the last asked for, shown or not

  function fetchStep(url) {
    if (!steps.has(url)) {
      const request = fetch(url, { headers: { [header]: "1" }, credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        });
      request.catch(() => steps.delete(url));
      steps.set(url, request);
    }
    return steps.get(url);
  }

  function current() { return root.querySelector("[data-review-step]"); }

  function prefetch(step) {
    step.querySelectorAll("a[data-go='previous'], a[data-go='next']")
      .forEach((link) => fetchStep(link.getAttribute("href")));
  }

  // The move list's current play, kept in view inside the list (not by scrolling the page,
  // which would take the board off a phone's screen), and the chart's bar.
  function markCurrent(number) {
    const list = root.querySelector("[data-move-list]");
    list.querySelectorAll("[aria-current]").forEach((link) => link.removeAttribute("aria-current"));
    const link = list.querySelector("a[data-step='" + number + "']");
    if (link) {
      link.setAttribute("aria-current", "step");
      const box = list.getBoundingClientRect();
      const line = link.getBoundingClientRect();
      if (line.top < box.top) list.scrollTop -= box.top - line.top + 8;
      else if (line.bottom > box.bottom) list.scrollTop += line.bottom - box.bottom + 8;
    }
    document.querySelectorAll(".loss-chart [data-bar]").forEach((bar) => {
      bar.classList.toggle("is-current", bar.dataset.bar === String(number));
    });
  }

  function show(url, { reveal = false } = {}) {
    wanted = url;
    return fetchStep(url).then((html) => {
      if (wanted !== url) return;
      const old = current();
      const focused = document.activeElement && old.contains(document.activeElement)
        ? document.activeElement.dataset.go : null;
      const holder = document.createElement("template");
      holder.innerHTML = html.trim();
      const step = holder.content.querySelector("[data-review-step]");
      old.replaceWith(step);
      window.history.replaceState({ review: url }, "", url);
      // a play chosen further down the page (the move list, the chart on a phone): the
      // board comes into view with it
      const top = step.getBoundingClientRect().top;
      if (reveal && (top < 0 || top > window.innerHeight / 2)) {
        step.scrollIntoView({ block: "start" });
      }
      const suffix = document.title.includes(" · ") ? document.title.slice(document.title.indexOf(" · ")) : "";
      document.title = step.dataset.title + suffix;
      markCurrent(step.dataset.number);
      if (focused) {
        const again = step.querySelector("[data-go='" + focused + "']");
        if (again) again.focus();
      }
      prefetch(step);
    }).catch(() => window.location.assign(url));  // the step is a page of its own
  }

  document.addEventListener("click", (event) => {
    if (event.button !== 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = event.target.closest("a[data-step], a[data-step-link]");
    if (!link) return;
    event.preventDefault();
    heading = Number(link.dataset.step) || null;
    show(link.getAttribute("href"), { reveal: !link.closest("[data-review-step]") });
  });

  // Keys count from the play last asked for, so ten quick presses go ten plays on.
  function go(where) {
    return () => {
      const from = heading || Number(current().dataset.number);
      const to = { first: 1, previous: from - 1, next: from + 1, last: plays }[where];
      if (to < 1 || to > plays || to === from) return false;
      heading = to;
      show(urlOf(to));
      return true;
    };
  }
  onKeys({ ArrowLeft: go("previous"), ArrowRight: go("next"), Home: go("first"), End: go("last") });

  markCurrent(current().dataset.number);  // a step opened by its address: in the list's view
  prefetch(current());
}

// The analysis runs in a worker: its progress, then the page again with its verdicts.
function followAnalysis(panel) {
  const line = panel.querySelector("[data-analysis-progress]");
  const poll = () => {
    fetch(panel.dataset.analysisStatus, { headers: { Accept: "application/json" } })
      .then(readJson)
      .then((data) => {
        if (data.finished) { window.location.reload(); return; }
        if (line) line.textContent = data.text;
        window.setTimeout(poll, 1500);
      })
      .catch(showError);
  };
  window.setTimeout(poll, 1000);
}

const root = document.querySelector("[data-review]");
if (root) reviewBoard(root);
const panel = document.querySelector("[data-analysis-status]");
if (panel && panel.dataset.analysisFinished !== "1") followAnalysis(panel);
