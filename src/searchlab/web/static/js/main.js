// The page: one tab per (domain, view) from the server's options, then Help. Each domain
// names the views it wants (backtrack, climb, puzzle); any other, and a domain that
// names none, gets the generic view, which draws its states from their description.

import { api } from "./api.js";
import { BacktrackView } from "./backtrack.js";
import { ClimbView } from "./climb.js";
import { GenericView } from "./generic.js";
import { Help } from "./help.js";
import { PuzzleView } from "./puzzle.js";
import { Tabs } from "./tabs.js";
import { instantiate, slug } from "./template.js";

const VIEWS = {
  backtrack: { View: BacktrackView, prefix: "bt", label: (domain) => `${domain.title} · backtracking` },
  climb: { View: ClimbView, prefix: "hc", label: (domain) => `${domain.title} · hill climbing` },
  puzzle: { View: PuzzleView, prefix: "pz", label: (domain) => `${domain.title} · A*` },
  generic: { View: GenericView, prefix: "gn", label: (domain) => domain.title },
};

// The views a domain gets, known ones only, each once.
const viewsOf = (domain) => [...new Set(domain.views.map((view) => (view in VIEWS ? view : "generic")))];

const views = new Map(); // tab key -> view
let help = null;

function onSelect(key) {
  for (const [name, view] of views) {
    if (name !== key) view.player.pause();
  }
  if (location.hash.slice(1) !== key) history.replaceState(null, "", `#${key}`);
}

const tabs = new Tabs(document.querySelector("#tabs"), document.querySelector("#panels"), onSelect);

function build(options) {
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
      const view = new View(panel, domain, own, options);
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
  help = new Help(tabs.add("help", "Help & source", { className: "help" }), options, viewsOf);
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (target instanceof HTMLElement && target.getAttribute("role") === "tab") return; // the tabs' own keys
  if (event.key === " " && (target instanceof HTMLButtonElement || target instanceof HTMLElement && target.tagName === "SUMMARY")) return;
  const player = views.get(tabs.current)?.player;
  if (!player) return;
  if (event.key === "ArrowRight") { player.step(); event.preventDefault(); }
  else if (event.key === "ArrowLeft") { player.back(); event.preventDefault(); }
  else if (event.key === " ") { player.toggle(); event.preventDefault(); }
});

try {
  build(await api("GET", "/api/options"));
  document.querySelector("#loading").remove();
  tabs.select(location.hash.slice(1));
  window.addEventListener("hashchange", () => tabs.select(location.hash.slice(1)));
  document.body.dataset.ready = "true";
} catch (error) {
  document.querySelector("main").prepend(Object.assign(document.createElement("p"), { className: "error banner", textContent: error.message }));
}
