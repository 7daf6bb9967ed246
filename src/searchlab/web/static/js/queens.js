// Drawing an n×n chess board with queens in SVG: row 1 at the top, column 1 at the left.
// One convention everywhere, as the board's edges show: a square is named by its file
// (its column as a letter, a at the left) and its rank (its row as a number, 1 at the
// top): d6 is file d, rank 6 (row 6, column 4). Every text of the queens' views uses it.

import { svg } from "./dom.js";

const CELL = 40;

// Whether two squares [row, col] attack each other (same row, column or diagonal).
export function attacks(a, b) {
  return a[0] === b[0] || a[1] === b[1] || Math.abs(a[0] - b[0]) === Math.abs(a[1] - b[1]);
}

// Indices of the queens that attack at least one other queen.
export function attacked(queens) {
  const out = new Set();
  for (let i = 0; i < queens.length; i++) {
    for (let j = i + 1; j < queens.length; j++) {
      if (attacks(queens[i], queens[j])) { out.add(i); out.add(j); }
    }
  }
  return out;
}

// A square's name: its column as a letter and its row (a1 is row 1, column 1), or
// "r30c27" on boards wider than the alphabet.
export function squareName(n, [row, col]) {
  return n <= 26 ? `${String.fromCharCode(96 + col)}${row}` : `r${row}c${col}`;
}

// A file's name: its letter (column 4 is d), or the column's number past the alphabet.
export function fileName(n, col) {
  return n <= 26 ? String.fromCharCode(96 + col) : String(col);
}

// The convention, as a legend says it (``n``: the board's size).
export function coordinatesLegend(n = 8) {
  const last = Math.max(1, Math.min(n, 26));
  const example = squareName(Math.max(n, 4), [Math.min(6, last), Math.min(4, last)]);
  return {
    swatch: "coord-key", glyph: "a1",
    text: `squares are named file then rank, as on the board's edges: files a–${fileName(last, last)} left to right (the columns), ranks 1–${last} top to bottom (the rows); ${example} is file ${example[0]}, rank ${example.slice(1)}`,
  };
}

// "8 by 8 board, queens at a1, c2, …" (the queens in row order).
export function boardName(n, queens, extra = "") {
  const sorted = [...queens].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const listed = sorted.length ? `queens at ${sorted.map((square) => squareName(n, square)).join(", ")}` : "no queens";
  return `${n} by ${n} board, ${listed}${extra ? `; ${extra}` : ""}`;
}

function queenGlyph(x, y, className) {
  return svg("text", {
    x: x + CELL / 2, y: y + CELL / 2 + 1, class: `queen ${className}`,
    "text-anchor": "middle", "dominant-baseline": "central",
  }, ["♛"]);
}

// Draw the board into ``container``.
// queens: [[row, col], ...]; marks: [{square: [row, col], kind}] where kind is one of
// try, refused, leaving, from, to, attacker, tried, solution (classes in style.css);
// numbers: [{square, value, best}] written in their squares (hill climbing's scores).
export function drawQueens(container, n, queens, { marks = [], solved = false, showAttacks = false, numbers = [], label = "" } = {}) {
  const size = n * CELL;
  const labels = n <= 16;
  const pad = labels ? 18 : 0;
  const root = svg("svg", {
    viewBox: `${-pad} ${-pad} ${size + pad} ${size + pad}`, class: "queens-board",
    role: "img", "aria-label": boardName(n, queens, label),
  });
  for (let row = 1; row <= n; row++) {
    for (let col = 1; col <= n; col++) {
      root.append(svg("rect", {
        x: (col - 1) * CELL, y: (row - 1) * CELL, width: CELL, height: CELL,
        class: (row + col) % 2 === 0 ? "light" : "dark",
      }));
    }
    if (labels) {
      const letter = n <= 26 ? String.fromCharCode(96 + row) : String(row);
      root.append(svg("text", { x: -pad / 2, y: (row - 0.5) * CELL, class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, [String(row)]));
      root.append(svg("text", { x: (row - 0.5) * CELL, y: -pad / 2, class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, [letter]));
    }
  }
  for (const { square, kind } of marks) {
    root.append(svg("rect", {
      x: (square[1] - 1) * CELL + 2, y: (square[0] - 1) * CELL + 2,
      width: CELL - 4, height: CELL - 4, class: `mark ${kind}`,
      "data-row": square[0], "data-col": square[1],
    }));
    if (kind === "tried") {
      root.append(svg("text", { x: (square[1] - 0.5) * CELL, y: (square[0] - 0.5) * CELL + 1, class: "tried-cross", "text-anchor": "middle", "dominant-baseline": "central" }, ["✕"]));
    }
  }
  for (const { square, value, best } of numbers) {
    root.append(svg("text", {
      x: (square[1] - 0.5) * CELL, y: (square[0] - 0.5) * CELL + 1, class: `score${best ? " best" : ""}`,
      "text-anchor": "middle", "dominant-baseline": "central", "data-row": square[0], "data-col": square[1],
    }, [String(value)]));
  }
  const hot = showAttacks ? attacked(queens) : new Set();
  queens.forEach((square, index) => {
    const className = solved ? "solved" : hot.has(index) ? "hot" : "";
    const glyph = queenGlyph((square[1] - 1) * CELL, (square[0] - 1) * CELL, className);
    glyph.setAttribute("data-row", square[0]);
    glyph.setAttribute("data-col", square[1]);
    root.append(glyph);
  });
  container.replaceChildren(root);
}

// The seed's notation for a board: [(r,c),...].
export function pairs(queens) {
  return "[" + queens.map(([r, c]) => `(${r},${c})`).join(",") + "]";
}
