// Sliding puzzle: a best-first search run on the server; its expansions stepped
// through here, then the solution path played as an animation.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { counts, fillSelect, fillStats, html } from "./dom.js";
import { Player, controls } from "./player.js";
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
  constructor(root) {
    this.root = root;
    this.form = root.querySelector("#pz-form");
    this.board = new TileBoard(root.querySelector("#pz-board"));
    this.status = root.querySelector("#pz-status");
    this.node = root.querySelector("#pz-node");
    this.pathStep = root.querySelector("#pz-path-step");
    this.result = root.querySelector("#pz-result");
    this.playSolution = root.querySelector("#pz-play-solution");
    this.player = new Player(this, controls(root, "pz"));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(() => this.run());
    });
    this.positions = {};
    root.querySelector("#pz-position").addEventListener("change", (event) => {
      const text = this.positions[event.target.value];
      if (text) this.form.querySelector("#pz-start").value = text;
    });
    this.form.querySelector("#pz-algorithm").addEventListener("change", () => this.syncHeuristic());
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
  }

  init(options) {
    const puzzle = options.puzzle;
    this.options = puzzle;
    const select = this.root.querySelector("#pz-position");
    for (const [name, text] of Object.entries(puzzle.positions)) {
      select.append(html("option", { value: name, text: `(${name}) ${text}` }));
      this.positions[name] = text;
    }
    const goals = this.root.querySelector("#pz-goals");
    for (const name of puzzle.goals) goals.append(html("option", { value: name }));
    fillSelect(this.form.querySelector("#pz-algorithm"), puzzle.algorithms, puzzle.defaults.algorithm);
    fillSelect(this.form.querySelector("#pz-heuristic"), puzzle.heuristics, puzzle.defaults.heuristic);
    this.syncHeuristic();
    this.render();
  }

  syncHeuristic() {
    const name = this.form.querySelector("#pz-algorithm").value;
    const info = this.options?.algorithms.find((item) => item.name === name);
    this.form.querySelector("#pz-heuristic").disabled = info ? !info.informed : false;
    this.form.querySelector("#pz-weight").disabled = name !== "weighted-astar";
    document.dispatchEvent(new CustomEvent("searchlab:algorithm", { detail: name }));
  }

  async run() {
    clearErrors(this.form);
    this.status.textContent = "Searching…";
    let info;
    try {
      info = await api("POST", "/api/puzzle/solve", formValues(this.form));
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
      this.board.show(tiles, { animate: true, goal: info.goal });
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
      let tiles = info.start;
      for (let index = this.cursor; index >= 0; index--) {
        if (this.events[index].kind === "expand") { tiles = this.events[index].state; break; }
      }
      this.board.show(tiles, { goal: info.goal });
      this.pathStep.textContent = "";
      const c = counts(event);
      if (!event) {
        this.status.textContent = `Start (${info.notation} notation), ${info.algorithm}${info.heuristic ? ` with ${info.heuristic}` : ""}: press Step or Play to watch the expansions.`;
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
    const note = result.solved ? (result.shortest_guaranteed ? " (a shortest path: the heuristic is admissible)" : " (not guaranteed shortest)") : "";
    this.result.textContent = showResult ? `${result.message}${note}.` : "";
    this.result.dataset.status = result.status;
    this.result.classList.toggle("good", result.solved);
  }
}
