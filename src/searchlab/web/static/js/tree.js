// The search tree so far, for tree searches (depth-first, IDA*, RBFS, Bratko's
// best-first): the server numbers every node and names its parent (web/teaching.py);
// this module only lays the nodes out, top-down, and draws them. At most MAX_NODES are
// drawn (the newest, and the path to the current node); the rest are counted.

import { html, svg } from "./dom.js";

export const MAX_NODES = 300;
const DX = 34, DY = 46, R = 11;

// A tree's nodes, gathered from the events a view holds, in order.
export class TreeNodes {
  constructor() {
    this.clear();
  }

  clear() {
    this.nodes = []; // {id, parent, label, kind: node|refused|goal, title, at}
    this.left = new Map(); // node id -> index of the event that left it
    this.rounds = []; // [event index, first node id] of each new round (IDA*)
  }

  // ``at``: the index of the event that adds the node (the view's own order)
  add(node) {
    this.nodes.push(node);
  }

  leave(id, at) {
    if (id !== null && id !== undefined && !this.left.has(id)) this.left.set(id, at);
  }

  round(at, first) {
    this.rounds.push([at, first]);
  }

  // The nodes known at event index ``at`` (of the current round only: IDA* starts a new
  // tree each round), and the ids of those the search has gone back from.
  until(at) {
    let first = -Infinity;
    for (const [index, id] of this.rounds) if (index <= at) first = id;
    const left = new Set();
    for (const [id, index] of this.left) if (index <= at) left.add(id);
    const nodes = this.nodes.filter((node) => node.at <= at && (node.kind === "refused" ? node.parent >= first : node.id >= first));
    return { nodes, left };
  }
}

// Draw ``nodes`` into ``container``; ``current``: the id of the node of this step.
export function drawTree(container, nodes, { current = null, left = new Set(), empty = "No node expanded yet." } = {}) {
  if (!nodes.length) {
    container.replaceChildren(html("p", { class: "hint", text: empty }));
    return;
  }
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let shown = nodes;
  if (nodes.length > MAX_NODES) {
    const keep = new Set(nodes.slice(-MAX_NODES).map((node) => node.id));
    for (let id = current; id !== null && id !== undefined && byId.has(id); id = byId.get(id).parent) keep.add(id);
    shown = nodes.filter((node) => keep.has(node.id));
  }
  const hidden = nodes.length - shown.length;
  const showing = new Set(shown.map((node) => node.id));
  const children = new Map();
  const roots = [];
  for (const node of shown) {
    if (node.parent !== null && node.parent !== undefined && showing.has(node.parent)) {
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
  const x = (id) => DX / 2 + place.get(id)[0] * DX + DX / 2;
  const y = (id) => DY / 2 + place.get(id)[1] * DY;
  const root = svg("svg", {
    class: "tree-svg", width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `search tree: ${nodes.filter((n) => n.kind === "node").length} nodes expanded` +
      (current !== null && byId.has(current) ? `, at the node reached by ${byId.get(current).label}` : ""),
  });
  for (const node of shown) {
    if (node.parent !== null && node.parent !== undefined && showing.has(node.parent)) {
      root.append(svg("line", { x1: x(node.parent), y1: y(node.parent), x2: x(node.id), y2: y(node.id), class: `tree-edge ${node.kind}` }));
    }
  }
  let focus = null;
  for (const node of shown) {
    const cx = x(node.id), cy = y(node.id);
    const classes = ["tree-item", node.kind];
    if (node.id === current) classes.push("current");
    if (left.has(node.id)) classes.push("left");
    const group = svg("g", { class: classes.join(" "), "data-node": node.id, "data-kind": node.kind });
    if (node.kind === "refused") {
      group.append(svg("text", { x: cx, y: cy + 1, class: "tree-cross", "text-anchor": "middle", "dominant-baseline": "central" }, ["✕"]));
    } else {
      group.append(svg("circle", { cx, cy, r: R }));
    }
    group.append(svg("text", { x: cx, y: cy + R + 10, class: "tree-label", "text-anchor": "middle" }, [String(node.label ?? "")]));
    group.append(svg("title", {}, [node.title ?? String(node.label ?? "")]));
    root.append(group);
    if (node.id === current) focus = cx;
  }
  const box = html("div", { class: "tree-scroll" }, [root]);
  const parts = [box];
  if (hidden) parts.push(html("p", { class: "hint", text: `${hidden.toLocaleString()} earlier nodes are not drawn: the tree shows the newest ${MAX_NODES} and the path to this step.` }));
  container.replaceChildren(...parts);
  if (focus !== null) box.scrollLeft = Math.max(0, focus - box.clientWidth / 2);
}
