// Talking to the searchlab server: JSON in, JSON out, errors shown by their field.

export class ApiError extends Error {
  constructor(status, message, field) {
    super(message);
    this.status = status;
    this.field = field ?? null;
  }
}

// Where requests go: the server, by fetch, unless a notebook widget answers them through
// its kernel (searchlab.notebook.widget): the same API, carried by the widget's messages.
let transport = null;

// ``send(method, path, body)`` resolves to {status, payload} (the API's JSON answer).
export function setTransport(send) {
  transport = send;
}

async function fetched(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (failure) {
    throw new ApiError(0, "the searchlab server cannot be reached (is `searchlab serve` still running?)");
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch (failure) {
    payload = null;
  }
  return { status: response.status, payload };
}

export async function api(method, path, body) {
  const { status, payload } = await (transport ?? fetched)(method, path, body);
  if (status < 200 || status >= 300) {
    const message = payload?.error ?? `the server answered ${status}`;
    throw new ApiError(status, message, payload?.field);
  }
  return payload;
}

// Every event of a run the server recorded in full (a climb, an A* search), page by
// page; the session is dropped afterwards, since nothing more will be asked of it.
export async function recordedEvents(session) {
  const events = [];
  let from = 0;
  for (;;) {
    const page = await api("GET", `/api/sessions/${session}/events?from=${from}`);
    events.push(...page.events);
    from = page.next;
    if (page.done) break;
  }
  api("DELETE", `/api/sessions/${session}`).catch(() => {});
  return events;
}

// Clear every error message of a form.
export function clearErrors(form) {
  for (const span of form.querySelectorAll("[data-error-for]")) span.textContent = "";
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}

// Show an error next to the field it names, or in the form's general slot.
export function showError(form, error) {
  const field = error instanceof ApiError ? error.field : null;
  let slot = field ? form.querySelector(`[data-error-for="${CSS.escape(field)}"]`) : null;
  if (!slot) slot = form.querySelector('[data-error-for=""]');
  slot.textContent = error.message;
  const input = field ? form.querySelector(`[name="${CSS.escape(field)}"]`) : null;
  if (input) input.setAttribute("aria-invalid", "true");
}

// The form's fields as a plain object (strings; the server checks and converts them).
export function formValues(form) {
  const values = {};
  for (const element of form.elements) {
    if (element.name && !element.disabled) values[element.name] = element.value;
  }
  return values;
}
