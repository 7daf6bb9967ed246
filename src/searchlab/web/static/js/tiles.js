// A sliding-tile board in SVG whose tiles keep their elements, so a move can slide.

import { svg } from "./dom.js";

const CELL = 60;

export class TileBoard {
  constructor(container) {
    this.container = container;
    this.size = 0;
    this.tiles = new Map();
  }

  // Show ``tiles`` (flat row-major, 0 the blank); ``animate`` slides tiles that moved.
  show(tiles, { animate = false, goal = null } = {}) {
    const size = Math.round(Math.sqrt(tiles.length));
    if (size !== this.size || !this.root) this.build(size);
    this.root.classList.toggle("animate", animate);
    tiles.forEach((tile, index) => {
      if (tile === 0) return;
      const node = this.tiles.get(tile);
      const x = (index % size) * CELL, y = Math.floor(index / size) * CELL;
      node.setAttribute("transform", `translate(${x} ${y})`);
      node.style.transform = `translate(${x}px, ${y}px)`;
      node.classList.toggle("home", goal !== null && goal[index] === tile);
    });
    this.root.setAttribute("data-tiles", tiles.join(","));
  }

  build(size) {
    this.size = size;
    this.tiles = new Map();
    this.root = svg("svg", { viewBox: `-4 -4 ${size * CELL + 8} ${size * CELL + 8}`, class: "tile-board", role: "img" });
    this.root.append(svg("rect", { x: -4, y: -4, width: size * CELL + 8, height: size * CELL + 8, rx: 8, class: "frame" }));
    for (let tile = 1; tile < size * size; tile++) {
      const group = svg("g", { class: "tile", "data-tile": tile }, [
        svg("rect", { x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 6 }),
        svg("text", { x: CELL / 2, y: CELL / 2 + 1, "text-anchor": "middle", "dominant-baseline": "central" }, [String(tile)]),
      ]);
      this.tiles.set(tile, group);
      this.root.append(group);
    }
    this.container.replaceChildren(this.root);
  }
}
