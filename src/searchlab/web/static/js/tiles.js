// A sliding-tile board in SVG whose tiles keep their elements, so a move can slide
// (unless the system asks for reduced motion: style.css), and small static boards for
// tables. Every board has a text name: its tiles row by row.

import { svg } from "./dom.js";

const CELL = 60;

// "tiles by rows: 2 8 3, 1 6 4, 7 blank 5"
export function tilesName(tiles) {
  const size = Math.round(Math.sqrt(tiles.length));
  const rows = [];
  for (let row = 0; row < size; row++) {
    rows.push(tiles.slice(row * size, row * size + size).map((tile) => (tile === 0 ? "blank" : String(tile))).join(" "));
  }
  return `tiles by rows: ${rows.join(", ")}`;
}

export class TileBoard {
  constructor(container) {
    this.container = container;
    this.size = 0;
    this.tiles = new Map();
  }

  // Show ``tiles`` (flat row-major, 0 the blank); ``animate`` slides tiles that moved.
  show(tiles, { animate = false, goal = null, label = "" } = {}) {
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
    this.root.setAttribute("aria-label", `${label ? `${label}: ` : ""}${tilesName(tiles)}`);
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

// A small board that never moves: a table cell's picture of a state.
export function miniBoard(tiles, { goal = null } = {}) {
  const size = Math.round(Math.sqrt(tiles.length));
  const cell = 14;
  const root = svg("svg", {
    class: "mini-board", viewBox: `0 0 ${size * cell} ${size * cell}`, width: size * cell, height: size * cell,
    role: "img", "aria-label": tilesName(tiles), "data-tiles": tiles.join(","),
  });
  tiles.forEach((tile, index) => {
    const x = (index % size) * cell, y = Math.floor(index / size) * cell;
    root.append(svg("rect", { x: x + 0.5, y: y + 0.5, width: cell - 1, height: cell - 1, class: tile === 0 ? "blank" : goal !== null && goal[index] === tile ? "home" : "tile" }));
    if (tile) root.append(svg("text", { x: x + cell / 2, y: y + cell / 2 + 0.5, "text-anchor": "middle", "dominant-baseline": "central" }, [String(tile)]));
  });
  return root;
}
