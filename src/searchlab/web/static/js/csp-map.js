// A map to colour (domains/drawing.py Chart, from the map-colouring domain): each region
// a polygon (Australia), a tile (the 48 states) or a disc (a map of your own, drawn as a
// graph), filled with its colour; a region not yet coloured shows the colours it may
// still take as small dots, and one with none left is outlined in red. The colours'
// names are written under the map, so no one needs to tell them apart by hue alone.

import { html, svg } from "./dom.js";

const NODE = 20; // a graph node's radius, in the drawing's units

// The drawing's words: every region with its colour, or the colours it may still take.
export function chartName({ title, areas }) {
  const parts = areas.map((area) => {
    if (area.colour) return `${area.name} ${area.colour}`;
    if (area.left === null) return `${area.name} not coloured`;
    return area.left.length ? `${area.name} not coloured (may be ${area.left.join(", ")})` : `${area.name}: no colour left`;
  });
  let text = `${title || "A map"}: ${parts.join("; ")}`;
  if (text.length > 600) text = `${text.slice(0, 599)}…`;
  return text;
}

function shapeOf(area, fill) {
  const attributes = { class: `region${area.colour ? "" : " blank"}${area.left?.length === 0 ? " wiped" : ""}` };
  if (fill) attributes.fill = fill;
  if (area.shape.length) {
    return svg("polygon", { ...attributes, points: area.shape.map(([x, y]) => `${x},${y}`).join(" ") });
  }
  return svg("circle", { ...attributes, cx: area.at[0], cy: area.at[1], r: NODE });
}

function label(area, text, ink, y, size) {
  const attributes = { class: `region-label${ink ? "" : " blank"}`, x: area.at[0], y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": size };
  if (ink) attributes.fill = ink;
  const node = svg("text", attributes);
  node.textContent = text;
  return node;
}

// The small dots of the colours a blank region may still take, centred under its name.
function dots(area, rgb, y, small) {
  const group = svg("g", { class: "left-dots" });
  const step = small ? 8 : 11;
  const first = area.at[0] - ((area.left.length - 1) * step) / 2;
  area.left.forEach((name, index) => {
    group.append(svg("circle", { class: "left-dot", cx: first + index * step, cy: y, r: small ? 3 : 4, fill: rgb.get(name)?.[0] ?? "none" }));
  });
  return group;
}

export function drawChart(drawing) {
  const { width, height, areas, borders, palette } = drawing;
  const rgb = new Map(palette.map(([name, fill, ink]) => [name, [fill, ink]]));
  const where = new Map(areas.map((area) => [area.name, area.at]));
  const name = chartName(drawing);
  const title = svg("title");
  title.textContent = name;
  const picture = svg("svg", {
    class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": name,
    "data-regions": areas.length,
  }, [title]);
  if (drawing.links) {
    for (const [a, b] of borders) {
      const [x1, y1] = where.get(a), [x2, y2] = where.get(b);
      picture.append(svg("line", { class: "border-link", x1, y1, x2, y2 }));
    }
  }
  const graph = areas.every((area) => !area.shape.length);
  const tiles = !graph && drawing.links;
  for (const area of areas) {
    const [fill, ink] = rgb.get(area.colour) ?? [null, null];
    const group = svg("g", { class: "area", "data-region": area.name, "data-colour": area.colour });
    const hover = svg("title");
    hover.textContent = area.colour ? `${area.name}: ${area.colour}` : area.left ? `${area.name}: may still be ${area.left.join(", ") || "nothing (no colour left)"}` : area.name;
    group.append(hover, shapeOf(area, fill));
    const short = graph && area.name.length > 5 ? `${area.name.slice(0, 4)}…` : area.name;
    const size = graph || tiles ? 13 : 16;
    const nameY = area.at[1] - (area.left?.length ? (tiles ? 4 : 6) : 0) - (area.colour && !graph && !tiles ? 7 : 0);
    group.append(label(area, short, ink, nameY, size));
    if (area.colour && !graph && !tiles) group.append(label(area, area.colour, ink, area.at[1] + 11, 12));
    if (!area.colour && area.left?.length) group.append(dots(area, rgb, area.at[1] + (tiles ? 11 : 10), tiles || area.left.length > 4));
    picture.append(group);
  }
  const key = html("ul", { class: "colour-key", "aria-label": "the colours" });
  for (const [colour, fill] of palette) {
    const swatch = svg("svg", { class: "colour-swatch", viewBox: "0 0 16 16", "aria-hidden": "true" }, [svg("rect", { x: 1, y: 1, width: 14, height: 14, rx: 3, fill })]);
    key.append(html("li", { "data-colour": colour }, [swatch, html("span", { text: colour })]));
  }
  return html("div", { class: "chart-drawing" }, [picture, key]);
}
