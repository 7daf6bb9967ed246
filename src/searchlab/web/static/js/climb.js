// N-queens hill climbing: one run on the server, recorded, then stepped through here.
// Each board shows, in every square a queen could move to, the h the board would have
// after that move (the server sends every move the climb scored), and each restart and
// the end say why the climb stopped (the server's words). The other local searches the
// domain offers (GET /api/options) run from the same form with their own options, and
// their walk (the steps they report) plays the same way. A genetic run is stepped
// generation by generation instead: the best, median and worst fitness of each on the
// chart, and its best board (the server's ``population``).

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { drawChart, drawSeries } from "./chart.js";
import { fillSelect, fillStats } from "./dom.js";
import { fillOptions } from "./form.js";
import { fillLegend } from "./legend.js";
import { boardName, coordinatesLegend, drawQueens, pairs, squareName } from "./queens.js";
import { nameAlgorithms } from "./tabs.js";
import { StepsView } from "./view.js";

const CLIMB = "hill-climbing"; // the algorithm whose own fields the form has
const MAX_NUMBERS = 16; // boards up to 16×16 get their numbers drawn
// A board as squares (file then rank, as its edges say), with the command line's
// (row, column) notation it is typed in.
const written = (n, queens) => `${boardName(n, queens).replace(/^\d+ by \d+ board, /, "")} — typed ${pairs(queens)}, each queen (row, column)`;
const plural = (count, noun) => `${count.toLocaleString()} ${noun}${count === 1 ? "" : "s"}`;

// The sentence a climb ends with, from its result (the document of docs/json.md) and
// what the server said about how it stopped.
function verdict(result, info) {
  const h = result.h_final;
  const moves = result.length ?? 0;
  const restarts = result.stats.restarts;
  let after = `after ${plural(moves, "move")}`;
  if (restarts) after += ` of its last climb (${plural(result.stats.iterations, "move")} in all, ${plural(restarts, "restart")})`;
  if (result.status === "solved") return `solved: h = ${h} ${after}`;
  if (result.status === "local_optimum" && info.run.algorithm !== CLIMB) {
    return `not solved: h = ${h} ${after}, when ${info.run.algorithm} gave up (its own limit)`;
  }
  if (result.status === "local_optimum") {
    const why = info.teaching?.reason ? `: ${info.teaching.reason}` : "";
    return `stuck in a local minimum at h = ${h} ${after}${why}`;
  }
  return `h = ${h} ${after}: ${info.stopped ?? "stopped at one of the viewer's limits per run"}`;
}

// One frame a generation, from the server's ``population``.
function generations(population) {
  return population.best.map((best, generation) => ({
    kind: "generation",
    generation,
    best,
    median: population.median[generation],
    worst: population.worst[generation],
    h: population.h[generation],
    queens: population.individuals?.[generation] ?? null,
  }));
}

export class ClimbView extends StepsView {
  constructor(root, domain, prefix, options, hooks = {}) {
    super(root, domain, prefix, hooks);
    const $ = this.$;
    this.keep("board", "stats", "chart", "chart-title", "verdict");
    this.moveText = $("move");
    this.bindPresets("case", "state", (text) => text); // each case's value is its board
    $("random").addEventListener("click", () => this.player.guard(() => this.random()));
    $("numbers").addEventListener("change", () => this.render());
    $("algorithm").addEventListener("change", () => this.syncAlgorithm());
    this.frames = [];
    this.cursor = 0;
    this.info = null;
    this.init(domain, options);
  }

  // The algorithm chosen (its source is shown in the help).
  algorithm() {
    return this.$("algorithm").value;
  }

  // Only the chosen algorithm's options: hill climbing's own fields, or one field per
  // option of another (its specs in GET /api/options).
  syncAlgorithm() {
    const chosen = this.algorithm();
    const climbing = chosen === CLIMB;
    for (const field of this.form.querySelectorAll("[data-climb-only]")) {
      field.hidden = !climbing;
      for (const input of field.querySelectorAll("input, select")) input.disabled = !climbing;
    }
    const info = this.domain.algorithms.find((item) => item.name === chosen);
    fillOptions(this.$("options"), climbing ? [] : info?.options ?? [], this.prefix);
    this.$("run").textContent = climbing ? "Climb" : "Run";
    this.$("numbers").closest("label").hidden = !climbing; // only a climb scores every move
  }

  init(domain, options) {
    const $ = this.$;
    const presets = Object.entries(domain.presets);
    presets.forEach(([name, text], index) => {
      const option = document.createElement("option");
      option.value = text;
      option.textContent = `${name}${index === presets.length - 1 ? " (solved)" : ""}: ${text}`;
      $("case").append(option);
    });
    const local = domain.algorithms.filter((item) => item.local);
    fillSelect($("algorithm"), local, CLIMB);
    nameAlgorithms($("algorithm"), domain);
    const climb = local.find((item) => item.name === CLIMB);
    const spec = (specs, name) => specs.find((item) => item.name === name);
    const moves = spec(domain.params, "moves");
    fillSelect($("moves"), moves.choices, moves.default);
    $("moves").title = moves.summary;
    fillSelect($("heuristic"), domain.heuristics, domain.default_heuristic);
    const tie = spec(climb.options, "tie_break");
    fillSelect($("tie"), tie.choices, tie.default);
    for (const name of ["sideways", "restarts"]) {
      const option = spec(climb.options, name);
      $(name).value = option.default;
      $(name).max = option.high;
      $(name).title = option.summary;
    }
    if (domain.size) {
      $("n").value = domain.size.default;
      $("n").max = domain.size.high;
    }
    $("seed").max = options.seed.high;
    this.syncAlgorithm();
    this.render();
  }

  async random() {
    clearErrors(this.form);
    const values = formValues(this.form);
    try {
      const body = { size: this.$("n").value, moves: values.moves, seed: values.seed };
      const reply = await api("POST", `/api/domains/${this.domain.name}/random`, body);
      this.$("state").value = reply.start;
      this.moveText.textContent = `A random ${reply.size} × ${reply.size} board from seed ${reply.seed}: press Climb.`;
      this.$("case").value = "";
    } catch (error) {
      showError(this.form, error);
    }
  }

  async run() {
    clearErrors(this.form);
    const values = formValues(this.form);
    this.moveText.textContent = values.algorithm === CLIMB ? "Climbing…" : "Searching…";
    let info;
    try {
      info = await api("POST", `/api/domains/${this.domain.name}/search`, values);
    } catch (error) {
      showError(this.form, error);
      this.render();
      if (this.info) this.moveText.textContent = "Not run: fix the field marked in red. The board still shows the last run.";
      return;
    }
    const events = await recordedEvents(info.session);
    this.info = info;
    if (info.population) {
      this.frames = generations(info.population);
      this.cursor = 0;
      this.render();
      return;
    }
    // a board typed is the start; from n, the random board the climb began on; another
    // algorithm's walk starts where its path does (a beam's best line may start on
    // one of its random boards)
    const climbing = info.run.algorithm === CLIMB;
    const path = info.result.path;
    let initial = Array.isArray(info.run.start) ? info.run.start : info.origin?.state ?? path[0];
    let h0 = info.origin?.h ?? info.result.h_start;
    if (!climbing && path?.length) [initial, h0] = [path[0], info.result.h_start];
    // each frame: a board, its h, which climb (1 = the first) and its move in that climb
    let climb = 1, move = 0;
    this.frames = [{ kind: "start", queens: initial, h: h0, climb, move }];
    for (const event of events) {
      if (event.kind === "step") {
        move++;
        this.frames.push({ kind: "step", queens: event.next, h: event.value, move: event.move, sideways: event.sideways, scores: event.scores, climb, moved: move });
      } else if (event.kind === "restart") {
        climb++;
        move = 0;
        this.frames.push({ kind: "restart", queens: event.state, h: event.value, index: event.index, scores: event.scores, reason: event.reason, climb, moved: 0 });
      }
    }
    this.frames[0].moved = 0;
    // how many moves each climb made
    this.climbMoves = new Map();
    for (const frame of this.frames) this.climbMoves.set(frame.climb, frame.moved);
    this.cursor = 0;
    this.render();
  }

  // The last frame the player can step to.
  last() {
    return Math.max(0, this.frames.length - 1);
  }

  // -- the link to this moment ---------------------------------------------------------
  urlState() {
    if (!this.info) return null;
    const state = {};
    for (const [name, value] of Object.entries(formValues(this.form))) if (value !== "") state[name] = value;
    const chosen = Object.entries(this.domain.presets).find(([, text]) => text === this.$("case").value);
    state.algorithm = this.info.run.algorithm;
    if (chosen) state.start = chosen[0];
    if (this.info.run.seed !== null && this.info.run.seed !== undefined) state.seed = String(this.info.run.seed);
    state.step = String(this.cursor);
    return state;
  }

  async restore(state) {
    const $ = this.$;
    if (state.algorithm !== undefined) {
      $("algorithm").value = state.algorithm;
      this.syncAlgorithm();
    }
    for (const element of this.form.elements) {
      if (element.name && state[element.name] !== undefined) element.value = state[element.name];
    }
    if (state.start in this.domain.presets) {
      $("case").value = this.domain.presets[state.start];
      $("state").value = this.domain.presets[state.start];
    }
    await this.player.guard(async () => {
      await this.run();
      if (!this.info) return;
      this.cursor = Math.max(0, Math.min(Number(state.step ?? 0), this.frames.length - 1));
      this.render();
    });
  }

  // -- drawing -------------------------------------------------------------------------
  // The scores of the moves from the board of frame ``index``: sent with the event that
  // leaves it (the next step or restart), or at the end of the run.
  scoresAt(index) {
    const next = this.frames[index + 1];
    if (next) return next.scores ?? null;
    const final = this.info.teaching?.final;
    return final ?? null;
  }

  numbers(index, frame, n) {
    if (!this.$("numbers").checked || n > MAX_NUMBERS) return [];
    const scores = this.scoresAt(index);
    if (!scores) return [];
    // a square may be reached by several moves (the free operator): its lowest h
    const lowest = new Map();
    for (const [[, to], value] of scores.moves) {
      const key = `${to[0]},${to[1]}`;
      if (!lowest.has(key) || value < lowest.get(key).value) lowest.set(key, { square: to, value });
    }
    return [...lowest.values()].map(({ square: at, value }) => ({ square: at, value, best: value === scores.best && value <= frame.h }));
  }

  render() {
    const info = this.info;
    this.hooks.changed?.();
    this.chartTitle.textContent = info?.population ? "fitness over the generations" : "h over the steps";
    if (!info) {
      drawQueens(this.board, 8, []);
      drawChart(this.chart, []);
      this.moveText.textContent = "Type a state, pick a case or Random, then Climb.";
      this.legend();
      return;
    }
    if (info.population) {
      this.renderPopulation();
      return;
    }
    const frame = this.frames[this.cursor];
    const result = info.result;
    const heuristic = info.run.heuristic;
    const last = this.cursor === this.frames.length - 1;
    let marks = [];
    let text;
    if (frame.kind === "start") {
      text = `Initial state: ${written(info.result.n, frame.queens)}; h = ${frame.h} (${heuristic}).`;
    } else if (frame.kind === "restart") {
      text = `Restart ${frame.index} from a random board: h = ${frame.h}.${frame.reason ? ` The climb before was stuck: ${frame.reason}.` : ""}`;
    } else {
      const [from, to] = frame.move;
      marks = [{ square: from, kind: "from" }, { square: to, kind: "to" }];
      const n = info.result.n;
      text = `Move ${frame.moved} of climb ${frame.climb}: the queen on ${squareName(n, from)} moves to ${squareName(n, to)}${frame.sideways ? " (sideways: h stays the same)" : ""}; h = ${frame.h}.`;
    }
    const scores = this.scoresAt(this.cursor);
    if (scores && !last) text += ` The numbers: h after each move from this board (best ${scores.best}).`;
    if (last && result.status === "local_optimum" && info.teaching?.reason) text += ` No move lowers h: ${info.teaching.reason}.`;
    const n = result.n;
    const numbers = this.numbers(this.cursor, frame, n);
    const solved = frame.h === 0 && last && result.solved;
    drawQueens(this.board, n, frame.queens, { marks, solved, showAttacks: true, numbers, label: `h = ${frame.h}` });
    this.moveText.textContent = text;
    const restarts = this.frames.map((f, i) => (f.kind === "restart" ? i : -1)).filter((i) => i >= 0);
    const moved = this.frames.filter((f) => f.kind === "step").length;
    const axis = `${plural(moved, "move")}${restarts.length ? `, ${plural(restarts.length, "restart")}` : ""}`;
    drawChart(this.chart, this.frames.map((f) => f.h), { cursor: this.cursor, restarts, label: axis });
    const run = info.run;
    const makesChoices = this.domain.algorithms.find((item) => item.name === run.algorithm)?.random;
    const random = run.algorithm === CLIMB ? run.tie_break === "random" || run.restarts > 0 || run.variant !== "steepest" : makesChoices;
    const climbs = this.frames[this.frames.length - 1].climb;
    const allMoves = this.frames.filter((f) => f.kind === "step").length;
    const movedSoFar = this.frames.slice(0, this.cursor + 1).filter((f) => f.kind === "step").length;
    const start = [...this.frames.slice(0, this.cursor + 1)].reverse().find((f) => f.kind !== "step");
    fillStats(this.stats, [
      ["board", `${n} × ${n}, ${run.moves} moves`],
      ["climb", `${frame.climb} of ${climbs}`],
      ["move (this climb)", `${frame.moved} of ${this.climbMoves.get(frame.climb)}`],
      ["moves in all", `${movedSoFar} of ${allMoves}`],
      ["h now", frame.h],
      ["h at the start of this climb", start.h],
      ["successors evaluated (whole run)", result.stats.generated.toLocaleString()],
      ["seed", random ? `${run.seed} (type it in the seed field to repeat this run)` : `${run.seed} (unused: ${run.algorithm === CLIMB ? `ties to ${run.tie_break}, no restarts` : "no random choices"})`],
    ]);
    this.verdict.hidden = !last;
    this.verdict.textContent = last ? `Verdict: ${verdict(result, info)}. Final state: ${written(result.n, result.final)}.` : "";
    this.verdict.dataset.status = last ? result.status : "";
    this.verdict.dataset.h = last ? String(result.h_final) : "";
    this.verdict.classList.toggle("good", result.status === "solved");
    this.legend();
  }

  // A genetic run at generation ``this.cursor``: its best board and the fitness chart.
  renderPopulation() {
    const { result, run, population } = this.info;
    const frame = this.frames[this.cursor];
    const lastIndex = this.frames.length - 1;
    const last = this.cursor === lastIndex;
    const n = result.n;
    const solved = last && result.solved;
    drawQueens(this.board, n, frame.queens ?? [], { solved, showAttacks: true, label: `h = ${frame.h}` });
    let text = `Generation ${frame.generation} of ${lastIndex}${frame.generation === 0 ? " (the first population)" : ""}: fitness best ${frame.best}, median ${frame.median}, worst ${frame.worst}.`;
    text += frame.queens ? ` The board: its best individual, h = ${frame.h}.` : " Its boards are too large to send: the chart alone is shown.";
    this.moveText.textContent = text;
    const series = ["best", "median", "worst"].map((name) => ({ name, values: population[name] }));
    drawSeries(this.chart, series, { cursor: this.cursor, label: plural(lastIndex, "generation") });
    fillStats(this.stats, [
      ["board", `${n} × ${n}, ${run.moves} moves`],
      ["generation", `${frame.generation} of ${lastIndex}`],
      ["fitness (best, median, worst)", `${frame.best}, ${frame.median}, ${frame.worst}`],
      ["h of the best", frame.h],
      ["population", run.population.toLocaleString()],
      ["individuals evaluated (whole run)", result.stats.generated.toLocaleString()],
      ["seed", `${run.seed} (type it in the seed field to repeat this run)`],
    ]);
    this.verdict.hidden = !last;
    const words = result.status === "solved"
      ? `solved: h = ${result.h_final} in generation ${lastIndex}`
      : `not solved: the best has h = ${result.h_final} after ${plural(lastIndex, "generation")}${this.info.stopped ? `: ${this.info.stopped}` : ""}`;
    this.verdict.textContent = last ? `Verdict: ${words}. Final state: ${written(n, result.final)}.` : "";
    this.verdict.dataset.status = last ? result.status : "";
    this.verdict.dataset.h = last ? String(result.h_final) : "";
    this.verdict.classList.toggle("good", result.status === "solved");
    fillLegend(this.$("legend"), [
      coordinatesLegend(n),
      { swatch: "queen-hot", glyph: "♛", text: "a queen attacked by another" },
      { swatch: "queen-solved", glyph: "♛", text: "a solution: no queen attacked" },
      { swatch: "chart-best", text: "on the chart: the best fitness of each generation (its board is drawn)" },
      { swatch: "chart-median", text: "the median fitness" },
      { swatch: "chart-worst", text: "the worst fitness" },
    ]);
  }

  legend() {
    fillLegend(this.$("legend"), [
      coordinatesLegend(this.info?.result?.n ?? 8),
      { swatch: "sq-from", text: "the square the queen left" },
      { swatch: "sq-to", text: "the square it moved to" },
      { swatch: "queen-hot", glyph: "♛", text: "a queen attacked by another" },
      { swatch: "queen-solved", glyph: "♛", text: "a solution: no queen attacked" },
      { swatch: "score", glyph: "5", text: "h of the board if a queen moved to this square (boards up to 16 × 16)" },
      { swatch: "score best", glyph: "3", text: "the lowest h: the moves the climb chooses among" },
      { swatch: "chart-restart", text: "on the chart: a restart from a random board" },
    ]);
  }
}
