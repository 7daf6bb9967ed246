// Sliding puzzle: a search run on the server; its expansions stepped through here with
// what the server derived from the engine's events (how each node was reached, its
// successors' fates, the frontier, the tree of a tree search), ending on the goal drawn
// beside the start; then the solution path played as an animation. A second algorithm
// (or heuristic) may run on the same start, stepped together, counters compared.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { counts, fillSelect, fillStats, html } from "./dom.js";
import { addTreeNodes, entered, fillDetail, ghf, heldRow, moveText, num, shown, stepFacts } from "./explain.js";
import { showOnlyWhereActs } from "./form.js";
import { TREE_LEGEND, fillLegend } from "./legend.js";
import { algorithmTitle, nameAlgorithms } from "./tabs.js";
import { TileBoard, miniBoard } from "./tiles.js";
import { TreeNodes, drawTree } from "./tree.js";
import { PathView } from "./view.js";

const KEPT = new Set(["expand", "threshold", "solution", "step", "restart"]);

function blankMove(from, to) {
  const a = from.indexOf(0), b = to.indexOf(0), k = Math.round(Math.sqrt(from.length));
  if (b === a - k) return "up";
  if (b === a + k) return "down";
  if (b === a - 1) return "left";
  return "right";
}

// One run: what the server said when it started, the events stepped through, its tree.
class Run {
  constructor(info, events) {
    this.info = info;
    this.events = events.filter((event) => KEPT.has(event.kind));
    this.tree = new TreeNodes();
    this.events.forEach((event, index) => addTreeNodes(this.tree, event, index));
  }

  get name() {
    const run = this.info.run;
    return `${run.algorithm}${run.heuristic ? ` with ${run.heuristic}` : ""}`;
  }

  at(cursor) {
    return this.events[Math.min(cursor, this.events.length - 1)];
  }

  // The board at ``cursor``: the node expanded, the goal at the end, else the last one.
  tiles(cursor) {
    const last = Math.min(cursor, this.events.length - 1);
    for (let index = last; index >= 0; index--) {
      const event = this.events[index];
      if (event.kind === "expand" || event.kind === "restart") return event.state;
      if (event.kind === "step") return event.next;
      if (event.kind === "solution") return event.path[event.path.length - 1];
    }
    return this.info.run.start;
  }

  atEnd(cursor) {
    return cursor >= this.events.length - 1;
  }
}

export class PuzzleView extends PathView {
  constructor(root, domain, prefix, options, hooks = {}) {
    super(root, domain, prefix, hooks);
    const $ = this.$;
    this.board = new TileBoard($("board"));
    this.startBoard = new TileBoard($("start-board"));
    this.second = new TileBoard($("board2"));
    this.keep("status", "node", "path-step", "result", "detail");
    this.bindPresets("position", "start", (name) => domain.presets[name]);
    $("algorithm").addEventListener("change", () => this.syncHeuristic());
    $("algorithm2").addEventListener("change", () => this.syncHeuristic());
    this.runs = [];
    this.init(domain);
  }

  get info() {
    return this.runs[0]?.info ?? null;
  }

  solved() {
    return Boolean(this.info?.result.solved);
  }

  init(domain) {
    const $ = this.$;
    for (const [name, text] of Object.entries(domain.presets)) {
      $("position").append(html("option", { value: name, text: `(${name}) ${text}` }));
    }
    for (const name of domain.goals) $("goals").append(html("option", { value: name }));
    fillSelect($("algorithm"), domain.algorithms, domain.default_algorithm);
    fillSelect($("algorithm2"), [{ name: "", summary: "no second search" }, ...domain.algorithms], "");
    for (const name of ["algorithm", "algorithm2"]) nameAlgorithms($(name), domain);
    $("algorithm2").options[0].textContent = "— none —";
    // no choice: the domain picks the heuristic for the board, as the command line does
    const chosen = domain.default_heuristic ?? "";
    const label = domain.default_heuristic ?? "the domain's for the board";
    for (const name of ["heuristic", "heuristic2"]) {
      fillSelect($(name), [{ name: "", summary: "chosen by the domain" }, ...domain.heuristics], chosen);
      $(name).options[0].textContent = `default (${label})`;
    }
    // the field of the weight of h in f, for whichever algorithm takes one
    const weight = domain.algorithms.flatMap((item) => item.options).find((item) => item.name === "weight");
    if (weight) {
      $("weight").value = weight.default;
      $("weight").min = weight.low;
      $("weight").max = weight.high;
      $("weight").title = weight.summary;
    }
    this.syncHeuristic();
    this.hooks.rename?.(`${domain.title} · ${algorithmTitle(domain, domain.default_algorithm)}`);
    this.render();
  }

  // The algorithm chosen (its source is shown in the help).
  algorithm() {
    return this.$("algorithm").value;
  }

  informed(name) {
    return this.domain.algorithms.find((item) => item.name === name)?.informed ?? false;
  }

  syncHeuristic() {
    const name = this.algorithm();
    const info = this.domain.algorithms.find((item) => item.name === name);
    this.$("heuristic").disabled = info ? !info.informed : false;
    this.$("weight").disabled = !info?.options.some((option) => option.name === "weight");
    const second = this.$("algorithm2").value;
    this.$("heuristic2").disabled = !second || !this.informed(second);
    // a field shows only where it acts (weight: weighted A* alone; a heuristic: an informed search)
    for (const name of ["heuristic", "weight", "heuristic2"]) showOnlyWhereActs(this.$(name));
  }

  // What a second search asks: the same start, goal and weight, its own algorithm and
  // heuristic (an algorithm left empty: the first one's, so two heuristics compare).
  secondBody(values) {
    const algorithm = this.$("algorithm2").value;
    if (!algorithm) return null;
    const body = { ...values, algorithm };
    body.heuristic = this.informed(algorithm) ? this.$("heuristic2").value : "";
    if (!this.domain.algorithms.find((item) => item.name === algorithm)?.options.some((option) => option.name === "weight")) delete body.weight;
    return body;
  }

  async run() {
    clearErrors(this.form);
    this.status.textContent = "Searching…";
    const values = formValues(this.form);
    const bodies = [values];
    const second = this.secondBody(values);
    if (second) bodies.push(second);
    const runs = [];
    try {
      for (const body of bodies) {
        const info = await api("POST", `/api/domains/${this.domain.name}/search`, body);
        runs.push(new Run(info, await recordedEvents(info.session)));
      }
    } catch (error) {
      if (runs.length && error.field) error.field = error.field === "algorithm" ? "algorithm2" : error.field === "heuristic" ? "heuristic2" : error.field;
      showError(this.form, error);
      this.render();
      if (this.info) this.status.textContent = "Not run: fix the field marked in red. The board still shows the last run.";
      return;
    }
    this.runs = runs;
    this.mode = "search";
    this.cursor = -1;
    this.playSolution.disabled = !runs[0].info.result.solved;
    this.hooks.rename?.(`${this.domain.title} · ${runs.map((run) => algorithmTitle(this.domain, run.info.run.algorithm)).join(" vs ")}`);
    this.render();
  }

  length() {
    if (this.mode === "path") return this.info.result.path.length;
    return Math.max(0, ...this.runs.map((run) => run.events.length));
  }

  async forward() {
    if (!this.info) return false;
    if (this.cursor + 1 >= this.length()) {
      if (this.mode === "path" || !this.info.result.solved) return false;
      this.mode = "path"; // the search is over: the solution path plays next
      this.cursor = 0;
      return true;
    }
    this.cursor++;
    return true;
  }

  // Playing stops on the goal: the search is over there.
  atStop() {
    return this.mode === "search" && this.cursor === this.length() - 1;
  }

  // -- the link to this moment (main.js writes it into the address) -------------------
  urlState() {
    if (!this.info) return null;
    const $ = this.$;
    const state = { start: $("position").value || $("start").value, algorithm: $("algorithm").value };
    if ($("goal").value) state.goal = $("goal").value;
    if (!$("heuristic").disabled && $("heuristic").value) state.heuristic = $("heuristic").value;
    if (!$("weight").disabled) state.weight = $("weight").value;
    if ($("algorithm2").value) {
      state.algorithm2 = $("algorithm2").value;
      if ($("heuristic2").value) state.heuristic2 = $("heuristic2").value;
    }
    state.step = String(this.cursor + 1);
    if (this.mode === "path") state.mode = "path";
    return state;
  }

  async restore(state) {
    const $ = this.$;
    if (state.start in this.domain.presets) {
      $("position").value = state.start;
      $("start").value = this.domain.presets[state.start];
    } else {
      $("start").value = state.start ?? "";
    }
    $("goal").value = state.goal ?? "";
    for (const name of ["algorithm", "heuristic", "weight", "algorithm2", "heuristic2"]) {
      if (state[name] !== undefined) $(name).value = state[name];
    }
    this.syncHeuristic();
    await this.player.guard(async () => {
      await this.run();
      if (!this.info) return;
      if (state.mode === "path" && this.info.result.solved) {
        this.mode = "path";
        this.cursor = Math.max(0, Math.min(Number(state.step) - 1, this.length() - 1));
      } else {
        this.cursor = Math.max(-1, Math.min(Number(state.step ?? 0) - 1, this.length() - 1));
      }
      this.render();
    });
  }

  // -- drawing -------------------------------------------------------------------------
  render() {
    const $ = this.$;
    const primary = this.runs[0];
    this.hooks.changed?.();
    if (!primary) {
      this.board.show([1, 2, 3, 8, 0, 4, 7, 6, 5], { label: "an example board" });
      this.status.textContent = "Type a start or pick one of the document's positions, then Search.";
      this.legend();
      return;
    }
    const info = primary.info;
    const result = info.result;
    this.root.dataset.mode = this.mode;
    const goal = info.run.goal;
    let beside = false;
    if (this.mode === "path") {
      const path = result.path;
      const tiles = path[this.cursor];
      this.board.show(tiles, { animate: true, goal, label: "the solution path" });
      const moves = path.length - 1;
      this.pathStep.textContent = this.cursor === 0
        ? `Solution path: the start, ${moves} moves to go.`
        : `Move ${this.cursor} of ${moves}: the blank moves ${blankMove(path[this.cursor - 1], tiles)}.`;
      this.pathStep.dataset.step = String(this.cursor);
      this.pathStep.dataset.moves = String(moves);
      this.status.textContent = this.cursor === moves ? "The goal is reached." : "Playing the solution path.";
      fillStats(this.node, [["moves so far", this.cursor], ["cost", result.cost]]);
      fillDetail(this.detail, null, info, () => null);
      $("tree-section").hidden = true;
    } else {
      const event = this.cursor >= 0 ? primary.at(this.cursor) : null;
      const tiles = this.cursor >= 0 ? primary.tiles(this.cursor) : info.run.start;
      beside = event?.kind === "solution";
      this.board.show(tiles, { goal, label: beside ? "the goal reached" : event ? "the node of this step" : "the start" });
      if (beside) this.startBoard.show(info.run.start, { goal, label: "the start" });
      this.pathStep.textContent = "";
      delete this.pathStep.dataset.step;
      this.status.textContent = this.describe(primary, event);
      this.status.dataset.kind = event?.kind ?? "none";
      fillStats(this.node, this.facts(primary, event));
      fillDetail(this.detail, event, info, (state) => miniBoard(state, { goal }));
      this.drawTree(primary, event);
    }
    $("beside").hidden = !beside;
    this.renderSecond();
    const atEnd = this.mode === "path" || primary.atEnd(this.cursor);
    this.result.hidden = !atEnd;
    const stopped = info.stopped ? ` (${info.stopped}; the command line searches on without it)` : "";
    this.result.textContent = atEnd ? `${info.description}${stopped}.` : "";
    this.result.dataset.status = result.status;
    this.result.classList.toggle("good", result.solved);
    this.legend();
  }

  describe(run, event) {
    const info = run.info;
    if (!event) return `Start, ${run.name}: press Step or Play to watch the expansions.`;
    const c = counts(event);
    if (event.kind === "threshold") {
      const what = info.teaching?.frontier === "path-depth" ? "depth bound" : "bound on f = g + h";
      return event.iteration === 1
        ? `Round 1: the ${what} starts at ${num(event.bound)}.`
        : `Round ${event.iteration}: nothing was found under the last bound, so the ${what} rises to ${num(event.bound)}, the least that passed it.`;
    }
    if (event.kind === "step") {
      return `Step ${c.step.toLocaleString()}: the blank moves ${moveText(event)}, h = ${num(event.value)}${event.sideways ? " (sideways)" : ""}.`;
    }
    if (event.kind === "restart") {
      return `Restart ${event.index} from a random board: h = ${num(event.value)}.${event.reason ? ` The climb before was stuck: ${event.reason}.` : ""}`;
    }
    if (event.kind === "solution") {
      const moves = info.result.moves ?? [];
      const last = event.via ? moveText(event.via) : moves.length ? shown(moves[moves.length - 1]) : null;
      return `The goal is reached${last ? ` by the move ${last}` : ""}: ${info.description}. The start is drawn beside it.`;
    }
    const via = event.via ? `, reached by the move ${moveText(event.via)}` : " (the start)";
    const { how, why } = entered(event, info.teaching);
    let text = `Expansion ${c.expand.toLocaleString()}: this node (${ghf(event)})${via}, ${how}`;
    if (event.skipped) text += `; ${event.skipped} stale ${event.skipped === 1 ? "entry was" : "entries were"} skipped before it`;
    return why ? `${text}. ${why}` : `${text}.`;
  }

  facts(run, event) {
    if (!event) return [["expansions recorded", run.events.filter((e) => e.kind === "expand").length.toLocaleString()]];
    const c = counts(event);
    const rows = [];
    if (event.kind === "expand") {
      rows.push(["g (moves so far)", num(event.g)], ["h (estimate)", num(event.h)], ["f", num(event.f)], ["depth", event.depth]);
      // depth-first rounds hold a path, not a frontier
      const held = heldRow(event, run.info.teaching);
      if (held) rows.push(held);
      rows.push(...stepFacts(event, run.info));
    }
    if (event.kind === "solution") rows.push(["cost", num(event.cost)], ["moves", event.path.length - 1]);
    rows.push(["expanded", c.expand.toLocaleString()], ["generated", c.generate.toLocaleString()]);
    return rows;
  }

  drawTree(run, event) {
    const section = this.$("tree-section");
    section.hidden = run.info.teaching?.family !== "tree";
    if (section.hidden) return;
    const at = Math.min(this.cursor, run.events.length - 1);
    drawTree(this.$("tree"), run.tree.until(at), { current: event?.node ?? null, empty: "The tree grows here as the search expands nodes." });
  }

  renderSecond() {
    const $ = this.$;
    const [first, second] = this.runs;
    const comparing = Boolean(second) && this.mode === "search";
    $("board2-figure").hidden = !comparing;
    $("compare-section").hidden = !comparing;
    this.root.classList.toggle("comparing", comparing);
    if (!comparing) {
      $("board-caption").textContent = "";
      return;
    }
    const cursor = this.cursor;
    const goal = second.info.run.goal;
    const event = cursor >= 0 ? second.at(cursor) : null;
    this.second.show(cursor >= 0 ? second.tiles(cursor) : second.info.run.start, { goal, label: `${second.name}: this step` });
    $("board-caption").textContent = first.name;
    $("board2-caption").textContent = second.name;
    $("status2").textContent = `${second.name}: ${this.describe(second, event)}`;
    const row = (label, a, b) => html("tr", {}, [html("th", { scope: "row", text: label }), html("td", { text: a }), html("td", { text: b })]);
    const both = [first, second].map((run) => {
      const at = cursor >= 0 ? run.at(cursor) : null;
      const c = counts(at);
      const expand = at?.kind === "expand" ? at : null;
      const end = run.atEnd(cursor);
      const stats = run.info.result.stats;
      return {
        expanded: c.expand.toLocaleString(),
        generated: c.generate.toLocaleString(),
        frontier: expand ? (expand.size ?? expand.frontier).toLocaleString() : "—",
        f: expand ? ghf(expand) : "—",
        result: end ? run.info.description : "searching",
        moves: end && run.info.result.solved ? String(run.info.result.path.length - 1) : "—",
        total: stats.expanded.toLocaleString(),
        peak: stats.max_frontier.toLocaleString(),
      };
    });
    $("compare-table").replaceChildren(
      html("thead", {}, [html("tr", {}, [html("td", {}), html("th", { scope: "col", text: first.name }), html("th", { scope: "col", text: second.name })])]),
      html("tbody", {}, [
        row("expanded so far", both[0].expanded, both[1].expanded),
        row("generated so far", both[0].generated, both[1].generated),
        row("frontier now", both[0].frontier, both[1].frontier),
        row("this node", both[0].f, both[1].f),
        row("moves in the solution", both[0].moves, both[1].moves),
        row("expanded in all", both[0].total, both[1].total),
        row("largest frontier", both[0].peak, both[1].peak),
        row("result", both[0].result, both[1].result),
      ]),
    );
  }

  legend() {
    const items = [
      { swatch: "tile", glyph: "7", text: "a tile" },
      { swatch: "tile home", glyph: "7", text: "a tile on its square of the goal" },
    ];
    const info = this.info;
    if (info?.teaching?.family === "graph") {
      items.push({ swatch: "row-stale", text: "a stale frontier entry: a cheaper path to its state was found since; skipped when taken" });
    }
    if (info) {
      items.push(
        { swatch: "fate-new", text: "a successor that joins the frontier (or is searched next)" },
        { swatch: "fate-better", text: "a cheaper path to a state already reached (re-opened if it was expanded)" },
        { swatch: "fate-refused", text: "a successor refused (the reason is written beside it)" },
      );
    }
    if (info?.teaching?.family === "tree") items.push(...TREE_LEGEND);
    fillLegend(this.$("legend"), items);
  }
}
