// A state drawn from the domain's description of it (domains/drawing.py, to_json):
// a grid of cells (styles: plain, chess, tiles; marked cells outlined; boxes ruled
// thick, givens bold, pencil marks in a small grid) drawn as a CSS grid, a map to
// colour (csp-map.js), a Gantt chart (gantt.js), or lines of text. Any domain is drawn
// without the page knowing its states.

import { drawChart } from "./csp-map.js";
import { html } from "./dom.js";
import { drawGantt } from "./gantt.js";

// A grid's text name: its cells row by row ("empty" for an empty cell, or its pencil
// marks: "(4 5 7)"), cut when long.
export function gridName({ rows, cols, cells, caption, notes = {} }) {
  const shown = cells.map((cell, index) => {
    if (cell) return cell;
    const note = notes[String(index)]?.filter(Boolean);
    return note ? `(${note.join(" ") || "none left"})` : "empty";
  });
  const lines = [];
  for (let row = 0; row < rows; row++) {
    lines.push(shown.slice(row * cols, row * cols + cols).join(" "));
  }
  let text = `${rows} by ${cols} grid, by rows: ${lines.join(", ")}`;
  if (text.length > 400) text = `${text.slice(0, 399)}…`;
  return caption ? `${text} (${caption})` : text;
}

// An empty cell's pencil marks: its values left, each in its own place of a small grid.
function pencilMarks(note, side) {
  const marks = html("div", { class: "notes", "aria-hidden": "true" });
  marks.style.gridTemplateColumns = `repeat(${side}, 1fr)`;
  for (const value of note) marks.append(html("span", { class: "note", text: value }));
  return marks;
}

function grid(drawing, { named = true } = {}) {
  const { rows, cols, cells, style, marks } = drawing;
  const box = drawing.box ?? null;
  const given = new Set(drawing.given ?? []);
  const notes = drawing.notes ?? {};
  const node = html("div", {
    class: `grid grid-${style}${box ? " grid-boxed" : ""}`, role: "img", "data-rows": rows, "data-cols": cols,
    "aria-label": gridName(drawing),
  });
  // a chess board names its squares on its edges, as the queens' views do: files a, b, …
  // along the top, ranks 1, 2, … down the side
  const edges = named && style === "chess" && cols <= 26;
  node.style.gridTemplateColumns = `${edges ? "1.1rem " : ""}repeat(${cols}, minmax(0, 1fr))`;
  node.style.maxWidth = `${Math.max(6, cols * 3)}rem`;
  if (edges) {
    node.classList.add("with-edges");
    node.append(html("span", { class: "coord-label", "aria-hidden": "true" }));
    for (let col = 0; col < cols; col++) node.append(html("span", { class: "coord-label", "aria-hidden": "true", text: String.fromCharCode(97 + col) }));
  }
  cells.forEach((text, index) => {
    const row = Math.floor(index / cols), col = index % cols;
    if (edges && col === 0) node.append(html("span", { class: "coord-label", "aria-hidden": "true", text: String(row + 1) }));
    const cell = html("div", { class: "cell", "data-row": row, "data-col": col, text });
    if (!text) cell.classList.add("empty");
    if (box) {
      if (col % box[1] === box[1] - 1 && col < cols - 1) cell.classList.add("box-right");
      if (row % box[0] === box[0] - 1 && row < rows - 1) cell.classList.add("box-bottom");
    }
    if (text && given.size) cell.classList.add(given.has(index) ? "given" : "filled");
    const note = notes[String(index)];
    if (!text && note) cell.append(pencilMarks(note, drawing.side));
    if (style === "chess") cell.classList.add((row + col) % 2 === 0 ? "light" : "dark");
    const mark = marks[String(index)];
    if (mark) {
      cell.classList.add("marked");
      cell.dataset.mark = mark;
      cell.title = mark;
    }
    node.append(cell);
  });
  return node;
}

// Draw ``drawing`` (or say there is none) into ``container``.
export function drawDrawing(container, drawing) {
  if (!drawing) {
    container.replaceChildren(html("p", { class: "hint", text: "(no drawing of this state)" }));
    return;
  }
  const draw = { grid: (it) => grid(it), chart: drawChart, gantt: drawGantt }[drawing.kind];
  const body = draw ? draw(drawing) : html("pre", { class: "text-drawing", text: drawing.text });
  const figure = html("figure", { class: "drawing", "data-kind": drawing.kind }, [body]);
  if (drawing.caption) figure.append(html("figcaption", { text: drawing.caption }));
  container.replaceChildren(figure);
}

// A small board in a table cell (a successor, a frontier entry): the same drawing,
// small, its text as its name.
export function miniDrawing(drawing, text = "") {
  const body = grid(drawing, { named: false });
  body.classList.add("mini");
  body.style.width = `${Math.max(3, drawing.cols * 1.3)}rem`; // a table cell would squeeze it
  if (text) body.setAttribute("aria-label", text);
  return html("div", { class: "drawing mini-drawing", "data-kind": drawing.kind }, [body]);
}
