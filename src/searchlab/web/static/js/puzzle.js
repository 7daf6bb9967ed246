// Sliding puzzle: a best-first search run on the server; its expansions stepped
// through here, then the solution path played as an animation.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { counts, fillSelect, fillStats, html } from "./dom.js";
import { Player, controls } from "./player.js";
import { part } from "./template.js";
import { TileBoard } from "./tiles.js";

const num = (value) => (value === null || value === undefined ? "∞" : String(value));

function blankMove(from, to) {
  const a = from.indexOf(0), b = to.indexOf(0), k = Math.round(Math.sqrt(from.length));
  if (b === a - k) return "up";
  if (b === a + k) return "down";
  if (b === a - 1) return "left";
  return "right";
}

export class PuzzleView {
  // ``domain``: its entry of GET /api/options; ``prefix``: the ids of this copy ("pz").
  constructor(root, domain, prefix) {
    this.root = root;
    this.domain = domain;
    const $ = (name) => part(root, prefix, name);
    this.$ = $;
    this.form = $("form");
    this.board = new TileBoard($("board"));
    this.status = $("status");
    this.node = $("node");
    this.pathStep = $("path-step");
    this.result = $("result");
    this.playSolution = $("play-solution");
    this.player = new Player(this, controls(root, prefix));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(() => this.run());
    });
    $("position").addEventListener("change", (event) => {
      const text = domain.presets[event.target.value];
      if (text) $("start").value = text;
    });
    $("algorithm").addEventListener("change", () => this.syncHeuristic());
    this.playSolution.addEventListener("click", async () => {
      if (!this.info?.result.solved) return;
      await this.player.stop();
      this.mode = "path";
      this.cursor = 0;
      this.render();
      this.player.play();
    });
    this.info = null;
    this.events = [];
    this.mode = "search";
    this.cursor = -1;
    this.init(domain);
  }

  init(domain) {
    const $ = this.$;
    for (const [name, text] of Object.entries(domain.presets)) {
      $("position").append(html("option", { value: name, text: `(${name}) ${text}` }));
    }
    for (const name of domain.goals) $("goals").append(html("option", { value: name }));
    fillSelect($("algorithm"), domain.algorithms, domain.default_algorithm);
    // no choice: the domain picks the heuristic for the board, as the command line does
    const chosen = domain.default_heuristic ?? "";
    const label = domain.default_heuristic ?? "the domain's for the board";
    fillSelect($("heuristic"), [{ name: "", summary: "chosen by the domain" }, ...domain.heuristics], chosen);
    $("heuristic").options[0].textContent = `default (${label})`;
    const weighted = domain.algorithms.find((item) => item.name === "weighted-astar");
    const weight = weighted?.options.find((item) => item.name === "weight");
    if (weight) {
      $("weight").value = weight.default;
      $("weight").min = weight.low;
      $("weight").max = weight.high;
      $("weight").title = weight.summary;
    }
    this.syncHeuristic();
    this.render();
  }

  // The algorithm chosen (its source is shown in the help).
  algorithm() {
    return this.$("algorithm").value;
  }

  syncHeuristic() {
    const name = this.algorithm();
    const info = this.domain.algorithms.find((item) => item.name === name);
    this.$("heuristic").disabled = info ? !info.informed : false;
    this.$("weight").disabled = !info?.options.some((option) => option.name === "weight");
  }

  async run() {
    clearErrors(this.form);
    this.status.textContent = "Searching…";
    let info;
    try {
      info = await api("POST", `/api/domains/${this.domain.name}/search`, formValues(this.form));
    } catch (error) {
      showError(this.form, error);
      this.render();
      if (this.info) this.status.textContent = "Not run: fix the field marked in red. The board still shows the last run.";
      return;
    }
    const events = await recordedEvents(info.session);
    this.info = info;
    this.events = events.filter((event) => event.kind === "expand" || event.kind === "threshold");
    this.mode = "search";
    this.cursor = -1;
    this.playSolution.disabled = !info.result.solved;
    this.render();
  }

  length() {
    return this.mode === "path" ? this.info.result.path.length : this.events.length;
  }

  async forward() {
    if (!this.info) return false;
    if (this.cursor + 1 >= this.length()) {
      if (this.mode === "path" || !this.info.result.solved) return false;
      this.mode = "path"; // the expansions are over: the solution path plays next
      this.cursor = 0;
      return true;
    }
    this.cursor++;
    return true;
  }

  // The path is an animation: at most 4 moves a second, whatever the slider says.
  maxRate() {
    return this.mode === "path" ? 4 : null;
  }

  backward() {
    this.cursor = Math.max(this.mode === "path" ? 0 : -1, this.cursor - 1);
    return true;
  }

  async reset() {
    this.mode = "search";
    this.cursor = -1;
  }

  async toEnd() {
    if (this.info) this.cursor = this.length() - 1;
  }

  fail(error) {
    showError(this.form, error);
  }

  render() {
    const info = this.info;
    if (!info) {
      this.board.show([1, 2, 3, 8, 0, 4, 7, 6, 5]);
      this.status.textContent = "Type a start or pick one of the document's positions, then Search.";
      return;
    }
    const result = info.result;
    const atEnd = this.cursor === this.length() - 1;
    this.root.dataset.mode = this.mode;
    if (this.mode === "path") {
      const path = result.path;
      const tiles = path[this.cursor];
      this.board.show(tiles, { animate: true, goal: info.run.goal });
      const moves = path.length - 1;
      this.pathStep.textContent = this.cursor === 0
        ? `Solution path: the start, ${moves} moves to go.`
        : `Move ${this.cursor} of ${moves}: the blank moves ${blankMove(path[this.cursor - 1], tiles)}.`;
      this.pathStep.dataset.step = String(this.cursor);
      this.pathStep.dataset.moves = String(moves);
      this.status.textContent = atEnd ? "The goal is reached." : "Playing the solution path.";
      fillStats(this.node, [["moves so far", this.cursor], ["cost", result.cost]]);
    } else {
      const event = this.events[this.cursor];
      let tiles = info.run.start;
      for (let index = this.cursor; index >= 0; index--) {
        if (this.events[index].kind === "expand") { tiles = this.events[index].state; break; }
      }
      this.board.show(tiles, { goal: info.run.goal });
      this.pathStep.textContent = "";
      const c = counts(event);
      if (!event) {
        const run = info.run;
        this.status.textContent = `Start, ${run.algorithm}${run.heuristic ? ` with ${run.heuristic}` : ""}: press Step or Play to watch the expansions.`;
        fillStats(this.node, [["expansions recorded", this.events.filter((e) => e.kind === "expand").length.toLocaleString()]]);
      } else if (event.kind === "threshold") {
        this.status.textContent = `New round ${event.iteration} with bound ${num(event.bound)}.`;
      } else {
        this.status.textContent = `Expansion ${c.expand.toLocaleString()}: this node is taken from the frontier.`;
        fillStats(this.node, [
          ["g (moves so far)", num(event.g)],
          ["h (estimate)", num(event.h)],
          ["f", num(event.f)],
          ["depth", event.depth],
          ["frontier", event.frontier.toLocaleString()],
          ["expanded", c.expand.toLocaleString()],
        ]);
      }
    }
    const showResult = this.mode === "path" || atEnd;
    this.result.hidden = !showResult;
    const note = info.limit_note ? ` (${info.limit_note})` : "";
    this.result.textContent = showResult ? `${info.description}${note}.` : "";
    this.result.dataset.status = result.status;
    this.result.classList.toggle("good", result.solved);
  }
}
