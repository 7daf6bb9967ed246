// A state drawn from the domain's description of it (domains/drawing.py, to_json):
// a grid of cells (styles: plain, chess, tiles; marked cells outlined) drawn as a CSS
// grid, or lines of text. Any domain is drawn without the page knowing its states.

import { html } from "./dom.js";

// A grid's text name: its cells row by row ("empty" for an empty cell), cut when long.
export function gridName({ rows, cols, cells, caption }) {
  const lines = [];
  for (let row = 0; row < rows; row++) {
    lines.push(cells.slice(row * cols, row * cols + cols).map((cell) => cell || "empty").join(" "));
  }
  let text = `${rows} by ${cols} grid, by rows: ${lines.join(", ")}`;
  if (text.length > 400) text = `${text.slice(0, 399)}…`;
  return caption ? `${text} (${caption})` : text;
}

function grid(drawing) {
  const { rows, cols, cells, style, marks } = drawing;
  const node = html("div", {
    class: `grid grid-${style}`, role: "img", "data-rows": rows, "data-cols": cols,
    "aria-label": gridName(drawing),
  });
  node.style.gridTemplateColumns = `repeat(${cols}, minmax(0, 1fr))`;
  node.style.maxWidth = `${Math.max(6, cols * 3)}rem`;
  cells.forEach((text, index) => {
    const row = Math.floor(index / cols), col = index % cols;
    const cell = html("div", { class: "cell", "data-row": row, "data-col": col, text });
    if (!text) cell.classList.add("empty");
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
  const body = drawing.kind === "grid" ? grid(drawing) : html("pre", { class: "text-drawing", text: drawing.text });
  const figure = html("figure", { class: "drawing", "data-kind": drawing.kind }, [body]);
  if (drawing.caption) figure.append(html("figcaption", { text: drawing.caption }));
  container.replaceChildren(figure);
}
