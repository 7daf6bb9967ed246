// The constraint network tab (AIspace's CSP applet, done with the library): variables
// as nodes with their domains inside, constraints as arcs (a constraint of more
// variables as a hyper-arc: a small box joined to each of them). Every arc (variable,
// constraint) is a button: pressing it revises it. AC-3 steps through its queue, shown
// in order; pressing a variable splits its domain. Backtracking (plain, FC or MAC, MRV
// and LCV) is the library's own run, told step by step. The server computes every
// step (POST /api/network/...): the page only draws and keeps the current domains.

import { api } from "./api.js";
import { html, svg } from "./dom.js";

const W = 760;
const H = 470;
const R = 34; // a variable's circle
const RELATIONS = [
  ["!=", "≠"], ["==", "="], ["<", "<"], [">", ">"], ["<=", "≤"], [">=", "≥"],
  ["absdiff!=", "|x−y| ≠ k"], ["table", "allowed pairs (table)"],
];

const shown = (values) => `{${values.join(", ")}}`;
const arcKey = (arc) => `${arc[0]}|${arc[1]}`;
// A value typed in a field: a whole number, else the text itself.
const valueOf = (text) => (/^-?\d+$/.test(text) ? Number(text) : text);
const tokens = (text) => text.split(/[\s,;]+/).filter(Boolean);

// A domain as the node writes it: one line, or two when long (the rest cut with "…").
function domainLines(values) {
  const text = shown(values);
  if (text.length <= 18) return [text];
  const half = Math.ceil(values.length / 2);
  const cut = (line) => (line.length > 20 ? `${line.slice(0, 19)}…` : line);
  return [cut(`{${values.slice(0, half).join(", ")},`), cut(`${values.slice(half).join(", ")}}`)];
}

export function addNetworkTab(tabs, views, share) {
  const panel = tabs.add("network", "Constraint network");
  views.set("network", new NetworkView(panel, () => { if (tabs.current === "network") share(); }));
}

class NetworkView {
  constructor(panel, changed) {
    this.panel = panel;
    this.changed = changed; // the address follows the built-in network shown
    this.builtin = null; // its key, while the network shown is one, unchanged
    this.network = null;
    this.arcs = [];
    this.domains = {};
    this.queue = [];
    this.splits = []; // {domains, queue, wiped, variable}: where each split started
    this.chosen = null; // the variable whose split is offered
    this.last = null; // the step drawn last (AC-3 or backtracking)
    this.run = null; // backtracking: {steps, at}
    this.player = { pause() {}, toggle() {}, step: () => this.runStep(1), back: () => this.runStep(-1) };
    this.build();
    this.ready = this.start().catch((error) => this.fail(error));
  }

  // The address names the built-in network shown ("#network?network=4-queens").
  urlState() {
    return this.builtin ? { network: this.builtin } : null;
  }

  async restore(state) {
    await this.ready;
    if (!Object.hasOwn(this.builtins ?? {}, state.network)) return;
    this.el("builtin").value = state.network;
    await this.guard(() => this.loadBuiltin(state.network));
  }

  async loadBuiltin(key) {
    await this.load(this.builtins[key]);
    this.builtin = key;
    this.changed();
  }

  el(id) {
    return this.panel.querySelector(`#nw-${id}`);
  }

  button(id, text, action, title = "") {
    const node = html("button", { type: "button", id: `nw-${id}`, text, title: title || null });
    node.addEventListener("click", () => this.guard(action));
    return node;
  }

  field(id, label, attributes = {}, tag = "input") {
    const input = html(tag, { id: `nw-${id}`, name: id, ...attributes });
    return html("div", { class: "field" }, [html("label", { for: `nw-${id}`, text: label }), input]);
  }

  build() {
    const load = html("form", { class: "setup", id: "nw-form", novalidate: "" }, [
      this.field("builtin", "network", {}, "select"),
      html("button", { type: "submit", id: "nw-load", class: "primary", text: "Load" }),
      html("span", { class: "error", id: "nw-error", role: "alert" }),
    ]);
    load.addEventListener("submit", (event) => {
      event.preventDefault();
      this.guard(() => this.loadBuiltin(this.el("builtin").value));
    });
    const toolbar = html("div", { class: "toolbar" }, [
      this.button("ac3-step", "AC-3 step", () => this.ac3(1), "revise the first arc of the queue"),
      this.button("ac3-end", "AC-3 to the end", () => this.ac3(null), "revise until the queue is empty"),
      this.button("reset", "Reset domains", () => this.reset(), "every domain whole, every arc in the queue"),
      this.button("unsplit", "Back to the split point", () => this.unsplit(), "undo the last domain split"),
    ]);
    const split = html("div", { class: "nw-split", id: "nw-split", hidden: "" }, [
      html("span", { id: "nw-split-what" }),
      this.button("split-low", "", () => this.split(0)),
      this.button("split-high", "", () => this.split(1)),
      this.button("split-cancel", "Cancel", () => this.offerSplit(null)),
    ]);
    const drawing = svg("svg", {
      id: "nw-svg", class: "nw-svg", viewBox: `0 0 ${W} ${H}`, role: "group",
      "aria-label": "the constraint network: press a variable to split its domain, an arc to revise it",
    });
    const solver = html("div", { class: "toolbar nw-solver" }, [
      this.select("inference", "inference", [["fc", "forward checking"], ["mac", "MAC"], ["none", "none"]]),
      this.select("variable-order", "variable", [["mrv", "MRV"], ["static", "static"], ["mrv-degree", "MRV + degree"]]),
      this.select("value-order", "value", [["static", "static"], ["lcv", "LCV"]]),
      this.button("solve", "Backtrack", () => this.solve(), "backtracking from the current domains"),
      this.button("bt-back", "◀ Back", () => this.runStep(-1), "one step back (key ←)"),
      this.button("bt-step", "Step ▶", () => this.runStep(1), "one step on (key →)"),
      this.button("bt-end", "To the end", () => this.runStep(Infinity), "to the solution, or the end"),
      this.button("bt-close", "Close", () => this.closeRun(), "back to the arc consistency view"),
    ]);
    const aside = html("aside", { class: "panel nw-side" }, [
      html("h3", { id: "nw-queue-title", text: "AC-3 queue (next first)" }),
      html("ol", { id: "nw-queue", class: "nw-list", tabindex: "0", "aria-labelledby": "nw-queue-title" }),
      html("h3", { id: "nw-log-title", text: "What happened" }),
      html("ol", { id: "nw-log", class: "nw-list", tabindex: "0", "aria-labelledby": "nw-log-title" }),
    ]);
    this.panel.append(
      load,
      html("div", { class: "controls" }, [
        toolbar,
        split,
        html("p", { class: "status explain", id: "nw-status", "aria-live": "polite", text: "Loading…" }),
      ]),
      html("div", { class: "stage nw-stage" }, [html("div", { class: "nw-area" }, [drawing]), aside]),
      html("p", { class: "hint", text: "Arcs: dashed blue, in the AC-3 queue; solid green, consistent; thick orange, the one just revised. A variable in green has one value left, in red none; a thick ring, a value given by backtracking (orange: the variable of the step)." }),
      html("h3", { text: "Backtracking" }),
      solver,
      html("p", { class: "status explain", id: "nw-bt-status", "aria-live": "polite", text: "Backtrack searches from the current domains." }),
      this.editor(),
      this.porter(),
    );
    this.panel.addEventListener("keydown", (event) => {
      const target = event.target;
      if ((event.key === "Enter" || event.key === " ") && target instanceof SVGElement && target.dataset.press) {
        event.preventDefault();
        target.dispatchEvent(new Event("click"));
      }
    });
  }

  select(id, label, items) {
    const wrap = this.field(id, label, {}, "select");
    const select = wrap.querySelector("select");
    for (const [value, text] of items) select.append(html("option", { value, text }));
    return wrap;
  }

  editor() {
    const relation = html("select", { id: "nw-con-relation", name: "relation" });
    for (const [value, text] of RELATIONS) relation.append(html("option", { value, text }));
    const box = html("details", { class: "nw-editor" }, [
      html("summary", { text: "Build or change the network" }),
      html("div", { class: "toolbar" }, [
        this.field("name", "name", { type: "text" }),
        this.button("rename", "Rename", () => this.rename()),
        this.button("new", "New empty network", () => this.edit((net) => { net.name = "my network"; net.variables = []; net.constraints = []; }, true)),
      ]),
      html("div", { class: "toolbar" }, [
        this.field("var-name", "variable", { type: "text" }),
        this.field("var-domain", "domain (values apart)", { type: "text", placeholder: "1 2 3 or red green" }),
        this.button("add-var", "Add variable", () => this.addVariable()),
      ]),
      html("div", { class: "toolbar" }, [
        this.field("con-x", "x", {}, "select"),
        html("div", { class: "field" }, [html("label", { for: "nw-con-relation", text: "relation" }), relation]),
        this.field("con-y", "y", {}, "select"),
        this.field("con-k", "k", { type: "number", value: "1" }),
        this.field("con-pairs", "allowed pairs (x y, one pair a line)", { rows: "2" }, "textarea"),
        this.button("add-con", "Add constraint", () => this.addConstraint()),
      ]),
      html("div", { class: "toolbar" }, [
        this.field("alldiff", "all different (variables apart)", { type: "text" }),
        this.button("add-alldiff", "Add all-different", () => this.addAllDifferent()),
      ]),
      html("div", { class: "toolbar" }, [
        this.field("remove", "remove", {}, "select"),
        this.button("remove-button", "Remove", () => this.remove()),
      ]),
    ]);
    return box;
  }

  porter() {
    const download = html("a", { id: "nw-download", class: "nw-download", hidden: "" });
    return html("details", { class: "nw-editor" }, [
      html("summary", { text: "Export or import" }),
      html("div", { class: "toolbar" }, [
        this.button("export-json", "Export JSON", () => this.exportJson()),
        this.button("export-python", "Export Python", () => this.exportPython()),
        this.button("import", "Import", () => this.importText(), "the network in the box: JSON, or Python the tab exported"),
        download,
      ]),
      this.field("text", "the network as JSON or as Python", { rows: "8", spellcheck: "false" }, "textarea"),
    ]);
  }

  // -- talking to the server -------------------------------------------------------
  async guard(action) {
    this.el("error").textContent = "";
    try {
      await action();
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error) {
    const where = error.field ? ` (${error.field})` : "";
    this.el("error").textContent = `${error.message}${where}`;
  }

  async start() {
    const { builtins } = await api("POST", "/api/network/builtins", {});
    this.builtins = Object.fromEntries(builtins.map((item) => [item.key, item.network]));
    const select = this.el("builtin");
    for (const item of builtins) select.append(html("option", { value: item.key, text: item.title }));
    await this.load(builtins[0].network);
    this.builtin = builtins[0].key;
  }

  async load(network) {
    const checked = await api("POST", "/api/network/check", { network });
    if (this.builtin) {
      this.builtin = null; // the network shown is another now: the address forgets it
      this.changed();
    }
    this.network = checked.network;
    this.arcs = checked.arcs;
    this.el("name").value = this.network.name;
    this.fillEditor();
    this.reset();
  }

  async edit(change, empty = false) {
    const copy = structuredClone(this.network);
    change(copy);
    if (empty) {
      this.builtin = null;
      this.changed();
      this.network = copy;
      this.arcs = [];
      this.fillEditor();
      this.reset();
      this.say("An empty network: add variables and constraints below.");
      return;
    }
    await this.load(copy);
  }

  // -- AC-3 --------------------------------------------------------------------------
  reset() {
    this.domains = Object.fromEntries((this.network?.variables ?? []).map((v) => [v.name, [...v.domain]]));
    this.queue = this.arcs.map((arc) => [...arc]);
    this.splits = [];
    this.last = null;
    this.wiped = null;
    this.run = null;
    this.offerSplit(null);
    this.el("log").replaceChildren();
    this.say(this.arcs.length ? "Every arc is in the queue: press an arc to revise it, or AC-3 step." : "No constraint yet.");
    this.draw();
  }

  async ac3(steps, first = null) {
    if (!this.network) return;
    let queue = this.queue;
    if (first) queue = [first, ...queue.filter((arc) => arcKey(arc) !== arcKey(first))];
    if (!queue.length) {
      this.say("The queue is empty: every arc is consistent.");
      return;
    }
    const body = { network: this.network, domains: this.domains, queue };
    if (steps) body.steps = steps;
    const answer = await api("POST", "/api/network/ac3", body);
    this.closeRun(false);
    this.offerSplit(null); // an offer made before holds halves of an older domain
    this.domains = answer.domains;
    this.queue = answer.queue;
    this.wiped = answer.wiped;
    for (const step of answer.steps) this.log(this.told(step), step.removed.length ? "removed" : "");
    this.last = answer.steps.at(-1) ?? null;
    if (answer.wiped) this.say(`${answer.wiped}'s domain is empty: no solution here. Back to the split point, or reset.`);
    else if (answer.done) this.say(this.verdict());
    else if (this.last) this.say(this.told(this.last));
    this.draw();
  }

  // An arc in words: "WA against NT (WA ≠ NT)", or "D by alldiff(…)" for a hyper-arc.
  arcName([variable, c]) {
    const constraint = this.network.constraints[c];
    if (constraint.scope.length !== 2) return `${variable} by ${constraint.label}`;
    const other = constraint.scope.find((name) => name !== variable);
    return `${variable} against ${other} (${constraint.label})`;
  }

  told(step) {
    const head = `${this.arcName(step.arc)}: `;
    if (!step.removed.length) return `${head}consistent, nothing removed`;
    const values = step.removed.map((item) => item.value).join(", ");
    const added = step.added.length ? `. Back in the queue: ${step.added.map((arc) => this.arcName(arc)).join("; ")}` : "";
    const emptied = step.wiped ? `. ${step.arc[0]}'s domain is empty` : "";
    return `${head}removed ${values}: ${step.why}${emptied}${added}`;
  }

  verdict() {
    const sizes = Object.values(this.domains).map((d) => d.length);
    if (sizes.every((n) => n === 1)) return "Arc consistent, one value each: that is the solution.";
    return "Arc consistent: the queue is empty. Split a domain (press a variable) or backtrack.";
  }

  // -- domain splitting ------------------------------------------------------------------
  offerSplit(variable) {
    this.chosen = variable;
    const box = this.el("split");
    const values = variable ? this.domains[variable] : [];
    if (!variable || values.length < 2) {
      box.hidden = true;
      if (variable) this.say(`${variable} has one value left: nothing to split.`);
      return;
    }
    const half = Math.ceil(values.length / 2);
    this.halves = [values.slice(0, half), values.slice(half)];
    this.el("split-what").textContent = `Split ${variable} ${shown(values)}: keep`;
    this.el("split-low").textContent = shown(this.halves[0]);
    this.el("split-high").textContent = shown(this.halves[1]);
    box.hidden = false;
    this.el("split-low").focus();
  }

  async split(which) {
    const variable = this.chosen;
    this.splits.push({ domains: structuredClone(this.domains), queue: this.queue.map((a) => [...a]), wiped: this.wiped, variable });
    this.domains[variable] = this.halves[which];
    const again = this.arcs.filter(([v, c]) => v !== variable && this.network.constraints[c].scope.includes(variable));
    const known = new Set(this.queue.map(arcKey));
    this.queue = [...this.queue, ...again.filter((arc) => !known.has(arcKey(arc)))];
    this.log(`split: ${variable} ∈ ${shown(this.halves[which])} (the other half waits at this split point)`, "split");
    this.offerSplit(null);
    this.say(`${variable} ∈ ${shown(this.domains[variable])}: the arcs into it are back in the queue.`);
    this.draw();
  }

  unsplit() {
    const back = this.splits.pop();
    if (!back) return;
    this.domains = back.domains;
    this.queue = back.queue;
    this.wiped = back.wiped;
    this.closeRun(false);
    this.log(`back to the split of ${back.variable}: ${shown(back.domains[back.variable])}`, "split");
    this.say(`Back at the split point of ${back.variable}: choose the other half.`);
    this.draw();
    this.offerSplit(back.variable);
  }

  // -- backtracking ------------------------------------------------------------------------
  async solve() {
    if (!this.network) return;
    const body = {
      network: this.network,
      domains: this.domains,
      inference: this.el("inference").value,
      variable_order: this.el("variable-order").value,
      value_order: this.el("value-order").value,
    };
    const answer = await api("POST", "/api/network/solve", body);
    let domains = {}; // each step sends the domains that changed: made whole here
    for (const step of answer.steps) step.domains = domains = { ...domains, ...step.domains };
    this.run = { ...answer, at: -1 };
    this.el("log").replaceChildren();
    const ending = answer.solution ? "a solution" : answer.cut ? "the cut (too many steps)" : "no solution: every branch failed";
    this.el("bt-status").textContent = `${answer.strategy}: ${answer.steps.length} steps to ${ending} (${answer.stats.assignments} assignments, ${answer.stats.backtracks} backtracks). Press Step.`;
    this.draw();
  }

  runStep(delta) {
    if (!this.run) return;
    const steps = this.run.steps;
    const before = this.run.at;
    const at = Math.max(-1, Math.min(steps.length - 1, delta === Infinity ? steps.length - 1 : before + delta));
    this.run.at = at;
    const log = this.el("log");
    while (log.children.length > at + 1) log.lastChild.remove();
    for (let i = log.children.length; i <= at; i++) this.log(steps[i].text, steps[i].kind);
    const step = steps[at];
    this.el("bt-status").textContent = step ? `Step ${at + 1} of ${steps.length}: ${step.text}` : "Before the first step.";
    this.draw();
  }

  closeRun(redraw = true) {
    if (!this.run) return;
    this.run = null;
    this.el("bt-status").textContent = "Backtrack searches from the current domains.";
    if (redraw) this.draw();
  }

  // -- building ------------------------------------------------------------------------------
  fillEditor() {
    const names = this.network.variables.map((v) => v.name);
    for (const id of ["con-x", "con-y"]) {
      const select = this.el(id);
      select.replaceChildren(...names.map((name) => html("option", { value: name, text: name })));
    }
    if (names.length > 1) this.el("con-y").value = names[1];
    const remove = this.el("remove");
    remove.replaceChildren(
      ...names.map((name) => html("option", { value: `v:${name}`, text: `variable ${name}` })),
      ...this.network.constraints.map((c, i) => html("option", { value: `c:${i}`, text: `constraint ${c.label}` })),
    );
  }

  async rename() {
    await this.edit((net) => { net.name = this.el("name").value; });
    this.say(`The network is called ${this.network.name} now.`);
  }

  async addVariable() {
    const name = this.el("var-name").value.trim();
    const domain = tokens(this.el("var-domain").value).map(valueOf);
    await this.edit((net) => {
      const at = net.variables.length;
      const angle = (2 * Math.PI * at) / Math.max(6, at + 1) - Math.PI / 2;
      net.variables.push({ name, domain, x: 0.5 + 0.38 * Math.cos(angle), y: 0.5 + 0.38 * Math.sin(angle) });
    });
    this.el("var-name").value = "";
    this.say(`Added ${name} ∈ ${shown(domain)}.`);
  }

  async addConstraint() {
    const x = this.el("con-x").value;
    const y = this.el("con-y").value;
    const relation = this.el("con-relation").value;
    const constraint = { kind: "relation", scope: [x, y], relation };
    if (relation === "absdiff!=") constraint.k = valueOf(this.el("con-k").value.trim());
    if (relation === "table") {
      constraint.kind = "table";
      delete constraint.relation;
      constraint.pairs = this.el("con-pairs").value.split(/[\n;]+/).map(tokens).filter((pair) => pair.length).map((pair) => pair.map(valueOf));
    }
    await this.edit((net) => net.constraints.push(constraint));
    this.say(`Added ${this.network.constraints.at(-1).label}.`);
  }

  async addAllDifferent() {
    const scope = tokens(this.el("alldiff").value);
    await this.edit((net) => net.constraints.push({ kind: "alldiff", scope }));
    this.say(`Added ${this.network.constraints.at(-1).label}.`);
  }

  async remove() {
    const [kind, key] = this.el("remove").value.split(/:(.*)/s);
    await this.edit((net) => {
      if (kind === "c") {
        net.constraints.splice(Number(key), 1);
      } else {
        net.variables = net.variables.filter((v) => v.name !== key);
        net.constraints = net.constraints.filter((c) => !c.scope.includes(key));
      }
    });
  }

  // -- export and import ----------------------------------------------------------------------
  offer(text, name, type) {
    this.el("text").value = text;
    const link = this.el("download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([text], { type }));
    link.download = name;
    link.textContent = `Download ${name}`;
    link.hidden = false;
  }

  fileName(extension) {
    return `${(this.network.name || "network").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "") || "network"}.${extension}`;
  }

  exportJson() {
    this.offer(JSON.stringify(this.network, null, 2), this.fileName("json"), "application/json");
    this.say("The network as JSON is in the box below (and to download).");
  }

  async exportPython() {
    const { python } = await api("POST", "/api/network/python", { network: this.network });
    this.offer(python, this.fileName("py"), "text/x-python");
    this.say("A Python file using searchlab's CSP API: `searchlab run` solves it.");
  }

  // The box's network: JSON, or a Python file the tab exported (the server reads it
  // without running it).
  async importText() {
    const text = this.el("text").value;
    if (!text.trim().startsWith("{")) {
      const checked = await api("POST", "/api/network/import", { python: text });
      await this.load(checked.network);
      this.say(`Imported ${this.network.name} from Python.`);
      return;
    }
    let network;
    try {
      network = JSON.parse(text);
    } catch (error) {
      throw new Error("the box does not hold JSON: export a network first, or paste one");
    }
    await this.load(network);
    this.say(`Imported ${this.network.name}.`);
  }

  // -- words ------------------------------------------------------------------------------------
  say(text) {
    this.el("status").textContent = text;
  }

  log(text, kind = "") {
    const item = html("li", { text, class: kind || null });
    const log = this.el("log");
    log.append(item);
    log.scrollTop = log.scrollHeight;
  }

  // -- drawing ------------------------------------------------------------------------------------
  place(variable, index, count) {
    if (typeof variable.x === "number") return [40 + variable.x * (W - 80), 40 + variable.y * (H - 80)];
    const angle = (2 * Math.PI * index) / count - Math.PI / 2;
    return [W / 2 + 190 * Math.cos(angle), H / 2 + 190 * Math.sin(angle)];
  }

  draw() {
    const drawing = this.el("svg");
    // the element of the drawing that had the focus gets it back once redrawn
    const focused = drawing.contains(document.activeElement) ? document.activeElement : null;
    const again = focused?.dataset.arc ? `[data-arc="${CSS.escape(focused.dataset.arc)}"]`
      : focused?.dataset.variable ? `[data-variable="${CSS.escape(focused.dataset.variable)}"]` : null;
    this.drawNetwork(drawing);
    if (again) drawing.querySelector(again)?.focus();
  }

  drawNetwork(drawing) {
    drawing.replaceChildren();
    this.drawQueue();
    this.el("unsplit").disabled = !this.splits.length;
    this.el("ac3-step").disabled = this.el("ac3-end").disabled = !this.queue.length;
    for (const id of ["bt-back", "bt-step", "bt-end", "bt-close"]) this.el(id).disabled = !this.run;
    if (!this.network) return;
    const step = this.run ? this.run.steps[this.run.at] : null;
    const domains = step ? step.domains : this.domains;
    const assignment = step ? step.assignment : {};
    const variables = this.network.variables;
    const at = Object.fromEntries(variables.map((v, i) => [v.name, this.place(v, i, variables.length)]));
    const queued = new Set(this.queue.map(arcKey));
    const lastArc = !this.run && this.last ? arcKey(this.last.arc) : null;
    const arcs = svg("g", { class: "nw-arcs" });
    const boxes = svg("g", { class: "nw-boxes" });
    this.network.constraints.forEach((constraint, c) => {
      const points = constraint.scope.map((name) => at[name]);
      let [cx, cy] = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
      const nary = points.length > 2;
      if (typeof constraint.x === "number") {
        [cx, cy] = [40 + constraint.x * (W - 80), 40 + constraint.y * (H - 80)];
      } else if (nary) { // toward the middle, and boxes of constraints on the same variables apart
        [cx, cy] = [0.75 * cx + 0.25 * (W / 2), 0.75 * cy + 0.25 * (H / 2) + 26 * (c % 3) - 26];
      }
      for (const name of constraint.scope) {
        const key = arcKey([name, c]);
        const state = key === lastArc ? "revised" : queued.has(key) ? "queued" : "done";
        const [x, y] = at[name];
        const label = `arc ${name} of ${constraint.label}: ${state === "queued" ? "in the queue" : "consistent"}; press to revise ${name}`;
        const line = svg("line", { x1: x, y1: y, x2: cx, y2: cy, class: `nw-arc ${state}`, tabindex: "0", role: "button", "aria-label": label, "data-press": "arc", "data-arc": key });
        line.append(svg("title", {}, [document.createTextNode(label)]));
        line.addEventListener("click", () => this.guard(() => this.ac3(1, [name, c])));
        arcs.append(line);
      }
      const text = constraint.label.length > 22 ? `${constraint.label.slice(0, 21)}…` : constraint.label;
      const width = Math.max(24, text.length * 6.6 + 10);
      boxes.append(svg("g", { class: nary ? "nw-box nary" : "nw-box" }, [
        svg("rect", { x: cx - width / 2, y: cy - 10, width, height: 20, rx: nary ? 2 : 9 }),
        svg("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, [document.createTextNode(text)]),
      ]));
    });
    const nodes = svg("g", { class: "nw-nodes" });
    for (const variable of variables) {
      const [x, y] = at[variable.name];
      const values = domains[variable.name] ?? [];
      const given = assignment[variable.name];
      const classes = ["nw-node"];
      if (!values.length) classes.push("empty");
      else if (values.length === 1) classes.push("single");
      if (given !== undefined) classes.push("given");
      if (step && step.variable === variable.name) classes.push("focus");
      const label = `variable ${variable.name}, domain ${shown(values)}${given !== undefined ? `, given ${given}` : ""}; press to split its domain`;
      const lines = domainLines(values);
      const widest = Math.max(variable.name.length * 1.4, ...lines.map((line) => line.length));
      const node = svg("g", { class: classes.join(" "), tabindex: "0", role: "button", "aria-label": label, "data-press": "variable", "data-variable": variable.name }, [
        svg("title", {}, [document.createTextNode(label)]),
        svg("ellipse", { cx: x, cy: y, rx: Math.max(R, Math.min(66, widest * 3.3 + 10)), ry: lines.length > 1 ? R : R * 0.8 }),
        svg("text", { x, y: y - (lines.length > 1 ? 10 : 5), "text-anchor": "middle", class: "name" }, [document.createTextNode(variable.name)]),
        ...lines.map((line, i) => svg("text", { x, y: y + 7 + 12 * i, "text-anchor": "middle", class: "domain" }, [document.createTextNode(line)])),
      ]);
      node.addEventListener("click", () => { if (!this.run) this.offerSplit(variable.name); });
      nodes.append(node);
    }
    drawing.append(arcs, boxes, nodes);
  }

  drawQueue() {
    const list = this.el("queue");
    if (!this.network) {
      list.replaceChildren();
      return;
    }
    list.replaceChildren(...this.queue.map((arc) => html("li", { text: this.arcName(arc) })));
    const ended = this.wiped ? `stopped: ${this.wiped}'s domain is empty` : "empty: every arc is consistent";
    if (!this.queue.length) list.append(html("li", { class: "empty", text: ended }));
  }
}
