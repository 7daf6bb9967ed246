// What every view of a tab shares: its parts found by name under its prefix, a form
// whose submission stops the player and starts a run, and the stepping controls.

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

  // What the form's submission does, once the player has stopped.
  async submitted() {
    await this.run();
  }
}
