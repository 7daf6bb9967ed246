// The page: tabs, the three views and the help panel, wired to the server's options.

import { api } from "./api.js";
import { BacktrackView } from "./backtrack.js";
import { ClimbView } from "./climb.js";
import { Help } from "./help.js";
import { PuzzleView } from "./puzzle.js";

const views = {
  backtrack: new BacktrackView(document.querySelector("#view-backtrack")),
  climb: new ClimbView(document.querySelector("#view-climb")),
  puzzle: new PuzzleView(document.querySelector("#view-puzzle")),
};
const help = new Help(document.querySelector("#view-help"));
let current = "backtrack";

function select(name) {
  if (!document.querySelector(`#view-${name}`)) name = "backtrack";
  current = name;
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.setAttribute("aria-selected", String(tab.dataset.view === name));
  }
  for (const section of document.querySelectorAll(".view")) {
    section.hidden = section.id !== `view-${name}`;
  }
  for (const [key, view] of Object.entries(views)) {
    if (key !== name) view.player.pause();
  }
  if (location.hash.slice(1) !== name) history.replaceState(null, "", `#${name}`);
}

for (const tab of document.querySelectorAll('[role="tab"]')) {
  tab.addEventListener("click", () => select(tab.dataset.view));
}
for (const link of document.querySelectorAll("a[data-source]")) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    select("help");
    help.show(link.dataset.source);
  });
}
window.addEventListener("hashchange", () => select(location.hash.slice(1)));

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (event.key === " " && (target instanceof HTMLButtonElement || target instanceof HTMLElement && target.tagName === "SUMMARY")) return;
  const player = views[current]?.player;
  if (!player) return;
  if (event.key === "ArrowRight") { player.step(); event.preventDefault(); }
  else if (event.key === "ArrowLeft") { player.back(); event.preventDefault(); }
  else if (event.key === " ") { player.toggle(); event.preventDefault(); }
});

select(location.hash.slice(1) || "backtrack");
try {
  const options = await api("GET", "/api/options");
  for (const view of Object.values(views)) view.init(options);
  help.init(options);
  document.body.dataset.ready = "true";
} catch (error) {
  document.querySelector("main").prepend(Object.assign(document.createElement("p"), { className: "error banner", textContent: error.message }));
}
