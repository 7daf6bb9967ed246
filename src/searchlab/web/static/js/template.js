// A view's markup lives in a <template> of index.html; each tab gets its own copy.
// Ids carry the view's prefix ("pz-run"); a copy for another tab gets another prefix,
// so that two tabs of one view never share an id (labels, lists and radio groups follow).

const LINKED = ["id", "for", "list", "aria-controls", "aria-labelledby", "aria-describedby", "name"];

// A copy of template ``id`` whose ids start with ``prefix`` instead of its own.
export function instantiate(id, prefix) {
  const template = document.getElementById(id);
  const own = template.dataset.prefix;
  const copy = template.content.cloneNode(true);
  if (own && own !== prefix) {
    for (const element of copy.querySelectorAll("*")) {
      for (const attribute of LINKED) {
        const value = element.getAttribute(attribute);
        if (value && value.startsWith(`${own}-`)) element.setAttribute(attribute, prefix + value.slice(own.length));
      }
    }
  }
  // a <template data-include="ID"> in it stands for a copy of template ID, same prefix
  for (const slot of copy.querySelectorAll("template[data-include]")) {
    slot.replaceWith(instantiate(slot.dataset.include, prefix));
  }
  return copy;
}

// The element of a view with id ``<prefix>-<name>``.
export function part(root, prefix, name) {
  return root.querySelector(`#${CSS.escape(`${prefix}-${name}`)}`);
}

// A domain's name as it may appear in an id.
export function slug(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9-]+/g, "-");
}
