// Step / back / play-pause / reset / to-the-end for any view.
//
// A view supplies: async forward() -> bool (false at the end), backward() -> bool,
// render(), and optionally atStop() (pause playing here), reset(), toEnd(), and
// interrupt() (cut short a long action already running, before the next one).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The player's buttons of one view, found by the view's id prefix ("bt", "hc", "pz"):
// #<prefix>-reset, -back, -step, -play, -end and -speed (absent ones stay null).
export function controls(root, prefix) {
  const pick = (name) => root.querySelector(`#${prefix}-${name}`);
  return {
    reset: pick("reset"),
    back: pick("back"),
    step: pick("step"),
    play: pick("play"),
    end: pick("end"),
    speed: pick("speed"),
  };
}

export class Player {
  constructor(view, { reset, back, step, play, end, speed }) {
    this.view = view;
    this.buttons = { reset, back, step, play, end };
    this.speed = speed;
    this.playing = false;
    this.busy = false;
    this.running = Promise.resolve();
    this.queue = Promise.resolve();
    reset?.addEventListener("click", () => this.reset());
    back?.addEventListener("click", () => this.back());
    step?.addEventListener("click", () => this.step());
    play?.addEventListener("click", () => this.toggle());
    end?.addEventListener("click", () => this.toEnd());
  }

  // Steps per second: the slider runs from 1/s to about 5000/s on a log scale.
  rate() {
    const value = Number(this.speed?.value ?? 40);
    const rate = Math.pow(10, value / 27);
    const cap = this.view.maxRate?.();
    return cap ? Math.min(rate, cap) : rate;
  }

  // Pause, and wait until the playing loop has let go.
  async stop() {
    this.view.interrupt?.();
    this.pause();
    await this.running;
  }

  // Run ``work`` after every action queued before it, one at a time, so that quick
  // clicks are all honoured in order and never overlap a request in flight.
  guard(work) {
    const run = this.queue.then(async () => {
      this.busy = true;
      this.view.root?.setAttribute("aria-busy", "true");
      try {
        await work();
      } catch (error) {
        this.view.fail?.(error);
      } finally {
        this.busy = false;
        this.view.root?.removeAttribute("aria-busy");
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  // One move of the view (after stopping play, in the queue of clicks), then a render.
  async move(action) {
    await this.stop();
    await this.guard(async () => {
      await action();
      this.view.render();
    });
  }

  step() {
    return this.move(() => this.view.forward());
  }

  back() {
    return this.move(() => this.view.backward());
  }

  reset() {
    return this.move(() => this.view.reset());
  }

  toEnd() {
    return this.move(() => this.view.toEnd?.());
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  pause() {
    this.playing = false;
    if (this.buttons.play) this.buttons.play.textContent = "▶▶ Play";
  }

  async play() {
    if (this.playing) return;
    this.view.interrupt?.();
    this.playing = true;
    if (this.buttons.play) this.buttons.play.textContent = "▮▮ Pause";
    const running = this.guard(async () => {
      while (this.playing) {
        const rate = this.rate();
        const delay = Math.max(16, 1000 / rate);
        await sleep(delay);
        if (!this.playing) break;
        const steps = Math.max(1, Math.round((rate * delay) / 1000));
        for (let done = 0; done < steps; done++) {
          const moved = await this.view.forward();
          if (!moved || this.view.atStop?.()) {
            this.pause();
            break;
          }
        }
        this.view.render();
      }
    });
    this.running = running;
    await running;
    if (this.running === running) this.pause();
  }
}
