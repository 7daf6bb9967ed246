// What a step of a systematic search did, as the server derived it from the engine's
// events (web/teaching.py): how the node was reached, what happened to each successor,
// and the head of the frontier in the order the search takes it. Nothing is computed
// here: the words are chosen from what the server reported.

import { html } from "./dom.js";

// A figure as people read it: at most two decimals (h = 19.333333 is shown 19.33).
export const num = (value) => (value === null || value === undefined ? "∞" : typeof value === "number" && Number.isFinite(value) ? String(Math.round(value * 100) / 100) : String(value));
export const shown = (value) => (typeof value === "string" ? value : JSON.stringify(value));
// A move as the domain writes it (when it says how), else as its JSON.
export const moveText = (item) => item.move_text ?? shown(item.move);
// "g = 2, h = 10, f = 12"
export const ghf = (item) => `g = ${num(item.g)}, h = ${num(item.h)}, f = ${num(item.f)}`;

// ``algorithm`` below is what the run's declaration says (the server sends it as
// ``info.teaching``): its ``title`` and the kind of ``frontier`` it keeps. A search that
// keeps only the path it is on, in rounds under a depth bound or a bound on f or none:
const PATH_ONLY = new Set(["path", "path-depth", "path-f"]);

// How the node of an expansion was chosen, in words: ``how`` ("is taken from the
// frontier" for a best-first search) and a sentence ``why`` for a search that keeps no
// frontier (IDA*, iterative deepening, depth-first, RBFS: only the path it is on, gone
// down within the round's bound).
export function entered(event, algorithm) {
  const bound = event.bound !== undefined ? ` ${num(event.bound)}` : "";
  const limit = "limit" in event ? ` ${num(event.limit)}` : "";
  const pathOnly = `${algorithm?.title} keeps no frontier, only the path it is on.`;
  switch (algorithm?.frontier) {
    case "path-f":
      return { how: `is entered depth-first, as its f = ${num(event.f)} is within this round's bound${bound}`, why: pathOnly };
    case "path-depth":
      return { how: `is entered depth-first, within this round's depth bound${bound}`, why: pathOnly };
    case "path":
      return { how: "is entered depth-first", why: pathOnly };
    case "path-siblings":
      return { how: `is entered: the best successor, its f within the f-limit${limit}`, why: `${algorithm.title} keeps no frontier, only the path it is on and the successors along it.` };
    default:
      return { how: `is taken from the frontier${bound ? `, under the bound${bound}` : ""}${limit ? `, under the f-limit${limit}` : ""}`, why: "" };
  }
}

// The statistics' row for what a search holds besides its path: a best-first search's
// frontier, RBFS's successors held; none for a depth-first search (null).
export function heldRow(event, algorithm) {
  if (event.size === undefined && PATH_ONLY.has(algorithm?.frontier)) return null;
  return [algorithm?.frontier === "path-siblings" ? "successors held" : "frontier", (event.size ?? event.frontier).toLocaleString()];
}

// What happened to a successor, in words.
export function fate(child, algorithm) {
  switch (child.status) {
    case "new":
      if (PATH_ONLY.has(algorithm?.frontier)) return "entered: searched next";
      if (algorithm?.frontier === "path-siblings") return `held: ${algorithm.title} keeps the successors along its path`;
      return "new: joins the frontier";
    case "reopened":
      return `re-opened: expanded before at g = ${num(child.known)}, now cheaper`;
    case "better":
      return `a cheaper path (it waited at g = ${num(child.known)}): that entry goes stale`;
    case "refused":
      switch (child.reason) {
        case "closed":
          return child.known !== undefined && child.g < child.known
            ? `refused: reached before at g = ${num(child.known)}, and ${algorithm?.title ?? "this search"} never re-opens a state`
            : `refused: reached before at g = ${num(child.known)}, not cheaper`;
        case "cycle":
          return "refused: already on its own path (a cycle)";
        case "bound":
          return `refused: f = ${num(child.f)} passes the bound ${num(child.bound)}`;
        case "depth":
          return "refused: deeper than this round's depth bound";
        case "constraint":
          return "refused: fails the problem's test";
        default:
          return `refused (${child.reason})`;
      }
    default:
      return child.status ?? "";
  }
}

// ``drawState(state, text, item)``: the element showing a state in a table cell (the
// item may carry the state's drawing, a small board).
function stateCell(item, drawState) {
  return html("td", { class: "state-cell" }, [drawState(item.state, item.text, item)]);
}

// The successors of this step: move, state, g, h, f, fate (and in a tree search, the
// node they came from when the search went back up before generating them).
// ``algorithm``: the run's declaration (``info.teaching``), for the words.
export function successorsTable(event, algorithm, drawState) {
  const children = event.children ?? [];
  if (!children.length) return null;
  const from = (child) => (child.at === undefined || child.at === event.node ? "" : ` (from node #${child.at})`);
  const rows = children.map((child) => html("tr", { "data-status": child.status, "data-reason": child.reason ?? "" }, [
    html("td", { text: moveText(child) + from(child) }),
    stateCell(child, drawState),
    html("td", { text: num(child.g) }),
    html("td", { text: num(child.h) }),
    html("td", { text: child.f === undefined ? "" : num(child.f) }),
    html("td", { class: "fate", text: fate(child, algorithm) }),
  ]));
  const more = event.more_children ? ` (and ${event.more_children} more not listed)` : "";
  return html("table", { class: "detail successors" }, [
    html("caption", { text: `Successors generated in this step${more}` }),
    html("thead", {}, [html("tr", {}, ["move", "state", "g", "h", "f", "what happened"].map((text) => html("th", { scope: "col", text })))]),
    html("tbody", {}, rows),
  ]);
}

// The head of the frontier after this expansion, in the order the search takes it.
export function frontierTable(event, drawState) {
  const head = event.head;
  if (!head) return null;
  const rows = head.map((entry, index) => html("tr", { class: entry.stale ? "stale" : "", "data-node": entry.node }, [
    html("td", { text: String(index + 1) }),
    stateCell(entry, drawState),
    html("td", { text: num(entry.g) }),
    html("td", { text: num(entry.h) }),
    html("td", { text: num(entry.f) }),
    html("td", { class: "fate", text: entry.stale ? "stale: a cheaper path was found, skipped when taken" : "" }),
  ]));
  const size = event.size ?? head.length;
  const rest = size > head.length ? `; the first ${head.length} of ${size.toLocaleString()}` : "";
  return html("table", { class: "detail frontier" }, [
    html("caption", { text: `Frontier after this expansion, in the order the search takes it${rest}` }),
    html("thead", {}, [html("tr", {}, ["#", "state", "g", "h", "f", "note"].map((text) => html("th", { scope: "col", text })))]),
    html("tbody", {}, rows),
  ]);
}

// The facts of one step, as [label, value] rows for the statistics.
export function stepFacts(event, info) {
  const rows = [];
  if (event.via) rows.push(["reached by", event.via.from === undefined ? moveText(event.via) : `${moveText(event.via)} from ${event.via.from}`]);
  if (event.bound !== undefined) rows.push(["bound (this round)", num(event.bound)]);
  if ("limit" in event) rows.push(["f-limit", num(event.limit)]);
  if (event.closed !== undefined) rows.push(["closed set", event.closed.toLocaleString()]);
  if (event.skipped) rows.push(["stale entries skipped", event.skipped.toLocaleString()]);
  if (event.tried?.length) rows.push(["tried before it", event.tried.map(shown).join(", ")]);
  if (info?.teaching?.family === "tree" && event.node !== undefined) rows.push(["tree node", `#${event.node}${event.parent !== null && event.parent !== undefined ? `, child of #${event.parent}` : " (the root)"}`]);
  return rows;
}

// Fill ``container`` with the tables of this step (or say there is nothing to show).
export function fillDetail(container, event, info, drawState) {
  const parts = [];
  if (event?.kind === "expand") {
    const successors = successorsTable(event, info.teaching, drawState);
    const frontier = frontierTable(event, drawState);
    if (successors) parts.push(successors);
    if (frontier) parts.push(frontier);
    if (!successors && !frontier && info.teaching?.cut) parts.push(html("p", { class: "hint", text: `Not shown here: ${info.teaching.cut}.` }));
  }
  container.replaceChildren(...parts);
  container.hidden = parts.length === 0;
}

// A tree's nodes from a recorded run's events (expansions, their refused successors,
// the goal), for tree.js.
export function addTreeNodes(tree, event, index) {
  if (event.kind === "threshold" && event.first !== undefined) tree.round(index, event.first);
  if (event.kind === "expand" && event.node !== undefined) {
    tree.add({ id: event.node, parent: event.parent, label: event.via ? moveText(event.via) : "start", kind: "node", at: index, title: `node #${event.node}: ${ghf(event)}` });
    (event.children ?? []).forEach((child, k) => {
      if (child.status === "refused" && child.at !== undefined) {
        tree.add({ id: `r${index}-${k}`, parent: child.at, label: moveText(child), kind: "refused", at: index, title: fate(child, null) });
      }
    });
    for (const id of event.left ?? []) tree.leave(id, index + 0.5); // left during the step
  }
  if (event.kind === "solution" && event.node !== undefined && event.node !== null && event.parent !== null && event.parent !== undefined) {
    tree.add({ id: event.node, parent: event.parent, label: event.via ? moveText(event.via) : "goal", kind: "goal", at: index, title: `node #${event.node}: the goal, cost ${num(event.cost)}` });
  }
}

// A tree's nodes from a live depth-first search's events (every event, in order):
// expansions, refused successors (the move of the generation before), retreats, goals.
// ``labelOf(event, move)``: a node's label (by default the move that made it).
export function addLiveTreeNodes(tree, event, index, labelOf = (_event, move) => shown(move)) {
  switch (event.kind) {
    case "expand":
      if (event.node !== undefined) tree.add({ id: event.node, parent: event.parent, label: event.via ? labelOf(event, event.via.move) : "start", kind: "node", at: index, title: event.tried?.length ? `tried before it: ${event.tried.map(shown).join(", ")}` : "" });
      break;
    case "generate":
      tree.lastMove = event.move;
      break;
    case "prune":
      if (event.at !== undefined) tree.add({ id: `r${event.i}`, parent: event.at, label: labelOf(event, tree.lastMove), kind: "refused", at: index, title: `refused (${event.reason})` });
      break;
    case "backtrack":
      tree.leave(event.left, index);
      break;
    case "solution":
      if (event.node !== undefined && event.node !== null && event.parent !== null && event.parent !== undefined) {
        tree.add({ id: event.node, parent: event.parent, label: event.via ? labelOf(event, event.via.move) : "goal", kind: "goal", at: index, title: `solution ${event.index}` });
      }
      break;
    default:
      break;
  }
}
