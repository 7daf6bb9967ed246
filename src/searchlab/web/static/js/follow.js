// Classroom mode (`searchlab serve --classroom`): the teacher's page can lead the students'.
//
// The teacher's page gets a "Follow me" switch: while it is on, where the page is (its
// tab and the state its link holds, which main.js writes into the address) is sent to
// the server each time it changes. A student's page waits on the server for the
// teacher's moves (a long poll) and, while its "Follow the teacher" switch is on, opens
// each one as it opens a link: through the address and main.js's hashchange handler.
// A move of a few steps on the same search presses Step (or Back) instead, so the
// search is not run again for every step. Outside classroom mode nothing is shown.

import { api } from "./api.js";
import { html } from "./dom.js";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const WATCH_MS = 300; // how often the teacher's page looks whether its address changed
const MAX_STEPS = 25; // further than this, the student's page reopens the link instead

// "#key?a=1&b=2" -> {key, state}, as main.js reads an address.
function parseHash(hash) {
  const text = hash.replace(/^#/, "");
  const at = text.indexOf("?");
  const key = decodeURIComponent(at < 0 ? text : text.slice(0, at));
  const state = at < 0 ? {} : Object.fromEntries(new URLSearchParams(text.slice(at + 1)));
  return { key, state };
}

function hashOf(tab, state) {
  return Object.keys(state).length ? `#${tab}?${new URLSearchParams(state)}` : `#${tab}`;
}

function switchOf(id, label, checked) {
  const input = html("input", { type: "checkbox", id });
  input.checked = checked;
  return { input, label: html("label", { class: "check", for: id }, [input, ` ${label}`]) };
}

// ---------------------------------------------------------------- the teacher's page

// The students' join link, and its QR code, to put on the projector.
function joinLink(bar, about) {
  if (!about.join) return;
  const button = html("button", { type: "button", id: "show-join", "aria-expanded": "false", "aria-controls": "join-figure", text: "Show the join link" });
  const figure = html("figure", { class: "join", id: "join-figure" }, [
    ...(about.qr ? [html("img", { src: about.qr, alt: "the join link as a QR code" })] : []),
    html("figcaption", {}, [html("code", { text: about.join })]),
  ]);
  figure.hidden = true;
  button.addEventListener("click", () => {
    figure.hidden = !figure.hidden;
    button.setAttribute("aria-expanded", String(!figure.hidden));
    button.textContent = figure.hidden ? "Show the join link" : "Hide the join link";
  });
  bar.append(button);
  bar.after(figure);
}

function lead(bar, about) {
  const { input, label } = switchOf("follow-me", "Follow me (the students' pages show this one)", false);
  const status = html("span", { id: "follow-status", role: "status" });
  bar.append(label, status);
  joinLink(bar, about);
  let sent = null;
  let sending = false;
  let queue = Promise.resolve(); // one POST at a time, in order: "off" never overtakes "on"

  function send(on) {
    sending = true;
    queue = queue.then(() => post(on));
  }

  async function post(on) {
    const hash = location.hash;
    const { key, state } = parseHash(hash);
    const body = on ? { on: true, tab: key, state } : { on: false };
    try {
      await api("POST", "/api/classroom/follow", body);
      status.textContent = on ? "the students follow this page" : "";
    } catch (error) {
      status.textContent = error.message; // said once: this address is not sent again
    } finally {
      sent = on ? hash : null;
      sending = false;
    }
  }

  input.addEventListener("change", () => send(input.checked));
  setInterval(() => {
    if (input.checked && !sending && location.hash && location.hash !== sent) send(true);
  }, WATCH_MS);
}

// ---------------------------------------------------------------- a student's page

// Whether two states differ in their step only (then Step/Back get there).
function sameBut(a, b, name) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete(name);
  return [...keys].every((key) => a[key] === b[key]);
}

const idle = () => !document.querySelector('[aria-busy="true"]');

async function settle() {
  for (let waited = 0; !idle() && waited < 3000; waited += 50) await sleep(50);
  await sleep(WATCH_MS + 50); // main.js writes the address at most every 300 ms
}

async function go(position) {
  const target = hashOf(position.tab, position.state);
  await settle();
  if (location.hash === target) return;
  const here = parseHash(location.hash);
  const panel = document.getElementById(`view-${position.tab}`);
  const steps = Number(position.state.step) - Number(here.state.step);
  if (here.key === position.tab && panel && sameBut(here.state, position.state, "step")
      && Number.isInteger(steps) && steps !== 0 && Math.abs(steps) <= MAX_STEPS) {
    const buttons = panel.querySelectorAll(`button[id$="-${steps > 0 ? "step" : "back"}"]`);
    if (buttons.length === 1 && !buttons[0].disabled) {
      for (let done = 0; done < Math.abs(steps); done++) buttons[0].click();
      return;
    }
  }
  history.replaceState(null, "", target); // then reopened as main.js reopens a link
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}

function follow(bar, first) {
  const { input, label } = switchOf("follow-teacher", "Follow the teacher", true);
  const status = html("span", { id: "follow-status", role: "status" });
  bar.append(label, status);
  let latest = first;
  let shown = null; // the version this page last went to
  let going = Promise.resolve();

  // A new position (or ``again``: the student ticked the switch) is gone to; the same one
  // answered again after a quiet wait is not, so a student may look around meanwhile.
  function show(position, again = false) {
    latest = position;
    status.textContent = position.on ? (input.checked ? "following the teacher's page" : "the teacher is leading") : "";
    if (!position.on || !input.checked || (position.version === shown && !again)) return;
    shown = position.version;
    // one move at a time, and only to the newest position: a page that fell behind skips
    going = going.then(() => (position.version === latest.version ? go(latest) : null)).catch(() => {});
  }

  input.addEventListener("change", () => show(latest, true));
  show(first);
  (async () => {
    for (;;) {
      try {
        show(await api("GET", `/api/classroom/follow?after=${latest.version}`));
      } catch (error) {
        await sleep(3000); // the server went away or refused: ask again later
      }
    }
  })();
}

// The switch of this page's role, in ``header``; nothing outside a classroom.
export async function classroom(header) {
  const about = await api("GET", "/api/classroom").catch(() => null);
  if (!about?.classroom) return;
  const bar = html("p", { class: "classroom", id: "classroom" });
  header.insertBefore(bar, header.querySelector("nav"));
  if (about.role === "teacher") lead(bar, about);
  else follow(bar, about.follow);
}
