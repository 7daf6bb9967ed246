// The page: one tab per (domain, view) from the server's options, then Help. Each domain
// names the views it wants (backtrack, climb, puzzle); any other, and a domain that
// names none, gets the generic view, which draws its states from their description.
//
// The address holds the moment shown: "#tab?input=value&…&step=n". A view says what
// to write (urlState) and how to come back to it (restore); reloading or sharing the
// link reopens the same board at the same step.

import { api } from "./api.js";
import { BacktrackView } from "./backtrack.js";
import { ClimbView } from "./climb.js";
import { classroom } from "./follow.js";
import { GenericView } from "./generic.js";
import { addEditorTabs } from "./graph-view.js";
import { Help } from "./help.js";
import { MapView } from "./map.js";
import { addNetworkTab } from "./network.js";
import { addPrologTabs } from "./prolog-query.js";
import { PuzzleView } from "./puzzle.js";
import { Tabs, algorithmTitle } from "./tabs.js";
import { instantiate, slug } from "./template.js";

const VIEWS = {
  backtrack: { View: BacktrackView, prefix: "bt", label: (domain) => `${domain.title} · backtracking` },
  climb: { View: ClimbView, prefix: "hc", label: (domain) => `${domain.title} · hill climbing` },
  puzzle: { View: PuzzleView, prefix: "pz", label: (domain) => `${domain.title} · ${algorithmTitle(domain, domain.default_algorithm)}` },
  map: { View: MapView, prefix: "mp", label: (domain) => `${domain.title} · map` },
  generic: { View: GenericView, prefix: "gn", label: (domain) => domain.title },
};

// The views a domain gets, known ones only, each once.
const viewsOf = (domain) => [...new Set(domain.views.map((view) => (view in VIEWS ? view : "generic")))];

const views = new Map(); // tab key -> view
let help = null;

// "#key?a=1&b=2" -> {key, state: {a: "1", b: "2"}}
function parseHash(hash) {
  const text = hash.replace(/^#/, "");
  const at = text.indexOf("?");
  const key = decodeURIComponent(at < 0 ? text : text.slice(0, at));
  const state = at < 0 ? null : Object.fromEntries(new URLSearchParams(text.slice(at + 1)));
  return { key, state };
}

function hashOf(key) {
  const state = views.get(key)?.urlState?.();
  return state ? `#${key}?${new URLSearchParams(state)}` : `#${key}`;
}

// Write the current tab's moment into the address: at once when a tab is chosen, and
// while a view changes at most a few times a second (the browser refuses a flood of
// history changes while a search plays).
let pending = null;
let written = 0;
let opening = false; // while a link is being reopened, the address is left as it was
function write() {
  written = performance.now();
  const key = tabs.current;
  if (!key || opening) return;
  const hash = hashOf(key);
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function share({ now = false } = {}) {
  if (now) {
    clearTimeout(pending);
    pending = null;
    write();
    return;
  }
  if (pending) return;
  const wait = Math.max(0, 300 - (performance.now() - written));
  pending = setTimeout(() => {
    pending = null;
    write();
  }, wait);
}

function onSelect(key) {
  for (const [name, view] of views) {
    if (name !== key) view.player.pause();
  }
  share({ now: true });
}

const tabs = new Tabs(document.querySelector("#tabs"), document.querySelector("#panels"), onSelect);

async function build(options) {
  const used = new Set();
  for (const domain of options.domains) {
    for (const kind of viewsOf(domain)) {
      const { View, prefix, label } = VIEWS[kind];
      // the first tab of a view keeps its template's ids; any other gets the domain's
      const own = kind === "generic" || used.has(kind) ? `${prefix}-${slug(domain.name)}` : prefix;
      used.add(kind);
      const key = `${slug(domain.name)}-${kind}`;
      const panel = tabs.add(key, label(domain));
      panel.append(instantiate(`template-${kind}`, own));
      const hooks = {
        rename: (text) => tabs.rename(key, text),
        changed: () => { if (tabs.current === key) share(); },
      };
      const view = new View(panel, domain, own, options, hooks);
      views.set(key, view);
      for (const link of panel.querySelectorAll("a[data-source]")) {
        link.addEventListener("click", (event) => {
          event.preventDefault();
          tabs.select("help");
          help.show(domain.name, view.algorithm());
        });
      }
    }
  }
  addPrologTabs(options.prolog, tabs, views, share); // a tab per Prolog file to query
  addNetworkTab(tabs, views, share); // build a constraint network, revise its arcs, backtrack
  await addEditorTabs(tabs, views, share, options); // draw a graph; replay a trace
  help = new Help(tabs.add("help", "Help & source", { className: "help" }), options, viewsOf);
}

// The keys of the player (→ steps, ← goes back, space plays or pauses) act only where
// no control wants them: a focused control keeps every key it uses itself. Text fields,
// lists, sliders and radios use them all; buttons, links, checkboxes, a legend's
// summary and the tabs use space (to press them) but not the arrows (the tabs keep
// their own, as the ARIA tabs pattern has them); a box that scrolls (the search tree,
// the source) scrolls with them. Esc takes the focus from a control back to its view,
// where the keys act again.
const PRESSED = "button, a[href], summary, [role='tab'], [role='button'], input[type='checkbox'], input[type='button'], input[type='submit'], input[type='reset']";
const FIELDS = "input, select, textarea, [contenteditable], [role='slider'], [role='radio'], [role='listbox'], [role='textbox']";

function keepsKey(target, key) {
  if (!(target instanceof Element) || target === document.body) return false;
  if (target.matches("[role='tabpanel']")) return false; // the view itself: no control
  if (target.matches(PRESSED)) return key === " ";
  if (target.matches(FIELDS) || target.isContentEditable) return true;
  return target.tabIndex >= 0; // anything else focusable (a box that scrolls)
}

const KEYS = { ArrowRight: "step", ArrowLeft: "back", " ": "toggle" };

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const target = event.target;
  const panel = target instanceof Element ? target.closest("[role='tabpanel']") : null;
  if (event.key === "Escape" && panel && target !== panel && !event.isComposing) {
    panel.focus(); // out of the control, into its view: the keys act again
    return;
  }
  if (!Object.hasOwn(KEYS, event.key) || keepsKey(target, event.key)) return;
  const player = views.get(tabs.current)?.player;
  if (!player) return;
  event.preventDefault(); // nothing focused uses the key (and space would scroll the page)
  player[KEYS[event.key]]();
});

async function open(hash) {
  const { key, state } = parseHash(hash);
  opening = true;
  try {
    tabs.select(key);
    const view = views.get(tabs.current);
    if (state && view?.restore && tabs.current === key) await view.restore(state);
  } finally {
    opening = false;
    share({ now: true });
  }
}

try {
  await build(await api("GET", "/api/options"));
  document.querySelector("#loading").remove();
  await open(location.hash);
  window.addEventListener("hashchange", () => open(location.hash));
  document.body.dataset.ready = "true";
  classroom(document.querySelector("header")); // serve --classroom: Follow me
} catch (error) {
  document.querySelector("main").prepend(Object.assign(document.createElement("p"), { className: "error banner", textContent: error.message }));
}
