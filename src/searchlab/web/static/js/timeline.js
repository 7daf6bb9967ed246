// Time both ways on a view's recorded events (the generic view's ``events`` and
// ``cursor``; Back and Step are the player's): jump to the next or previous f-layer (an
// expansion whose f is larger than the expansion's before it: uniform-cost search and
// A* with a consistent h expand by rising f), to the first time a node is reached, and
// "check my answer": the student names the next node to expand and is told whether the
// search agrees, and, when it does not, whether the two tie and how the tie was broken.

import { num, shown } from "./explain.js";

// The state an event is about, as text.
const nameOf = (state) => shown(state);

export class Timeline {
  // ``view``: a GenericView (events, cursor, player, render); ``$``: its parts by name.
  constructor(view, $) {
    this.view = view;
    this.$ = $;
    $("layer-next").addEventListener("click", () => this.jump(() => this.layer(+1)));
    $("layer-back").addEventListener("click", () => this.jump(() => this.layer(-1)));
    $("reach").addEventListener("click", () => this.jump(() => this.reached($("node").value.trim())));
    $("check").addEventListener("click", () => this.jump(() => this.check($("guess").value.trim())));
    for (const [field, button] of [["node", "reach"], ["guess", "check"]]) {
      $(field).addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          $(button).click();
        }
      });
    }
  }

  say(text) {
    this.$("said").textContent = text;
  }

  // Run ``move`` in the player's queue (after stopping it) and draw where it leads.
  async jump(move) {
    const player = this.view.player;
    await player.stop();
    await player.guard(async () => {
      if (!this.view.info || this.view.mode === "path") this.view.mode = "search";
      if (!this.view.info) {
        this.say("Run a search first.");
        return;
      }
      move();
      this.view.render();
    });
  }

  // The nodes a student may name (for the fields' suggestions).
  offer(names) {
    this.$("suggest").replaceChildren(...names.map((name) => Object.assign(document.createElement("option"), { value: name })));
  }

  expansions() {
    return this.view.events.map((event, index) => ({ event, index })).filter(({ event }) => event.kind === "expand");
  }

  // The expansion starting the next (+1) or previous (-1) f-layer from the cursor.
  layer(direction) {
    const starts = [];
    let before = -Infinity;
    for (const { event, index } of this.expansions()) {
      const f = event.f ?? Infinity;
      if (starts.length === 0 || f > before) starts.push({ index, f });
      before = f;
    }
    const cursor = this.view.cursor;
    const found = direction > 0 ? starts.find((start) => start.index > cursor) : starts.filter((start) => start.index < cursor).pop();
    if (!found) {
      this.say(direction > 0 ? "No expansion ahead has a larger f: this is the last f-layer." : "This is the first f-layer.");
      return;
    }
    this.view.cursor = found.index;
    this.say(`f-layer f = ${num(found.f)}: its first expansion (event ${found.index + 1}).`);
  }

  // Move to the first event that reaches ``name``: its generation (a successor of an
  // expansion, or a generate event of a trace), or its expansion if that comes first.
  reached(name) {
    if (!name) {
      this.say("Type the node to look for.");
      return;
    }
    const events = this.view.events;
    for (let index = 0; index < events.length; index++) {
      const event = events[index];
      const child = (event.children ?? []).find((item) => nameOf(item.state) === name && item.status !== "refused");
      const itself = ["expand", "generate", "step"].includes(event.kind) && nameOf(event.state) === name;
      if (child || itself) {
        this.view.cursor = index;
        const how = itself ? (event.kind === "expand" ? "expanded" : "generated") : `generated from ${nameOf(event.state)}`;
        const g = child ? child.g : event.g;
        this.say(`${name} is first reached at event ${index + 1}: ${how}${g !== undefined ? `, g = ${num(g)}` : ""}.`);
        return;
      }
    }
    this.say(`The search never reaches ${name}.`);
  }

  // The student's guess of the next expansion, checked against the search's.
  check(guess) {
    if (!guess) {
      this.say("Type the node you think is expanded next.");
      return;
    }
    const events = this.view.events;
    const cursor = this.view.cursor;
    let next = -1;
    for (let index = cursor + 1; index < events.length; index++) {
      if (events[index].kind === "expand") {
        next = index;
        break;
      }
    }
    if (next < 0) {
      this.say("No expansion is left in this run.");
      return;
    }
    const event = events[next];
    const chosen = nameOf(event.state);
    const head = this.frontierBefore(next);
    const entry = head?.find((item) => nameOf(item.state) === guess && !item.stale);
    if (guess === chosen) {
      const ties = head?.filter((item) => !item.stale && nameOf(item.state) !== chosen && item.f === event.f) ?? [];
      const tie = ties.length ? ` It tied at f = ${num(event.f)} with ${ties.map((item) => nameOf(item.state)).join(", ")}; either answer follows the rule, and the search took ${chosen}, which comes first in its frontier.` : "";
      this.view.cursor = next;
      this.say(`Right: ${chosen} is expanded next (g = ${num(event.g)}, h = ${num(event.h)}, f = ${num(event.f)}).${tie}`);
      return;
    }
    let why = "";
    if (entry && entry.f === event.f) {
      why = ` ${guess} ties with it at f = ${num(event.f)}: both follow the rule "smallest f first", and the search breaks the tie by the order of its frontier, where ${chosen} comes first.`;
    } else if (entry) {
      why = ` ${guess} waits on the frontier with f = ${num(entry.f)}, but ${chosen} has f = ${num(event.f)}.`;
    } else if (head) {
      why = ` ${guess} is not on the frontier now.`;
    }
    this.say(`Not quite: the search expands ${chosen} next (f = ${num(event.f)}).${why} Press Check again once you have worked out why, or Step on.`);
  }

  // The frontier as it stood before the expansion at ``index``: the head the last
  // expansion before it reported (the server's teaching detail), if any.
  frontierBefore(index) {
    for (let at = index - 1; at >= 0; at--) {
      const event = this.view.events[at];
      if (event.kind === "expand") return event.head ?? null;
    }
    return null;
  }
}
