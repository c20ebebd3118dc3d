interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/** The finest a deadline is checked: a body time limit is a guard against stalled clients, not a stopwatch. */
const MAX_TICK_MS = 250;

/**
 * Body time limits of one server's requests, checked by one timer. Almost every body arrives in
 * the same read as its head, so a timer per request (created, queued and cancelled each time)
 * was a measurable part of a small POST's cost; here a request adds itself to a set and leaves
 * it. A deadline fires between `ms` and `ms` plus a quarter of it (at most 250 ms) late.
 */
export class BodyDeadlines {
  private readonly pending = new Set<Deadline>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private tickMs = MAX_TICK_MS;

  /** Calls `expire` once `ms` have passed, unless the returned function is called first. */
  add(ms: number, expire: () => void): () => void {
    const deadline: Deadline = { at: performance.now() + ms, expire };
    this.pending.add(deadline);
    const tick = Math.max(1, Math.min(MAX_TICK_MS, Math.floor(ms / 4)));
    if (this.timer === undefined || tick < this.tickMs) this.start(tick);
    return () => {
      this.pending.delete(deadline);
    };
  }

  private start(tickMs: number): void {
    clearInterval(this.timer);
    this.tickMs = tickMs;
    this.timer = setInterval(() => this.sweep(), tickMs);
  }

  private sweep(): void {
    const now = performance.now();
    for (const deadline of this.pending) {
      if (deadline.at > now) continue;
      this.pending.delete(deadline);
      deadline.expire();
    }
    if (this.pending.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.tickMs = MAX_TICK_MS;
    }
  }
}
