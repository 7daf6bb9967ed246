// Form fields made from option specs (GET /api/options: name, kind, summary, default,
// choices, low, high), so a domain's parameters and an algorithm's options get a field
// without the page knowing them. An empty field means "the default", as on the
// command line when the option is not given.

import { html } from "./dom.js";

export function optionField(spec, prefix) {
  const id = `${prefix}-option-${spec.name}`;
  let input;
  if (spec.kind === "choice") {
    input = html("select", { id, name: spec.name });
    for (const choice of spec.choices) {
      const option = html("option", { value: choice, text: choice });
      if (choice === spec.default) option.selected = true;
      input.append(option);
    }
  } else if (spec.kind === "text") {
    input = html("input", { id, name: spec.name, type: "text", spellcheck: "false" });
    if (spec.default !== null) input.placeholder = String(spec.default);
  } else {
    input = html("input", {
      id, name: spec.name, type: "number", inputmode: spec.kind === "int" ? "numeric" : "decimal",
      step: spec.kind === "int" ? "1" : "any", min: spec.low, max: spec.high,
    });
    // no fixed default: the domain chooses (a map's own number of colours)
    input.placeholder = spec.default !== null ? String(spec.default) : "auto";
  }
  input.title = spec.summary;
  return html("div", { class: "field small option", "data-option": spec.name }, [
    html("label", { for: id, text: spec.label, title: spec.summary }),
    input,
    html("span", { class: "error", "data-error-for": spec.name, role: "alert" }),
  ]);
}

// Replace ``container``'s fields by one per spec.
export function fillOptions(container, specs, prefix) {
  container.replaceChildren(...specs.map((spec) => optionField(spec, prefix)));
}

// A field shows only where it acts: one disabled (the algorithm chosen ignores it) is
// hidden with its label, and shown again, enabled, when it acts once more.
// A domain's parameter that acts with some heuristics only (ALT's landmarks, its
// ``heuristics``) is shown while one of them may be used: the one chosen, or, with none
// chosen, ``fallback`` (the domain's choice; unknown: shown).
export function showParamsWhereTheyAct(container, params, heuristic, fallback) {
  for (const spec of params) {
    if (!spec.heuristics?.length) continue;
    const field = container.querySelector(`[data-option="${spec.name}"]`);
    if (!field) continue;
    const chosen = heuristic.value || fallback;
    const acts = !heuristic.disabled && (!chosen || spec.heuristics.includes(chosen));
    field.hidden = !acts;
    for (const input of field.querySelectorAll("input, select")) input.disabled = !acts;
  }
}

export function showOnlyWhereActs(input) {
  const field = input.closest(".field");
  if (field) field.hidden = input.disabled;
}
