// The Help tab, built from the descriptors: the interface once, then for each domain
// its summary, its help paragraph, the views' own explanations, how a start is
// written, its named starts and heuristics, and the source of the code a search runs
// (the chosen algorithm's function and the domain's code), fetched when first opened.

import { api } from "./api.js";
import { html } from "./dom.js";
import { slug } from "./template.js";

export class Help {
  constructor(root, options, viewsOf) {
    this.root = root;
    root.append(document.getElementById("template-help").content.cloneNode(true));
    const list = root.querySelector(".domains");
    list.before(document.getElementById("help-generic").content.cloneNode(true));
    for (const domain of options.domains) list.append(this.section(domain, viewsOf(domain)));
    root.querySelector("#help-version").textContent = `searchlab ${options.version}. Idle searches are dropped after ${options.limits.idle_minutes} minutes; a search that is not live stops at ${options.limits.run_max_expanded.toLocaleString()} expansions or ${options.limits.run_seconds} s.`;
    for (const problem of options.load_errors) {
      root.querySelector(".domains").before(html("p", { class: "error banner", text: problem }));
    }
  }

  section(domain, views) {
    const heuristics = domain.heuristics.map((item) => `${item.name} (${item.summary}${item.admissible ? "; admissible" : ""})`);
    const parts = [
      html("h3", { id: `help-${slug(domain.name)}`, text: domain.title }),
      html("p", { text: domain.summary }),
    ];
    if (domain.help) parts.push(html("p", { text: domain.help }));
    for (const view of views) {
      const template = document.getElementById(`help-${view}`);
      if (template) parts.push(template.content.cloneNode(true));
    }
    parts.push(html("p", { class: "notation", text: `A start is written as ${domain.notation}` }));
    const names = Object.keys(domain.presets);
    if (names.length) parts.push(html("p", { text: `Named starts: ${names.join(", ")}.` }));
    if (heuristics.length) parts.push(html("p", { text: `Heuristics: ${heuristics.join("; ")}.` }));
    const select = html("select", { "aria-label": `algorithm whose source to show (${domain.title})` });
    for (const item of domain.algorithms) select.append(html("option", { value: item.name, text: item.name }));
    select.value = domain.default_algorithm;
    const details = html("details", { "data-source-domain": domain.name }, [
      html("summary", { text: "Source code running this domain's searches" }),
      html("label", { class: "inline" }, ["algorithm ", select]),
      html("div", { class: "sources" }),
    ]);
    details.addEventListener("toggle", () => {
      if (details.open) this.load(details);
    });
    select.addEventListener("change", () => this.load(details));
    parts.push(details);
    return html("section", { class: "domain-help", "data-domain": domain.name }, parts);
  }

  async load(details) {
    const domain = details.dataset.sourceDomain;
    const algorithm = details.querySelector("select").value;
    if (details.dataset.loaded === algorithm) return;
    const box = details.querySelector(".sources");
    box.textContent = "loading…";
    try {
      const query = `?algorithm=${encodeURIComponent(algorithm)}`;
      const reply = await api("GET", `/api/source/${encodeURIComponent(domain)}${query}`);
      box.replaceChildren(...reply.sources.map((item) => html("figure", {}, [
        html("figcaption", { text: item.file ? `${item.name} — ${item.file}, line ${item.line}` : `${item.name}: ${item.error}` }),
        // a box that scrolls: in the tab order, so that the keys scroll it too
        html("pre", { tabindex: "0", "aria-label": `source of ${item.name}` }, [html("code", { text: item.code })]),
      ])));
      details.dataset.loaded = algorithm;
    } catch (error) {
      box.textContent = error.message;
    }
  }

  // Open a domain's section with the source of ``algorithm`` showing.
  show(domain, algorithm) {
    const details = this.root.querySelector(`details[data-source-domain="${CSS.escape(domain)}"]`);
    if (!details) return;
    const select = details.querySelector("select");
    if (algorithm && [...select.options].some((option) => option.value === algorithm)) select.value = algorithm;
    details.open = true;
    this.load(details);
    details.scrollIntoView({ block: "start" });
  }
}
