// The "Draw a graph" tab: the editor (graph-editor.js) above the generic view's form and
// panels, which search the drawn graph on the server (POST /api/graphs/search) and
// colour it as the search goes; the timeline (timeline.js) beside. The graph lives in
// the address (deflated JSON, base64url) while it is small, and saves as JSON, DIMACS,
// CSV or a Python problem (the server writes them).

import { api, formValues } from "./api.js";
import { shown } from "./explain.js";
import { GenericView } from "./generic.js";
import { GraphEditor, emptyGraph, sendable } from "./graph-editor.js";
import { ReplayView } from "./replay.js";
import { instantiate } from "./template.js";

const PREFIX = "ge";
const MAX_PACKED = 4000; // characters of the address the graph may take

async function pack(graph) {
  const bytes = new TextEncoder().encode(JSON.stringify(graph));
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  let text = "";
  for (const byte of packed) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}

// Save ``text`` as a file called ``name`` (the browser's download).
function save(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 1000);
}

class GraphView extends GenericView {
  constructor(root, domain, prefix, options, hooks, graphs) {
    super(root, domain, prefix, options, hooks);
    const $ = this.$;
    this.graphs = graphs;
    this.packed = "";
    this.editor = new GraphEditor($, () => this.edited());
    for (const field of ["start", "preset", "random", "goal"]) $(`${field}-field`)?.setAttribute("hidden", "");
    $("start").closest(".field").hidden = true; // the start is the graph's (Make start)
    $("start").disabled = true;
    $("board").closest(".board-area").hidden = true; // the drawing above shows the search
    this.status.textContent = "Draw a graph or load an example, then Run.";
    for (const [key, example] of Object.entries(graphs.examples)) $("example").append(new Option(example.title, key));
    $("load").addEventListener("click", () => this.loadExample($("example").value));
    $("clear").addEventListener("click", () => this.editor.load(emptyGraph()));
    for (const format of graphs.formats) $(`export-${format}`).addEventListener("click", () => this.export(format));
    $("import").addEventListener("change", () => this.import($("import").files[0]));
    this.loadExample("greedy");
  }

  loadExample(key) {
    const example = this.graphs.examples[key];
    if (!example) return;
    this.editor.load(example);
    this.$("example").value = key;
    this.$("summary").textContent = `${example.title}: ${example.note} ${this.$("summary").textContent}`;
  }

  // The graph changed: what was searched no longer matches it.
  edited() {
    this.timeline.offer(this.editor.graph.nodes.map((node) => node.name));
    const graph = sendable(this.editor.graph);
    pack(graph).then((packed) => {
      this.packed = packed.length <= MAX_PACKED ? packed : "";
      if (!this.packed) this.$("summary").textContent += " The graph is too large for the address: save it as JSON to share it.";
      this.hooks.changed?.();
    });
    if (this.info) {
      this.editor.show({});
      this.status.textContent = "The graph changed since this run: press Run to search it again.";
    }
  }

  async export(format) {
    try {
      const reply = await api("POST", "/api/graphs/export", { graph: sendable(this.editor.graph), format });
      save(reply.filename, reply.text);
      this.$("error").textContent = "";
      this.$("summary").textContent = `Saved as ${reply.filename}.`;
    } catch (error) {
      this.$("error").textContent = `Not saved: ${error.message}`;
    }
  }

  async import(file) {
    if (!file) return;
    try {
      const graph = JSON.parse(await file.text());
      await api("POST", "/api/graphs/check", { graph }); // the file as it is: no fields filled in
      this.editor.load(graph);
    } catch (error) {
      this.$("error").textContent = `${file.name} is not a graph: ${error.message}`;
    }
  }

  // A search on the drawn graph: the form's fields but the start and goal (the graph's).
  request() {
    const values = formValues(this.form);
    delete values.start;
    delete values.goal;
    return ["/api/graphs/search", { ...values, graph: sendable(this.editor.graph), drawings: true }];
  }

  render() {
    super.render();
    if (!this.info || !this.editor) return;
    // the drawing coloured by the step shown: expanded, on the frontier, current, path
    const marks = {};
    const upto = this.mode === "path" ? this.events.length - 1 : this.cursor;
    let last = null;
    for (let index = 0; index <= upto; index++) {
      const event = this.events[index];
      if (event.kind === "expand") {
        marks[shown(event.state)] = "expanded";
        last = event;
      }
    }
    for (const item of last?.head ?? last?.children ?? []) {
      const name = shown(item.state);
      if (!marks[name] && item.status !== "refused" && !item.stale) marks[name] = "frontier";
    }
    const event = this.events[this.cursor];
    const pathArcs = new Set();
    const path = event?.kind === "solution" || this.mode === "path" ? this.info.result?.path ?? event?.path : null;
    if (path) {
      path.forEach((state, index) => {
        marks[shown(state)] = "path";
        if (index) pathArcs.add(`${shown(path[index - 1])}\u0000${shown(state)}`);
      });
    } else if (event?.state !== undefined) {
      marks[shown(event.state)] = "current";
    }
    this.editor.show(marks, pathArcs);
  }

  urlState() {
    const state = super.urlState() ?? {};
    if (this.packed) state.graph = this.packed;
    return Object.keys(state).length ? state : null;
  }

  async restore(state) {
    if (state.graph) {
      try {
        this.editor.load(await unpack(state.graph));
      } catch (error) {
        this.$("error").textContent = "The graph in this link cannot be read: it was cut short or changed.";
        return;
      }
    }
    if (state.step !== undefined) await super.restore(state);
  }
}

// The editor's tab and the replay's, after the domains' tabs (main.js).
export async function addEditorTabs(tabs, views, share, options) {
  const graphs = await api("GET", "/api/graphs");
  const tabsOf = [
    ["graph-editor", "Draw a graph", "template-graph", PREFIX, (panel, hooks) => new GraphView(panel, graphs.domain, PREFIX, options, hooks, graphs)],
    ["trace-replay", "Replay a trace", "template-replay", "rp", (panel, hooks) => new ReplayView(panel, graphs.domain, "rp", options, hooks)],
  ];
  for (const [key, label, template, prefix, make] of tabsOf) {
    const panel = tabs.add(key, label);
    panel.append(instantiate(template, prefix));
    const hooks = { rename: () => {}, changed: () => { if (tabs.current === key) share(); } };
    views.set(key, make(panel, hooks));
  }
}
