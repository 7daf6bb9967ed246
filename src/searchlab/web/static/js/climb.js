// N-queens hill climbing: one run on the server, recorded, then stepped through here.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { drawChart } from "./chart.js";
import { fillSelect, fillStats } from "./dom.js";
import { Player, controls } from "./player.js";
import { drawQueens, pairs } from "./queens.js";
import { part } from "./template.js";

const ALGORITHM = "hill-climbing";
const square = ([r, c]) => `(${r},${c})`;
const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;

// The sentence a climb ends with, from its result (the document of docs/json.md).
function verdict(result) {
  const h = result.h_final;
  let after = `after ${plural(result.length ?? 0, "move")}`;
  if (result.stats.restarts) after += ` (${plural(result.stats.restarts, "restart")})`;
  if (result.status === "solved") return `solved: h = ${h} ${after}`;
  if (result.status === "local_optimum") return `stuck in a local minimum at h = ${h} ${after}`;
  return `stopped at the viewer's ${result.limit ?? "limit"} with h = ${h} ${after}`;
}

export class ClimbView {
  // ``domain``: its entry of GET /api/options; ``prefix``: the ids of this copy ("hc").
  constructor(root, domain, prefix, options) {
    this.root = root;
    this.domain = domain;
    const $ = (name) => part(root, prefix, name);
    this.$ = $;
    this.form = $("form");
    this.board = $("board");
    this.moveText = $("move");
    this.stats = $("stats");
    this.chart = $("chart");
    this.verdict = $("verdict");
    this.player = new Player(this, controls(root, prefix));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(() => this.run());
    });
    $("case").addEventListener("change", (event) => {
      if (event.target.value !== "") $("state").value = event.target.value;
    });
    $("random").addEventListener("click", () => this.player.guard(() => this.random()));
    this.frames = [];
    this.cursor = 0;
    this.info = null;
    this.init(domain, options);
  }

  // The algorithm this view runs (its source is shown in the help).
  algorithm() {
    return ALGORITHM;
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
    const climb = domain.algorithms.find((item) => item.name === ALGORITHM);
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
    const values = { ...formValues(this.form), algorithm: ALGORITHM };
    this.moveText.textContent = "Climbing…";
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
    // a board typed is the start; from n, the random board the climb began on
    const initial = Array.isArray(info.run.start) ? info.run.start : info.origin?.state ?? info.result.path[0];
    this.frames = [{ kind: "start", queens: initial, h: info.origin?.h ?? info.result.h_start }];
    for (const event of events) {
      if (event.kind === "step") {
        this.frames.push({ kind: "step", queens: event.next, h: event.value, move: event.move, sideways: event.sideways });
      } else if (event.kind === "restart") {
        this.frames.push({ kind: "restart", queens: event.state, h: event.value, index: event.index });
      }
    }
    this.cursor = 0;
    this.render();
  }

  async forward() {
    if (this.cursor + 1 >= this.frames.length) return false;
    this.cursor++;
    return true;
  }

  backward() {
    this.cursor = Math.max(0, this.cursor - 1);
    return true;
  }

  async reset() {
    this.cursor = 0;
  }

  async toEnd() {
    this.cursor = Math.max(0, this.frames.length - 1);
  }

  fail(error) {
    showError(this.form, error);
  }

  render() {
    const info = this.info;
    if (!info) {
      drawQueens(this.board, 8, []);
      drawChart(this.chart, []);
      this.moveText.textContent = "Type a state, pick a case or Random, then Climb.";
      return;
    }
    const frame = this.frames[this.cursor];
    const heuristic = info.run.heuristic;
    let marks = [];
    let text;
    if (frame.kind === "start") {
      text = `Initial state ${pairs(frame.queens)}: h = ${frame.h} (${heuristic}).`;
    } else if (frame.kind === "restart") {
      text = `Restart ${frame.index} from a random state: h = ${frame.h}.`;
    } else {
      const [from, to] = frame.move;
      marks = [{ square: from, kind: "from" }, { square: to, kind: "to" }];
      text = `Step ${this.cursor}: the queen at ${square(from)} moves to ${square(to)}${frame.sideways ? " (sideways)" : ""}; h = ${frame.h}.`;
    }
    const result = info.result;
    drawQueens(this.board, result.n, frame.queens, { marks, solved: frame.h === 0 && this.cursor === this.frames.length - 1 && result.solved, showAttacks: true });
    this.moveText.textContent = text;
    const restarts = this.frames.map((f, i) => (f.kind === "restart" ? i : -1)).filter((i) => i >= 0);
    drawChart(this.chart, this.frames.map((f) => f.h), { cursor: this.cursor, restarts });
    const run = info.run;
    const random = run.tie_break === "random" || run.restarts > 0 || run.variant !== "steepest";
    fillStats(this.stats, [
      ["board", `${result.n} × ${result.n}, ${run.moves} moves`],
      ["step", `${this.cursor} of ${this.frames.length - 1}`],
      ["h now", frame.h],
      ["h at the start", this.frames[0].h],
      ["successors evaluated (whole run)", result.stats.generated.toLocaleString()],
      ["seed", random ? `${run.seed} (type it in the seed field to repeat this run)` : `${run.seed} (unused: ties to ${run.tie_break}, no restarts)`],
    ]);
    const atEnd = this.cursor === this.frames.length - 1;
    this.verdict.hidden = !atEnd;
    this.verdict.textContent = atEnd ? `Verdict: ${verdict(result)}. Final state ${pairs(result.final)}.` : "";
    this.verdict.dataset.status = atEnd ? result.status : "";
    this.verdict.dataset.h = atEnd ? String(result.h_final) : "";
    this.verdict.classList.toggle("good", result.status === "solved");
  }
}
