// Small helpers to build SVG and HTML without a framework.

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

export function html(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

// A <dl> of statistics: [[label, value], ...].
export function fillStats(dl, rows) {
  dl.replaceChildren();
  for (const [label, value] of rows) {
    dl.append(html("dt", { text: label }), html("dd", { text: String(value) }));
  }
}

// Fill a <select> with options [{name, summary}] or plain strings.
export function fillSelect(select, items, chosen) {
  select.replaceChildren();
  for (const item of items) {
    const name = typeof item === "string" ? item : item.name;
    const option = html("option", { value: name, text: name });
    if (item.summary) option.title = item.summary;
    if (name === chosen) option.selected = true;
    select.append(option);
  }
}

// Counters attached to each event by the server, in this order (see encoding.py).
// The same names, in the same order, as core/encoding.py COUNTERS.
export const COUNTERS = ["expand", "generate", "prune", "backtrack", "solution", "step", "restart", "threshold", "narrow", "wipeout"];

export function counts(event) {
  const out = {};
  COUNTERS.forEach((name, index) => { out[name] = event ? event.c[index] : 0; });
  return out;
}
