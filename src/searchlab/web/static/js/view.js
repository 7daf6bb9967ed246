// What every view of a tab shares: its parts found by name under its prefix, a form
// whose submission stops the player and starts a run, and the stepping controls.

import { showError } from "./api.js";
import { Player, controls } from "./player.js";
import { part } from "./template.js";

export class View {
  // ``domain``: its entry of GET /api/options; ``prefix``: the ids of this copy;
  // ``hooks``: changed() says the view's state changed (main.js keeps the address),
  // rename(label) names the tab.
  constructor(root, domain, prefix, hooks) {
    this.root = root;
    this.domain = domain;
    this.prefix = prefix;
    this.hooks = hooks;
    this.$ = (name) => part(root, prefix, name);
    this.form = this.$("form");
    this.player = new Player(this, controls(root, prefix));
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.player.stop();
      await this.player.guard(() => this.submitted());
    });
  }

  // Keep the named parts as attributes ("path-step" as this.pathStep).
  keep(...names) {
    for (const name of names) this[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = this.$(name);
  }

  // What the form's submission does, once the player has stopped.
  async submitted() {
    await this.run();
  }

  fail(error) {
    showError(this.form, error);
  }

  // A select of named starts (``select``) filling the start field (``field``) with the
  // text ``lookup(value)``; a start typed by hand is no longer the named one.
  bindPresets(select, field, lookup) {
    const $ = this.$;
    $(select).addEventListener("change", (event) => {
      const text = lookup(event.target.value);
      if (text !== undefined && text !== "") $(field).value = text;
    });
    $(field).addEventListener("input", () => {
      const chosen = lookup($(select).value);
      if (chosen !== undefined && $(select).value !== "" && $(field).value.trim() !== chosen) $(select).value = "";
    });
  }

  // The "next solution" button: it reads "Stop searching" while a search runs.
  bindNextSolution(button) {
    this.nextButton = button;
    button.addEventListener("click", async () => {
      if (this.searching) {
        this.interrupt();
        return;
      }
      await this.player.stop();
      await this.player.guard(() => this.nextSolution());
    });
  }
}

// A view whose player walks steps 0 … last() (the view says how many there are).
export class StepsView extends View {
  async forward() {
    if (this.cursor >= this.last()) return false;
    this.cursor++;
    return true;
  }

  backward() {
    this.cursor = Math.max(0, this.cursor - 1);
    return true;
  }

  async reset() {
    this.cursor = 0;
  }

  async toEnd() {
    this.cursor = this.last();
  }
}

// A view that plays a search's events (``mode`` "search", cursor -1 before the first),
// then its solution path (``mode`` "path") as an animation.
export class PathView extends View {
  constructor(root, domain, prefix, hooks) {
    super(root, domain, prefix, hooks);
    this.mode = "search";
    this.cursor = -1;
    this.playSolution = this.$("play-solution");
    this.playSolution.addEventListener("click", async () => {
      if (!this.solved()) return;
      await this.player.stop();
      this.mode = "path";
      this.cursor = 0;
      this.render();
      this.player.play();
    });
  }

  // The path is an animation: at most 4 states a second, whatever the slider says.
  maxRate() {
    return this.mode === "path" ? 4 : null;
  }

  backward() {
    this.cursor = Math.max(this.mode === "path" ? 0 : -1, this.cursor - 1);
    return true;
  }

  async reset() {
    this.mode = "search";
    this.cursor = -1;
  }

  // The last event (a live search is first run to its end: ``searchToEnd``), or the
  // path's last state.
  async toEnd() {
    if (!this.info) return;
    if (this.mode === "search") await this.searchToEnd?.();
    this.cursor = this.length() - 1;
  }
}
