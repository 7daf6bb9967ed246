// A route on a map: the graph (or grid) drawn on a canvas, each node coloured as the
// search reaches and expands it (a bidirectional search's two frontiers in two
// colours), the landmarks of ALT, and the path with its cost at the end; the stepping
// controls of every view. A click sets the start, the goal, or (on a grid) a wall.
//
// The map comes from POST /api/domains/<name>/map (a domain with ``map_json``), the
// run from the usual search endpoint, read whole and stepped one expansion at a time.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { fillSelect, fillStats } from "./dom.js";
import { fillOptions, showOnlyWhereActs } from "./form.js";
import { algorithmTitle, nameAlgorithms } from "./tabs.js";
import { StepsView } from "./view.js";

const COLOURS = {
  edge: "#c9c9c9",
  wall: "#3b3b3b",
  free: "#fafafa",
  node: "#9a9a9a",
  reached: "#f3c969",
  forward: "#4a90d9",
  backward: "#e07b39",
  expanded: "#4a90d9",
  path: "#d0021b",
  start: "#2e9e44",
  goal: "#8b2fc9",
  landmark: "#111111",
};

// "GRAPH:NODE" -> [graph, node]; a town alone is in Romania.
function splitStart(text) {
  const at = text.lastIndexOf(":");
  return at < 0 ? ["romania", text.trim()] : [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

export class MapView extends StepsView {
  constructor(root, domain, prefix, options, hooks = {}) {
    super(root, domain, prefix, hooks);
    const $ = this.$;
    this.canvas = $("canvas");
    this.status = $("status");
    this.stats = $("stats");
    this.result = $("result");
    fillSelect($("algorithm"), domain.algorithms, domain.default_algorithm);
    nameAlgorithms($("algorithm"), domain);
    fillSelect($("heuristic"), [{ name: "", summary: "chosen by the domain" }, ...domain.heuristics], "");
    $("heuristic").options[0].textContent = "default (the graph's)";
    fillOptions($("params"), domain.params, prefix);
    $("start").value = "romania:Arad";
    $("goal").value = "Bucharest";
    $("algorithm").addEventListener("change", () => this.syncAlgorithm());
    for (const name of ["start", "goal", "heuristic"]) {
      $(name).addEventListener("change", () => this.player.guard(() => this.loadMap()));
    }
    this.canvas.addEventListener("click", (event) => this.player.guard(() => this.clicked(event)));
    this.map = null;
    this.clear();
    this.syncAlgorithm();
    this.player.guard(() => this.loadMap());
  }

  algorithm() {
    return this.$("algorithm").value;
  }

  syncAlgorithm() {
    const info = this.domain.algorithms.find((item) => item.name === this.algorithm());
    this.$("heuristic").disabled = !info?.informed;
    showOnlyWhereActs(this.$("heuristic")); // an uninformed search has no use for it
  }

  clear() {
    this.steps = []; // one per expansion: {node, side, g, h, f}
    this.reachedAt = new Map(); // node -> the step during which it was first reached
    this.expandedAt = new Map(); // node -> [step, side]
    this.path = null;
    this.cost = null;
    this.verdict = "";
    this.cursor = 0; // expansions shown
  }

  // The map of the form's start and goal (and the landmarks, for ALT).
  async loadMap() {
    clearErrors(this.form);
    const values = formValues(this.form);
    try {
      this.map = await api("POST", `/api/domains/${this.domain.name}/map`, values);
    } catch (error) {
      showError(this.form, error);
      return;
    }
    this.clear();
    this.status.textContent = "Choose the start and the goal (click the map), then Run.";
    this.render();
  }

  // The index of a node from its name in an event (a grid cell "x,y", else a name).
  indexOf(name) {
    const map = this.map;
    if (map.kind === "grid") {
      const [x, y] = String(name).split(",").map(Number);
      return y * map.grid.width + x;
    }
    if (!this.names) this.names = new Map(map.names.map((text, index) => [text, index]));
    return this.names.get(String(name));
  }

  nameOf(index) {
    const map = this.map;
    if (map.kind === "grid") return `${index % map.grid.width},${Math.floor(index / map.grid.width)}`;
    return map.names[index];
  }

  async run() {
    clearErrors(this.form);
    this.status.textContent = "Searching…";
    await this.loadMap();
    if (!this.map) return;
    let info;
    try {
      info = await api("POST", `/api/domains/${this.domain.name}/search`, formValues(this.form));
    } catch (error) {
      showError(this.form, error);
      this.status.textContent = "Not run: fix the field marked in red.";
      return;
    }
    const events = await recordedEvents(info.session);
    this.clear();
    this.names = null;
    for (const event of events) {
      if (event.kind === "expand") {
        const node = this.indexOf(event.state);
        this.steps.push({ node, side: event.side ?? null, g: event.g, h: event.h, f: event.f });
        if (!this.expandedAt.has(node)) this.expandedAt.set(node, [this.steps.length, event.side ?? null]);
      } else if (event.kind === "generate") {
        const node = this.indexOf(event.state);
        if (!this.reachedAt.has(node)) this.reachedAt.set(node, this.steps.length);
      } else if (event.kind === "solution") {
        this.path = event.path.map((name) => this.indexOf(name));
        this.cost = event.cost;
      }
    }
    this.verdict = info.description ?? "";
    this.hooks.rename?.(`${this.domain.title} · map · ${algorithmTitle(this.domain, info.run.algorithm)}`);
    this.render();
  }

  // -- the player ---------------------------------------------------------------------
  // Every expansion is a step, and one more ends the run: the goal taken (the path drawn).
  last() {
    return this.steps.length ? this.steps.length + 1 : 0;
  }


  fail(error) {
    showError(this.form, error);
  }

  // -- clicks -------------------------------------------------------------------------
  async clicked(event) {
    if (!this.map) return;
    const box = this.canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) * this.canvas.width) / box.width;
    const y = ((event.clientY - box.top) * this.canvas.height) / box.height;
    const node = this.nodeAt(x, y);
    if (node === null) return;
    const mode = this.$("click").value;
    const [graph] = splitStart(this.$("start").value);
    if (mode === "wall") {
      if (this.map.kind !== "grid") return;
      const rows = this.map.grid.rows.map((row) => row.split(""));
      const w = this.map.grid.width;
      const [cx, cy] = [node % w, Math.floor(node / w)];
      rows[cy][cx] = rows[cy][cx] === "@" ? "." : "@";
      const [, startNode] = splitStart(this.$("start").value);
      this.$("start").value = `grid:${rows.map((row) => row.join("")).join("/")}:${startNode}`;
    } else if (mode === "start") {
      this.$("start").value = `${graph}:${this.nameOf(node)}`;
    } else {
      this.$("goal").value = this.nameOf(node);
    }
    await this.loadMap();
  }

  // -- drawing ------------------------------------------------------------------------
  layout() {
    const map = this.map;
    const width = this.canvas.width;
    const height = this.canvas.height;
    const pad = 16;
    if (map.kind === "grid") {
      const cell = Math.min((width - 2 * pad) / map.grid.width, (height - 2 * pad) / map.grid.height);
      return {
        cell,
        at: (index) => [
          pad + ((index % map.grid.width) + 0.5) * cell,
          pad + (Math.floor(index / map.grid.width) + 0.5) * cell,
        ],
      };
    }
    const xs = map.xy.map((p) => p[0]);
    const ys = map.xy.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const scale = Math.min((width - 2 * pad) / (x1 - x0 || 1), (height - 2 * pad) / (y1 - y0 || 1));
    return {
      cell: Math.max(2, Math.min(9, 400 / Math.sqrt(map.nodes))),
      at: (index) => {
        const [x, y] = map.xy[index];
        return [pad + (x - x0) * scale, map.y_up ? height - pad - (y - y0) * scale : pad + (y - y0) * scale];
      },
    };
  }

  nodeAt(x, y) {
    const { at, cell } = this.layout();
    if (this.map.kind === "grid") {
      for (let index = 0; index < this.map.nodes; index++) {
        const [cx, cy] = at(index);
        if (Math.abs(cx - x) <= cell / 2 && Math.abs(cy - y) <= cell / 2) return index;
      }
      return null;
    }
    let best = null;
    let distance = Infinity;
    for (let index = 0; index < this.map.nodes; index++) {
      const [cx, cy] = at(index);
      const d = Math.hypot(cx - x, cy - y);
      if (d < distance) [best, distance] = [index, d];
    }
    return distance <= 30 ? best : null;
  }

  // What a node shows at the cursor: expanded (by a side), reached, or nothing yet.
  stateOf(index) {
    const expanded = this.expandedAt.get(index);
    if (expanded && expanded[0] <= this.cursor) return expanded[1] ?? "expanded";
    const reached = this.reachedAt.get(index);
    if (reached !== undefined && reached < this.cursor) return "reached";
    return null;
  }

  render() {
    const map = this.map;
    const context = this.canvas.getContext("2d");
    context.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (!map) return;
    const { at, cell } = this.layout();
    const tally = { reached: 0, expanded: 0, forward: 0, backward: 0 };
    const colour = (index) => {
      const state = this.stateOf(index);
      if (state) {
        tally[state] = (tally[state] ?? 0) + 1;
        if (state !== "reached") tally.expanded += state === "expanded" ? 0 : 1;
      }
      return state ? COLOURS[state] : null;
    };
    if (map.kind === "grid") {
      for (let index = 0; index < map.nodes; index++) {
        const [x, y] = at(index);
        const wall = map.grid.rows[Math.floor(index / map.grid.width)][index % map.grid.width] === "@";
        context.fillStyle = wall ? COLOURS.wall : colour(index) ?? COLOURS.free;
        context.fillRect(x - cell / 2, y - cell / 2, cell, cell);
      }
    } else {
      context.strokeStyle = COLOURS.edge;
      context.lineWidth = 1;
      context.beginPath();
      for (const [a, b] of map.edges) {
        context.moveTo(...at(a));
        context.lineTo(...at(b));
      }
      context.stroke();
      for (let index = 0; index < map.nodes; index++) {
        const [x, y] = at(index);
        context.fillStyle = colour(index) ?? COLOURS.node;
        context.beginPath();
        context.arc(x, y, cell / 2, 0, 2 * Math.PI);
        context.fill();
      }
      if (map.nodes <= 60) {
        context.fillStyle = "#222";
        context.font = "12px sans-serif";
        for (let index = 0; index < map.nodes; index++) {
          const [x, y] = at(index);
          context.fillText(map.names[index], x + 6, y - 6);
        }
      }
    }
    const done = this.steps.length > 0 && this.cursor >= this.last();
    if (done && this.path) {
      context.strokeStyle = COLOURS.path;
      context.lineWidth = 4;
      context.beginPath();
      context.moveTo(...at(this.path[0]));
      for (const index of this.path.slice(1)) context.lineTo(...at(index));
      context.stroke();
    }
    for (const index of map.landmarks) {
      const [x, y] = at(index);
      context.fillStyle = COLOURS.landmark;
      context.fillRect(x - 5, y - 5, 10, 10);
    }
    for (const [index, name] of [[map.start, "start"], [map.goal, "goal"]]) {
      if (index === null || index === undefined) continue;
      const [x, y] = at(index);
      context.strokeStyle = COLOURS[name];
      context.lineWidth = 3;
      context.beginPath();
      context.arc(x, y, Math.max(7, cell * 0.6), 0, 2 * Math.PI);
      context.stroke();
    }
    this.describe(done, tally);
  }

  describe(done, tally) {
    const map = this.map;
    const expanded = Math.min(this.cursor, this.steps.length);
    const canvas = this.canvas.dataset;
    canvas.expanded = String(expanded);
    canvas.forward = String(tally.forward ?? 0);
    canvas.backward = String(tally.backward ?? 0);
    canvas.reached = String(tally.reached ?? 0);
    canvas.landmarks = map.landmarks.map((index) => this.nameOf(index)).join(";");
    canvas.path = done && this.path ? this.path.map((index) => this.nameOf(index)).join(";") : "";
    canvas.cost = done && this.cost !== null ? String(this.cost) : "";
    const rows = [
      ["graph", `${map.title} (${map.nodes.toLocaleString()} nodes, ${map.edges_count.toLocaleString()} edges)`],
      ["expanded", expanded.toLocaleString()],
      ["reached, not expanded", (tally.reached ?? 0).toLocaleString()],
    ];
    if ((tally.forward ?? 0) + (tally.backward ?? 0) > 0) {
      rows.push(["from the start", (tally.forward ?? 0).toLocaleString()]);
      rows.push(["from the goal", (tally.backward ?? 0).toLocaleString()]);
    }
    if (map.landmarks.length) rows.push(["landmarks", map.landmarks.map((index) => this.nameOf(index)).join(", ")]);
    fillStats(this.stats, rows);
    this.result.hidden = !done;
    this.result.textContent = done ? this.verdict : "";
    if (!this.steps.length) return;
    if (done) {
      const goal = this.path ? this.nameOf(this.path[this.path.length - 1]) : "";
      this.status.textContent = this.path
        ? `Done after ${this.steps.length.toLocaleString()} expansions: ${goal} is reached, cost ${this.cost}, ${this.path.length - 1} moves.`
        : `Done after ${this.steps.length.toLocaleString()} expansions: no path.`;
      return;
    }
    if (this.cursor === 0) {
      this.status.textContent = `${this.steps.length.toLocaleString()} expansions recorded: step or play.`;
      return;
    }
    const step = this.steps[this.cursor - 1];
    const side = step.side ? ` (${step.side === "forward" ? "from the start" : "from the goal"})` : "";
    this.status.textContent = `Expansion ${this.cursor} of ${this.steps.length}${side}: ${this.nameOf(step.node)}, g = ${step.g}, h = ${step.h}, f = ${step.f}.`;
  }
}
