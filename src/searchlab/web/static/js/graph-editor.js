// The graph editor: nodes (name, place, h), arcs with costs (directed or not), start and
// goal, drawn on an SVG and edited by mouse or by keyboard alone (the lists and fields
// beside the drawing do everything a click does; the arrow keys move the selected node
// when the drawing has the focus). The graph is the JSON the server reads
// (web/graphs.py); every change is checked there (is h admissible, consistent?) and
// said under the drawing, the node or arc named.

import { api } from "./api.js";
import { html, svg } from "./dom.js";

const WIDTH = 720;
const HEIGHT = 420;
const RADIUS = 16;
const STEP = 10; // pixels an arrow key moves a node

export const emptyGraph = () => ({ title: "my graph", directed: false, nodes: [], arcs: [], start: "", goal: "" });

// The graph as the server reads it (no start or goal yet: the first and last node).
export function sendable(graph) {
  const { title, directed, nodes, arcs } = graph;
  const names = nodes.map((node) => node.name);
  const start = names.includes(graph.start) ? graph.start : names[0] ?? "";
  const goal = names.includes(graph.goal) ? graph.goal : names[names.length - 1] ?? "";
  return { title, directed, nodes: nodes.map(({ name, x, y, h }) => ({ name, x, y, h })), arcs: arcs.map(({ from, to, cost }) => ({ from, to, cost })), start, goal };
}

export class GraphEditor {
  // ``$``: the view's parts by name; ``changed()``: the graph changed.
  constructor($, changed) {
    this.$ = $;
    this.changed = changed;
    this.graph = emptyGraph();
    this.selected = null; // a node's name
    this.marks = {}; // name -> class (from the search shown)
    this.pathArcs = new Set();
    this.warned = { nodes: new Set(), arcs: new Set() };
    this.svg = $("svg");
    this.bind();
  }

  bind() {
    const $ = this.$;
    $("nodes").addEventListener("change", () => this.select($("nodes").value));
    $("arcs").addEventListener("change", () => {
      const arc = this.graph.arcs[Number($("arcs").value)];
      if (!arc) return;
      $("from").value = arc.from;
      $("to").value = arc.to;
      $("cost").value = arc.cost;
    });
    $("add-node").addEventListener("click", () => this.addNode($("name").value, Number($("h").value || 0)));
    $("set-node").addEventListener("click", () => this.setNode($("name").value, $("h").value));
    $("delete-node").addEventListener("click", () => this.deleteNode(this.selected));
    $("set-start").addEventListener("click", () => this.setEnd("start", this.selected));
    $("set-goal").addEventListener("click", () => this.setEnd("goal", this.selected));
    $("connect").addEventListener("click", () => this.connect($("from").value, $("to").value, $("cost").value));
    $("delete-arc").addEventListener("click", () => this.deleteArc(Number($("arcs").value)));
    $("directed").addEventListener("change", () => {
      this.graph.directed = $("directed").checked;
      this.update();
    });
    this.svg.addEventListener("pointerdown", (event) => this.pointer(event));
    this.svg.addEventListener("keydown", (event) => this.key(event));
  }

  // -- the graph -----------------------------------------------------------------------
  load(graph) {
    this.graph = { ...emptyGraph(), ...structuredClone(graph) };
    this.selected = null;
    this.$("directed").checked = Boolean(this.graph.directed);
    this.update();
  }

  node(name) {
    return this.graph.nodes.find((node) => node.name === name);
  }

  fail(message) {
    this.$("error").textContent = message;
    return false;
  }

  // A name for a new node: the first letter not taken (A, B, …), then n1, n2, …
  freeName() {
    for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if (!this.node(letter)) return letter;
    for (let i = 1; ; i++) if (!this.node(`n${i}`)) return `n${i}`;
  }

  // A free place for a node added from the keyboard: on a grid, the first spot far
  // enough from every node.
  freePlace() {
    for (let y = 40; y < HEIGHT; y += 60) {
      for (let x = 40; x < WIDTH; x += 70) {
        if (this.graph.nodes.every((node) => Math.hypot(node.x - x, node.y - y) > 3 * RADIUS)) return { x, y };
      }
    }
    return { x: WIDTH / 2, y: HEIGHT / 2 };
  }

  addNode(name, h = 0, place = null) {
    name = String(name ?? "").trim() || this.freeName();
    if (this.node(name)) return this.fail(`there is already a node called ${name}`);
    if (!Number.isFinite(h) || h < 0) return this.fail("h must be a number, 0 or more");
    const { x, y } = place ?? this.freePlace();
    this.graph.nodes.push({ name, x: Math.round(x), y: Math.round(y), h });
    if (this.graph.nodes.length === 1) this.graph.start = name;
    this.selected = name;
    this.update(`Node ${name} added.`);
    return true;
  }

  setNode(name, h) {
    const node = this.node(this.selected);
    if (!node) return this.fail("select a node first");
    name = String(name).trim() || node.name;
    if (name !== node.name && this.node(name)) return this.fail(`there is already a node called ${name}`);
    const value = Number(h);
    if (h === "" || !Number.isFinite(value) || value < 0) return this.fail("h must be a number, 0 or more");
    for (const arc of this.graph.arcs) {
      if (arc.from === node.name) arc.from = name;
      if (arc.to === node.name) arc.to = name;
    }
    if (this.graph.start === node.name) this.graph.start = name;
    if (this.graph.goal === node.name) this.graph.goal = name;
    node.name = name;
    node.h = value;
    this.selected = name;
    this.update(`Node ${name}: h = ${value}.`);
    return true;
  }

  deleteNode(name) {
    if (!this.node(name)) return this.fail("select a node first");
    this.graph.nodes = this.graph.nodes.filter((node) => node.name !== name);
    this.graph.arcs = this.graph.arcs.filter((arc) => arc.from !== name && arc.to !== name);
    if (this.graph.start === name) this.graph.start = "";
    if (this.graph.goal === name) this.graph.goal = "";
    this.selected = null;
    this.update(`Node ${name} deleted, with its arcs.`);
    return true;
  }

  setEnd(end, name) {
    if (!this.node(name)) return this.fail("select a node first");
    this.graph[end] = name;
    this.update(`${name} is the ${end}.`);
    return true;
  }

  // The arc from → to (or the edge, undirected), added or given a new cost.
  connect(from, to, cost) {
    const value = Number(cost);
    if (!this.node(from) || !this.node(to)) return this.fail("choose the two nodes to connect");
    if (from === to) return this.fail("an arc joins two different nodes");
    if (cost === "" || !Number.isFinite(value) || value < 0) return this.fail("the cost must be a number, 0 or more");
    const same = (arc) => (arc.from === from && arc.to === to) || (!this.graph.directed && arc.from === to && arc.to === from);
    const arc = this.graph.arcs.find(same);
    if (arc) arc.cost = value;
    else this.graph.arcs.push({ from, to, cost: value });
    this.update(`${from} ${this.graph.directed ? "→" : "—"} ${to} costs ${value}.`);
    return true;
  }

  deleteArc(index) {
    const arc = this.graph.arcs[index];
    if (!arc) return this.fail("select an arc first");
    this.graph.arcs.splice(index, 1);
    this.update(`The arc ${arc.from} – ${arc.to} is deleted.`);
    return true;
  }

  select(name) {
    this.selected = this.node(name) ? name : null;
    const node = this.node(this.selected);
    if (node) {
      this.$("name").value = node.name;
      this.$("h").value = node.h;
      this.$("from").value = node.name;
    }
    this.draw();
    this.fillLists();
  }

  // After every change: the lists, the drawing, the server's check, the address.
  update(said = "") {
    this.$("error").textContent = "";
    this.fillLists();
    this.draw();
    const { nodes, arcs, start, goal } = this.graph;
    this.$("summary").textContent = `${said ? `${said} ` : ""}${nodes.length} nodes, ${arcs.length} ${this.graph.directed ? "arcs" : "edges"}; start ${start || "—"}, goal ${goal || "—"}.`;
    this.changed();
    this.check();
  }

  async check() {
    const list = this.$("warnings");
    this.warned = { nodes: new Set(), arcs: new Set() };
    if (!this.graph.nodes.length) {
      list.replaceChildren();
      return;
    }
    const asked = JSON.stringify(this.graph);
    let reply;
    try {
      reply = await api("POST", "/api/graphs/check", { graph: sendable(this.graph) });
    } catch (error) {
      if (asked === JSON.stringify(this.graph)) list.replaceChildren(html("li", { class: "warn", text: error.message }));
      return;
    }
    if (asked !== JSON.stringify(this.graph)) return; // a later change asks again
    for (const warning of reply.warnings) {
      if (warning.node) this.warned.nodes.add(warning.node);
      if (warning.arc) this.warned.arcs.add(warning.arc.join("\u0000"));
    }
    const items = reply.warnings.map((warning) => html("li", { class: "warn", "data-kind": warning.kind, text: warning.message }));
    if (!items.length) items.push(html("li", { class: "good", text: "h is admissible and consistent (checked against the exact costs to the goal)." }));
    list.replaceChildren(...items);
    this.draw();
  }

  fillLists() {
    const $ = this.$;
    const names = this.graph.nodes.map((node) => node.name);
    const label = (node) => `${node.name} (h = ${node.h})${node.name === this.graph.start ? ", start" : ""}${node.name === this.graph.goal ? ", goal" : ""}`;
    $("nodes").replaceChildren(...this.graph.nodes.map((node) => html("option", { value: node.name, text: label(node) })));
    if (this.selected) $("nodes").value = this.selected;
    for (const which of ["from", "to"]) {
      const chosen = $(which).value;
      $(which).replaceChildren(...names.map((name) => html("option", { value: name, text: name })));
      if (names.includes(chosen)) $(which).value = chosen;
    }
    const join = this.graph.directed ? "→" : "—";
    const chosen = $("arcs").value;
    $("arcs").replaceChildren(...this.graph.arcs.map((arc, index) => html("option", { value: String(index), text: `${arc.from} ${join} ${arc.to}, cost ${arc.cost}` })));
    if (chosen && Number(chosen) < this.graph.arcs.length) $("arcs").value = chosen;
  }

  // -- the drawing ---------------------------------------------------------------------
  // The search shown colours the nodes: ``marks`` name -> expanded/frontier/current/path.
  show(marks, pathArcs = new Set()) {
    this.marks = marks;
    this.pathArcs = pathArcs;
    this.draw();
  }

  draw() {
    const graph = this.graph;
    const at = new Map(graph.nodes.map((node) => [node.name, node]));
    const title = svg("title", { id: `${this.svg.id}-label` });
    title.textContent = this.describe();
    const parts = [title];
    const marker = svg("marker", { id: `${this.svg.id}-head`, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" }, [svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" })]);
    parts.push(svg("defs", {}, [marker]));
    for (const arc of graph.arcs) {
      const a = at.get(arc.from);
      const b = at.get(arc.to);
      if (!a || !b) continue;
      const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / length;
      const uy = (b.y - a.y) / length;
      const key = `${arc.from}\u0000${arc.to}`;
      const back = `${arc.to}\u0000${arc.from}`;
      const warned = this.warned.arcs.has(key) || (!graph.directed && this.warned.arcs.has(back));
      const onPath = this.pathArcs.has(key) || (!graph.directed && this.pathArcs.has(back));
      const line = svg("line", {
        x1: a.x + ux * RADIUS, y1: a.y + uy * RADIUS, x2: b.x - ux * RADIUS, y2: b.y - uy * RADIUS,
        class: `arc${warned ? " warn" : ""}${onPath ? " path" : ""}`, "data-arc": `${arc.from}|${arc.to}`,
      });
      if (graph.directed) line.setAttribute("marker-end", `url(#${this.svg.id}-head)`);
      const label = svg("text", { x: (a.x + b.x) / 2 - uy * 10, y: (a.y + b.y) / 2 + ux * 10, class: "arc-cost" });
      label.textContent = String(arc.cost);
      parts.push(line, label);
    }
    for (const node of graph.nodes) {
      const classes = ["node"];
      if (this.marks[node.name]) classes.push(this.marks[node.name]);
      if (this.warned.nodes.has(node.name)) classes.push("warn");
      if (node.name === this.selected) classes.push("selected");
      if (node.name === graph.start) classes.push("start");
      if (node.name === graph.goal) classes.push("goal");
      const name = svg("text", { x: node.x, y: node.y + 4, class: "node-name" });
      name.textContent = node.name;
      const h = svg("text", { x: node.x, y: node.y - RADIUS - 5, class: "node-h" });
      h.textContent = `h=${node.h}`;
      parts.push(svg("g", { class: classes.join(" "), "data-node": node.name }, [
        svg("circle", { cx: node.x, cy: node.y, r: RADIUS }), name, h,
      ]));
    }
    this.svg.replaceChildren(...parts);
  }

  // The drawing in words (its accessible name): what a screen reader is told.
  describe() {
    const { nodes, arcs, start, goal } = this.graph;
    if (!nodes.length) return "the drawn graph: empty; add a node with the fields beside it, or click here";
    const marked = Object.entries(this.marks).map(([name, mark]) => `${name} ${mark}`).join(", ");
    return `the drawn graph: ${nodes.length} nodes, ${arcs.length} arcs, start ${start || "none"}, goal ${goal || "none"}${marked ? `; ${marked}` : ""}`;
  }

  // -- the pointer and the keys on the drawing -------------------------------------------
  // Where the pointer is, in the drawing's own units (its viewBox).
  place(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    return {
      x: Math.max(RADIUS, Math.min(WIDTH - RADIUS, point.x)),
      y: Math.max(RADIUS + 14, Math.min(HEIGHT - RADIUS, point.y)),
    };
  }

  pointer(event) {
    const hit = event.target.closest?.("[data-node]")?.dataset.node ?? null;
    const mode = this.$("click").value;
    if (!hit) {
      if (mode === "add") this.addNode("", 0, this.place(event));
      return;
    }
    if (mode === "connect" && this.selected && this.selected !== hit) {
      this.connect(this.selected, hit, this.$("cost").value);
      return;
    }
    if (mode === "start" || mode === "goal") {
      this.setEnd(mode, hit);
      return;
    }
    if (mode === "delete") {
      this.deleteNode(hit);
      return;
    }
    this.select(hit);
    if (mode !== "add") return;
    const node = this.node(hit);
    const move = (moved) => {
      const { x, y } = this.place(moved);
      node.x = Math.round(x);
      node.y = Math.round(y);
      this.draw();
    };
    const up = () => {
      this.svg.removeEventListener("pointermove", move);
      this.svg.removeEventListener("pointerup", up);
      this.changed();
    };
    this.svg.addEventListener("pointermove", move);
    this.svg.addEventListener("pointerup", up);
  }

  // Arrow keys move the selected node; Delete deletes it.
  key(event) {
    const node = this.node(this.selected);
    if (!node) return;
    const moves = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    if (event.key in moves) {
      const [dx, dy] = moves[event.key];
      node.x = Math.max(RADIUS, Math.min(WIDTH - RADIUS, node.x + dx));
      node.y = Math.max(RADIUS + 14, Math.min(HEIGHT - RADIUS, node.y + dy));
      this.draw();
      this.changed();
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Delete") {
      this.deleteNode(node.name);
      event.preventDefault();
    }
  }
}
