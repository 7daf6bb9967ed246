// A legend: what every colour and mark of a view means. Each view passes its items,
// each a swatch (a CSS class drawn as a small sample) and the words for it.

import { html } from "./dom.js";

// items: [{swatch: "class names", text: "what it means"}] (swatch may be a short text
// such as "5" for a number on the board, with ``glyph``)
export function fillLegend(container, items, { title = "Legend" } = {}) {
  const list = html("ul", { class: "legend-items" });
  for (const { swatch, text, glyph = "" } of items) {
    list.append(html("li", {}, [
      html("span", { class: `swatch ${swatch}`, "aria-hidden": "true", text: glyph }),
      html("span", { text }),
    ]));
  }
  const details = html("details", { class: "legend", open: "" }, [html("summary", { text: title }), list]);
  container.replaceChildren(details);
  return details;
}

// The legend of the search tree (tree.js), shared by the views that draw one.
export const TREE_LEGEND = [
  { swatch: "tree-node", text: "a node expanded (its label: the move that made it)" },
  { swatch: "tree-node current", text: "the node of this step" },
  { swatch: "tree-node left", text: "a node the search has gone back from" },
  { swatch: "tree-refused", glyph: "✕", text: "a successor refused (hover for why)" },
  { swatch: "tree-goal", text: "the goal reached" },
];
