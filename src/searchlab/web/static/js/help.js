// The help panel's source listings, fetched from the server when first opened.

import { api } from "./api.js";
import { html } from "./dom.js";

export class Help {
  constructor(root) {
    this.root = root;
    this.algorithm = "astar";
    for (const details of root.querySelectorAll("details[data-source-view]")) {
      details.addEventListener("toggle", () => {
        if (details.open) this.load(details);
      });
    }
    document.addEventListener("searchlab:algorithm", (event) => {
      this.algorithm = event.detail;
      const details = root.querySelector('details[data-source-view="puzzle"]');
      details.dataset.loaded = "";
      if (details.open) this.load(details);
    });
  }

  init(options) {
    this.root.querySelector("#help-version").textContent = `searchlab ${options.version}. Idle searches are dropped after ${options.limits.idle_minutes} minutes.`;
  }

  async load(details) {
    const view = details.dataset.sourceView;
    const key = view === "puzzle" ? this.algorithm : view;
    if (details.dataset.loaded === key) return;
    const box = details.querySelector(".sources");
    box.textContent = "loading…";
    try {
      const query = view === "puzzle" ? `?algorithm=${encodeURIComponent(this.algorithm)}` : "";
      const reply = await api("GET", `/api/source/${view}${query}`);
      box.replaceChildren(...reply.sources.map((item) => html("figure", {}, [
        html("figcaption", { text: item.file ? `${item.name} — ${item.file}, line ${item.line}` : `${item.name}: ${item.error}` }),
        html("pre", {}, [html("code", { text: item.code })]),
      ])));
      details.dataset.loaded = key;
    } catch (error) {
      box.textContent = error.message;
    }
  }

  // Open the help panel at a view's section with its source showing.
  show(view) {
    const details = this.root.querySelector(`details[data-source-view="${view}"]`);
    details.open = true;
    this.load(details);
    details.scrollIntoView({ block: "start" });
  }
}
