// The search tree so far, for tree searches (depth-first, IDA*, RBFS, Bratko's
// best-first): the server numbers every node and names its parent (web/teaching.py);
// this module only lays the nodes out, top-down, and draws them. At most MAX_NODES are
// drawn (the newest, and the path to the current node); the rest are counted.

import { html, svg } from "./dom.js";

export const MAX_NODES = 300;
const DX = 34, DY = 46, R = 11;
const MIN_FIT = 0.75; // a tree is drawn smaller to fit its box down to this scale, then scrolls

// A tree's nodes, gathered from the events a view holds, in the order of their events
// (so the nodes known at a step are a prefix, found by bisection).
export class TreeNodes {
  constructor() {
    this.nodes = []; // {id, parent, label, kind: node|refused|goal, title, at}
    this.byId = new Map();
    this.left = new Map(); // node id -> the event index that left it
    this.rounds = []; // [event index, first node id] of each new round (IDA*)
  }

  add(node) {
    this.nodes.push(node);
    this.byId.set(node.id, node);
  }

  leave(id, at) {
    if (id !== null && id !== undefined && !this.left.has(id)) this.left.set(id, at);
  }

  round(at, first) {
    this.rounds.push([at, first]);
  }

  // Drop the nodes of events before ``at`` (a view that lets its oldest events go).
  forget(at) {
    const keep = this.nodes.filter((node) => node.at >= at);
    for (const node of this.nodes) if (node.at < at) this.byId.delete(node.id);
    this.nodes = keep;
  }

  // The index of the first node whose event comes after ``at``.
  count(at) {
    let lo = 0, hi = this.nodes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.nodes[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // What the tree holds at event ``at``: the nodes of the current round (IDA* starts a
  // new tree each round) known by then, as a range [from, to) of ``nodes``.
  until(at) {
    let since = -Infinity;
    for (const [index] of this.rounds) if (index <= at) since = index;
    const from = since === -Infinity ? 0 : this.count(since - 0.5);
    return { tree: this, from, to: this.count(at), at };
  }

  wasLeft(id, at) {
    const when = this.left.get(id);
    return when !== undefined && when <= at;
  }
}

// Draw what ``until`` returned into ``container``; ``current``: the node of this step.
export function drawTree(container, { tree, from, to, at }, { current = null, empty = "No node expanded yet." } = {}) {
  if (to <= from) {
    container.replaceChildren(html("p", { class: "hint", text: empty }));
    return;
  }
  const all = tree.nodes;
  const chosen = new Set();
  for (let index = Math.max(from, to - MAX_NODES); index < to; index++) chosen.add(all[index].id);
  for (let id = current, guard = 0; id !== null && id !== undefined && guard < 10000; guard++) {
    const node = tree.byId.get(id);
    if (!node || node.at > at) break;
    chosen.add(id);
    id = node.parent;
  }
  const shown = [];
  for (let index = from; index < to; index++) if (chosen.has(all[index].id)) shown.push(all[index]);
  const hidden = to - from - shown.length;
  const expanded = (() => {
    let count = 0;
    for (let index = from; index < to; index++) if (all[index].kind === "node") count++;
    return count;
  })();
  const children = new Map();
  const roots = [];
  for (const node of shown) {
    if (node.parent !== null && node.parent !== undefined && chosen.has(node.parent)) {
      if (!children.has(node.parent)) children.set(node.parent, []);
      children.get(node.parent).push(node);
    } else {
      roots.push(node);
    }
  }
  // leaves take the next slot from the left; a parent sits over its children
  const place = new Map();
  let slot = 0, deepest = 0;
  const visit = (node, depth) => {
    deepest = Math.max(deepest, depth);
    const kids = children.get(node.id) ?? [];
    if (!kids.length) {
      place.set(node.id, [slot++, depth]);
      return;
    }
    for (const kid of kids) visit(kid, depth + 1);
    const first = place.get(kids[0].id)[0], last = place.get(kids[kids.length - 1].id)[0];
    place.set(node.id, [(first + last) / 2, depth]);
  };
  for (const root of roots) visit(root, 0);
  const width = Math.max(1, slot) * DX + DX, height = (deepest + 1) * DY + DY / 2;
  const x = (id) => DX + place.get(id)[0] * DX;
  const y = (id) => DY / 2 + place.get(id)[1] * DY;
  const here = current !== null && chosen.has(current) ? tree.byId.get(current) : null;
  const root = svg("svg", {
    class: "tree-svg", width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `search tree: ${expanded.toLocaleString()} nodes expanded${here ? `, this step at the node ${here.label}` : ""}`,
  });
  for (const node of shown) {
    if (node.parent !== null && node.parent !== undefined && chosen.has(node.parent)) {
      root.append(svg("line", { x1: x(node.parent), y1: y(node.parent), x2: x(node.id), y2: y(node.id), class: `tree-edge ${node.kind}` }));
    }
  }
  let focus = null, focusY = null;
  for (const node of shown) {
    const cx = x(node.id), cy = y(node.id);
    const classes = ["tree-item", node.kind];
    if (node.id === current) classes.push("current");
    if (tree.wasLeft(node.id, at)) classes.push("left");
    const group = svg("g", { class: classes.join(" "), "data-node": node.id, "data-kind": node.kind });
    if (node.kind === "refused") {
      group.append(svg("text", { x: cx, y: cy + 1, class: "tree-cross", "text-anchor": "middle", "dominant-baseline": "central" }, ["✕"]));
    } else {
      group.append(svg("circle", { cx, cy, r: R }));
    }
    group.append(svg("text", { x: cx, y: cy + R + 10, class: "tree-label", "text-anchor": "middle" }, [String(node.label ?? "")]));
    group.append(svg("title", {}, [node.title || String(node.label ?? "")]));
    root.append(group);
    if (node.id === current) [focus, focusY] = [cx, cy];
  }
  // a box that scrolls: in the tab order, so that the keys scroll it too
  const box = html("div", { class: "tree-scroll", tabindex: "0", role: "region", "aria-label": "search tree (scrolls)" }, [root]);
  const parts = [box];
  if (hidden > 0) parts.push(html("p", { class: "hint", text: `${hidden.toLocaleString()} earlier nodes are not drawn: the tree shows the newest ${MAX_NODES} and the path to this step.` }));
  const scroll = container.querySelector(".tree-scroll");
  const kept = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
  container.replaceChildren(...parts);
  // a tree a little too big for its box is drawn smaller, whole; a larger one scrolls
  const fit = Math.min(1, box.clientWidth / width || 1, box.clientHeight / height || 1);
  const scale = fit >= MIN_FIT ? fit : 1;
  if (scale < 1) {
    root.setAttribute("width", String(Math.floor(width * scale)));
    root.setAttribute("height", String(Math.floor(height * scale)));
  }
  root.dataset.scale = String(scale);
  if (kept) [box.scrollLeft, box.scrollTop] = kept;
  // the node of this step in view, both ways (the tree grows down as well as across)
  if (focus !== null) reveal(box, focus * scale, focusY * scale, R * scale + 14);
}

// Scroll ``box`` so that the point (x, y), ``margin`` around it, is in view: centred
// when it was out of view, left where it is otherwise.
function reveal(box, x, y, margin) {
  const [w, h] = [box.clientWidth, box.clientHeight];
  if (x - margin < box.scrollLeft || x + margin > box.scrollLeft + w) box.scrollLeft = Math.max(0, x - w / 2);
  if (y - margin < box.scrollTop || y + margin > box.scrollTop + h) box.scrollTop = Math.max(0, y - h / 2);
}
