// N-queens backtracking: a live depth-first search on the server (the engine's event
// generator, advanced only as far as the page asks), pulled page by page. The server
// numbers the nodes of the search tree and says which columns were already tried in
// the row being filled (web/teaching.py); this view draws them.

import { api, clearErrors, formValues, showError } from "./api.js";
import { counts, fillStats, html } from "./dom.js";
import { addLiveTreeNodes } from "./explain.js";
import { TREE_LEGEND, fillLegend } from "./legend.js";
import { attacks, coordinatesLegend, drawQueens, squareName } from "./queens.js";
import { TreeNodes, drawTree } from "./tree.js";
import { View } from "./view.js";

const PAGE = 500; // events per request while stepping
const KEEP = 2000; // events kept from a "next solution" run (for stepping back)
const TRACE_CAP = 200000; // events the page keeps at most
const REPLAY_PAGE = 2000; // events per request while a link is reopened (the server's most)

const columnsText = (columns) => "[" + columns.join(",") + "]";
const toQueens = (columns) => columns.map((col, index) => [index + 1, col]);
const plural = (count, noun) => `${count.toLocaleString()} ${noun}${count === 1 ? "" : "s"}`;

// The square of the last queen of a placement (its row is the placement's length).
function lastSquare(columns) {
  return [columns.length, columns[columns.length - 1]];
}

export class BacktrackView extends View {
  constructor(root, domain, prefix, options, hooks = {}) {
    super(root, domain, prefix, hooks);
    const $ = this.$;
    this.keep("board", "status", "stats");
    this.list = $("solutions");
    $("tree-section").hidden = false; // the live search grows its tree from the first step
    this.bindNextSolution($("next"));
    for (const radio of root.querySelectorAll(`input[name="${prefix}-mode"]`)) {
      radio.addEventListener("change", () => {
        this.cursor = this.shownIndex(); // "stable": back to the placement shown
        this.render();
      });
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
    this.tree = new TreeNodes();
  }

  get mode() {
    return this.root.querySelector(`input[name="${this.prefix}-mode"]:checked`).value;
  }

  // The form starts a new backtracking and shows its first event.
  async submitted() {
    await this.start();
    this.render();
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

  label(event, move) {
    if (event.kind === "expand") return squareName(this.n, lastSquare(event.state));
    if (event.kind === "prune") return squareName(this.n, lastSquare(event.state));
    if (event.kind === "solution") return squareName(this.n, lastSquare(event.path[event.path.length - 1]));
    return String(move);
  }

  async fetch(untilSolution, max = PAGE) {
    const query = new URLSearchParams({ from: this.next, max: untilSolution ? KEEP : max });
    if (untilSolution) query.set("until", "solution");
    const page = await api("GET", `/api/sessions/${this.session}/events?${query}`);
    if (page.events.length && page.skipped) page.events[0].gap = page.skipped;
    for (const event of page.events) {
      this.trace.push(event);
      addLiveTreeNodes(this.tree, event, event.i, (e, move) => this.label(e, move));
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
      this.tree.forget(this.trace[0].i);
    }
    return page;
  }

  visible(event) {
    return this.mode === "every" || event.kind === "expand" || event.kind === "solution";
  }

  // The event the board shows: the cursor's, or in "stable" mode the last stable
  // placement at or before it (-1: the empty board).
  shownIndex() {
    if (this.done && this.cursor === this.trace.length - 1) return this.cursor; // the end
    let index = this.cursor;
    while (index >= 0 && !this.visible(this.trace[index])) index--;
    return index;
  }

  async forward() {
    if (!(await this.ensureSession())) return false;
    let index = this.cursor + 1;
    for (;;) {
      if (index >= this.trace.length) {
        if (this.done) {
          const last = this.trace.length - 1;
          const moved = this.cursor !== last;
          this.moveTo(last);
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
    // in "stable configurations", stop on the last stable placement, not an attempt
    if (!this.done && this.mode === "stable" && this.shownIndex() >= 0) this.cursor = this.shownIndex();
    this.render();
    if (this.cancelled && !this.done) {
      this.status.textContent = `Stopped searching after ${this.next.toLocaleString()} events, without a new solution yet: Next solution carries on from here.`;
    }
    this.cancelled = false;
  }

  // -- the link to this moment ---------------------------------------------------------
  urlState() {
    if (!this.session && !this.trace.length) return null;
    const state = { start: String(this.n), mode: this.mode };
    const event = this.trace[this.cursor];
    if (event) state.event = String(event.i + 1);
    return state;
  }

  async restore(state) {
    this.$("n").value = state.start ?? this.$("n").value;
    const radio = this.root.querySelector(`input[name="${this.prefix}-mode"][value="${state.mode === "every" ? "every" : "stable"}"]`);
    if (radio) radio.checked = true;
    // the page replays at most half of what it holds: a link past that says so at once
    const asked = Math.max(0, Math.floor(Number(state.event ?? 0)) || 0);
    const wanted = Math.min(asked, TRACE_CAP / 2);
    const capped = asked > wanted
      ? `This link asks for event ${asked.toLocaleString()}, but the page replays at most ${wanted.toLocaleString()} events of a search: it reopens at event ${wanted.toLocaleString()} (Next solution goes on from there).`
      : null;
    await this.player.guard(async () => {
      await this.start();
      if (!this.session) return;
      while (this.next < wanted && !this.done) {
        // the board follows the replay, which says where it goes
        this.note = `Reopening the link: event ${this.next.toLocaleString()} of ${wanted.toLocaleString()}…${capped ? ` ${capped}` : ""}`;
        this.render();
        await this.fetch(false, REPLAY_PAGE);
        this.moveTo(this.trace.length - 1);
      }
      const index = this.trace.findIndex((event) => event.i + 1 === wanted);
      this.moveTo(index >= 0 ? index : this.trace.length - 1);
      if (wanted === 0) this.cursor = -1;
      this.highwater = Math.max(this.highwater, ...this.trace.slice(0, this.cursor + 1).map((event) => event.i));
      this.note = capped;
      this.render();
    });
  }

  // -- drawing -------------------------------------------------------------------------
  // Columns already tried in ``row`` (all but ``col``), marked on the board.
  tried(event, row, col) {
    return (event.tried ?? []).filter((c) => c !== col).map((c) => ({ square: [row, c], kind: "tried" }));
  }

  // A square's name (file then rank: d6), as the board's edges write it.
  at(row, col) {
    return squareName(this.n, [row, col]);
  }

  // The squares of ``row`` in the files ``columns``: "a2, b2".
  squares(row, columns) {
    return columns.map((col) => this.at(row, col)).join(", ");
  }

  // A placement's queens by square: "a1, e2, h3".
  queensAt(columns) {
    return columns.map((col, index) => this.at(index + 1, col)).join(", ");
  }

  describe(event) {
    if (!event) return { queens: [], marks: [], text: this.session ? "The empty board: press Step, Play or Next solution." : "Choose n and press Start." };
    const skipped = event.gap ? ` (${event.gap.toLocaleString()} events passed over to get here)` : "";
    switch (event.kind) {
      case "expand": {
        if (event.state.length === 0) return { queens: [], marks: [], text: "The empty board: the search begins with rank 1." };
        const [row, col] = lastSquare(event.state);
        const tried = event.tried ?? [];
        const before = tried.length ? ` after ${this.squares(row, tried)}` : "";
        return {
          queens: toQueens(event.state),
          marks: this.tried(event, row, col),
          text: `Stable: ${plural(event.state.length, "queen")} placed safely (${this.queensAt(event.state)}), the last on ${this.at(row, col)}${before}; next, rank ${row + 1}.${skipped}`,
        };
      }
      case "generate": {
        const row = event.state.length, col = event.move;
        return {
          queens: toQueens(event.parent),
          marks: [...this.tried(event, row, col), { square: [row, col], kind: "try" }],
          text: `Trying ${this.at(row, col)}${event.tried?.length ? ` (${this.squares(row, event.tried)} tried already)` : ""}.${skipped}`,
        };
      }
      case "prune": {
        const [row, col] = lastSquare(event.state);
        const placed = toQueens(event.state.slice(0, -1));
        const attackers = placed.filter((square) => attacks(square, [row, col]));
        return {
          queens: placed,
          marks: [...this.tried(event, row, col), { square: [row, col], kind: "refused" }, ...attackers.map((square) => ({ square, kind: "attacker" }))],
          text: `${this.at(row, col)} is attacked (outlined queens): refused.${skipped}`,
        };
      }
      case "backtrack": {
        const depth = event.state.length;
        if (depth === 0) return { queens: [], marks: [], text: "Back at the empty board: every square of rank 1 has been tried." };
        const col = event.state[depth - 1];
        const full = depth === this.n;
        return {
          queens: toQueens(event.state),
          marks: [...this.tried(event, depth, col), { square: [depth, col], kind: "leaving" }],
          text: full
            ? `Backtracking from the solution: the queen on ${this.at(depth, col)} moves on along rank ${depth}, looking for the next one.${skipped}`
            : `No safe square left on rank ${depth + 1}: take back the queen on ${this.at(depth, col)}.${skipped}`,
        };
      }
      case "solution": {
        const columns = event.path[event.path.length - 1];
        return { queens: toQueens(columns), marks: [], solved: true, text: `Solution ${event.index}: ${this.queensAt(columns)} (written ${columnsText(columns)}: each rank's file as a number).${skipped}` };
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
    this.hooks.changed?.();
    const shown = this.shownIndex();
    const event = this.trace[shown];
    const { queens, marks, solved, text } = this.describe(event);
    drawQueens(this.board, this.n, queens, { marks, solved, label: text });
    const atEnd = this.done && this.cursor === this.trace.length - 1 && this.trace.length > 0;
    let message = text;
    if (atEnd) {
      const found = this.solutions.length;
      message = `No more solutions: the search has tried every placement (${plural(found, "solution")} found for n = ${this.n}).`;
      if (this.endMessage && !this.endMessage.startsWith("no more solutions")) message = `Stopped: ${this.endMessage}.`;
    }
    if (this.note) message = `${message} ${this.note}`;
    this.note = null;
    this.status.textContent = message;
    this.status.classList.toggle("final", atEnd);
    this.status.dataset.kind = event?.kind ?? "none";
    const c = counts(event);
    const found = this.solutions.filter((solution) => solution.i <= this.highwater);
    const now = event ? event.i : -1;
    const ahead = found.filter((solution) => solution.i > now).length;
    fillStats(this.stats, [
      ["board", `${this.n} × ${this.n}`],
      ["queens placed", this.placed(event)],
      ["stable configurations", c.expand.toLocaleString()],
      ["squares tried", c.generate.toLocaleString()],
      ["refused (attacked)", c.prune.toLocaleString()],
      ["retreats", c.backtrack.toLocaleString()],
      ["solutions", ahead ? `${c.solution.toLocaleString()} at this step (${found.length.toLocaleString()} found)` : found.length.toLocaleString()],
      // the events the page fetched ahead are not the search's size: say it only at the end
      ["event", event ? `${(event.i + 1).toLocaleString()}${this.done ? ` of ${this.next.toLocaleString()}` : ""}` : "—"],
    ]);
    this.list.replaceChildren(
      ...found.map((solution) => {
        const later = solution.i > now;
        const item = html("li", { text: columnsText(solution.path[solution.path.length - 1]) + (later ? " (after this step)" : ""), "data-index": solution.index });
        if (later) item.classList.add("ahead");
        return item;
      }),
    );
    this.nextButton.disabled = false;
    const current = event ? (event.kind === "expand" || event.kind === "solution" ? event.node : event.at ?? null) : null;
    drawTree(this.$("tree"), this.tree.until(now), { current, empty: "Press Step: each stable placement becomes a node, its label the square of its last queen." });
    this.legend();
  }

  legend() {
    const items = [
      coordinatesLegend(this.n ?? 8),
      { swatch: "sq-try", text: "the square being tried" },
      { swatch: "sq-refused", text: "a square refused: a placed queen attacks it" },
      { swatch: "sq-attacker", text: "a queen attacking the square refused" },
      { swatch: "sq-tried", glyph: "✕", text: "a square of this rank tried already" },
      { swatch: "sq-leaving", text: "the queen taken back (a retreat)" },
      { swatch: "queen-solved", glyph: "♛", text: "a solution" },
      ...TREE_LEGEND,
    ];
    fillLegend(this.$("legend"), items);
  }
}
