// A route on a map: the graph (or grid) drawn on a canvas, each node coloured as the
// search reaches and expands it (a bidirectional search's two frontiers in two
// colours), the landmarks of ALT, and the path with its cost at the end; the stepping
// controls of every view. A click sets the start, the goal, or (on a grid) a wall.
//
// The map comes from POST /api/domains/<name>/map (a domain with ``map_json``), the
// run from the usual search endpoint, read whole and stepped one expansion at a time:
// each expansion says which states its step put on the frontier (``reached``).
//
// Drawn to be read from the back of a room: the canvas is drawn in CSS pixels (sharp
// on any screen), names and road lengths at 14 px or more, in the page's colours
// (dark mode included), and the layout leaves room for every name.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { fillSelect, fillStats } from "./dom.js";
import { fillOptions, showOnlyWhereActs, showParamsWhereTheyAct } from "./form.js";
import { algorithmTitle, nameAlgorithms } from "./tabs.js";
import { StepsView } from "./view.js";

const COLOURS = {
  wall: "#3b3b3b",
  reached: "#f3c969",
  forward: "#4a90d9",
  backward: "#e07b39",
  expanded: "#4a90d9",
  path: "#d0021b",
  start: "#2e9e44",
  goal: "#8b2fc9",
};
// the page's own colours (style.css), light or dark as the system says
const THEMED = { paper: "--card", ink: "--ink", edge: "--muted", node: "--muted", free: "--chart", landmark: "--ink" };

const ASPECT = 520 / 720; // the canvas's height for its width
const NAME_PX = 15; // a town's name, in CSS pixels
const ROAD_PX = 14; // a road's length
const MAX_NAMED = 60; // nodes past which no name nor length is written
const PAD = 16;

// "GRAPH:NODE" -> [graph, node]; a town alone is in Romania.
function splitStart(text) {
  const at = text.lastIndexOf(":");
  return at < 0 ? ["romania", text.trim()] : [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

// A road's length as written beside it: whole kilometres stay whole.
const lengthText = (weight) => (Number.isInteger(weight) ? String(weight) : weight.toFixed(1));

export class MapView extends StepsView {
  constructor(root, domain, prefix, options, hooks = {}) {
    super(root, domain, prefix, hooks);
    const $ = this.$;
    this.canvas = $("canvas");
    this.canvas.style.width = "100%"; // drawn at the width it is shown (see size())
    this.canvas.closest(".stage")?.classList.add("map-stage"); // a wider column for the map
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
    this.watchPresses();
    for (const name of ["start", "goal", "heuristic"]) {
      $(name).addEventListener("change", () => this.fieldChanged());
    }
    this.canvas.addEventListener("click", (event) => this.player.guard(() => this.clicked(event)));
    // redrawn when its width or the theme changes
    new ResizeObserver(() => {
      if (this.canvas.clientWidth && this.canvas.clientWidth !== this.width) this.render();
    }).observe(this.canvas);
    window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", () => this.render());
    this.map = null;
    this.ran = false; // a run is shown (the link then says its step)
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
    this.syncParams();
  }

  syncParams() {
    // ALT's fields only while landmarks may be used: chosen, or this map's default
    const fallback = this.map?.default_heuristic ?? this.domain.default_heuristic;
    showParamsWhereTheyAct(this.$("params"), this.domain.params, this.$("heuristic"), fallback);
  }

  clear() {
    this.steps = []; // one per expansion: {node, side, g, h, f}
    this.reachedAt = new Map(); // node -> the step that first put it on the frontier
    this.expandedAt = new Map(); // node -> [step, side]
    this.path = null;
    this.cost = null;
    this.verdict = "";
    this.cursor = 0; // expansions shown
    this.ran = false;
  }

  // -- a changed field reloads the map --------------------------------------------------
  // The change event of a field comes when a press elsewhere takes the focus: between
  // the press and the release of the Run button. A map reloaded then (its messages
  // cleared, the form laid out anew) may move the button from under the pointer, and
  // the click was lost. So the reload waits for the release, and is not needed at all
  // when the form was submitted meanwhile (a run loads the map itself).
  watchPresses() {
    this.pressing = false;
    this.afterPress = null;
    this.submits = 0;
    this.form.addEventListener("submit", () => { this.submits++; });
    document.addEventListener("pointerdown", () => { this.pressing = true; }, true);
    const released = () => {
      if (!this.pressing) return;
      this.pressing = false;
      const then = this.afterPress;
      this.afterPress = null;
      if (then) setTimeout(then, 0); // after the click the release makes
    };
    document.addEventListener("pointerup", released, true);
    document.addEventListener("pointercancel", released, true);
  }

  fieldChanged() {
    const submits = this.submits;
    const reload = () => {
      if (this.submits === submits) this.player.guard(() => this.loadMap());
    };
    if (this.pressing) this.afterPress = reload;
    else reload();
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
    this.syncParams(); // the map's own default estimate is known now
    this.names = null;
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
        const step = this.steps.length;
        if (!this.expandedAt.has(node)) this.expandedAt.set(node, [step, event.side ?? null]);
        for (const name of event.reached ?? []) {
          const reached = this.indexOf(name);
          if (!this.reachedAt.has(reached)) this.reachedAt.set(reached, step);
        }
      } else if (event.kind === "solution") {
        this.path = event.path.map((name) => this.indexOf(name));
        this.cost = event.cost;
      }
    }
    this.ran = true;
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

  // -- the link to this moment ---------------------------------------------------------
  urlState() {
    if (!this.map) return null;
    const state = {};
    for (const [name, value] of Object.entries(formValues(this.form))) if (value !== "") state[name] = value;
    if (this.ran) state.step = String(this.cursor);
    return state;
  }

  async restore(state) {
    for (const element of this.form.elements) {
      if (element.name && state[element.name] !== undefined) element.value = state[element.name];
    }
    this.syncAlgorithm();
    await this.player.guard(async () => {
      if (state.step === undefined) {
        await this.loadMap();
        return;
      }
      await this.run();
      if (!this.ran) return;
      this.cursor = Math.max(0, Math.min(Number(state.step) || 0, this.last()));
      this.render();
    });
  }

  // -- clicks -------------------------------------------------------------------------
  async clicked(event) {
    if (!this.map) return;
    const box = this.canvas.getBoundingClientRect();
    const x = ((event.clientX - box.left) * this.width) / box.width;
    const y = ((event.clientY - box.top) * this.height) / box.height;
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
  // The canvas drawn at the width it is shown, in CSS pixels (a hidden tab keeps the
  // last width), and as high as the map needs (within 0.4 and 0.9 of its width): its
  // context, scaled to the screen's pixels.
  size() {
    const canvas = this.canvas;
    const context = canvas.getContext("2d");
    const width = canvas.clientWidth || this.width || 720;
    this.width = width;
    this.height = Math.round(width * (this.map ? 0.9 : ASPECT));
    if (this.map) this.height = Math.round(Math.max(0.4 * width, Math.min(this.height, this.layout(context).extent)));
    const ratio = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(width * ratio), Math.round(this.height * ratio)];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return context;
  }

  colours() {
    const style = getComputedStyle(this.canvas);
    const themed = Object.fromEntries(Object.entries(THEMED).map(([name, variable]) => [name, style.getPropertyValue(variable).trim()]));
    if (this.map && this.map.nodes > MAX_NAMED) {
      // thousands of roads drawn light, so that the search's colours stand out
      themed.edge = style.getPropertyValue("--line").trim();
      themed.node = style.getPropertyValue("--line").trim();
    }
    return { ...COLOURS, ...themed };
  }

  // Where each node is drawn: an affine map of its coordinates (a grid's column and
  // row, centred; a graph's x and y) to CSS pixels, fitted so that every name written
  // right of its node stays on the canvas.
  layout(context) {
    const map = this.map;
    const [width, height] = [this.width, this.height];
    if (map.kind === "grid") {
      const cell = Math.min((width - 2 * PAD) / map.grid.width, (height - 2 * PAD) / map.grid.height);
      const transform = { sx: cell, ox: PAD, sy: cell, oy: PAD };
      return {
        cell, transform, extent: map.grid.height * cell + 2 * PAD,
        at: (index) => [PAD + ((index % map.grid.width) + 0.5) * cell, PAD + (Math.floor(index / map.grid.width) + 0.5) * cell],
      };
    }
    const xs = map.xy.map((p) => p[0]);
    const ys = map.xy.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const named = map.nodes <= MAX_NAMED;
    const top = named ? PAD + NAME_PX : PAD; // a name is written above its node
    let scale = Math.min((width - 2 * PAD) / (x1 - x0 || 1), (height - top - PAD) / (y1 - y0 || 1));
    if (named) {
      context.font = this.nameFont();
      map.names.forEach((name, index) => {
        const room = width - 4 - 6 - context.measureText(name).width - PAD;
        const far = xs[index] - x0;
        if (far > 0) scale = Math.min(scale, Math.max(1e-9, room) / far);
      });
    }
    const transform = { sx: scale, ox: PAD - x0 * scale, sy: map.y_up ? -scale : scale, oy: map.y_up ? height - PAD + y0 * scale : top - y0 * scale };
    return {
      cell: named ? 12 : Math.max(2, Math.min(9, 400 / Math.sqrt(map.nodes))),
      transform,
      extent: (y1 - y0) * scale + top + PAD, // the height the drawing needs
      at: (index) => {
        const [x, y] = map.xy[index];
        return [transform.ox + x * transform.sx, transform.oy + y * transform.sy];
      },
    };
  }

  nameFont() {
    return `600 ${NAME_PX}px system-ui, sans-serif`;
  }

  nodeAt(x, y) {
    const { at, cell } = this.layout(this.canvas.getContext("2d"));
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

  // What a node shows at the cursor: expanded (by a side), on the frontier, or nothing.
  stateOf(index) {
    const expanded = this.expandedAt.get(index);
    if (expanded && expanded[0] <= this.cursor) return expanded[1] ?? "expanded";
    const reached = this.reachedAt.get(index);
    if (reached !== undefined && reached <= this.cursor) return "reached";
    return null;
  }

  render() {
    const map = this.map;
    const context = this.size();
    const colours = this.colours();
    context.fillStyle = colours.paper;
    context.fillRect(0, 0, this.width, this.height);
    if (!map) return;
    const { at, cell, transform } = this.layout(context);
    this.canvas.dataset.transform = [transform.sx, transform.ox, transform.sy, transform.oy].join(",");
    const tally = { reached: 0, expanded: 0, forward: 0, backward: 0 };
    const colour = (index) => {
      const state = this.stateOf(index);
      if (state) {
        tally[state] = (tally[state] ?? 0) + 1;
        if (state !== "reached") tally.expanded += state === "expanded" ? 0 : 1;
      }
      return state ? colours[state] : null;
    };
    let roads = 0;
    if (map.kind === "grid") {
      for (let index = 0; index < map.nodes; index++) {
        const [x, y] = at(index);
        const wall = map.grid.rows[Math.floor(index / map.grid.width)][index % map.grid.width] === "@";
        context.fillStyle = wall ? colours.wall : colour(index) ?? colours.free;
        context.fillRect(x - cell / 2, y - cell / 2, cell, cell);
      }
    } else {
      context.strokeStyle = colours.edge;
      context.lineWidth = 1.5;
      context.beginPath();
      for (const [a, b] of map.edges) {
        context.moveTo(...at(a));
        context.lineTo(...at(b));
      }
      context.stroke();
      const boxes = []; // what a name should not cover: the roads' lengths, the nodes
      if (map.nodes <= MAX_NAMED) roads = this.drawLengths(context, at, colours, boxes);
      for (let index = 0; index < map.nodes; index++) {
        const [x, y] = at(index);
        context.fillStyle = colour(index) ?? colours.node;
        context.beginPath();
        context.arc(x, y, cell / 2, 0, 2 * Math.PI);
        context.fill();
      }
      if (map.nodes <= MAX_NAMED) {
        context.font = this.nameFont();
        context.textAlign = "left";
        context.textBaseline = "alphabetic";
        for (let index = 0; index < map.nodes; index++) {
          const [x, y] = at(index);
          boxes.push([x - cell / 2 - 2, y - cell / 2 - 2, x + cell / 2 + 2, y + cell / 2 + 2]);
        }
        for (let index = 0; index < map.nodes; index++) {
          const [x, y] = this.placeName(context, map.names[index], at(index), boxes);
          this.haloText(context, map.names[index], x, y, colours);
        }
      }
    }
    this.canvas.dataset.labelPx = map.kind === "grid" || map.nodes > MAX_NAMED ? "" : String(NAME_PX);
    this.canvas.dataset.roads = String(roads);
    const done = this.steps.length > 0 && this.cursor >= this.last();
    if (done && this.path) {
      context.strokeStyle = colours.path;
      context.lineWidth = 4;
      context.beginPath();
      context.moveTo(...at(this.path[0]));
      for (const index of this.path.slice(1)) context.lineTo(...at(index));
      context.stroke();
    }
    for (const index of map.landmarks) {
      const [x, y] = at(index);
      context.fillStyle = colours.landmark;
      context.fillRect(x - 5, y - 5, 10, 10);
    }
    for (const [index, name] of [[map.start, "start"], [map.goal, "goal"]]) {
      if (index === null || index === undefined) continue;
      const [x, y] = at(index);
      context.strokeStyle = colours[name];
      context.lineWidth = 3;
      context.beginPath();
      context.arc(x, y, Math.max(7, cell * 0.6), 0, 2 * Math.PI);
      context.stroke();
    }
    this.describe(done, tally);
    this.hooks.changed?.();
  }

  // Text on a halo of the paper's colour, readable over roads and nodes.
  haloText(context, text, x, y, colours) {
    context.lineWidth = 4;
    context.lineJoin = "round";
    context.strokeStyle = colours.paper;
    context.strokeText(text, x, y);
    context.fillStyle = colours.ink;
    context.fillText(text, x, y);
  }

  // Where a node's name goes: beside it, above or below, right or left, wherever it
  // covers the least of what is drawn (``boxes``, to which it is added) and stays on
  // the canvas (above right always does: the layout leaves room for it).
  placeName(context, name, [x, y], boxes) {
    const width = context.measureText(name).width;
    const [up, down] = [NAME_PX * 0.8, NAME_PX * 0.25];
    const places = [[x + 6, y - 6], [x + 6, y + 6 + up], [x - 6 - width, y - 6], [x - 6 - width, y + 6 + up]];
    let best = null;
    for (const [left, base] of places) {
      const box = [left - 2, base - up - 2, left + width + 2, base + down + 2];
      if (box[0] < 2 || box[1] < 2 || box[2] > this.width - 2 || box[3] > this.height - 2) continue;
      let covered = 0;
      for (const other of boxes) {
        const w = Math.min(box[2], other[2]) - Math.max(box[0], other[0]);
        const h = Math.min(box[3], other[3]) - Math.max(box[1], other[1]);
        if (w > 0 && h > 0) covered += w * h;
      }
      if (best === null || covered < best[0]) best = [covered, left, base, box];
      if (covered === 0) break;
    }
    if (best === null) return [x + 6, y - 6];
    boxes.push(best[3]);
    return [best[1], best[2]];
  }

  // Each road's length at its middle (Romania's kilometres); how many were written.
  drawLengths(context, at, colours, boxes) {
    const weights = this.map.weights ?? [];
    context.font = `${ROAD_PX}px system-ui, sans-serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    let written = 0;
    this.map.edges.forEach(([a, b], k) => {
      if (weights[k] === undefined) return;
      const [[xa, ya], [xb, yb]] = [at(a), at(b)];
      const [text, x, y] = [lengthText(weights[k]), (xa + xb) / 2, (ya + yb) / 2];
      this.haloText(context, text, x, y, { ...colours, ink: colours.edge });
      const half = context.measureText(text).width / 2;
      boxes.push([x - half, y - ROAD_PX / 2, x + half, y + ROAD_PX / 2]);
      written++;
    });
    return written;
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
      ["on the frontier", (tally.reached ?? 0).toLocaleString()],
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
