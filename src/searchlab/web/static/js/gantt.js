// A schedule so far as a Gantt chart (domains/drawing.py Gantt, from the scheduling
// domain): one row per processor, each task a bar with its name, a processor's wait a
// hatched gap, and a time axis with a tick at every start and end. It grows as the
// search places tasks; what still waits is listed under it.

import { html, svg } from "./dom.js";

const LEFT = 40; // room for the processors' names
const ROW = 38; // a row's height
const WIDTH = 420; // the chart's width, in its own units (about its width on the page)
let drawn = 0; // charts drawn so far: each hatching pattern gets its own id

// A number as people write it: at most two decimals (19.333333 → 19.33).
export const figure = (value) => String(Math.round(value * 100) / 100);

export function ganttName({ rows, bars, waiting, end_text: endText }) {
  const perRow = rows.map((name, index) => {
    const mine = bars.filter((bar) => bar.row === index && !bar.idle);
    return `${name}: ${mine.map((bar) => `${bar.label} ${bar.span}`).join(", ") || "nothing yet"}`;
  });
  return `Gantt chart, finishing time so far ${endText}. ${perRow.join("; ")}. Waiting: ${waiting.join(" ") || "none"}.`;
}

function text(attributes, words) {
  const node = svg("text", attributes);
  node.textContent = words;
  return node;
}

export function drawGantt(drawing) {
  const { rows, bars, end, waiting } = drawing;
  const span = Math.max(end, 1);
  const scale = (WIDTH - LEFT - 16) / span;
  const axisY = rows.length * ROW + 6;
  const height = axisY + 26;
  const name = ganttName(drawing);
  const title = svg("title");
  title.textContent = name;
  const hatch = `gantt-idle-${++drawn}`;
  const defs = svg("defs", {}, [
    svg("pattern", { id: hatch, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, [
      svg("line", { class: "gantt-hatch", x1: 0, y1: 0, x2: 0, y2: 6 }),
    ]),
  ]);
  const chart = svg("svg", { class: "gantt", viewBox: `0 0 ${WIDTH} ${height}`, role: "img", "aria-label": name, "data-bars": bars.filter((bar) => !bar.idle).length }, [title, defs]);
  rows.forEach((label, index) => {
    const y = index * ROW + 4;
    chart.append(svg("rect", { class: "gantt-lane", x: LEFT, y, width: WIDTH - LEFT - 16, height: ROW - 6 }));
    chart.append(text({ class: "gantt-row", x: 6, y: y + (ROW - 6) / 2, "dominant-baseline": "central" }, label));
  });
  const ticks = new Set([0, end]);
  for (const bar of bars) {
    const x = LEFT + bar.start * scale;
    const y = bar.row * ROW + 4;
    const wide = Math.max(1, (bar.end - bar.start) * scale);
    const group = svg("g", { class: `gantt-bar${bar.idle ? " idle" : ""}`, "data-task": bar.label || "idle" });
    const hover = svg("title");
    hover.textContent = `${bar.idle ? "waiting" : bar.label}: ${bar.span}`;
    group.append(hover, svg("rect", { x, y, width: wide, height: ROW - 6, rx: 3, fill: bar.idle ? `url(#${hatch})` : undefined }));
    if (!bar.idle && wide >= 14) {
      group.append(text({ x: x + wide / 2, y: y + (ROW - 6) / 2, "text-anchor": "middle", "dominant-baseline": "central" }, bar.label));
    }
    chart.append(group);
    ticks.add(bar.start);
    ticks.add(bar.end);
  }
  chart.append(svg("line", { class: "gantt-axis", x1: LEFT, y1: axisY, x2: WIDTH - 16, y2: axisY }));
  let lastRight = -Infinity;
  for (const time of [...ticks].sort((a, b) => a - b)) {
    const x = LEFT + time * scale;
    chart.append(svg("line", { class: "gantt-axis", x1: x, y1: axisY, x2: x, y2: axisY + 5 }));
    const words = figure(time);
    const half = words.length * 4.5;
    if (x - half > lastRight + 2 || time === end) {
      chart.append(text({ class: "gantt-tick", x, y: axisY + 17, "text-anchor": "middle" }, words));
      lastRight = x + half;
    }
  }
  const wait = html("p", { class: "gantt-waiting", text: `waiting: ${waiting.join(" ") || "none"}` });
  return html("div", { class: "gantt-drawing" }, [chart, wait]);
}
