// The page's tabs, as the ARIA tabs pattern has them: a tablist of role=tab buttons, each
// controlling its role=tabpanel; the selected tab alone is in the tab order, and the
// arrow keys (Home, End) move between tabs, selecting as they go.

import { html } from "./dom.js";

export class Tabs {
  constructor(list, host, onSelect) {
    this.list = list;
    this.host = host;
    this.onSelect = onSelect;
    this.keys = [];
    this.current = null;
    list.addEventListener("keydown", (event) => this.key(event));
  }

  // A new tab and its (hidden) panel; returns the panel.
  add(key, label, { className = "" } = {}) {
    const tab = html("button", {
      type: "button", role: "tab", id: `tab-${key}`, "aria-controls": `view-${key}`,
      "aria-selected": "false", tabindex: "-1", "data-view": key, text: label,
    });
    const panel = html("section", {
      class: `view ${className}`.trim(), id: `view-${key}`, role: "tabpanel",
      "aria-labelledby": `tab-${key}`, tabindex: "0",
    });
    panel.hidden = true;
    // each panel opens with a heading naming it (for the outline: h1, then the panel's
    // h2, then its sections' h3), read by screen readers only: the tab shows the name
    panel.append(html("h2", { class: "visually-hidden", id: `heading-${key}`, text: label }));
    tab.addEventListener("click", () => this.select(key));
    this.list.append(tab);
    this.host.append(panel);
    this.keys.push(key);
    return panel;
  }

  // Name a tab anew (a view names the algorithm that ran).
  rename(key, label) {
    const tab = document.getElementById(`tab-${key}`);
    if (tab && tab.textContent !== label) tab.textContent = label;
    const heading = document.getElementById(`heading-${key}`);
    if (heading && heading.textContent !== label) heading.textContent = label;
  }

  has(key) {
    return this.keys.includes(key);
  }

  select(key, { focus = false } = {}) {
    if (!this.has(key)) key = this.keys[0];
    this.current = key;
    for (const name of this.keys) {
      const tab = document.getElementById(`tab-${name}`);
      const chosen = name === key;
      tab.setAttribute("aria-selected", String(chosen));
      tab.tabIndex = chosen ? 0 : -1;
      document.getElementById(`view-${name}`).hidden = !chosen;
      if (chosen && focus) tab.focus();
    }
    this.onSelect?.(key);
  }

  key(event) {
    const at = this.keys.indexOf(this.current);
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: this.keys.length - 1 };
    if (!(event.key in moves)) return;
    const next = (moves[event.key] + this.keys.length) % this.keys.length;
    this.select(this.keys[next], { focus: true });
    event.preventDefault();
    event.stopPropagation();
  }
}

// An algorithm's name as people say it ("A*" for astar), from the registry's titles
// (GET /api/options sends each algorithm's ``title``); its key if it has none.
export function algorithmTitle(domain, name) {
  return domain.algorithms.find((item) => item.name === name)?.title ?? name;
}

// A select of algorithms shows their human names (each option keeps its key as value).
export function nameAlgorithms(select, domain) {
  for (const option of select.options) if (option.value) option.textContent = algorithmTitle(domain, option.value);
}
