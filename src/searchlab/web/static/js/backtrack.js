// N-queens backtracking: a live depth-first search on the server (the engine's event
// generator, advanced only as far as the page asks), pulled page by page.

import { api, clearErrors, formValues, showError } from "./api.js";
import { counts, fillStats, html } from "./dom.js";
import { Player, controls } from "./player.js";
import { attacks, drawQueens } from "./queens.js";
import { part } from "./template.js";

const PAGE = 500; // events per request while stepping
const KEEP = 2000; // events kept from a "next solution" run (for stepping back)
const TRACE_CAP = 200000; // events the page keeps at most

const columnsText = (columns) => "[" + columns.join(",") + "]";
const toQueens = (columns) => columns.map((col, index) => [index + 1, col]);

export class BacktrackView {
  // ``domain``: its entry of GET /api/options; ``prefix``: the ids of this copy ("bt").
  constructor(root, domain, prefix) {
    this.root = root;
    this.domain = domain;
    this.prefix = prefix;
    const $ = (name) => part(root, prefix, name);
    this.form = $("form");
    this.board = $("board");
    this.status = $("status");
    this.stats = $("stats");
    this.list = $("solutions");
    this.nextButton = $("next");
    this.player = new Player(this, controls(root, prefix));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(async () => {
        await this.start();
        this.render();
      });
    });
    this.nextButton.addEventListener("click", async () => {
      if (this.searching) {
        this.interrupt(); // the button reads "Stop searching" while a search runs
        return;
      }
      await this.player.stop();
      await this.player.guard(() => this.nextSolution());
    });
    for (const radio of root.querySelectorAll(`input[name="${prefix}-mode"]`)) {
      radio.addEventListener("change", () => this.render());
    }
    this.session = null;
    this.searching = false; // a "next solution" run is in progress
    this.cancelled = false; // ... and was asked to stop
    const input = $("n");
    input.value = domain.size?.default ?? 8;
    this.clear(Number(input.value));
    this.render();
  }

  // The algorithm this view runs (its source is shown in the help).
  algorithm() {
    return "dfs";
  }

  // Any other control stops a "next solution" run at its next page (within seconds).
  interrupt() {
    if (this.searching) this.cancelled = true;
  }

  clear(n) {
    this.n = n;
    this.trace = [];
    this.cursor = -1;
    this.highwater = -1;
    this.next = 0;
    this.done = false;
    this.endMessage = null;
    this.solutions = [];
    this.note = null;
  }

  get mode() {
    return this.root.querySelector(`input[name="${this.prefix}-mode"]:checked`).value;
  }

  async start() {
    clearErrors(this.form);
    const values = formValues(this.form);
    if (this.session) api("DELETE", `/api/sessions/${this.session}`).catch(() => {});
    this.session = null;
    let reply;
    try {
      reply = await api("POST", `/api/domains/${this.domain.name}/search`, { ...values, algorithm: "dfs" });
    } catch (error) {
      showError(this.form, error);
      return;
    }
    this.session = reply.session;
    this.clear(reply.run.start);
    this.render();
  }

  async ensureSession() {
    if (!this.session) await this.start();
    return this.session !== null;
  }

  async fetch(untilSolution) {
    const query = new URLSearchParams({ from: this.next, max: untilSolution ? KEEP : PAGE });
    if (untilSolution) query.set("until", "solution");
    const page = await api("GET", `/api/sessions/${this.session}/events?${query}`);
    if (page.events.length && page.skipped) page.events[0].gap = page.skipped;
    for (const event of page.events) {
      this.trace.push(event);
      if (event.kind === "solution") this.solutions.push(event);
    }
    this.next = page.next;
    if (page.done) {
      this.done = true;
      this.endMessage = page.message;
    }
    if (this.trace.length > TRACE_CAP) {
      const drop = this.trace.length - TRACE_CAP / 2;
      this.trace.splice(0, drop);
      this.cursor = Math.max(-1, this.cursor - drop);
    }
    return page;
  }

  visible(event) {
    return this.mode === "every" || event.kind === "expand" || event.kind === "solution";
  }

  async forward() {
    if (!(await this.ensureSession())) return false;
    let index = this.cursor + 1;
    for (;;) {
      if (index >= this.trace.length) {
        if (this.done) {
          const moved = this.cursor !== this.trace.length - 1;
          this.moveTo(this.trace.length - 1);
          return moved;
        }
        await this.fetch(false);
        continue;
      }
      if (this.visible(this.trace[index])) {
        this.moveTo(index);
        return true;
      }
      index++;
    }
  }

  backward() {
    let index = this.cursor - 1;
    while (index >= 0 && !this.visible(this.trace[index])) index--;
    if (index < 0 && this.trace.length && this.trace[0].i > 0) {
      // the events before the first one kept were passed over: never pretend the
      // board went back to empty
      this.note = "The steps before this one were passed over (not kept by the page): Reset starts again from the empty board.";
      return false;
    }
    this.cursor = Math.max(-1, index);
    return true;
  }

  atStop() {
    return this.trace[this.cursor]?.kind === "solution";
  }

  moveTo(index) {
    this.cursor = index;
    const event = this.trace[index];
    if (event && event.i > this.highwater) this.highwater = event.i;
  }

  async reset() {
    await this.start();
  }

  async nextSolution() {
    if (!(await this.ensureSession())) return;
    for (let index = this.cursor + 1; index < this.trace.length; index++) {
      if (this.trace[index].kind === "solution") {
        this.moveTo(index);
        this.render();
        return;
      }
    }
    this.searching = true;
    this.cancelled = false;
    this.nextButton.textContent = "■ Stop searching";
    const began = performance.now();
    try {
      while (!this.done && !this.cancelled) {
        const seconds = Math.round((performance.now() - began) / 1000);
        this.status.textContent = `Searching for solution ${this.solutions.length + 1}… ${this.next.toLocaleString()} events so far${seconds ? `, ${seconds} s` : ""} (press Stop searching to pause here).`;
        const page = await this.fetch(true);
        const last = page.events[page.events.length - 1];
        this.moveTo(this.trace.length - 1); // the board shows where the search has got to
        this.render();
        if (last?.kind === "solution") return;
      }
    } finally {
      this.searching = false;
      this.nextButton.textContent = "Next solution";
    }
    this.moveTo(this.trace.length - 1);
    this.render();
    if (this.cancelled && !this.done) {
      this.status.textContent = `Stopped searching after ${this.next.toLocaleString()} events, without a new solution yet: Next solution carries on from here.`;
    }
    this.cancelled = false;
  }

  fail(error) {
    showError(this.form, error);
  }

  describe(event) {
    if (!event) return { queens: [], marks: [], text: this.session ? "The empty board: press Step, Play or Next solution." : "Choose n and press Start." };
    const skipped = event.gap ? ` (${event.gap.toLocaleString()} events passed over to get here)` : "";
    switch (event.kind) {
      case "expand":
        return {
          queens: toQueens(event.state),
          marks: [],
          text: event.state.length === 0
            ? "The empty board: the search begins with row 1."
            : `Stable: ${event.state.length} queen${event.state.length === 1 ? "" : "s"} placed safely ${columnsText(event.state)}; next, row ${event.state.length + 1}.${skipped}`,
        };
      case "generate": {
        const row = event.state.length, col = event.move;
        return { queens: toQueens(event.parent), marks: [{ square: [row, col], kind: "try" }], text: `Trying row ${row}, column ${col}.${skipped}` };
      }
      case "prune": {
        const row = event.state.length, col = event.state[row - 1];
        const placed = toQueens(event.state.slice(0, -1));
        const attackers = placed.filter((square) => attacks(square, [row, col]));
        return {
          queens: placed,
          marks: [{ square: [row, col], kind: "refused" }, ...attackers.map((square) => ({ square, kind: "attacker" }))],
          text: `Row ${row}, column ${col} is attacked (outlined queens): refused.${skipped}`,
        };
      }
      case "backtrack": {
        const depth = event.state.length;
        if (depth === 0) return { queens: [], marks: [], text: "Back at the empty board: every column of row 1 has been tried." };
        const col = event.state[depth - 1];
        const full = depth === this.n;
        return {
          queens: toQueens(event.state),
          marks: [{ square: [depth, col], kind: "leaving" }],
          text: full
            ? `Backtracking from the solution: the queen of row ${depth} moves on, looking for the next one.${skipped}`
            : `No safe column left in row ${depth + 1}: take back the queen of row ${depth} (column ${col}).${skipped}`,
        };
      }
      case "solution": {
        const columns = event.path[event.path.length - 1];
        return { queens: toQueens(columns), marks: [], solved: true, text: `Solution ${event.index}: ${columnsText(columns)}.${skipped}` };
      }
      default:
        return { queens: [], marks: [], text: event.kind };
    }
  }

  placed(event) {
    if (!event) return 0;
    if (event.kind === "solution") return this.n;
    if (event.kind === "generate") return event.parent.length;
    if (event.kind === "prune") return event.state.length - 1;
    return event.state.length;
  }

  render() {
    const event = this.trace[this.cursor];
    const { queens, marks, solved, text } = this.describe(event);
    drawQueens(this.board, this.n, queens, { marks, solved });
    const atEnd = this.done && this.cursor === this.trace.length - 1 && this.trace.length > 0;
    let message = text;
    if (atEnd) {
      const found = this.solutions.length;
      message = `No more solutions: the search has tried every placement (${found} solution${found === 1 ? "" : "s"} found for n = ${this.n}).`;
      if (this.endMessage && !this.endMessage.startsWith("no more solutions")) message = `Stopped: ${this.endMessage}.`;
    }
    if (this.note) message = `${message} ${this.note}`;
    this.note = null;
    this.status.textContent = message;
    this.status.classList.toggle("final", atEnd);
    this.status.dataset.kind = event?.kind ?? "none";
    const c = counts(event);
    fillStats(this.stats, [
      ["board", `${this.n} × ${this.n}`],
      ["queens placed", this.placed(event)],
      ["stable configurations", c.expand.toLocaleString()],
      ["squares tried", c.generate.toLocaleString()],
      ["refused (attacked)", c.prune.toLocaleString()],
      ["retreats", c.backtrack.toLocaleString()],
      ["solutions", c.solution.toLocaleString()],
      ["event", event ? `${(event.i + 1).toLocaleString()} of ${this.next.toLocaleString()}${this.done ? "" : "+"}` : "—"],
    ]);
    this.list.replaceChildren(
      ...this.solutions
        .filter((solution) => solution.i <= this.highwater)
        .map((solution) => html("li", { text: columnsText(solution.path[solution.path.length - 1]), "data-index": solution.index })),
    );
    this.nextButton.disabled = false;
  }
}
