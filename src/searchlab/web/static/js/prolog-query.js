// A Prolog query on a file the server was started with, stepped port by port through
// the box model (web/prolog_queries.py): each port's goal, the query's variables, the
// clause running highlighted in the file's source, and a drawing of the bindings (a
// board of queens, or the file's draw/2). The query is a live session: the page asks
// for a page of ports at a time, and Prolog computes nothing past what was asked for.
// "Next solution" resumes Prolog's backtracking to the next answer, as the course's
// applet did ("Altre soluzioni"); "stable boards only" steps only to boards where every
// queen placed is safe, the configurations the applet showed.

import { api, clearErrors, showError } from "./api.js";
import { fillStats, html } from "./dom.js";
import { drawDrawing } from "./drawing.js";
import { instantiate, slug } from "./template.js";
import { View } from "./view.js";

const PAGE = 500; // ports per request while stepping
const KEEP = 2000; // ports kept from a "next solution" run (the server's page cap)
const END_HOLD = 20000; // ports "To the end" fetches at most
const HELD = 60000; // ports the page keeps; older ones are let go
const TRACE_LINES = 14; // ports listed up to the current one

const PORT_WORDS = {
  call: (e) => `Call: Prolog calls ${e.goal} and will try the clauses of ${e.predicate} in order.`,
  unify: (e) => `Unify: the head of clause ${e.clause} of ${e.predicate} (line ${e.line}) matches ${e.goal}; its body runs next.`,
  exit: (e) => `Exit: ${e.goal} is true, by clause ${e.clause} (line ${e.line}).`,
  redo: (e) => `Redo: backtracking, Prolog goes back into ${e.goal} for another answer${e.clause ? ` (clause ${e.clause}, line ${e.line})` : ""}.`,
  fail: (e) => `Fail: no (further) clause makes ${e.goal} true: it fails, and Prolog backtracks.`,
  exception: (e) => `Exception: ${e.goal} raised an error.`,
};

function bindingText(bindings) {
  return bindings.length ? bindings.map(([name, value]) => `${name} = ${value}`).join(", ") : "true";
}

function describe(event) {
  if (event.kind === "answer") return `Answer ${event.answer}: ${bindingText(event.bindings)}. Next solution asks Prolog for another.`;
  return `Port ${event.index + 1} (depth ${event.depth}) — ${PORT_WORDS[event.port](event)}`;
}

// The line where the clause starting at ``start`` ends: the first whose code (its
// comment cut) ends with a full stop.
function clauseEnd(lines, start) {
  for (let line = start; line <= Math.min(lines.length, start + 80); line++) {
    const code = lines[line - 1].replace(/%[^'"]*$/, "").trim();
    if (code.endsWith(".")) return line;
  }
  return start;
}

// A drawing's identity, to tell when the board changes.
const drawingKey = (drawing) => (drawing ? JSON.stringify(drawing.cells ?? drawing.text ?? drawing) : "");
const stableBoard = (event) => event.kind === "answer" || (event.drawing && Object.keys(event.drawing.marks ?? {}).length === 0);

// A file's source, a line a row, with a clause (or a predicate's clauses) highlighted.
export class SourcePanel {
  constructor(pre, program) {
    this.pre = pre;
    this.program = program;
    this.lines = program.source.split("\n");
    pre.replaceChildren(...this.lines.map((text, index) => html("span", { class: "source-line", "data-line": index + 1, text: `${text}\n` })));
  }

  // Highlight the clause starting at ``line`` (running), or else every clause of
  // ``predicate`` (candidates); nothing when both are null.
  show(line, predicate = null) {
    this.mark(line ? { running: [line] } : { candidate: this.program.clauses[predicate] ?? [] });
  }

  // Highlight the clauses starting at the lines ``running`` (those running) and
  // ``candidate`` (those that may run).
  mark({ running = [], candidate = [] }) {
    const pre = this.pre;
    for (const row of pre.querySelectorAll(".running, .candidate")) row.classList.remove("running", "candidate");
    const mark = (start, name) => {
      const end = clauseEnd(this.lines, start);
      for (let row = start; row <= end; row++) pre.children[row - 1]?.classList.add(name);
    };
    // a line 0 is a clause of another file (one this file loads): not in this source
    for (const start of running) if (start) mark(start, "running");
    for (const start of candidate) if (start) mark(start, "candidate");
    const first = pre.querySelector(".running, .candidate");
    if (first) {
      const top = first.offsetTop - pre.offsetTop;
      if (top < pre.scrollTop || top > pre.scrollTop + pre.clientHeight - 40) pre.scrollTop = Math.max(0, top - pre.clientHeight / 3);
    }
  }
}

export class PrologQueryView extends View {
  constructor(root, program, prefix, hooks = {}) {
    super(root, { name: program.name, title: program.title }, prefix, hooks);
    this.program = program;
    this.keep("board", "status", "bindings", "answers", "trace", "source", "query", "stable");
    this.code = new SourcePanel(this.source, program);
    const first = Object.keys(program.clauses)[0];
    this.query.placeholder = first ? `e.g. ${first.replace(/\/(\d+)$/, (_, n) => `(${Array.from({ length: Number(n) }, (_, i) => String.fromCharCode(65 + i)).join(", ")})`).replace(/\(\)$/, "")}` : "a goal";
    this.bindNextSolution(this.$("next"));
    this.clear();
    this.render();
  }

  algorithm() {
    return null;
  }

  // The address of the moment shown: the query, the port (counted from 1), the mode.
  urlState() {
    if (!this.session) return null;
    const state = { query: this.query.value, step: String(this.base + this.cursor + 1) };
    if (this.stable.checked) state.stable = "1";
    return state;
  }

  // Back to a moment from its address: the query run again to that port (Prolog gives
  // the same ports every time), at most as far as "To the end" goes.
  async restore(state) {
    this.query.value = state.query ?? "";
    this.stable.checked = state.stable === "1";
    const step = Math.min(Number(state.step ?? 1) || 1, END_HOLD);
    await this.player.guard(async () => {
      await this.run();
      while (this.base + this.cursor + 1 < step && (await this.stepOnce()));
      this.render();
    });
  }

  clear() {
    this.session = null;
    this.events = [];
    this.base = 0;
    this.cursor = -1;
    this.next = 0;
    this.done = true;
    this.endMessage = null;
    this.searching = false;
    this.cancelled = false;
  }

  interrupt() {
    if (this.searching) this.cancelled = true;
  }

  async run() {
    clearErrors(this.form);
    if (this.session) api("DELETE", `/api/sessions/${this.session}`).catch(() => {});
    this.clear();
    this.status.textContent = "Starting the query…";
    try {
      const reply = await api("POST", `/api/prolog/${encodeURIComponent(this.program.name)}/query`, { query: this.query.value });
      this.session = reply.session;
      this.done = false;
      this.variables = reply.variables;
      await this.forward();
    } catch (error) {
      showError(this.form, error);
      this.status.textContent = "Write a query, then Run.";
    }
    this.render();
  }

  // One page of events from the server (``until`` "solution": up to the next answer).
  async fetch(max, until = "") {
    if (this.done || !this.session) return 0;
    const query = `from=${this.next}&max=${max}${until ? `&until=${until}` : ""}`;
    const page = await api("GET", `/api/sessions/${this.session}/events?${query}`);
    if (page.skipped > 0) {
      // the ports before these were passed over on the server: the page starts here
      this.events = page.events;
      this.base = page.next - page.events.length;
      this.cursor = -1;
    } else {
      this.events.push(...page.events);
    }
    this.next = page.next;
    if (page.done) {
      this.done = true;
      this.endMessage = page.message;
    }
    if (this.events.length > HELD) {
      const drop = this.events.length - HELD;
      this.events.splice(0, drop);
      this.base += drop;
      this.cursor = Math.max(-1, this.cursor - drop);
    }
    return page.events.length;
  }

  async stepOnce() {
    if (this.cursor + 1 < this.events.length) {
      this.cursor++;
      return true;
    }
    if (this.done) return false;
    await this.fetch(PAGE);
    if (this.cursor + 1 < this.events.length) {
      this.cursor++;
      return true;
    }
    return false;
  }

  async forward() {
    if (!this.stable.checked) return this.stepOnce();
    const shown = drawingKey(this.events[this.cursor]?.drawing);
    for (;;) {
      if (!(await this.stepOnce())) return false;
      const event = this.events[this.cursor];
      if (stableBoard(event) && (event.kind === "answer" || drawingKey(event.drawing) !== shown)) return true;
    }
  }

  backward() {
    if (!this.stable.checked) {
      this.cursor = Math.max(this.events.length ? 0 : -1, this.cursor - 1);
      return true;
    }
    const shown = drawingKey(this.events[this.cursor]?.drawing);
    for (let index = this.cursor - 1; index >= 0; index--) {
      const event = this.events[index];
      if (stableBoard(event) && drawingKey(event.drawing) !== shown) {
        this.cursor = index;
        return true;
      }
    }
    return true;
  }

  async reset() {
    this.cursor = this.events.length ? 0 : -1;
  }

  async toEnd() {
    this.searching = true;
    try {
      while (!this.done && !this.cancelled && this.events.length < END_HOLD) await this.fetch(KEEP);
    } finally {
      this.searching = false;
      this.cancelled = false;
    }
    this.cursor = this.events.length - 1;
  }

  async nextSolution() {
    if (!this.session) {
      await this.run();
      return;
    }
    // first the answer already fetched after the cursor, if any
    const ahead = this.events.findIndex((event, index) => index > this.cursor && event.kind === "answer");
    if (ahead >= 0 || this.done) {
      this.cursor = ahead >= 0 ? ahead : this.events.length - 1; // or the end: no more
      this.render();
      return;
    }
    this.searching = true;
    this.status.textContent = "Backtracking for the next answer…";
    try {
      while (!this.done && !this.cancelled) {
        const before = this.events.length;
        await this.fetch(KEEP, "solution");
        const last = this.events[this.events.length - 1];
        this.cursor = this.events.length - 1;
        if (last?.kind === "answer" && this.events.length !== before) break;
        if (this.events.length === before) break;
      }
    } catch (error) {
      showError(this.form, error);
    } finally {
      this.searching = false;
      this.cancelled = false;
    }
    this.render();
  }

  render() {
    const event = this.events[this.cursor];
    this.nextButton.textContent = this.searching ? "Stop searching" : "Next solution";
    if (!event) {
      this.status.textContent = this.session ? "Press Step to see the first port." : "Write a query, then Run.";
      this.board.replaceChildren();
      fillStats(this.bindings, []);
      this.trace.replaceChildren();
      this.answers.replaceChildren();
      this.highlight(null);
      return;
    }
    const atEnd = this.done && this.cursor === this.events.length - 1;
    this.status.textContent = describe(event) + (atEnd && this.endMessage ? ` The query is over: ${this.endMessage}.` : "");
    if (event.drawing) drawDrawing(this.board, event.drawing);
    else this.board.replaceChildren(html("p", { class: "hint", text: "(no drawing of the bindings)" }));
    fillStats(this.bindings, event.bindings.map(([name, value]) => [name, value]));
    const from = Math.max(0, this.cursor - TRACE_LINES + 1);
    this.trace.replaceChildren(...this.events.slice(from, this.cursor + 1).map((item, offset) => {
      const text = item.kind === "answer"
        ? `Answer ${item.answer}: ${bindingText(item.bindings)}`
        : `${"  ".repeat(Math.max(0, item.depth - 1))}${item.port[0].toUpperCase()}${item.port.slice(1)}: (${item.depth}) ${item.goal}`;
      return html("li", { class: `port-${item.port ?? "answer"}${from + offset === this.cursor ? " current" : ""}`, text, title: text });
    }));
    this.trace.scrollTop = this.trace.scrollHeight; // the current port, last, in view
    const answers = this.events.slice(0, this.cursor + 1).filter((item) => item.kind === "answer");
    this.answers.replaceChildren(...answers.map((item) => html("li", { value: item.answer, class: item === event ? "current" : "", text: bindingText(item.bindings) })));
    this.highlight(event);
    this.hooks.changed?.();
  }

  // The clause running (unify, exit, redo) or, at call and fail, the predicate's clauses.
  highlight(event) {
    if (!event || event.kind !== "port") this.code.show(null);
    else this.code.show(event.line, event.predicate);
  }
}

// The clause lines of the relation ``part`` plays in a Prolog problem's search (its
// name as the server resolved it: s/3, после/3, mover/3, …), or none.
const clausesOf = (program, part) => program.clauses[program.relations?.[part]] ?? [];

// What the source highlights at a search's event: the ONE clause of the successor
// relation that gave each successor (an expansion's successors, a climb's step, the
// move that reached the state expanded), else every clause of the relation the event
// runs (the goal's at a solution, the successor's when no clause is known).
function highlighted(program, event) {
  const successor = clausesOf(program, "successor");
  const lines = (moves) => [...new Set(moves.map((move) => successor[(move?.clause ?? 0) - 1]).filter(Boolean))];
  if (event?.kind === "expand") {
    // a depth-first step also lists what it generated after backtracking (``at``: the
    // node it came from): only this state's own successors are its clauses' doing
    const own = (event.children ?? []).filter((child) => child.at === undefined || event.node === undefined || child.at === event.node);
    const made = lines(own);
    if (made.length) return { running: made };
    if (event.via?.clause) return { running: lines([event.via]) };
    return { candidate: successor };
  }
  if (event?.kind === "step" && event.clause) return { running: lines([event]) };
  if (event?.kind === "step") return { candidate: successor };
  if (event?.kind === "solution") return { candidate: clausesOf(program, "goal") };
  return {};
}

// The source of a Prolog problem beside its search (the generic view's tab): the
// clauses the step being shown ran are highlighted (``highlighted``).
function besideSearch(view, program) {
  const pre = html("pre", { class: "prolog-source", tabindex: "0", "aria-label": `the source of ${program.title}` });
  view.root.querySelector(".panel")?.append(html("h3", { class: "prolog-source-title", text: program.title }), pre);
  const code = new SourcePanel(pre, program);
  const render = view.render.bind(view);
  view.render = () => {
    render();
    const event = view.mode === "search" ? view.events?.[view.cursor] : null;
    code.mark(highlighted(program, event));
  };
}

// A tab for each Prolog program of the server (``options.prolog``), after the domains';
// a program that is a search problem gets its source beside its search too.
export function addPrologTabs(programs, tabs, views, share) {
  for (const program of programs ?? []) {
    const search = views.get(`${slug(program.name)}-generic`);
    if (program.search && search) besideSearch(search, program);
    const key = `${slug(program.name)}-prolog`;
    const own = `pq-${slug(program.name)}`;
    const panel = tabs.add(key, `${program.title} · query`);
    panel.append(instantiate("template-prolog", own));
    panel.append(html("details", { class: "prolog-help" }, [html("summary", { text: "How a query is stepped" }), document.getElementById("help-prolog").content.cloneNode(true)]));
    const hooks = {
      rename: (text) => tabs.rename(key, text),
      changed: () => { if (tabs.current === key) share(); },
    };
    views.set(key, new PrologQueryView(panel, program, own, hooks));
  }
}
