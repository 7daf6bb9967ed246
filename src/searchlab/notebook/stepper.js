// The notebook's stepping widget: a view of the web viewer (the generic one, or a
// domain's own: backtracking, hill climbing, the sliding puzzle) with its form, its
// player, its drawings and explanations, the same modules the page runs, in the
// widget's shadow root. Its API requests travel as widget messages to the kernel, where the
// viewer's own server app answers them (searchlab.notebook.widget).

import { api, setTransport } from "../web/static/js/api.js";
import { BacktrackView } from "../web/static/js/backtrack.js";
import { ClimbView } from "../web/static/js/climb.js";
import { GenericView } from "../web/static/js/generic.js";
import { PuzzleView } from "../web/static/js/puzzle.js";

// The views by the names domains give them (as main.js has them).
const VIEWS = { backtrack: BacktrackView, climb: ClimbView, puzzle: PuzzleView, generic: GenericView };

// Each request waits for the kernel's answer carrying its id (unique in the page, so that
// a widget shown twice never takes the other's answer).
let next = 0;

function connect(model) {
  const waiting = new Map();
  model.on("msg:custom", (message) => {
    const resolve = waiting.get(message.id);
    if (!resolve) return;
    waiting.delete(message.id);
    resolve({ status: message.status, payload: message.payload });
  });
  setTransport((method, path, body) => new Promise((resolve) => {
    next += 1;
    waiting.set(next, resolve);
    model.send({ id: next, method, path, body: body ?? null });
  }));
}

async function render({ model, el }) {
  connect(model);
  const shadow = el.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = model.get("css");
  const root = document.createElement("div");
  root.className = "searchlab-widget";
  const template = document.createElement("template");
  template.innerHTML = model.get("template");
  root.append(template.content.cloneNode(true));
  for (const link of root.querySelectorAll("a[data-source]")) link.hidden = true;
  shadow.append(style, root);
  const options = await api("GET", "/api/options");
  const domain = options.domains.find((entry) => entry.name === model.get("domain"));
  const View = VIEWS[model.get("view")];
  const view = new View(root, domain, model.get("prefix"), options, {});
  // The widget's keys: → steps, ← goes back, space plays or pauses (as on the page).
  root.tabIndex = 0;
  root.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLTextAreaElement ||
      (event.target instanceof HTMLInputElement && event.target.type !== "range");
    if (typing || !["ArrowRight", "ArrowLeft", " "].includes(event.key)) return;
    event.preventDefault();
    if (event.key === "ArrowRight") view.player.step();
    else if (event.key === "ArrowLeft") view.player.back();
    else view.player.toggle();
  });
  const fields = model.get("fields");
  const algorithm = view.form.elements.namedItem("algorithm");
  if (fields.algorithm !== undefined && algorithm) {
    algorithm.value = fields.algorithm;
    algorithm.dispatchEvent(new Event("change")); // the view shows that algorithm's options
  }
  for (const [name, value] of Object.entries(fields)) {
    const input = view.form.elements.namedItem(name);
    if (input) input.value = value;
  }
  const preset = view.$("preset");
  if (preset && fields.start in domain.presets) preset.value = fields.start;
  if (model.get("autorun")) view.form.requestSubmit();
  root.dataset.ready = "true";
}

export default { render };
