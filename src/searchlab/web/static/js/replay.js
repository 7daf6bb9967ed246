// The "Replay a trace" tab: a --trace-out file (one engine event a line, as JSON:
// core/encoding.py) dropped on the page, or chosen, is stepped with the generic view's
// panels and the timeline. Nothing goes to the server. A trace holds the engine's
// events only: each expansion's successors are gathered from the generate and prune
// events after it; the frontier's order and the search tree are not in a trace.

import { COUNTERS } from "./dom.js";
import { GenericView } from "./generic.js";
import { shown } from "./explain.js";

const MAX_BYTES = 50 * 2 ** 20;
const MAX_EVENTS = 200000;
const KINDS = new Set(["expand", "generate", "prune", "backtrack", "solution", "step", "restart", "threshold", "narrow", "wipeout"]);
const KEPT = new Set(["expand", "step", "restart", "solution", "threshold"]);

class TraceError extends Error {}

// The events of a trace's text, checked line by line (the first bad line is named).
export function parseTrace(text) {
  const events = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      throw new TraceError(`line ${index + 1} is not JSON: a trace has one JSON event a line (searchlab … --trace-out FILE.jsonl)`);
    }
    if (event === null || typeof event !== "object" || Array.isArray(event) || !KINDS.has(event.kind)) {
      throw new TraceError(`line ${index + 1} is not an event of a trace (it has no known "kind")`);
    }
    if (!Array.isArray(event.c) || event.c.length !== COUNTERS.length || !event.c.every(Number.isInteger)) {
      throw new TraceError(`line ${index + 1} has no counters ("c": ${COUNTERS.length} whole numbers)`);
    }
    if (events.length >= MAX_EVENTS) throw new TraceError(`the trace has more than ${MAX_EVENTS.toLocaleString()} events: the page replays at most that many`);
    events.push(event);
  });
  if (!events.length) throw new TraceError("the file holds no event");
  return events;
}

// The events the panels show: each expansion with its successors (the generate events
// after it, a prune marking the one before it refused), states drawn as text.
export function teachingEvents(raw) {
  const kept = [];
  let expansion = null;
  for (const event of raw) {
    if (event.kind === "expand") {
      expansion = { ...event, children: [], drawing: { kind: "text", text: shown(event.state) } };
      kept.push(expansion);
    } else if (event.kind === "generate" && expansion) {
      expansion.children.push({ move: event.move, state: event.state, text: shown(event.state), g: event.g, h: event.h, f: event.g + event.h, status: "new" });
    } else if (event.kind === "prune" && expansion) {
      const child = expansion.children.findLast((item) => shown(item.state) === shown(event.state) && item.status === "new");
      if (child) Object.assign(child, { status: "refused", reason: event.reason });
    } else if (KEPT.has(event.kind)) {
      const drawing = event.state !== undefined ? { kind: "text", text: shown(event.state) } : undefined;
      kept.push({ ...event, drawing, next_drawing: drawing });
    }
  }
  return kept;
}

export class ReplayView extends GenericView {
  constructor(root, domain, prefix, options, hooks) {
    super(root, domain, prefix, options, hooks);
    const $ = this.$;
    this.form.hidden = true; // nothing to ask: the file is the run
    $("next").hidden = true;
    this.status.textContent = "Drop a trace file above, or choose one.";
    const drop = $("drop");
    drop.addEventListener("dragover", (event) => {
      event.preventDefault();
      drop.classList.add("over");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      this.player.guard(() => this.open(event.dataTransfer.files[0]));
    });
    drop.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        $("file").click();
      }
    });
    drop.addEventListener("click", () => $("file").click());
    $("file").addEventListener("change", () => this.player.guard(() => this.open($("file").files[0])));
  }

  async run() {} // the form is hidden: a replay has nothing to run

  async open(file) {
    const $ = this.$;
    if (!file) return;
    $("error").textContent = "";
    let events;
    try {
      if (file.size > MAX_BYTES) throw new TraceError(`the file is ${(file.size / 2 ** 20).toFixed(0)} MB: the page replays at most ${MAX_BYTES / 2 ** 20} MB`);
      events = teachingEvents(parseTrace(await file.text()));
    } catch (error) {
      $("error").textContent = `${file.name} cannot be replayed: ${error instanceof TraceError ? error.message : "it is not a text file"}.`;
      return;
    }
    this.clear();
    const solution = events.findLast((event) => event.kind === "solution");
    this.events = events;
    this.info = {
      live: false,
      run: { algorithm: `the trace ${file.name}`, heuristic: null, seed: null },
      teaching: { family: "graph", frontier: "queue", title: "the search" },
      result: { solved: Boolean(solution), cost: solution?.cost, path: solution?.path, moves: [] },
      description: solution ? `The trace ends with a solution of cost ${solution.cost}: ${solution.path.map(shown).join(" → ")}.` : "The trace ends without a solution.",
      path_drawings: null,
      start_drawing: events[0]?.drawing ?? null,
    };
    this.done = true;
    this.cursor = -1;
    const names = new Set();
    for (const event of events) {
      if (event.state !== undefined) names.add(shown(event.state));
      for (const child of event.children ?? []) names.add(shown(child.state));
    }
    this.timeline.offer([...names].slice(0, 500));
    this.render();
    this.status.textContent = `${file.name}: ${events.length.toLocaleString()} events kept. Press Step or Play; the successors of each expansion are listed (the frontier's order is not in a trace).`;
  }

  urlState() {
    return null; // the file is not in the address
  }
}
