// N-queens hill climbing: one run on the server, recorded, then stepped through here.

import { api, clearErrors, formValues, recordedEvents, showError } from "./api.js";
import { drawChart } from "./chart.js";
import { fillSelect, fillStats } from "./dom.js";
import { Player, controls } from "./player.js";
import { drawQueens, pairs } from "./queens.js";

const square = ([r, c]) => `(${r},${c})`;

export class ClimbView {
  constructor(root) {
    this.root = root;
    this.form = root.querySelector("#hc-form");
    this.board = root.querySelector("#hc-board");
    this.moveText = root.querySelector("#hc-move");
    this.stats = root.querySelector("#hc-stats");
    this.chart = root.querySelector("#hc-chart");
    this.verdict = root.querySelector("#hc-verdict");
    this.player = new Player(this, controls(root, "hc"));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(() => this.run());
    });
    root.querySelector("#hc-case").addEventListener("change", (event) => {
      if (event.target.value !== "") this.form.querySelector("#hc-state").value = event.target.value;
    });
    root.querySelector("#hc-random").addEventListener("click", () => this.player.guard(() => this.random()));
    this.frames = [];
    this.cursor = 0;
    this.info = null;
  }

  init(options) {
    const climb = options.climb;
    const cases = this.root.querySelector("#hc-case");
    climb.cases.forEach((text, index) => {
      const option = document.createElement("option");
      option.value = text;
      option.textContent = `case ${index + 1}${index === climb.cases.length - 1 ? " (solved)" : ""}: ${text}`;
      cases.append(option);
    });
    fillSelect(this.form.querySelector("#hc-moves"), climb.moves, climb.defaults.moves);
    fillSelect(this.form.querySelector("#hc-heuristic"), climb.heuristics, climb.defaults.heuristic);
    fillSelect(this.form.querySelector("#hc-tie"), climb.tie_breaks, climb.defaults.tie_break);
    this.form.querySelector("#hc-sideways").value = climb.defaults.sideways;
    this.form.querySelector("#hc-restarts").value = climb.defaults.restarts;
    this.form.querySelector("#hc-n").max = climb.max_n;
    this.form.querySelector("#hc-seed").max = climb.max_seed;
    this.render();
  }

  async random() {
    clearErrors(this.form);
    const values = formValues(this.form);
    try {
      const reply = await api("POST", "/api/queens/random", { n: values.n, moves: values.moves, seed: values.seed });
      this.form.querySelector("#hc-state").value = reply.state;
      this.moveText.textContent = `A random ${reply.n} × ${reply.n} board from seed ${reply.seed}: press Climb.`;
      this.root.querySelector("#hc-case").value = "";
    } catch (error) {
      showError(this.form, error);
    }
  }

  async run() {
    clearErrors(this.form);
    const values = formValues(this.form);
    delete values.n;
    this.moveText.textContent = "Climbing…";
    let info;
    try {
      info = await api("POST", "/api/queens/climb", values);
    } catch (error) {
      showError(this.form, error);
      this.render();
      if (this.info) this.moveText.textContent = "Not run: fix the field marked in red. The board still shows the last run.";
      return;
    }
    const events = await recordedEvents(info.session);
    this.info = info;
    this.frames = [{ kind: "start", queens: info.initial, h: info.h0 }];
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
    const heuristic = info.heuristic;
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
    drawQueens(this.board, info.n, frame.queens, { marks, solved: frame.h === 0 && this.cursor === this.frames.length - 1 && info.result.solution, showAttacks: true });
    this.moveText.textContent = text;
    const restarts = this.frames.map((f, i) => (f.kind === "restart" ? i : -1)).filter((i) => i >= 0);
    drawChart(this.chart, this.frames.map((f) => f.h), { cursor: this.cursor, restarts });
    fillStats(this.stats, [
      ["board", `${info.n} × ${info.n}, ${info.moves} moves`],
      ["step", `${this.cursor} of ${this.frames.length - 1}`],
      ["h now", frame.h],
      ["h at the start", info.h0],
      ["successors evaluated (whole run)", info.result.stats.generated.toLocaleString()],
      ["seed", info.random ? `${info.seed} (type it in the seed field to repeat this run)` : `${info.seed} (unused: ties to ${info.tie_break}, no restarts)`],
    ]);
    const atEnd = this.cursor === this.frames.length - 1;
    this.verdict.hidden = !atEnd;
    this.verdict.textContent = atEnd ? `Verdict: ${info.result.verdict}. Final state ${pairs(info.result.final)}.` : "";
    this.verdict.dataset.status = atEnd ? info.result.status : "";
    this.verdict.dataset.h = atEnd ? String(info.result.h) : "";
    this.verdict.classList.toggle("good", info.result.status === "solved");
  }
}
