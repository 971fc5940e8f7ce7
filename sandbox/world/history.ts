/**
 * The order the world's history happens in: each part schedules events at times, and the events
 * run in time order, so outputs exist before anything spends them. Events scheduled while the
 * history runs slot in by time, after those of the same time.
 */
import type { Rng } from '../random.js';

interface Event {
  time: number;
  seq: number;
  run: (time: number) => void;
}

export class History {
  private readonly events: Event[] = [];
  private seq = 0;
  private running = false;

  constructor(private readonly rng: Rng) {}

  /** Runs `run` at `time`. */
  readonly at = (time: number, run: (time: number) => void): void => {
    const event = { time: Math.floor(time), seq: this.seq++, run };
    if (!this.running) {
      this.events.push(event);
      return;
    }
    // While history runs, keep the queue sorted: binary insert after equal times.
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.events[mid]!.time <= event.time) lo = mid + 1;
      else hi = mid;
    }
    this.events.splice(lo, 0, event);
  };

  /** A random time from `from` to `to` (`from` when `to` is earlier). */
  readonly between = (from: number, to: number): number => this.rng.int(Math.floor(from), Math.floor(Math.max(from, to)));

  /** Runs every event in time order, those scheduled meanwhile included. */
  run(): void {
    this.events.sort((a, c) => a.time - c.time || a.seq - c.seq);
    this.running = true;
    while (this.events.length > 0) {
      const next = this.events.shift()!;
      next.run(next.time);
    }
  }
}
