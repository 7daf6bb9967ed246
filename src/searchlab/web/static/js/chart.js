// Small line charts: h over the steps of a climb, or a genetic run's fitness per
// generation, with the current step marked.

import { svg } from "./dom.js";

export function drawChart(container, values, { cursor = -1, restarts = [], label = "" } = {}) {
  drawSeries(container, [{ name: "h", values }], {
    cursor,
    restarts,
    label: label || `step ${values.length - 1}`,
    aria: "h over the steps",
  });
}

// Several lines over the same steps (a genetic run's best, median and worst fitness per
// generation), each ``{ name, values }`` drawn as a polyline of class ``line-<name>``,
// with the current step marked on the first.
export function drawSeries(container, series, { cursor = -1, restarts = [], label = "", aria = "" } = {}) {
  const width = 320, height = 120, left = 28, bottom = 18, top = 8, right = 8;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart-svg", role: "img", "aria-label": aria || series.map((line) => line.name).join(", ") });
  const all = series.flatMap((line) => line.values);
  if (all.length === 0) { container.replaceChildren(root); return; }
  const max = Math.max(1, ...all);
  const steps = Math.max(1, Math.max(...series.map((line) => line.values.length)) - 1);
  const x = (i) => left + (i / steps) * (width - left - right);
  const y = (v) => top + (1 - v / max) * (height - top - bottom);
  root.append(svg("line", { x1: left, y1: y(0), x2: width - right, y2: y(0), class: "axis" }));
  root.append(svg("line", { x1: left, y1: top, x2: left, y2: y(0), class: "axis" }));
  root.append(svg("text", { x: left - 4, y: y(max), class: "tick", "text-anchor": "end", "dominant-baseline": "central" }, [String(max)]));
  root.append(svg("text", { x: left - 4, y: y(0), class: "tick", "text-anchor": "end", "dominant-baseline": "central" }, ["0"]));
  root.append(svg("text", { x: width - right, y: height - 3, class: "tick", "text-anchor": "end" }, [label]));
  for (const index of restarts) {
    root.append(svg("line", { x1: x(index), y1: top, x2: x(index), y2: y(0), class: "restart" }));
  }
  for (const line of series) {
    const points = line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    root.append(svg("polyline", { points, class: `line line-${line.name}`, "data-series": line.name }));
  }
  const first = series[0].values;
  if (cursor >= 0 && cursor < first.length) {
    root.append(svg("circle", { cx: x(cursor), cy: y(first[cursor]), r: 4, class: "cursor" }));
  }
  container.replaceChildren(root);
}
