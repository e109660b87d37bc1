// Forms sent with fetch, and their failures. The server answers {"error": "..."} with a 4xx
// or 5xx status; the message is shown in a dismissible alert (the base template's
// data-fetch-error-template) instead of a silent reload. Every such form also posts
// without script: these only spare the page load.

class FetchFailed extends Error {}

// The payload of a successful answer; a failed one without a board to show throws.
// An answer that carries a board ("html") and an error is the page's own to render.
export function readJson(response) {
  return response.json().then((payload) => {
    if (!response.ok && !payload.html) throw new FetchFailed(payload.error || "");
    return payload;
  }, () => { throw new FetchFailed(""); });
}

// Posts ``form`` (with the button that sent it) and reads the JSON answer.
export function postForm(form, submitter) {
  const data = new FormData(form);
  if (submitter && submitter.name) data.append(submitter.name, submitter.value);
  // getAttribute: a field named "action" shadows the form's .action property.
  return fetch(form.getAttribute("action"), {
    method: "POST", body: data, credentials: "same-origin",
    headers: { Accept: "application/json" },
  }).then(readJson);
}

function close(alert) { alert.remove(); }

// The words to show for a failure: the server's own message, or ``fallback`` (the page's
// "could not be sent") for a network failure, whose browser text ("Failed to fetch")
// means nothing to a player.
export function errorText(error, fallback) {
  return error instanceof FetchFailed && error.message ? error.message : fallback;
}

// Removes a shown failure: the next answer that works makes it old news.
export function clearError() {
  const shown = document.querySelector("[data-fetch-error]");
  if (shown) close(shown);
}

let escapeBound = false;

// Shows the server's message, or the template's "could not be reached" for a network
// failure or an answer that was not JSON (a proxy's error page).
export function showError(error) {
  const template = document.querySelector("[data-fetch-error-template]");
  if (!template) return;
  const old = document.querySelector("[data-fetch-error]");
  if (old) close(old);
  const alert = template.content.firstElementChild.cloneNode(true);
  if (error instanceof FetchFailed && error.message) {
    alert.querySelector("[data-fetch-error-text]").textContent = error.message;
  }
  const button = alert.querySelector("[data-fetch-error-close]");
  button.addEventListener("click", () => close(alert));
  document.body.appendChild(alert);
  button.focus({ preventScroll: true });
  if (!escapeBound) {
    escapeBound = true;
    document.addEventListener("keydown", (event) => {
      const shown = document.querySelector("[data-fetch-error]");
      if (shown && event.key === "Escape") close(shown);
    });
  }
}
